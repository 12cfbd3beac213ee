"""The contract every engine keeps (DESIGN.md, "Engines and interpretations"), checked the same
way for all four, plus the cross-check that every citation resolves to the archive's text."""

from pathlib import Path

import pytest

import games
from archive.parsing import parse_transcription
from games.core.canonical import canonical_json, round_trip
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
