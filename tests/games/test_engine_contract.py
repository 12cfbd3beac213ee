"""The contract every engine keeps (DESIGN.md, "Engines and interpretations"), checked the same
way for all four, plus the cross-check that every citation resolves to the archive's text."""

from pathlib import Path

import pytest

import games
from archive.parsing import parse_transcription
from games.core.canonical import canonical_json, round_trip
from games.core.points import Certainty, Citation, InterpretationPoint, Option
from games.core.replay import replay_document

SLUGS = ["dagon", "gothic", "dylan-dog", "fury-of-dracula"]
RULEBOOKS = Path(__file__).resolve().parents[2] / "archive" / "seed" / "rulebooks"
TEXTS = {
    "dagon": ["dagon.en.txt"],
    "gothic": ["the-gothic-game.en.txt"],
    "dylan-dog": ["dylan-dog.en.txt"],
    "fury-of-dracula": ["la-furia-di-dracula.it.txt"],
}


def passages(slug: str) -> dict[str, str]:
    found = {}
    for name in TEXTS[slug]:
        parsed = parse_transcription(slug, (RULEBOOKS / name).read_text(encoding="utf-8"))
        found.update({p.slug: p.text for p in parsed.passages})
    return found


def test_the_registry_knows_every_game_slug():
    assert sorted(games.available()) == sorted(SLUGS)
    with pytest.raises(games.UnknownGame, match="unknown game"):
        games.get("chess")


@pytest.mark.parametrize("slug", SLUGS)
def test_every_citation_quotes_its_passage_word_for_word(slug):
    """Points and flags cite passages by slug; the archive resolves them to this text."""
    text = passages(slug)
    engine = games.get(slug)
    assert engine.points, f"{slug} declares no interpretation point"
    for point in engine.points:
        for citation in point.citations:
            assert citation.passage in text, f"{point.id}: no passage {citation.passage}"
            assert citation.quote in text[citation.passage], (
                f"{point.id}: {citation.quote!r} is not in {citation.passage}"
            )


@pytest.mark.parametrize("slug", SLUGS)
def test_every_certainty_quotes_the_sentence_that_settles_it(slug):
    """A decision the text settles cites that sentence, word for word, like a point does."""
    text = passages(slug)
    for certainty in games.get(slug).certainties:
        for citation in certainty.citations:
            assert citation.passage in text, f"{certainty.id}: no passage {citation.passage}"
            assert citation.quote in text[citation.passage], (
                f"{certainty.id}: {citation.quote!r} is not in {citation.passage}"
            )


@pytest.mark.parametrize("slug", SLUGS)
def test_a_simulated_match_is_deterministic_legal_and_schema_valid(slug):
    engine = games.get(slug)
    first = engine.simulate(seed=21)
    assert first == engine.simulate(seed=21)
    assert first != engine.simulate(seed=22)
    player_ids = [p["id"] for p in first["players"]]
    for event in first["events"]:
        engine.validate_event(event, player_ids)
    steps = list(replay_document(engine, first))
    assert not [f for _, s in steps for f in s.flags if f.kind == "violation"]
    final = steps[-1][1].state
    assert round_trip(final) == final
    assert engine.outcome(final).finished


@pytest.mark.parametrize("slug", SLUGS)
def test_state_stays_small_in_a_long_match(slug):
    """Snapshots, checksums and step reads cost what the state weighs: a long match must not
    make it grow without bound (found on the Gothic Game, whose stalling bots kept every card)."""
    engine = games.get(slug)
    document = engine.simulate(seed=4, min_events=12_000)
    sizes = [
        len(canonical_json(step.state))
        for index, (_, step) in enumerate(replay_document(engine, document))
        if index % 3000 == 2999
    ]
    assert max(sizes) < 3 * sizes[0] + 2000, sizes


@pytest.mark.parametrize("slug", SLUGS)
def test_out_of_scope_is_declared(slug):
    assert games.get(slug).out_of_scope


# -- what each judgement rests on ---------------------------------------------------------
# A row is settled only by words its own quotes hold; a point's default is either the reading
# the quoted words give or a conjecture that says what it assumes, never both, never neither.
# The engines whose rows name those words (every engine, once each is annotated).
ANNOTATED = [slug for slug in games.available() if slug in ("dylan-dog", "fury-of-dracula")]


def not_settled(certainty: Certainty) -> list[str]:
    """Why ``certainty`` is not settled by its own quotes (empty: it is)."""
    if not certainty.deciding:
        return [f"{certainty.id} names no words that decide it"]
    quotes = [citation.quote for citation in certainty.citations]
    return [f"{certainty.id}: {words!r} is in none of its quotes"
            for words in certainty.deciding if not any(words in quote for quote in quotes)]


def not_founded(point: InterpretationPoint) -> list[str]:
    """Why ``point``'s default is neither its quoted words nor a declared conjecture, or is
    both (empty: it is exactly one)."""
    words, conjecture = point.default_words, point.option(point.default).conjecture
    if words and conjecture:
        return [f"{point.id}: its default is both the text's words and a conjecture"]
    if not words and not conjecture:
        return [f"{point.id}: its default is neither the text's words nor a conjecture"]
    if words and not any(words in citation.quote for citation in point.citations):
        return [f"{point.id}: {words!r} is in none of its quotes"]
    return []


@pytest.mark.parametrize("slug", ANNOTATED)
def test_every_certainty_names_the_words_of_its_quotes_that_decide_it(slug):
    """A row the table calls settled holds the words that settle it; otherwise it is a point."""
    assert [problem for certainty in games.get(slug).certainties
            for problem in not_settled(certainty)] == []


@pytest.mark.parametrize("slug", ANNOTATED)
def test_every_default_is_the_quoted_words_or_a_conjecture(slug):
    assert [problem for point in games.get(slug).points for problem in not_founded(point)] == []


@pytest.mark.parametrize("slug", ANNOTATED)
def test_an_option_that_calls_itself_a_conjecture_says_what_it_assumes(slug):
    """So that ``Engine.conjectures`` and the pages name every reading that rests on one."""
    assert [f"{point.id}={option.id}" for point in games.get(slug).points
            for option in point.options
            if "conjecture" in option.description.lower() and not option.conjecture] == []


ONE_STEP = Citation("dylan-dog/moving-between-planes", "When a dimensional passage is used to "
                    "move from the nightmare plane to the mystery plane, the move always counts "
                    "as one step for the pawn.")


def test_a_row_whose_quote_lacks_its_deciding_words_is_not_settled():
    """The sentence counts the dimensional passage as one step: it settles that, and not that a
    pawn crossing between reality and the nightmare plane crosses for free."""
    settled = Certainty("made.up", "the dimensional passage", "one step", (ONE_STEP,),
                        deciding=("always counts as one step",))
    claimed = Certainty("made.up", "a change of plane", "free from reality", (ONE_STEP,),
                        deciding=("passing from reality is free",))
    silent = Certainty("made.up", "the dimensional passage", "one step", (ONE_STEP,))
    assert not_settled(settled) == []
    assert not_settled(claimed) == [
        "made.up: 'passing from reality is free' is in none of its quotes"]
    assert not_settled(silent) == ["made.up names no words that decide it"]


def test_a_default_must_be_quoted_words_or_a_conjecture_never_both_nor_neither():
    def point(default_words="", conjecture=""):
        return InterpretationPoint(
            "made.up", "Does every change of plane cost a step?",
            (Option("every", "every one", conjecture=conjecture), Option("only-down", "")),
            "every", "unspecified", (ONE_STEP,), default_words=default_words)

    assert not_founded(point(default_words="always counts as one step")) == []
    assert not_founded(point(conjecture="that 'always' means every passage")) == []
    assert not_founded(point(default_words="every passage counts"))  # not in the quote
    assert not_founded(point())
    assert not_founded(point(default_words="always counts as one step", conjecture="that it does"))
