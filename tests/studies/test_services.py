"""Studies as stored jobs: fingerprinted and reused, computed in idempotent parts, gathered
once, cancellable, and refused with an error naming the field when asked for nonsense."""

from __future__ import annotations

import json

import pytest

import games
from games.core.sweep import sweep
from replay.log.append import append_events
from studies import plans
from studies.models import Study, StudyPart
from studies.plans import StudyError
from studies.services import execute_part, study_archive, study_cancel, study_impact, study_sweep
from tests.studies.conftest import DYLAN_DOG_SEED_2, LAGOON


def test_a_sweep_study_stores_the_sweep_of_the_log_and_is_reused(lagoon):
    study = study_sweep(match=lagoon)
    assert study.status == Study.DONE and study.parts_done == study.parts_total == 1
    document = json.loads(LAGOON.read_text())
    expected = sweep(games.get("dagon"), players=document["players"],
                     setup=document["setup"], events=document["events"])
    assert study.result["sweep"] == json.loads(json.dumps(expected.as_dict()))
    assert study.result["influence"]["default_outcome"] == expected.row_for({}).outcome
    again = study_sweep(match=lagoon)
    assert again.pk == study.pk
    assert StudyPart.objects.get(study=study).attempts == 1  # reused, never recomputed


def test_a_note_keeps_the_sweep_and_a_move_makes_a_new_one(lagoon):
    first = study_sweep(match=lagoon)
    append_events(match=lagoon, events=[{"type": "annotation", "actor": None,
                                         "data": {"text": "a later note"}}],
                  expected_seq=lagoon.last_seq)
    assert study_sweep(match=lagoon).pk == first.pk  # notes change no replay, no study
    lagoon.refresh_from_db()
    append_events(match=lagoon, events=[{"type": "roll", "actor": "p1", "data": {"value": 4}}],
                  expected_seq=lagoon.last_seq)
    second = study_sweep(match=lagoon)
    assert second.pk != first.pk
    assert second.parameters["log_seq"] == first.parameters["log_seq"] + 2
    assert Study.objects.get(pk=first.pk).status == Study.DONE


def test_a_long_sweep_goes_in_stretches_each_from_the_frontier_before(dylan_dog, monkeypatch):
    monkeypatch.setattr(plans, "SWEEP_STRETCH", 50)
    study = study_sweep(match=dylan_dog)
    assert study.status == Study.DONE and study.parts_total == 5  # 205 events
    document = json.loads(DYLAN_DOG_SEED_2.read_text())
    expected = sweep(games.get("dylan-dog"), players=document["players"],
                     setup=document["setup"], events=document["events"])
    assert study.result["sweep"] == json.loads(json.dumps(expected.as_dict()))
    assert study.result["sweep"]["combinations"] > 4096
    # The frontiers between stretches are dropped once the study is done.
    assert [bool(p.result) for p in study.parts.order_by("index")] == [False] * 4 + [True]


def test_parts_run_twice_or_out_of_turn_are_written_once(dylan_dog, queued, monkeypatch):
    monkeypatch.setattr(plans, "SWEEP_STRETCH", 100)
    study = study_sweep(match=dylan_dog)
    assert study.status == Study.RUNNING and len(queued) == 1  # a chain sends its first part
    first = queued.pop()
    execute_part(part_id=first, worker="a")
    execute_part(part_id=first, worker="b")  # redelivered after the first was written
    study.refresh_from_db()
    assert study.parts_done == 1 and len(queued) == 2  # the next part, sent by both
    second = queued[0]
    execute_part(part_id=second, worker="a")
    execute_part(part_id=queued[1], worker="b")
    study.refresh_from_db()
    assert study.parts_done == 2 and study.status == Study.RUNNING
    execute_part(part_id=queued[-1], worker="a")
    study.refresh_from_db()
    assert study.status == Study.DONE and study.parts_done == study.parts_total == 3
    parts = list(study.parts.order_by("index"))
    assert [p.completed_by for p in parts] == ["a", "a", "a"]
    assert [p.attempts for p in parts] == [1, 1, 1]


def test_a_cancelled_study_skips_its_remaining_parts(lagoon, dylan_dog, queued):
    study = study_archive(game_slug="dylan-dog")
    other = study_archive(game_slug="dagon")
    assert study.parts_total == 1 and other.parts_total == 1
    study_cancel(study=other)
    for part_id in list(queued):
        execute_part(part_id=part_id)
    other.refresh_from_db()
    assert other.status == Study.CANCELLED and other.parts_done == 0
    assert StudyPart.objects.get(study=other).attempts == 0  # never computed
    study.refresh_from_db()
    assert study.status == Study.DONE
    again = study_archive(game_slug="dagon")  # asked again: it starts again
    assert again.pk == other.pk and again.status == Study.RUNNING


def test_a_failing_part_fails_the_study_naming_the_part_and_a_new_request_retries(
        lagoon, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("the engine broke")

    monkeypatch.setattr(plans, "sweep", broken)
    study = study_archive(game_slug="dagon")
    assert study.status == Study.FAILED
    assert study.error == "part 1: ValueError: the engine broke"
    monkeypatch.undo()
    again = study_archive(game_slug="dagon")
    assert again.pk == study.pk and again.status == Study.DONE and not again.error


def test_an_archive_study_reads_every_public_match_of_the_game(lagoon, dylan_dog):
    from replay.log.interchange import import_match

    private = import_match(raw=LAGOON.read_bytes(), is_private=True)
    study = study_archive(game_slug="dagon", points=["dagon.lagoon-chooser",
                                                     "dagon.move-length"])
    assert study.status == Study.DONE
    assert [m["id"] for m in study.parameters["matches"]] == [lagoon.pk]
    assert private.pk not in [m["match"] for m in study.result["matches"]]
    rows = {(r["point"], r["option"]): r for r in study.result["points"]}
    # The dispute records no movement roll (its Heroes walk as recorded), so only the
    # Lagoon's reading changes anything; move-length is swept and never consulted.
    assert set(rows) == {("dagon.lagoon-chooser", "attacked")}
    assert rows[("dagon.lagoon-chooser", "attacked")]["matches_consulting"] == 1
    assert study.result["combinations"] == 2  # the readings that differ where it is consulted


@pytest.mark.parametrize(("call", "field"), [
    (lambda m: study_sweep(match=m, points=["dagon.nothing"]), "points"),
    (lambda m: study_sweep(match=m, points=[]), "points"),
    (lambda m: study_impact(game_slug="dagon", point_id="dagon.nothing", matches=3), "point"),
    (lambda m: study_impact(game_slug="dagon", point_id="dagon.lagoon-chooser", matches=0),
     "matches"),
    (lambda m: study_archive(game_slug="gothic"), "game"),
])
def test_nonsense_is_refused_naming_the_field(lagoon, call, field):
    with pytest.raises(StudyError) as refused:
        call(lagoon)
    assert refused.value.field == field
    assert not Study.objects.exists()
