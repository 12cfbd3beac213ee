"""Database guards (triggers that refuse what a table must never see) installed or removed by
the statements written for the database in use: one place says which vendors have guards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def run_guard_statements(connection: Any, statements: Mapping[str, Sequence[str]],
                         guard: str) -> None:
    """Run the statements written for ``connection``'s vendor; a vendor none are written for
    is refused, naming ``guard``, so no table is left unguarded silently."""
    try:
        chosen = statements[connection.vendor]
    except KeyError:
        raise RuntimeError(f"no {guard} for database vendor {connection.vendor!r}") from None
    with connection.cursor() as cursor:
        for statement in chosen:
            cursor.execute(statement)
