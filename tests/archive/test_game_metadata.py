"""A game's metadata (original title, year, publisher, designer, players, components) is what
its rulebook says: the seed fills a field only where the transcription says it, and shows the
rest as not given."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from archive.models import Game
from archive.services import load_archive
from replay.log.errors import DocumentError
from replay.log.matches import checked_players
from tests import paths
from tests.factories import GameFactory

RULEBOOK = {
    "dylan-dog": "dylan-dog.en.txt",
    "fury-of-dracula": "la-furia-di-dracula.it.txt",
    "gothic": "the-gothic-game.en.txt",
    "dagon": "dagon.en.txt",
}
# Where the text gives the number of players, the words that give it.
PLAYERS_SAID = {
    "dylan-dog": ((3, 6), ["For 3 to 6 players."]),
    # Four Heroes and one each: at most four; the sheet never gives a least number.
    "dagon": ((None, 4), ["4 Heroes (pawns).", "Each player receives one Hero"]),
}


@pytest.fixture
def seeded(db):
    load_archive()
    return {game.slug: game for game in Game.objects.all()}


def _text(slug: str) -> str:
    return (paths.RULEBOOKS / RULEBOOK[slug]).read_text(encoding="utf-8")


def _lines_as_printed(text: str) -> set[str]:
    """A component line without its list dash, quotes, final full stop or trailing gloss."""
    lines = set()
    for line in text.splitlines():
        line = line.removeprefix("- ").replace('"', "").rstrip(".")
        lines.add(line)
        lines.add(re.sub(r" \([^)]*\)$", "", line))
    return lines


@pytest.mark.parametrize("slug", sorted(RULEBOOK))
def test_each_seeded_field_is_said_by_the_rulebook(seeded, slug):
    game, text = seeded[slug], _text(slug)
    assert game.original_title and text.splitlines()[0].startswith(game.original_title)
    for item in game.components:
        assert item in _lines_as_printed(text), item
    for value in (game.publisher, game.designer):
        assert value == "" or value in text
    assert game.year is None or str(game.year) in text
    (fewest, most), quotes = PLAYERS_SAID.get(slug, ((None, None), []))
    assert (game.min_players, game.max_players) == (fewest, most)
    assert all(quote in text for quote in quotes)


def test_no_seeded_rulebook_gives_a_year_publisher_or_designer(seeded):
    """None of the four transcriptions names its year, publisher or designer."""
    for slug, game in seeded.items():
        assert (game.year, game.publisher, game.designer) == (None, "", ""), slug


def test_the_game_page_shows_year_and_publisher_or_says_they_are_not_given(client, seeded):
    page = client.get(reverse("game-detail", args=["gothic"])).content.decode()
    assert re.search(r"<dt>Year</dt><dd>not given in the rulebook</dd>", page)
    assert re.search(r"<dt>Publisher</dt><dd>not given in the rulebook</dd>", page)
    assert re.search(r"<dt>Players</dt><dd>not given in the rulebook</dd>", page)
    dagon = client.get(reverse("game-detail", args=["dagon"])).content.decode()
    assert "<dt>Players</dt><dd>up to 4 players</dd>" in dagon
    GameFactory(slug="kremlin", title="Kremlin", year=1986, publisher="Avalon Hill",
                designer="Urs Hostettler", min_players=3, max_players=6)
    kremlin = client.get(reverse("game-detail", args=["kremlin"])).content.decode()
    assert "<dt>Year</dt><dd>1986</dd>" in kremlin
    assert "<dt>Publisher</dt><dd>Avalon Hill</dd>" in kremlin
    assert "<dt>Designer</dt><dd>Urs Hostettler</dd>" in kremlin
    assert "<dt>Players</dt><dd>3–6 players</dd>" in kremlin
    home = client.get(reverse("home")).content.decode()
    assert "1986 · Avalon Hill · 3–6 players" in home


def test_the_api_gives_the_metadata(client, seeded):
    GameFactory(slug="kremlin", title="Kremlin", year=1986, publisher="Avalon Hill")
    body = client.get("/api/games/kremlin/").json()
    assert (body["year"], body["publisher"], body["designer"]) == (1986, "Avalon Hill", "")
    gothic = client.get("/api/games/gothic/").json()
    assert (gothic["year"], gothic["min_players"], gothic["max_players"]) == (None, None, None)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"year": 986}, "the year has four digits"),
        ({"min_players": 0}, "at least one player"),
        ({"min_players": 4, "max_players": 2}, "cannot be fewer than the fewest"),
    ],
)
def test_impossible_metadata_is_refused_by_validation_and_by_the_database(db, fields, message):
    game = Game(slug="odd", title="Odd", **fields)
    with pytest.raises(ValidationError, match=message):
        game.full_clean()
    with pytest.raises(IntegrityError), transaction.atomic():
        game.save()


def test_a_record_names_as_many_players_as_the_rulebook_and_the_engine_allow(seeded):
    def players(n):
        return [{"id": f"p{i}", "name": f"P{i}"} for i in range(1, n + 1)]

    # Dagon: the sheet allows at most four (one Hero each).
    with pytest.raises(DocumentError, match="played by 2 to 4 players, not 5"):
        checked_players(players(5), seeded["dagon"])
    # Dylan Dog: "For 3 to 6 players."
    with pytest.raises(DocumentError, match="played by 3 to 6 players, not 2"):
        checked_players(players(2), seeded["dylan-dog"])
    # A game with no engine whose rulebook gives no number: any table of one or more.
    silent = GameFactory(slug="silent", title="Silent", min_players=None, max_players=None)
    assert len(checked_players(players(9), silent)) == 9
