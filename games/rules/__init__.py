"""Rules written as data: a document in the ``ludoteca.rules/1`` format (YAML or JSON, its JSON
Schema in ``schema.json``, explained in docs/rules-reference.md) compiled into an ``Engine``.

The archive calls three functions:

- ``check_rules(text, passages=…)``: everything a collector's editor asks of a draft, as values
  (problems with line, path and message; or the engine, its layout and a simulated match);
- ``compile_rules(document, slug=…, name=…, version=…)``: the engine of a stored document;
- ``read_rules(text)``: the document of a text, or ``RulesError`` with all its problems.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.board import BoardLayout
from games.rules.checks import assemble
from games.rules.engine import RulesEngine
from games.rules.model import RulesGame
from games.rules.problems import Problem, RulesError, in_order
from games.rules.source import Source, read_source
from games.rules.validation import FORMAT, schema, schema_problems

SAMPLE_EVENTS = 2000  # the simulated match a check shows is cut here

# What the interpreter makes of a document, by revision. A stored run remembers the version
# of the engine that refereed it, and a data game's is its document's version and this
# revision: a revision that changes what a document means makes the runs before it stale, and
# ``manage.py replay_changes`` lists which of their steps change and why.
INTERPRETER_REVISION = 2
INTERPRETER_REVISIONS = {
    1: "the first (a run's engine version is its document's version alone)",
    2: "2026-12-04: a refused move cites its piece's action, or the point whose reading "
       "forbids it; a race never moves a piece on its track's last space, and that space "
       "holds every piece that comes; a throw of 0 moves nothing; a refused pass cites its "
       "sentence; jumps that capture nothing; safe spaces",
}


def engine_version(document_version: str | int) -> str:
    """The version a data game's engine (and every run it referees) records: the document's
    version, then the interpreter's revision (``1r2``)."""
    if INTERPRETER_REVISION == 1:
        return str(document_version)
    return f"{document_version}r{INTERPRETER_REVISION}"


__all__ = ["FORMAT", "INTERPRETER_REVISION", "Problem", "RulesCheck", "RulesEngine",
           "RulesError", "check_rules", "compile_rules", "engine_version", "read_rules", "schema"]


@dataclass(frozen=True)
class RulesCheck:
    """What a check of a draft gives: its problems, or, when there are none, the compiled
    engine, the board to draw and a simulated match (a ``ludoteca.match/1`` document)."""

    problems: tuple[Problem, ...]
    document: dict | None = None
    engine: RulesEngine | None = None
    layout: BoardLayout | None = None
    sample: dict | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict:
        return {"ok": self.ok, "problems": [problem.as_dict() for problem in self.problems],
                "layout": self.layout.as_dict() if self.layout else None,
                "sample": self.sample}


def _compiled(source: Source, passages: Mapping[str, str] | None) -> RulesGame:
    problems = schema_problems(source)
    if problems:
        raise RulesError(in_order(problems))
    game, found = assemble(source.value, source, passages)
    if game is None:
        raise RulesError(found)
    return game


def read_rules(text: str, *, passages: Mapping[str, str] | None = None) -> dict:
    """The document written in ``text`` once it is valid; ``RulesError`` lists every problem."""
    source = read_source(text)
    _compiled(source, passages)
    return source.value


def compile_rules(document: Mapping[str, Any], *, slug: str, name: str, version: str,
                  passages: Mapping[str, str] | None = None) -> RulesEngine:
    """The engine of a stored document (checked again: a stored document is input too).
    ``slug`` must be the document's ``game``: its passages are ``slug/…``."""
    if not isinstance(document, Mapping):
        raise RulesError([Problem(None, "", "a rules document is a mapping")])
    if document.get("game") != slug:
        raise RulesError([Problem(None, "game", f"the document is for {document.get('game')!r}, "
                                                f"not {slug!r}")])
    game = _compiled(Source(dict(document), {}, "json"), passages)
    return RulesEngine(game, slug=slug, name=name, version=engine_version(version))


def check_rules(text: str, *, passages: Mapping[str, str] | None = None, version: str = "draft",
                seed: int = 1, max_events: int = SAMPLE_EVENTS, sample: bool = True
                ) -> RulesCheck:
    """Everything the editor shows for a draft: parse, schema, the checks the schema cannot
    make, compile, the layout, and (``sample``) a match simulated under the default reading.
    Never raises for a bad document: its problems are the answer."""
    try:
        source = read_source(text)
        game = _compiled(source, passages)
    except RulesError as error:
        return RulesCheck(problems=error.problems)
    engine = RulesEngine(game, slug=game.game, name=game.name, version=version)
    if not sample:
        return RulesCheck(problems=(), document=source.value, engine=engine,
                          layout=engine.layout())
    return RulesCheck(problems=(), document=source.value, engine=engine, layout=engine.layout(),
                      sample=engine.simulate(seed=seed, max_events=max_events))
