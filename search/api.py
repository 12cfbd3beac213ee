"""``GET /api/search/?q=``: the search page's results as JSON, one page at a time."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from archive.models import Game
from boundary.drf import WholeNumberField
from search import selectors
from search.query import MAX_QUERY_LENGTH

MAX_PAGE_SIZE = 100


class SearchParamsSerializer(serializers.Serializer):
    q = serializers.CharField(max_length=MAX_QUERY_LENGTH, help_text="the words to find")
    game = serializers.SlugRelatedField(
        slug_field="slug", queryset=Game.objects.all(), required=False,
        help_text="only this game's entries (a slug, e.g. dagon)",
    )
    kind = serializers.ListField(
        child=serializers.ChoiceField(choices=selectors.KINDS), required=False,
        help_text="only these kinds (repeat the parameter, or separate with commas)",
    )
    page = WholeNumberField(min_value=1, max_value=10_000, default=1)
    page_size = WholeNumberField(min_value=1, max_value=MAX_PAGE_SIZE, default=20)


class SearchHitSerializer(serializers.Serializer):
    kind = serializers.CharField(source="entry.kind")
    kind_label = serializers.CharField()
    game = serializers.CharField(source="entry.game.slug")
    game_title = serializers.CharField(source="entry.game.title")
    title = serializers.CharField(help_text="HTML: escaped, the hits in <mark>")
    snippet = serializers.CharField(help_text="HTML: escaped, the hits in <mark>")
    url = serializers.CharField(help_text="the passage's anchor, the point, the game or the step")
    language = serializers.CharField(source="entry.language", help_text="empty: unknown")
    transcription = serializers.IntegerField(source="entry.transcription_id", allow_null=True)
    match = serializers.IntegerField(source="entry.match_id", allow_null=True)
    step = serializers.IntegerField(source="entry.step", allow_null=True)
    rank = serializers.FloatField()


class SearchPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = SearchHitSerializer(many=True)


class SearchView(APIView):
    @extend_schema(
        parameters=[
            SearchParamsSerializer,
            OpenApiParameter("kind", str, many=True, enum=selectors.KINDS,
                             description="only these kinds (repeatable, or comma-separated)"),
        ],
        responses={200: SearchPageSerializer},
        description="Full-text search across passages (every language and version), notes, "
        "glossaries, interpretation points, games and match annotations, best first.",
    )
    def get(self, request):
        raw = request.query_params.copy()
        kinds = [k.strip() for value in raw.getlist("kind") for k in value.split(",") if k.strip()]
        raw.setlist("kind", kinds)
        # A plain dict, not the QueryDict: DRF reads a form's empty value as omitted, and a
        # parameter given empty (``game=``) is refused, as the schema says.
        params = SearchParamsSerializer(data={name: raw.getlist(name) if name == "kind"
                                              else raw[name] for name in raw})
        params.is_valid(raise_exception=True)
        data = params.validated_data
        results = selectors.search(
            query=data["q"], user=request.user, game=data.get("game"),
            kinds=tuple(data.get("kind") or ()), page=data["page"], per_page=data["page_size"],
        )

        def link(number):
            return request.build_absolute_uri(
                request.path + "?" + _with_page(request.query_params, number)
            )

        return Response({
            "count": results.total,
            "next": link(results.page + 1) if results.page < results.pages else None,
            "previous": link(results.page - 1) if results.page > 1 else None,
            "results": SearchHitSerializer(results.hits, many=True).data,
        })


def _with_page(query_params, number: int) -> str:
    params = query_params.copy()
    params["page"] = str(number)
    return params.urlencode()
