"""The recorder page: the board at the head drawn from the engine, choices recorded one event
each with the expected_seq shown, a conflict redrawn losing nothing, a move as played checked
then kept, undo as a correction."""

from __future__ import annotations

import json

from django.urls import reverse

from replay.models import Event


def choice_of(page: str, label: str) -> str:
    """The event JSON of the choice whose button says ``label``."""
    start = page.index(f">{label}</button>")
    form = page.rindex('name="event" value="', 0, start) + len('name="event" value="')
    import html

    return html.unescape(page[form:page.index('"', form)])


def test_the_recorder_draws_the_board_and_offers_the_throw(curator_client, race_match):
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    assert 'data-space="bridge" aria-label="the Bridge"' in page
    assert 'aria-label="Ana&#x27;s pawn on the Start"' in page
    assert 'class="outcomes"' in page and ">Ana throws 2</button>" in page
    assert 'name="expected_seq" value="0"' in page


def test_choices_are_recorded_one_event_each(curator_client, race_match):
    url = reverse("match-record", args=[race_match.pk])
    for label in ("Ana throws 2", "Ana moves to the Bridge"):
        page = curator_client.get(url).content.decode()
        seq = race_match.events.count()
        response = curator_client.post(reverse("match-record-choice", args=[race_match.pk]),
                                       {"event": choice_of(page, label), "expected_seq": seq})
        assert response.status_code == 302, response.content[:500]
    events = list(race_match.events.order_by("seq").values_list("type", "data"))
    assert events == [("roll", {"value": 2}), ("move", {"to": "bridge"})]
    page = curator_client.get(url).content.decode()
    assert 'data-piece="pawn-p1" data-space="bridge"' in page


def test_a_second_recorder_gets_a_conflict_and_loses_nothing(curator_client, race_match):
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    post = reverse("match-record-choice", args=[race_match.pk])
    first = curator_client.post(post, {"event": choice_of(page, "Ana throws 1"),
                                       "expected_seq": 0})
    assert first.status_code == 302
    second = curator_client.post(post, {"event": choice_of(page, "Ana throws 2"),
                                        "expected_seq": 0})
    assert second.status_code == 409
    body = second.content.decode()
    assert "Another recorder appended first" in body and 'value="1"' in body
    assert "{&quot;value&quot;: 2}" in body  # the move tried is kept in the as-played form
    assert race_match.events.count() == 1


def test_an_open_field_is_asked_for_and_recorded(curator_client, race_match):
    post = reverse("match-record-choice", args=[race_match.pk])
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    curator_client.post(post, {"event": choice_of(page, "Ana throws 1"), "expected_seq": 0})
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    assert 'name="field:word"' in page
    response = curator_client.post(post, {"event": choice_of(page, "Ana shouts a word"),
                                          "expected_seq": 1, "field:word": "¡Ya!"})
    assert response.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).data == {"word": "¡Ya!"}
    empty = curator_client.post(post, {"event": choice_of(page, "Ana shouts a word"),
                                       "expected_seq": 2, "field:word": ""})
    assert empty.status_code == 400 and b"data.word" in empty.content


def test_a_move_as_played_is_checked_then_kept_with_its_violation(curator_client, race_match):
    post = reverse("match-record-as-played", args=[race_match.pk])
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    curator_client.post(reverse("match-record-choice", args=[race_match.pk]),
                        {"event": choice_of(page, "Ana throws 1"), "expected_seq": 0})
    move = {"type": "move", "actor": "p1", "data": json.dumps({"to": "tower"}),
            "expected_seq": 1}
    checked = curator_client.post(post, {**move, "action": "check"})
    body = checked.content.decode()
    assert checked.status_code == 200 and "not the Tower" in body
    assert "Keep it as played, with its violation" in body and race_match.events.count() == 1
    kept = curator_client.post(post, {**move, "action": "record"})
    assert kept.status_code == 302 and race_match.events.count() == 2
    unknown = curator_client.post(post, {**move, "data": json.dumps({"to": "castle"}),
                                         "expected_seq": 2, "action": "check"})
    assert unknown.status_code == 400 and b"data.to" in unknown.content
    assert b"castle" in unknown.content and race_match.events.count() == 2


def test_a_choice_can_be_opened_as_played(curator_client, race_match):
    page = curator_client.get(reverse("match-record", args=[race_match.pk]),
                              {"as_played": "1"}).content.decode()
    assert '<option value="roll" selected>' in page and "{&quot;value&quot;: 2}" in page


def test_a_choice_number_that_is_not_a_whole_number_is_a_400_naming_it(curator_client,
                                                                      race_match):
    url = reverse("match-record", args=[race_match.pk])
    for bad in ("one", "9" * 5000, "²"):
        answer = curator_client.get(url, {"as_played": bad})
        assert answer.status_code == 400 and b"as_played must be a whole number" in answer.content


def test_undo_appends_a_correction(curator_client, race_match):
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    curator_client.post(reverse("match-record-choice", args=[race_match.pk]),
                        {"event": choice_of(page, "Ana throws 2"), "expected_seq": 0})
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    assert "Undo event 1 (roll by Ana)" in page
    response = curator_client.post(reverse("match-record-undo", args=[race_match.pk]),
                                   {"expected_seq": 1})
    assert response.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).type == "correction"
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    assert ">Ana throws 2</button>" in page and "Undo event" not in page


def test_the_recorder_is_for_curators(reader_client, race_match):
    assert reader_client.get(reverse("match-record", args=[race_match.pk])).status_code == 403
    response = reader_client.post(reverse("match-record-choice", args=[race_match.pk]),
                                  {"event": "{}", "expected_seq": 0})
    assert response.status_code == 403 and not race_match.events.exists()


def test_an_engine_less_match_is_recorded_in_words(curator_client, db):
    from replay.models import Match
    from tests.factories import GameFactory

    game = GameFactory(slug="la-torre", title="La Torre")
    match = Match.objects.create(game=game, title="x", players=[{"id": "p1", "name": "Ana"}])
    page = curator_client.get(reverse("match-record", args=[match.pk])).content.decode()
    assert "has no rule engine" in page and 'name="field:text"' in page
    response = curator_client.post(reverse("match-record-choice", args=[match.pk]), {
        "event": choice_of(page, "Ana makes a move"), "expected_seq": 0,
        "field:text": "climbs the tower"})
    assert response.status_code == 302
    assert Event.objects.get(match=match).data == {"text": "climbs the tower"}


def test_a_pool_to_pick_from_is_ticked(curator_client, race_match):
    post = reverse("match-record-choice", args=[race_match.pk])
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    curator_client.post(post, {"event": choice_of(page, "Ana throws 1"), "expected_seq": 0})
    page = curator_client.get(reverse("match-record", args=[race_match.pk])).content.decode()
    assert page.count('type="checkbox" name="field:charms"') == 3
    response = curator_client.post(post, {"event": choice_of(page, "Ana discards charms"),
                                          "expected_seq": 1, "field:charms": ["sun", "moon"]})
    assert response.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).data == {"charms": ["sun", "moon"]}
