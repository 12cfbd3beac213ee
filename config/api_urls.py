"""The REST API under /api/. ``router`` holds every resource; replay/api_runs.py adds replay
runs, steps, comparisons and sweeps to it.

Route names carry an ``api-`` prefix so they never shadow the pages' names (``match-list``)."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from archive import api as archive_api
from config.api_token import RateLimitedObtainAuthToken
from replay.api import matches as replay_api
from replay.api import runs as api_runs
from search.api import SearchView
from studies import api as studies_api
from trust.api import LatestCheckpointView
from web.lazy_views import lazy_view

router = DefaultRouter()
router.register("games", replay_api.GameViewSet, basename="api-game")
router.register("rulebooks", archive_api.RulebookViewSet, basename="api-rulebook")
router.register("scans", archive_api.ScanViewSet, basename="api-scan")
router.register("transcriptions", archive_api.TranscriptionViewSet, basename="api-transcription")
router.register("rules", archive_api.RulesDocumentViewSet, basename="api-rules")
router.register("glossaries", archive_api.GlossaryViewSet, basename="api-glossary")
router.register("matches", replay_api.MatchViewSet, basename="api-match")
router.register("runs", api_runs.RunViewSet, basename="api-run")
router.register("studies", studies_api.StudyViewSet, basename="api-study")

urlpatterns = [
    path("schema/", lazy_view("drf_spectacular.views.SpectacularAPIView"), name="api-schema"),
    path("docs/", lazy_view("drf_spectacular.views.SpectacularSwaggerView", url_name="api-schema"),
         name="api-docs"),
    path("auth/token/", RateLimitedObtainAuthToken.as_view(), name="api-token"),
    path("search/", SearchView.as_view(), name="api-search"),
    path("matches/<id:match_id>/compare/", api_runs.MatchCompareView.as_view(),
         name="api-match-compare"),
    path("checkpoints/latest/", LatestCheckpointView.as_view(), name="api-checkpoint-latest"),
    path("", include(router.urls)),
]
