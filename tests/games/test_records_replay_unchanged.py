"""Stored records are the archive: an engine change must never silently change what a stored
match means. Every sample and frozen record replays, under the default reading and under every
other option of every point, to the step checksums and flags written in
``baselines/<game>.json`` (see ``replay_baseline.py`` for how a deliberate change rewrites it)."""

import json

import pytest

import games
from tests.games import replay_baseline as baseline

STORED = baseline.stored()
PATHS = baseline.record_paths()


def test_every_record_has_a_baseline():
    assert sorted(baseline.record_key(path) for path in PATHS) == sorted(STORED)
    # each game has at least its two simulated samples and four frozen records
    per_game = {}
    for key in STORED:
        game = json.loads((baseline.ROOT / key).read_text(encoding="utf-8"))["game"]
        per_game[game] = per_game.get(game, 0) + 1
    assert sorted(per_game) == sorted(games.available())
    assert min(per_game.values()) >= 6


@pytest.mark.parametrize("path", PATHS, ids=baseline.record_key)
def test_a_record_replays_to_its_stored_checksums_and_flags(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    engine = games.get(document["game"])
    expected = STORED[baseline.record_key(path)]
    changed = []
    for name, choices in baseline.readings(engine):
        rows = baseline.step_rows(engine, document, choices)
        if name == "default":
            old = {row[0]: row for row in expected["default"]}
            changed += [f"default, seq {row[0]}" for row in rows if old.get(row[0]) != row]
            if len(rows) != len(expected["default"]):
                changed.append(f"default: {len(rows)} steps, was {len(expected['default'])}")
        if expected["readings"].get(name) != baseline.digest(rows):
            changed.append(f"reading {name}")
    missing = sorted(set(expected["readings"]) - {name for name, _ in baseline.readings(engine)})
    changed += [f"reading {name} is no longer offered" for name in missing]
    assert not changed, f"{baseline.record_key(path)} changed meaning: {changed[:20]}"
