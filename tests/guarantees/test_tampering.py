"""History is never rewritten. Raw SQL, the ORM, TRUNCATE and verify_log naming
the seq of a change made behind the triggers' back are proved on both databases in
tests/replay/test_append_only.py; this file adds the admin screens and the match head."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import ProtectedError
from django.test import Client

from replay.log.append import append_events
from replay.models import Event, Match
from tests.factories import UserFactory
from tests.guarantees.conftest import note
from trust.audit import verify_log


@pytest.fixture
def logged(log_match):
    append_events(match=log_match, events=[note("one"), note("two"), note("three")],
                  expected_seq=0)
    log_match.refresh_from_db()
    return log_match


@pytest.fixture
def superuser_client(db):
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def snapshot(match) -> tuple:
    match.refresh_from_db()
    events = list(Event.objects.filter(match=match).order_by("seq").values_list(
        "seq", "type", "actor", "data", "hash"))
    return match.title, match.players, match.setup, match.last_seq, match.head_hash, events


def test_the_admin_cannot_change_or_delete_an_event(logged, superuser_client):
    """Tries: as a superuser, the admin's change form (POST), delete page (GET and POST),
    the list's bulk delete action and the add form for an event. Proves: each is refused
    (403) or offers no way to write, and the log and its chain are unchanged."""
    event = Event.objects.get(match=logged, seq=2)
    before = snapshot(logged)
    base = f"/admin/replay/event/{event.pk}"
    assert superuser_client.post(f"{base}/change/", {"type": "move", "data": "{}",
                                                     "seq": "2"}).status_code == 403
    assert superuser_client.get(f"{base}/delete/").status_code == 403
    assert superuser_client.post(f"{base}/delete/", {"post": "yes"}).status_code == 403
    assert superuser_client.get("/admin/replay/event/add/").status_code == 403
    bulk = superuser_client.post("/admin/replay/event/", {
        "action": "delete_selected", "_selected_action": [event.pk], "post": "yes"})
    assert bulk.status_code in (200, 302, 403)
    assert snapshot(logged) == before
    assert verify_log(match=logged) is None


def test_the_admin_cannot_delete_a_match_or_move_its_head(logged, superuser_client):
    """Tries: as a superuser, the admin's delete page and bulk delete for a match, and its
    change form with a forged last_seq and head_hash. Proves: deletion is refused, the head
    fields are read-only (the forged values are ignored), and the log still verifies."""
    base = f"/admin/replay/match/{logged.pk}"
    assert superuser_client.get(f"{base}/delete/").status_code == 403
    assert superuser_client.post(f"{base}/delete/", {"post": "yes"}).status_code == 403
    superuser_client.post("/admin/replay/match/", {
        "action": "delete_selected", "_selected_action": [logged.pk], "post": "yes"})
    assert Match.objects.filter(pk=logged.pk).exists()
    page = superuser_client.get(f"{base}/change/").content.decode()
    assert 'name="last_seq"' not in page and 'name="head_hash"' not in page
    superuser_client.post(f"{base}/change/", {
        "game": logged.game_id, "title": logged.title, "players": '[{"id": "p1", "name": "A"}]',
        "setup": "{}", "last_seq": "1", "head_hash": "0" * 64})
    logged.refresh_from_db()
    assert logged.last_seq == 3 and logged.head_hash != "0" * 64
    assert Event.objects.filter(match=logged).count() == 3
    assert verify_log(match=logged) is None


def test_the_orm_cannot_delete_a_match_with_a_log(logged):
    """Tries: ``Match.delete()`` and a queryset delete. Proves: the events' PROTECT foreign
    key refuses both before the triggers are even reached."""
    with pytest.raises(ProtectedError):
        logged.delete()
    with pytest.raises(ProtectedError):
        Match.objects.filter(pk=logged.pk).delete()
    assert Event.objects.filter(match=logged).count() == 3


def test_a_forged_match_head_is_found_by_verify_log(logged):
    """Tries: moving the match's head (last_seq, head_hash) by raw SQL, which the event
    triggers do not guard. Proves: verify_log reports the mismatch instead of trusting it."""
    with connection.cursor() as cursor:
        cursor.execute("UPDATE replay_match SET last_seq = 2 WHERE id = %s", [logged.pk])
    logged.refresh_from_db()
    broken = verify_log(match=logged)
    assert broken is not None and "seq 2" in str(broken), broken


@pytest.mark.django_db
def test_the_admin_cannot_change_what_a_replay_starts_from(client):
    """A match's game, players and setup are what a replay starts from; the hash chain does not
    cover them, and a match is made and changed only behind the input boundary, so the admin
    shows matches read-only: a forged POST changes nothing."""
    from django.contrib.auth.models import User

    from archive.services import load_archive
    from replay.log.interchange import import_match

    load_archive()
    match = import_match(raw=games_document())
    admin = User.objects.create_superuser("root-setup", "root@example.org", "a-long-test-password")
    client.force_login(admin)
    url = f"/admin/replay/match/{match.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200
    form = page.content.decode()
    for field in ("game", "players", "setup", "title", "is_private"):
        assert f'name="{field}"' not in form, f"{field} is editable in the admin"
    client.post(url, {"title": "renamed", "players": '[{"id": "x", "name": "Forged"}]',
                      "setup": '{"thrones_to_win": 1}', "source": "", "played_on": ""})
    match.refresh_from_db()
    assert match.players[0]["name"] != "Forged"
    assert match.setup.get("thrones_to_win") != 1


def games_document():
    import games

    return games.get("dagon").simulate(seed=1, max_events=20)
