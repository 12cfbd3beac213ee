"""The boundary in forms: JSON typed into a text area. (Form-encoded text cannot carry a lone
surrogate, as Django decodes it with replacement, and its text fields refuse NUL.)"""

from __future__ import annotations

from django import forms

from boundary.errors import InputError
from boundary.jsontext import parse_json


class JSONTextField(forms.CharField):
    """JSON typed into a form, parsed by :func:`boundary.parse_json`: a refusal is a form
    error naming the place inside the JSON."""

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        try:
            return parse_json(text)
        except InputError as error:
            raise forms.ValidationError(str(error)) from None

    def prepare_value(self, value):
        if isinstance(value, str) or value is None:
            return value
        import json

        return json.dumps(value, ensure_ascii=False)
