"""The REST API under /api/ (issue 4). ``router`` holds every resource; the second round adds
replay runs, steps, comparisons and sweeps to it (replay/api_runs.py).

Route names carry an ``api-`` prefix so they never shadow the pages' names (``match-list``)."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from archive import api as archive_api
from config.ratelimit import RateLimitedObtainAuthToken
from replay import api as replay_api

router = DefaultRouter()
router.register("games", replay_api.GameViewSet, basename="api-game")
router.register("rulebooks", archive_api.RulebookViewSet, basename="api-rulebook")
router.register("scans", archive_api.ScanViewSet, basename="api-scan")
router.register("transcriptions", archive_api.TranscriptionViewSet, basename="api-transcription")
router.register("glossaries", archive_api.GlossaryViewSet, basename="api-glossary")
router.register("matches", replay_api.MatchViewSet, basename="api-match")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", RateLimitedObtainAuthToken.as_view(), name="api-token"),
    path("", include(router.urls)),
]
