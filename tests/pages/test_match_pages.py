"""Match pages, the log forms and the step-through, through Django's test client."""

from __future__ import annotations

import html as markup
import json
import re

import lxml.html
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

import games
from replay.log.interchange import export_match, import_match
from replay.models import Event, Match, ReplayRun
from replay.runs.replaying import replay_match
from replay.runs.steps import first_flag_seq

ROLL = {"type": "roll", "actor": "p1", "data": {"value": 4}}


def test_match_page_shows_players_source_log_and_runs(client, dagon_run):
    match = dagon_run.match
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    assert "Ana" in page and "Luis" in page and 'id="seq-40"' in page
    assert reverse("run-detail", args=[match.pk, dagon_run.pk]) in page
    assert reverse("match-append", args=[match.pk]) not in page  # not a curator
    assert "sign in" in page


def test_create_a_match_then_append_events(curator_client, archive):
    response = curator_client.post(reverse("match-create"), {
        "game": "dagon", "title": "Club night", "player": ["Ana", "Luis", ""],
        "played_on": "1989-03-12", "source": "score sheet",
    })
    assert response.status_code == 302
    match = Match.objects.get(title="Club night")
    assert response["Location"] == reverse("match-record", args=[match.pk])
    assert match.players == [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]
    page = curator_client.get(reverse("match-detail", args=[match.pk])).content.decode()
    assert 'name="expected_seq" value="0"' in page
    response = curator_client.post(reverse("match-append", args=[match.pk]), {
        "events": json.dumps([ROLL]), "expected_seq": "0",
    })
    assert response.status_code == 302
    assert list(match.events.values_list("seq", "type")) == [(1, "roll")]


def test_create_match_errors_name_the_field(curator_client, archive):
    url = reverse("match-create")
    no_game = curator_client.post(url, {"title": "T", "player": ["Ana", "Luis"]})
    assert no_game.status_code == 400 and "choose the game first" in no_game.content.decode()
    too_few = curator_client.post(url, {"game": "dagon", "title": "T", "player": ["Ana"]})
    page = too_few.content.decode()
    assert too_few.status_code == 400
    assert 'id="players-error"' in page and "2 to 4 players, not 1" in page
    bad_setup = curator_client.post(url, {"game": "dagon", "title": "T",
                                          "player": ["A", "B"], "setup:thrones_to_win": "x"})
    assert 'id="setup-error"' in bad_setup.content.decode()
    assert "setup.thrones_to_win" in bad_setup.content.decode()
    assert Match.objects.count() == 0


def test_the_new_match_form_asks_in_the_games_words(curator_client, archive):
    """Coming from a game's matches the game is chosen; the players are rows of names (as
    many as the game allows), each seat's part said; the setup is the game's fields with
    their defaults, and what they give is the match's setup."""
    listing = curator_client.get(reverse("match-list"), {"game": "fury-of-dracula"})
    tree = lxml.html.fromstring(listing.content.decode())
    (new,) = tree.xpath("//a[text()='Record a new match']")
    assert new.get("href") == reverse("match-create") + "?game=fury-of-dracula"
    page = curator_client.get(new.get("href")).content.decode()
    tree = lxml.html.fromstring(page)
    assert tree.xpath("//select[@id='new-game']/option[@selected]")[0].text == \
        "La Furia di Dracula"
    assert "is played by 2 to 5 players" in " ".join(tree.xpath("//legend")[0].itertext())
    rows = tree.xpath("//li[@class='player-row']")
    assert len(rows) == 5
    assert [r.xpath(".//*[@data-role]")[0].text for r in rows[:2]] == ["a hunter", "Dracula"]
    assert not tree.xpath("//textarea[@name='players']")  # no "p1: Ana" lines
    (dracula,) = tree.xpath("//select[@name='setup:dracula']")
    assert [o.text for o in dracula.xpath("./option")] == [
        "the default", "seat 1", "seat 2"]
    assert tree.xpath("//input[@name='setup:trail_length']")[0].get("placeholder") == "6"
    created = curator_client.post(reverse("match-create"), {
        "game": "fury-of-dracula", "title": "Table 3", "player": ["Ana", "Luis", "Carla", ""],
        "setup:dracula": "p1", "setup:starts:p2": "paris", "setup:trail_length": ""})
    assert created.status_code == 302
    match = Match.objects.get(title="Table 3")
    assert match.setup == {"dracula": "p1", "starts": {"p2": "paris"}}
    assert [p["name"] for p in match.players] == ["Ana", "Luis", "Carla"]


def test_stale_expected_seq_is_a_conflict_that_keeps_the_text(curator_client, dagon_match):
    url = reverse("match-append", args=[dagon_match.pk])
    stale = dagon_match.last_seq - 1
    mine = json.dumps([{"type": "annotation", "actor": "p1", "data": {"text": "mine"}}])
    response = curator_client.post(url, {"events": mine, "expected_seq": str(stale)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Conflict" in page and "another writer appended first" in page
    assert "&quot;mine&quot;" in page  # the text is kept in the textarea
    assert f'name="expected_seq" value="{dagon_match.last_seq}"' in page
    assert not Event.objects.filter(match=dagon_match, type="annotation").exists()


def test_malformed_events_name_the_seq_and_field(curator_client, dagon_match):
    url = reverse("match-append", args=[dagon_match.pk])
    expected = dagon_match.last_seq
    broken_json = curator_client.post(url, {"events": '[{"type": "roll",', "expected_seq": expected})
    page = broken_json.content.decode()
    assert broken_json.status_code == 400 and 'id="id_events-error"' in page
    assert "malformed JSON at line 1" in page
    unknown_field = curator_client.post(url, {
        "events": json.dumps([ROLL, {**ROLL, "colour": "red"}]), "expected_seq": expected,
    })
    page = unknown_field.content.decode()
    assert f"event {expected + 2}" in page and "colour" in page
    wrong_actor = curator_client.post(url, {
        "events": json.dumps([{**ROLL, "actor": "p9"}]), "expected_seq": expected,
    })
    assert f"event {expected + 1}" in wrong_actor.content.decode()
    assert Match.objects.get(pk=dagon_match.pk).last_seq == expected


def test_import_and_export(curator_client, archive):
    document = games.get("dagon").simulate(seed=5, max_events=12)
    document["title"] = "Imported"
    raw = json.dumps(document).encode()
    response = curator_client.post(reverse("match-import"), {
        "file": SimpleUploadedFile("m.json", raw, content_type="application/json"),
    })
    assert response.status_code == 302
    match = Match.objects.get(title="Imported")
    exported = curator_client.get(reverse("match-export", args=[match.pk]))
    assert exported["Content-Disposition"].startswith("attachment")
    assert b"".join(exported.streaming_content if exported.streaming else [exported.content]) == (
        export_match(match)
    )


def test_import_refuses_a_bad_document_naming_where(curator_client, archive):
    url = reverse("match-import")
    document = games.get("dagon").simulate(seed=5, max_events=5)
    document["events"][2]["seq"] = 7
    gap = curator_client.post(url, {"file": SimpleUploadedFile("m.json", json.dumps(document).encode())})
    page = gap.content.decode()
    assert gap.status_code == 400 and 'id="id_file-error"' in page
    assert "$.events[2].seq" in page and "Nothing was stored" in page
    binary = curator_client.post(url, {"file": SimpleUploadedFile("m.json", b"\x89PNG\r\n\x1a\n\xff")})
    assert "not UTF-8" in binary.content.decode()
    assert Match.objects.count() == 0


def test_start_a_replay_opens_at_the_first_flag(curator_client, dagon_match):
    response = curator_client.post(reverse("run-start", args=[dagon_match.pk]), {
        "point:dagon.lagoon-chooser": "attacker",
    })
    run = ReplayRun.objects.get(match=dagon_match)
    assert response.status_code == 302 and response.url == reverse(
        "run-detail", args=[dagon_match.pk, run.pk])
    assert run.interpretation["dagon.lagoon-chooser"] == "attacker"
    opened = curator_client.get(response.url)
    assert opened.status_code == 302
    assert opened.url == reverse("replay-step", args=[dagon_match.pk, run.pk, first_flag_seq(run)])
    polled = curator_client.get(response.url, HTTP_HX_REQUEST="true")
    assert polled["HX-Redirect"] == opened.url


def test_unknown_option_is_an_error_on_the_match_page(curator_client, dagon_match):
    response = curator_client.post(reverse("run-start", args=[dagon_match.pk]), {
        "point:dagon.lagoon-chooser": "nobody",
    })
    assert response.status_code == 400 and "unknown option" in response.content.decode()


def test_progress_polls_while_pending(client, dagon_match):
    run = ReplayRun.objects.create(
        match=dagon_match, log_seq=40, head_hash=dagon_match.head_hash, engine="dagon",
        engine_version="1", interpretation={}, fingerprint="x" * 64, snapshot_interval=100,
        progress=10,
    )
    page = client.get(reverse("run-detail", args=[dagon_match.pk, run.pk])).content.decode()
    assert 'hx-trigger="every 1s"' in page and 'value="25"' in page
    assert 'http-equiv="refresh"' in page  # without JavaScript the page reloads itself


def test_step_page_draws_board_flags_and_log(client, dagon_run):
    match = dagon_run.match
    seq = first_flag_seq(dagon_run)
    page = client.get(reverse("replay-step", args=[match.pk, dagon_run.pk, seq])).content.decode()
    assert '<svg viewBox="' in page and 'class="piece player"' in page
    assert 'aria-current="step"' in page and "<blockquote" in page
    assert 'data-nav="prev"' in page and 'data-nav="next"' in page
    assert 'hx-push-url="true"' in page and "step-keys.js" in page
    fragment = client.get(reverse("replay-step", args=[match.pk, dagon_run.pk, seq + 1]),
                          HTTP_HX_REQUEST="true").content.decode()
    # the tab's title, then the panel (test_step_title.py)
    assert "<html" not in fragment and re.match(r'<title>[^<]*</title>\s*<div id="step-panel"',
                                                fragment.strip())
    assert client.get(reverse("replay-step", args=[match.pk, dagon_run.pk, 999])).status_code == 404


def test_slider_form_redirects_to_the_permalink(client, dagon_run):
    match = dagon_run.match
    url = reverse("replay-goto", args=[match.pk, dagon_run.pk])
    response = client.get(url, {"seq": "7", "viewer": "p2"})
    assert response.url == reverse("replay-step", args=[match.pk, dagon_run.pk, 7]) + "?viewer=p2"
    fragment = client.get(url, {"seq": "9"}, HTTP_HX_REQUEST="true")
    assert fragment["HX-Push-Url"] == reverse("replay-step", args=[match.pk, dagon_run.pk, 9])
    assert client.get(url, {"seq": "x"}).url.endswith("/step/0/")


def test_viewpoint_selector(client, dagon_run):
    match = dagon_run.match
    url = reverse("replay-step", args=[match.pk, dagon_run.pk, 3])
    assert 'value="p1" selected' in client.get(url, {"viewer": "p1"}).content.decode()
    # The archivist's view is the step's own address: that spelling is redirected to it.
    archivist = client.get(url, {"viewer": "archivist"})
    assert archivist.status_code == 302 and archivist["Location"] == url
    assert client.get(url).status_code == 200
    assert client.get(url, {"viewer": "p9"}).status_code == 404


def test_annotation_on_a_step(curator_client, dagon_run):
    match = dagon_run.match
    url = reverse("step-annotate", args=[match.pk, dagon_run.pk, 5])
    response = curator_client.post(url, {"text": "the die rolled off the table",
                                         "expected_seq": match.last_seq})
    assert response.status_code == 302
    event = Event.objects.get(match=match, type="annotation")
    assert event.data == {"text": "the die rolled off the table", "step": 5}
    page = curator_client.get(reverse("replay-step", args=[match.pk, dagon_run.pk, 5])).content
    assert b"the die rolled off the table" in page
    stale = curator_client.post(url, {"text": "late note", "expected_seq": 40})
    assert stale.status_code == 400 and b"Conflict" in stale.content and b"late note" in stale.content


def test_annotation_is_for_curators_only(reader_client, dagon_run):
    url = reverse("step-annotate", args=[dagon_run.match.pk, dagon_run.pk, 5])
    assert reader_client.post(url, {"text": "x", "expected_seq": 40}).status_code == 403


def test_compare_two_runs_with_a_shared_cursor(client, dagon_run):
    match = dagon_run.match
    other = replay_match(match=match, reading={"dagon.move-length": "roll-up-to"})
    url = reverse("compare", args=[match.pk])
    page = client.get(url, {"a": dagon_run.pk, "b": other.pk}).content.decode()
    assert "Outcomes" in page and 'id="compare-panel"' in page
    assert "How far does a Hero move on its turn?" in page  # the point read differently
    fragment = client.get(url, {"a": dagon_run.pk, "b": other.pk, "seq": 2},
                          HTTP_HX_REQUEST="true").content.decode()
    assert fragment.strip().startswith('<div id="compare-panel"')
    for seq in ("two", "-1", str(2**40)):
        refused = client.get(url, {"a": dagon_run.pk, "b": other.pk, "seq": seq})
        assert refused.status_code == 400
        assert "seq must be a whole number" in refused.content.decode()


def _engine_state_at(engine, document, seq):
    """The state after event ``seq`` of a document, straight from the engine."""
    state = engine.initial_state(document["players"], document.get("setup") or {})
    reading = engine.interpretation()
    for event in document["events"][:seq]:
        state = engine.apply(state, event, reading).state
    return state


_DRAWN_SPACE = re.compile(r'data-space="([^"]+)" aria-label="[^"]*"><circle cx="([^"]+)" cy="([^"]+)"')
_DRAWN_PIECE = re.compile(r'<g class="piece[^"]*" data-piece="([^"]+)" data-space="([^"]+)"')


@pytest.mark.parametrize("slug", ["dagon", "gothic", "dylan-dog", "fury-of-dracula"])
def test_the_step_board_is_what_the_engine_says_for_that_seat(client, archive, slug):
    """The step view draws the engine's labelled layout as it stands at the step (Dylan Dog's
    nightmare plane turned, dylan-dog/the-game-board: "the middle plane (the rotating plane) is
    the nightmare") and exactly the pieces the engine places, from the seat's view (a hunter
    never sees Dracula where he is hidden)."""
    engine = games.get(slug)
    document = engine.simulate(seed=2, max_events=60)
    match = import_match(raw=document)
    run = replay_match(match=match)
    viewers = [None, document["players"][0]["id"], document["players"][-1]["id"]]
    for seq in (0, 17, 41, len(document["events"])):
        state = _engine_state_at(engine, document, seq)
        for viewer in viewers:
            seen = engine.view(state, viewer)
            query = {"viewer": viewer} if viewer else {}
            page = client.get(reverse("replay-step", args=[match.pk, run.pk, seq]), query)
            html = markup.unescape(page.content.decode())
            spaces = {sid: (float(x), float(y)) for sid, x, y in _DRAWN_SPACE.findall(html)}
            layout = engine.layout(seen)
            assert spaces == {s.id: (round(float(s.x), 1), round(float(s.y), 1))
                              for s in layout.spaces}, (slug, seq, viewer)
            on_board = {p.id: p.space for p in engine.pieces(seen) if p.space in spaces}
            assert dict(_DRAWN_PIECE.findall(html)) == on_board, (slug, seq, viewer)
