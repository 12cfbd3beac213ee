"""The archive's API: rulebooks, scans (curators upload), transcriptions (curators add a
version). Thin views: reads by queryset, writes by ``archive.services``.

Games are served by ``replay.api`` because a game's page in the API shows its rule engine,
and ``archive`` knows nothing of the engines (DESIGN.md, direction of dependencies)."""

from __future__ import annotations

import json
from typing import Any, Protocol

from django.db.models import Prefetch
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response

from archive import catalogue, exports, review, rules_documents, scan_uploads, services
from archive.models import Game, Rulebook, RulesDocument, Scan, Transcription
from archive.rules_documents import RulesProblems
from archive.selectors import readable_versions
from archive.serializers import (
    AnnotationChangeSerializer,
    GlossaryItemSerializer,
    ReviewStepSerializer,
    RulebookCreateSerializer,
    RulebookDescriptionSerializer,
    RulebookSerializer,
    RulesCheckSerializer,
    RulesDocumentSerializer,
    RulesDraftSerializer,
    ScanSerializer,
    ScanUploadSerializer,
    TranscriptionDetailSerializer,
    TranscriptionImportSerializer,
    TranscriptionSerializer,
)
from boundary.drf import BoundedJSONParser
from web.access import is_curator
from web.api_access import int_query_param, name_query_param
from web.converters import ID_PATTERN
from web.openapi import GAME_PARAMETER, name_parameter, whole_number_parameter
from web.params import GAME_SLUG, LANGUAGE_TAG

RULEBOOK_PARAM = whole_number_parameter("rulebook", low=1, description="a rulebook's id")


class FileRenderer(BaseRenderer):
    """Lets a TEI or IIIF download answer any Accept header; an error is still JSON."""

    media_type = "*/*"
    format = "file"
    charset = None

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, (bytes, str)):
            return data
        # An error (a 404 asked with ?format=file): JSON, and said so, not "*/*".
        response = (renderer_context or {}).get("response")
        if response is not None:
            response["Content-Type"] = "application/json"
        return json.dumps(data).encode("utf-8")


DOWNLOAD_RENDERERS = [JSONRenderer, FileRenderer]


def _base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


@extend_schema_view(
    list=extend_schema(parameters=[GAME_PARAMETER]),
    create=extend_schema(
        request=RulebookCreateSerializer,
        responses={201: RulebookSerializer},
        description="Curators: a printed rulebook of a game (edition, language, provenance, "
        "source, rights holder, licence); its scans and transcriptions are added to it.",
    ),
    partial_update=extend_schema(
        request=RulebookDescriptionSerializer,
        responses={200: RulebookSerializer},
        description="Curators: change what the archive says of the rulebook's copy and its "
        "rights (provenance, source, rights holder, licence), shown in its IIIF manifest.",
    ),
)
class RulebookViewSet(mixins.CreateModelMixin, mixins.UpdateModelMixin,
                      viewsets.ReadOnlyModelViewSet):
    lookup_value_regex = ID_PATTERN
    serializer_class = RulebookSerializer
    parser_classes = [BoundedJSONParser]
    http_method_names = ["get", "post", "patch", "head", "options"]

    def create(self, request, *args, **kwargs):
        form = RulebookCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        rulebook = catalogue.rulebook_create(**form.validated_data)
        rulebook = self.get_queryset().get(pk=rulebook.pk)
        return Response(RulebookSerializer(rulebook).data, status=status.HTTP_201_CREATED)

    def partial_update(self, request, *args, **kwargs):
        rulebook = self.get_object()
        form = RulebookDescriptionSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        current = {name: getattr(rulebook, name) for name in form.fields}
        catalogue.rulebook_describe(rulebook=rulebook, **{**current, **form.validated_data})
        rulebook = self.get_queryset().get(pk=rulebook.pk)
        return Response(RulebookSerializer(rulebook).data)

    def get_queryset(self):
        rulebooks = Rulebook.objects.select_related("game").prefetch_related(
            Prefetch(
                "transcriptions",
                queryset=readable_versions(user=self.request.user).order_by("language",
                                                                            "-version"),
            ),
            "scans",
        )
        game = name_query_param(self.request, "game", GAME_SLUG)
        return rulebooks.filter(game__slug=game) if game else rulebooks

    @extend_schema(
        responses={(200, "application/ld+json"): OpenApiTypes.OBJECT},
        description="The rulebook's IIIF Presentation 3 manifest (one canvas per image scan), "
        "served with CORS; 404 when no image scan is archived.",
    )
    @action(detail=True, methods=["get"], url_path="manifest", renderer_classes=DOWNLOAD_RENDERERS)
    def manifest(self, request, pk=None):
        rulebook = self.get_object()
        try:
            manifest = exports.rulebook_manifest(rulebook=rulebook, base_url=_base_url(request))
        except exports.NoScannedPage as error:
            # JSON whatever ``format`` asked for: the API's one error form, with where to add one.
            upload = request.build_absolute_uri(reverse("scan-add", args=[rulebook.pk]))
            response = JsonResponse(error.answer(upload), status=404)
        except ValueError as error:
            response = JsonResponse({"error": "not_found", "detail": str(error)}, status=404)
        else:
            response = HttpResponse(
                json.dumps(manifest, ensure_ascii=False, indent=2),
                content_type=exports.IIIF_CONTENT_TYPE,
            )
        response["Access-Control-Allow-Origin"] = "*"
        return response


@extend_schema_view(
    list=extend_schema(parameters=[RULEBOOK_PARAM]),
    create=extend_schema(
        request={"multipart/form-data": ScanUploadSerializer},
        responses={201: ScanSerializer},
        description="Curators: upload a page (PNG, JPEG, TIFF, WebP or PDF, checked by content).",
    ),
)
class ScanViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    lookup_value_regex = ID_PATTERN
    serializer_class = ScanSerializer
    parser_classes = [MultiPartParser, FormParser]

    def get_queryset(self):
        scans = Scan.objects.all()
        rulebook = int_query_param(self.request, "rulebook", low=1)
        return scans.filter(rulebook_id=rulebook) if rulebook is not None else scans

    def create(self, request, *args, **kwargs):
        form = ScanUploadSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        scan = scan_uploads.add_scan(
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
            GAME_PARAMETER,
            RULEBOOK_PARAM,
            name_parameter("language", LANGUAGE_TAG),
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
    lookup_value_regex = ID_PATTERN
    parser_classes = [BoundedJSONParser, MultiPartParser, FormParser]

    def get_serializer_class(self):
        return TranscriptionSerializer if self.action == "list" else TranscriptionDetailSerializer

    def get_queryset(self):
        """The versions the user may read: drafts and versions under review for curators."""
        transcriptions = readable_versions(user=self.request.user).select_related(
            "rulebook__game")
        if self.action != "list":
            transcriptions = transcriptions.prefetch_related("passages", "annotations__passage")
        game = name_query_param(self.request, "game", GAME_SLUG)
        if game:
            transcriptions = transcriptions.filter(rulebook__game__slug=game)
        rulebook = int_query_param(self.request, "rulebook", low=1)
        if rulebook is not None:
            transcriptions = transcriptions.filter(rulebook_id=rulebook)
        language = name_query_param(self.request, "language", LANGUAGE_TAG)
        if language:
            transcriptions = transcriptions.filter(language=language)
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

    @extend_schema(
        responses={(200, "application/tei+xml"): OpenApiTypes.STR},
        description="This version as TEI P5 XML (valid against tei_all).",
    )
    @action(detail=True, methods=["get"], url_path="tei", renderer_classes=DOWNLOAD_RENDERERS)
    def tei(self, request, pk=None):
        transcription = get_object_or_404(
            readable_versions(user=request.user).select_related("rulebook__game"), pk=pk
        )
        xml = exports.transcription_tei(
            transcription=transcription, request_base_url=_base_url(request)
        )
        response = HttpResponse(xml, content_type=exports.TEI_CONTENT_TYPE)
        response["Content-Disposition"] = (
            f'inline; filename="{exports.tei_filename(transcription)}"'
        )
        response["Access-Control-Allow-Origin"] = "*"
        return response

    @extend_schema(
        request=AnnotationChangeSerializer,
        responses={201: TranscriptionDetailSerializer},
        description="Curators: revise a note (annotation + body and/or certainty) or add one "
        "(passage, words, kind, body, certainty). Stored as the next version; this version "
        "stays as it is.",
    )
    @action(detail=True, methods=["post"], url_path="notes", parser_classes=[BoundedJSONParser])
    def notes(self, request, pk=None):
        transcription = get_object_or_404(
            Transcription.objects.select_related("rulebook__game"), pk=pk
        )
        form = AnnotationChangeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        editor = request.user.get_full_name() or request.user.get_username()
        if "annotation" in data:
            annotation = transcription.annotations.filter(pk=data["annotation"]).first()
            if annotation is None:
                raise services.ArchiveError(
                    f"note {data['annotation']} is not one of this version's", field="annotation"
                )
            result = services.revise_annotation(
                annotation=annotation,
                editor=editor,
                body=data.get("body"),
                certainty=data.get("certainty") or None,
                change_note=data.get("change_note", ""),
                created_by=request.user,
            )
        else:
            result = services.add_annotation(
                transcription=transcription,
                passage=data["passage"],
                words=data["words"],
                occurrence=data["occurrence"],
                kind=data["kind"],
                body=data["body"],
                certainty=data.get("certainty") or None,
                editor=editor,
                change_note=data.get("change_note", ""),
                created_by=request.user,
            )
        new = self.get_queryset().get(pk=result.transcription.pk)
        return Response(TranscriptionDetailSerializer(new).data, status=status.HTTP_201_CREATED)


    @extend_schema(
        request=ReviewStepSerializer,
        responses={200: TranscriptionSerializer},
        description="Curators: move a version a step towards readers: submit a draft for "
        "review, return it to draft (note: why), publish what another curator submitted, or "
        "publish without review (recorded in its history).",
    )
    @action(detail=True, methods=["post"], url_path="review", parser_classes=[BoundedJSONParser])
    def review(self, request, pk=None):
        version = get_object_or_404(readable_versions(user=request.user), pk=pk)
        form = ReviewStepSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        step = REVIEW_STEPS[form.validated_data["action"]]
        step(version=version, user=request.user, note=form.validated_data["note"])
        version = self.get_queryset().get(pk=version.pk)
        return Response(TranscriptionSerializer(version).data)


class _ReviewStep(Protocol):
    def __call__(self, *, version: Transcription, user: Any, note: str) -> Transcription: ...


REVIEW_STEPS: dict[str, _ReviewStep] = {
    "submit": review.submit_for_review,
    "return": review.return_to_draft,
    "publish": review.publish,
    "publish-without-review": review.publish_without_review,
}


class GlossaryViewSet(viewsets.ViewSet):
    """A game's original-language glossary: each translated term beside its original, from
    the latest transcriptions (``/api/glossaries/<game slug>/``)."""

    lookup_field = "slug"
    serializer_class = GlossaryItemSerializer

    @extend_schema(
        operation_id="glossaries_retrieve",
        parameters=[OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH,
                                     description="a game's slug, e.g. dylan-dog")],
        responses={200: GlossaryItemSerializer(many=True)},
    )
    def retrieve(self, request, slug=None):
        game = get_object_or_404(Game, slug=slug)
        items = exports.game_glossary(game=game)
        return Response(GlossaryItemSerializer(items, many=True).data)


def _rules_refused(error: RulesProblems) -> Response:
    return Response({"error": "invalid", "detail": error.message, "field": "text",
                     "problems": [problem.as_dict() for problem in error.problems]}, status=400)


@extend_schema_view(
    list=extend_schema(parameters=[GAME_PARAMETER],
                       description="Versions of games' rules documents, newest first "
                       "(drafts for curators only)."),
    create=extend_schema(
        request=RulesDraftSerializer, responses={201: RulesDocumentSerializer},
        description="Curators: store a text as the game's draft (the open draft rewritten, or "
        "a new version after the latest). 400 with every problem (line, path, message) unless "
        "it checks clean; nothing is stored then."),
)
class RulesDocumentViewSet(mixins.CreateModelMixin, viewsets.ReadOnlyModelViewSet):
    lookup_value_regex = ID_PATTERN
    serializer_class = RulesDocumentSerializer
    parser_classes = (BoundedJSONParser,)

    def get_queryset(self):
        documents = RulesDocument.objects.select_related("game").order_by("game__slug",
                                                                           "-version")
        if not is_curator(self.request.user):
            documents = documents.filter(state=RulesDocument.PUBLISHED)
        game = name_query_param(self.request, "game", GAME_SLUG)
        return documents.filter(game__slug=game) if game else documents

    def create(self, request, *args, **kwargs):
        form = RulesDraftSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            document = rules_documents.rules_draft_save(created_by=request.user,
                                                        **form.validated_data)
        except RulesProblems as error:
            return _rules_refused(error)
        return Response(RulesDocumentSerializer(document).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=RulesCheckSerializer, responses={200: OpenApiTypes.OBJECT},
                   description="Curators: check a text as a game's rules (nothing is stored): "
                   "its problems (line, path, message), or its board layout and a simulated "
                   "match under the default reading.")
    @action(detail=False, methods=["post"], url_path="check")
    def check(self, request):
        form = RulesCheckSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        return Response(rules_documents.rules_check(**form.validated_data).as_dict())

    @extend_schema(request=None, responses={200: RulesDocumentSerializer},
                   description="Curators: publish a draft: from now on it never changes, and "
                   "new matches of the game are refereed under it.")
    @action(detail=True, methods=["post"], url_path="publish")
    def publish(self, request, pk=None):
        try:
            document = rules_documents.rules_publish(document=self.get_object(),
                                                     published_by=request.user)
        except RulesProblems as error:
            return _rules_refused(error)
        return Response(RulesDocumentSerializer(document).data)
