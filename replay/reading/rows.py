"""Plain reads for the pages' fast paths: a model's columns as a plain query selects them, and
its instance made from their values, each converted as the ORM converts it; a few small rows
as one JSON text. Building such a query through the ORM cost more than running it."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from django.db import connection

# A few small rows as the text of one JSON array of arrays (``[[1, 40, {…}], …]``), read in a
# query a page makes anyway and parsed by the caller: SQLite's ``json_group_array``,
# PostgreSQL's ``json_agg``. Written as SQL, not with Django's JSON functions, which ask SQLite
# whether it has JSON once per connection, in a query of its own.
_JSON_ROWS = {
    "sqlite": "JSON_GROUP_ARRAY(JSON_ARRAY({}))",
    "postgresql": "JSON_AGG(JSON_BUILD_ARRAY({}))::text",
}


def json_rows(columns: str) -> str:
    """The SQL aggregating ``columns`` of a group into one JSON array, on this database."""
    return _JSON_ROWS[connection.vendor].format(columns)


def table(model: Any) -> str:
    """A model's table, quoted for this database."""
    return connection.ops.quote_name(model._meta.db_table)


@dataclass(frozen=True)
class Columns:
    """A model's columns as a plain query selects them, and its instance made from their
    values, each converted as the ORM converts it (JSON, dates, booleans on SQLite)."""

    model: type[Any]  # a model class: Django's have no types here
    fields: tuple
    converters: tuple

    @classmethod
    def of(cls, model: Any, *, leave: tuple[str, ...] = ()) -> Columns:
        fields = tuple(f for f in model._meta.concrete_fields if f.name not in leave)
        converters = []
        for field in fields:
            column = field.get_col(model._meta.db_table)
            converters.append((column, (*connection.ops.get_db_converters(column),
                                        *field.get_db_converters(connection))))
        return cls(model=model, fields=fields, converters=tuple(converters))

    @functools.cache  # noqa: B019 - one per model and vendor, kept for the process
    def select(self, alias: str) -> str:
        return ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in self.fields)

    @functools.cached_property
    def _attnames(self) -> list[str]:
        return [f.attname for f in self.fields]

    @functools.cached_property
    def _converting(self) -> tuple:
        """(index, column, converters) of the columns that have converters."""
        return tuple((index, column, converters)
                     for index, (column, converters) in enumerate(self.converters) if converters)

    def instance(self, values: Any) -> Any:
        if len(values) != len(self.fields):
            raise ValueError(f"{len(values)} values for {len(self.fields)} columns")
        converted = list(values)
        for index, column, converters in self._converting:
            for convert in converters:
                converted[index] = convert(converted[index], column, connection)
        return self.model.from_db(connection.alias, self._attnames, converted)


_kept: dict[tuple, Columns] = {}


def columns_of(model: Any, *, leave: tuple[str, ...] = ()) -> Columns:
    """``Columns.of`` kept per database vendor for the process."""
    key = (connection.vendor, model, leave)
    if key not in _kept:
        _kept[key] = Columns.of(model, leave=leave)
    return _kept[key]
