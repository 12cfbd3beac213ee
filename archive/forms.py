"""Curator forms of the archive. They only gather input: the writes are archive.services,
archive.pages, archive.regions and archive.review."""

from __future__ import annotations

from django import forms

from archive.models import Scan, Transcription
from boundary import MAX_DB_INTEGER
from boundary.forms import WholeNumberField


class ScanForm(forms.Form):
    page_number = WholeNumberField(min_value=1, max_value=MAX_DB_INTEGER,
                                     help_text="the page's position in the book, 1, 2, 3…")
    page_label = forms.CharField(
        max_length=40, required=False, help_text="as printed, e.g. 12 or iv (defaults to the number)"
    )
    file = forms.FileField(help_text="PNG, JPEG, TIFF, WebP image or a PDF; checked by content")


class TranscriptionForm(forms.Form):
    language = forms.CharField(max_length=12, help_text="a BCP 47 language tag such as en, it, es")
    transcriber = forms.CharField(max_length=200)
    translation_of = forms.ModelChoiceField(
        queryset=Transcription.objects.none(),
        required=False,
        help_text="the transcription this text translates, if it is a translation",
    )
    change_note = forms.CharField(max_length=500, required=False)
    file = forms.FileField(required=False, help_text="a UTF-8 text file, or paste the text below")
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 12}), required=False)

    def __init__(self, *args, rulebook, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["translation_of"].queryset = rulebook.transcriptions.order_by(
            "language", "-version"
        )

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("file") and not (cleaned.get("text") or "").strip():
            self.add_error("text", "upload a text file or paste the text")
        return cleaned


CERTAINTY_CHOICES = [("", "as the note's words say")] + [
    (c, c) for c in ("high", "medium", "low", "unknown")
]


class AnnotationRevisionForm(forms.Form):
    """Edit a note: stored as the next version of the transcription (archive.services)."""

    body = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="the note's words; quote the printed words it concerns in double quotes",
    )
    certainty = forms.ChoiceField(
        choices=CERTAINTY_CHOICES,
        required=False,
        help_text="a certainty the words do not say is added in words: (a guess), "
        "(probably right), (clearly legible)",
    )
    change_note = forms.CharField(max_length=500, required=False)


class AnnotationAddForm(forms.Form):
    """Add a note on printed words of a passage: stored as the next version."""

    passage = forms.ChoiceField()
    words = forms.CharField(max_length=300, help_text="the printed words the note concerns, exactly")
    occurrence = WholeNumberField(
        min_value=1, max_value=10_000, initial=1, help_text="which occurrence of the words in the passage, 1, 2…"
    )
    kind = forms.ChoiceField(
        choices=[
            ("legibility", "Legibility note"),
            ("editorial", "Editorial note"),
            ("reading", "Uncertain reading"),
        ]
    )
    body = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), help_text="the note")
    certainty = forms.ChoiceField(choices=CERTAINTY_CHOICES, required=False)
    change_note = forms.CharField(max_length=500, required=False)

    def __init__(self, *args, transcription, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["passage"].choices = [
            (p.slug, p.heading_in_words) for p in transcription.passages.order_by("order")
        ]


class GameForm(forms.Form):
    """A new game (archive.catalogue.game_create checks and writes it)."""

    slug = forms.SlugField(max_length=50, help_text="its address in the archive: lower-case "
                           "letters, digits and hyphens, e.g. la-torre-nera")
    title = forms.CharField(max_length=200, help_text="the title the archive lists it under")
    original_title = forms.CharField(max_length=200, required=False,
                                     help_text="as printed on the box, if different")
    original_language = forms.CharField(max_length=12, required=False,
                                        help_text="of the printed game: en, it, es…")
    year = WholeNumberField(min_value=1000, max_value=9999, required=False,
                              help_text="of publication, as printed (blank if it does not say)")
    publisher = forms.CharField(max_length=200, required=False)
    designer = forms.CharField(max_length=200, required=False)
    min_players = WholeNumberField(min_value=1, max_value=99, required=False,
                                     help_text="as the rulebook says (blank if it does not)")
    max_players = WholeNumberField(min_value=1, max_value=99, required=False)
    components = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 4}),
        help_text="one part a line, as the rulebook lists them (blank where it is silent)",
    )

    def clean_components(self):
        return [line.strip() for line in self.cleaned_data["components"].splitlines()
                if line.strip()]


class RulebookDescriptionForm(forms.Form):
    """What the archive says of a rulebook's copy and its rights (archive.catalogue checks it);
    IIIF viewers show it beside the scans."""

    provenance = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text="where this copy comes from: whose collection, how it was photographed",
    )
    source = forms.CharField(
        required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}),
        help_text="the original the scans and text were made from, as a reader would cite it",
    )
    rights_holder = forms.CharField(
        required=False, max_length=200, help_text="who holds the rights in the printed rulebook",
    )
    licence = forms.CharField(
        required=False, max_length=200,
        help_text="the address of a Creative Commons licence (e.g. "
        "http://creativecommons.org/licenses/by-nc/4.0/) or a RightsStatements.org statement "
        "(e.g. http://rightsstatements.org/vocab/InC/1.0/); blank if it is not known",
    )


class RulebookForm(RulebookDescriptionForm):
    edition = forms.CharField(max_length=200, help_text="e.g. first edition, 1987 sheet")
    language = forms.CharField(max_length=12, help_text="the printed rulebook's: en, it, es…")

    field_order = ["edition", "language", "provenance", "source", "rights_holder", "licence"]


# -- the workbench: page by page, regions, review --------------------------------------------


class PageForm(forms.Form):
    """A page's text and the scan of the printed page (archive.pages.save_page)."""

    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 18, "spellcheck": "false"}), required=False,
        strip=False, help_text="the page as printed, notes in square brackets after the words "
        "they concern",
    )
    scan = forms.ModelChoiceField(queryset=Scan.objects.none(), required=False,
                                  empty_label="no scan (a text-only page)",
                                  help_text="the scanned page this text transcribes")
    change_note = forms.CharField(max_length=500, required=False)

    def __init__(self, *args, rulebook, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scan"].queryset = Scan.objects.filter(rulebook=rulebook).order_by(
            "page_number", "id")
        self.fields["scan"].label_from_instance = lambda s: f"p. {s.page_label or s.page_number}"


class SplitForm(forms.Form):
    line = WholeNumberField(min_value=2, max_value=MAX_DB_INTEGER,
                            help_text="the line that starts the new page (its number in the list)")


class RegionForm(forms.Form):
    """A rectangle on the scan, in the image's pixels, for a note of the version (``note``) or
    a new note on printed words (``passage``, ``words``, ``body``)."""

    x = WholeNumberField(min_value=0, max_value=MAX_DB_INTEGER,
                         help_text="pixels from the image's left edge")
    y = WholeNumberField(min_value=0, max_value=MAX_DB_INTEGER,
                         help_text="pixels from the image's top edge")
    w = WholeNumberField(min_value=1, max_value=MAX_DB_INTEGER, label="Width",
                         help_text="in pixels")
    h = WholeNumberField(min_value=1, max_value=MAX_DB_INTEGER, label="Height",
                         help_text="in pixels")
    note = forms.ChoiceField(required=False, label="For the note",
                             help_text="a note of this version, or write a new one below")
    passage = forms.ChoiceField(required=False, help_text="for a new note: the passage of "
                                "the words")
    words = forms.CharField(max_length=300, required=False,
                            help_text="for a new note: the printed words it concerns, exactly")
    kind = forms.ChoiceField(choices=AnnotationAddForm.base_fields["kind"].choices,
                             initial="legibility")
    body = forms.CharField(max_length=2000, required=False, label="New note",
                           help_text="e.g. partly obscured; the printed sheet is inconsistent")
    certainty = forms.ChoiceField(choices=CERTAINTY_CHOICES, required=False)
    change_note = forms.CharField(max_length=500, required=False)

    def __init__(self, *args, notes, passages, text, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "a new note (below)")]
        for number, note in enumerate(notes, start=1):
            label = f"note {number}, {note.get_kind_display().lower()}"
            choices.append((str(note.pk), f"{label}: the note itself"))
            for index, span in enumerate(note.target_spans or []):
                words = text[span[0]:span[1]]
                choices.append((f"{note.pk}.{index}", f"{label}, on “{words}”"))
        self.fields["note"].choices = choices
        self.fields["passage"].choices = [("", "—")] + [
            (p.slug, p.heading_in_words) for p in passages]

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("note"):
            if not cleaned.get("passage"):
                self.add_error("passage", "choose the passage of the words, or a note above")
            if not (cleaned.get("words") or "").strip():
                self.add_error("words", "give the printed words the new note concerns")
            if not (cleaned.get("body") or "").strip():
                self.add_error("body", "write the note")
        return cleaned

    @property
    def box_fields(self):
        return [self[name] for name in ("x", "y", "w", "h")]

    @property
    def note_fields(self):
        return [self[name] for name in self.fields if name not in ("x", "y", "w", "h")]

    @property
    def tie(self) -> tuple[int, int | None] | None:
        """(note id, index of the words it concerns or None for the note itself)."""
        value = self.cleaned_data.get("note") or ""
        if not value:
            return None
        note, _, index = value.partition(".")
        return int(note), (int(index) if index else None)


REVIEW_ACTIONS = [
    ("submit", "Submit for review"),
    ("return", "Return to draft"),
    ("publish", "Publish (reviewed)"),
    ("publish-without-review", "Publish without review"),
]


class ReviewForm(forms.Form):
    action = forms.ChoiceField(choices=REVIEW_ACTIONS)
    note = forms.CharField(max_length=500, required=False,
                           help_text="why: what the reviewer checked, or what the version needs")
    without_review = forms.BooleanField(
        required=False, label="I publish this version without a second curator's review",
        help_text="recorded in the version's history")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("action") == "publish-without-review" and not cleaned.get("without_review"):
            self.add_error("without_review", "tick this to publish without review: the history "
                           "will say so")
        return cleaned
