"""Which tables hold the logs the chain guards, and who else recorded where a log's chain stood.

Trust sits below the apps that keep logs and imports none of them. The settings name the
models, as ``AUTH_USER_MODEL`` names the accounts: ``LUDOTECA_LOG_MODEL`` is a log (one row a
log: ``last_seq``, ``head_hash`` and the ``chain_broken_*`` marks of a break found) and
``LUDOTECA_LOG_EVENT_MODEL`` holds its events (``seq``, ``type``, ``actor``, ``data``,
``prev_hash``, ``hash``, and a foreign key to the log). Trust reads and marks them by their
table names.

A *witness* is anything else that recorded a head of a log's chain (a replay run records the
head it replayed to): a chain recomputed after a change verifies on its own, but no longer
reaches the heads its witnesses recorded. ``verify_log`` asks every witness.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connection


@dataclass(frozen=True)
class WitnessedHead:
    """A head of a log's chain as someone else recorded it: ``who`` in words ("run 12"), the
    seq it reached, the hash it found there."""

    who: str
    seq: int
    head_hash: str


Witness = Callable[[int], Iterable[WitnessedHead]]


@dataclass(frozen=True)
class LogTables:
    """The models of the logs the chain guards, as the settings name them."""

    log_model: Any
    event_model: Any
    log_column: str  # the events' column naming their log ("match_id")

    @property
    def logs(self) -> str:
        return str(connection.ops.quote_name(self.log_model._meta.db_table))

    @property
    def events(self) -> str:
        return str(connection.ops.quote_name(self.event_model._meta.db_table))


_tables: LogTables | None = None
_witnesses: list[Witness] = []


def tables() -> LogTables:
    """The log and event models the settings name, looked up once."""
    global _tables
    if _tables is None:
        log_model = apps.get_model(settings.LUDOTECA_LOG_MODEL)
        event_model = apps.get_model(settings.LUDOTECA_LOG_EVENT_MODEL)
        column = next(f.column for f in event_model._meta.concrete_fields
                      if f.is_relation and f.related_model is log_model)
        _tables = LogTables(log_model=log_model, event_model=event_model, log_column=column)
    return _tables


def add_witness(witness: Witness) -> None:
    """Another record of where logs' chains stood, asked by ``verify_log`` (once per witness
    function, however often its app starts)."""
    if witness not in _witnesses:
        _witnesses.append(witness)


def witnessed_heads(log_id: int) -> list[WitnessedHead]:
    """Every head of the log its witnesses recorded, in seq order."""
    heads = [head for witness in _witnesses for head in witness(log_id)]
    return sorted(heads, key=lambda head: head.seq)
