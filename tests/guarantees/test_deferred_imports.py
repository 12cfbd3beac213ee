"""What a fresh web process imports before its first page: not the API (DRF, drf-spectacular,
psycopg, requests, Django's test client), which only a request under /api/ needs
(``config.urlconf``; issue 35: a fresh process answers its first request in under 1 s,
imports deferred to where they are used)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from django.urls import reverse

from archive.models import Transcription
from archive.services import load_archive

ROOT = Path(__file__).resolve().parents[2]
API_ONLY = ("rest_framework.serializers", "rest_framework.views", "drf_spectacular.openapi",
            "psycopg", "requests", "django.test", "replay.api.matches", "archive.api")

FRESH_PROCESS = """
import io, json, sys
from wsgiref.util import setup_testing_defaults
from config.wsgi import application

def get(path):
    environ = {"PATH_INFO": path, "HTTP_HOST": "127.0.0.1", "wsgi.input": io.BytesIO()}
    setup_testing_defaults(environ)
    answer = {}
    b"".join(application(environ, lambda status, headers, exc_info=None:
                         answer.update(status=status, headers=dict(headers))))
    return answer

page = get("/no-such-page/")  # the site's 404 page: URL loading, templates, a reverse
imported_by_a_page = sorted(m for m in sys.argv[1:] if m in sys.modules)
slash = get("/api")
api = get("/api/no-such-route/")
print(json.dumps({"page": page["status"], "imported_by_a_page": imported_by_a_page,
                  "slash": [slash["status"], slash["headers"].get("Location")],
                  "api": [api["status"], api["headers"].get("Content-Type")],
                  "imported_by_the_api": sorted(m for m in sys.argv[1:] if m in sys.modules)}))
"""


def test_a_page_in_a_fresh_process_imports_nothing_only_the_api_needs(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "LUDOTECA_CACHE_URL",
                        "LUDOTECA_LIMITS_URL", "DJANGO_SETTINGS_MODULE")}
    env.update(LUDOTECA_VAR_DIR=str(tmp_path), DJANGO_DEBUG="false",
               DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", FRESH_PROCESS, *API_ONLY], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["page"].startswith("404")
    assert seen["imported_by_a_page"] == []
    # /api without its slash still finds the API's conf, and the API answers in its own form.
    assert seen["slash"] == ["301 Moved Permanently", "/api/"]
    assert seen["api"] == ["404 Not Found", "application/json"]
    assert "rest_framework.views" in seen["imported_by_the_api"]


def test_every_name_reverses_outside_a_request():
    """Commands, tasks and tests reverse against the whole conf (ROOT_URLCONF)."""
    assert reverse("api-game-list") == "/api/games/"
    assert reverse("home") == "/"


def test_a_page_links_to_the_api(client, db):
    """The transcription page's JSON link, reversed against the whole conf during a page's
    request (whose own conf does not know the API's names)."""
    load_archive()
    transcription = Transcription.objects.order_by("pk").first()
    page = client.get(f"/transcriptions/{transcription.pk}/")
    assert page.status_code == 200
    assert f'href="/api/transcriptions/{transcription.pk}/"' in page.content.decode()
