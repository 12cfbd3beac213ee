"""The archive's API: rulebooks, scans (curators upload), transcriptions (curators add a
version). Thin views: reads by queryset, writes by ``archive.services``.

Games are served by ``replay.api`` because a game's page in the API shows its rule engine,
and ``archive`` knows nothing of the engines (DESIGN.md, direction of dependencies)."""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response

from archive import services
from archive.models import Rulebook, Scan, Transcription
from archive.serializers import (
    RulebookSerializer,
    ScanSerializer,
    ScanUploadSerializer,
    TranscriptionDetailSerializer,
    TranscriptionImportSerializer,
    TranscriptionSerializer,
)

GAME_PARAM = OpenApiParameter("game", OpenApiTypes.STR, description="a game's slug")
RULEBOOK_PARAM = OpenApiParameter("rulebook", OpenApiTypes.INT, description="a rulebook's id")


def _int_param(request, name: str) -> int | None:
    from rest_framework.exceptions import ValidationError

    value = request.query_params.get(name)
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError:
        raise ValidationError({name: f"{name} must be a whole number, not {value!r}"}) from None


@extend_schema_view(list=extend_schema(parameters=[GAME_PARAM]))
class RulebookViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = RulebookSerializer

    def get_queryset(self):
        rulebooks = Rulebook.objects.select_related("game").prefetch_related(
            Prefetch(
                "transcriptions", queryset=Transcription.objects.order_by("language", "-version")
            ),
            "scans",
        )
        game = self.request.query_params.get("game")
        return rulebooks.filter(game__slug=game) if game else rulebooks


@extend_schema_view(
    list=extend_schema(parameters=[RULEBOOK_PARAM]),
    create=extend_schema(
        request={"multipart/form-data": ScanUploadSerializer},
        responses={201: ScanSerializer},
        description="Curators: upload a page (PNG, JPEG, TIFF, WebP or PDF, checked by content).",
    ),
)
class ScanViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = ScanSerializer
    parser_classes = [MultiPartParser, FormParser]

    def get_queryset(self):
        scans = Scan.objects.all()
        rulebook = _int_param(self.request, "rulebook")
        return scans.filter(rulebook_id=rulebook) if rulebook is not None else scans

    def create(self, request, *args, **kwargs):
        form = ScanUploadSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        scan = services.add_scan(
            rulebook=form.validated_data["rulebook"],
            page_number=form.validated_data["page_number"],
            page_label=form.validated_data.get("page_label", ""),
            upload=form.validated_data["file"],
            uploaded_by=request.user,
        )
        return Response(
            ScanSerializer(scan, context=self.get_serializer_context()).data,
            status=status.HTTP_201_CREATED,
        )


@extend_schema_view(
    list=extend_schema(
        parameters=[
            GAME_PARAM,
            RULEBOOK_PARAM,
            OpenApiParameter("language", OpenApiTypes.STR, description="e.g. en, it"),
        ]
    ),
    create=extend_schema(
        request={
            "application/json": TranscriptionImportSerializer,
            "multipart/form-data": TranscriptionImportSerializer,
        },
        responses={
            201: TranscriptionDetailSerializer,
            200: TranscriptionDetailSerializer,
        },
        description="Curators: store a text as the next version. The same text as the latest "
        "version is a no-op answered 200 with that version; a new text is 201.",
    ),
)
class TranscriptionViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    def get_serializer_class(self):
        return TranscriptionSerializer if self.action == "list" else TranscriptionDetailSerializer

    def get_queryset(self):
        transcriptions = Transcription.objects.select_related("rulebook__game")
        if self.action != "list":
            transcriptions = transcriptions.prefetch_related("passages", "annotations__passage")
        params = self.request.query_params
        if params.get("game"):
            transcriptions = transcriptions.filter(rulebook__game__slug=params["game"])
        rulebook = _int_param(self.request, "rulebook")
        if rulebook is not None:
            transcriptions = transcriptions.filter(rulebook_id=rulebook)
        if params.get("language"):
            transcriptions = transcriptions.filter(language=params["language"])
        return transcriptions

    def create(self, request, *args, **kwargs):
        form = TranscriptionImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        if "file" in data:
            text = services.decode_text(data["file"].read(), field="file")
        else:
            text = services.decode_text(data["text"], field="text")
        result = services.import_transcription(
            rulebook=data["rulebook"],
            text=text,
            language=data["language"],
            transcriber=data["transcriber"],
            translation_of=data.get("translation_of"),
            change_note=data.get("change_note", ""),
            created_by=request.user,
        )
        transcription = self.get_queryset().get(pk=result.transcription.pk)
        return Response(
            TranscriptionDetailSerializer(transcription).data,
            status=status.HTTP_201_CREATED if result.created else status.HTTP_200_OK,
        )
