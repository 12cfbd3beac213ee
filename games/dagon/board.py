"""The route board as indexes the rules read quickly (``board.json`` is the data)."""

from __future__ import annotations

import json
from pathlib import Path

from games.core.board import BoardLayout, Space

BOARD_PATH = Path(__file__).parent / "board.json"

# Spaces a Hero without the Symbol or a duel win may not pass over (dagon/starting-the-game).
BLOCKING_KINDS = frozenset({"spell", "whistle"})
SYMBOLIC_KINDS = frozenset({"spell", "tower", "whistle", "city", "lagoon"})


class Board:
    """Adjacency, kinds, kingdoms and names of one board file."""

    __slots__ = (
        "cities",
        "data",
        "id",
        "ids",
        "kind",
        "kingdom",
        "kromt",
        "lagoons",
        "layout",
        "name",
        "neighbours",
        "start",
        "tail",
        "white",
    )

    def __init__(self, data: dict) -> None:
        self.data = data
        self.id = data.get("id", "custom")
        self.start = data["start"]
        self.tail = data["tail"]
        self.kromt = data.get("kromt", "kromt")
        self.ids = tuple(space["id"] for space in data["spaces"])
        self.kind = {space["id"]: space["kind"] for space in data["spaces"]}
        self.kingdom = {space["id"]: space.get("kingdom") for space in data["spaces"]}
        self.name = {space["id"]: space.get("name", space["id"]) for space in data["spaces"]}
        neighbours: dict[str, set[str]] = {sid: set() for sid in self.ids}
        for a, b in data["edges"]:
            neighbours[a].add(b)
            neighbours[b].add(a)
        self.neighbours = {sid: tuple(sorted(n)) for sid, n in neighbours.items()}
        self.cities = tuple(sorted(sid for sid in self.ids if self.kind[sid] == "city"))
        self.lagoons = tuple(sorted(sid for sid in self.ids if self.kind[sid] == "lagoon"))
        self.white = tuple(sorted(sid for sid in self.ids if self.kind[sid] == "white"))
        self.layout: BoardLayout | None = None  # drawn once: ``layout_of``

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, ())


_BOARDS: dict[str, Board] = {}


def default_board() -> Board:
    board = _BOARDS.get("__default__")
    if board is None:
        board = Board(json.loads(BOARD_PATH.read_text(encoding="utf-8")))
        _BOARDS["__default__"] = board
        _BOARDS.setdefault(board.id, board)
    return board


def register(data: dict) -> Board:
    """A board passed to ``initial_state``; states name it by ``board_id``."""
    board = Board(data)
    _BOARDS[board.id] = board
    return board


def board_for(board_id: str | None) -> Board:
    """The board a state names (the default board for None or an id not registered)."""
    board = _BOARDS.get(board_id)
    return board if board is not None else default_board()


def layout_of(board: Board) -> BoardLayout:
    """The route drawn as ``board.json`` places and colours it, each space under its name, with
    what each kind of space is; the area of a circle is the kingdom (territory) of its city,
    or none (the shore, the tail). Made once per board: a page draws it on every step."""
    if board.layout is None:
        board.layout = _layout(board)
    return board.layout


def _layout(board: Board) -> BoardLayout:
    spaces = []
    for space in board.data["spaces"]:
        kingdom = space.get("kingdom")
        spaces.append(Space(
            id=space["id"],
            name=board.name[space["id"]],
            kind=space["kind"],
            x=float(space["x"]),
            y=float(space["y"]),
            area=f"kingdom of {board.name[kingdom]}" if kingdom in board.name else "",
            colour=space.get("colour", ""),
        ))
    provenance = {"board": board.id, **board.data.get("provenance", {})}
    return BoardLayout(spaces=tuple(spaces), links=tuple(tuple(e) for e in board.data["edges"]),
                       width=1000.0, height=1000.0, provenance=provenance,
                       kinds=dict(board.data.get("kinds", {})))
