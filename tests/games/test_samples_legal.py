"""Every shipped sample is legal under its game's default reading, except the step a
hand-written sample exists to show: the Lagoon dispute's attack (dagon/the-lagoon: "moved by
the attacking player to a symbol (Lagoon) space of the attacker's choice", while the record has
Luis pick it) and Dracula revealed in a sea zone (fury-of-dracula/para-4). A sample that breaks
a rule elsewhere would drown the one violation it illustrates among others. The data games'
samples (``archive/seed/rules/*/samples``) are held to the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core.replay import replay_document
from tests.games.rules.seeds import DATA_SLUGS, data_samples, engine_for

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("games/*/samples/*.json")) + data_samples()
ILLUSTRATED = {
    "games/dagon/samples/lagoon-dispute.json": [11],
    "games/fury_of_dracula/samples/revealed-at-sea.json": [8],
}


def test_there_are_samples_of_every_game():
    assert {path.parent.parent.name for path in SAMPLES} == {
        "dagon", "gothic", "dylan_dog", "fury_of_dracula", *DATA_SLUGS}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_sample_breaks_no_rule_but_the_one_it_shows(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    engine = engine_for(document["game"])
    broken = [event["seq"] for event, step in replay_document(
        engine, document, engine.reading(None))
        if any(flag.kind == "violation" for flag in step.flags)]
    assert broken == ILLUSTRATED.get(str(path.relative_to(ROOT)), [])
