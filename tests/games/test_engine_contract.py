"""The contract every engine keeps (docs/DESIGN.md, "Engines and interpretations"), checked the same
way for all four and for the data games of the seed archive (rules documents), plus the
cross-check that every citation resolves to the archive's text."""

from pathlib import Path

import pytest

import games
from archive.parsing import parse_transcription
from games.core.canonical import canonical_json, round_trip
from games.core.points import Certainty, Citation, InterpretationPoint, Option
from games.core.replay import replay_document
from tests.games.rules import seeds
from tests.games.rules.seeds import DATA_SLUGS, engine_for

SLUGS = ["dagon", "gothic", "dylan-dog", "fury-of-dracula"]
RULEBOOKS = Path(__file__).resolve().parents[2] / "archive" / "seed" / "rulebooks"
TEXTS = {
    "dagon": ["dagon.en.txt"],
    "gothic": ["the-gothic-game.en.txt"],
    "dylan-dog": ["dylan-dog.en.txt"],
    "fury-of-dracula": ["la-furia-di-dracula.it.txt"],
}


def passages(slug: str) -> dict[str, str]:
    if slug in DATA_SLUGS:
        return seeds.passages(slug)
    found = {}
    for name in TEXTS[slug]:
        parsed = parse_transcription(slug, (RULEBOOKS / name).read_text(encoding="utf-8"))
        found.update({p.slug: p.text for p in parsed.passages})
    return found


def test_the_registry_knows_every_game_slug():
    assert sorted(games.available()) == sorted(SLUGS)
    with pytest.raises(games.UnknownGame, match="unknown game"):
        games.get("chess")


@pytest.mark.parametrize("slug", SLUGS + DATA_SLUGS)
def test_every_citation_quotes_its_passage_word_for_word(slug):
    """Points and flags cite passages by slug; the archive resolves them to this text."""
    text = passages(slug)
    engine = engine_for(slug)
    assert engine.points, f"{slug} declares no interpretation point"
    for point in engine.points:
        for citation in point.citations:
            assert citation.passage in text, f"{point.id}: no passage {citation.passage}"
            assert citation.quote in text[citation.passage], (
                f"{point.id}: {citation.quote!r} is not in {citation.passage}"
            )


@pytest.mark.parametrize("slug", SLUGS + DATA_SLUGS)
def test_every_certainty_quotes_the_sentence_that_settles_it(slug):
    """A decision the text settles cites that sentence, word for word, like a point does."""
    text = passages(slug)
    for certainty in engine_for(slug).certainties:
        for citation in certainty.citations:
            assert citation.passage in text, f"{certainty.id}: no passage {citation.passage}"
            assert citation.quote in text[citation.passage], (
                f"{certainty.id}: {citation.quote!r} is not in {citation.passage}"
            )


@pytest.mark.parametrize("slug", SLUGS + DATA_SLUGS)
def test_a_simulated_match_is_deterministic_legal_and_schema_valid(slug):
    engine = engine_for(slug)
    reading = engine.duel_reading  # La Furia di Dracula's excerpts end no match by play
    first = engine.simulate(seed=21, interpretation=reading)
    assert first == engine.simulate(seed=21, interpretation=reading)
    assert first != engine.simulate(seed=22, interpretation=reading)
    player_ids = [p["id"] for p in first["players"]]
    for event in first["events"]:
        engine.validate_event(event, player_ids)
    steps = list(replay_document(engine, first, engine.reading(reading)))
    assert not [f for _, s in steps for f in s.flags if f.kind == "violation"]
    final = steps[-1][1].state
    assert round_trip(final) == final
    assert engine.outcome(final).finished


@pytest.mark.parametrize("slug", SLUGS)
def test_state_stays_small_in_a_long_match(slug):
    """Snapshots, checksums and step reads cost what the state weighs: a long match must not
    make it grow without bound (found on the Gothic Game, whose stalling bots kept every card)."""
    engine = games.get(slug)
    document = engine.simulate(seed=4, min_events=6_000)
    # Agents keep the end off as long as the game lets them (Dylan Dog's ends by about 1,400
    # events whatever they do): the state is weighed at each third of the match.
    length = len(document["events"])
    assert length >= 1_000, f"{slug}: a simulated match of {length} events is not long"
    third = length // 3
    sizes = [
        len(canonical_json(step.state))
        for index, (_, step) in enumerate(replay_document(engine, document))
        if index % third == third - 1
    ]
    assert max(sizes) < 3 * sizes[0] + 2000, sizes


@pytest.mark.parametrize("slug", SLUGS + DATA_SLUGS)
def test_out_of_scope_is_declared(slug):
    assert engine_for(slug).out_of_scope


# -- what each decision rests on ------------------------------------------------------------
# A certainty is settled only by words its quotes hold; a point's default is the reading the
# quoted words give, or a conjecture that says what it assumes. Checked for every registered
# engine, so a game whose rows do not say what decides them fails here.


def unsettled(certainty: Certainty) -> list[str]:
    """Why a certainty is not settled by its quotes: no deciding words, or words that none of
    its quotes holds."""
    if not certainty.deciding:
        return [f"{certainty.id}: names no deciding words"]
    quotes = [citation.quote for citation in certainty.citations]
    return [f"{certainty.id}: {words!r} is in none of its quotes"
            for words in certainty.deciding if not any(words in quote for quote in quotes)]


def unfounded(point: InterpretationPoint) -> list[str]:
    """Why a point's default is neither the quoted words nor a declared conjecture (or both)."""
    words, conjecture = point.default_words, point.option(point.default).conjecture
    if words and conjecture:
        return [f"{point.id}: its default is both quoted words and a conjecture"]
    if not words and not conjecture:
        return [f"{point.id}: its default is neither quoted words nor a declared conjecture"]
    if words and not any(words in citation.quote for citation in point.citations):
        return [f"{point.id}: default words {words!r} are in none of its quotes"]
    return []


@pytest.mark.parametrize("slug", games.available() + DATA_SLUGS)
def test_every_certainty_names_the_words_that_decide_it(slug):
    """A row called settled must hold the words that settle it; otherwise it is a point."""
    problems = [p for certainty in engine_for(slug).certainties for p in unsettled(certainty)]
    assert problems == []


@pytest.mark.parametrize("slug", games.available() + DATA_SLUGS)
def test_every_default_is_the_texts_words_or_a_conjecture(slug):
    problems = [p for point in engine_for(slug).points for p in unfounded(point)]
    assert problems == []


@pytest.mark.parametrize("slug", games.available() + DATA_SLUGS)
def test_an_option_called_a_conjecture_declares_what_it_assumes(slug):
    """An option whose description calls it a conjecture says what it assumes, so that
    ``Engine.conjectures`` and the pages list it."""
    undeclared = [f"{point.id}={option.id}" for point in engine_for(slug).points
                  for option in point.options
                  if "conjecture" in option.description.lower() and not option.conjecture]
    assert undeclared == []


LAGOON = Citation("dagon/the-lagoon", "A player who is attacked by another player is moved by "
                  "the attacking player to a symbol (Lagoon) space of the attacker's choice.")


def test_a_row_whose_quote_lacks_its_deciding_words_is_not_settled():
    """The Lagoon sentence does not say that the attacked player chooses: a row claiming it,
    or claiming nothing, is refused; the words it does hold settle it."""
    claimed = Certainty("made.up", "who chooses the Lagoon", "the attacked player",
                        (LAGOON,), deciding=("the attacked player chooses",))
    silent = Certainty("made.up", "who chooses the Lagoon", "the attacker", (LAGOON,))
    settled = Certainty("made.up", "who chooses the Lagoon", "the attacker", (LAGOON,),
                        deciding=("of the attacker's choice",))
    assert unsettled(claimed) and unsettled(silent) and unsettled(settled) == []


ONE_STEP = Citation("dylan-dog/moving-between-planes", "When a dimensional passage is used to "
                    "move from the nightmare plane to the mystery plane, the move always counts "
                    "as one step for the pawn.")


def test_a_sentence_settles_what_it_says_and_nothing_beside_it():
    """The sentence counts the dimensional passage as one step: it settles that, and not that a
    pawn crossing between reality and the nightmare plane crosses for free."""
    settled = Certainty("made.up", "the dimensional passage", "one step", (ONE_STEP,),
                        deciding=("always counts as one step",))
    claimed = Certainty("made.up", "a change of plane", "free from reality", (ONE_STEP,),
                        deciding=("passing from reality is free",))
    assert unsettled(settled) == []
    assert unsettled(claimed) == [
        "made.up: 'passing from reality is free' is in none of its quotes"]


def test_a_default_must_be_quoted_words_or_a_conjecture_never_both_nor_neither():
    def point(default_words="", conjecture=""):
        return InterpretationPoint(
            "made.up", "Who chooses the Lagoon?",
            (Option("attacker", "the attacker", conjecture=conjecture), Option("attacked", "")),
            "attacker", "conflict", (LAGOON,), default_words=default_words)

    assert unfounded(point(default_words="of the attacker's choice")) == []
    assert unfounded(point(conjecture="that the attacker chooses")) == []
    assert unfounded(point(default_words="the attacker chooses"))  # not in the quote
    assert unfounded(point())
    assert unfounded(point(default_words="of the attacker's choice", conjecture="that it does"))
