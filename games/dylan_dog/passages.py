"""How Dylan Dog cites its rulebook: passages by their heading's slug (``dylan-dog/<slug>``),
with the transcription's words quoted exactly."""

from __future__ import annotations

from games.core.points import Citation

P = "dylan-dog/"


def cite(passage: str, quote: str) -> Citation:
    return Citation(passage=P + passage, quote=quote)
