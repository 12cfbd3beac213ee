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
    assert '<strong id="acting">Ana may act now</strong>' in page
    panel = lxml.html.fromstring(page).xpath("//div[contains(@class, 'player-panel')]")
    assert [p.get("class") for p in panel] == ["player-panel turn", "player-panel"]


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
    # the move tried is kept in the as-played form, in its fields
    (value,) = lxml.html.fromstring(body).xpath("//input[@name='ap:value']")
    assert value.get("value") == "2"
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
    """What the choice fixes is kept (in words, and posted as it is); only its open fields
    are asked."""
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    page = page_of(curator_client, race_match, as_played="0")
    assert '<option value="move" selected>' in page
    (form,) = lxml.html.fromstring(page).xpath("//section[@id='as-played']//form[@method='post']")
    kept = " ".join(form.xpath(".//p[@class='as-played-kept']")[0].text_content().split())
    assert kept == "Kept from the choice: Ana; a pawn moves to: the Well" or kept.startswith(
        "Kept from the choice: Ana;")
    assert hidden(form)["ap:to"] == "the Well" and hidden(form)["actor"] == "p1"
    assert not form.xpath(".//select[@name='actor']")  # the player is fixed
    # the shout's word is open: asked, the player kept
    page = page_of(curator_client, race_match, as_played="1")
    (form,) = lxml.html.fromstring(page).xpath("//section[@id='as-played']//form[@method='post']")
    assert [i.get("name") for i in form.xpath(".//input[@type='text']")] == ["ap:word"]
    kept = curator_client.post(reverse("match-record-as-played", args=[race_match.pk]), {
        **hidden(form), "ap:word": "¡Alto!", "action": "record"})
    assert kept.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).data == {"word": "¡Alto!"}


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
        'id="recent-title"')[1].split("</section>")[0]
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
    assert response.status_code == 302 and response["Location"].endswith("?seat=p1#recorder")
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


def test_a_long_field_of_board_spaces_is_typed_with_suggestions(curator_client, archive):
    """Dagon, a Hero on a Tower space: where the Black Tower goes is one of the free white
    circles, more than a list should hold: typed by name with the circles suggested, and
    picked on the board (each name standing for its space); left empty, the choice is refused
    naming the question, and a name that is none of them too."""
    import games
    from replay.log.interchange import import_match

    document = games.get("dagon").simulate(seed=3)
    tower = next(e for e in document["events"] if e["type"] == "place_tower")
    first = tower["seq"]
    # Whoever the simulated match has place it (the simulation decides who, not the test).
    placing = next(p["name"] for p in document["players"] if p["id"] == tower["actor"])
    label = f"{placing} places a Black Tower"
    match = import_match(raw={**document, "events": document["events"][:first - 1]})
    folded = lxml.html.fromstring(page_of(curator_client, match))
    (link,) = folded.xpath(f"//a[@class='unfold'][starts-with(text(), '{label}')]")
    row = link.getparent()
    assert row.get("data-origin") == "" and len(row.get("data-targets").split()) > 50
    assert not row.xpath(".//input | .//select")  # folded: its fields come when opened
    opening = reverse("match-record", args=[match.pk]) + link.get("href").split("#")[0]
    page = curator_client.get(opening).content.decode()  # the link opens it
    tree = lxml.html.fromstring(page)
    form = form_of(page, label)
    assert form.getparent().get("data-origin") == ""  # no piece: the spaces alone
    alone = curator_client.get(opening, HTTP_HX_REQUEST="true")
    fragment = alone.content.decode()
    assert fragment.lstrip().startswith("<li") and "<html" not in fragment  # the row alone
    assert "<datalist" in fragment
    (typed,) = form.xpath(".//input[@data-board]")
    assert typed.get("name") == "f:space" and typed.get("required") is not None
    assert form.xpath(".//label")[0].text == "Where the Black Tower goes"
    suggested = tree.xpath(f"//datalist[@id='{typed.get('list')}']/option/@value")
    by_space: dict[str, list[str]] = {}
    for option in tree.xpath(f"//datalist[@id='{typed.get('list')}']/option"):
        by_space.setdefault(option.get("data-space"), []).append(option.get("value"))
    names = {space.get("data-space"): space.get("aria-label")
             for space in tree.xpath("//*[starts-with(@class, 'space ')]")}
    assert len(suggested) > 50 and all([names[s]] == words for s, words in by_space.items())
    assert not form.xpath(".//select")  # never a list of 50 options
    space, (words,) = sorted(by_space.items())[3]
    picked = curator_client.get(opening + f"&space={space}",
                                HTTP_HX_REQUEST="true").content.decode()
    (only,) = lxml.html.fromstring(picked).xpath("//select[@name='f:space']")
    assert [o.text for o in only.xpath("./option[@selected]")] == [words]  # picked there
    empty = post_choice(curator_client, match, page, label)
    assert empty.status_code == 400
    assert form_of(empty.content.decode(), label).xpath(
        ".//p[@class='field-error']")[0].text == "Where the Black Tower goes: choose first"
    wrong = post_choice(curator_client, match, page, label,
                        **{"f:space": "the Lagoon of Nowhere"})
    assert wrong.status_code == 400 and "is none of the values offered" in \
        wrong.content.decode()
    chosen = post_choice(curator_client, match, page, label,
                         **{"f:space": words.upper()})
    assert chosen.status_code == 302
    assert match.events.get(seq=first).data == {"space": space}


def test_a_json_error_as_played_keeps_the_text_at_the_form_and_names_the_field(
        curator_client, race_match):
    post = reverse("match-record-as-played", args=[race_match.pk])
    typed = '{"to": "bridge",, "note": "from the score sheet"}'
    answer = curator_client.post(post, {"type": "move", "actor": "p1", "data": typed,
                                        "expected_seq": 0, "action": "check"})
    assert answer.status_code == 400 and race_match.events.count() == 0
    tree = lxml.html.fromstring(answer.content.decode())
    (form,) = tree.xpath("//section[@id='as-played']//form[@method='post']")
    assert form.get("action").endswith("#as-played")  # the page comes back at the form
    (box,) = form.xpath(".//textarea[@name='data']")
    assert box.text == typed  # as typed, not reset to {}
    assert box.get("aria-invalid") == "true" and box.get("autofocus") is not None
    (error,) = form.xpath(".//p[@id='ap-error']")
    assert " ".join(error.text_content().split()) == (
        "data: malformed JSON at line 1, column 17: Expecting property name enclosed in "
        "double quotes")
    assert error.getparent().xpath(".//textarea")  # beside the box it is about
    assert hidden(form)["type"] == "move"
    assert tree.xpath("//select[@name='ap_type']/option[@selected]")[0].get("value") == "move"
    listed = curator_client.post(post, {"type": "move", "actor": "p1", "data": "[1, 2]",
                                        "expected_seq": 0, "action": "check"})
    assert listed.status_code == 400 and "[1, 2]</textarea>" in listed.content.decode()
    assert "data: must be a JSON object" in listed.content.decode()


def test_the_as_played_form_says_the_event_in_words(curator_client, race_match):
    page = page_of(curator_client, race_match)
    post_choice(curator_client, race_match, page, "Ana throws", **{"f:value": "0"})
    tree = lxml.html.fromstring(page_of(curator_client, race_match, as_played="0"))
    (form,) = tree.xpath("//section[@id='as-played']//form[@method='post']")
    said = " ".join(form.xpath(".//p[@class='as-played-words']")[0].text_content().split())
    assert said == "As the form holds it: move by Ana — to: the Well"
    options = {o.get("value"): " ".join(o.text_content().split())
               for o in tree.xpath("//select[@name='ap_type']/option")}
    assert options["move"] == "Move — a pawn moves"
    assert options["annotation"].startswith("Annotation — A collector's note")
    # JSON is the advanced way in, in its one box.
    assert [label.text_content().split(" (JSON)")[0] for label in form.xpath(".//label")
            if "JSON" in label.text_content()] == ["Its details"]


def test_as_played_asks_each_field_in_words_and_reads_names(curator_client, race_match):
    """The kind of event asked for gives its fields: a space typed by its name (suggested)
    is recorded by its id; the JSON box takes names too; a name the game does not have is
    refused naming the field."""
    post = reverse("match-record-as-played", args=[race_match.pk])
    tree = lxml.html.fromstring(page_of(curator_client, race_match, ap_type="move",
                                        ap_actor="p1"))
    (form,) = tree.xpath("//section[@id='as-played']//form[@method='post']")
    (to,) = form.xpath(".//input[@name='ap:to']")
    assert tree.xpath(f"//datalist[@id='{to.get('list')}']/option/@value") == [
        "the Start", "the Well", "the Bridge", "the Mill", "the Tower"]
    checked = curator_client.post(post, {**hidden(form), "actor": "p1", "ap:to": "the bridge",
                                         "action": "record"})
    assert checked.status_code == 302
    assert Event.objects.get(match=race_match, seq=1).data == {"to": "bridge"}
    by_json = curator_client.post(post, {**hidden(form), "actor": "p1", "expected_seq": 1,
                                         "data": '{"to": "the Mill"}', "action": "record"})
    assert by_json.status_code == 302
    assert Event.objects.get(match=race_match, seq=2).data == {"to": "mill"}
    unknown = curator_client.post(post, {**hidden(form), "actor": "p1", "expected_seq": 2,
                                         "ap:to": "the Great Hall", "action": "check"})
    assert unknown.status_code == 400
    tree = lxml.html.fromstring(unknown.content.decode())
    (box,) = tree.xpath("//input[@name='ap:to']")
    assert box.get("value") == "the Great Hall"
    (error,) = tree.xpath("//p[@id='ap-error']")
    assert "'the Great Hall' is not a space of this game" in error.text_content()
    assert error.getparent().xpath(".//input[@name='ap:to']")  # beside the field
