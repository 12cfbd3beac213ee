"""The replay API: start a run, follow its status, page its steps, read one step with
its state, list its flags, compare two readings (studies: tests/api/test_studies_api.py)."""

import json
from pathlib import Path

import pytest

import games
from replay.log.interchange import import_match
from replay.models import ReplayRun

LAGOON = Path(games.get("dagon").package_dir) / "samples" / "lagoon-dispute.json"
POINT = "dagon.lagoon-chooser"


@pytest.fixture
def lagoon(archive):
    return import_match(raw=LAGOON.read_bytes())


def attack_seq():
    return next(e["seq"] for e in json.loads(LAGOON.read_text())["events"] if e["type"] == "attack")


def test_a_curator_starts_a_run_and_an_identical_request_reuses_it(curator, lagoon):
    first = curator.post("/api/runs/", {"match": lagoon.pk, "reading": {POINT: "attacked"}},
                         format="json")
    assert first.status_code == 200  # eager: done on return
    body = first.json()
    assert body["status"] == "done" and body["percent"] == 100
    assert body["interpretation"][POINT] == "attacked"
    again = curator.post("/api/runs/", {"match": lagoon.pk, "choices": {POINT: "attacked"}},
                         format="json")
    assert again.json()["id"] == body["id"]  # `choices`, the field's former name, still works
    assert ReplayRun.objects.count() == 1


def test_the_reading_is_sent_once_under_either_name(curator, lagoon):
    both = curator.post("/api/runs/", {"match": lagoon.pk, "reading": {POINT: "attacked"},
                                       "choices": {POINT: "attacked"}}, format="json")
    assert both.status_code == 400 and both.json()["field"] == "choices"
    assert not ReplayRun.objects.exists()


def test_readers_may_read_runs_but_not_start_them(anonymous, reader, curator, lagoon):
    assert anonymous.post("/api/runs/", {"match": lagoon.pk}, format="json").status_code == 401
    assert reader.post("/api/runs/", {"match": lagoon.pk}, format="json").status_code == 403
    run_id = curator.post("/api/runs/", {"match": lagoon.pk}, format="json").json()["id"]
    assert anonymous.get(f"/api/runs/{run_id}/").status_code == 200


def test_bad_start_requests_name_the_field(curator, lagoon):
    unknown = curator.post("/api/runs/", {"match": lagoon.pk, "reading": {"dagon.nope": "x"}},
                           format="json")
    assert unknown.status_code == 400 and unknown.json()["field"] == "reading"
    former = curator.post("/api/runs/", {"match": lagoon.pk, "choices": {"dagon.nope": "x"}},
                          format="json")
    assert former.status_code == 400 and former.json()["field"] == "choices"
    option = curator.post("/api/runs/", {"match": lagoon.pk, "choices": {POINT: "nobody"}},
                          format="json")
    assert option.status_code == 400 and "unknown option" in option.json()["detail"]
    missing = curator.post("/api/runs/", {}, format="json")
    assert missing.status_code == 400 and missing.json()["field"] == "match"
    assert curator.post("/api/runs/", {"match": 999999}, format="json").status_code == 404
    assert not ReplayRun.objects.exists()


def test_steps_page_and_one_step_carries_its_state_and_flags(curator, anonymous, lagoon):
    run_id = curator.post("/api/runs/", {"match": lagoon.pk}, format="json").json()["id"]
    steps = anonymous.get(f"/api/runs/{run_id}/steps/", {"page_size": 3}).json()
    assert [s["seq"] for s in steps["results"]] == [1, 2, 3]
    assert steps["count"] == lagoon.last_seq
    later = anonymous.get(f"/api/runs/{run_id}/steps/", {"after_seq": 8}).json()
    assert [s["seq"] for s in later["results"]] == list(range(9, lagoon.last_seq + 1))
    step = anonymous.get(f"/api/runs/{run_id}/steps/{attack_seq()}/").json()
    assert step["event"]["type"] == "attack" and step["state"]
    assert {f["kind"] for f in step["flags"]} >= {"violation", "consulted"}
    assert anonymous.get(f"/api/runs/{run_id}/steps/999/").status_code == 400
    assert anonymous.get(f"/api/runs/{run_id}/steps/1/", {"viewer": "zz"}).status_code == 400


def test_flags_filter_by_kind_and_point(curator, anonymous, lagoon):
    run_id = curator.post("/api/runs/", {"match": lagoon.pk}, format="json").json()["id"]
    flags = anonymous.get(f"/api/runs/{run_id}/flags/", {"kind": "violation"}).json()["results"]
    assert flags and all(f["kind"] == "violation" for f in flags)
    lagoon_flags = anonymous.get(f"/api/runs/{run_id}/flags/", {"point": POINT}).json()
    assert all(f["point"] == POINT for f in lagoon_flags["results"])


def test_comparing_the_two_lagoon_readings_reports_the_attack(curator, anonymous, lagoon):
    """dagon/the-lagoon against dagon/attack-between-heroes (the editorial note's conflict)."""
    report = curator.post(f"/api/matches/{lagoon.pk}/compare/",
                          {"a": {POINT: "attacker"}, "b": {POINT: "attacked"}}, format="json")
    assert report.status_code == 200
    body = report.json()
    assert body["first_divergence"] == attack_seq() and body["causes"] == [POINT]
    again = anonymous.get(f"/api/runs/{body['run_a']}/compare/{body['run_b']}/").json()
    assert again["first_divergence"] == attack_seq()
