"""/api/studies/: start a study (curators), list and read stored ones with their progress and
results, cancel one. A GET only reads."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from boundary.drf import BoundedJSONParser, RefusesUnknownFields, WholeNumberField
from replay.reading import selectors as replay_selectors
from studies import selectors
from studies.models import Study
from studies.plans import PLAYERS
from studies.services import (
    DEFAULT_AGENT,
    DEFAULT_MAX_EVENTS,
    MAX_BUDGET,
    MAX_IMPACT_MATCHES,
    MAX_IN_PROCESS_STUDY_WORK,
    MAX_STUDY_WORK,
    study_archive,
    study_cancel,
    study_impact,
    study_sweep,
)
from web.api_access import int_query_param, name_query_param
from web.converters import ID_PATTERN
from web.openapi import GAME_PARAMETER, whole_number_parameter
from web.params import GAME_SLUG, MAX_QUERY_INT


class StudySerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    percent = serializers.IntegerField(read_only=True)

    class Meta:
        model = Study
        fields = ["id", "kind", "game", "match", "engine", "engine_version", "parameters",
                  "fingerprint", "status", "parts_total", "parts_done", "percent",
                  "created_at", "started_at", "finished_at", "duration_ms", "error"]


class StudyDetailSerializer(StudySerializer):
    class Meta(StudySerializer.Meta):
        fields = [*StudySerializer.Meta.fields, "result"]


class StartStudySerializer(RefusesUnknownFields, serializers.Serializer):
    kind = serializers.ChoiceField(choices=[Study.SWEEP, Study.IMPACT, Study.ARCHIVE])
    match = WholeNumberField(min_value=1, max_value=MAX_QUERY_INT, required=False,
                                     help_text="sweep: the match to sweep")
    game = serializers.SlugField(max_length=50, required=False,
                                 help_text="impact and archive: the game's slug")
    point = serializers.CharField(max_length=100, required=False,
                                  help_text="impact: the interpretation point")
    matches = WholeNumberField(min_value=1, max_value=MAX_IMPACT_MATCHES,
                                       required=False,
                                       help_text="impact: simulated matches per option")
    agent = serializers.ChoiceField(choices=list(PLAYERS), default=DEFAULT_AGENT,
                                    help_text="impact: who plays every seat, an agent "
                                              "(random, greedy, mcts) or the game's bots")
    budget = serializers.IntegerField(min_value=1, max_value=MAX_BUDGET, required=False,
                                      help_text="impact: playouts per decision of mcts")
    players = serializers.IntegerField(min_value=1, max_value=MAX_QUERY_INT, required=False,
                                       help_text="impact: seats of each match agents play "
                                                 "(three by default, within the game's "
                                                 "range)")
    points = serializers.ListField(child=serializers.CharField(max_length=100),
                                   required=False, max_length=100,
                                   help_text="sweep and archive: only these points (the "
                                             "others at their defaults); all when omitted")

    def validate(self, data):
        needed = {Study.SWEEP: ("match",), Study.IMPACT: ("game", "point", "matches"),
                  Study.ARCHIVE: ("game",)}[data["kind"]]
        for name in needed:
            if name not in data:
                raise serializers.ValidationError(
                    {name: f"a {data['kind']} study needs {name}"})
        return data


class StudyViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    lookup_value_regex = ID_PATTERN
    parser_classes = [BoundedJSONParser]
    serializer_class = StudySerializer

    def get_serializer_class(self):
        return StudyDetailSerializer if self.action == "retrieve" else StudySerializer

    def get_queryset(self):
        studies = selectors.visible_studies(user=self.request.user).order_by("-id")
        if self.action == "list":
            kind = self.request.query_params.get("kind")
            if kind is not None:
                if kind not in dict(Study.KINDS):
                    raise ValidationError({"kind": f"kind is one of {', '.join(dict(Study.KINDS))}"})
                studies = studies.filter(kind=kind)
            game = name_query_param(self.request, "game", GAME_SLUG)
            if game:
                studies = studies.filter(game__slug=game)
            match = int_query_param(self.request, "match", low=1)
            if match is not None:
                studies = studies.filter(match_id=match)
        return studies

    @extend_schema(parameters=[
        OpenApiParameter("kind", str, enum=[Study.SWEEP, Study.IMPACT, Study.ARCHIVE]),
        GAME_PARAMETER,
        whole_number_parameter("match", low=1, description="a sweep's match")])
    def list(self, request, *args, **kwargs):
        """Stored studies with their progress (results in each study's own read)."""
        return super().list(request, *args, **kwargs)

    @extend_schema(request=StartStudySerializer,
                   responses={200: StudyDetailSerializer, 202: StudyDetailSerializer},
                   description=f"Start a study, or get the identical one stored: 200 when "
                   f"done, 202 while it is under way (read it again for its progress). An "
                   f"impact study asks for matches × options × budget (1 but for mcts) × "
                   f"{DEFAULT_MAX_EVENTS:,} events a match units of work: at most "
                   f"{MAX_STUDY_WORK:,} with workers, {MAX_IN_PROCESS_STUDY_WORK:,} without "
                   f"a broker (its parts then run in the web process); more is a 400 naming "
                   f"the cap.")
    def create(self, request):
        """Start a study, or get the identical one stored (see the schema's description)."""
        payload = StartStudySerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        points = data.get("points")
        if data["kind"] == Study.SWEEP:
            match = get_object_or_404(replay_selectors.visible_matches(user=request.user),
                                      pk=data["match"])
            study = study_sweep(match=match, points=points, requested_by=request.user)
        elif data["kind"] == Study.IMPACT:
            study = study_impact(game_slug=data["game"], point_id=data["point"],
                                 matches=data["matches"], agent=data["agent"],
                                 budget=data.get("budget"), players=data.get("players"),
                                 requested_by=request.user)
        else:
            study = study_archive(game_slug=data["game"], points=points,
                                  requested_by=request.user)
        code = status.HTTP_200_OK if study.status == Study.DONE else status.HTTP_202_ACCEPTED
        return Response(StudyDetailSerializer(study).data, status=code)

    @extend_schema(request=None, responses=StudySerializer)
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        """Stop a study under way: the parts not yet written are skipped, and a part
        running now stops at its next look (between two decisions, about every second)."""
        study = study_cancel(study=self.get_object())
        return Response(StudySerializer(study).data)
