"""The event log through the API: append, conflicts, idempotency, malformed events, and a log
that cannot be rewritten (docs/DESIGN.md, "The event log")."""

import pytest

from replay.log.append import append_events
from replay.models import Event
from tests.api.conftest import notes
from trust.audit import verify_log


def _append(client, match, events, expected_seq, key=None):
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client.post(
        f"/api/matches/{match.pk}/events/",
        {"expected_seq": expected_seq, "events": events},
        format="json",
        headers=headers,
    )


def test_append_answers_201_with_the_result(curator, match):
    response = _append(curator, match, notes("a", "b"), 0)
    assert response.status_code == 201, response.json()
    body = response.json()
    match.refresh_from_db()
    assert body == {
        "match": match.pk,
        "first_seq": 1,
        "last_seq": 2,
        "head_hash": match.head_hash,
        "repeated": False,
    }
    assert verify_log(match=match) is None
    assert Event.objects.get(match=match, seq=1).recorded_by.username == "curator"


def test_a_stale_expected_seq_is_a_409_and_nothing_is_written(curator, match):
    assert _append(curator, match, notes("a"), 0).status_code == 201
    response = _append(curator, match, notes("b", "c"), 0)
    assert response.status_code == 409
    error = response.json()
    assert error["error"] == "conflict" and error["current_seq"] == 1
    assert error["field"] == "expected_seq"
    assert Event.objects.filter(match=match).count() == 1


def test_an_idempotent_retry_returns_the_first_result_and_stores_once(curator, match):
    first = _append(curator, match, notes("a", "b"), 0, key="upload-42")
    retry = _append(curator, match, notes("a", "b"), 0, key="upload-42")
    assert (first.status_code, retry.status_code) == (201, 200)
    assert retry.json() == {**first.json(), "repeated": True}
    assert Event.objects.filter(match=match).count() == 2


def test_an_idempotency_key_reused_for_other_events_is_a_422(curator, match):
    _append(curator, match, notes("a"), 0, key="k")
    response = _append(curator, match, notes("different"), 1, key="k")
    assert response.status_code == 422
    assert response.json()["error"] == "idempotency_key_reused"
    assert response.json()["field"] == "idempotency_key"
    assert Event.objects.filter(match=match).count() == 1


def test_an_empty_idempotency_key_is_refused_naming_it(curator, match):
    response = _append(curator, match, notes("a"), 0, key="")
    assert response.status_code == 400 and response.json()["field"] == "idempotency_key"


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "shuffle", "actor": "p1", "data": {}}, "type"),
        ({"type": "annotation", "actor": "p9", "data": {"text": "x"}}, "actor"),
        ({"type": "annotation", "actor": "p1", "data": {"text": 5}}, "data.text"),
        ({"type": "annotation", "actor": "p1", "data": {"text": "x"}, "when": "now"}, "when"),
        ({"seq": 7, "type": "annotation", "actor": "p1", "data": {"text": "x"}}, "seq"),
        ("a note", "event"),
    ],
)
def test_a_malformed_event_is_a_400_naming_seq_and_field(curator, match, event, field):
    append_events(match=match, events=notes("a"), expected_seq=0)
    response = _append(curator, match, notes("b") + [event], 1)
    assert response.status_code == 400
    error = response.json()
    assert error["error"] == "malformed_event"
    assert (error["seq"], error["field"]) == (3, field)
    assert "event 3" in error["detail"]
    assert Event.objects.filter(match=match).count() == 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"events": notes("a")}, "expected_seq"),
        ({"expected_seq": -1, "events": notes("a")}, "expected_seq"),
        ({"expected_seq": "one", "events": notes("a")}, "expected_seq"),
        ({"expected_seq": 0}, "events"),
        ({"expected_seq": 0, "events": {"type": "annotation"}}, "events"),
        ({"expected_seq": 0, "events": []}, "events"),
        ({"expected_seq": 0, "events": notes("a"), "key": "x"}, "key"),
    ],
)
def test_a_malformed_append_body_names_its_field(curator, match, body, field):
    response = curator.post(f"/api/matches/{match.pk}/events/", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field and response.json()["detail"]
    assert not Event.objects.filter(match=match).exists()


def test_the_log_reads_in_pages_after_a_seq(anonymous, match):
    append_events(match=match, events=notes(*[f"n{i}" for i in range(1, 8)]), expected_seq=0)
    page = anonymous.get(f"/api/matches/{match.pk}/events/", {"page_size": 3}).json()
    assert page["count"] == 7 and [e["seq"] for e in page["results"]] == [1, 2, 3]
    assert page["next"]
    later = anonymous.get(f"/api/matches/{match.pk}/events/", {"after_seq": 5}).json()
    assert [e["seq"] for e in later["results"]] == [6, 7]
    first = later["results"][0]
    assert first["data"] == {"text": "n6"} and first["actor"] == "p1"
    assert first["prev_hash"] == Event.objects.get(match=match, seq=5).hash
    bad = anonymous.get(f"/api/matches/{match.pk}/events/", {"after_seq": "x"})
    assert bad.status_code == 400 and bad.json()["field"] == "after_seq"


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
@pytest.mark.parametrize("path", ["events/", ""])
def test_the_log_and_the_match_cannot_be_rewritten(curator, admin, match, method, path):
    append_events(match=match, events=notes("a"), expected_seq=0)
    for client in (curator, admin):
        response = getattr(client, method)(
            f"/api/matches/{match.pk}/{path}",
            {"expected_seq": 1, "events": notes("b")},
            format="json",
        )
        assert response.status_code == 405
        assert response.json()["error"] == "method_not_allowed"
    assert [e.data for e in Event.objects.filter(match=match)] == [{"text": "a"}]
