"""Deep zoom: each page image gets a IIIF Image API 3 tile pyramid (level 0) through Django's
default storage, served from media with its info.json; the command makes the missing ones."""

from __future__ import annotations

import io
import json
import math

import pytest
import pyvips
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from PIL import Image, ImageDraw

from archive import tiles
from archive.models import Rulebook, Scan
from archive.scan_uploads import add_scan
from archive.services import load_archive
from archive.tiles import image_pyramid, make_scan_tiles, tiles_folder


def page_image(size=(1300, 900), fmt="PNG", mode="RGB") -> bytes:
    image = Image.new(mode, size, "white")
    ImageDraw.Draw(image).rectangle((10, 10, size[0] - 10, 40), fill="black")
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


def viewer_requests(width: int, height: int, tile: int, scale_factors: list[int]) -> set[str]:
    """The tiles an Image API 3 viewer asks a level-0 service for, as OpenSeadragon's
    IIIFTileSource names them: ``region/size/0/default.jpg`` at every scale factor."""
    wanted = set()
    for scale in scale_factors:
        level_w, level_h = math.ceil(width / scale), math.ceil(height / scale)
        if level_w < tile and level_h < tile:
            size = "max" if (level_w, level_h) == (width, height) else f"{level_w},{level_h}"
            wanted.add(f"full/{size}/0/default.jpg")
            continue
        step = tile * scale
        for x in range(0, width, step):
            for y in range(0, height, step):
                w, h = min(step, width - x), min(step, height - y)
                sw, sh = math.ceil(w / scale), math.ceil(h / scale)
                region = "full" if (x, y, w, h) == (0, 0, width, height) else f"{x},{y},{w},{h}"
                size = "max" if (sw, sh) == (width, height) else f"{sw},{sh}"
                wanted.add(f"{region}/{size}/0/default.jpg")
    return wanted


@pytest.mark.parametrize("size", [(1300, 900), (90, 120), (512, 512), (3000, 700)])
def test_every_tile_a_viewer_asks_for_is_in_the_pyramid(size):
    files = image_pyramid(page_image(size))
    info = json.loads(files["info.json"])
    assert (info["type"], info["profile"], info["protocol"]) == (
        "ImageService3", "level0", "http://iiif.io/api/image")
    assert (info["width"], info["height"]) == size
    (tiling,) = info["tiles"]
    assert tiling["width"] == tiles.TILE_SIZE
    missing = viewer_requests(*size, tiling["width"], tiling["scaleFactors"]) - set(files)
    assert not missing
    some_tile = next(name for name in files if name.endswith(".jpg"))
    assert Image.open(io.BytesIO(files[some_tile])).format == "JPEG"


@pytest.mark.parametrize(("fmt", "mode"), [("TIFF", "RGB"), ("WEBP", "RGB"), ("PNG", "RGBA"),
                                           ("PNG", "I;16"), ("JPEG", "CMYK"), ("PNG", "LA")])
def test_every_kind_of_scan_becomes_jpeg_tiles(fmt, mode):
    files = image_pyramid(page_image((700, 300), fmt, mode))
    tile = Image.open(io.BytesIO(files["0,0,512,300/512,300/0/default.jpg"]))
    assert tile.mode in ("RGB", "L") and tile.size == (512, 300)


@pytest.fixture
def rulebook(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    return Rulebook.objects.get(game__slug="dagon")


def upload(rulebook, page=1, size=(1300, 900)) -> Scan:
    return add_scan(rulebook=rulebook, page_number=page,
                    upload=SimpleUploadedFile(f"p{page}.png", page_image(size)))


def test_an_upload_gets_its_pyramid_once_committed_beside_the_scan(rulebook,
                                                                   django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        scan = upload(rulebook)
        assert Scan.objects.get(pk=scan.pk).tiles == ""  # not while the upload is open
    scan.refresh_from_db()
    assert scan.tiles == tiles_folder(scan) == f"scans/{rulebook.pk}/tiles/{scan.sha256}"
    assert scan.file.name.startswith(f"scans/{rulebook.pk}/")
    assert default_storage.exists(f"{scan.tiles}/info.json")
    assert default_storage.exists(f"{scan.tiles}/0,0,512,512/512,512/0/default.jpg")


def test_tiles_are_written_through_the_default_storage_not_by_path(rulebook, settings,
                                                                   tmp_path):
    settings.STORAGES = {**settings.STORAGES,
                         "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"}}
    scan = upload(rulebook)
    assert make_scan_tiles(scan=scan) == tiles.MADE
    assert default_storage.exists(f"{scan.tiles}/info.json")
    info = json.loads(default_storage.open(f"{scan.tiles}/info.json").read())
    assert info["id"] == default_storage.url(scan.tiles)
    assert not (tmp_path / "media").exists()  # nothing went to the file system


def test_the_command_makes_the_missing_pyramids_and_keeps_the_made_ones(rulebook):
    first, second = upload(rulebook, 1), upload(rulebook, 2, (400, 300))
    pdf = add_scan(rulebook=rulebook, page_number=3, upload=SimpleUploadedFile(
        "p.pdf", b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"))
    out = io.StringIO()
    call_command("make_scan_tiles", stdout=out)
    assert out.getvalue().strip().endswith("2 made, 0 already made, 0 failed")
    first.refresh_from_db()
    info = f"{first.tiles}/info.json"
    stamp = default_storage.get_modified_time(info)
    out = io.StringIO()
    call_command("make_scan_tiles", stdout=out)
    assert out.getvalue().strip() == "0 made, 2 already made, 0 failed"
    assert default_storage.get_modified_time(info) == stamp
    default_storage.delete(info)  # a pyramid left without its info.json is made again
    out = io.StringIO()
    call_command("make_scan_tiles", "--rulebook", str(rulebook.pk), stdout=out)
    assert out.getvalue().strip().endswith("1 made, 1 already made, 0 failed")
    assert Scan.objects.get(pk=pdf.pk).tiles == "" and second.pk


def test_a_scan_libvips_cannot_read_is_reported_and_leaves_nothing(rulebook, monkeypatch):
    scan = upload(rulebook)

    def unreadable(data, **kwargs):
        raise pyvips.Error("VipsForeignLoad: not a known file format")

    monkeypatch.setattr(tiles, "image_pyramid", unreadable)
    assert make_scan_tiles(scan=scan).startswith("failed: VipsForeignLoad")
    assert Scan.objects.get(pk=scan.pk).tiles == ""
    assert not default_storage.exists(tiles_folder(scan))
    with pytest.raises(CommandError, match="1 scan"):
        call_command("make_scan_tiles", stdout=io.StringIO())


def test_a_failed_write_removes_what_it_wrote(rulebook, monkeypatch):
    scan = upload(rulebook)
    real_save, saved = default_storage.save, []

    def failing_save(name, content, **kwargs):
        if name.endswith("info.json"):
            raise OSError("disk full")
        saved.append(real_save(name, content, **kwargs))
        return saved[-1]

    monkeypatch.setattr(default_storage, "save", failing_save)
    assert make_scan_tiles(scan=scan) == "failed: disk full"
    assert saved and not any(default_storage.exists(name) for name in saved)
    assert Scan.objects.get(pk=scan.pk).tiles == ""


def test_info_json_and_tiles_are_served_from_media_for_any_origin(rulebook, client):
    scan = upload(rulebook)
    make_scan_tiles(scan=scan)
    response = client.get(f"/media/{scan.tiles}/info.json")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Access-Control-Allow-Origin"] == "*"
    info = response.json()
    assert info["id"] == f"http://testserver/media/{scan.tiles}"
    assert (info["width"], info["height"]) == (1300, 900)
    linked = client.get(f"/media/{scan.tiles}/info.json", HTTP_ACCEPT="application/ld+json")
    assert linked["Content-Type"] == (
        'application/ld+json;profile="http://iiif.io/api/image/3/context.json"')
    tile = client.get(f"/media/{scan.tiles}/512,512,512,388/512,388/0/default.jpg")
    assert tile.status_code == 200 and tile["Content-Type"] == "image/jpeg"
    assert tile["Access-Control-Allow-Origin"] == "*"
    assert client.get(f"/media/scans/{rulebook.pk}/tiles/{'0' * 64}/info.json").status_code == 404
