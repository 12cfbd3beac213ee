"""Archive pages and curator forms through Django's test client."""

from __future__ import annotations

import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape

from archive.models import Rulebook, Scan, Transcription
from archive.scan_uploads import add_scan
from tests.factories import GameFactory
from tests.pages.conftest import png_bytes


def test_the_search_page_returns_only_its_results_to_htmx(client, archive):
    full = client.get(reverse("search"), {"q": "gothic"}).content.decode()
    assert "<html" in full and 'id="search-results"' in full and 'hx-get="/search/"' in full
    fragment = client.get(reverse("search"), {"q": "gothic"}, HTTP_HX_REQUEST="true")
    body = fragment.content.decode()
    assert "<html" not in body and body.strip().startswith('<section id="search-results"')
    assert "The Gothic Game" in body and "Dylan Dog" not in body
    # A history restore asks for the whole page.
    restore = client.get(reverse("search"), {"q": "gothic"}, HTTP_HX_REQUEST="true",
                         HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in restore.content.decode()


def test_game_page_offers_forms_only_to_curators(client, curator_client, archive):
    url = reverse("game-detail", args=["dagon"])
    rulebook = Rulebook.objects.get(game__slug="dagon")
    add_link = reverse("scan-add", args=[rulebook.pk])
    assert add_link in curator_client.get(url).content.decode()
    client.logout()
    page = client.get(url).content.decode()
    assert add_link not in page and "sign in" in page
    assert reverse("game-points", args=["dagon"]) in page


def test_forms_are_403_for_others_with_a_sign_in_link(client, reader_client, archive):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    for name in ("scan-add", "transcription-add"):
        url = reverse(name, args=[rulebook.pk])
        response = reader_client.get(url)
        assert response.status_code == 403 and "not a curator" in response.content.decode()
        assert reader_client.post(url, {}).status_code == 403
    reader_client.logout()
    for url in (reverse("scan-add", args=[rulebook.pk]), reverse("match-create"),
                reverse("match-import")):
        response = client.get(url)
        assert response.status_code == 403
        assert f'{reverse("login")}?next=' in response.content.decode()
    assert Scan.objects.count() == 0


def test_scan_upload_gallery_and_page_viewer(curator_client, archive):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    url = reverse("scan-add", args=[rulebook.pk])
    for number in (1, 2, 3):
        response = curator_client.post(url, {
            "page_number": number, "page_label": str(number),
            "file": SimpleUploadedFile(f"p{number}.png", png_bytes((number * 60, 90, 90))),
        })
        assert response.status_code == 302
    scans = list(Scan.objects.filter(rulebook=rulebook).order_by("page_number"))
    game = curator_client.get(reverse("game-detail", args=["gothic"])).content.decode()
    assert game.count('class="scan-gallery"') == 1 and scans[0].thumbnail.url in game
    middle = curator_client.get(reverse("scan-detail", args=[scans[1].pk])).content.decode()
    assert reverse("scan-detail", args=[scans[0].pk]) in middle  # prev
    assert reverse("scan-detail", args=[scans[2].pk]) in middle  # next
    assert 'rel="prev"' in middle and 'rel="next"' in middle
    fragment = curator_client.get(reverse("scan-detail", args=[scans[2].pk]),
                                  HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment and "last page" in fragment


def test_scan_upload_of_the_wrong_type_is_refused_next_to_the_file_field(curator_client, archive):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    response = curator_client.post(reverse("scan-add", args=[rulebook.pk]), {
        "page_number": "1",
        "file": SimpleUploadedFile("page.png", b"just some text, not an image\n" * 20),
    })
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="id_file-error"' in page and "a scan must be a PNG" in page
    bad_number = curator_client.post(reverse("scan-add", args=[rulebook.pk]), {
        "page_number": "two", "file": SimpleUploadedFile("p.png", png_bytes()),
    })
    assert bad_number.status_code == 400 and 'id="id_page_number-error"' in bad_number.content.decode()
    assert Scan.objects.count() == 0


def test_transcription_notes_are_written_out_once_and_numbered_in_the_text(client, archive):
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    page = client.get(reverse("transcription-detail", args=[gothic.pk])).content.decode()
    assert 'role="tooltip"' not in page and 'class="tip"' not in page
    notes = list(gothic.annotations.exclude(kind="page"))
    assert len([n for n in notes if n.kind == "legibility"]) == 3
    for note in notes:
        # the note's words once (the list), its number in the text, the list item it leads to
        assert page.count(escape(note.body)) == 1, note.body
        assert f'href="#note-{note.pk}"' in page and f'id="note-{note.pk}"' in page
        assert escape(note.raw) not in page  # the bracketed markup is not printed as well
    assert page.count('<a class="noteref legibility"') == 3


def test_page_citations_link_to_an_archived_scan(client, archive):
    dracula = Transcription.objects.get(rulebook__game__slug="fury-of-dracula", language="it")
    scan = add_scan(rulebook=dracula.rulebook, page_number=12, page_label="12",
                    upload=SimpleUploadedFile("p12.png", png_bytes()))
    page = client.get(reverse("transcription-detail", args=[dracula.pk])).content.decode()
    link = reverse("scan-detail", args=[scan.pk])
    assert f'<a class="mark page" href="{link}"' in page
    assert page.count('<span class="mark page" data-kind="page"') == 3  # pp. 6–7, 11; p. 7; p. 13
    assert page.count(f'<a class="mark page" href="{link}"') == 3  # the three citing p. 12


def test_transcription_form_adds_a_version_and_side_by_side_pairs_it(curator_client, archive):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    original = rulebook.transcriptions.get()
    only_one = curator_client.get(reverse("side-by-side", args=[rulebook.pk])).content.decode()
    assert "Only one transcription of this rulebook exists" in only_one
    text = original.text.replace("Lagoon", "Laguna")
    response = curator_client.post(reverse("transcription-add", args=[rulebook.pk]), {
        "language": "es", "transcriber": "A. Curator", "translation_of": original.pk,
        "text": text,
    })
    assert response.status_code == 302
    spanish = Transcription.objects.get(rulebook=rulebook, language="es")
    page = curator_client.get(reverse("side-by-side", args=[rulebook.pk])).content.decode()
    assert 'class="parallel"' in page and "Laguna" in page and "Lagoon" in page
    # Paired by passage slug; the renamed heading ("The Laguna") stands on a row of its own.
    assert 'id="l-starting-the-game"' in page and 'id="r-starting-the-game"' in page
    assert page.count("<tr>") == original.passages.count() + 2  # + header, + the unpaired one
    assert f'href="{reverse("transcription-detail", args=[spanish.pk])}#' in page


def test_transcription_form_errors_sit_next_to_their_fields(curator_client, archive):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    url = reverse("transcription-add", args=[rulebook.pk])
    not_utf8 = curator_client.post(url, {
        "language": "es", "transcriber": "X",
        "file": SimpleUploadedFile("t.txt", "Título\n\nel texto".encode("latin-1")),
    })
    assert not_utf8.status_code == 400
    assert 'id="id_file-error"' in not_utf8.content.decode()
    assert "not UTF-8" in not_utf8.content.decode()
    nothing = curator_client.post(url, {"language": "es", "transcriber": "X"})
    assert 'id="id_text-error"' in nothing.content.decode()
    same_language = curator_client.post(url, {
        "language": "en", "transcriber": "X", "text": "x",
        "translation_of": rulebook.transcriptions.get().pk,
    })
    assert 'id="id_translation_of-error"' in same_language.content.decode()
    assert rulebook.transcriptions.count() == 1


def test_points_page_quotes_the_cited_passages(client, archive):
    page = client.get(reverse("game-points", args=["dagon"])).content.decode()
    assert "dagon.lagoon-chooser" in page and "conflict" in page
    assert "<blockquote" in page and "Editorial note" in page
    assert 'href="/transcriptions/' in page


def test_points_page_of_a_game_without_an_engine(client, archive):
    GameFactory(slug="chess", title="Chess")
    page = client.get(reverse("game-points", args=["chess"])).content.decode()
    assert "No engine yet" in page


def test_a_note_marker_never_reads_as_a_printed_number(client, archive):
    """Gothic, Rooms: "Cards with numbers in the top left-hand corner, e.g. [a circled number in
    the photo, probably 6], may be traded": the note stands where the card's number is, so a bare
    "1" there would read as that number. The marker says it is a note."""
    gothic = Transcription.objects.filter(rulebook__game__slug="gothic").latest("version")
    page = client.get(reverse("transcription-detail", args=[gothic.pk])).content.decode()
    rooms = page[page.index('id="rooms"'):]
    rooms = rooms[: rooms.index("</section>")]
    marker = re.search(r'e\.g\. <a class="noteref reading"[^>]*>(.*?)</a>', rooms)
    assert marker, "the reading note's marker follows e.g."
    visible = re.sub(r'<span class="visually-hidden">.*?</span>', "", marker.group(1))
    assert visible == "note&nbsp;1"
