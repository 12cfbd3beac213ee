"""/api/studies/: a curator starts a study (the identical one is reused), anyone reads the
stored ones with their progress and results, nobody else starts or cancels one, and a
request that makes no sense is refused naming its field."""

from pathlib import Path

import pytest

import games
from replay.log.interchange import import_match
from studies.models import Study
from studies.services import MAX_IN_PROCESS_STUDY_WORK, MAX_STUDY_WORK

LAGOON = Path(games.get("dagon").package_dir) / "samples" / "lagoon-dispute.json"
POINT = "dagon.lagoon-chooser"


@pytest.fixture
def lagoon(archive):
    return import_match(raw=LAGOON.read_bytes())


def test_a_curator_starts_a_sweep_and_anyone_reads_it(curator, anonymous, lagoon):
    started = curator.post("/api/studies/", {"kind": "sweep", "match": lagoon.pk},
                           format="json")
    assert started.status_code == 200, started.content  # eager: done on return
    body = started.json()
    assert body["status"] == "done" and body["percent"] == 100
    assert POINT in body["result"]["sweep"]["points"]
    again = curator.post("/api/studies/", {"kind": "sweep", "match": lagoon.pk}, format="json")
    assert again.json()["id"] == body["id"] and Study.objects.count() == 1
    listed = anonymous.get("/api/studies/", {"kind": "sweep", "match": lagoon.pk}).json()
    assert [s["id"] for s in listed["results"]] == [body["id"]]
    assert "result" not in listed["results"][0]  # results in each study's own read
    read = anonymous.get(f"/api/studies/{body['id']}/").json()
    assert read["result"] == body["result"] and read["parts_done"] == read["parts_total"] == 1


def test_readers_neither_start_nor_cancel(anonymous, reader, curator, lagoon):
    assert anonymous.post("/api/studies/", {"kind": "sweep", "match": lagoon.pk},
                          format="json").status_code == 401
    assert reader.post("/api/studies/", {"kind": "sweep", "match": lagoon.pk},
                       format="json").status_code == 403
    assert not Study.objects.exists()
    study = curator.post("/api/studies/", {"kind": "archive", "game": "dagon"},
                         format="json").json()
    assert reader.post(f"/api/studies/{study['id']}/cancel/").status_code == 403
    done = curator.post(f"/api/studies/{study['id']}/cancel/")
    assert done.status_code == 200 and done.json()["status"] == "done"  # too late to cancel


@pytest.mark.parametrize(("body", "field"), [
    ({"kind": "sweep"}, "match"),
    ({"kind": "impact", "game": "dagon", "point": POINT}, "matches"),
    ({"kind": "impact", "game": "dagon", "point": POINT, "matches": 0}, "matches"),
    ({"kind": "impact", "game": "dagon", "point": "dagon.nothing", "matches": 3}, "point"),
    ({"kind": "archive", "game": "dagon", "points": ["dagon.nothing"]}, "points"),
    ({"kind": "archive", "game": "no-such-game"}, "game"),
    ({"kind": "census"}, "kind"),
])
def test_nonsense_is_refused_naming_the_field(curator, lagoon, body, field):
    refused = curator.post("/api/studies/", body, format="json")
    assert refused.status_code == 400, refused.content
    assert refused.json()["field"] == field
    assert not Study.objects.exists()


def test_a_private_match_and_its_sweep_stay_private(curator, anonymous, archive):
    from tests.factories import make_curator

    owner = make_curator("owner")
    private = import_match(raw=LAGOON.read_bytes(), created_by=owner, is_private=True)
    assert curator.post("/api/studies/", {"kind": "sweep", "match": private.pk},
                        format="json").status_code == 404
    from studies.services import study_sweep

    study = study_sweep(match=private, requested_by=owner)
    assert anonymous.get(f"/api/studies/{study.pk}/").status_code == 404
    assert anonymous.get("/api/studies/").json()["count"] == 0


def test_the_api_states_the_study_cap_and_refuses_past_it(curator, archive):
    """The largest impact study the API took before (5,000 matches, mcts at 10,000 playouts)
    is refused naming the cap, which the schema states."""
    answer = curator.post("/api/studies/", {"kind": "impact", "game": "dagon", "point": POINT,
                                            "matches": 5000, "agent": "mcts",
                                            "budget": 10_000}, format="json")
    assert answer.status_code == 400
    assert answer.json()["field"] == "matches" and "units of work" in answer.json()["detail"]
    schema = curator.get("/api/schema/", {"format": "json"}).json()
    said = schema["paths"]["/api/studies/"]["post"]["description"]
    assert f"{MAX_STUDY_WORK:,}" in said and f"{MAX_IN_PROCESS_STUDY_WORK:,}" in said
