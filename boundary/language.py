"""Languages are BCP 47 language tags (RFC 5646), checked against the IANA registry by
``langcodes``."""

from __future__ import annotations

import re
from typing import Any

from boundary.errors import InputError

# The archive's language columns hold 12 characters: "en", "it", "zh-Hant-TW", "sr-Latn-RS".
MAX_LANGUAGE_TAG = 12
# Subtags joined by hyphens (RFC 5646): langcodes also reads "en_US", which TEI's xml:lang
# (and so the schema export_tei validates against) refuses.
_SUBTAGS = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")


def check_language(value: Any, *, field: str = "language") -> str:
    """``value`` as a well-formed, registered BCP 47 language tag such as ``en`` or ``it``."""
    if not isinstance(value, str) or not value:
        raise InputError("must be a language tag such as en, it or es", field=field)
    import langcodes  # some 40 ms to import: paid by the first tag checked, not at start

    if (len(value) > MAX_LANGUAGE_TAG or not _SUBTAGS.fullmatch(value)
            or not langcodes.tag_is_valid(value)):
        raise InputError(
            f"{value[:40]!r} is not a BCP 47 language tag (such as en, it, es or pt-BR)",
            field=field,
        )
    return value
