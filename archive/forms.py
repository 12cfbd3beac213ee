"""Curator forms of the archive. They only gather input: the writes are archive.services."""

from __future__ import annotations

from django import forms

from archive.models import Transcription
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
            (p.slug, p.heading or p.slug) for p in transcription.passages.order_by("order")
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
