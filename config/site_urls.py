"""The pages' addresses: every route but the API's. A request for a page resolves against this
conf alone (``config.urlconf``), so the pages never import the API's views, and with them DRF,
drf-spectacular and psycopg; ``config.urls`` is this plus the API."""

import re

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.db import connection
from django.http import JsonResponse
from django.urls import include, path, re_path
from django.views import defaults

import web.converters  # noqa: F401 - registers <id:…> and <number:…> before any pattern uses them
from config.media import serve_media
from config.ratelimit import RateLimitedLoginView


def not_found(request, exception):
    """A 404 under /api/ in the API's one JSON error form, however the address failed (an id
    that is not one matches no route); the site's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"error": "not_found", "detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


handler404 = not_found


def healthz(request):
    """For load balancers and compose health checks: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("accounts/login/", RateLimitedLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("archive.urls")),
    path("", include("replay.urls")),
    path("", include("studies.urls")),
    path("", include("search.urls")),
    path("", include("harvest.urls")),
]

# Scans are part of the archive: served in production too (config/media.py).
urlpatterns.append(
    re_path(rf"^{re.escape(settings.MEDIA_URL.lstrip('/'))}(?P<path>.+)$", serve_media,
            name="media")
)
