"""The match API: games with their engines, matches, the event log, import/export.

Thin views: reads through ``replay.reading.selectors``, every write through ``replay.log.append`` or
``replay.log.interchange``; their errors (``LogError``) become JSON in ``replay.api.errors``.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import UnsupportedMediaType, ValidationError
from rest_framework.response import Response

import games
from archive.catalogue import game_create
from archive.models import Game
from archive.selectors import game_list
from archive.serializers import GameCreateSerializer
from boundary.drf import BoundedJSONParser
from replay.api.serializers import (
    AppendRequestDocSerializer,
    AppendRequestSerializer,
    AppendResultSerializer,
    ChoicesSerializer,
    EventSerializer,
    GameDetailSerializer,
    GameListSerializer,
    MatchCreateSerializer,
    MatchSerializer,
    VariationRequestSerializer,
)
from replay.log.append import append_events
from replay.log.errors import DocumentError
from replay.log.interchange import FORMAT, create_from_document, export_match
from replay.log.matches import MatchCreation, match_create
from replay.reading import selectors
from replay.recorder.head import recorder_head
from replay.variations.lines import variation_create
from trust.reader import check_stretch
from web.api_access import int_query_param, name_query_param
from web.converters import ID_PATTERN
from web.openapi import GAME_PARAMETER, ErrorSerializer, whole_number_parameter
from web.pagination import LogPages
from web.params import GAME_SLUG

# -- games -----------------------------------------------------------------------------------


def engine_info(engine) -> dict | None:
    if engine is None:
        return None
    return {
        "slug": engine.slug,
        "name": engine.name,
        "version": engine.version,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "default_setup": dict(engine.default_setup),
        "points": [point.as_dict() for point in engine.points],
        "event_schema": [spec.as_dict() for spec in engine.event_schema.values()],
        "board_provenance": engine.board.get("provenance"),
    }


@extend_schema_view(
    list=extend_schema(
        parameters=[OpenApiParameter("q", OpenApiTypes.STR, description="search titles")]
    ),
    create=extend_schema(
        request=GameCreateSerializer,
        responses={201: GameDetailSerializer, 400: ErrorSerializer},
        description="Curators: a new game. It has no rule engine: its matches are recorded as "
        "generic moves and stepped through without a referee.",
    ),
)
class GameViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    """The archive's games; a game's page adds its rule engine's interpretation points, event
    types and board provenance when the engine exists."""

    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"
    parser_classes = [BoundedJSONParser]

    def create(self, request, *args, **kwargs):
        form = GameCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        game = game_create(**form.validated_data)
        data = GameDetailSerializer(game, context={"engine": engine_info(games.find(game.slug))})
        return Response(data.data, status=status.HTTP_201_CREATED)

    def get_queryset(self):
        return game_list(query=self.request.query_params.get("q", "").strip()[:100])

    def get_serializer_class(self):
        return GameListSerializer if self.action == "list" else GameDetailSerializer

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if self.action == "list":
            context["engines"] = {slug: games.get(slug) for slug in games.available()}
        elif self.action == "retrieve":
            context["engine"] = engine_info(games.find(self.kwargs["slug"]))
        return context

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ErrorSerializer},
        description="The engine's board data file, with its provenance.",
    )
    @action(detail=True, methods=["get"])
    def board(self, request, slug=None):
        game = self.get_object()
        engine = games.find(game.slug)
        if engine is None:
            raise Http404(f"{game.title} has no rule engine yet")
        return Response(engine.board)


# -- matches and their logs --------------------------------------------------------------------


CREATE_FIELDS = ("game", "title", "players", "setup", "played_on", "source", "is_private")


def _created(creation: MatchCreation) -> Response:
    """201 with the new match, or 200 with the one an idempotency key created before."""
    return Response(MatchSerializer(creation.match).data,
                    status=status.HTTP_200_OK if creation.repeated else status.HTTP_201_CREATED)


IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key", OpenApiTypes.STR, location=OpenApiParameter.HEADER,
    description="a retried request with the same key returns the first result (200)",
)

APPEND_RESPONSES = {
    201: AppendResultSerializer,
    200: OpenApiResponse(AppendResultSerializer, description="an idempotent retry: no write"),
    400: OpenApiResponse(ErrorSerializer, description="malformed: names seq and field"),
    409: OpenApiResponse(ErrorSerializer, description="stale expected_seq; has current_seq"),
    422: OpenApiResponse(ErrorSerializer, description="idempotency key used for another append"),
}


@extend_schema_view(
    list=extend_schema(
        parameters=[GAME_PARAMETER],
        description="Public matches, and the signed-in user's own private ones.",
    ),
    create=extend_schema(
        request=MatchCreateSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: MatchSerializer, 200: MatchSerializer, 400: ErrorSerializer,
                   422: ErrorSerializer},
        description="Curators: a new match with an empty log, checked by the importer's rules.",
    ),
)
class MatchViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    lookup_value_regex = ID_PATTERN
    serializer_class = MatchSerializer
    parser_classes = [BoundedJSONParser]

    def get_queryset(self):
        matches = selectors.visible_matches(user=self.request.user).select_related("created_by")
        if self.action != "list":
            return matches
        game = name_query_param(self.request, "game", GAME_SLUG)
        return matches.filter(game__slug=game) if game else matches

    def create(self, request, *args, **kwargs):
        body = request.data
        if not isinstance(body, dict):
            raise DocumentError("a match is a JSON object", field="$")
        for name in ("format", "events", "chain"):
            if name in body:
                raise DocumentError(
                    f"{name!r} belongs to a match document: POST it to /api/matches/import/, "
                    "or append events to the new match's log",
                    field=name,
                )
        unknown = sorted(set(body) - set(CREATE_FIELDS))
        if unknown:
            raise DocumentError(f"unknown field {unknown[0][:100]!r}", field=unknown[0][:100])
        for name in ("game", "title", "players"):
            if name not in body:
                raise DocumentError(f"missing field {name!r}", field=name)
        game = Game.objects.filter(slug=body["game"]).first() if isinstance(
            body["game"], str) else None
        if game is None:
            raise DocumentError(f"unknown game {str(body['game'])[:60]!r}", field="game")
        creation = match_create(
            game=game, title=body["title"], players=body["players"],
            setup=body.get("setup", {}), played_on=body.get("played_on"),
            source=body.get("source", ""), is_private=body.get("is_private", False),
            created_by=request.user, idempotency_key=request.headers.get("Idempotency-Key"),
        )
        return _created(creation)

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT},
        parameters=[
            OpenApiParameter("private", OpenApiTypes.BOOL, description="hide the match from others"),
            IDEMPOTENCY_HEADER,
        ],
        responses={201: MatchSerializer, 200: MatchSerializer, 400: ErrorSerializer,
                   422: ErrorSerializer},
        description=f"Curators: import a {FORMAT} document, all or nothing. Errors name the "
        "JSON path ($.events[3].type) and the seq.",
    )
    @action(detail=False, methods=["post"], url_path="import")
    def import_document(self, request):
        private = request.query_params.get("private", "false").lower()
        if private not in ("true", "false", "1", "0"):
            raise ValidationError({"private": "private must be true or false"})
        if request.content_type.split(";")[0].strip() != "application/json":
            raise UnsupportedMediaType(request.content_type)
        try:
            raw = request.body  # the document's own bytes: its errors name their line
        except RequestDataTooBig:
            raise DocumentError(
                f"document is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes", field="$"
            ) from None
        creation = create_from_document(
            raw=raw, created_by=request.user, is_private=private in ("true", "1"),
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        return _created(creation)

    @extend_schema(
        responses={(200, "application/json"): OpenApiTypes.OBJECT},
        description=f"The match as a {FORMAT} document: the exact bytes the exporter writes.",
    )
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        return HttpResponse(export_match(self.get_object()), content_type="application/json")

    @extend_schema(
        methods=["GET"],
        parameters=[
            whole_number_parameter("after_seq", description="events after this seq")
        ],
        responses={200: EventSerializer(many=True)},
        description="The log, in seq order.",
    )
    @extend_schema(
        methods=["POST"],
        request=AppendRequestDocSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                OpenApiTypes.STR,
                location=OpenApiParameter.HEADER,
                description="a retried append with the same key returns the first result",
            )
        ],
        responses=APPEND_RESPONSES,
        examples=[
            OpenApiExample(
                "one note",
                request_only=True,
                value={
                    "expected_seq": 0,
                    "events": [{"type": "annotation", "actor": "p1", "data": {"text": "…"}}],
                },
            )
        ],
        description="Curators: append events after expected_seq, atomically.",
    )
    @action(
        detail=True,
        methods=["get", "post"],
        pagination_class=LogPages,
        serializer_class=EventSerializer,
    )
    def events(self, request, pk=None):
        match = self.get_object()
        if request.method == "POST":
            return self._append(request, match)
        after_seq = int_query_param(request, "after_seq", default=0)
        page = self.paginate_queryset(selectors.event_log(match=match, after_seq=after_seq))
        check_stretch(match.pk, page)
        return self.get_paginated_response(EventSerializer(page, many=True).data)

    def _append(self, request, match):
        form = AppendRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        result = append_events(
            match=match,
            events=form.validated_data["events"],
            expected_seq=form.validated_data["expected_seq"],
            idempotency_key=request.headers.get("Idempotency-Key"),
            recorded_by=request.user,
        )
        return Response(
            AppendResultSerializer(result.as_dict()).data,
            status=status.HTTP_200_OK if result.repeated else status.HTTP_201_CREATED,
        )

    @extend_schema(
        methods=["GET"],
        responses={200: MatchSerializer(many=True)},
        description="The match's direct variations (what-ifs that branch from it).",
    )
    @extend_schema(
        methods=["POST"],
        request=VariationRequestSerializer,
        responses={201: MatchSerializer, 400: ErrorSerializer},
        description="Curators: a variation of this match. Its log begins with this match's "
        "events 1..from_seq, with the same hashes; it records under this match's reading.",
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def variations(self, request, pk=None):
        match = self.get_object()
        if request.method == "GET":
            children = self.get_queryset().filter(parent=match).order_by("created_at", "pk")
            return Response(MatchSerializer(children, many=True).data)
        form = VariationRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        variation = variation_create(
            parent=match, from_seq=form.validated_data["from_seq"],
            title=form.validated_data["title"], created_by=request.user,
        )
        return Response(MatchSerializer(variation).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        parameters=[OpenApiParameter(
            "seat", OpenApiTypes.STR, description="a player id: that seat's choices, from what "
            "it can see (its view of the state); absent or archivist: every choice")],
        responses={200: ChoicesSerializer, 400: ErrorSerializer},
        description="What a correct record could hold next, at the log's head, under the "
        "match's recording reading: each choice fixes part of an event and leaves the rest "
        "open, each open field with its domain (the values it may take here). Filled with "
        "values of their domains, the event is exactly what POST .../events/ takes, appended "
        "with expected_seq = seq.",
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def choices(self, request, pk=None):
        seat = request.query_params.get("seat") or None
        head = recorder_head(match=self.get_object(), seat=None if seat == "archivist" else seat)
        return Response({
            "seq": head.seq,
            "reading": dict(head.reading.options),
            "seat": head.seat,
            "finished": head.outcome.finished,
            "choices": [choice.as_dict() for choice in head.choices],
        })
