"""Uploaded scans, their thumbnails and deep-zoom tiles, served by the application itself.

Only images a browser draws safely are shown inline; a PDF (which may carry scripts or an
OpenAction) and anything else is sent as an attachment, and every file is sandboxed so it can
never run as part of the site. Everything here is public (the archive's rulebooks and scans
are), so any site may read it: IIIF viewers draw scans from other origins (``web.cors``). A
tile pyramid's ``info.json`` is answered with its id made absolute for the address it was
asked at (``archive.tiles.image_info``)."""

from __future__ import annotations

from pathlib import PurePosixPath

from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseNotFound
from django.views.decorators.http import require_safe
from django.views.static import serve

from archive.tiles import INFO, image_info, is_tiles_folder
from web.cors import readable_from_any_origin

INLINE_TYPES = {"image/png", "image/jpeg", "image/webp", "image/gif"}
# IIIF Image API 3, "Image Information Request": JSON-LD only for a client that asks for it.
IMAGE_INFO_LD = 'application/ld+json;profile="http://iiif.io/api/image/3/context.json"'


@readable_from_any_origin
@require_safe
def serve_media(request, path: str):
    folder, _, name = path.rpartition("/")
    if name == INFO and is_tiles_folder(folder):
        return _image_info(request, folder)
    try:
        response = serve(request, path, document_root=settings.MEDIA_ROOT)
    except Http404:
        # answered here, so that a viewer elsewhere reads a 404 as a 404, not a CORS error
        return HttpResponseNotFound("no such file", content_type="text/plain")
    content_type = response.get("Content-Type", "").split(";")[0].strip()
    if content_type not in INLINE_TYPES:
        name = PurePosixPath(path).name.replace('"', "")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return response


def _image_info(request, folder: str) -> HttpResponse:
    service_id = request.build_absolute_uri(request.path).rpartition("/")[0]
    body = image_info(folder=folder, service_id=service_id)
    if body is None:
        return HttpResponseNotFound("no tile pyramid here", content_type="text/plain")
    wants_ld = "application/ld+json" in request.headers.get("Accept", "")
    response = HttpResponse(body, content_type=IMAGE_INFO_LD if wants_ld else "application/json")
    response["Content-Security-Policy"] = "sandbox; default-src 'none'"
    return response
