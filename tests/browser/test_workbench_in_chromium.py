"""The transcription workbench in Chromium: a curator opens a page beside its scan (deep zoom
over its tiles, OpenSeadragon), draws a rectangle on the scan (Annotorious), ties it to a new
note on printed words, publishes the version without review (recorded), and finds the region
in the canvas's IIIF annotation page and as a TEI zone the text points at; the keyboard moves
page by page; the console reports no error and the Content-Security-Policy nothing."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from lxml import etree
from playwright.sync_api import expect

from archive import tei
from tests.archive.conftest import page_image
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser


@pytest.fixture
def app_serves_media(monkeypatch):
    """Media answered by the application's own view (config.media), as in production."""
    monkeypatch.setattr("django.test.testcases._MediaFilesHandler._should_handle",
                        lambda handler, path: False)


@pytest.fixture
def paged_gothic(seeded, settings, tmp_path, app_serves_media):
    """The Gothic Game split before "11. The Tower", page 2 on a scanned page with its tiles:
    version 3, a draft."""
    settings.MEDIA_ROOT = tmp_path / "media"
    from archive.models import Transcription
    from archive.pages import save_page, split_page
    from archive.scan_uploads import add_scan
    from tests.factories import make_curator

    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    scan = add_scan(rulebook=gothic.rulebook, page_number=11, page_label="11",
                    upload=SimpleUploadedFile("p11.png", page_image(60, (1600, 2000))))
    scan.refresh_from_db()
    assert scan.tiles, "tiles are made when the upload commits"
    ana = make_curator("ana")
    line = gothic.text.split("\n").index("11. The Tower") + 1
    split = split_page(version=gothic, number=1, line=line, user=ana).transcription
    page_two = split.pages.get(number=2)
    tied = save_page(version=split, number=2, text=split.text[page_two.start:page_two.end],
                     scan=scan, user=ana).transcription
    return tied, scan


def test_a_region_drawn_on_the_scan_reaches_iiif_and_tei(page, live_server, paged_gothic,
                                                          console_errors):
    version, scan = paged_gothic
    base = live_server.url
    tiles = []
    page.on("request", lambda r: tiles.append(r.url) if "/tiles/" in r.url else None)
    sign_in(page, base)
    page.goto(f"{base}/transcriptions/{version.pk}/pages/2/")
    viewer = page.locator("#scan-viewer")
    expect(viewer.locator("canvas").first).to_be_visible()
    page.wait_for_function("document.querySelector('#scan-viewer canvas').width > 0")
    expect(page.locator(".openseadragon-canvas")).to_be_visible()
    assert any(url.endswith("/info.json") for url in tiles)  # deep zoom over the tiles

    page.get_by_role("button", name="Draw a region").click()
    expect(page.get_by_role("button", name="Draw a region")).to_have_attribute("aria-pressed",
                                                                                "true")
    box = viewer.bounding_box()
    x0, y0 = box["x"] + box["width"] * 0.35, box["y"] + box["height"] * 0.3
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 60, y0 + 30, steps=8)
    page.mouse.move(x0 + 120, y0 + 50, steps=8)
    page.mouse.up()
    expect(page.locator("#viewer-status")).to_contain_text("Rectangle drawn")
    values = {name: int(page.input_value(f"#region-form [name={name}]"))
              for name in ("x", "y", "w", "h")}
    assert values["w"] > 20 and values["h"] > 10
    assert values["x"] + values["w"] <= scan.width and values["y"] + values["h"] <= scan.height

    form = page.locator("#region-form")
    form.get_by_label("For the note").select_option("")
    form.get_by_label("Passage").select_option("gothic/the-tower")
    form.get_by_label("Words").fill("cauldron of oil")
    form.get_by_label("New note").fill("partly obscured by a crease")
    form.get_by_role("button", name="Save the region").click()
    page.wait_for_url(re.compile(r"/transcriptions/\d+/pages/2/$"))
    drawn = int(re.search(r"/transcriptions/(\d+)/", page.url).group(1))
    xywh = "{x},{y},{w},{h}".format(**values)
    expect(page.locator(".regions li")).to_contain_text(
        f"x {values['x']}, y {values['y']}, {values['w']} × {values['h']} px")
    expect(page.locator(".regions li")).to_contain_text("cauldron of oil")

    # the keyboard reaches the pager, and page 1 comes without the scan's viewer
    page.locator("a[rel=prev]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#workbench-title")).to_contain_text("Page 1")

    page.goto(f"{base}/transcriptions/{drawn}/")
    review = page.locator(".review form")
    review.get_by_label("Action").select_option("publish-without-review")
    review.get_by_label("I publish this version without a second curator's review").check()
    review.get_by_role("button", name="Record this step").click()
    expect(page.locator(".review .history")).to_contain_text(
        "published without review by curator")

    canvas = f"{base}/rulebooks/{version.rulebook_id}/canvas/{scan.pk}"
    annotation_page = json.loads(page.request.get(f"{canvas}/page/transcription").text())
    regions = [a for a in annotation_page["items"] if isinstance(a["target"], dict)]
    (region,) = regions
    assert region["target"]["selector"]["value"] == f"xywh={xywh}"
    assert "cauldron of oil" in region["body"]["value"]

    xml = page.request.get(f"{base}/transcriptions/{drawn}/tei.xml").body()
    assert tei.validate(xml) == []
    root = etree.fromstring(xml)
    ns = {"t": tei.TEI_NS}
    (zone,) = root.xpath("//t:surface/t:zone", namespaces=ns)
    assert [int(zone.get(a)) for a in ("ulx", "uly", "lrx", "lry")] == [
        values["x"], values["y"], values["x"] + values["w"], values["y"] + values["h"]]
    (words,) = root.xpath("//t:unclear[.='cauldron of oil']", namespaces=ns)
    assert words.get("facs") == f"#{zone.get('{http://www.w3.org/XML/1998/namespace}id')}"
    assert console_errors.messages == []


def test_the_workbench_pages_have_labels_and_no_inline_code(no_js_page, live_server,
                                                            paged_gothic):
    """The pages as the server writes them (no script has run): every control labelled, no
    inline style or script, the strict policy on each."""
    from archive.models import Transcription
    from tests.browser.test_accessibility_and_csp import check_page

    version, _ = paged_gothic
    first = Transcription.objects.get(rulebook=version.rulebook, language="en", version=1)
    sign_in(no_js_page, live_server.url)
    for name, path in (
        ("workbench-page", f"/transcriptions/{version.pk}/pages/2/"),
        ("workbench-text-page", f"/transcriptions/{version.pk}/pages/1/"),
        ("review-panel", f"/transcriptions/{version.pk}/"),
        ("version-compare", f"/transcriptions/{version.pk}/compare/?to={first.pk}"),
        ("review-queue", "/transcriptions/review/"),
    ):
        check_page(no_js_page, no_js_page.goto(live_server.url + path), name)
