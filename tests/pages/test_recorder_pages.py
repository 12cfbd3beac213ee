"""The recorder page: the board at the head drawn from the engine, each choice a form whose open
fields are asked as their domains say, recorded one event each with the expected_seq shown; a
conflict redrawn losing nothing; an open field left empty named beside it; a move as played
checked then kept; undo and the last events in the engine's words; one seat's choices."""

from __future__ import annotations

import json

import lxml.html
from django.urls import reverse

from replay.models import Event


def page_of(client, match, **params):
    response = client.get(reverse("match-record", args=[match.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def form_of(page: str, label: str):
    """The form of the choice that says ``label`` (its button, or a throw's heading)."""
    tree = lxml.html.fromstring(page)
    (form,) = [form for form in tree.xpath("//li[contains(@class, 'choice')]/form")
               if label in (" ".join(node.text_content().split())
                            for node in form.xpath("./button[not(@name)] | ./p"))]
    return form


def hidden(form) -> dict[str, str]:
    return {i.name: i.value for i in form.xpath(".//input[@type='hidden']")}


def post_choice(client, match, page: str, label: str, **answers):
    return client.post(reverse("match-record-choice", args=[match.pk]),
                       {**hidden(form_of(page, label)), **answers})


def test_the_recorder_draws_the_board_and_offers_the_throw(curator_client, race_match):
    page = page_of(curator_client, race_match)
    assert 'data-space="bridge" aria-label="the Bridge"' in page
    assert 'aria-label="Ana&#x27;s pawn on the Start"' in page
    throw = form_of(page, "Ana throws")
    assert [(b.get("name"), b.get("value"), b.text) for b in throw.xpath(".//button")] == [
        ("f:value", "0", "one"), ("f:value", "1", "two")]
    assert hidden(throw)["expected_seq"] == "0"
    assert "What can happen next (Ana to act)" in page


def test_choices_are_recorded_one_event_each(curator_client, race_match):
    page = page_of(curator_client, race_match)
    thrown = post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "1"})
    assert thrown.status_code == 302
    page = page_of(curator_client, race_match)
    move = form_of(page, "Ana moves to the Bridge").getparent()
    assert (move.get("data-origin"), move.get("data-target"), move.get("data-actor")) == (
        "start", "bridge", "p1")
    assert 'data-piece="pawn-p1" data-space="start" data-owner="p1" tabindex="0"' in page
    moved = post_choice(curator_client, race_match, page, "Ana moves to the Bridge")
    assert moved.status_code == 302
    events = list(race_match.events.order_by("seq").values_list("type", "data"))
    assert events == [("roll", {"value": 2}), ("move", {"to": "bridge"})]
    assert 'data-piece="pawn-p1" data-space="bridge"' in page_of(curator_client, race_match)


def test_a_second_recorder_gets_a_conflict_and_loses_nothing(curator_client, race_match):
    page = page_of(curator_client, race_match)
    first = post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    assert first.status_code == 302
    second = post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "1"})
    assert second.status_code == 409
    body = second.content.decode()
    assert "Another recorder appended first" in body and 'value="1"' in body
    assert "{&quot;value&quot;: 2}" in body  # the move tried is kept in the as-played form
    assert race_match.events.count() == 1


def test_an_open_field_left_empty_is_named_beside_it(curator_client, race_match):
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    page = page_of(curator_client, race_match)
    shout = form_of(page, "Ana shouts a word")
    (word,) = shout.xpath(".//input[@name='f:word']")
    assert word.get("required") is not None and word.getparent().xpath("./label")[0].text == \
        "The word"
    empty = post_choice(curator_client, race_match, page, "Ana shouts a word",
                        **{"f:word": ""})
    assert empty.status_code == 400 and race_match.events.count() == 1
    refused = form_of(empty.content.decode(), "Ana shouts a word")
    (error,) = refused.xpath(".//p[@class='field-error']")
    assert error.text == "The word: fill it in first"
    (word,) = refused.xpath(".//input[@name='f:word']")
    assert word.get("aria-invalid") == "true" and word.get("aria-describedby") == error.get("id")
    assert b"data.word" not in empty.content
    said = post_choice(curator_client, race_match, page, "Ana shouts a word",
                       **{"f:word": "¡Ya!"})
    assert said.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).data == {"word": "¡Ya!"}


def test_a_pool_is_ticked_and_counted(curator_client, race_match):
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    page = page_of(curator_client, race_match)
    discard = form_of(page, "Ana discards charms")
    (pool,) = discard.xpath(".//fieldset")
    assert pool.xpath("./legend")[0].text == "The charms discarded (choose 1 to 2)"
    assert [(i.get("type"), i.name) for i in pool.xpath(".//input")] == [
        ("number", "f:charms#0"), ("checkbox", "f:charms"), ("hidden", "f:charms:order")]
    response = post_choice(curator_client, race_match, page, "Ana discards charms",
                           **{"f:charms": "1", "f:charms#0": "1", "f:charms:order": "1,0"})
    assert response.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).data == {"charms": ["moon", "sun"]}


def test_a_move_as_played_is_checked_then_kept_with_its_violation(curator_client, race_match):
    post = reverse("match-record-as-played", args=[race_match.pk])
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
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
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    page = page_of(curator_client, race_match, as_played="0")
    assert '<option value="move" selected>' in page and "{&quot;to&quot;: &quot;well" in page


def test_a_choice_number_that_is_not_a_whole_number_is_a_400_naming_it(curator_client,
                                                                      race_match):
    url = reverse("match-record", args=[race_match.pk])
    for bad in ("one", "9" * 5000, "²"):
        answer = curator_client.get(url, {"as_played": bad})
        assert answer.status_code == 400 and b"as_played must be a whole number" in answer.content


def test_undo_and_the_last_events_are_said_in_the_engines_words(curator_client, race_match):
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "1"})
    page = page_of(curator_client, race_match)
    assert "Undo event 1: Ana throws 2" in page
    assert '<li value="1">Ana throws 2</li>' in page and "roll" not in page.split(
        'id="recent-title"')[1]
    response = curator_client.post(reverse("match-record-undo", args=[race_match.pk]),
                                   {"expected_seq": 1})
    assert response.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).type == "correction"
    page = page_of(curator_client, race_match)
    assert '<li value="2">Correction of event 1</li>' in page
    assert '<li value="1">Note: undone in the recorder: event 1 (Ana throws 2)</li>' in page
    assert ">two</button>" in page and "Undo event" not in page


def test_the_recorder_is_for_curators(reader_client, race_match):
    assert reader_client.get(reverse("match-record", args=[race_match.pk])).status_code == 403
    response = reader_client.post(reverse("match-record-choice", args=[race_match.pk]),
                                  {"choice": "x", "expected_seq": 0})
    assert response.status_code == 403 and not race_match.events.exists()


def test_one_seat_records_its_own_choices(curator_client, race_match):
    page = page_of(curator_client, race_match, seat="p2")
    assert '<option value="p2" selected>' in page and "Ana throws" not in page
    page = page_of(curator_client, race_match, seat="p1")
    throw = form_of(page, "Ana throws")
    assert hidden(throw)["seat"] == "p1"
    response = curator_client.post(reverse("match-record-choice", args=[race_match.pk]),
                                   {**hidden(throw), "f:value": "0"})
    assert response.status_code == 302 and response["Location"].endswith("?seat=p1#board")
    unknown = curator_client.get(reverse("match-record", args=[race_match.pk]), {"seat": "p9"})
    assert unknown.status_code == 400 and b"seat must be a player" in unknown.content


def test_an_engine_less_match_is_recorded_in_words(curator_client, db):
    from tests.factories import GameFactory, MatchFactory

    game = GameFactory(slug="la-torre", title="La Torre")
    match = MatchFactory(game=game, title="x", players=[{"id": "p1", "name": "Ana"}])
    page = page_of(curator_client, match)
    assert "has no rule engine" in page
    form = form_of(page, "Ana makes a move")
    assert len(form.xpath(".//input[@name='f:fields:key']")) == 3
    response = curator_client.post(reverse("match-record-choice", args=[match.pk]), {
        **hidden(form), "f:text": "climbs the tower", "f:fields:key": ["floor", ""],
        "f:fields:value": ["3", ""]})
    assert response.status_code == 302
    assert Event.objects.get(match=match).data == {"text": "climbs the tower",
                                                   "fields": {"floor": "3"}}


def test_a_field_of_board_spaces_is_a_select_the_board_answers(curator_client, archive):
    """Dagon, a Hero on a Tower space: where the Black Tower goes is one of the free white
    circles, each option standing for its space (the board highlights them); left empty, the
    choice is refused naming the question."""
    import games
    from replay.log.interchange import import_match

    document = games.get("dagon").simulate(seed=3)
    first = next(e["seq"] for e in document["events"] if e["type"] == "place_tower")
    match = import_match(raw={**document, "events": document["events"][:first - 1]})
    page = page_of(curator_client, match)
    form = form_of(page, "Luis places a Black Tower")
    assert form.getparent().get("data-origin") == ""  # no piece: the spaces alone
    (select,) = form.xpath(".//select[@data-board]")
    assert select.get("name") == "f:space" and select.get("required") is not None
    assert form.xpath(".//label")[0].text == "Where the Black Tower goes"
    options = select.xpath("./option[@data-space]")
    names = {space.get("data-space"): space.get("aria-label")
             for space in lxml.html.fromstring(page).xpath("//*[starts-with(@class, 'space ')]")}
    assert len(options) > 50 and all(o.text == names[o.get("data-space")] for o in options)
    empty = post_choice(curator_client, match, page, "Luis places a Black Tower")
    assert empty.status_code == 400
    assert form_of(empty.content.decode(), "Luis places a Black Tower").xpath(
        ".//p[@class='field-error']")[0].text == "Where the Black Tower goes: choose first"
    chosen = post_choice(curator_client, match, page, "Luis places a Black Tower",
                         **{"f:space": options[3].get("value")})
    assert chosen.status_code == 302
    assert match.events.get(seq=first).data == {"space": options[3].get("data-space")}


def test_a_json_error_as_played_keeps_the_text_at_the_form_and_names_the_field(
        curator_client, race_match):
    post = reverse("match-record-as-played", args=[race_match.pk])
    typed = '{"to": "bridge",, "note": "from the score sheet"}'
    answer = curator_client.post(post, {"type": "move", "actor": "p1", "data": typed,
                                        "expected_seq": 0, "action": "check"})
    assert answer.status_code == 400 and race_match.events.count() == 0
    tree = lxml.html.fromstring(answer.content.decode())
    (form,) = tree.xpath("//section[@id='as-played']//form")
    assert form.get("action").endswith("#as-played")  # the page comes back at the form
    (box,) = form.xpath(".//textarea[@name='data']")
    assert box.text == typed  # as typed, not reset to {}
    assert box.get("aria-invalid") == "true" and box.get("autofocus") is not None
    (error,) = form.xpath(".//p[@id='ap-error']")
    assert " ".join(error.text_content().split()) == (
        "data: malformed JSON at line 1, column 17: Expecting property name enclosed in "
        "double quotes")
    assert error.getparent().xpath(".//textarea")  # beside the box it is about
    assert form.xpath(".//select[@name='type']/option[@selected]")[0].get("value") == "move"
    listed = curator_client.post(post, {"type": "move", "actor": "p1", "data": "[1, 2]",
                                        "expected_seq": 0, "action": "check"})
    assert listed.status_code == 400 and "[1, 2]</textarea>" in listed.content.decode()
    assert "data: must be a JSON object" in listed.content.decode()


def test_the_as_played_form_says_the_event_in_words(curator_client, race_match):
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    tree = lxml.html.fromstring(page_of(curator_client, race_match, as_played="0"))
    (form,) = tree.xpath("//section[@id='as-played']//form")
    said = " ".join(form.xpath(".//p[@class='as-played-words']")[0].text_content().split())
    assert said == "As the form holds it: move by Ana — to: the Well"
    options = {o.get("value"): " ".join(o.text_content().split())
               for o in form.xpath(".//select[@name='type']/option")}
    assert options["move"] == "Move — a pawn moves"
    assert options["annotation"].startswith("Annotation — A collector's note")
    # JSON is asked for in the one box that needs it.
    assert [label.text_content() for label in form.xpath(".//label")
            if "JSON" in label.text_content()] == ["Its details (JSON)"]
