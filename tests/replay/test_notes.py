"""Notes stay out of the replay's way: a run depends on the game's events only, so a note or
its revision never makes a new run necessary; notes show at their step, once, as revised."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

import games
from archive.services import load_archive
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.log.notes import note_add, note_revise
from replay.models import Event, ReplayRun
from replay.reading.notes import step_notes
from replay.runs.comparisons import compare_runs
from replay.runs.replaying import game_head, replay_match


@pytest.fixture
def dagon_match(db):
    load_archive()
    document = games.get("dagon").simulate(seed=3, max_events=30)
    document["title"] = "Notes test"
    return import_match(raw=document)


def _replay_command(match) -> str:
    out = io.StringIO()
    call_command("replay", str(match.pk), stdout=out)
    return out.getvalue().split(":")[0]


def test_a_note_after_a_run_answers_with_the_same_run(dagon_match):
    first = replay_match(match=dagon_match)
    before = _replay_command(dagon_match)
    note_add(match=dagon_match, step=3, text="Ana hesitated here", expected_seq=dagon_match.last_seq)
    assert dagon_match.last_seq == first.log_seq + 1
    assert replay_match(match=dagon_match).pk == first.pk
    assert _replay_command(dagon_match) == before == f"run {first.pk}"
    assert ReplayRun.objects.filter(match=dagon_match).count() == 1


def test_a_revised_note_answers_with_the_same_run_and_shows_once_in_its_new_words(dagon_match):
    run = replay_match(match=dagon_match)
    note_add(match=dagon_match, step=3, text="first worning", expected_seq=dagon_match.last_seq)
    note_seq = dagon_match.last_seq
    note_revise(match=dagon_match, note_seq=note_seq, text="first wording",
                expected_seq=dagon_match.last_seq)
    assert Event.objects.get(match=dagon_match, seq=note_seq).data["text"] == "first worning"
    assert replay_match(match=dagon_match).pk == run.pk
    notes = step_notes(match=dagon_match, step=3)
    assert [(n.seq, n.text, n.revisions) for n in notes] == [(note_seq, "first wording", 1)]
    assert step_notes(match=dagon_match, step=4) == []


def test_a_correction_of_a_move_makes_a_new_run(dagon_match):
    run = replay_match(match=dagon_match)
    second = Event.objects.get(match=dagon_match, seq=2)
    append_events(match=dagon_match, expected_seq=dagon_match.last_seq, events=[{
        "type": "correction",
        "data": {"supersedes": 2, "event": {"type": "annotation", "data": {"text": "misread"}}},
    }])
    assert second.type != "annotation"
    again = replay_match(match=dagon_match)
    assert again.pk != run.pk and again.log_seq == dagon_match.last_seq


def test_a_correction_that_turns_a_note_into_a_move_makes_a_new_run(dagon_match):
    """Only a note replaced by a note is a revision; a note replaced by a move changes the
    game (here the move the record makes at step 1, again)."""
    run = replay_match(match=dagon_match)
    note_add(match=dagon_match, step=1, text="a note", expected_seq=dagon_match.last_seq)
    note_seq = dagon_match.last_seq
    first = Event.objects.get(match=dagon_match, seq=1)
    append_events(match=dagon_match, expected_seq=dagon_match.last_seq, events=[{
        "type": "correction",
        "data": {"supersedes": note_seq,
                 "event": {"type": first.type, "actor": first.actor, "data": first.data}},
    }])
    assert game_head(match=dagon_match) == (dagon_match.last_seq, dagon_match.head_hash)
    assert replay_match(match=dagon_match).pk != run.pk


def test_comparisons_keep_working_after_a_note(dagon_match):
    default = replay_match(match=dagon_match)
    note_add(match=dagon_match, step=2, text="why?", expected_seq=dagon_match.last_seq)
    other = replay_match(match=dagon_match, reading={"dagon.lagoon-chooser": "attacked"})
    assert other.log_seq == default.log_seq
    comparison = compare_runs(run_a=default, run_b=other)
    assert comparison.run_b == other


def test_a_run_made_before_later_notes_compares_with_one_made_after(dagon_match):
    """A run made by an older release replayed trailing notes too: its extra note steps
    are not a difference."""
    from replay.runs.replaying import SNAPSHOT_INTERVAL, execute_run, run_fingerprint

    note_add(match=dagon_match, step=2, text="an old note", expected_seq=dagon_match.last_seq)
    engine = games.get("dagon")
    choices = engine.interpretation().options
    older = ReplayRun.objects.create(
        match=dagon_match, log_seq=dagon_match.last_seq, head_hash=dagon_match.head_hash,
        engine="dagon", engine_version=engine.version, interpretation=dict(choices),
        fingerprint=run_fingerprint(
            match_id=dagon_match.pk, log_seq=dagon_match.last_seq,
            head_hash=dagon_match.head_hash, engine="dagon", engine_version=engine.version,
            interpretation=choices),
        snapshot_interval=SNAPSHOT_INTERVAL,
    )
    execute_run(run_id=older.pk)
    older.refresh_from_db()
    newer = replay_match(match=dagon_match)
    assert newer.pk != older.pk and newer.log_seq == older.log_seq - 1
    assert compare_runs(run_a=older, run_b=newer).first_divergence is None


def test_runs_of_different_moves_do_not_compare(dagon_match):
    from replay.log.errors import LogError

    before = replay_match(match=dagon_match)
    second = Event.objects.get(match=dagon_match, seq=2)
    append_events(match=dagon_match, expected_seq=dagon_match.last_seq, events=[{
        "type": "correction",
        "data": {"supersedes": 2, "event": {"type": second.type, "actor": second.actor,
                                            "data": second.data}},
    }])
    after = replay_match(match=dagon_match)
    with pytest.raises(LogError, match="same moves"):
        compare_runs(run_a=before, run_b=after)


def test_revising_something_that_is_not_a_note_is_refused(dagon_match):
    from replay.log.errors import MalformedEvent

    with pytest.raises(MalformedEvent, match="not a note") as raised:
        note_revise(match=dagon_match, note_seq=1, text="x", expected_seq=dagon_match.last_seq)
    assert raised.value.field == "note"
