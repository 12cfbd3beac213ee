"""GET /api/matches/{id}/choices/: what a record could hold next, at the log's head, each
choice with its open fields and their domains; for one seat with ?seat=."""

from __future__ import annotations


def test_the_choices_at_the_head_append_once_their_fields_are_filled(anonymous, curator,
                                                                     race_match):
    url = f"/api/matches/{race_match.pk}/choices/"
    body = anonymous.get(url).json()
    assert body["seq"] == 0 and body["finished"] is False and body["reading"] == {}
    assert body["seat"] is None
    (throw,) = body["choices"]
    assert throw["label"] == "Ana throws" and throw["chance"] is True
    assert throw["event"] == {"type": "roll", "actor": "p1", "data": {}}
    assert throw["fields"] == [{"name": "value", "prompt": "The die shows", "optional": False,
                                "decider": None,
                                "domain": {"kind": "one-of", "values": [1, 2],
                                           "labels": ["one", "two"]}}]
    event = {**throw["event"], "data": {"value": throw["fields"][0]["domain"]["values"][1]}}
    appended = curator.post(f"/api/matches/{race_match.pk}/events/",
                            {"expected_seq": body["seq"], "events": [event]}, format="json")
    assert appended.status_code == 201
    after = anonymous.get(url).json()
    assert after["seq"] == 1
    move, shout, discard = after["choices"]
    assert move["label"] == "Ana moves to the Bridge" and move["spaces"] == ["start", "bridge"]
    assert (move["origin"], move["target"], move["fields"]) == ("start", "bridge", [])
    assert shout["fields"][0]["domain"] == {"kind": "text", "max_length": 40, "suggestions": [],
                                            "excluded": []}
    assert discard["fields"][0]["domain"] == {"kind": "some-of", "pool": ["sun", "moon", "sun"],
                                              "least": 1, "most": 2,
                                              "labels": ["sun", "moon", "sun"]}
    stale = curator.post(f"/api/matches/{race_match.pk}/events/",
                         {"expected_seq": body["seq"], "events": [move["event"]]}, format="json")
    assert stale.status_code == 409 and stale.json()["current_seq"] == 1


def test_a_seat_gets_its_own_choices_and_an_unknown_seat_is_named(anonymous, race_match):
    url = f"/api/matches/{race_match.pk}/choices/"
    assert [c["label"] for c in anonymous.get(url, {"seat": "p1"}).json()["choices"]] == [
        "Ana throws"]
    luis = anonymous.get(url, {"seat": "p2"}).json()
    assert luis["seat"] == "p2" and luis["choices"] == []
    assert anonymous.get(url, {"seat": "archivist"}).json()["seat"] is None
    unknown = anonymous.get(url, {"seat": "p9"})
    assert unknown.status_code == 400 and unknown.json()["field"] == "seat"
    assert "p9" in unknown.json()["detail"]


def test_an_engine_less_match_offers_open_moves(anonymous, match):
    body = anonymous.get(f"/api/matches/{match.pk}/choices/").json()
    assert [[(f["name"], f["domain"]["kind"], f["optional"]) for f in c["fields"]]
            for c in body["choices"]] == [[("text", "text", False), ("fields", "details", True)]] * 2


def test_the_schema_documents_each_domain_and_the_seat(anonymous):
    schema = anonymous.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    domain = schema["components"]["schemas"]["Domain"]
    assert sorted(domain["discriminator"]["mapping"]) == [
        "details", "number", "one-of", "some-of", "text"]
    operation = schema["paths"]["/api/matches/{id}/choices/"]["get"]
    assert [p["name"] for p in operation["parameters"] if p["in"] == "query"] == ["seat"]
    assert "400" in operation["responses"]
