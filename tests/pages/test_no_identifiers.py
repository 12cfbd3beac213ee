"""Words, not identifiers: "everywhere a collector reads, events must be said in the game's
words, not internal identifiers" — "one way to say an event, used by the recorder, step pages,
score sheets and exports' summaries; a test crawls every page of every game's samples for
identifiers (space and card ids, snake_case)".

For every game with samples (the four games with engines and the two whose rules are data),
each sample match is imported and replayed by default, then read as a collector reads it: the
match page, the run's page, the score sheet, the recorder (as a curator) and every step's
summary as kept for the API and exports. Step pages are many (a few thousand in all), so every
step page of each game's shortest sample is read, and the first and last step pages of the
others. The visible text is ``<main>``'s, the title, and the labels of buttons and options and
``aria-label``s, less the record as data (the state as stored, the form that appends JSON
events) and the record's own note of where it came from; ``tests/identifiers.leaks`` names
what of it is an id."""

from __future__ import annotations

from functools import cache

import lxml.html
import pytest
from django.urls import reverse

import games
from archive.services import load_archive, load_data_games
from replay.log.interchange import import_match
from replay.models import ReplayStep
from replay.runs.replaying import replay_match
from replay.runs.samples import sample_documents
from tests.identifiers import identifiers, leaks

# The record as data, not said in words: the state as the engine stores it (JSON) and the
# curator's form for appending events as JSON, whose help names players by their seats.
RAW = ("//script | //style | //template | //details[@class='state']"
       " | //section[@id='append']")
SLUGS = ("dagon", "dylan-dog", "fury-of-dracula", "gothic", "fox-and-geese", "goose")


def visible_text(page: str) -> str:
    """What a collector reads of ``page``: ``<main>``, the title, button and option labels
    and ``aria-label``s (scripts and styles are not read, nor the record as data: ``RAW``)."""
    tree = lxml.html.fromstring(page)
    for node in tree.xpath(RAW):
        node.drop_tree()
    parts = [node.text_content() for node in tree.xpath("//main | //title")]
    parts += [node.text_content() for node in tree.xpath("//button | //option")]
    parts += tree.xpath("//@aria-label")
    return "\n".join(parts)


@cache
def documents_by_game() -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for document in sample_documents():
        found.setdefault(document["game"], []).append(document)
    return found


def test_every_game_with_samples_is_crawled(db):
    """"every game's samples": the crawl reads each game that ships samples."""
    load_archive()
    load_data_games()
    assert sorted(documents_by_game()) == sorted(SLUGS)
    assert sorted(games.available()) == sorted(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_pages_of_a_game_say_no_identifiers(slug, db, client):
    """A game's samples, read on every kind of page, say no space or card id and no
    snake_case name: "Marta moves 5 to R13" is said "reality square 13"."""
    from tests.factories import make_curator

    load_archive()
    load_data_games()
    client.force_login(make_curator("curator"))
    documents = sorted(documents_by_game()[slug], key=lambda document: len(document["events"]))
    found: dict[str, list[str]] = {}

    def read(where: str, url: str, ids, source: str) -> None:
        response = client.get(url)
        assert response.status_code == 200, (where, url, response.status_code)
        leaked = leaks(visible_text(response.content.decode()).replace(source, ""), ids)
        if leaked:
            found[where] = leaked

    for number, document in enumerate(documents):
        match = import_match(raw=document)
        ids = identifiers(slug, match.setup)
        run = replay_match(match=match)
        assert run.status == "done", (document["title"], run.status, run.error)
        name = document["title"]
        # Where a record came from is the collector's own text, kept as written (a collector
        # may well write "R13" there): the archive's words, not the page's. The samples'
        # sources are written in words.
        source = match.source or "\0"
        read(f"{name}: match page", reverse("match-detail", args=[match.pk]), ids, source)
        read(f"{name}: score sheet", reverse("match-score-sheet", args=[match.pk]), ids, source)
        read(f"{name}: recorder", reverse("match-record", args=[match.pk]), ids, source)
        steps = list(ReplayStep.objects.filter(run=run).order_by("seq")
                     .values_list("seq", "summary"))
        for seq, summary in steps:
            if leaked := leaks(summary, ids):
                found[f"{name}: summary of step {seq} ({summary})"] = leaked
        seqs = [seq for seq, _ in steps]
        if number:
            seqs = sorted({seqs[0], seqs[-1]})
        for seq in seqs:
            read(f"{name}: step {seq}", reverse("replay-step", args=[match.pk, run.pk, seq]), ids, source)
    assert found == {}
