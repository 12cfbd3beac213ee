"""Sample matches for the demo: the records shipped in ``games/<game>/samples/`` (matches
simulated by each engine, frozen as files so they keep their meaning when a simulator
changes, and hand-written ones), and, for a game whose rules are data, in the seed archive's
``archive/seed/rules/<game>/samples/``."""

from __future__ import annotations

import json
from pathlib import Path

import games
from archive.services import SEED_DIR
from replay.log.interchange import import_match
from replay.models import Match
from replay.runs.replaying import engine_for, replay_match


def sample_documents():
    for slug in games.available():
        engine = games.get(slug)
        samples_dir = (Path(engine.package_dir) if engine.package_dir
                       else SEED_DIR / "rules" / slug) / "samples"
        if samples_dir.is_dir():
            for path in sorted(samples_dir.glob("*.json")):
                yield json.loads(path.read_text(encoding="utf-8"))


def load_samples() -> list[str]:
    lines = []
    for document in sample_documents():
        match = Match.objects.filter(game__slug=document["game"], title=document["title"]).first()
        if match is None:
            match = import_match(raw=document)
            lines.append(f"imported: {document['game']}: {match.title} ({match.last_seq} events)")
        else:
            lines.append(f"unchanged: {document['game']}: {match.title} (match {match.pk})")
        for run in replay_readings(match):
            lines.append(
                f"  run {run.pk} {run.status}: {run.progress} steps, "
                f"winner {run.outcome.get('winner')}"
            )
    return lines


def replay_readings(match: Match) -> list:
    """The default reading, and every other option of each conflicting point the default
    run consulted, so the demo has comparisons to open."""
    engine = engine_for(match)
    default = replay_match(match=match)
    made = [default]
    for key in default.flag_summary:
        try:
            point = engine.point(key)
        except KeyError:
            continue
        if point.doubt != "conflict":
            continue
        for option in point.option_ids:
            if option != default.interpretation[point.id]:
                made.append(replay_match(match=match, reading={point.id: option}))
    return made
