"""Uploaded scans and thumbnails, served by the application itself, read through the default
storage: the local media folder, or the S3-compatible bucket when one is configured.

Only images a browser draws safely are shown inline; a PDF (which may carry scripts or an
OpenAction) and anything else is sent as an attachment, and every file is sandboxed so it can
never run as part of the site."""

from __future__ import annotations

import mimetypes
import posixpath
from pathlib import PurePosixPath

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponseNotModified
from django.utils.http import http_date
from django.views.decorators.http import require_safe
from django.views.static import was_modified_since

INLINE_TYPES = {"image/png", "image/jpeg", "image/webp", "image/gif"}
# S3's limit on a key, far beyond any name the archive stores: a longer one is no file.
LONGEST_NAME = 1024


@require_safe
def serve_media(request, path: str):
    name = posixpath.normpath(path).lstrip("/")
    if "\x00" in name or len(name.encode("utf-8", "surrogatepass")) > LONGEST_NAME:
        raise Http404("no such file")
    try:
        stored = default_storage.open(name, "rb")
    except OSError:  # not there, a folder, a name the file system refuses
        raise Http404("no such file") from None
    modified = default_storage.get_modified_time(name).timestamp()
    if not was_modified_since(request.META.get("HTTP_IF_MODIFIED_SINCE"), modified):
        stored.close()
        return HttpResponseNotModified()
    content_type, encoding = mimetypes.guess_type(name)
    content_type = content_type or "application/octet-stream"
    response = FileResponse(stored, content_type=content_type)
    response["Last-Modified"] = http_date(modified)
    if encoding:
        response["Content-Encoding"] = encoding
    if content_type not in INLINE_TYPES:
        filename = PurePosixPath(name).name.replace('"', "")
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return response
