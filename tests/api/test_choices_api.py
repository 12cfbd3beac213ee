"""GET /api/matches/{id}/choices/: what a record could hold next, at the log's head."""

from __future__ import annotations


def test_the_choices_at_the_head_append_as_they_are(anonymous, curator, race_match):
    url = f"/api/matches/{race_match.pk}/choices/"
    body = anonymous.get(url).json()
    assert body["seq"] == 0 and body["finished"] is False and body["reading"] == {}
    assert [c["label"] for c in body["choices"]] == ["Ana throws 1", "Ana throws 2"]
    assert body["choices"][1]["chance"] is True
    choice = body["choices"][1]
    appended = curator.post(f"/api/matches/{race_match.pk}/events/",
                            {"expected_seq": body["seq"], "events": [choice["event"]]},
                            format="json")
    assert appended.status_code == 201
    after = anonymous.get(url).json()
    assert after["seq"] == 1
    move = after["choices"][0]
    assert move["label"] == "Ana moves to the Bridge" and move["spaces"] == ["start", "bridge"]
    assert after["choices"][1]["open_fields"] == ["word"]
    stale = curator.post(f"/api/matches/{race_match.pk}/events/",
                         {"expected_seq": body["seq"], "events": [move["event"]]}, format="json")
    assert stale.status_code == 409 and stale.json()["current_seq"] == 1


def test_an_engine_less_match_offers_open_moves(anonymous, match):
    body = anonymous.get(f"/api/matches/{match.pk}/choices/").json()
    assert [c["open_fields"] for c in body["choices"]] == [["text"], ["text"]]
