"""The records a harvester sees: every rulebook of the archive (all are public), and for each
rulebook and language its published transcription, never a draft. A record's datestamp is
when anything its metadata says last changed (the game, the rulebook, the publication), so a
harvest ``from`` a date gets every record that changed since.

Records are listed in (datestamp, kind, id) order, read a page at a time from that key on:
a page costs the same however deep in the list it is, and a record changed during a harvest
comes again after it.
"""

from __future__ import annotations

import datetime as dt
import heapq
import re
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.db.models.functions import Greatest

from archive.models import Game, Rulebook, Scan, Transcription
from harvest.protocol import Window

RULEBOOK, TRANSCRIPTION = "rulebook", "transcription"
RANKS = {RULEBOOK: 0, TRANSCRIPTION: 1}
_LOCAL = re.compile(r"(rulebook)/([0-9]{1,18})|(transcription)/([0-9]{1,18})/([A-Za-z0-9-]{1,12})")


@dataclass(frozen=True)
class Record:
    kind: str
    datestamp: dt.datetime
    rulebook: Rulebook
    transcription: Transcription | None = None

    @property
    def identifier(self) -> str:
        repository = settings.OAI_REPOSITORY_IDENTIFIER
        if self.transcription is None:
            return f"oai:{repository}:rulebook/{self.rulebook.pk}"
        return (f"oai:{repository}:transcription/{self.rulebook.pk}/"
                f"{self.transcription.language}")

    @property
    def sets(self) -> tuple[str, ...]:
        return (self.kind, "game", f"game:{self.rulebook.game.slug}")

    @property
    def key(self) -> tuple[str, int, int]:
        pk = self.transcription.pk if self.transcription is not None else self.rulebook.pk
        return (self.datestamp.isoformat(), RANKS[self.kind], pk)


def _rulebooks() -> QuerySet[Rulebook]:
    return Rulebook.objects.select_related("game").annotate(
        datestamp=Greatest("updated_at", "game__updated_at"),
        has_image_scans=Exists(Scan.objects.filter(rulebook=OuterRef("pk"),
                                                   width__isnull=False)))


def _transcriptions() -> QuerySet[Transcription]:
    """The published version of each rulebook in each language."""
    newer = Transcription.objects.filter(
        rulebook=OuterRef("rulebook"), language=OuterRef("language"),
        state=Transcription.PUBLISHED, version__gt=OuterRef("version"))
    return (Transcription.objects.filter(state=Transcription.PUBLISHED)
            .filter(~Exists(newer))
            .select_related("rulebook__game")
            .annotate(datestamp=Greatest("published_at", "rulebook__updated_at",
                                         "rulebook__game__updated_at")))


def _kinds(set_spec: str | None) -> tuple[list[str], str | None]:
    """The kinds of record a set holds, and the game it is of; no kind for an unknown set."""
    if set_spec is None or set_spec == "game":
        return [RULEBOOK, TRANSCRIPTION], None
    if set_spec in RANKS:
        return [set_spec], None
    if set_spec.startswith("game:") and set_spec.count(":") == 1:
        return [RULEBOOK, TRANSCRIPTION], set_spec.split(":", 1)[1]
    return [], None


def _filtered(kind: str, window: Window, game: str | None) -> QuerySet:
    rows = _rulebooks() if kind == RULEBOOK else _transcriptions()
    if game is not None:
        rows = rows.filter(**({"game__slug": game} if kind == RULEBOOK
                              else {"rulebook__game__slug": game}))
    if window.start is not None:
        rows = rows.filter(datestamp__gte=window.start)
    if window.end is not None:
        rows = rows.filter(datestamp__lt=window.end)
    return rows


def _record(kind: str, row) -> Record:
    if kind == RULEBOOK:
        return Record(kind, row.datestamp, row)
    return Record(kind, row.datestamp, row.rulebook, row)


def count(*, window: Window, set_spec: str | None) -> int:
    kinds, game = _kinds(set_spec)
    return sum(_filtered(kind, window, game).count() for kind in kinds)


def page(*, window: Window, set_spec: str | None, after: tuple[str, int, int] | None,
         limit: int) -> tuple[list[Record], bool]:
    """Up to ``limit`` records after the key ``after``, and whether more follow."""
    kinds, game = _kinds(set_spec)
    streams = []
    for kind in kinds:
        rows = _filtered(kind, window, game)
        if after is not None:
            stamp, rank, pk = dt.datetime.fromisoformat(after[0]), after[1], after[2]
            later = Q(datestamp__gt=stamp)
            if RANKS[kind] > rank:
                later |= Q(datestamp=stamp)
            elif RANKS[kind] == rank:
                later |= Q(datestamp=stamp, pk__gt=pk)
            rows = rows.filter(later)
        streams.append([_record(kind, row) for row in rows.order_by("datestamp", "pk")
                        [:limit + 1]])
    merged = list(heapq.merge(*streams, key=lambda r: (r.datestamp, RANKS[r.kind], r.key[2])))
    return merged[:limit], len(merged) > limit


def find(identifier: str) -> Record | None:
    """The record of an identifier this repository gave, or None."""
    prefix = f"oai:{settings.OAI_REPOSITORY_IDENTIFIER}:"
    if not identifier.startswith(prefix):
        return None
    match = _LOCAL.fullmatch(identifier[len(prefix):])
    if match is None:
        return None
    if match.group(1):
        row = _rulebooks().filter(pk=int(match.group(2))).first()
        return _record(RULEBOOK, row) if row is not None else None
    row = _transcriptions().filter(rulebook_id=int(match.group(4)),
                                   language=match.group(5)).first()
    return _record(TRANSCRIPTION, row) if row is not None else None


def earliest() -> dt.datetime | None:
    stamps = [rows.order_by("datestamp").values_list("datestamp", flat=True).first()
              for rows in (_rulebooks(), _transcriptions())]
    found = [stamp for stamp in stamps if stamp is not None]
    return min(found) if found else None


@dataclass(frozen=True)
class OaiSet:
    spec: str
    name: str
    description: str = ""


def sets() -> list[OaiSet]:
    found = [
        OaiSet(RULEBOOK, "Rulebooks", "The printed rulebooks of the archive: edition, language, "
               "provenance, rights"),
        OaiSet(TRANSCRIPTION, "Transcriptions", "The published transcription of each rulebook "
               "in each language, with its legibility and editorial notes"),
        OaiSet("game", "Games", "Everything the archive holds, by game"),
    ]
    found += [OaiSet(f"game:{slug}", title) for slug, title in
              Game.objects.order_by("slug").values_list("slug", "title")]
    return found
