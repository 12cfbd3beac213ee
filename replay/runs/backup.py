"""What a backup keeps of matches and their replays (``trust.backup``): each match in the
interchange format with its chain head, its events' row ids, times, recorders and idempotency
keys; each run's row and a digest of its step checksums. The restore checks every document's
events against the head its row records before anything is written, and replays every run it
can to prove the steps come back identical. Registered by ``ReplayConfig.ready``."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import models

from replay.models import Match, ReplayRun, ReplayStep
from replay.runs.replaying import engine_for, execute_run, run_fingerprint
from trust.backup import (
    BackupError,
    ExportContext,
    RestoreContext,
    Section,
)
from trust.backup.files import json_value, unique, when, write_json

LEFT_OUT = {
    "replay.replaystep": "rebuilt by replaying each finished run, and compared with its "
                         "archived step checksums",
    "replay.replayflag": "rebuilt with the steps",
    "replay.replaysnapshot": "rebuilt with the steps",
    "replay.headstate": "kept again as logs are read and appended to",
}
RUN_FIELDS = ("id", "match_id", "log_seq", "head_hash", "engine", "engine_version",
              "interpretation", "fingerprint", "snapshot_interval", "status", "progress",
              "attempts", "created_at", "started_at", "finished_at", "heartbeat_at",
              "duration_ms", "outcome", "flag_summary", "error")

def step_digest(run: ReplayRun) -> str:
    """sha256 over the run's step checksums in seq order: equal digests, equal replays."""
    digest = hashlib.sha256()
    for seq, checksum in ReplayStep.objects.filter(run=run).order_by("seq").values_list(
        "seq", "checksum"
    ).iterator(chunk_size=5000):
        digest.update(f"{seq}:{checksum}\n".encode())
    return digest.hexdigest()


class RunsSection(Section):
    name = "runs"
    order = 30

    def models(self) -> list[type[models.Model]]:
        return [ReplayRun]

    def export(self, context: ExportContext) -> dict[str, int]:
        runs = [
            {**{name: json_value(getattr(run, name)) for name in RUN_FIELDS},
             "requested_by": context.usernames.get(run.requested_by_id),
             "step_digest": step_digest(run)}
            for run in ReplayRun.objects.order_by("pk")
        ]
        write_json(context.directory / "runs.json", runs)
        return {"replay.replayrun": len(runs)}

    def plan(self, context: RestoreContext) -> list:
        entries = context.backup.json("runs.json")
        unique([row.get("id") if isinstance(row, dict) else None for row in entries],
               "replay.replayrun")
        return entries

    def restore(self, entries: list, context: RestoreContext) -> None:
        """Each run row exactly as it was; a finished run is replayed again to rebuild its
        steps, which must reproduce the exported step checksums."""
        reproduced, skipped = 0, []
        for entry in entries:
            values: dict[str, Any] = {name: entry[name] for name in RUN_FIELDS}
            for name in ("created_at", "started_at", "finished_at", "heartbeat_at"):
                values[name] = when(values[name])
            values["requested_by_id"] = context.user_id(entry.get("requested_by"),
                                                        f"run {entry['id']}")
            fingerprint = run_fingerprint(
                match_id=values["match_id"], log_seq=values["log_seq"],
                head_hash=values["head_hash"], engine=values["engine"],
                engine_version=values["engine_version"],
                interpretation=values["interpretation"],
            )
            if fingerprint != values["fingerprint"]:
                raise BackupError(f"run {entry['id']}: its fingerprint does not match what it "
                                  "replayed")
            # What replays the match's records today: its game's engine, or the annotated log.
            engine = engine_for(Match.objects.select_related("game").get(pk=values["match_id"]))
            reproducible = (values["status"] == ReplayRun.DONE
                            and engine.slug == values["engine"]
                            and engine.version == values["engine_version"])
            if not reproducible:
                skipped.append(
                    f"run {entry['id']} of match {values['match_id']} ({values['engine']} "
                    f"{values['engine_version']}, status {values['status']}): stored, not "
                    "re-run")
                values.update(status=ReplayRun.PENDING, progress=0)
            ReplayRun.objects.create(**{**values, "status": ReplayRun.PENDING, "progress": 0})
            ReplayRun.objects.filter(pk=values["id"]).update(created_at=values["created_at"])
            if reproducible:
                execute_run(run_id=values["id"])
                run = ReplayRun.objects.get(pk=values["id"])
                if run.status != ReplayRun.DONE or step_digest(run) != entry["step_digest"]:
                    raise BackupError(
                        f"run {entry['id']} of match {values['match_id']}: the replay does not "
                        f"reproduce the archived step checksums ({run.status} {run.error})")
                reproduced += 1
            ReplayRun.objects.filter(pk=values["id"]).update(
                **{k: v for k, v in values.items() if k not in ("id", "match_id")})
        context.counts["replay.replayrun"] = len(entries)
        context.findings.append(f"replay runs reproduced with identical step checksums: "
                                f"{reproduced}")
        context.findings += [f"not compared: {reason}" for reason in skipped]


