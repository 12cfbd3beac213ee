"""What every stored record means today: step checksums and flags of each sample and frozen
record, replayed under the default reading and under every single other option.

``baselines/<game>.json`` beside this file holds those figures, one file a game, as they were
when it was last written; ``test_records_replay_unchanged.py`` replays the records again and
compares. A change to an engine that alters what a stored record means must rewrite its game's
file on purpose::

    .venv/bin/python -m tests.games.replay_baseline --write [GAME ...]

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
BASELINES = Path(__file__).with_name("baselines")
RECORDS = Path(__file__).with_name("records")


def record_paths() -> list[Path]:
    """Every sample shipped with an engine, and the frozen records kept for the tests."""
    paths = sorted((ROOT / "games").glob("*/samples/*.json"))
    return paths + sorted(RECORDS.glob("*.json"))


def record_key(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def game_of(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8"))["game"]


def baseline_path(game: str) -> Path:
    return BASELINES / f"{game}.json"


def stored(games_: list[str] | None = None) -> dict:
    """The baselines as written, ``{record: entry}``, of the given games (all by default)."""
    found = {}
    for path in sorted(BASELINES.glob("*.json")):
        if games_ is None or path.stem in games_:
            found.update(json.loads(path.read_text(encoding="utf-8")))
    return found


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


def compute(games_: list[str] | None = None) -> dict:
    """``{record: {"default": [rows...], "readings": {reading: digest}}}``."""
    found = {}
    for path in record_paths():
        document = json.loads(path.read_text(encoding="utf-8"))
        if games_ is not None and document["game"] not in games_:
            continue
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
    parser.add_argument("--write", action="store_true", help="rewrite the games' baselines")
    parser.add_argument("--diff", action="store_true", help="list what changed against them")
    parser.add_argument("games", nargs="*", help="game slugs (default: every game)")
    args = parser.parse_args(argv)
    chosen = args.games or None
    new = compute(chosen)
    if args.diff:
        for line in differences(stored(chosen), new) or ["no record changed meaning"]:
            print(line)
    if args.write:
        by_game: dict[str, dict] = {}
        for key, entry in new.items():
            by_game.setdefault(game_of(ROOT / key), {})[key] = entry
        BASELINES.mkdir(exist_ok=True)
        for game, entries in sorted(by_game.items()):
            path = baseline_path(game)
            path.write_text(json.dumps(entries, separators=(",", ":"), sort_keys=True) + "\n",
                            encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(entries)} records)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
