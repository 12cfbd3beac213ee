"""Forms of the match pages. They gather input; matches and logs are written only by
replay.log.matches.match_create and replay.log.append.append_events."""

from __future__ import annotations

import uuid

from django import forms

from archive.models import Game
from boundary import MAX_DB_INTEGER
from boundary.forms import JSONTextField, WholeNumberField
from games.core.events import ANNOTATION

MAX_SEQ = MAX_DB_INTEGER


class AppendEventsForm(forms.Form):
    events = JSONTextField(
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "code"}),
        help_text='a JSON list of events, e.g. [{"type": "roll", "actor": "p1", "data": {"value": 4}}]',
    )
    # The log's last seq when the page was rendered: a stale one is refused, nothing written.
    expected_seq = WholeNumberField(min_value=0, max_value=MAX_SEQ, widget=forms.HiddenInput)

    def clean_events(self):
        value = self.cleaned_data["events"]
        if isinstance(value, dict):
            value = [value]  # one event on its own is welcome too
        if not isinstance(value, list):
            raise forms.ValidationError("events must be a JSON list of event objects")
        return value


class AnnotationForm(forms.Form):
    # The same bound as the event schema's, which the API's appends meet.
    text = forms.CharField(
        max_length=ANNOTATION.fields["text"].max_length, widget=forms.Textarea(attrs={"rows": 3}),
        label="Note on this step",
    )
    expected_seq = WholeNumberField(min_value=0, max_value=MAX_SEQ, widget=forms.HiddenInput)


class MatchForm(forms.Form):
    """A new match's title and provenance; its players and setup are asked in the game's
    words beside it (``replay.reading.match_setup``)."""

    game = forms.ModelChoiceField(queryset=Game.objects.order_by("title"), to_field_name="slug",
                                  widget=forms.HiddenInput)
    title = forms.CharField(max_length=300)
    # The browser's date picker shows the day in the reader's own format and sends it as
    # YYYY-MM-DD; the help text says so instead of asking for one format the picker may not show.
    played_on = forms.DateField(
        required=False, input_formats=["%Y-%m-%d"],
        help_text="pick the day in the calendar (shown in your browser's date format); "
                  "typed by hand, write it as YYYY-MM-DD, e.g. 1987-03-14",
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    source = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}),
                             help_text="where the record comes from: score sheet, notebook…")
    is_private = forms.BooleanField(required=False, label="Private (only you and staff see it)")
    # Made when the form is drawn: sending it twice (a double click, a resent page) creates
    # one match.
    idempotency_key = forms.CharField(max_length=200, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["idempotency_key"].initial = uuid.uuid4().hex


class ImportForm(forms.Form):
    file = forms.FileField(help_text="a ludoteca.match/1 JSON document")
    is_private = forms.BooleanField(required=False, label="Private (only you and staff see it)")


class StepGotoForm(forms.Form):
    seq = WholeNumberField(min_value=0, max_value=MAX_SEQ)


class VariationForm(forms.Form):
    title = forms.CharField(max_length=300, label="Name the variation",
                            help_text="e.g. What if Ana had gone to the Lagoon?")
