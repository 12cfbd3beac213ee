"""What every stored record means today: step checksums and flags of each sample and frozen
record, replayed under the default reading and under every single other option.

``replay_baseline.json`` beside this file holds those figures as they were when it was last
written; ``test_records_replay_unchanged.py`` replays the records again and compares. A change
to an engine that alters what a stored record means must rewrite the file on purpose::

    .venv/bin/python -m tests.games.replay_baseline --write

and its commit message must list which records, readings and steps changed and why (the
``--diff`` flag prints that listing before writing).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import games
from games.core.canonical import canonical_bytes, state_checksum
from games.core.replay import replay_document

ROOT = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).with_name("replay_baseline.json")
RECORDS = Path(__file__).with_name("records")


def record_paths() -> list[Path]:
    """Every sample shipped with an engine, and the frozen records kept for the tests."""
    paths = sorted((ROOT / "games").glob("*/samples/*.json"))
    return paths + sorted(RECORDS.glob("*.json"))


def record_key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def readings(engine) -> Iterator[tuple[str, dict[str, str]]]:
    """The default reading, then each other option of each point with the rest at default."""
    yield "default", {}
    for point in engine.points:
        for option in point.option_ids:
            if option != point.default:
                yield f"{point.id}={option}", {point.id: option}


def step_rows(engine, document: dict, choices: dict[str, str]) -> list[list]:
    """One row per step: seq, state checksum, legal, and its flags (kind, rule, point, option)."""
    interpretation = engine.interpretation(choices)
    rows = []
    for event, step in replay_document(engine, document, interpretation):
        flags = sorted(
            [flag.kind, flag.rule, flag.point or "", flag.option or ""] for flag in step.flags
        )
        rows.append([event["seq"], state_checksum(step.state), step.legal, flags])
    return rows


def digest(rows: list[list]) -> str:
    return hashlib.sha256(canonical_bytes(rows)).hexdigest()


def compute() -> dict:
    """``{record: {"default": [rows...], "readings": {reading: digest}}}``."""
    found = {}
    for path in record_paths():
        document = json.loads(path.read_text(encoding="utf-8"))
        engine = games.get(document["game"])
        entry = {"readings": {}}
        for name, choices in readings(engine):
            rows = step_rows(engine, document, choices)
            if name == "default":
                entry["default"] = rows
            entry["readings"][name] = digest(rows)
        found[record_key(path)] = entry
    return found


def differences(old: dict, new: dict) -> list[str]:
    """A line per record and reading whose meaning changed; for the default reading, per step."""
    lines = []
    for record in sorted(set(old) | set(new)):
        if record not in new:
            lines.append(f"{record}: no longer present")
            continue
        if record not in old:
            lines.append(f"{record}: new record")
            continue
        before, after = old[record], new[record]
        old_steps = {row[0]: row for row in before["default"]}
        for row in after["default"]:
            previous = old_steps.get(row[0])
            if previous != row:
                lines.append(f"{record}: default reading, seq {row[0]}: {previous} -> {row}")
        for name in sorted(set(before["readings"]) | set(after["readings"])):
            if before["readings"].get(name) != after["readings"].get(name):
                lines.append(f"{record}: reading {name} changed")
    return lines


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite replay_baseline.json")
    parser.add_argument("--diff", action="store_true", help="list what changed against the file")
    args = parser.parse_args(argv)
    new = compute()
    if args.diff and BASELINE.exists():
        old = json.loads(BASELINE.read_text(encoding="utf-8"))
        for line in differences(old, new) or ["no record changed meaning"]:
            print(line)
    if args.write:
        BASELINE.write_text(json.dumps(new, separators=(",", ":"), sort_keys=True) + "\n",
                            encoding="utf-8")
        print(f"wrote {BASELINE.relative_to(ROOT)} ({len(new)} records)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
