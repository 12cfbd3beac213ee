"""A finished run's step is drawn once into the cache and served with a strong ETag: a 304 to a
reader who holds the same bytes, public caching only for a public match read signed out, and a
new note, a run still in progress or a change of visibility show exactly where they must."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from replay.log.append import append_events
from replay.log.notes import note_add, note_revise
from replay.models import Match, ReplayRun
from replay.reading import step_views as views
from tests.factories import UserFactory, make_curator

FRAGMENT = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def drawn(monkeypatch):
    """The steps whose panel was drawn (rather than read from the cache), in order."""
    seen = []
    render = views._render_panel

    def counting(context, *, curator):
        seen.append((context["seq"], curator))
        return render(context, curator=curator)

    monkeypatch.setattr(views, "_render_panel", counting)
    return seen


def url(run, seq, **params) -> str:
    path = reverse("replay-step", args=[run.match_id, run.pk, seq])
    return path + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def test_a_finished_step_has_a_strong_etag_and_answers_304(client, dagon_run):
    page = client.get(url(dagon_run, 3))
    fragment = client.get(url(dagon_run, 3), **FRAGMENT)
    for response in (page, fragment):
        assert response.status_code == 200
        etag = response["ETag"]
        assert re.fullmatch(r'"[0-9a-f]{32}"', etag)  # strong: no W/
        assert response["Cache-Control"] == "public, max-age=3600"
        assert {"HX-Request", "Cookie"} <= {v.strip() for v in response["Vary"].split(",")}
    assert page["ETag"] != fragment["ETag"]
    assert b"<html" in page.content and b"<html" not in fragment.content

    again = client.get(url(dagon_run, 3), HTTP_IF_NONE_MATCH=page["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == page["ETag"] and again["Cache-Control"] == "public, max-age=3600"
    again = client.get(url(dagon_run, 3), HTTP_IF_NONE_MATCH=fragment["ETag"], **FRAGMENT)
    assert again.status_code == 304
    # The fragment's validator never answers for the page, nor another step's for this one.
    assert client.get(url(dagon_run, 3), HTTP_IF_NONE_MATCH=fragment["ETag"]).status_code == 200
    assert client.get(url(dagon_run, 4), HTTP_IF_NONE_MATCH=page["ETag"]).status_code == 200
    # A signed-out page carries no CSRF token and sets no cookie: the same bytes for everyone.
    assert b"csrfmiddlewaretoken" not in page.content and b"X-CSRFToken" not in page.content
    assert "csrftoken" not in page.cookies


def test_a_step_is_drawn_once_for_every_reader_of_a_role(client, dagon_run, drawn):
    first = client.get(url(dagon_run, 5))
    assert drawn == [(5, False)]
    assert client.get(url(dagon_run, 5), **FRAGMENT).status_code == 200
    assert Client().get(url(dagon_run, 5)).content == first.content
    reader = Client()
    reader.force_login(UserFactory(username="reader"))
    read = reader.get(url(dagon_run, 5))
    assert read["Cache-Control"] == "private, no-cache"  # the page names its reader
    assert drawn == [(5, False)]
    # Each viewpoint is its own drawing; a curator's has the forms.
    client.get(url(dagon_run, 5, viewer="p1"))
    curator = Client()
    curator.force_login(make_curator("curator"))
    assert b"Add the note" in curator.get(url(dagon_run, 5)).content
    assert drawn == [(5, False), (5, False), (5, True)]


def test_the_cached_step_is_the_step_drawn_afresh(client, dagon_run):
    from django.core.cache import cache

    cached = [client.get(url(dagon_run, seq)).content for seq in (0, 7)]
    client.get(url(dagon_run, 7))
    cache.clear()
    assert [client.get(url(dagon_run, seq)).content for seq in (0, 7)] == cached


def test_a_run_in_progress_is_drawn_every_time_and_never_stored(client, dagon_run, drawn):
    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.RUNNING)
    for _ in range(2):
        response = client.get(url(dagon_run, 4), **FRAGMENT)
        assert response["Cache-Control"] == "no-cache" and not response.has_header("ETag")
    assert drawn == [(4, False), (4, False)]
    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.DONE)
    for _ in range(2):
        assert client.get(url(dagon_run, 4), **FRAGMENT).has_header("ETag")
    assert drawn == [(4, False)] * 3  # drawn once more when done, then kept


def test_a_note_redraws_its_step_and_the_steps_whose_nearest_note_it_becomes(
        client, dagon_run, drawn):
    """Notes on steps 5 and 20; a note on 12 is the next note of steps 5–11 and the previous
    note of 13–19: those and 12 itself are drawn again, no other step."""
    match = dagon_run.match
    for step in (5, 20):
        match.refresh_from_db()
        note_add(match=match, step=step, text=f"on step {step}", expected_seq=match.last_seq)
    steps = range(dagon_run.progress + 1)
    for seq in steps:
        client.get(url(dagon_run, seq), **FRAGMENT)
    assert sorted(s for s, _ in drawn) == list(steps)

    drawn.clear()
    match.refresh_from_db()
    added = note_add(match=match, step=12, text="the wizard hesitates", expected_seq=match.last_seq)
    pages = {seq: client.get(url(dagon_run, seq), **FRAGMENT).content.decode() for seq in steps}
    assert sorted(s for s, _ in drawn) == list(range(5, 21))
    assert "the wizard hesitates" in pages[12]
    assert url(dagon_run, 12) in re.search(r'data-nav="next-note" href="([^"]+)"', pages[8])[0]
    assert url(dagon_run, 12) in re.search(r'data-nav="prev-note" href="([^"]+)"', pages[16])[0]

    drawn.clear()  # a new wording changes the note's own step only
    match.refresh_from_db()
    note_revise(match=match, note_seq=added.first_seq, text="the wizard waits",
                expected_seq=match.last_seq)
    for seq in steps:
        client.get(url(dagon_run, seq), **FRAGMENT)
    assert drawn == [(12, False)]


@pytest.mark.parametrize("role", ["reader", "curator"])
def test_a_signed_in_readers_step_keeps_its_etag_and_answers_304(dagon_run, role):
    """Tries: a signed-in reader (and a curator, whose panel has forms) asks for a step twice,
    the page and the htmx fragment, the second time with the ETag of the first. Proves: the
    same bytes and ETag each time, 304 to the conditional request, kept private to the
    reader; the CSRF token's cookie is sent with the step, never in it."""
    client = Client()
    client.force_login(make_curator("ana") if role == "curator" else UserFactory(username="ana"))
    for headers in ({}, FRAGMENT):
        first, second = (client.get(url(dagon_run, 5), **headers) for _ in range(2))
        assert first.status_code == second.status_code == 200
        assert first.content == second.content and first["ETag"] == second["ETag"]
        assert first["Cache-Control"] == "private, no-cache"
        again = client.get(url(dagon_run, 5), HTTP_IF_NONE_MATCH=first["ETag"], **headers)
        assert again.status_code == 304 and again["ETag"] == first["ETag"]
        assert b"csrfmiddlewaretoken" not in first.content
    assert settings.CSRF_COOKIE_NAME in client.cookies


def test_a_curators_step_follows_every_append_and_carries_no_token(dagon_run, drawn):
    """A curator's forms say the seq the log ends at, so any append draws them again; the
    CSRF token is never in the step's bytes, kept or served: it is the reader's own cookie,
    which a write sends back (static/js/csrf.js)."""
    match = dagon_run.match
    curators = []
    for name in ("ana", "luis"):
        curator = Client(enforce_csrf_checks=True)
        curator.force_login(make_curator(name))
        curators.append(curator)
    pages = [c.get(url(dagon_run, 6)).content.decode() for c in curators]
    assert drawn == [(6, True)]
    assert pages[0] == pages[1].replace("luis", "ana")  # the same bytes but for the name
    assert "csrfmiddlewaretoken" not in "".join(pages) and "X-CSRFToken" not in "".join(pages)
    assert 'action="/matches/' in pages[0] and 'method="post"' in pages[0]
    assert f'name="expected_seq" value="{match.last_seq}"' in pages[0]
    annotate = reverse("step-annotate", args=[match.pk, dagon_run.pk, 6])
    refused = curators[1].post(annotate, {"text": "no token", "expected_seq": match.last_seq})
    assert refused.status_code == 403
    token = curators[1].cookies[settings.CSRF_COOKIE_NAME].value
    posted = curators[1].post(annotate, {"text": "kept", "expected_seq": match.last_seq},
                              HTTP_X_CSRFTOKEN=token)
    assert posted.status_code == 302
    page = curators[0].get(url(dagon_run, 6)).content.decode()
    assert drawn == [(6, True), (6, True)] and "kept" in page
    assert f'name="expected_seq" value="{match.last_seq + 1}"' in page
    # A note on no step changes nothing a reader sees on step 6, but a curator's forms.
    match.refresh_from_db()
    appended = append_events(match=match, expected_seq=match.last_seq, events=[
        {"type": "annotation", "data": {"text": "on the whole match"}}])
    Client().get(url(dagon_run, 6))
    page = curators[0].get(url(dagon_run, 6)).content.decode()
    assert f'name="expected_seq" value="{appended.last_seq}"' in page
    assert drawn == [(6, True), (6, True), (6, False), (6, True)]
    Client().get(url(dagon_run, 6))
    assert len(drawn) == 4


def test_a_private_step_is_served_to_no_one_else_cached_or_not(dagon_run, drawn):
    owner = UserFactory(username="owner")
    Match.objects.filter(pk=dagon_run.match_id).update(is_private=True, created_by=owner)
    mine = Client()
    mine.force_login(owner)
    page, fragment = mine.get(url(dagon_run, 3)), mine.get(url(dagon_run, 3), **FRAGMENT)
    for response in (page, fragment):
        assert response.status_code == 200 and response["Cache-Control"] == "private, no-cache"
    assert mine.get(url(dagon_run, 3), HTTP_IF_NONE_MATCH=fragment["ETag"],
                    **FRAGMENT).status_code == 304
    other = Client()
    other.force_login(UserFactory(username="other"))
    for client in (Client(), other):
        for extra in ({}, FRAGMENT):
            for etag in (page["ETag"], fragment["ETag"]):
                answer = client.get(url(dagon_run, 3), HTTP_IF_NONE_MATCH=etag, **extra)
                assert answer.status_code == 404 and b"Club night" not in answer.content
    goto = reverse("replay-goto", args=[dagon_run.match_id, dagon_run.pk]) + "?seq=3"
    assert Client().get(goto, **FRAGMENT).status_code == 404


def test_making_a_match_private_refuses_what_was_cached_and_redraws_nothing(
        client, dagon_run, drawn):
    public = client.get(url(dagon_run, 3), **FRAGMENT)
    assert public["Cache-Control"].startswith("public")
    owner = UserFactory(username="owner")
    Match.objects.filter(pk=dagon_run.match_id).update(is_private=True, created_by=owner)
    assert client.get(url(dagon_run, 3), **FRAGMENT).status_code == 404
    assert client.get(url(dagon_run, 3), HTTP_IF_NONE_MATCH=public["ETag"],
                      **FRAGMENT).status_code == 404
    mine = Client()
    mine.force_login(owner)
    kept = mine.get(url(dagon_run, 3), **FRAGMENT)
    assert kept.content == public.content and kept["Cache-Control"] == "private, no-cache"
    Match.objects.filter(pk=dagon_run.match_id).update(is_private=False)
    assert client.get(url(dagon_run, 3), **FRAGMENT)["Cache-Control"].startswith("public")
    assert drawn == [(3, False)]  # the same bytes throughout: nothing was drawn again


def test_a_rewritten_chain_is_refused_even_when_the_step_was_cached(client, dagon_run):
    from tests.guarantees.tampering import tamper

    match = dagon_run.match
    assert client.get(url(dagon_run, 3)).status_code == 200
    event = match.events.get(seq=7)
    tamper(match, 7, {**event.data, "tampered": True}, recompute=True)
    assert client.get(url(dagon_run, 3)).status_code == 409


def test_a_break_found_by_a_read_is_shown_on_steps_read_after_it(client, dagon_run):
    """A change with the hashes left alone is found by the next read that walks the events
    (here the match page); from then on the steps are read afresh, and a step whose stretch
    holds the break is refused."""
    from tests.guarantees.tampering import tamper

    match = dagon_run.match
    assert client.get(url(dagon_run, 14)).status_code == 200
    event = match.events.get(seq=12)
    tamper(match, 12, {**event.data, "tampered": True})
    assert "broken at seq 12" in client.get(reverse("match-detail", args=[match.pk])).content.decode()
    refused = client.get(url(dagon_run, 14))
    assert refused.status_code == 409 and "broken at seq 12" in refused.content.decode()


def test_a_new_rulebook_text_redraws_the_steps(client, dagon_run, drawn):
    """A step quotes the passages its flags cite: a new version of a transcription redraws
    the steps, in every process (the latest version is read with the run)."""
    from archive.models import Transcription
    from archive.services import import_transcription

    client.get(url(dagon_run, 4))
    client.get(url(dagon_run, 4))
    assert drawn == [(4, False)]
    latest = Transcription.objects.order_by("-pk").first()
    import_transcription(rulebook=latest.rulebook, text=latest.text + "\n\nA later reading.",
                         language=latest.language, transcriber="test")
    client.get(url(dagon_run, 4))
    client.get(url(dagon_run, 4))
    assert drawn == [(4, False), (4, False)]


def test_the_cache_works_the_same_on_redis(client, dagon_run, drawn, redis_server, settings):
    """With LUDOTECA_CACHE_URL set the steps are kept in Redis, shared by every web process:
    drawn once, answered 304, redrawn for a note on the step; each pool's client asked once
    (config.cache), however many calls."""
    from django.core.cache import cache

    settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache",
                                   "LOCATION": redis_server.url.rsplit("/", 1)[0] + "/2"}}
    cache.clear()
    assert cache._cache.get_client(write=True) is cache._cache.get_client()
    first = client.get(url(dagon_run, 9), **FRAGMENT)
    assert client.get(url(dagon_run, 9), HTTP_IF_NONE_MATCH=first["ETag"],
                      **FRAGMENT).status_code == 304
    assert client.get(url(dagon_run, 9), **FRAGMENT).content == first.content
    assert drawn == [(9, False)]
    match = dagon_run.match
    note_add(match=match, step=9, text="kept in Redis", expected_seq=match.last_seq)
    assert b"kept in Redis" in client.get(url(dagon_run, 9), **FRAGMENT).content
    client.get(url(dagon_run, 9), **FRAGMENT)
    assert drawn == [(9, False)] * 2
    cache.clear()


def test_a_stored_step_is_kept_near_and_checked_as_one_from_redis(
        client, dagon_run, drawn, redis_server, settings, monkeypatch,
        django_assert_num_queries):
    """Beside Redis, each web process keeps the steps readers signed out get in its own memory
    (the ``near`` cache): read again, such a step asks Redis nothing, yet is served only after
    the same one query (the match still public, the run still standing, nothing it was drawn
    from moved), so a match made private or a note is seen at once."""
    from django.core.cache import caches

    settings.CACHES = {
        "default": {"BACKEND": "config.cache.RedisCache",
                    "LOCATION": redis_server.url.rsplit("/", 1)[0] + "/2"},
        "near": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                 "LOCATION": "test-near", "TIMEOUT": None},
    }
    caches["default"].clear()
    caches["near"].clear()
    first = client.get(url(dagon_run, 5), **FRAGMENT)
    asked = []
    shared = caches["default"]
    for name in ("get", "get_many"):
        method = getattr(shared, name)
        monkeypatch.setattr(shared, name, lambda *a, _m=method, _n=name, **k:
                            asked.append(_n) or _m(*a, **k))
    with django_assert_num_queries(1):
        assert client.get(url(dagon_run, 5), **FRAGMENT).content == first.content
    assert asked == [] and drawn == [(5, False)]

    match = dagon_run.match
    Match.objects.filter(pk=match.pk).update(is_private=True, created_by=UserFactory())
    assert client.get(url(dagon_run, 5), **FRAGMENT).status_code == 404
    Match.objects.filter(pk=match.pk).update(is_private=False)
    note_add(match=match, step=5, text="seen by every process", expected_seq=match.last_seq)
    assert b"seen by every process" in client.get(url(dagon_run, 5), **FRAGMENT).content
    assert drawn == [(5, False)] * 2
    caches["default"].clear()
    caches["near"].clear()


def test_a_drawn_step_is_stored_once_its_response_is_sent(client, dagon_run, drawn, rf):
    """What a cold step keeps is written when the server closes the response, after its bytes
    are sent: until then the step is not stored (a read draws it again), after it is."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.signals import request_finished
    from django.db import close_old_connections

    request = rf.get(url(dagon_run, 4))  # the whole page (no htmx middleware here)
    request.user = AnonymousUser()
    response = views.replay_step(request, dagon_run.match_id, dagon_run.pk, 4)
    assert response.status_code == 200 and b"step 4" in response.content
    assert client.get(url(dagon_run, 4)).content == response.content
    assert drawn == [(4, False)] * 2
    request_finished.disconnect(close_old_connections)  # as the test client closes one
    try:
        response.close()
    finally:
        request_finished.connect(close_old_connections)
    client.get(url(dagon_run, 4))
    assert drawn == [(4, False)] * 2


@pytest.fixture
def cache_asked(monkeypatch):
    """Each time the cache is asked (a round trip to Redis in production), by what was asked."""
    from django.core.cache import caches

    store, asked, depth = caches["default"], [], [0]

    def counted(name, method):
        def call(*args, **kwargs):
            if not depth[0]:  # a backend's get_many may ask its own get: one round trip
                asked.append(name)
            depth[0] += 1
            try:
                return method(*args, **kwargs)
            finally:
                depth[0] -= 1
        return call

    for name in ("get", "get_many", "set", "set_many", "add", "delete", "has_key"):
        monkeypatch.setattr(store, name, counted(name, getattr(store, name)))
    return asked


def test_a_step_of_a_run_already_read_asks_the_cache_once(client, dagon_run, cache_asked):
    """What every step of a finished run reads the same (its marks, the steps where its
    reading matters, the match's notes, the states kept near the step) is looked up together
    with the step: a step not yet stored asks the cache once for all of it, then stores in
    one write the step, the page kept for readers signed out and the states it passed."""
    client.get(url(dagon_run, 2), **FRAGMENT)
    cache_asked.clear()
    assert client.get(url(dagon_run, 7), **FRAGMENT).status_code == 200
    assert cache_asked == ["get", "get_many", "set_many"]
    cache_asked.clear()
    assert client.get(url(dagon_run, 7), **FRAGMENT).status_code == 200
    assert cache_asked == ["get"]


def test_the_next_step_starts_from_the_state_kept_with_the_step_before(
        client, dagon_run, monkeypatch):
    """A step read keeps the state after it: the next step (the one the arrow key asks for)
    applies its own event only, and draws what a read from the stored snapshot draws."""
    import games

    client.get(url(dagon_run, 2), **FRAGMENT)  # the run's first read works out its marks
    client.get(url(dagon_run, 6), **FRAGMENT)
    applied = []
    engine = type(games.get("dagon"))
    apply = engine.apply
    monkeypatch.setattr(engine, "apply", lambda self, state, event, interpretation:
                        applied.append(event["seq"]) or apply(self, state, event, interpretation))
    kept = client.get(url(dagon_run, 7), **FRAGMENT).content
    assert applied == [7]
    cache.clear()
    applied.clear()
    assert client.get(url(dagon_run, 7), **FRAGMENT).content == kept
    assert applied[:6] == [1, 2, 3, 4, 5, 6]


@pytest.fixture
def pages_made(monkeypatch):
    """The whole step pages made around a panel (rather than served as stored), by seq."""
    made = []
    make = views._step_page

    def counting(request, face, seq, panel, **kwargs):
        made.append(seq)
        return make(request, face, seq, panel, **kwargs)

    monkeypatch.setattr(views, "_step_page", counting)
    return made


def test_a_stored_step_reaches_someone_signed_out_in_one_query(
        client, dagon_run, drawn, pages_made, django_assert_num_queries):
    """Read signed out, a public match's stored step (page or fragment) is one small query
    (may the match be read, does its log still stand) and one look at the cache: nothing is
    drawn or made again."""
    first = client.get(url(dagon_run, 6))
    fragment = client.get(url(dagon_run, 6), **FRAGMENT)
    for _ in range(2):
        with django_assert_num_queries(1):
            assert client.get(url(dagon_run, 6)).content == first.content
        with django_assert_num_queries(1):
            assert client.get(url(dagon_run, 6), **FRAGMENT).content == fragment.content
    assert drawn == [(6, False)] and pages_made == [6]
    again = client.get(url(dagon_run, 6), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["Cache-Control"] == "public, max-age=3600"
    # A signed-in reader's page names them: it is made for them, never served from the store.
    reader = Client()
    reader.force_login(UserFactory(username="reader"))
    assert b"reader" in reader.get(url(dagon_run, 6)).content
    assert pages_made == [6, 6]


def test_a_step_not_yet_stored_is_read_in_two_queries_after_the_one_before_it(
        client, dagon_run):
    """Signed out, a step no one has read asks the cache first, and the database nothing
    until it reads the step: the run with the log around the step (may it be read, what the
    step is drawn from), then the events from the state kept with the step before it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from replay.models import ReplayStep

    seq = next(step.seq for step in ReplayStep.objects.filter(run=dagon_run, seq__gt=3)
               .order_by("seq") if not step.flag_count)
    client.get(url(dagon_run, seq - 1), **FRAGMENT)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url(dagon_run, seq), **FRAGMENT).status_code == 200
    read = [query["sql"] for query in queries.captured_queries]
    assert len(read) == 2, read
    assert "replay_replayrun" in read[0] and "replay_replaystep" in read[0]
    assert "replay_event" in read[1] and f"BETWEEN {seq - 1} AND {seq}" in read[1]


def test_a_stored_page_follows_visibility_notes_and_runs_at_once(
        client, dagon_run, pages_made):
    """The page kept for readers signed out is refused the moment the match turns private,
    made again when a note or the game's title changes what it shows, and never kept for a
    run in progress."""
    match = dagon_run.match
    client.get(url(dagon_run, 3))
    Match.objects.filter(pk=match.pk).update(is_private=True, created_by=UserFactory())
    assert client.get(url(dagon_run, 3)).status_code == 404
    Match.objects.filter(pk=match.pk).update(is_private=False)
    assert client.get(url(dagon_run, 3))["Cache-Control"].startswith("public")
    assert pages_made == [3]  # the same bytes again: the kept page serves once more

    match.refresh_from_db()
    note_add(match=match, step=3, text="the page says it", expected_seq=match.last_seq)
    assert "the page says it" in client.get(url(dagon_run, 3)).content.decode()
    assert pages_made == [3, 3]

    game = match.game  # a curator corrects the game's title, which the page names
    game.title = "Dagon, corrected"
    game.save()
    assert "Dagon, corrected" in client.get(url(dagon_run, 3)).content.decode()
    assert pages_made == [3, 3, 3]

    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.RUNNING)
    for _ in range(2):
        assert client.get(url(dagon_run, 3))["Cache-Control"] == "no-cache"
    assert pages_made == [3, 3, 3, 3, 3]


def test_a_stored_page_is_never_one_with_words_someone_put_in_its_address(client, dagon_run):
    """A signed-out page says its own address (the sign-in link returns to it) and the
    search box says ``q``: a step asked for with other parameters than the viewpoint is sent
    to its one address, so no one's words reach a page, kept or not."""
    planted = client.get(url(dagon_run, 4, q="planted-words"), follow=True)
    assert planted.redirect_chain == [(url(dagon_run, 4), 302)]
    assert "planted-words" not in planted.content.decode()
    for _ in range(2):
        assert "planted-words" not in client.get(url(dagon_run, 4)).content.decode()
    as_seat = client.get(url(dagon_run, 4, viewer="p1")).content.decode()
    assert "viewer%3Dp1" in as_seat
    assert client.get(url(dagon_run, 4, viewer="p1")).content.decode() == as_seat
