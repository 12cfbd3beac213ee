"""The boundary in forms: JSON typed into a text area, whole numbers in ASCII digits. (Form-
encoded text cannot carry a lone surrogate, as Django decodes it with replacement, and its text
fields refuse NUL.)"""

from __future__ import annotations

import json
from typing import Any

from django import forms

from boundary.errors import InputError
from boundary.jsontext import parse_json
from boundary.values import whole_number_text


class WholeNumberField(forms.IntegerField):
    """A whole number in the digits 0 to 9 (Django's own field reads ``٠`` as 0); its bounds
    are checked by the field's validators, as Django's."""

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values or (isinstance(value, int) and not isinstance(value, bool)):
            return super().to_python(value)
        number = whole_number_text(str(value))
        if number is None:
            shown = str(value)[:20]
            raise forms.ValidationError(
                f"must be a whole number written in the digits 0 to 9, not {shown!r}",
                code="invalid")
        return number


class JSONTextField(forms.CharField):
    """JSON typed into a form, parsed by :func:`boundary.parse_json`: a refusal is a form
    error naming the place inside the JSON."""

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        try:
            return parse_json(text)
        except InputError as error:
            raise forms.ValidationError(str(error)) from None

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, str) or value is None:
            return value
        return json.dumps(value, ensure_ascii=False)
