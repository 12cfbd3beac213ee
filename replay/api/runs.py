"""The replay API: runs (start, status with progress, steps, one step with its state,
flags) and comparisons. Views only call replay.runs and
replay.runs.comparisons; their ReplayError becomes JSON naming the field in replay.api.errors."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.views import APIView

from boundary.drf import BoundedJSONParser, RefusesUnknownFields, WholeNumberField
from replay.models import ReplayFlag, ReplayRun, ReplayStep
from replay.reading import selectors
from replay.reading.readings import parse_reading
from replay.runs.comparisons import compare_interpretations, compare_runs
from replay.runs.replaying import engine_for, replay_match
from replay.runs.steps import changing_options, read_step
from web.api_access import int_query_param
from web.converters import ID_PATTERN, NUMBER_PATTERN
from web.openapi import ErrorSerializer, whole_number_parameter
from web.pagination import LogPages
from web.params import MAX_QUERY_INT


class RunSerializer(serializers.ModelSerializer):
    percent = serializers.IntegerField(read_only=True)

    class Meta:
        model = ReplayRun
        fields = [
            "id", "match", "log_seq", "head_hash", "engine", "engine_version", "interpretation",
            "fingerprint", "snapshot_interval", "status", "progress", "percent", "attempts",
            "created_at", "started_at", "finished_at", "duration_ms", "outcome",
            "flag_summary", "error",
        ]


class StepSerializer(serializers.ModelSerializer):
    class Meta:
        model = ReplayStep
        fields = ["seq", "event_type", "actor", "summary", "legal", "flag_count", "checksum",
                  "effects"]


class FlagSerializer(serializers.Serializer):
    """A flag as read (``replay.runs.steps.FlagRead``)."""

    seq = serializers.IntegerField()
    index = serializers.IntegerField()
    kind = serializers.CharField()
    rule = serializers.CharField()
    point = serializers.CharField(allow_null=True)
    option = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    citations = serializers.JSONField()
    changing_options = serializers.ListField(
        child=serializers.CharField(), read_only=True,
        help_text="options of the point that would change this step")


class ReadingField(serializers.DictField):
    """A reading: point id → option id; unchosen points take defaults."""

    child = serializers.CharField(max_length=100)


class StartRunSerializer(RefusesUnknownFields, serializers.Serializer):
    match = WholeNumberField(min_value=1, max_value=MAX_QUERY_INT)
    reading = ReadingField(required=False,
                           help_text="point id → option id; unchosen points take defaults")
    choices = ReadingField(required=False,
                           help_text="the former name of `reading`, still accepted "
                                     "(send one of the two)")

    def validate(self, attrs):
        if "reading" in attrs and "choices" in attrs:
            raise serializers.ValidationError(
                {"choices": "send the reading once, as `reading` (`choices` is its former name)"})
        return attrs

    def reading_pairs(self) -> tuple[str, list[tuple[str, str]]]:
        """The field the reading came in and its pairs (none: the default reading)."""
        field = "choices" if "choices" in self.validated_data else "reading"
        return field, list(self.validated_data.get(field, {}).items())


class CompareSerializer(RefusesUnknownFields, serializers.Serializer):
    a = ReadingField(required=False, default=dict)
    b = ReadingField(required=False, default=dict)


class StepViewSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    event = serializers.JSONField(allow_null=True)
    step = StepSerializer(allow_null=True)
    flags = FlagSerializer(many=True)
    state = serializers.JSONField()
    viewer = serializers.CharField(allow_null=True)
    first_seq = serializers.IntegerField()
    last_seq = serializers.IntegerField()
    prev_seq = serializers.IntegerField(allow_null=True)
    next_seq = serializers.IntegerField(allow_null=True)
    next_flag_seq = serializers.IntegerField(allow_null=True)
    prev_flag_seq = serializers.IntegerField(allow_null=True)


ComparisonSerializer = inline_serializer(
    "Comparison",
    {
        "run_a": serializers.IntegerField(),
        "run_b": serializers.IntegerField(),
        "first_divergence": serializers.IntegerField(allow_null=True),
        "differing_seqs": serializers.ListField(child=serializers.IntegerField()),
        "differing_total": serializers.IntegerField(),
        "outcome_a": serializers.JSONField(),
        "outcome_b": serializers.JSONField(),
        "causes": serializers.ListField(child=serializers.CharField()),
        "differences": serializers.JSONField(),
        "interpretation_a": serializers.JSONField(),
        "interpretation_b": serializers.JSONField(),
    },
)


def visible_runs(user):
    return ReplayRun.objects.filter(match__in=selectors.visible_matches(user=user))


class RunViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    lookup_value_regex = ID_PATTERN
    parser_classes = [BoundedJSONParser]  # a reading (point → option) is a JSON object
    serializer_class = RunSerializer

    def get_queryset(self):
        runs = visible_runs(self.request.user).order_by("-id")
        if self.action == "list":
            match = int_query_param(self.request, "match", low=1)
            if match is not None:
                runs = runs.filter(match_id=match)
        return runs

    @extend_schema(parameters=[whole_number_parameter("match", low=1,
                                                      description="a match's id")])
    def list(self, request, *args, **kwargs):
        """The runs anyone may read, the latest first; ``match``: one match's only."""
        return super().list(request, *args, **kwargs)

    @extend_schema(request=StartRunSerializer, responses={200: RunSerializer, 202: RunSerializer})
    def create(self, request):
        """Start a replay (or get the identical earlier run): 200 when done, 202 while queued."""
        payload = StartRunSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        match = get_object_or_404(
            selectors.visible_matches(user=request.user), pk=payload.validated_data["match"]
        )
        field, pairs = payload.reading_pairs()
        reading = parse_reading(engine_for(match), pairs, field=field)
        run = replay_match(match=match, reading=reading, requested_by=request.user)
        code = status.HTTP_200_OK if run.status == ReplayRun.DONE else status.HTTP_202_ACCEPTED
        return Response(RunSerializer(run).data, status=code)

    @extend_schema(
        parameters=[whole_number_parameter("after_seq", description="steps after this seq")],
        responses=StepSerializer(many=True),
    )
    @action(detail=True, methods=["get"], pagination_class=LogPages)
    def steps(self, request, pk=None):
        run = self.get_object()
        after = int_query_param(request, "after_seq", default=0)
        page = self.paginate_queryset(ReplayStep.objects.filter(run=run, seq__gt=after)
                                      .order_by("seq"))
        return self.get_paginated_response(StepSerializer(page, many=True).data)

    @extend_schema(
        parameters=[OpenApiParameter("viewer", OpenApiTypes.STR,
                                     description="a player id; omit for the archivist's view")],
        responses=StepViewSerializer,
    )
    @action(detail=True, methods=["get"], url_path=rf"steps/(?P<seq>{NUMBER_PATTERN})")
    def step(self, request, pk=None, seq=None):
        """One step with the full state after it (as the viewer may see it) and its flags."""
        run = self.get_object()
        view = read_step(run=run, seq=int(seq), viewer=request.query_params.get("viewer") or None)
        return Response(StepViewSerializer(view).data)

    @extend_schema(
        parameters=[OpenApiParameter("kind", OpenApiTypes.STR),
                    OpenApiParameter("point", OpenApiTypes.STR)],
        responses=FlagSerializer(many=True),
    )
    @action(detail=True, methods=["get"], pagination_class=LogPages)
    def flags(self, request, pk=None):
        run = self.get_object()
        flags = ReplayFlag.objects.filter(run=run).order_by("seq", "index")
        for name in ("kind", "point"):
            value = request.query_params.get(name)
            if value:
                flags = flags.filter(**{name: value})
        page = changing_options(run=run, flags=self.paginate_queryset(flags))
        return self.get_paginated_response(FlagSerializer(page, many=True).data)

    @extend_schema(responses={
        200: ComparisonSerializer,
        400: OpenApiResponse(ErrorSerializer, description="the two runs do not compare: "
                             "runs of two matches neither a variation of the other, runs of "
                             "different moves, or one not done yet (field names which)")})
    @action(detail=True, methods=["get"], url_path=rf"compare/(?P<other>{ID_PATTERN})")
    def compare(self, request, pk=None, other=None):
        """Compare this run with another run of the same match and log length."""
        run_a = self.get_object()
        run_b = get_object_or_404(visible_runs(request.user), pk=int(other))
        return Response(compare_runs(run_a=run_a, run_b=run_b).as_dict())


class MatchCompareView(APIView):
    parser_classes = [BoundedJSONParser]  # two readings, each a JSON object
    @extend_schema(request=CompareSerializer, responses=ComparisonSerializer)
    def post(self, request, match_id: int):
        """Replay the match under two interpretations (reusing runs) and compare them."""
        payload = CompareSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        match = get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)
        comparison = compare_interpretations(
            match=match,
            reading_a=parse_reading(engine_for(match), payload.validated_data["a"].items(),
                                    field="a"),
            reading_b=parse_reading(engine_for(match), payload.validated_data["b"].items(),
                                    field="b"),
            requested_by=request.user,
        )
        return Response(comparison.as_dict())
