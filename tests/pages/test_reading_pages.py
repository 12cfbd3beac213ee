"""Readings as a collector meets them: compare pages label runs by their reading (or by line of
play for a variation and its parent) with tables whose rows line up and values in words; the
match page opens the comparison of a pair that diverges; variations as a tree; and every page
that names the default reading says how many conjectures it reads by, each with its point."""

from __future__ import annotations

import dataclasses

import lxml.html
import pytest
from django.urls import reverse

import games
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.models import Match
from replay.runs.replaying import replay_match
from replay.variations.lines import variation_create
from tests.factories import UserFactory

CHOOSER = "When a Hero is attacked, who chooses the Lagoon space it is moved to?"



def text_of(node) -> str:
    return " ".join(node.text_content().split())


def tree_of(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200
    return lxml.html.fromstring(response.content.decode())


def compare_tree(client, match, run_a, run_b):
    return tree_of(client, reverse("compare", args=[match.pk]), a=run_a.pk, b=run_b.pk)


def test_the_outcomes_table_lines_up_and_says_each_value_in_words(client, lagoon):
    match, default, attacked = lagoon
    page = compare_tree(client, match, default, attacked)
    (table,) = page.xpath("//table[contains(@class, 'outcomes-table')]")
    headers = [text_of(th) for th in table.xpath("./thead/tr/th")]
    assert headers == ["What", "Run A", "Run B"]
    rows = table.xpath("./tbody/tr")
    assert [text_of(row.xpath("./th")[0]) for row in rows] == [
        "Ended", "Winner", "Eliminated", "How it ended", "Events replayed"]
    for row in rows:  # a heading and a value under each run: the columns of the header
        assert [cell.tag for cell in row.xpath("./th | ./td")] == ["th", "td", "td"]
        for cell in row.xpath("./td"):
            assert text_of(cell) and text_of(cell) not in ("[]", "False", "True", "None", "{}")
    unfinished = "no, the record stops before the end"
    assert [text_of(c) for c in rows[0].xpath("./*")] == ["Ended", unfinished, unfinished]
    assert [text_of(c) for c in rows[2].xpath("./*")] == ["Eliminated", "nobody", "nobody"]
    assert [text_of(c) for c in rows[4].xpath("./*")] == ["Events replayed", "13", "13"]


def test_each_run_is_named_by_its_reading_in_words(client, lagoon):
    match, default, attacked = lagoon
    page = compare_tree(client, match, default, attacked)
    assert text_of(page.xpath("//h1")[0]) == "Two readings side by side"
    side_a, side_b = page.xpath("//section[contains(@class, 'side-name')]")
    assert "The default reading, with 4 conjectures" in text_of(side_a)
    assert CHOOSER in text_of(side_b)
    assert "The attacked player chooses its own Lagoon space" in text_of(side_b)
    (differing,) = page.xpath("//table[contains(@class, 'compare-table')][caption]")
    (row,) = differing.xpath("./tbody/tr")
    assert CHOOSER in text_of(row.xpath("./th")[0])
    assert [text_of(td) for td in row.xpath("./td")] == [
        default_words := games.get("dagon").point("dagon.lagoon-chooser").option(
            "attacker").description,
        games.get("dagon").point("dagon.lagoon-chooser").option("attacked").description]
    assert default_words.startswith("The attacking player")
    body = text_of(page.xpath("//main")[0])
    assert "lagoon-chooser" not in body and "read as 'attack" not in body


def test_a_variation_and_its_parent_are_two_lines_of_play(client, curator, lagoon):
    match, default, _ = lagoon
    variation = variation_create(parent=match, from_seq=5, title="Luis waits",
                                 created_by=curator, reading=default.interpretation)
    append_events(match=variation, expected_seq=5,
                  events=[{"type": "roll", "actor": "p2", "data": {"value": 1}}])
    mine = replay_match(match=variation, reading=variation.reading)
    page = compare_tree(client, variation, default, mine)
    assert text_of(page.xpath("//h1")[0]) == "Two lines of play side by side"
    a_name, b_name = (text_of(p) for p in page.xpath("//p[contains(@class, 'side-reading')]"))
    assert a_name == f"“{match.title}” (the line this match branched from)"
    assert b_name == "“Luis waits” (this match)"
    branch = text_of(page.xpath("//p[@class='branch']")[0])
    assert "sharing their first 5 events, both read as the default reading" in branch
    assert "Two readings side by side" not in text_of(page.xpath("//main")[0])


def test_compare_two_runs_opens_a_pair_that_diverges_where_any_pair_does(client, lagoon):
    match, default, _attacked = lagoon
    # Two newer readings of points this record never consults: they never diverge.
    for point, option in (("dagon.wizard-turns", "two"), ("dagon.occupied-city", "share")):
        replay_match(match=match, reading={point: option})
    page = tree_of(client, reverse("match-detail", args=[match.pk]))
    (link,) = page.xpath("//a[normalize-space()='Compare two runs']")
    compared = tree_of(client, link.get("href"))
    summary = text_of(compared.xpath("//section[@class='compare-summary']")[0])
    assert "First divergence at step 11" in summary
    assert f"a={default.pk}" in link.get("href")  # the default reading's run on side A


def test_variations_show_as_a_tree_with_the_match_read_marked(client, curator, lagoon):
    match = lagoon[0]
    first = variation_create(parent=match, from_seq=5, title="First branch", created_by=curator)
    deeper = variation_create(parent=first, from_seq=3, title="Deeper branch",
                              created_by=curator)
    variation_create(parent=match, from_seq=7, title="Second branch", created_by=curator)
    hidden = variation_create(parent=match, from_seq=2, title="Kept to myself",
                              created_by=curator)
    Match.objects.filter(pk=hidden.pk).update(is_private=True)
    page = tree_of(client, reverse("match-detail", args=[deeper.pk]))
    (tree,) = page.xpath("//section[@id='variations']/ul[@class='variation-tree']")
    (root,) = tree.xpath("./li")
    assert text_of(root.xpath("./span[@class='node']")[0]).startswith(match.title)
    branches = root.xpath("./ul/li")
    assert [text_of(b.xpath("./span")[0]).split(" branches")[0] for b in branches] == [
        "First branch", "Second branch"]
    (nested,) = branches[0].xpath("./ul/li")
    assert nested.get("aria-current") == "page"
    assert text_of(nested.xpath("./span")[0]) == (
        "Deeper branch (this match) branches after event 3 · 3 events")
    assert "Kept to myself" not in text_of(page.xpath("//main")[0])


def test_a_variation_read_by_default_never_counts_its_points_as_not_at_the_default(
        curator_client, lagoon):
    match, default, _ = lagoon
    curator_client.post(reverse("variation-add", args=[match.pk, default.pk, 5]),
                        {"variation-title": "What if"})
    variation = Match.objects.get(title="What if")
    assert variation.reading == default.interpretation  # every point, each at its default
    page = tree_of(curator_client, reverse("match-record", args=[variation.pk]))
    summary = text_of(page.xpath("//details[@id='reading']/summary")[0])
    assert summary == "The recording reading: the default reading, with 4 conjectures"
    assert "not at the default" not in text_of(page.xpath("//main")[0])


@pytest.fixture
def conjectures(monkeypatch):
    """Dagon as if its defaults for two points were declared conjectures, and one other
    option too."""
    engine = games.get("dagon")
    assumed = {("dagon.wizard-turns", "one"): "that the duel's turn is the first of three",
               ("dagon.delivery-weapons", "two"): "that the two weapons include the city's",
               ("dagon.lagoon-chooser", "attacked"): "that the second paragraph overrules"}
    points = tuple(dataclasses.replace(point, options=tuple(
        dataclasses.replace(option, conjecture=assumed.get((point.id, option.id), ""))
        for option in point.options)) for point in engine.points)
    monkeypatch.setattr(engine, "points", points)
    return engine


def test_every_page_naming_the_default_reading_counts_and_lists_its_conjectures(
        curator_client, lagoon, conjectures):
    match, default, attacked = lagoon
    said = "the default reading, with 2 conjectures"
    questions = ("How many turns does the Wizard card cost a Hero that lost a duel?",
                 ("Does a Hero delivering the Symbol receive two weapons in all, or two plus the "
                 "one weapon every Hero stopping in a city receives?"))
    pages = {
        "step": reverse("replay-step", args=[match.pk, default.pk, 11]),
        "match": reverse("match-detail", args=[match.pk]),
        "compare": reverse("compare", args=[match.pk]) + f"?a={default.pk}&b={attacked.pk}",
        "recorder": reverse("match-record", args=[match.pk]),
        "score sheet": reverse("match-score-sheet", args=[match.pk]) + f"?run={default.pk}",
    }
    for name, url in pages.items():
        body = text_of(tree_of(curator_client, url).xpath("//main")[0])
        assert said in body.lower(), name
        for question in questions:
            assert question in body, (name, question)
        assert "that the duel's turn is the first of three" in body, name
    compared = text_of(tree_of(curator_client, pages["compare"]).xpath("//main")[0])
    # The other reading reads the Lagoon by a conjecture too, and says so.
    assert "1 point otherwise than the default, with 3 conjectures" in compared
    assert "that the second paragraph overrules" in compared


def test_the_studies_reading_page_names_the_default_reading_with_its_conjectures(
        client, archive, conjectures):
    document = games.get("dagon").simulate(seed=3, max_events=20)
    match = import_match(raw=document)
    body = text_of(tree_of(client, reverse("study-reading", args=[match.pk])).xpath("//main")[0])
    assert "The default reading, with 2 conjectures" in body
    assert "that the two weapons include the city's" in body


def test_a_private_matchs_variations_and_runs_stay_private(client, lagoon):
    match, default, attacked = lagoon
    owner = UserFactory(username="owner")
    Match.objects.filter(pk=match.pk).update(is_private=True, created_by=owner)
    for url in (reverse("compare", args=[match.pk]) + f"?a={default.pk}&b={attacked.pk}",
                reverse("replay-step", args=[match.pk, default.pk, 11]),
                reverse("match-score-sheet", args=[match.pk])):
        assert client.get(url).status_code == 404
    client.force_login(owner)
    page = tree_of(client, reverse("replay-step", args=[match.pk, default.pk, 11]))
    links = [a.get("href") for a in page.xpath("//nav[@class='other-readings']//a")]
    assert links == [reverse("replay-step", args=[match.pk, attacked.pk, 11])]
