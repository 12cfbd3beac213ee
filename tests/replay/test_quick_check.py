"""The quick check of check_events (replay/log/fast_check.py) only ever accepts: for every event,
good or bad in any way, check_events answers exactly as the full checks alone do (the same
records, or the same refusal naming the same seq and field in the same words)."""

from __future__ import annotations

import copy

import pytest

import games
from replay.log import append as append_module
from replay.log.append import check_events
from replay.log.errors import MalformedEvent

PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]
PLAYER_IDS = ["p1", "p2"]
ODD_VALUES = [
    None, True, False, 0, -1, 7, 10**6, 2**53 - 1, 2**53, -(2**53), 2**63, 1.5, 0.0, -0.0,
    float("nan"), float("inf"), "", "x", "p1", "zharot", "a\x00b", "\ud800", "é", "x" * 10_001,
    [], ["p1"], ["zharot", "r1"], ["zharot", ""], ["nowhere"], [1, 2], [["x"]], [None], {},
    {"a": 1}, (1, 2), {1: 2},
]


def outcome(slug: str, events: list, first_seq: int, *, quick: bool, monkeypatch,
            setup: dict) -> object:
    with monkeypatch.context() as patched:
        if not quick:
            patched.setattr(append_module, "quick_check", lambda *args: None)
        try:
            return check_events(game_slug=slug, player_ids=PLAYER_IDS, events=events,
                                first_seq=first_seq, setup=setup)
        except MalformedEvent as error:
            return ("refused", str(error), error.seq, error.field)


def same_answer(slug: str, events: list, monkeypatch, setup: dict) -> object:
    quick = outcome(slug, copy.deepcopy(events), 1, quick=True, monkeypatch=monkeypatch,
                    setup=setup)
    full = outcome(slug, copy.deepcopy(events), 1, quick=False, monkeypatch=monkeypatch,
                   setup=setup)
    # repr: NaN is not equal to itself, and a record keeps what it was given.
    assert repr(quick) == repr(full)
    return quick


def variants(event: dict, seq: int) -> list:
    """The event spoiled in every way a writer could spoil it, one way at a time."""
    data = event.get("data", {})
    spoiled: list = [None, [], "move", {**event, "seq": seq}, {**event, "seq": seq + 1},
                     {**event, "seq": True}, {**event, "seq": float(seq)}, {**event, "seq": None},
                     {**event, "when": "now"}, {key: v for key, v in event.items() if key != "data"},
                     {key: v for key, v in event.items() if key != "actor"}]
    for value in ODD_VALUES:
        spoiled += [{**event, "type": value}, {**event, "actor": value}, {**event, "data": value}]
    for name in data:
        spoiled.append({**event, "data": {k: v for k, v in data.items() if k != name}})
        spoiled += [{**event, "data": {**data, name: value}} for value in ODD_VALUES]
    spoiled.append({**event, "data": {**data, "colour": "red"}})
    spoiled.append({**event, "data": {**data, "\ud800": 1}})
    return spoiled


@pytest.mark.parametrize("slug", games.available())
def test_every_spoiled_event_meets_the_same_answer(slug, monkeypatch):
    document = games.get(slug).simulate(seed=5, players=PLAYERS, max_events=400)
    events = [{k: e[k] for k in ("type", "actor", "data") if k in e} for e in document["events"]]
    setup = document.get("setup") or {}
    records = same_answer(slug, events, monkeypatch, setup)
    assert isinstance(records, list) and len(records) == len(events)
    firsts = {}
    for event in events:
        firsts.setdefault(event["type"], event)
    for seq, event in enumerate(firsts.values(), start=3):
        for spoiled in variants(event, seq):
            same_answer(slug, [*events[:2], spoiled], monkeypatch, setup)


def test_a_recorded_game_takes_the_quick_check(monkeypatch):
    """The quick check does answer for the usual event (else this module tests nothing)."""
    events = [{k: e[k] for k in ("type", "actor", "data")}
              for e in games.get("dagon").simulate(seed=5, players=PLAYERS, max_events=50)["events"]]
    monkeypatch.setattr(append_module, "event_validator", lambda *args: None)
    assert len(check_events(game_slug="dagon", player_ids=PLAYER_IDS, events=events,
                            first_seq=1, setup={})) == len(events)
