"""The plain archive pages: games, a game's rulebooks, a transcription with its
notes visibly marked."""

import re

import pytest
from django.urls import reverse

from archive.models import Transcription
from archive.services import load_archive


@pytest.fixture
def archive(db):
    load_archive()


def test_home_lists_the_four_games_and_searches_from_the_header(client, archive):
    page = client.get(reverse("home")).content.decode()
    for title in ("Dylan Dog", "La Furia di Dracula", "The Gothic Game", "Dagon contra"):
        assert title in page
    assert f'action="{reverse("search")}" role="search"' in page
    found = client.get(reverse("search"), {"q": "Lagoon"}).content.decode()
    groups = re.findall(r'<section class="search-game">\s*<h2><a [^>]*>([^<]+)</a>', found)
    assert groups == ["Dagon contra el Hechicero de los Reinos Negros"]


def test_game_page_lists_rulebooks_and_transcriptions(client, archive):
    page = client.get(reverse("game-detail", args=["dagon"])).content.decode()
    assert "Rules sheet" in page and "version 1" in page


def test_transcription_page_marks_legibility_and_editorial_notes(client, archive):
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    page = client.get(reverse("transcription-detail", args=[gothic.pk])).content.decode()
    assert 'id="the-tower"' in page
    assert page.count('<a class="noteref legibility"') == 3
    assert 'class="mark target"' in page and ">any one player</span>" in page
    dagon = Transcription.objects.get(rulebook__game__slug="dagon")
    page = client.get(reverse("transcription-detail", args=[dagon.pk])).content.decode()
    assert page.count('<a class="noteref editorial"') == 2


def test_dracula_page_citations_are_marked(client, archive):
    dracula = Transcription.objects.get(rulebook__game__slug="fury-of-dracula", language="it")
    page = client.get(reverse("transcription-detail", args=[dracula.pk])).content.decode()
    assert page.count('<span class="mark page" data-kind="page"') == 6
    assert "(pag. 12)" in page


def test_unknown_pages_are_404(client, archive):
    assert client.get(reverse("game-detail", args=["chess"])).status_code == 404
    assert client.get(reverse("transcription-detail", args=[99999])).status_code == 404
