"""Regions and pages in the archive's interchange formats: a region is a ``<zone>`` of its
scan's ``<surface>`` in TEI, pointed at by ``facs`` from the words (or the note) it shows, and
each page starts with a ``<pb>`` on its scan, valid under tei_all; in the rulebook's IIIF
manifest a region is a commenting annotation on its canvas with a FragmentSelector, and only
the published version's regions are there."""

from __future__ import annotations

import json

import pytest
from lxml import etree

from archive import tei
from archive.exports import transcription_tei
from archive.regions import Box, tie_region
from archive.review import publish_without_review
from tests.archive.iiif_validation import validate_manifest
from tests.archive.test_workbench_pages import paged  # noqa: F401 - the fixture
from tests.archive.test_workbench_versions import the_tower_note

T = {"t": tei.TEI_NS}


@pytest.fixture
def two_regions(paged, gothic_scans, ana):
    """``paged`` and a second region, for the whole Great Spiral Staircase note, on page 1's
    scan: version 5, a draft."""
    note = paged.annotations.get(kind="legibility", body__contains="final sentence")
    return tie_region(version=paged, note=note, box=Box(gothic_scans[0].pk, 30, 40, 500, 60),
                      user=ana).transcription


def test_regions_are_zones_the_text_points_at_valid_under_tei_all(two_regions, gothic_scans):
    xml = transcription_tei(transcription=two_regions, request_base_url="https://l.example")
    assert tei.validate(xml) == []  # tei_all, and every #pointer resolves
    root = etree.fromstring(xml)
    zones = {z.get("{http://www.w3.org/XML/1998/namespace}id"): z
             for z in root.xpath("//t:facsimile/t:surface/t:zone", namespaces=T)}
    assert len(zones) == 2
    unclear = root.xpath("//t:unclear[.='unluckily enough']", namespaces=T)[0]
    (tower_zone,) = [zones[f[1:]] for f in unclear.get("facs").split()]
    assert [tower_zone.get(a) for a in ("ulx", "uly", "lrx", "lry")] == ["120", "340", "380",
                                                                           "388"]
    assert tower_zone.getparent().get("n") == gothic_scans[1].page_label
    staircase = root.xpath("//t:note[contains(., 'No one ever returns')]", namespaces=T)[0]
    (staircase_zone,) = [zones[f[1:]] for f in staircase.get("facs").split()]
    assert staircase_zone.getparent().get("n") == gothic_scans[0].page_label
    assert root.xpath("//t:unclear[.='any one player']/@facs", namespaces=T) == []


def test_each_page_starts_with_a_page_break_on_its_scan(two_regions, gothic_scans):
    root = etree.fromstring(transcription_tei(transcription=two_regions))
    breaks = root.xpath("//t:body//t:pb", namespaces=T)
    assert [(pb.get("n"), pb.get("facs")) for pb in breaks] == [
        ("1", None), (gothic_scans[1].page_label, "#page-2")]
    second = breaks[1]
    assert second.getnext().xpath("string(.)") == "11. The Tower"  # before its heading


def test_a_text_of_one_page_without_a_scan_has_no_page_break(gothic):
    assert b"<pb" not in transcription_tei(transcription=gothic)


def manifest(client, rulebook):
    response = client.get(f"/rulebooks/{rulebook.pk}/manifest.json")
    assert response.status_code == 200
    return json.loads(response.content)


def region_annotations(document):
    found = []
    for canvas in document["items"]:
        for page in canvas.get("annotations", []):
            found += [(canvas["id"], item) for item in page["items"]
                      if isinstance(item["target"], dict)]
    return found


def test_the_published_versions_regions_are_on_their_canvases(two_regions, ana, client):
    assert region_annotations(manifest(client, two_regions.rulebook)) == []  # a draft's
    publish_without_review(version=two_regions, user=ana)
    document = manifest(client, two_regions.rulebook)
    validate_manifest(document)
    found = region_annotations(document)
    assert len(found) == 2
    canvas, tower = next((c, a) for c, a in found if "unluckily" in a["body"]["value"])
    assert tower["motivation"] == "commenting"
    assert tower["target"] == {
        "type": "SpecificResource", "source": {"id": canvas, "type": "Canvas"},
        "selector": {"type": "FragmentSelector", "conformsTo": "http://www.w3.org/TR/media-frags/",
                     "value": "xywh=120,340,260,48"}}
    fetched = client.get(tower["id"].replace("http://testserver", ""))
    assert fetched.status_code == 200 and json.loads(fetched.content)["id"] == tower["id"]


def test_a_region_for_the_note_itself_is_pointed_at_from_the_note(gothic, gothic_scans, ana):
    note = the_tower_note(gothic)
    drawn = tie_region(version=gothic, note=note, box=Box(gothic_scans[0].pk, 1, 1, 5, 5),
                       user=ana).transcription
    xml = transcription_tei(transcription=drawn)
    assert tei.validate(xml) == []
    root = etree.fromstring(xml)
    (tower,) = root.xpath("//t:note[contains(., 'soft-focus')]", namespaces=T)
    assert tower.get("facs", "").startswith("#zone-region-")
