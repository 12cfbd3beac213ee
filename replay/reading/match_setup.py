"""Starting a match in the game's words: its players as rows of names (ids given in seat
order), how many the game is played by, each seat's part ("Dracula", "a hunter"), and its
setup as fields from the engine's setup schema with their defaults.

The form gathers input; the match is made by ``replay.log.matches.match_create`` alone.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
from archive.models import Game
from boundary.errors import InputError
from boundary.jsontext import parse_json
from games.core.engine import Engine
from games.core.events import EventSchemaError, Field
from replay.log.matches import player_range
from web.words import in_words, label

# Rows a game with no upper bound shows before "Add a player".
OPEN_ENDED_ROWS = 8


@dataclass
class SetupInput:
    """One setup key as the form asks for it: ``widget`` is ``number``, ``select``, ``check``,
    ``per-seat`` (one select for each seat), ``text`` or ``json``; ``value`` what the input
    holds, "" for the default."""

    key: str
    label: str
    widget: str
    default_words: str
    value: str = ""
    options: list[tuple[str, str]] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    seats: list[tuple[str, str]] = field(default_factory=list)  # (seat key, value)

    @property
    def input(self) -> str:
        return f"setup:{self.key}"


@dataclass
class Table:
    """The game's table as the form shows it: how many play, each row's name and part."""

    game: Game
    engine: Engine | None
    fewest: int
    most: int | None
    rows: list[dict]
    setup: list[SetupInput]

    @property
    def has_roles(self) -> bool:
        return any(row["role"] for row in self.rows)

    @property
    def count_words(self) -> str:
        if self.most is None:
            return f"at least {self.fewest} players"
        if self.fewest == self.most:
            return f"{self.fewest} players"
        return f"{self.fewest} to {self.most} players"

    @property
    def roles_json(self) -> str:
        """Each seat's part for every number of players the game allows (default setup), for
        the page's script when rows are added or removed."""
        if self.engine is None:
            return "{}"
        setup = self.engine.setup_with_defaults({})
        highest = self.most or max(self.fewest, OPEN_ENDED_ROWS)
        parts = {}
        for count in range(self.fewest, highest + 1):
            seats = [{"id": seat_id(n), "name": ""} for n in range(count)]
            parts[str(count)] = self.engine.seat_roles(seats, setup)
        return json.dumps(parts, ensure_ascii=False, separators=(",", ":"))


def seat_id(index: int) -> str:
    return f"p{index + 1}"


def table(game: Game, *, names: Sequence[str] = (), setup: Mapping[str, Any] | None = None,
          posted: Mapping[str, Sequence[str]] | None = None) -> Table:
    """The form's table for ``game``: rows holding ``names`` (at least as many as the game
    needs), their parts under ``setup``, and the setup's fields holding what was posted."""
    engine = games.find(game.slug)
    fewest, most = player_range(game)
    count = max(len(names), fewest)
    shown = max(count, min(most or OPEN_ENDED_ROWS, OPEN_ENDED_ROWS))
    seats = [{"id": seat_id(n), "name": names[n] if n < len(names) else ""}
             for n in range(shown)]
    filled = list(seats[:count])
    parts = engine.seat_roles(filled, engine.setup_with_defaults(setup or {})) if engine \
        else [""] * count
    rows = [{**seat, "number": n + 1, "role": parts[n] if n < len(parts) else "",
             "needed": n < fewest} for n, seat in enumerate(seats)]
    return Table(game=game, engine=engine, fewest=fewest, most=most, rows=rows,
                 setup=setup_inputs(engine, seats[:max(count, 1)], posted or {}))


def setup_fields(engine: Engine) -> dict[str, Field]:
    """The engine's setup schema, and for a key it does not describe, a field of the kind of
    its default."""
    found = dict(engine.setup_fields)
    for key, default in engine.default_setup.items():
        if key in found:
            continue
        kind = ("bool" if isinstance(default, bool) else "int" if isinstance(default, int)
                else "str" if isinstance(default, str) else "object")
        found[key] = Field(kind, required=False, description=label(key))
    return found


def setup_inputs(engine: Engine | None, seats: Sequence[Mapping[str, str]],
                 posted: Mapping[str, Sequence[str]]) -> list[SetupInput]:
    if engine is None:
        return []
    inputs = []
    names = engine.layout(None).names() if any(
        f.refers == "space" for f in setup_fields(engine).values()) else {}
    for key, spec in setup_fields(engine).items():
        default = engine.default_setup.get(key)
        said = spec.description or label(key)
        given = list(posted.get(f"setup:{key}", ()))
        asked = SetupInput(key=key, label=said[:1].upper() + said[1:], widget="text",
                           default_words=_default_words(default), value=given[0] if given else "")
        if spec.kind == "int":
            asked.widget, asked.low, asked.high = "number", spec.low, spec.high
        elif spec.kind == "bool":
            asked.widget = "check"
        elif spec.kind == "str" and spec.refers == "player":
            asked.widget = "select"
            asked.options = [(seat["id"], f"seat {n + 1}") for n, seat in enumerate(seats)]
        elif spec.kind == "str" and spec.allowed:
            asked.widget = "select"
            asked.options = [(choice, label(choice)) for choice in spec.allowed]
        elif spec.kind == "object" and spec.refers == "space":
            asked.widget = "per-seat"
            asked.options = sorted(names.items(), key=lambda item: item[1])
            picked = {k.split(":", 2)[2]: v[0] for k, v in posted.items()
                      if k.startswith(f"setup:{key}:") and v}
            asked.seats = [(seat["id"], picked.get(seat["id"], "")) for seat in seats]
        elif spec.kind != "str":
            asked.widget = "json"
        inputs.append(asked)
    return inputs


def _default_words(default: Any) -> str:
    if default in (None, {}, [], ""):
        return "the game's default"
    return in_words(default)


def read_players(post: Mapping[str, Sequence[str]]) -> list[dict]:
    """The players the rows name, in seat order (blank rows left out): ids p1, p2, ... in
    that order."""
    names = [name.strip() for name in post.get("player", ())]
    return [{"id": seat_id(n), "name": name} for n, name in enumerate(n for n in names if n)]


def read_setup(game: Game, post: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The setup the fields give (a field left at its default is left out); a value that is
    not of its kind raises ``InputError`` naming ``setup.<key>``."""
    engine = games.find(game.slug)
    if engine is None:
        # No engine, no schema to ask from: the setup as the record has it, one JSON object.
        text = (post.get("setup") or [""])[0].strip()
        given = parse_json(text, field="setup") if text else {}
        if not isinstance(given, dict):
            raise InputError("must be a JSON object: {\"name\": value, …}", field="setup")
        return given
    setup: dict[str, Any] = {}
    for key, spec in setup_fields(engine).items():
        where = f"setup.{key}"
        if spec.kind == "object" and spec.refers == "space":
            chosen = {k.split(":", 2)[2]: v[0] for k, v in post.items()
                      if k.startswith(f"setup:{key}:") and v and v[0]}
            if chosen:
                setup[key] = chosen
            continue
        text = (post.get(f"setup:{key}") or [""])[0].strip()
        if spec.kind == "bool":
            if text:
                setup[key] = text == "on"
            continue
        if not text:
            continue
        if spec.kind == "int":
            if not (text.isascii() and text.lstrip("-").isdigit() and len(text) < 12):
                raise InputError(f"{text[:20]!r} is not a whole number", field=where)
            setup[key] = int(text)
        elif spec.kind == "str":
            setup[key] = text
        else:
            setup[key] = parse_json(text, field=where)
        try:
            spec.check(setup[key], where, None)
        except EventSchemaError as error:
            raise InputError(error.problem, field=where) from None
    return setup
