"""The score sheet: a match's printable record (players, setup, numbered events in the engine's
words, the notes on each step and the flags each raises under the reading), linked from the
match page; the log as recorded when no replay was made."""

from __future__ import annotations

import lxml.html
from django.test import Client
from django.urls import reverse

from replay.log.matches import match_create
from replay.log.notes import note_add
from replay.models import Match, ReplayStep
from tests.factories import GameFactory, UserFactory


def text_of(node) -> str:
    return " ".join(node.text_content().split())


def sheet(client, match, **params):
    response = client.get(reverse("match-score-sheet", args=[match.pk]), params)
    assert response.status_code == 200
    return lxml.html.fromstring(response.content.decode())


def test_the_score_sheet_holds_the_whole_record_under_the_default_reading(lagoon):
    match, default, _ = lagoon
    match_page = lxml.html.fromstring(Client().get(
        reverse("match-detail", args=[match.pk])).content.decode())
    (link,) = match_page.xpath("//a[normalize-space()='Score sheet (printable)']")
    page = sheet(Client(), match)
    assert link.get("href") == reverse("match-score-sheet", args=[match.pk])
    facts = {text_of(dt): text_of(dt.getnext()) for dt in page.xpath("//dl[1]/dt")}
    players = page.xpath("//dl[1]//ol[@class='sheet-players']/li")
    assert [text_of(li) for li in players] == ["Ana", "Luis"]
    assert facts["Setup"] == "Thrones to win: 3"
    assert facts["Reading"].startswith("The default reading, with 4 conjectures:")
    rows = page.xpath("//table[@class='sheet']/tbody/tr")
    summaries = dict(ReplayStep.objects.filter(run=default).values_list("seq", "summary"))
    said = {int(text_of(row.xpath("./th")[0])): text_of(row.xpath("./td")[0]) for row in rows}
    # Every move, numbered as in the log, in the engine's words; the note goes under its step.
    assert sorted(said) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]
    for seq, words in said.items():
        assert words.startswith(summaries[seq])
    assert "Note: Luis picked the Lagoon himself" in said[11]
    consulted, broken = (text_of(p) for p in page.xpath("//tr[@id='sheet-11']/td[@class='sheet-flags']/p"))
    assert consulted == ("reading consulted Who chose the Lagoon space — When a Hero is "
                         "attacked, who chooses the Lagoon space it is moved to?")
    assert broken.startswith("rule broken The Lagoon space was chosen by Luis")
    assert page.xpath("//tr[@id='sheet-11']")[0].get("class") == "illegal"


def test_the_sheet_follows_the_reading_asked_for(lagoon):
    match, _, attacked = lagoon
    page = sheet(Client(), match, run=attacked.pk)
    reading = text_of(page.xpath("//dl[1]/dt[normalize-space()='Reading']")[0].getnext())
    assert "When a Hero is attacked, who chooses the Lagoon space it is moved to?" in reading
    flags = text_of(page.xpath("//tr[@id='sheet-11']/td[@class='sheet-flags']")[0])
    assert "rule broken" not in flags
    assert Client().get(reverse("match-score-sheet", args=[match.pk]),
                        {"run": 999}).status_code == 404


def test_a_note_added_later_is_on_the_sheet(curator, lagoon):
    match, _, _ = lagoon
    note_add(match=match, step=2, text="the photograph is torn here",
             expected_seq=match.last_seq, recorded_by=curator)
    page = sheet(Client(), match)
    assert text_of(page.xpath("//tr[@id='sheet-2']/td")[0]).endswith(
        "Note: the photograph is torn here (curator)")


def test_a_match_never_replayed_is_the_log_as_recorded(db):
    game = GameFactory(slug="la-torre", title="La Torre")
    match = match_create(game=game, title="Sunday", players=[{"id": "p1", "name": "Ana"},
                                                             {"id": "p2", "name": "Luis"}],
                         events=[{"type": "move", "actor": "p1",
                                  "data": {"text": "sale sulla torre"}}]).match
    page = sheet(Client(), match)
    assert "Not replayed yet: the events as recorded, with no flag." in text_of(
        page.xpath("//main")[0])
    (row,) = page.xpath("//table[@class='sheet']/tbody/tr")
    assert [text_of(cell) for cell in row.xpath("./*")] == [
        "1", "move by Ana — text: sale sulla torre"]


def test_a_private_matchs_sheet_is_its_owners(lagoon):
    match, _, _ = lagoon
    owner = UserFactory(username="owner")
    Match.objects.filter(pk=match.pk).update(is_private=True, created_by=owner)
    assert Client().get(reverse("match-score-sheet", args=[match.pk])).status_code == 404
    client = Client()
    client.force_login(owner)
    assert client.get(reverse("match-score-sheet", args=[match.pk])).status_code == 200
