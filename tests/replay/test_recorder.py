"""The recorder's services: what the rules offer at the log's head (for the archivist, or for
one seat from its view), one event per choice with the expected_seq it was shown and its open
fields answered, a move as played checked before it is kept, undo as a correction said in the
engine's words, the recording reading."""

from __future__ import annotations

import pytest

from replay.log.errors import AppendConflict, LogError, MalformedEvent
from replay.models import Event
from replay.recorder.head import (
    check_event,
    last_move,
    match_reading_set,
    record_event,
    record_offered,
    recorder_head,
    step_summaries,
    tried_event,
    undo_last_move,
)
from replay.recorder.questions import UnansweredField, choice_key
from replay.runs.replaying import replay_match

THROW = "Ana throws"


def record(match, label, **answers):
    """Record the choice labelled ``label``, its fields answered as a form posts them."""
    head = recorder_head(match=match)
    (choice,) = [c for c in head.choices if c.label == label]
    return record_offered(match=match, key=choice_key(choice), expected_seq=head.seq,
                          answers={f"f:{name}": [value] for name, value in answers.items()})


def labels(match, seat=None):
    return [c.label for c in recorder_head(match=match, seat=seat).choices]


def test_the_head_offers_the_throw_then_the_move(race_match):
    head = recorder_head(match=race_match)
    assert head.seq == 0 and [c.label for c in head.choices] == [THROW]
    (throw,) = head.choices
    assert throw.chance and throw.fields[0].domain.labels == ("one", "two")
    assert [p.space for p in head.pieces] == ["start", "start"]
    assert [s.name for s in head.layout.spaces][:2] == ["the Start", "the Well"]
    record(race_match, THROW, value="1")  # the second value: two
    head = recorder_head(match=race_match)
    assert race_match.events.get().data == {"value": 2}
    move = head.choices[0]
    assert head.seq == 1 and move.label == "Ana moves to the Bridge"
    assert (move.origin, move.target) == ("start", "bridge")


def test_ten_recorded_choices_replay_with_no_violation(race_match):
    for label, value in [(THROW, "1"), ("Ana moves to the Bridge", None), ("Luis throws", "0"),
                         ("Luis moves to the Well", None), (THROW, "0"),
                         ("Ana moves to the Mill", None), ("Luis throws", "1"),
                         ("Luis moves to the Mill", None), (THROW, "0"),
                         ("Ana moves to the Tower", None)]:
        record(race_match, label, **({"value": value} if value else {}))
    run = replay_match(match=race_match)
    assert run.log_seq == 10 and run.flag_summary == {} and run.outcome["winner"] == "p1"
    assert recorder_head(match=race_match).choices == []  # the game is over


def test_a_choice_after_the_head_moved_is_a_conflict_and_writes_nothing(race_match):
    head = recorder_head(match=race_match)
    key = choice_key(head.choices[0])
    record_offered(match=race_match, key=key, answers={"f:value": ["0"]}, expected_seq=0)
    with pytest.raises(AppendConflict) as raised:
        record_offered(match=race_match, key=key, answers={"f:value": ["1"]}, expected_seq=0)
    assert raised.value.current_seq == 1 and race_match.events.count() == 1
    # What the second recorder tried is rebuilt from the choices offered when it drew its page.
    assert tried_event(match=race_match, key=key, answers={"f:value": ["1"]}, seq=0) == {
        "type": "roll", "actor": "p1", "data": {"value": 2}}


def test_an_open_field_is_answered_or_refused_naming_its_prompt(race_match):
    record(race_match, THROW, value="0")
    record(race_match, "Ana shouts a word", word=" ¡Ya! ")
    assert Event.objects.get(match=race_match, seq=2).data == {"word": "¡Ya!"}
    with pytest.raises(UnansweredField) as raised:
        record(race_match, "Ana shouts a word", word="")
    assert raised.value.field == "f:word" and raised.value.message == \
        "The word: fill it in first"
    record(race_match, "Ana moves to the Well")
    with pytest.raises(UnansweredField, match=r"^The die shows: choose one of the values offered"):
        record(race_match, "Luis throws", value="2")  # the die has two faces: places 0 and 1
    assert race_match.events.count() == 3


def test_a_choice_no_longer_offered_is_refused(race_match):
    with pytest.raises(LogError) as raised:
        record_offered(match=race_match, key="0" * 16, answers={}, expected_seq=0)
    assert raised.value.field == "choice" and "no longer offered" in raised.value.message


def test_a_move_as_played_shows_its_violation_before_it_is_kept(race_match):
    record(race_match, THROW, value="0")
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


def test_undo_appends_a_correction_said_in_the_engines_words(race_match):
    record(race_match, THROW, value="1")
    record(race_match, "Ana moves to the Bridge")
    undo_last_move(match=race_match, expected_seq=2)
    correction = Event.objects.get(match=race_match, seq=3)
    assert correction.type == "correction" and correction.data["supersedes"] == 2
    assert correction.data["event"]["data"]["text"] == \
        "undone in the recorder: event 2 (Ana moves to the Bridge)"
    head = recorder_head(match=race_match)
    assert head.seq == 3 and head.choices[0].label == "Ana moves to the Bridge"
    assert last_move(match=race_match).seq == 1
    undo_last_move(match=race_match, expected_seq=3)
    assert labels(race_match) == [THROW]
    with pytest.raises(LogError, match="no move to undo"):
        undo_last_move(match=race_match, expected_seq=4)


def test_the_last_events_are_said_as_the_engine_says_its_steps(race_match):
    record(race_match, THROW, value="1")
    record(race_match, "Ana moves to the Bridge")
    undo_last_move(match=race_match, expected_seq=2)
    said = step_summaries(head=recorder_head(match=race_match), since=1)
    assert said == {1: "Ana throws 2", 2: "Note: undone in the recorder: event 2 (Ana moves "
                    "to the Bridge)", 3: "Correction of event 2"}
    # A stored run of this log gives the same words (its steps, and the notes after them).
    replay_match(match=race_match)
    assert step_summaries(head=recorder_head(match=race_match), since=1) == said


def test_the_head_uses_a_stored_run_when_there_is_one(race_match):
    record(race_match, THROW, value="1")
    replay_match(match=race_match)
    assert labels(race_match) == ["Ana moves to the Bridge", "Ana shouts a word",
                                  "Ana discards charms"]


def test_a_seat_is_offered_only_its_own_choices(race_match):
    assert labels(race_match, seat="p1") == [THROW] and labels(race_match, seat="p2") == []
    with pytest.raises(LogError) as raised:
        recorder_head(match=race_match, seat="p9")
    assert raised.value.field == "seat" and "p9" in raised.value.message


def test_the_recording_reading_is_checked(race_match):
    with pytest.raises(LogError) as raised:
        match_reading_set(match=race_match, reading={"race.no-such-point": "x"})
    assert raised.value.field == "reading"


def test_an_engine_less_game_offers_an_open_move_per_player(match):
    head = recorder_head(match=match)
    assert [(c.label, c.open_fields) for c in head.choices] == [
        ("Ana makes a move", ("text", "fields")), ("Luis makes a move", ("text", "fields"))]
    record_offered(match=match, key=choice_key(head.choices[1]), expected_seq=0,
                   answers={"f:text": ["takes the tower"], "f:fields:key": ["from", ""],
                            "f:fields:value": ["A1", ""]})
    assert Event.objects.get(match=match).data == {"text": "takes the tower",
                                                   "fields": {"from": "A1"}}
    assert recorder_head(match=match).state["moves_by"] == {"p2": 1}
