"""Uploaded scans and thumbnails, served by the application itself.

Only images a browser draws safely are shown inline; a PDF (which may carry scripts or an
OpenAction) and anything else is sent as an attachment, and every file is sandboxed so it can
never run as part of the site."""

from __future__ import annotations

from pathlib import PurePosixPath

from django.conf import settings
from django.views.decorators.http import require_safe
from django.views.static import serve

INLINE_TYPES = {"image/png", "image/jpeg", "image/webp", "image/gif"}


@require_safe
def serve_media(request, path: str):
    response = serve(request, path, document_root=settings.MEDIA_ROOT)
    content_type = response.get("Content-Type", "").split(";")[0].strip()
    if content_type not in INLINE_TYPES:
        name = PurePosixPath(path).name.replace('"', "")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return response
