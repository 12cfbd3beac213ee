"""Passages are named in words on every page that names them: a heading the text gives, or,
for a passage it gives none (La Furia di Dracula's paragraphs, Dylan Dog's opening lines), its
place and first words; never the slug the engines cite it by. A transcription's notes are
numbered once through the whole text."""

from __future__ import annotations

import re
from collections import Counter

from django.urls import reverse

from archive.models import Transcription


def _visible(html: str) -> str:
    """The words a reader sees: tags, and the attributes in them, left out."""
    return re.sub(r"<[^>]+>", " ", html)


def _transcription(client, slug: str, language: str = "en") -> str:
    transcription = Transcription.objects.get(rulebook__game__slug=slug, language=language)
    return client.get(reverse("transcription-detail", args=[transcription.pk])).content.decode()


def test_la_furia_di_draculas_paragraphs_are_headed_in_words(client, archive):
    for language in ("it", "en"):
        page = _transcription(client, "fury-of-dracula", language)
        headings = re.findall(r'<section class="passage" id="para-\d"[^>]*>\s*<h2>(.*?) <a', page)
        assert len(headings) == 6
        assert headings[0].startswith("Paragraph 1 (pp. 6–7, 11): “")
        assert headings[3].startswith("Paragraph 4 (p. 12): “")
        assert "para-" not in _visible(page)
    italian = _transcription(client, "fury-of-dracula", "it")
    assert "Paragraph 4 (p. 12): “Se un cacciatore termina il movimento…”" in italian


def test_dylan_dogs_opening_lines_are_not_called_preamble(client, archive):
    page = _transcription(client, "dylan-dog")
    toc = page[page.index('<nav class="toc"'):page.index("</nav>", page.index('<nav class="toc"'))]
    first = re.search(r"<li><a href=\"#preamble\">(.*?)</a></li>", toc).group(1)
    assert first == "Opening lines: “For 3 to 6 players…”"
    assert "preamble" not in _visible(page).lower()


def test_the_points_page_cites_passages_by_their_heading(client, archive):
    dagon = client.get(reverse("game-points", args=["dagon"])).content.decode()
    assert re.search(r'#the-lagoon">The Lagoon</a>', dagon)
    assert not re.search(r">\s*dagon/[\w-]+\s*<", dagon)
    dracula = client.get(reverse("game-points", args=["fury-of-dracula"])).content.decode()
    cited = re.findall(r'<footer>— <a href="/transcriptions/\d+/#para-\d">(.*?)</a>', dracula)
    assert cited and all(c.startswith("Paragraph ") for c in cited)
    assert "fury-of-dracula/para-" not in _visible(dracula)


def test_note_numbers_run_through_the_whole_transcription(client, archive):
    for slug in ("gothic", "dagon"):
        page = _transcription(client, slug)
        markers = re.findall(r'<a class="noteref [^"]+"[^>]*>.*?note&nbsp;(\d+)</a>', page)
        listed = re.findall(r'<li class="note [^"]+" id="note-\d+" value="(\d+)">', page)
        assert markers and sorted(map(int, markers)) == list(range(1, len(markers) + 1)), slug
        assert [n for n, count in Counter(markers).items() if count > 1] == [], slug
        assert listed == sorted(listed, key=int) and sorted(listed) == sorted(markers), slug


def test_a_step_cites_an_unheaded_passage_in_words(client, archive):
    from pathlib import Path

    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    sample = Path(__file__).resolve().parents[2] / "games/fury_of_dracula/samples/revealed-at-sea.json"
    run = replay_match(match=import_match(raw=sample.read_bytes()))
    page = client.get(f"/matches/{run.match_id}/runs/{run.pk}/step/8/").content.decode()
    assert "Paragraph 4 (p. 12): “" in page
    assert not re.search(r">\s*fury-of-dracula/para-\d\s*<", page)


def test_search_names_the_passage_a_hit_is_in(client, archive):
    page = client.get(reverse("search"), {"q": "cacciatore"}).content.decode()
    assert "§ Paragraph " in page and "§ para-" not in page
