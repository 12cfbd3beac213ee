"""POST /api/matches/{id}/variations/ makes a what-if; GET lists a match's variations."""

from __future__ import annotations

import pytest

import games
from replay.log.interchange import import_match
from replay.models import Match


@pytest.fixture
def dagon_match(archive):
    document = games.get("dagon").simulate(seed=3, max_events=20)
    document["title"] = "Club night"
    return import_match(raw=document)


def test_a_curator_makes_a_variation_and_it_is_listed(curator, anonymous, dagon_match):
    url = f"/api/matches/{dagon_match.pk}/variations/"
    response = curator.post(url, {"from_seq": 5, "title": "What if"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["last_seq"] == 5 and body["parent"] == dagon_match.pk
    assert body["branch_of"]["match"] == dagon_match.pk and body["branch_of"]["seq"] == 5
    listed = anonymous.get(url).json()
    assert [m["id"] for m in listed] == [body["id"]]


@pytest.mark.parametrize(("body", "field"), [
    ({"from_seq": 99, "title": "x"}, "from_seq"),
    ({"from_seq": -1, "title": "x"}, "from_seq"),
    ({"from_seq": 2}, "title"),
    ({"from_seq": 2, "title": "x", "colour": "red"}, "colour"),
])
def test_a_bad_variation_is_a_400_naming_the_field(curator, dagon_match, body, field):
    before = Match.objects.count()
    response = curator.post(f"/api/matches/{dagon_match.pk}/variations/", body, format="json")
    assert response.status_code == 400 and response.json()["field"] == field
    assert Match.objects.count() == before


@pytest.mark.parametrize(("role", "status"), [("anonymous", 401), ("reader", 403)])
def test_only_curators_make_variations(request, dagon_match, role, status):
    client = request.getfixturevalue(role)
    response = client.post(f"/api/matches/{dagon_match.pk}/variations/",
                           {"from_seq": 2, "title": "x"}, format="json")
    assert response.status_code == status and Match.objects.count() == 1
