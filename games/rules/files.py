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
