"""The workbench as pages: a version page by page beside its scan (deep zoom, regions as W3C
annotations), the curator's forms and their errors, and two versions compared word by word
with who and when."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from archive.models import Rulebook, Scan, Transcription
from archive.pages import page_lines, save_page, split_page
from archive.regions import Box, tie_region
from archive.review import publish_without_review
from archive.scan_uploads import add_scan
from archive.tiles import make_scan_tiles
from tests.archive.conftest import page_image
from tests.archive.test_workbench_versions import the_tower_note, tower_line


@pytest.fixture
def paged(gothic, gothic_scans, ana) -> Transcription:
    """Gothic split before "11. The Tower", page 2 on the second scan (with its tiles), one
    region on the Tower note's "unluckily enough": version 4, a draft."""
    make_scan_tiles(scan=gothic_scans[1])
    split = split_page(version=gothic, number=1, line=tower_line(gothic), user=ana).transcription
    tied = save_page(version=split, number=2, text=split.text[split.pages.get(number=2).start:],
                     scan=gothic_scans[1], user=ana).transcription
    return tie_region(version=tied, note=the_tower_note(tied),
                      box=Box(gothic_scans[1].pk, 120, 340, 260, 48, 1), user=ana).transcription


def page_url(version, number=1):
    return reverse("transcription-page", args=[version.pk, number])


def test_a_reader_reads_a_published_version_page_by_page(gothic, client):
    page = client.get(page_url(gothic)).content.decode()
    assert "Page 1 <span" in page and "of 1" in page and "no scan" in page
    lines = len(page_lines(gothic.text))
    assert f'<li value="{lines}">' in page and f'<li value="{lines + 1}">' not in page
    assert 'id="region-form"' not in page and "Save page" not in page
    assert client.get(page_url(gothic, 2)).status_code == 404


def test_the_page_with_its_scan_tiles_and_regions(paged, ana, client):
    client.force_login(ana)
    page = client.get(page_url(paged, 2)).content.decode()
    scan = paged.pages.get(number=2).scan
    assert f'data-tiles="/media/{scan.tiles}/info.json"' in page
    assert f'data-width="{scan.width}" data-height="{scan.height}"' in page
    assert "openseadragon.min.js" in page and "openseadragon-annotorious.min.js" in page
    annotations = reverse("page-annotations", args=[paged.pk, 2])
    assert f'data-annotations="{annotations}"' in page
    data = json.loads(client.get(annotations).content)
    (annotation,) = data["items"]
    assert annotation["target"]["selector"] == {
        "type": "FragmentSelector", "conformsTo": "http://www.w3.org/TR/media-frags/",
        "value": "xywh=pixel:120,340,260,48"}
    assert "“unluckily enough”" in annotation["body"][0]["value"]
    assert 'id="region-form"' in page and "Draw a region" in page
    assert "x 120, y 340, 260 × 48 px" in page


def test_an_earlier_version_is_read_only_even_to_a_curator(paged, gothic, ana, client):
    client.force_login(ana)
    page = client.get(page_url(gothic)).content.decode()
    assert "the latest is version 4" in page and 'id="region-form"' not in page


def test_the_pager_answers_htmx_with_the_page_alone(paged, ana, client):
    client.force_login(ana)
    fragment = client.get(page_url(paged, 2), HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<section id="workbench"') and "<html" not in fragment


def test_the_pages_annotations_are_a_w3c_annotation_page(paged, ana, client):
    client.force_login(ana)
    response = client.get(reverse("page-annotations", args=[paged.pk, 2]))
    assert response["Content-Type"].startswith("application/ld+json")
    page = json.loads(response.content)
    assert page["@context"] == "http://www.w3.org/ns/anno.jsonld"
    assert page["type"] == "AnnotationPage" and len(page["items"]) == 1
    item = page["items"][0]
    assert item["type"] == "Annotation" and item["motivation"] == "commenting"
    assert item["target"]["source"].endswith(paged.pages.get(number=2).scan.file.url)
    assert item["creator"] == {"type": "Person", "name": "ana"}


def region_post(client, version, number=2, **fields):
    return client.post(reverse("region-add", args=[version.pk, number]), fields)


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"x": "-4"}, "x", "greater than or equal to 0"),
        ({"w": "0"}, "w", "greater than or equal to 1"),
        ({"x": "700", "w": "200"}, "w", "right edge"),
        ({"y": "990", "h": "40"}, "h", "bottom edge"),
        ({"x": "ten"}, "x", "whole number"),
        ({"note": ""}, "words", "printed words"),
    ],
)
def test_a_bad_region_gets_the_forms_error_and_nothing_is_stored(paged, ana, client, fields,
                                                                  field, words):
    client.force_login(ana)
    note = the_tower_note(paged)
    data = {"x": "10", "y": "10", "w": "50", "h": "50", "note": str(note.pk), "kind":
            "legibility", **fields}
    response = region_post(client, paged, **data)
    assert response.status_code == 400
    errors = response.context["region_form"].errors
    assert field in errors and words in " ".join(errors[field])
    assert Transcription.objects.filter(rulebook=paged.rulebook).count() == 4


def test_a_region_is_drawn_from_the_form(paged, ana, client):
    client.force_login(ana)
    note = the_tower_note(paged)
    response = region_post(client, paged, x="5", y="6", w="70", h="80", note=f"{note.pk}.0",
                           kind="legibility")
    new = Transcription.objects.get(rulebook=paged.rulebook, version=5)
    assert response.status_code == 302 and response["Location"] == page_url(new, 2)
    assert sorted(r.xywh for r in new.regions.all()) == ["120,340,260,48", "5,6,70,80"]
    response = region_post(client, new, x="1", y="1", w="9", h="9", passage="gothic/the-tower",
                           words="cauldron of oil", body="the print is blurred here",
                           kind="legibility")
    newest = Transcription.objects.get(rulebook=paged.rulebook, version=6)
    assert response.status_code == 302
    assert newest.regions.get(x=1).note.target == "cauldron of oil"


def test_a_page_on_another_rulebooks_scan_is_a_form_error(paged, ana, client):
    dagon = Rulebook.objects.get(game__slug="dagon")
    other = add_scan(rulebook=dagon, page_number=1,
                     upload=SimpleUploadedFile("d.png", page_image(90)))
    client.force_login(ana)
    response = client.post(reverse("page-save", args=[paged.pk, 1]),
                           {"text": "x", "scan": str(other.pk)})
    assert response.status_code == 400
    assert "scan" in response.context["page_form"].errors
    assert Transcription.objects.filter(rulebook=paged.rulebook).count() == 4


def test_a_reader_posts_nothing(paged, reader, client):
    client.force_login(reader)
    for name, args in (("page-save", [paged.pk, 1]), ("page-split", [paged.pk, 1]),
                       ("region-add", [paged.pk, 2]), ("page-join", [paged.pk, 1])):
        assert client.post(reverse(name, args=args), {"text": "x", "line": "2"}).status_code == 403
    assert Transcription.objects.filter(rulebook=paged.rulebook).count() == 4


def test_a_change_to_a_version_already_replaced_is_a_form_error(paged, gothic, ana, client):
    client.force_login(ana)
    response = client.post(reverse("page-save", args=[gothic.pk, 1]),
                           {"text": gothic.text + "late\n"})
    assert response.status_code == 400
    assert "version 4 was stored after version 1" in response.content.decode()


def test_split_join_and_new_page_from_the_forms(gothic, ana, client):
    client.force_login(ana)
    assert client.post(reverse("page-split", args=[gothic.pk, 1]), {"line": "1"}).status_code == 400
    response = client.post(reverse("page-split", args=[gothic.pk, 1]), {"line": "3"})
    v2 = Transcription.objects.get(rulebook=gothic.rulebook, version=2)
    assert response.status_code == 302 and v2.pages.count() == 2
    response = client.post(reverse("page-save", args=[v2.pk, 3]), {"text": "Appendix\n"})
    v3 = Transcription.objects.get(rulebook=gothic.rulebook, version=3)
    assert response["Location"] == page_url(v3, 3) and v3.text.endswith("Appendix\n")
    response = client.post(reverse("page-join", args=[v3.pk, 2]))
    v4 = Transcription.objects.get(rulebook=gothic.rulebook, version=4)
    assert v4.pages.count() == 2 and v4.text == v3.text


# -- comparing ------------------------------------------------------------------------------------


def compare_url(version, to, **params):
    query = "&".join(f"{k}={v}" for k, v in {"to": to, **params}.items())
    return reverse("transcription-compare", args=[version.pk]) + "?" + query


def test_two_versions_compared_word_by_word_with_who_and_when(gothic, ana, luis, client):
    note = gothic.annotations.get(target="Congolese Blow pipe")
    text = gothic.text.replace("putrid waters", "foul waters").replace(
        note.raw, note.raw[:-1] + " Seen again in a second photograph.]")
    new = save_page(version=gothic, number=1, text=text, scan=None, user=ana).transcription
    publish_without_review(version=new, user=luis)
    page = client.get(compare_url(gothic, new.pk)).content.decode()
    assert "<del>putrid</del><ins>foul</ins> waters" in page
    assert "<ins> Seen again in a second photograph.</ins>" in page  # in the note
    assert "Removed</del>: Legibility note on “Congolese Blow pipe”" in page
    assert "Added</ins>: Legibility note on “Congolese Blow pipe”" in page
    assert "stored</li>" not in page  # each step says who did it
    assert re.search(r"stored by ana, \d{4}-\d\d-\d\d \d\d:\d\d", page)
    assert re.search(r"published without review by luis, \d{4}-\d\d-\d\d", page)
    # either way round, the older version is the one deleted from
    assert client.get(compare_url(new, gothic.pk)).content.decode().count("<del>putrid</del>") == 1


def test_one_page_of_two_versions_compared(paged, gothic, client, ana):
    client.force_login(ana)
    page = client.get(compare_url(gothic, paged.pk, page=2)).content.decode()
    assert "Page 2, word by word" in page
    assert "<ins>11. The Tower" in page  # version 1 has one page: its page 2 is empty
    assert "Added</ins>: p. 2, x,y,w,h 120,340,260,48" in page


@pytest.mark.parametrize(
    ("query", "words"),
    [("", "to must name"), ("to=abc", "to must be a whole number"),
     ("to=999999", "to must be a version of the same text"), ("to={dagon}", "same text"),
     ("to={self}&page=9", "page must be from 1 to 1")],
)
def test_a_comparison_that_cannot_be_is_a_400_naming_the_parameter(gothic, client, query, words):
    dagon = Transcription.objects.get(rulebook__game__slug="dagon")
    query = query.format(dagon=dagon.pk, self=gothic.pk)
    response = client.get(reverse("transcription-compare", args=[gothic.pk]) + "?" + query)
    assert response.status_code == 400 and words in response.content.decode()


def test_a_draft_is_not_compared_for_a_reader(paged, gothic, client):
    response = client.get(compare_url(gothic, paged.pk))
    assert response.status_code == 400 and "you may read" in response.content.decode()
    assert client.get(compare_url(paged, gothic.pk)).status_code == 404


def test_scans_listed_on_the_workbench_are_this_rulebooks(paged, ana, client):
    client.force_login(ana)
    form = client.get(page_url(paged, 1)).context["page_form"]
    assert set(form.fields["scan"].queryset) == set(Scan.objects.filter(rulebook=paged.rulebook))
