"""The data games of the seed archive (``archive/seed/rules/<slug>/``): their engines, compiled
from their documents with every citation checked against their transcriptions, and their
samples. Found by listing the directory: nothing here names a game."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import games
from archive.parsing import parse_transcription
from games.core.engine import Engine
from games.rules.engine import RulesEngine
from games.rules.files import engine_from_directory

ROOT = Path(__file__).resolve().parents[3]
DATA_GAMES = ROOT / "archive" / "seed" / "rules"
DATA_SLUGS = sorted(path.parent.name for path in DATA_GAMES.glob("*/rules.yaml"))


@cache
def folder_passages(folder: Path) -> dict[str, str]:
    """Passage id -> text, from the transcriptions beside a rules document (as the archive
    will pass them); the folder is named by the game's slug."""
    found = {}
    for path in sorted(folder.glob("*.txt")):
        parsed = parse_transcription(folder.name, path.read_text(encoding="utf-8"))
        found.update({passage.slug: passage.text for passage in parsed.passages})
    return found


def passages(slug: str) -> dict[str, str]:
    """A seed data game's passages (``folder_passages``)."""
    return folder_passages(DATA_GAMES / slug)


@cache
def data_engine(slug: str) -> RulesEngine:
    return engine_from_directory(DATA_GAMES / slug, passages=passages(slug))


def engine_for(slug: str) -> Engine:
    """A registered engine, or a data game of the seed archive."""
    return data_engine(slug) if slug in DATA_SLUGS else games.get(slug)


def data_samples() -> list[Path]:
    return sorted(DATA_GAMES.glob("*/samples/*.json"))
