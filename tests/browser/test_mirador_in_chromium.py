"""The IIIF manifests in a real viewer: Mirador 4.0.0 (vendored, tests/browser/mirador/) on a
second local site, drawing scans with CORS (``crossOriginPolicy: 'Anonymous'``) in Chromium.
A rulebook of three generated pages: the first page paints, zooming asks for tiles (never the
whole file), the thumbnail strip loads the thumbnails, the "About" and "Rights" panels show the
description and the rights, the annotations panel lists the page's passages, and no request to
the archive fails nor does the console report an error."""

from __future__ import annotations

import functools
import hashlib
import io
import re
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image, ImageDraw
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MIRADOR = Path(__file__).resolve().parent / "mirador"
MIRADOR_SHA256 = "86109137e947117095f44b800c69b27c0e0ac5ef41e0a354839f33e761cec0e3"
PAPER = (150, 30, 30)  # a colour no part of Mirador's own screen has
# Mirador 4.0.0's own message under React 19, whatever it shows: not about the archive.
MIRADOR_OWN_WARNING = "Accessing element.ref was removed in React 19"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def viewer_site():
    """Mirador served from another origin than the archive (another host and port)."""
    digest = hashlib.sha256((MIRADOR / "mirador.min.js").read_bytes()).hexdigest()
    assert digest == MIRADOR_SHA256, "tests/browser/mirador/mirador.min.js is not Mirador 4.0.0"
    handler = functools.partial(_Quiet, directory=str(MIRADOR))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def page_scan(number: int) -> bytes:
    image = Image.new("RGB", (2000, 2800), PAPER)
    draw = ImageDraw.Draw(image)
    for y in range(200, 2700, 90):
        draw.rectangle((180, y, 1820, y + 30), fill=(240, 230, 210))
    draw.rectangle((100, 100, 100 + 100 * number, 160), fill=(0, 0, 0))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=85)
    return out.getvalue()


@pytest.fixture
def app_serves_media(monkeypatch):
    """Media answered by the application's own view (config.media), as in production: Django's
    live server would otherwise answer /media/ itself, without the archive's headers."""
    monkeypatch.setattr("django.test.testcases._MediaFilesHandler._should_handle",
                        lambda handler, path: False)


@pytest.fixture
def scanned_rulebook(seeded, settings, tmp_path, app_serves_media):
    """La Furia di Dracula with pages 7, 12 and 13 scanned (tiles are made as each upload
    commits) and its rights described."""
    settings.MEDIA_ROOT = tmp_path / "media"
    from archive.catalogue import rulebook_describe
    from archive.models import Rulebook
    from archive.scan_uploads import add_scan

    rulebook = Rulebook.objects.get(game__slug="fury-of-dracula")
    rulebook_describe(rulebook=rulebook, provenance=rulebook.provenance,
                      source="Regolamento, seconda edizione", rights_holder="Ana Rossi",
                      licence="http://creativecommons.org/licenses/by-nc/4.0/")
    scans = [add_scan(rulebook=rulebook, page_number=page,
                      upload=SimpleUploadedFile(f"p{page}.jpg", page_scan(page)))
             for page in (7, 12, 13)]
    for scan in scans:
        scan.refresh_from_db()
        assert scan.tiles, "tiles are made when the upload commits"
    return rulebook, scans


def painted_share(page) -> float:
    """The share of the viewer's drawing that is the scan's paper colour, read back from the
    canvas (which a browser refuses for an image drawn without CORS)."""
    return page.evaluate(
        """([r, g, b]) => {
            const canvas = document.querySelector('.openseadragon-canvas canvas');
            const {width, height} = canvas;
            const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
            let hits = 0, all = 0;
            for (let i = 0; i < data.length; i += 4 * 97) {
                all += 1;
                if (Math.abs(data[i] - r) < 25 && Math.abs(data[i + 1] - g) < 25
                    && Math.abs(data[i + 2] - b) < 25) hits += 1;
            }
            return hits / all;
        }""",
        list(PAPER),
    )


def test_mirador_on_another_site_shows_the_rulebook(page, live_server, viewer_site,
                                                     scanned_rulebook, console_errors):
    rulebook, scans = scanned_rulebook
    archive = live_server.url
    assert archive.split(":")[1] != viewer_site.split(":")[1]  # two origins
    requests, failures = [], []
    page.on("request", lambda request: requests.append(request.url))
    page.on("response", lambda response: failures.append(f"{response.status} {response.url}")
            if response.url.startswith(archive) and response.status >= 400 else None)
    page.on("requestfailed", lambda request: failures.append(f"failed {request.url}"))
    manifest = f"{archive}/rulebooks/{rulebook.pk}/manifest.json"
    page.goto(f"{viewer_site}/index.html?manifest={quote(manifest, safe='')}")

    # The first page paints, from its tiles, drawn with CORS.
    first_tiles = f"{archive}/media/{scans[0].tiles}/"
    expect(page.locator(".openseadragon-canvas canvas")).to_be_visible()
    page.wait_for_function("() => document.querySelector('.openseadragon-canvas canvas')")
    page.wait_for_timeout(500)
    deadline = 40
    while painted_share(page) < 0.05 and deadline:
        page.wait_for_timeout(250)
        deadline -= 1
    assert painted_share(page) >= 0.05, "the first page did not paint"
    assert f"{first_tiles}info.json" in requests
    assert any(url.startswith(first_tiles) and url.endswith("/default.jpg") for url in requests)

    # Zooming in asks for finer tiles (scale factor 1: a 512-pixel region at 512 pixels).
    full_size = re.compile(re.escape(first_tiles) + r"\d+,\d+,(\d+),(\d+)/\1,\2/0/default\.jpg$")
    assert not any(full_size.match(url) for url in requests)
    zoom = page.get_by_role("button", name="Zoom in")
    for _ in range(5):
        zoom.click()
        page.wait_for_timeout(300)
    page.wait_for_function(
        "([prefix]) => performance.getEntriesByType('resource').some(e => e.name.startsWith("
        "prefix) && /\\d+,\\d+,(\\d+),(\\d+)\\/\\1,\\2\\/0\\/default\\.jpg$/.test(e.name))",
        arg=[first_tiles],
    )
    assert any(full_size.match(url) for url in requests)

    # The thumbnail strip comes from the thumbnails; no page's whole file is downloaded.
    for scan in scans:
        expect(page.locator(f'img[src="{archive}{scan.thumbnail.url}"]')).to_have_count(1)
        assert f"{archive}{scan.file.url}" not in requests

    # "About this item": the description, in the metadata.
    page.get_by_role("tab", name="Information").click()
    about = page.locator(".mirador-window-sidebar-info-panel")
    for words in ("La Furia di Dracula", "Italian edition (excerpts)", "Printed in", "Italian",
                  "Regolamento, seconda edizione", "Rights holder", "Ana Rossi",
                  "Text on the pages"):
        expect(about.get_by_text(words, exact=True).first).to_be_visible()
    expect(about).to_contain_text("3 pages scanned, transcribed in Italian and English")

    # "Rights": the required statement and the licence.
    page.get_by_role("tab", name="Rights").click()
    rights = page.locator(".mirador-attribution-panel")
    expect(rights).to_contain_text("Rights holder: Ana Rossi.")
    expect(rights.get_by_role("link", name="http://creativecommons.org/licenses/by-nc/4.0/")
           ).to_be_visible()

    # The annotations panel lists the passages printed on page 7, in Italian and English.
    page.get_by_role("tab", name="Annotations").click()
    panel = page.locator(".mirador-window-sidebar-annotation-panel")
    expect(panel).to_contain_text("Per spostarti in treno")
    expect(panel).to_contain_text("Durante il giorno peschi")
    expect(panel).to_contain_text("To travel by train")

    expect(panel).not_to_contain_text("Se termini il tuo movimento")  # printed on page 12
    assert failures == []
    assert [m for m in console_errors.messages if not m.startswith(MIRADOR_OWN_WARNING)] == []
