"""The transcription form explains its note markup with an example of each kind, read by the
parser itself; a scan is shown beside the transcription and beside the form."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from archive.markup import markup_examples
from archive.models import Rulebook, Transcription
from archive.scan_uploads import add_scan
from archive.services import load_archive
from tests.factories import make_curator


def png(colour) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 60), colour).save(out, format="PNG")
    return out.getvalue()


def test_there_is_an_example_of_each_kind_of_note_and_the_parser_reads_it_so():
    examples = markup_examples()
    assert {e.kind for e in examples} == {"Legibility note", "Editorial note",
                                          "Uncertain reading"}
    assert any(e.pages for e in examples)  # a page citation
    assert {e.language for e in examples} >= {"en", "it", "es"}
    legibility = examples[0]
    assert (legibility.target, legibility.certainty) == ("six", "low")
    assert [e.certainty for e in examples if e.language == "es"] == ["medium"]


@pytest.fixture
def rulebook(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    load_archive()
    rulebook = Rulebook.objects.get(game__slug="dagon")
    for number, colour in ((1, (200, 0, 0)), (2, (0, 200, 0))):
        add_scan(rulebook=rulebook, page_number=number,
                 upload=SimpleUploadedFile(f"p{number}.png", png(colour)))
    return rulebook


def test_the_form_shows_the_markup_help_and_a_scan_beside_it(client, rulebook):
    client.force_login(make_curator())
    page = client.get(reverse("transcription-add", args=[rulebook.pk])).content.decode()
    assert "How to mark notes" in page and "Legibility note on “six”, certainty low" in page
    assert "page citation p. 12" in page and 'lang="it"' in page
    first = rulebook.scans.order_by("page_number").first()
    assert 'id="scan-pane"' in page and first.file.url in page


def test_the_transcription_shows_the_chosen_scan_beside_it(client, rulebook):
    transcription = Transcription.objects.filter(rulebook=rulebook).first()
    url = reverse("transcription-detail", args=[transcription.pk])
    first, second = rulebook.scans.order_by("page_number")
    page = client.get(url).content.decode()
    assert first.file.url in page and second.file.url not in page
    chosen = client.get(url, {"scan": second.pk}).content.decode()
    assert second.file.url in chosen and 'aria-current="page">p. 2' in chosen
    assert client.get(url, {"scan": "nonsense"}).status_code == 200
