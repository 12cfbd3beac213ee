"""The transcription parser, checked against the four rulebooks of the first archive."""


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archive.parsing import (
    ParsedTranscription,
    TranscriptionError,
    cited_pages,
    parse_transcription,
    slugify_heading,
)
from tests import paths

RULEBOOKS = paths.RULEBOOKS
FILES = {
    "dagon": "dagon.en.txt",
    "gothic": "the-gothic-game.en.txt",
    "dylan-dog": "dylan-dog.en.txt",
    "fury-of-dracula": "la-furia-di-dracula.it.txt",
}

EXPECTED_SLUGS = {
    "dagon": [
        "components",
        "object-of-the-game",
        "how-to-play",
        "starting-the-game",
        "weapons",
        "the-dagon-symbol-ark",
        "the-spells",
        "the-wizard-card",
        "the-lagoon",
        "the-cities-of-the-thrones",
        "the-black-tower",
        "the-whistle",
        "attack-between-heroes",
        "end-of-the-game",
    ],
    "gothic": [
        "preparation",
        "play",
        "stamina",
        "moves",
        "rooms",
        "adjacency",
        "squares",
        "the-moat",
        "the-vault",
        "the-great-spiral-staircase",
        "the-tower",
        "the-lavatory",
        "good-luck",
    ],
    "dylan-dog": [
        "preamble",
        "setup",
        "before-playing",
        "goal-of-the-game",
        "the-game-board",
        "starting-the-game",
        "first-turn",
        "later-turns",
        "moving-between-planes",
        "the-nightmare-plane",
        "the-die",
        "nightmare-cards",
        "shadow-cards",
        "dylan-dog-cards",
        "shadow-squares",
        "reaching-the-mystery-crypts",
        "horror-cards",
        "exchange",
        "the-end-of-the-game",
        "final-notes-before-starting",
    ],
    "fury-of-dracula": [f"para-{n}" for n in range(1, 7)],
}

# (legibility, editorial, reading, page) as counted by hand in each file
EXPECTED_COUNTS = {
    "dagon": (0, 2, 0, 0),
    "gothic": (3, 0, 2, 0),
    "dylan-dog": (0, 0, 0, 0),
    "fury-of-dracula": (0, 0, 0, 6),
}


def _text(game: str) -> str:
    return (RULEBOOKS / FILES[game]).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def parsed() -> dict[str, tuple[str, ParsedTranscription]]:
    return {game: (_text(game), parse_transcription(game, _text(game))) for game in FILES}


def _kinds(result: ParsedTranscription, kind: str):
    return [a for a in result.annotations if a.kind == kind]


@pytest.mark.parametrize(
    ("heading", "slug"),
    [
        ("The Lagoon", "the-lagoon"),
        ("11. The Tower", "the-tower"),
        ("The Dagon Symbol (Ark)", "the-dagon-symbol-ark"),
        ("  Città  dell'Incubo! ", "citta-dell-incubo"),
        ("***", ""),
    ],
)
def test_slugify_heading(heading, slug):
    assert slugify_heading(heading) == slug


@pytest.mark.parametrize("game", FILES)
def test_passages_and_slugs(parsed, game):
    text, result = parsed[game]
    assert [p.slug for p in result.passages] == [f"{game}/{s}" for s in EXPECTED_SLUGS[game]]
    assert [p.order for p in result.passages] == list(range(1, len(result.passages) + 1))
    for p in result.passages:
        assert text[p.start : p.end] == p.text
        assert p.heading not in p.text.split("\n")[:1] or not p.heading
    previous_end = 0
    for p in result.passages:  # in order, never overlapping
        assert p.start >= previous_end
        previous_end = p.end


@pytest.mark.parametrize("game", FILES)
def test_annotation_counts_and_spans(parsed, game):
    text, result = parsed[game]
    counts = tuple(len(_kinds(result, k)) for k in ("legibility", "editorial", "reading", "page"))
    assert counts == EXPECTED_COUNTS[game]
    slugs = {p.slug: p for p in result.passages}
    for a in result.annotations:
        assert text[a.start : a.end] == a.raw
        p = slugs[a.passage]
        assert p.start <= a.start < a.end <= p.end
        assert a.certainty in {"high", "medium", "low", "unknown"}
        for s, e in a.target_spans:
            assert p.start <= s < e <= p.end
        assert a.target == " | ".join(text[s:e] for s, e in a.target_spans)


def test_titles(parsed):
    assert parsed["dagon"][1].title == "Dagon contra el Hechicero de los Reinos Negros"
    assert parsed["gothic"][1].title == "The Gothic Game"
    assert parsed["dylan-dog"][1].title == "Dylan Dog"
    assert parsed["fury-of-dracula"][1].title == "La Furia di Dracula"


def test_front_matter_and_list_items_are_not_headings(parsed):
    for _, result in parsed.values():
        headings = [p.heading for p in result.passages]
        assert "Table of Contents" not in headings
        assert not any(h.endswith("Rulebook") for h in headings)
    dylan = parsed["dylan-dog"][1]
    preamble = dylan.passage("dylan-dog/preamble")
    assert preamble.heading == "" and preamble.text.startswith("For 3 to 6 players.")
    assert preamble.text.endswith("1 die\n1 rulebook")
    later = dylan.passage("dylan-dog/later-turns")
    assert "move their pawn;" in later.text
    adjacency = parsed["gothic"][1].passage("gothic/adjacency")
    assert "\nEither\n" in adjacency.text and "\nOr\n" in adjacency.text
    components = parsed["dagon"][1].passage("dagon/components")
    assert components.text.startswith("- Game board.")
    assert parsed["gothic"][1].passage("gothic/the-tower").heading == "11. The Tower"


def test_gothic_notes(parsed):
    text, result = parsed["gothic"]
    staircase, tower, pipe = _kinds(result, "legibility")
    assert staircase.passage == "gothic/the-great-spiral-staircase"
    assert staircase.target == "" and staircase.target_spans == ()
    assert staircase.certainty == "low" and "partly-obscured" in staircase.reason
    assert tower.passage == "gothic/the-tower"
    assert [text[s:e] for s, e in tower.target_spans] == ["any one player", "unluckily enough"]
    assert tower.certainty == "medium"
    assert pipe.target == "Congolese Blow pipe" and pipe.certainty == "low"
    # targets are the printed words, never the quotation inside the note itself
    assert all(not (tower.start <= s < tower.end) for s, _ in tower.target_spans)
    circled, ending = _kinds(result, "reading")
    assert circled.raw == "[a circled number in the photo, probably 6]"
    assert circled.body == "a circled number in the photo, probably 6"
    assert circled.passage == "gothic/rooms" and circled.certainty == "medium"
    assert ending.passage == "gothic/good-luck"
    assert result.passage("gothic/good-luck").text == ending.raw


def test_dagon_editorial_notes(parsed):
    text, result = parsed["dagon"]
    parenthesis, lagoon = _kinds(result, "editorial")
    assert parenthesis.passage == "dagon/weapons"
    assert parenthesis.body.startswith("the printed sheet omits the closing parenthesis")
    # the last whole-word "Wizard's Spell" before the note, not the "Wizard's Spells" above it
    (span,) = parenthesis.target_spans
    assert text[span[0] : span[1] + 1] == "Wizard's Spell."
    assert lagoon.passage == "dagon/attack-between-heroes"
    assert lagoon.target == ""  # it names sections, whose titles are not in the passage body
    assert "inconsistency" in lagoon.reason and parenthesis.certainty == "high"


def test_dracula_paragraphs_and_pages(parsed):
    _, result = parsed["fury-of-dracula"]
    assert [p.pages for p in result.passages] == [
        ("6–7, 11",),
        ("7",),
        ("12",),
        ("12",),
        ("12–13",),
        ("13",),
    ]
    assert [a.raw for a in _kinds(result, "page")] == [
        "(pp. 6–7, 11)",
        "(pag. 7)",
        "(pag. 12)",
        "(pag. 12)",
        "(p. 12–13)",
        "(p. 13)",
    ]
    assert all(p.heading == "" for p in result.passages)


@pytest.mark.parametrize(
    ("citation", "pages"),
    [("6–7, 11", ("6", "7", "11")), ("12-13", ("12", "13")), ("7", ("7",))],
)
def test_cited_pages(citation, pages):
    assert cited_pages(citation) == pages


def test_page_citation_forms():
    result = parse_transcription("x", "T\n\nUno (p. 3). Due (pp. 4-5, 9). Tre (pag. 2) (pagg. 1–2)")
    assert [a.body for a in result.annotations] == ["3", "4-5, 9", "2", "1–2"]
    assert result.passages[0].slug == "x/para-1"


def test_repeated_headings_get_suffixes():
    result = parse_transcription("g", "Title\nRules\nOne.\nRules\nTwo.\nRules\nThree.")
    assert [p.slug for p in result.passages] == ["g/rules", "g/rules-2", "g/rules-3"]


def test_heading_without_body_is_an_empty_passage():
    result = parse_transcription("g", "Title\n1. Start\nGo.\n2. End")
    end = result.passage("g/end")
    assert end.text == "" and end.start == end.end


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("", "line 1"),
        ("   \n\n", "line 1"),
        ("Just a title", "line 1"),
        ("Title\nTitle Rulebook\nTable of Contents", "line 1"),
        ("Title\nBody [Legibility: never closed", "line 2"),
        ("Title\n\nBody\nmore ] here", "line 4"),
        ("Title\n\nBody\x1b", "line 3"),
    ],
)
def test_bad_input_names_the_line(text, line):
    with pytest.raises(TranscriptionError, match=line):
        parse_transcription("g", text)


def test_non_text_is_refused():
    with pytest.raises(TranscriptionError):
        parse_transcription("g", b"bytes")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        parse_transcription("g", None)  # type: ignore[arg-type]


_ALPHABET = st.sampled_from(
    list('abcAB Z1. \n\n[]()"“”:;-–p') + ["Legibility: ", "pp. ", "pag. ", "(p. 4)", "1. ", "é"]
)


@settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.one_of(st.text(), st.lists(_ALPHABET, max_size=60).map("".join)))
def test_arbitrary_text_parses_or_is_refused(text):
    try:
        result = parse_transcription("g", text)
    except TranscriptionError:
        return
    assert result.passages
    slugs = [p.slug for p in result.passages]
    assert len(set(slugs)) == len(slugs)
    for p in result.passages:
        assert text[p.start : p.end] == p.text
    for a in result.annotations:
        assert text[a.start : a.end] == a.raw
        assert a.passage in slugs


def test_a_text_that_opens_on_its_first_section_keeps_that_heading_and_the_known_title():
    """A transcription typed from the first section ("Preparazione") has no title line of its
    own: the title is the one the archive knows, and the heading opens the first passage (it
    used to become the title, and its section the "preamble")."""
    text = "Preparazione\n\nMescolate le carte.\n\nIl gioco\n\nSi gioca a turno.\n"
    parsed = parse_transcription("nuovo", text, language="it", title="Il Nuovo Gioco")
    assert parsed.title == "Il Nuovo Gioco"
    assert [(p.slug, p.heading) for p in parsed.passages] == [
        ("nuovo/preparazione", "Preparazione"), ("nuovo/il-gioco", "Il gioco")]
    # A text whose first line is its title, or is followed by front matter, is read as before
    titled = parse_transcription("nuovo", "Il Nuovo Gioco\n\n" + text, title="Il Nuovo Gioco")
    assert titled.title == "Il Nuovo Gioco" and titled.passages[0].slug == "nuovo/preparazione"
    booklet = parse_transcription("nuovo", "Regolamento\n\nIl Nuovo Gioco Rulebook\n\n" + text,
                                  title="Il Nuovo Gioco")
    assert booklet.title == "Regolamento"
    assert parse_transcription("nuovo", text).title == "Preparazione"  # no known title
