"""The one rule for a number in an address, for pages and the API alike: ASCII digits written
the one way (no leading zero, so ``step/0012/`` is not another spelling of ``step/12/``) and
small enough for the database's column, so a huge id is a 404 before any SQL is made, never a
lookup the database cannot make (a 500).

``<id:…>`` is a row's id (a bigint column); ``<number:…>`` a seq or a page number (an integer
column). The API's routers take ``ID_PATTERN``, the same digits.
"""

from __future__ import annotations

from django.urls import register_converter

from web.params import MAX_QUERY_INT

# At most 18 digits: every such number fits a bigint (below 2**63).
ID_PATTERN = r"0|[1-9][0-9]{0,17}"
# At most 10 digits, and checked against the integer column's top where a converter reads it.
NUMBER_PATTERN = r"0|[1-9][0-9]{0,9}"


class IdConverter:
    regex = ID_PATTERN
    high = 2**63 - 1

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > self.high:
            raise ValueError(f"{value} is past the column's range")  # no match: a 404
        return number

    def to_url(self, value) -> str:
        return str(int(value))


class NumberConverter(IdConverter):
    """A seq or a page number: an integer column."""

    regex = NUMBER_PATTERN
    high = MAX_QUERY_INT


register_converter(IdConverter, "id")
register_converter(NumberConverter, "number")
