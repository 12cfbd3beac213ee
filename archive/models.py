"""The archive: games, rulebooks, scans, transcriptions (versioned), passages and their notes."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from archive.parsing import reason_in_words


class Game(models.Model):
    """A game as its rulebook presents it: a field the text is silent on stays blank."""

    slug = models.SlugField(unique=True, help_text="as in DESIGN.md: dagon, gothic, …")
    title = models.CharField(max_length=200)
    original_title = models.CharField(max_length=200, blank=True)
    original_language = models.CharField(max_length=12, blank=True)
    year = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="year of publication, four digits"
    )
    publisher = models.CharField(max_length=200, blank=True)
    designer = models.CharField(max_length=200, blank=True)
    min_players = models.PositiveSmallIntegerField(null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(null=True, blank=True)
    components = models.JSONField(default=list, blank=True)
    # When the game's facts last changed: a harvester's datestamp for its rulebooks' records.
    # Set by save() rather than auto_now, so that a restored backup keeps the archived time.
    updated_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["title"]
        constraints = [
            models.CheckConstraint(
                condition=Q(year__isnull=True) | Q(year__gte=1000, year__lte=9999),
                name="game_year_four_digits",
                violation_error_message="the year has four digits",
            ),
            models.CheckConstraint(
                condition=Q(min_players__isnull=True) | Q(min_players__gte=1),
                name="game_min_players_at_least_one",
                violation_error_message="a game needs at least one player",
            ),
            models.CheckConstraint(
                condition=Q(min_players__isnull=True)
                | Q(max_players__isnull=True)
                | Q(max_players__gte=F("min_players")),
                name="game_player_range_in_order",
                violation_error_message="the most players cannot be fewer than the fewest",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args, **kwargs):
        self.updated_at = timezone.now()
        super().save(*args, **kwargs)

    @property
    def players_label(self) -> str:
        """"3–6 players", "up to 4 players", or "" where the rulebook does not say."""
        low, high = self.min_players, self.max_players
        if low and high:
            if low == high:
                return f"{low} player{'s' if low > 1 else ''}"
            return f"{low}–{high} players"
        if high:
            return f"up to {high} players"
        if low:
            return f"{low} or more players"
        return ""


class Rulebook(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="rulebooks")
    edition = models.CharField(max_length=200)
    language = models.CharField(max_length=12, help_text="language of the printed rulebook")
    provenance = models.TextField(blank=True)
    # What a viewer or an aggregator must show beside the scans (IIIF requiredStatement, rights).
    source = models.TextField(
        blank=True, help_text="the original the scans and text were made from, as a reader would "
        "cite it"
    )
    rights_holder = models.CharField(
        max_length=200, blank=True, help_text="who holds the rights in the printed rulebook"
    )
    licence = models.CharField(
        max_length=200, blank=True,
        help_text="a Creative Commons licence or RightsStatements.org statement URI",
    )
    # When the archive's description of the copy last changed (the rulebook's OAI datestamp);
    # set by save() and by archive.catalogue.rulebook_describe, kept as archived by a restore.
    updated_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["game__title", "edition"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "edition", "language"], name="rulebook_unique_edition"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game.title} — {self.edition}"

    def save(self, *args, **kwargs):
        self.updated_at = timezone.now()
        super().save(*args, **kwargs)


def scan_upload_path(scan: Scan, filename: str) -> str:
    # The stored name never comes from the uploader: it is the content's hash.
    return f"scans/{scan.rulebook_id}/{scan.sha256}.{scan.extension}"


def thumbnail_upload_path(scan: Scan, filename: str) -> str:
    return f"scans/{scan.rulebook_id}/thumbs/{scan.sha256}.png"


class Scan(models.Model):
    rulebook = models.ForeignKey(Rulebook, on_delete=models.PROTECT, related_name="scans")
    page_number = models.PositiveIntegerField()
    page_label = models.CharField(max_length=40, blank=True, help_text="as printed, e.g. 12 or iv")
    file = models.FileField(upload_to=scan_upload_path)
    thumbnail = models.ImageField(upload_to=thumbnail_upload_path, blank=True)
    thumbnail_width = models.PositiveIntegerField(null=True, blank=True)
    thumbnail_height = models.PositiveIntegerField(null=True, blank=True)
    # The storage folder of the page's IIIF Image API tile pyramid (info.json and tiles),
    # blank until it is made (archive.tiles).
    tiles = models.CharField(max_length=255, blank=True)
    content_type = models.CharField(max_length=60)
    extension = models.CharField(max_length=8)
    width = models.PositiveIntegerField(null=True, blank=True)
    height = models.PositiveIntegerField(null=True, blank=True)
    byte_size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)
    original_filename = models.CharField(max_length=255, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rulebook_id", "page_number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["rulebook", "sha256"], name="scan_unique_content")
        ]

    def __str__(self) -> str:
        return f"{self.rulebook} p. {self.page_label or self.page_number}"


class Transcription(models.Model):
    """One version of a rulebook's text in one language, made of pages. Versions are never
    overwritten: a changed text, page layout or set of regions is a new row with the next
    version number. Only its review ``state`` moves, draft → review → published, each step
    recorded as a ``ReviewStep``; readers see published versions only."""

    DRAFT, REVIEW, PUBLISHED = "draft", "review", "published"
    STATES = [(DRAFT, "Draft"), (REVIEW, "Needs review"), (PUBLISHED, "Published")]

    rulebook = models.ForeignKey(Rulebook, on_delete=models.PROTECT, related_name="transcriptions")
    language = models.CharField(max_length=12)
    translation_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="translations"
    )
    version = models.PositiveIntegerField()
    title = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    sha256 = models.CharField(max_length=64)
    transcriber = models.CharField(max_length=200)
    change_note = models.CharField(max_length=500, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    state = models.CharField(max_length=10, choices=STATES, default=DRAFT)
    # Kept beside the history for the queries that sort by it (OAI-PMH datestamps).
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["rulebook_id", "language", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["rulebook", "language", "version"], name="transcription_unique_version"
            ),
            models.CheckConstraint(
                condition=Q(state="published", published_at__isnull=False)
                | (~Q(state="published") & Q(published_at__isnull=True)),
                name="transcription_published_when_published",
                violation_error_message="a version has a publication time once published, "
                "and only then",
            ),
        ]
        indexes = [models.Index(fields=["state", "published_at"], name="transcription_by_state")]

    def __str__(self) -> str:
        return f"{self.rulebook} [{self.language}] v{self.version}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not kwargs.pop("allow_update", False):
            raise ValidationError("a transcription version is never overwritten: add a new version")
        super().save(*args, **kwargs)


FIRST_WORDS = 6


def first_words(text: str, count: int = FIRST_WORDS) -> str:
    """The first ``count`` words of ``text``'s first line, with an ellipsis where it goes on."""
    stripped = text.strip()
    words = stripped.split("\n", 1)[0].split()
    said = " ".join(words[:count]).rstrip(",;:.(")
    return said + ("…" if said != stripped else "")


class Passage(models.Model):
    transcription = models.ForeignKey(
        Transcription, on_delete=models.CASCADE, related_name="passages"
    )
    slug = models.CharField(max_length=200, help_text="stable id such as dagon/the-lagoon")
    heading = models.CharField(max_length=300, blank=True)
    order = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    text = models.TextField()
    pages = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["transcription_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["transcription", "slug"], name="passage_unique_slug")
        ]

    def __str__(self) -> str:
        return self.slug

    @property
    def anchor(self) -> str:
        return self.slug.split("/", 1)[-1]

    @property
    def heading_in_words(self) -> str:
        """What pages call the passage: its heading, or for a passage the text gives none
        (its opening lines before the first heading, a paragraph of a text with no
        heading) its place and first words, never its slug."""
        if self.heading:
            return self.heading
        first = f"“{first_words(self.text)}”"
        local = self.anchor
        if local == "preamble":
            return f"Opening lines: {first}"
        number = local.removeprefix("para-")
        place = f"Paragraph {number}" if number.isdigit() else "Untitled passage"
        cited = ", ".join(self.pages or [])
        if cited:
            place += f" ({'pp.' if any(c in cited for c in ',–-') else 'p.'} {cited})"
        return f"{place}: {first}"


class TranscriptionPage(models.Model):
    """A page of a version: the span ``[start, end)`` of its text, whole lines, tied to the
    scan of the printed page it transcribes (none for a rulebook without scans). A version's
    pages follow each other and cover its whole text."""

    transcription = models.ForeignKey(
        Transcription, on_delete=models.CASCADE, related_name="pages"
    )
    number = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    scan = models.ForeignKey(
        Scan, null=True, blank=True, on_delete=models.PROTECT, related_name="transcribed_pages"
    )

    class Meta:
        ordering = ["transcription_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["transcription", "number"],
                                    name="transcription_page_unique_number"),
            models.CheckConstraint(condition=Q(end__gte=F("start")),
                                   name="transcription_page_span_in_order",
                                   violation_error_message="a page ends after it starts"),
        ]

    def __str__(self) -> str:
        return f"{self.transcription} page {self.number}"


class Annotation(models.Model):
    LEGIBILITY, EDITORIAL, READING, PAGE = "legibility", "editorial", "reading", "page"
    KINDS = [
        (LEGIBILITY, "Legibility note"),
        (EDITORIAL, "Editorial note"),
        (READING, "Uncertain reading"),
        (PAGE, "Page citation"),
    ]
    CERTAINTIES = [(c, c) for c in ("high", "medium", "low", "unknown")]

    transcription = models.ForeignKey(
        Transcription, on_delete=models.CASCADE, related_name="annotations"
    )
    passage = models.ForeignKey(
        Passage, null=True, blank=True, on_delete=models.CASCADE, related_name="annotations"
    )
    kind = models.CharField(max_length=20, choices=KINDS)
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    raw = models.TextField()
    body = models.TextField(blank=True)
    target = models.TextField(blank=True)
    target_spans = models.JSONField(default=list, blank=True)
    reason = models.TextField(blank=True)
    certainty = models.CharField(max_length=10, choices=CERTAINTIES, default="unknown")
    responsible = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["transcription_id", "start"]

    def __str__(self) -> str:
        return f"{self.kind} @ {self.start}"

    @property
    def reason_words(self) -> str:
        return reason_in_words(self.reason)


class Region(models.Model):
    """A rectangle drawn on a scan for a note of a version: a W3C Web Annotation whose target
    is the scan with a FragmentSelector ``xywh=pixel:x,y,w,h`` (these columns, in the image's
    pixels) and whose body is the note, on the words it concerns (``target_index``: which of
    the note's quoted spans; none for the note itself). Carried into each next version while
    its note is there."""

    transcription = models.ForeignKey(
        Transcription, on_delete=models.CASCADE, related_name="regions"
    )
    note = models.ForeignKey(Annotation, on_delete=models.CASCADE, related_name="regions")
    scan = models.ForeignKey(Scan, on_delete=models.PROTECT, related_name="regions")
    x = models.PositiveIntegerField()
    y = models.PositiveIntegerField()
    w = models.PositiveIntegerField()
    h = models.PositiveIntegerField()
    target_index = models.PositiveSmallIntegerField(null=True, blank=True)
    drawn_by = models.CharField(max_length=200)
    drawn_at = models.DateTimeField()

    class Meta:
        ordering = ["transcription_id", "scan_id", "y", "x", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(w__gt=0) & Q(h__gt=0),
                                   name="region_has_an_area",
                                   violation_error_message="a region is at least one pixel "
                                   "wide and high"),
        ]

    def __str__(self) -> str:
        return f"region {self.xywh} on {self.scan}"

    @property
    def xywh(self) -> str:
        return f"{self.x},{self.y},{self.w},{self.h}"


class ReviewStep(models.Model):
    """One step of a version's review: who moved it, when, and why. Storing the version is
    its first step (``Transcription.created_by``/``created_at``)."""

    SUBMITTED, RETURNED = "submitted", "returned"
    PUBLISHED, PUBLISHED_WITHOUT_REVIEW = "published", "published-without-review"
    ACTIONS = [
        (SUBMITTED, "submitted for review"),
        (RETURNED, "returned to draft"),
        (PUBLISHED, "reviewed and published"),
        (PUBLISHED_WITHOUT_REVIEW, "published without review"),
    ]

    transcription = models.ForeignKey(
        Transcription, on_delete=models.CASCADE, related_name="review_steps"
    )
    action = models.CharField(max_length=30, choices=ACTIONS)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # The name as it was: the history still says who once the account is gone.
    by_name = models.CharField(max_length=200)
    at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["transcription_id", "at", "id"]

    def __str__(self) -> str:
        return f"{self.transcription}: {self.get_action_display()} by {self.by_name}"


class RulesDocument(models.Model):
    """One version of a game's rules written as data (``ludoteca.rules/1``, see
    docs/rules-reference.md): a draft a curator edits, then published and never changed again
    (refused here and by database triggers, ``archive.rules_guards``). A match remembers the
    version it is refereed under; the engine compiled from a version carries its number."""

    DRAFT, PUBLISHED = "draft", "published"
    STATES = [(DRAFT, "Draft"), (PUBLISHED, "Published")]
    YAML, JSON = "yaml", "json"
    FORMATS = [(YAML, "YAML"), (JSON, "JSON")]

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="rules_documents")
    version = models.PositiveIntegerField()
    text = models.TextField()
    format = models.CharField(max_length=4, choices=FORMATS, default=YAML)
    sha256 = models.CharField(max_length=64)
    change_note = models.CharField(max_length=500, blank=True)
    state = models.CharField(max_length=10, choices=STATES, default=DRAFT)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game_id", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="rules_unique_version"),
            models.CheckConstraint(
                condition=Q(state="published", published_at__isnull=False)
                | (~Q(state="published") & Q(published_at__isnull=True)),
                name="rules_published_when_published",
                violation_error_message="a rules version has a publication time once "
                "published, and only then",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game.slug} rules v{self.version} ({self.state})"

    def save(self, *args, **kwargs):
        if self.pk is not None and RulesDocument.objects.filter(
                pk=self.pk, state=self.PUBLISHED).exists():
            raise ValidationError("a published rules version never changes: write a new draft")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if RulesDocument.objects.filter(pk=self.pk, state=self.PUBLISHED).exists():
            raise ValidationError("a published rules version is never deleted")
        return super().delete(*args, **kwargs)
