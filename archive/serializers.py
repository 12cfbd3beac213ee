"""How the archive looks in the API. Output shapes, and the input shapes the views hand to
``archive.services``; the rules themselves live in the services."""

from __future__ import annotations

from rest_framework import serializers

from archive.models import (
    Annotation,
    Game,
    Passage,
    Rulebook,
    RulesDocument,
    Scan,
    Transcription,
)
from boundary import MAX_DB_INTEGER
from boundary.drf import RefusesUnknownFields, WholeNumberField


class GameSerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = [
            "slug",
            "title",
            "original_title",
            "original_language",
            "year",
            "publisher",
            "designer",
            "min_players",
            "max_players",
            "components",
        ]


class StrictSerializer(RefusesUnknownFields, serializers.Serializer):
    """An input shape that refuses fields it does not know, naming the first."""


class GameCreateSerializer(StrictSerializer):
    """The body of POST /api/games/, checked and written by ``archive.catalogue.game_create``."""

    slug = serializers.RegexField(r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=50,
                                  help_text="lower-case letters, digits, single hyphens")
    title = serializers.CharField(max_length=200)
    original_title = serializers.CharField(max_length=200, required=False, allow_blank=True)
    original_language = serializers.CharField(max_length=12, required=False, allow_blank=True,
                                              help_text="a language tag: en, it, es…")
    year = WholeNumberField(required=False, allow_null=True,
                                    help_text="of publication, four digits")
    publisher = serializers.CharField(max_length=200, required=False, allow_blank=True)
    designer = serializers.CharField(max_length=200, required=False, allow_blank=True)
    min_players = WholeNumberField(required=False, allow_null=True,
                                           help_text="as the rulebook says; null if it does not")
    max_players = WholeNumberField(required=False, allow_null=True)
    components = serializers.ListField(child=serializers.CharField(max_length=200),
                                       required=False, default=list)


class RulebookCreateSerializer(StrictSerializer):
    """The body of POST /api/rulebooks/ (``archive.catalogue.rulebook_create``)."""

    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    edition = serializers.CharField(max_length=200)
    language = serializers.CharField(max_length=12, help_text="a language tag: en, it, es…")
    provenance = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    source = serializers.CharField(required=False, allow_blank=True, max_length=2000,
                                   help_text="the original the scans and text were made from")
    rights_holder = serializers.CharField(required=False, allow_blank=True, max_length=200)
    licence = serializers.CharField(
        required=False, allow_blank=True, max_length=200,
        help_text="a Creative Commons licence or RightsStatements.org statement URI",
    )


class RulebookDescriptionSerializer(StrictSerializer):
    """The body of PATCH /api/rulebooks/ID/ (``archive.catalogue.rulebook_describe``): the
    fields given replace what the archive says; the others stay."""

    provenance = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    source = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    rights_holder = serializers.CharField(required=False, allow_blank=True, max_length=200)
    licence = serializers.CharField(
        required=False, allow_blank=True, max_length=200,
        help_text="a Creative Commons licence or RightsStatements.org statement URI, "
        "e.g. http://creativecommons.org/licenses/by/4.0/; blank if not known",
    )


class TranscriptionRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Transcription
        fields = ["id", "language", "version", "title", "state"]


class RulebookSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    transcriptions = TranscriptionRefSerializer(many=True, read_only=True)
    scans = serializers.PrimaryKeyRelatedField(many=True, read_only=True)

    class Meta:
        model = Rulebook
        fields = ["id", "game", "edition", "language", "provenance", "source", "rights_holder",
                  "licence", "transcriptions", "scans"]


class ScanSerializer(serializers.ModelSerializer):
    class Meta:
        model = Scan
        fields = [
            "id",
            "rulebook",
            "page_number",
            "page_label",
            "file",
            "thumbnail",
            "content_type",
            "width",
            "height",
            "byte_size",
            "sha256",
            "original_filename",
            "uploaded_at",
        ]
        read_only_fields = fields


class ScanUploadSerializer(serializers.Serializer):
    """multipart/form-data: the page is checked by ``archive.scan_uploads.add_scan``."""

    rulebook = serializers.PrimaryKeyRelatedField(queryset=Rulebook.objects.all())
    page_number = WholeNumberField(min_value=1, max_value=MAX_DB_INTEGER)
    page_label = serializers.CharField(required=False, allow_blank=True, max_length=40)
    file = serializers.FileField(allow_empty_file=True)


class AnnotationSerializer(serializers.ModelSerializer):
    passage = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = Annotation
        fields = [
            "id",
            "kind",
            "passage",
            "start",
            "end",
            "raw",
            "body",
            "target",
            "target_spans",
            "reason",
            "certainty",
            "responsible",
        ]


class PassageSerializer(serializers.ModelSerializer):
    class Meta:
        model = Passage
        fields = ["slug", "heading", "order", "start", "end", "text", "pages"]


class TranscriptionSerializer(serializers.ModelSerializer):
    game = serializers.CharField(source="rulebook.game.slug", read_only=True)

    class Meta:
        model = Transcription
        fields = [
            "id",
            "game",
            "rulebook",
            "language",
            "version",
            "translation_of",
            "title",
            "sha256",
            "transcriber",
            "change_note",
            "created_at",
            "state",
            "published_at",
        ]
        read_only_fields = fields


class TranscriptionDetailSerializer(TranscriptionSerializer):
    """With the text, its passages, and every legibility, editorial and page note."""

    passages = PassageSerializer(many=True, read_only=True)
    annotations = AnnotationSerializer(many=True, read_only=True)

    class Meta(TranscriptionSerializer.Meta):
        fields = [*TranscriptionSerializer.Meta.fields, "text", "passages", "annotations"]
        read_only_fields = fields


class TranscriptionImportSerializer(serializers.Serializer):
    """JSON with ``text``, or multipart with a UTF-8 ``file``: stored as the next version by
    ``archive.services.import_transcription`` (the same text as the latest is a no-op)."""

    rulebook = serializers.PrimaryKeyRelatedField(queryset=Rulebook.objects.all())
    language = serializers.CharField(max_length=12)
    transcriber = serializers.CharField(max_length=200)
    text = serializers.CharField(required=False, trim_whitespace=False)
    file = serializers.FileField(required=False, allow_empty_file=True)
    translation_of = serializers.PrimaryKeyRelatedField(
        queryset=Transcription.objects.all(), required=False, allow_null=True
    )
    change_note = serializers.CharField(required=False, allow_blank=True, max_length=500)

    def validate(self, attrs):
        if ("text" in attrs) == ("file" in attrs):
            raise serializers.ValidationError({"text": "give the text, or upload it as file"})
        return attrs


class AnnotationChangeSerializer(serializers.Serializer):
    """A change to a transcription's notes, stored as its next version by
    ``archive.services.revise_annotation`` (with ``annotation``: that note's new ``body``
    and/or ``certainty``) or ``archive.services.add_annotation`` (with ``passage``, ``words``,
    ``kind`` and ``body``: a new note on those printed words)."""

    annotation = WholeNumberField(required=False, min_value=1, max_value=MAX_DB_INTEGER)
    passage = serializers.CharField(required=False, max_length=200)
    words = serializers.CharField(required=False, max_length=300)
    occurrence = WholeNumberField(required=False, min_value=1, max_value=10_000,
                                          default=1)
    kind = serializers.ChoiceField(
        choices=["legibility", "editorial", "reading"], required=False, default="legibility"
    )
    body = serializers.CharField(required=False)
    certainty = serializers.ChoiceField(
        choices=["high", "medium", "low", "unknown"], required=False, allow_blank=True
    )
    change_note = serializers.CharField(required=False, allow_blank=True, max_length=500)

    def validate(self, attrs):
        if "annotation" in attrs:
            if "passage" in attrs or "words" in attrs:
                raise serializers.ValidationError(
                    {"annotation": "revise a note (annotation) or add one (passage, words), "
                     "not both"}
                )
            if "body" not in attrs and not attrs.get("certainty"):
                raise serializers.ValidationError({"body": "give the new body or certainty"})
            return attrs
        for name in ("passage", "words", "body"):
            if name not in attrs:
                raise serializers.ValidationError(
                    {name: "to add a note give passage, words and body (or annotation to revise)"}
                )
        return attrs


class ReviewStepSerializer(StrictSerializer):
    """A version's next review step (``archive.review``): ``submit`` a draft, ``return`` a
    version under review to draft (with the reason), ``publish`` what another curator
    submitted, or ``publish-without-review`` (recorded as such)."""

    action = serializers.ChoiceField(
        choices=["submit", "return", "publish", "publish-without-review"])
    note = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class GlossaryItemSerializer(serializers.Serializer):
    term = serializers.CharField()
    original = serializers.CharField()
    original_language = serializers.CharField()
    passage = serializers.CharField()
    transcription = WholeNumberField(source="transcription_id")
    supplied = serializers.BooleanField(
        help_text="the English rendering is Ludoteca's, not the text's"
    )


class RulesDocumentSerializer(serializers.ModelSerializer):
    """A version of a game's rules document (``archive.rules_documents``)."""

    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    created_by = serializers.SlugRelatedField(slug_field="username", read_only=True)
    published_by = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = RulesDocument
        fields = ("id", "game", "version", "state", "format", "text", "sha256", "change_note",
                  "created_by", "created_at", "published_by", "published_at")


class RulesCheckSerializer(StrictSerializer):
    """The body of POST /api/rules/check/: a text to check as a game's rules."""

    game = serializers.SlugRelatedField(slug_field="slug", queryset=Game.objects.all())
    text = serializers.CharField(trim_whitespace=False, max_length=1_000_000)


class RulesDraftSerializer(RulesCheckSerializer):
    """The body of POST /api/rules/: a text to store as the game's draft."""

    change_note = serializers.CharField(max_length=500, required=False, allow_blank=True,
                                        default="")
