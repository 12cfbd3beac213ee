"""Fixtures of the transcription workbench: the seed archive, two curators and a reader, and
the Gothic Game's rulebook with two scanned pages."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from archive.models import Transcription
from archive.scan_uploads import add_scan
from archive.services import load_archive
from tests.factories import UserFactory, make_curator

SCAN_SIZE = (800, 1000)


def page_image(shade: int, size: tuple[int, int] = SCAN_SIZE) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (shade, shade, 200)).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def seeded_archive(db):
    load_archive()


@pytest.fixture
def ana(db):
    return make_curator("ana")


@pytest.fixture
def luis(db):
    return make_curator("luis")


@pytest.fixture
def reader(db):
    return UserFactory(username="reader")


@pytest.fixture
def gothic(seeded_archive) -> Transcription:
    """The Gothic Game's English transcription, version 1, published by the seed."""
    return Transcription.objects.get(rulebook__game__slug="gothic")


@pytest.fixture
def gothic_scans(gothic, settings, tmp_path):
    """Pages 1 and 2 of the Gothic rulebook scanned, 800 × 1000 pixels each."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return [add_scan(rulebook=gothic.rulebook, page_number=n,
                     upload=SimpleUploadedFile(f"p{n}.png", page_image(40 * n)))
            for n in (1, 2)]
