"""A data game kept as files: a directory holding ``rules.yaml`` (the document) and
``game.json`` (its title, players, components, the board's provenance, and ``rules_version``,
the version of the document), as the seed archive keeps them (``archive/seed/rules/<slug>/``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from games.rules import compile_rules, read_rules
from games.rules.engine import RulesEngine

RULES_FILE = "rules.yaml"
GAME_FILE = "game.json"


def engine_from_directory(directory: Path, *, passages: Mapping[str, str] | None = None
                          ) -> RulesEngine:
    """The engine of the document in ``directory``, named and versioned by its ``game.json``;
    ``RulesError`` lists the document's problems."""
    info = json.loads((directory / GAME_FILE).read_text(encoding="utf-8"))
    document = read_rules((directory / RULES_FILE).read_text(encoding="utf-8"),
                          passages=passages)
    return compile_rules(document, slug=info["slug"], name=info["title"],
                         version=str(info["rules_version"]), passages=passages)


class DirectorySource:
    """A registry source (``games.registry``) serving the data games kept as directories
    under ``root`` (one a game, named by its slug), each compiled once when first asked for;
    citations are not checked against a transcription (``passages`` is not given)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._engines: dict[str, RulesEngine] = {}

    def slugs(self) -> list[str]:
        return sorted(path.parent.name for path in self.root.glob(f"*/{RULES_FILE}"))

    def load(self, slug: str) -> RulesEngine:
        if slug not in self._engines:
            self._engines[slug] = engine_from_directory(self.root / slug)
        return self._engines[slug]
