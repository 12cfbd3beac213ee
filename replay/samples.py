"""Sample matches for the demo: simulated by each engine that exists (seeded, so the same
every time) and the hand-written records shipped in ``games/<game>/samples/``."""

from __future__ import annotations

import json
from pathlib import Path

import games
from replay.interchange import import_match
from replay.models import Match

SAMPLE_TITLE = "Simulated match (seed {seed})"


def sample_documents(*, per_game: int):
    for slug in games.available():
        engine = games.get(slug)
        for seed in range(1, per_game + 1):
            document = engine.simulate(seed=seed, max_events=400)
            document["title"] = SAMPLE_TITLE.format(seed=seed)
            yield document
        samples_dir = Path(engine.package_dir or "") / "samples"
        if engine.package_dir and samples_dir.is_dir():
            for path in sorted(samples_dir.glob("*.json")):
                yield json.loads(path.read_text(encoding="utf-8"))


def load_samples(*, per_game: int = 2) -> list[str]:
    lines = []
    for document in sample_documents(per_game=per_game):
        existing = Match.objects.filter(game__slug=document["game"], title=document["title"]).first()
        if existing is not None:
            lines.append(f"unchanged: {document['game']}: {existing.title} (match {existing.pk})")
            continue
        match = import_match(raw=document)
        lines.append(f"imported: {document['game']}: {match.title} ({match.last_seq} events)")
    return lines
