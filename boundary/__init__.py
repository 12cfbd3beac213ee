"""One input boundary for every way into Ludoteca: the API, the forms, the match importer,
TEI and backup imports, and command arguments.

Whatever enters is checked here before anything is stored: text holds only Unicode scalar
values (no lone surrogates, no NUL) and has a bounded length; numbers fit what the database
and the JSON exports hold; JSON nests only so deep (checked before the parser recurses), has
no duplicate keys and no ``NaN`` or ``Infinity``; languages are BCP 47 tags. A refusal is an
:class:`InputError` naming the field (a JSON path such as ``players[0].name``).

The checks are plain Python; ``boundary.drf`` and ``boundary.forms`` fit them to the API's
parser and to form fields.
"""

from boundary.errors import InputError
from boundary.jsontext import parse_json
from boundary.language import check_language
from boundary.limits import (
    MAX_DB_INTEGER,
    MAX_JSON_DEPTH,
    MAX_SAFE_INTEGER,
    MAX_VALUE_TEXT,
)
from boundary.values import (
    check_json_value,
    check_text,
    check_whole_number,
    text_problem,
    whole_number_text,
)

__all__ = [
    "MAX_DB_INTEGER",
    "MAX_JSON_DEPTH",
    "MAX_SAFE_INTEGER",
    "MAX_VALUE_TEXT",
    "InputError",
    "check_json_value",
    "check_language",
    "check_text",
    "check_whole_number",
    "parse_json",
    "text_problem",
    "whole_number_text",
]
