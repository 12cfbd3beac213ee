"""The one error of the input boundary."""

from __future__ import annotations


class InputError(ValueError):
    """Input refused at the boundary. ``field`` names where: a form field, an API field or a
    JSON path (``players[0].name``, ``events[3].data.value``); ``$`` is the whole body."""

    def __init__(self, message: str, *, field: str = "$", code: str = "invalid_input"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code  # "parse_error" when the text is not JSON at all

    def __str__(self) -> str:
        return self.message if self.field == "$" else f"{self.field}: {self.message}"

    def under(self, prefix: str) -> InputError:
        """The same refusal, its field placed under ``prefix`` (``setup`` + ``a.b``)."""
        if not prefix or prefix == "$":
            return self
        if self.field == "$":
            return InputError(self.message, field=prefix, code=self.code)
        joiner = "" if self.field.startswith("[") else "."
        return InputError(self.message, field=f"{prefix}{joiner}{self.field}", code=self.code)
