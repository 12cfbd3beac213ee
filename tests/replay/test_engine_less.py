"""A game with no rule engine yet: its matches are real records of generic moves, stepped
through as annotated logs without a referee; games with an engine keep their vocabulary."""

from __future__ import annotations

import pytest

import games
from archive.services import load_archive
from replay.log.append import append_events
from replay.log.errors import MalformedEvent
from replay.log.interchange import export_match, import_match
from replay.models import Match, ReplayFlag, ReplayStep
from replay.runs.replaying import replay_match
from replay.runs.steps import read_step


def moves():
    return [
        {"type": "move", "actor": "p1", "data": {"text": "opens with the knight"}},
        {"type": "annotation", "actor": None, "data": {"text": "smudged", "step": 1}},
        {"type": "move", "actor": "p2", "data": {"text": "takes the tower",
                                                 "fields": {"from": "B2", "to": "C3"}}},
    ]


def test_generic_moves_are_recorded_and_step_through_without_a_referee(match):
    assert games.find(match.game.slug) is None
    append_events(match=match, events=moves(), expected_seq=0)
    run = replay_match(match=match)
    assert run.status == "done" and run.engine == "annotated-log" and run.log_seq == 3
    summaries = list(ReplayStep.objects.filter(run=run).order_by("seq")
                     .values_list("summary", "legal"))
    assert summaries == [("Ana: opens with the knight", True), ("Note: smudged", True),
                         ("Luis: takes the tower", True)]
    assert not ReplayFlag.objects.filter(run=run).exists()
    assert read_step(run=run, seq=3).state["moves_by"] == {"p1": 1, "p2": 1}


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "move", "actor": "p1", "data": {}}, "data.text"),
        ({"type": "move", "actor": "p9", "data": {"text": "x"}}, "actor"),
        ({"type": "move", "actor": "p1", "data": {"text": "x", "fields": "B2"}}, "data.fields"),
        ({"type": "roll", "actor": "p1", "data": {"value": 3}}, "type"),
    ],
)
def test_a_malformed_generic_move_is_refused_naming_the_field(match, event, field):
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, events=[event], expected_seq=0)
    assert raised.value.field == field
    assert not match.events.exists()


def test_a_game_with_an_engine_keeps_its_own_move(db):
    load_archive()
    document = games.get("dagon").simulate(seed=1, max_events=3)
    document["title"] = "x"
    match = import_match(raw=document)
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, expected_seq=match.last_seq,
                      events=[{"type": "move", "actor": "p1", "data": {"text": "somewhere"}}])
    assert raised.value.field.startswith("data.")


def test_an_engine_less_record_exports_and_imports_as_it_was(match):
    append_events(match=match, events=moves(), expected_seq=0)
    exported = export_match(match)
    again = import_match(raw=exported)
    assert isinstance(again, Match) and export_match(again) == exported
