"""What the server hands out and how: scans (a PDF never opens inline), DEBUG (on in
development only), and the sign-in limit (one address trying many usernames is slowed too)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from archive.models import Rulebook
from archive.scan_uploads import add_scan
from tests.factories import UserFactory
from tests.guarantees.test_bad_input import png

ROOT = Path(__file__).resolve().parents[2]
PDF_WITH_SCRIPT = (b"%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript "
                   b"/JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")


def test_a_pdf_scan_is_an_attachment_and_images_are_inline(archive_seed, settings, tmp_path):
    """Tries: a PDF carrying an OpenAction script, and a PNG, as archived scans, fetched at
    their URLs. Proves: the PDF is sent as an attachment, both are sandboxed and unsniffable,
    the PNG is shown inline."""
    settings.MEDIA_ROOT = tmp_path
    rulebook = Rulebook.objects.get(game__slug="dagon")
    pdf = add_scan(rulebook=rulebook, page_number=1,
                   upload=SimpleUploadedFile("p.pdf", PDF_WITH_SCRIPT))
    image = add_scan(rulebook=rulebook, page_number=2, upload=SimpleUploadedFile("p.png", png()))
    client = Client()
    response = client.get(pdf.file.url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert "sandbox" in response["Content-Security-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert b"".join(response.streaming_content) == PDF_WITH_SCRIPT
    shown = client.get(image.file.url)
    assert shown.status_code == 200
    assert not shown.get("Content-Disposition", "").startswith("attachment")
    assert client.get("/media/../config/settings.py").status_code in (400, 404)


def debug_under(environment: dict) -> str:
    env = {k: v for k, v in os.environ.items()
           if k not in ("LUDOTECA_ENV", "DJANGO_DEBUG", "DJANGO_SECRET_KEY")}
    env.update(environment, DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.DEBUG)"],
        cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return result.stdout.strip()


def test_debug_is_on_in_development_only():
    """Proves: DEBUG is the development default, off under LUDOTECA_ENV=production even when
    DJANGO_DEBUG asks for it, off under any other environment name, and can be turned off in
    development."""
    assert debug_under({}) == "True"
    assert debug_under({"DJANGO_DEBUG": "false"}) == "False"
    assert debug_under({"LUDOTECA_ENV": "production", "DJANGO_SECRET_KEY": "x" * 50,
                        "DJANGO_DEBUG": "true"}) == "False"
    assert debug_under({"LUDOTECA_ENV": "staging", "DJANGO_DEBUG": "true"}) == "False"


def test_one_address_trying_many_usernames_is_slowed(db, settings):
    """Tries: one wrong password against many different usernames from one address. Proves:
    after LOGIN_ADDRESS_FAILURE_LIMIT failures the address is answered 429, whatever the
    username (even a right password); another address is not."""
    cache.clear()
    settings.LOGIN_FAILURE_LIMIT = 5
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 4
    UserFactory(username="ana")
    client = Client()
    for number in range(4):
        response = client.post("/accounts/login/", {"username": f"user{number}",
                                                    "password": "Summer2024"})
        assert response.status_code == 200
    blocked = client.post("/accounts/login/", {"username": "ana",
                                               "password": "a-long-test-password"})
    assert blocked.status_code == 429
    token = client.post("/api/auth/token/", {"username": "user9", "password": "Summer2024"})
    assert token.status_code == 429
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert elsewhere.post("/accounts/login/", {"username": "ana",
                                               "password": "a-long-test-password"}
                          ).status_code == 302
    cache.clear()


@pytest.fixture(autouse=True)
def _clear_cache():
    yield
    cache.clear()
