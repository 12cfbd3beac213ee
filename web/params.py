"""Query parameters that must be whole numbers (ASCII digits, as everywhere), with an error
that names the parameter."""

from __future__ import annotations

from collections.abc import Mapping

from boundary import whole_number_text

# Ids and seqs fit PostgreSQL's integer columns; a larger number names nothing.
MAX_QUERY_INT = 2**31 - 1


class BadParameter(ValueError):
    def __init__(self, name: str, message: str):
        super().__init__(message)
        self.name = name
        self.message = message


def whole_number(
    params: Mapping[str, str],
    name: str,
    *,
    default: int | None = None,
    low: int = 0,
    high: int = MAX_QUERY_INT,
) -> int | None:
    """``params[name]`` as a whole number from ``low`` to ``high``; ``default`` when absent."""
    raw = params.get(name)
    if raw in (None, ""):
        return default
    value = whole_number_text(raw)
    if value is None:
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        raise BadParameter(name, f"{name} must be a whole number, not {shown!r}")
    if not low <= value <= high:
        raise BadParameter(name, f"{name} must be a whole number from {low} to {high}")
    return value
