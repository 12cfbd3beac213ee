"""The search page's query and filters; the API reads the same fields (search.api)."""

from __future__ import annotations

from django import forms

from archive.models import Game
from search.query import MAX_QUERY_LENGTH
from search.selectors import KIND_LABELS


class SearchForm(forms.Form):
    q = forms.CharField(
        label="Search the archive", max_length=MAX_QUERY_LENGTH, required=False, strip=True,
        help_text='Every word must occur; "a phrase" in order; or between two words for either; '
        "-word to leave a word out. Italian, Spanish and English words are found in any of "
        "their forms (cacciatore finds cacciatori).",
    )
    game = forms.ModelChoiceField(
        queryset=Game.objects.order_by("title"), to_field_name="slug", required=False,
        empty_label="every game",
    )
    kind = forms.MultipleChoiceField(
        choices=list(KIND_LABELS.items()), required=False, widget=forms.CheckboxSelectMultiple,
        label="Only",
    )
    page = forms.IntegerField(min_value=1, max_value=10_000, required=False)
