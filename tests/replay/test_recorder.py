"""The recorder's services: what the rules offer at the log's head, one event per choice with
the expected_seq it was shown, a move as played checked before it is kept, undo as a
correction, the recording reading."""

from __future__ import annotations

import pytest

from replay.errors import AppendConflict, LogError, MalformedEvent
from replay.models import Event
from replay.recorder import (
    check_event,
    filled_event,
    last_move,
    match_reading_set,
    record_event,
    recorder_head,
    undo_last_move,
)
from replay.runs import replay_match


def record_choice(match, label):
    head = recorder_head(match=match)
    (choice,) = [c for c in head.choices if c.label == label]
    return record_event(match=match, event=choice.event, expected_seq=head.seq)


def test_the_head_offers_the_throw_then_the_move(race_match):
    head = recorder_head(match=race_match)
    assert head.seq == 0 and [c.label for c in head.choices] == ["Ana throws 1", "Ana throws 2"]
    assert all(c.chance for c in head.choices)
    assert [p.space for p in head.pieces] == ["start", "start"]
    assert [s.name for s in head.layout.spaces][:2] == ["the Start", "the Well"]
    record_choice(race_match, "Ana throws 2")
    head = recorder_head(match=race_match)
    assert head.seq == 1 and head.choices[0].label == "Ana moves to the Bridge"
    assert head.choices[0].spaces == ("start", "bridge")


def test_ten_recorded_choices_replay_with_no_violation(race_match):
    labels = ["Ana throws 2", "Ana moves to the Bridge", "Luis throws 1", "Luis moves to the Well",
              "Ana throws 1", "Ana moves to the Mill", "Luis throws 2", "Luis moves to the Mill",
              "Ana throws 1", "Ana moves to the Tower"]
    for label in labels:
        record_choice(race_match, label)
    run = replay_match(match=race_match)
    assert run.log_seq == 10 and run.flag_summary == {} and run.outcome["winner"] == "p1"
    assert recorder_head(match=race_match).choices == []  # the game is over


def test_a_choice_after_the_head_moved_is_a_conflict_and_writes_nothing(race_match):
    head = recorder_head(match=race_match)
    record_event(match=race_match, event=head.choices[0].event, expected_seq=head.seq)
    with pytest.raises(AppendConflict) as raised:
        record_event(match=race_match, event=head.choices[1].event, expected_seq=head.seq)
    assert raised.value.current_seq == 1 and race_match.events.count() == 1


def test_open_fields_are_read_as_the_schema_says(race_match):
    record_choice(race_match, "Ana throws 1")
    shout = next(c for c in recorder_head(match=race_match).choices if c.open_fields)
    event = filled_event(match=race_match, event=shout.event, values={"word": " ¡Ya! "})
    assert event == {"type": "shout", "actor": "p1", "data": {"word": "¡Ya!"}}
    with pytest.raises(MalformedEvent) as raised:
        filled_event(match=race_match, event=shout.event, values={"word": ""})
    assert raised.value.field == "data.word"
    with pytest.raises(MalformedEvent) as raised:
        filled_event(match=race_match, event={"type": "roll", "actor": "p1"},
                     values={"value": "two"})
    assert raised.value.field == "data.value"


def test_a_move_as_played_shows_its_violation_before_it_is_kept(race_match):
    record_choice(race_match, "Ana throws 1")
    as_played = {"type": "move", "actor": "p1", "data": {"to": "tower"}}
    step = check_event(match=race_match, event=as_played)
    assert not step.legal and "not the Tower" in step.flags[0].message
    assert race_match.events.count() == 1  # checking stores nothing
    record_event(match=race_match, event=as_played, expected_seq=1)
    run = replay_match(match=race_match)
    assert run.flag_summary and not run.steps.get(seq=2).legal


def test_an_event_naming_what_the_game_lacks_is_refused_naming_the_field(race_match):
    with pytest.raises(MalformedEvent) as raised:
        check_event(match=race_match, event={"type": "move", "actor": "p1",
                                             "data": {"to": "castle"}})
    assert raised.value.field == "data.to" and "castle" in raised.value.message


def test_undo_appends_a_correction_and_the_head_goes_back(race_match):
    record_choice(race_match, "Ana throws 2")
    record_choice(race_match, "Ana moves to the Bridge")
    undo_last_move(match=race_match, expected_seq=2)
    correction = Event.objects.get(match=race_match, seq=3)
    assert correction.type == "correction" and correction.data["supersedes"] == 2
    head = recorder_head(match=race_match)
    assert head.seq == 3 and head.choices[0].label == "Ana moves to the Bridge"
    assert last_move(match=race_match).seq == 1
    undo_last_move(match=race_match, expected_seq=3)
    assert [c.label for c in recorder_head(match=race_match).choices] == [
        "Ana throws 1", "Ana throws 2"]
    with pytest.raises(LogError, match="no move to undo"):
        undo_last_move(match=race_match, expected_seq=4)


def test_the_recording_reading_is_checked(race_match):
    with pytest.raises(LogError) as raised:
        match_reading_set(match=race_match, choices={"race.no-such-point": "x"})
    assert raised.value.field == "reading"


def test_an_engine_less_game_offers_an_open_move_per_player(match):
    head = recorder_head(match=match)
    assert [(c.label, c.open_fields) for c in head.choices] == [
        ("Ana makes a move", ("text",)), ("Luis makes a move", ("text",))]
    event = filled_event(match=match, event=head.choices[1].event,
                         values={"text": "takes the tower"})
    record_event(match=match, event=event, expected_seq=0)
    assert recorder_head(match=match).state["moves_by"] == {"p2": 1}
