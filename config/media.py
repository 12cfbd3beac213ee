"""Uploaded scans, their thumbnails and deep-zoom tiles, served by the application itself, read
through the default storage: the local media folder, or the S3-compatible bucket when one is
configured.

Only images a browser draws safely are shown inline; a PDF (which may carry scripts or an
OpenAction) and anything else is sent as an attachment, and every file is sandboxed so it can
never run as part of the site. Everything here is public (the archive's rulebooks and scans
are), so any site may read it: IIIF viewers draw scans from other origins (``web.cors``). A
tile pyramid's ``info.json`` is answered with its id made absolute for the address it was
asked at (``archive.tiles.image_info``)."""

from __future__ import annotations

import mimetypes
import posixpath
from pathlib import PurePosixPath

from django.core.files.storage import default_storage
from django.http import FileResponse, HttpResponse, HttpResponseNotFound, HttpResponseNotModified
from django.utils.http import http_date
from django.views.decorators.http import require_safe
from django.views.static import was_modified_since

from archive.tiles import INFO, image_info, is_tiles_folder
from web.cors import readable_from_any_origin

INLINE_TYPES = {"image/png", "image/jpeg", "image/webp", "image/gif"}
# S3's limit on a key, far beyond any name the archive stores: a longer one is no file.
LONGEST_NAME = 1024
# IIIF Image API 3, "Image Information Request": JSON-LD only for a client that asks for it.
IMAGE_INFO_LD = 'application/ld+json;profile="http://iiif.io/api/image/3/context.json"'


@readable_from_any_origin
@require_safe
def serve_media(request, path: str):
    name = posixpath.normpath(path).lstrip("/")
    if "\x00" in name or len(name.encode("utf-8", "surrogatepass")) > LONGEST_NAME:
        return _not_found()
    folder, _, base = name.rpartition("/")
    if base == INFO and is_tiles_folder(folder):
        return _image_info(request, folder)
    try:
        stored = default_storage.open(name, "rb")
    except OSError:  # not there, a folder, a name the file system refuses
        return _not_found()
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


def _not_found() -> HttpResponse:
    # answered here, not raised, so that a viewer elsewhere reads a 404 as a 404 (with the
    # CORS header), not as a CORS error
    return HttpResponseNotFound("no such file", content_type="text/plain")


def _image_info(request, folder: str) -> HttpResponse:
    service_id = request.build_absolute_uri(request.path).rpartition("/")[0]
    body = image_info(folder=folder, service_id=service_id)
    if body is None:
        return HttpResponseNotFound("no tile pyramid here", content_type="text/plain")
    wants_ld = "application/ld+json" in request.headers.get("Accept", "")
    response = HttpResponse(body, content_type=IMAGE_INFO_LD if wants_ld else "application/json")
    response["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return response
