"""What a backup keeps of matches and their replays (``trust.backup``): each match in the
interchange format with its chain head, its events' row ids, times, recorders and idempotency
keys; each run's row and a digest of its step checksums. The restore checks every document's
events against the head its row records before anything is written, and replays every run it
can to prove the steps come back identical. Registered by ``ReplayConfig.ready``."""

from __future__ import annotations

import datetime as dt

from django.db import models

from archive.models import Game
from replay.log.append import EVENT_COLUMNS, NOTE_TYPES
from replay.log.bulk import insert_rows, to_json
from replay.log.errors import LogError
from replay.log.interchange import export_match, parse_document, read_document
from replay.log.signals import notes_appended
from replay.models import Event, Match
from trust.audit import witnesses_disagree
from trust.backup import (
    BackupError,
    ExportContext,
    RestoreContext,
    Section,
)
from trust.backup.files import json_value, unique, when, write_json
from trust.chain import GENESIS_HASH, event_hash, event_record
from trust.errors import BrokenChain

MATCH_FIELDS = ("is_private", "created_at", "last_seq", "head_hash", "idempotency_key", "reading",
                "branch_of", "parent_id", "chain_broken_seq", "chain_broken_problem",
                "chain_broken_at", "rules_version")


class MatchesSection(Section):
    name = "matches"
    order = 20

    def models(self) -> list[type[models.Model]]:
        return [Match, Event]

    def export(self, context: ExportContext) -> dict[str, int]:
        directory, usernames = context.directory, context.usernames
        (directory / "matches").mkdir(exist_ok=True)
        entries, events = [], 0
        for match in Match.objects.select_related("game").order_by("pk"):
            document, meta = f"matches/{match.pk}.json", f"matches/{match.pk}.events.json"
            try:
                exported = export_match(match)
            except (LogError, BrokenChain) as error:  # a log that no longer verifies is not
                raise BackupError(f"match {match.pk}: {error.message}") from None  # sound
            rewritten = witnesses_disagree(match=match)
            if rewritten is not None:
                raise BackupError(f"match {match.pk}: the log no longer verifies at seq "
                                  f"{rewritten.seq}: {rewritten.problem}")
            (directory / document).write_bytes(exported)
            rows = [
                [seq, pk, recorded_at.isoformat(), usernames.get(recorded_by), key]
                for seq, pk, recorded_at, recorded_by, key in Event.objects.filter(match=match)
                .order_by("seq").values_list("seq", "pk", "recorded_at", "recorded_by_id",
                                             "idempotency_key").iterator(chunk_size=5000)
            ]
            write_json(directory / meta, rows)
            entries.append({"id": match.pk, "file": document, "events_file": meta,
                            "created_by": usernames.get(match.created_by_id),
                            **{name: json_value(getattr(match, name)) for name in MATCH_FIELDS}})
            events += len(rows)
        write_json(directory / "matches.json", entries)
        return {"replay.match": len(entries), "replay.event": events}

    def plan(self, context: RestoreContext) -> dict:
        """Each match's document through the importer's own checks, its events hashing to
        the head the match row records: the chained rows to insert."""
        backup = context.backup
        entries = backup.json("matches.json")
        unique([row.get("id") if isinstance(row, dict) else None for row in entries],
               "replay.match")
        games_by_slug = _backed_up_games(context)
        documents, event_ids = {}, []
        for entry in entries:
            where = f"match {entry.get('id')}"
            try:
                fields = read_document(parse_document(backup.read(entry["file"])),
                                       find_game=games_by_slug.get)
            except LogError as error:
                raise BackupError(f"{entry['file']}: {error.message} (at {error.field})") from None
            meta = backup.json(entry["events_file"])
            events = fields["events"]
            if len(meta) != len(events) or any(m[0] != e["seq"] for m, e in zip(meta, events, strict=False)):
                raise BackupError(f"{entry['events_file']}: its events are not the document's")
            event_ids += [row[1] for row in meta]
            head, chained = GENESIS_HASH, []
            for event in events:
                record = event_record(event)
                digest = event_hash(head, record)
                chained.append((record, head, digest))
                head = digest
            if (len(events), head) != (entry["last_seq"], entry["head_hash"]):
                raise BackupError(f"{where}: its events do not hash to the head the backup "
                                  "records")
            documents[entry["id"]] = {"fields": fields, "chained": chained, "meta": meta}
        unique(event_ids, "replay.event")
        return {"entries": entries, "documents": documents}

    def restore(self, plan: dict, context: RestoreContext) -> None:
        events = 0
        for entry in plan["entries"]:
            document = plan["documents"][entry["id"]]
            fields = document["fields"]
            match = Match(
                id=entry["id"], game_id=fields["game"].pk, title=fields["title"],
                players=fields["players"], setup=fields["setup"],
                played_on=(dt.date.fromisoformat(fields["played_on"]) if fields["played_on"]
                           else None),
                source=fields["source"] or "",
                created_by_id=context.user_id(entry.get("created_by"), f"match {entry['id']}"),
                **{name: entry.get(name) for name in MATCH_FIELDS if name not in (
                    "created_at", "chain_broken_at", "reading", "rules_version")},
                reading=entry.get("reading") or {},
                rules_version=entry.get("rules_version") or "",  # older backups: none
                chain_broken_at=when(entry.get("chain_broken_at")),
            )
            match.save(force_insert=True)
            Match.objects.filter(pk=match.pk).update(created_at=when(entry["created_at"]))
            rows = []
            for (record, prev, digest), (_, pk, recorded_at, recorded_by, key) in zip(
                document["chained"], document["meta"], strict=False
            ):
                rows.append((pk, match.pk, record["seq"], record["type"], record["actor"],
                             to_json(record["data"]), when(recorded_at),
                             context.user_id(recorded_by,
                                             f"match {match.pk} event {record['seq']}"),
                             prev, digest, key))
            for start in range(0, len(rows), 5000):
                insert_rows(Event._meta.db_table, ("id", *EVENT_COLUMNS),
                            rows[start : start + 5000])
            events += len(rows)
        context.counts["replay.match"] = len(plan["entries"])
        context.counts["replay.event"] = events

    def announce(self) -> None:
        notes = Event.objects.filter(type__in=NOTE_TYPES).order_by("match_id", "seq")
        by_match: dict[int, list[dict]] = {}
        for event in notes.iterator(chunk_size=2000):
            by_match.setdefault(event.match_id, []).append(
                {"seq": event.seq, "type": event.type, "data": event.data})
        for match in Match.objects.filter(pk__in=by_match).order_by("pk"):
            notes_appended.send(Match, match=match, events=by_match[match.pk])


def _backed_up_games(context: RestoreContext) -> dict:
    """The games the backup restores, by slug (the database is still empty)."""
    rows = context.plans.get("archive", {}).get("tables", {}).get("archive.game", [])
    return {row["slug"]: Game(id=row["id"], slug=row["slug"], title=row.get("title", ""))
            for row in rows}
