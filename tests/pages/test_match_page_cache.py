"""A public match's page is kept for readers signed out and served after one small query: every
change to what it shows (an append, a run, a note, a variation's visibility, the match's, a
broken chain) changes what is served at once, and a private match is never served."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse

from archive.models import Game
from replay.log.append import append_events
from replay.log.db_guards import install_event_guards, remove_event_guards
from replay.log.notes import note_add
from replay.models import Match, ReplayRun
from replay.reading import faces, match_cache, match_views
from replay.runs.replaying import replay_match
from replay.variations.lines import variation_create
from tests.factories import UserFactory, make_curator
from tests.guarantees.tampering import tamper
from trust.audit import verify_log


@pytest.fixture
def drawn(monkeypatch):
    """The match pages drawn (rather than served as kept), by match id, in order."""
    seen = []
    context = match_views.match_context

    def counting(request, match, **kwargs):
        seen.append(match.pk)
        return context(request, match, **kwargs)

    monkeypatch.setattr(match_views, "match_context", counting)
    return seen


def page_of(match, **params) -> str:
    path = reverse("match-detail", args=[match.pk])
    return path + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def read(match, **params) -> str:
    """The page as a new reader signed out gets it."""
    response = Client().get(page_of(match, **params))
    assert response.status_code == 200
    return response.content.decode()


def test_a_kept_page_reaches_a_second_reader_in_one_query(
        dagon_run, drawn, django_assert_num_queries):
    match = dagon_run.match
    first = Client().get(page_of(match))
    assert drawn == [match.pk]
    for _ in range(2):
        with django_assert_num_queries(1):
            again = Client().get(page_of(match))
        assert again.content == first.content
    assert drawn == [match.pk]
    # The headers the drawn page sends: it varies with the reader's cookie, and sets none.
    for response in (first, again):
        assert response["Vary"] == "Cookie" and not response.has_header("Cache-Control")
        assert not response.cookies
    # A signed-in reader's page names them; a curator's has the forms: each drawn for them.
    reader, curator = Client(), Client()
    reader.force_login(UserFactory(username="reader"))
    curator.force_login(make_curator("curator"))
    assert "reader" in reader.get(page_of(match)).content.decode()
    assert 'name="expected_seq"' in curator.get(page_of(match)).content.decode()
    assert drawn == [match.pk] * 3


def test_a_page_asked_with_parameters_is_neither_kept_nor_served_from_the_store(
        dagon_run, drawn):
    """The page says its own address (the sign-in link returns to it) and the search box
    says ``q``: no one's words reach another reader."""
    match = dagon_run.match
    assert "planted-words" in read(match, q="planted-words")
    assert "planted-words" not in read(match)
    assert "planted-words" in read(match, q="planted-words")
    assert drawn == [match.pk] * 3


def test_an_append_a_note_and_a_new_run_change_the_page_at_once(dagon_run, drawn):
    match = dagon_run.match
    read(match)
    appended = append_events(match=match, expected_seq=match.last_seq, events=[
        {"type": "annotation", "data": {"text": "played by candlelight"}}])
    page = read(match)
    assert "played by candlelight" in page
    assert f'<span id="log-length">{appended.last_seq}</span>' in page
    match.refresh_from_db()
    note_add(match=match, step=3, text="a note on step three", expected_seq=match.last_seq)
    assert "a note on step three" in read(match)
    match.refresh_from_db()
    other = replay_match(match=match, reading={"dagon.lagoon-chooser": "attacked"})
    assert other.status == ReplayRun.DONE
    assert f">Run {other.pk}: opens at step" in read(match)
    read(match)
    assert drawn == [match.pk] * 4  # each change drawn once, then served as kept


def test_a_run_still_going_is_never_kept_and_its_end_shows(dagon_run, drawn):
    """While any run of the match is going its page is drawn on every request (its progress
    moves); once the run has ended, its status shows and the page is kept again."""
    match = dagon_run.match
    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.RUNNING, progress=20)
    assert "running (50%)" in read(match)
    ReplayRun.objects.filter(pk=dagon_run.pk).update(progress=30)
    assert "running (75%)" in read(match)
    assert drawn == [match.pk] * 2
    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.FAILED)
    assert "failed (75%)" in read(match)
    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.RUNNING, attempts=2)
    read(match)
    ReplayRun.objects.filter(pk=dagon_run.pk).update(status=ReplayRun.DONE, progress=40)
    page = read(match)
    assert "running" not in page and "failed" not in page and "(75%)" not in page
    read(match)
    assert drawn == [match.pk] * 5


def test_the_games_and_the_matchs_words_corrected_show_at_once(dagon_run, drawn):
    match = dagon_run.match
    read(match)
    Match.objects.filter(pk=match.pk).update(title="Club night, table 3",
                                             source="the club's score book")
    page = read(match)
    assert "Club night, table 3" in page and "the club&#x27;s score book" in page
    game = match.game
    game.title = "Dagon, corrected"
    game.save()
    assert "Dagon, corrected" in read(match)
    assert drawn == [match.pk] * 3


def test_a_page_is_not_kept_when_what_it_shows_moved_while_it_was_drawn(dagon_run, monkeypatch):
    """The page is kept under what was read before drawing it: a change made meanwhile (here
    the game renamed) would otherwise be kept under the old name, served again if the name
    came back."""
    match = dagon_run.match
    name = match.game.title
    context = match_views.match_context

    def renamed_meanwhile(request, match, **kwargs):
        Game.objects.filter(pk=match.game_id).update(title="Dagon, renamed")
        match.game.refresh_from_db()
        return context(request, match, **kwargs)

    monkeypatch.setattr(match_views, "match_context", renamed_meanwhile)
    assert "Dagon, renamed" in read(match)
    monkeypatch.setattr(match_views, "match_context", context)
    Game.objects.filter(pk=match.game_id).update(title=name)
    page = read(match)
    assert name in page and "Dagon, renamed" not in page


def test_making_the_match_private_refuses_the_kept_page_at_once(dagon_run, drawn):
    match = dagon_run.match
    read(match)
    owner = UserFactory(username="owner")
    Match.objects.filter(pk=match.pk).update(is_private=True, created_by=owner)
    refused = Client().get(page_of(match))
    assert refused.status_code == 404 and "Club night" not in refused.content.decode()
    mine = Client()
    mine.force_login(owner)
    assert "Club night" in mine.get(page_of(match)).content.decode()
    Match.objects.filter(pk=match.pk).update(is_private=False)
    assert "Club night" in read(match)
    assert drawn == [match.pk, match.pk]  # the owner's; the public page was kept throughout


def test_a_variation_made_private_or_public_shows_at_once_on_its_family(dagon_run, drawn):
    match = dagon_run.match
    variation = variation_create(parent=match, from_seq=5, title="What if the lagoon held")
    assert "What if the lagoon held" in read(match)
    parent_link = f'<a href="{page_of(match)}">Club night, table 2</a>'
    assert parent_link in read(variation)  # the variation names its parent
    Match.objects.filter(pk=variation.pk).update(is_private=True)
    assert "What if the lagoon held" not in read(match)
    Match.objects.filter(pk=variation.pk).update(is_private=False)
    assert "What if the lagoon held" in read(match)
    Match.objects.filter(pk=match.pk).update(is_private=True)
    assert parent_link not in read(variation)
    Match.objects.filter(pk=match.pk).update(is_private=False)
    variation_create(parent=variation, from_seq=5, title="And then the storm")
    assert "And then the storm" in read(match)  # the whole family, however deep
    assert "And then the storm" in read(variation)
    # Public again, the variation's family is as it was: the page kept then serves again.
    assert drawn.count(match.pk) == 3 and drawn.count(variation.pk) == 3


def test_a_kept_page_never_names_a_match_now_private(dagon_run):
    """Even a page kept under the face of the moment (as a page drawn just before a variation
    turned private could be) is not served while it names a private match."""
    match = dagon_run.match
    variation = variation_create(parent=match, from_seq=5, title="What if the lagoon held")
    naming = Client().get(page_of(match))
    Match.objects.filter(pk=variation.pk).update(is_private=True)
    request = RequestFactory().get(page_of(match))
    match_cache.keep_page(request, faces.match_face(match_id=match.pk), match_id=match.pk,
                          response=naming, named={match.pk, variation.pk})
    assert "What if the lagoon held" not in read(match)


def test_a_chain_recomputed_after_its_run_shows_the_banner_on_a_kept_page(dagon_run):
    """The run's recorded head is no longer stored where it replayed to: the page shows the
    banner and lists no event."""
    match = dagon_run.match
    read(match)
    tamper(match, 7, {**match.events.get(seq=7).data, "recomputed": True}, recompute=True)
    page = read(match)
    assert "broken at seq" in page and 'id="seq-1"' not in page


def test_a_last_event_no_longer_storing_the_head_shows_the_banner_on_a_kept_page(dagon_run):
    """The log's last event is a note after the run, so the run's own head still stands."""
    match = dagon_run.match
    append_events(match=match, expected_seq=match.last_seq, events=[
        {"type": "annotation", "data": {"text": "a word after the game"}}])
    match.refresh_from_db()
    read(match)
    remove_event_guards(connection)
    try:
        with connection.cursor() as cursor:
            cursor.execute("UPDATE replay_event SET hash = %s WHERE match_id = %s AND seq = %s",
                           ["a" * 64, match.pk, match.last_seq])
    finally:
        install_event_guards(connection)
    page = read(match)
    assert f"broken at seq {match.last_seq}" in page and 'id="seq-1"' not in page


def test_a_run_whose_head_the_log_no_longer_stores_shows_the_banner_on_a_kept_page(dagon_run):
    match = dagon_run.match
    read(match)
    ReplayRun.objects.filter(pk=dagon_run.pk).update(head_hash="e" * 64)
    page = read(match)
    assert "the chain was rewritten after that run" in page and 'id="seq-1"' not in page


def test_a_change_leaving_the_hashes_alone_shows_once_a_read_finds_it(dagon_run):
    """The query cannot hash the events: a kept page is served as it was drawn (the events as
    they were checked) until a read walks the changed event, which marks the match broken."""
    match = dagon_run.match
    kept = read(match)
    tamper(match, 12, {**match.events.get(seq=12).data, "tampered": True})
    assert read(match) == kept
    assert verify_log(match=match) is not None
    page = read(match)
    assert "broken at seq 12" in page and 'id="seq-1"' not in page
