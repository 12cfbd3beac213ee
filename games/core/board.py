"""What a page needs to draw a game: the labelled board and where every piece stands.

An engine gives both (``Engine.layout`` and ``Engine.pieces``), so pages never guess from the
shape of a state, as ``chess.svg`` draws from ``piece_map()``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Space:
    """One space of a board, named in the game's words ("the Torture Chamber", "KROMT").

    ``kind`` is the game's own word for what the space is (``city``, ``lagoon``, ``room``);
    ``area`` the larger part it belongs to (a kingdom, a plane, a floor), or "". ``x``/``y``
    place it in the layout's coordinate box; ``colour`` is the colour the board data gives
    it (a CSS colour: ``#2a7fbf``, ``brown``), or "" where it gives none.
    """

    id: str
    name: str
    kind: str
    x: float
    y: float
    area: str = ""
    colour: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "x": self.x, "y": self.y,
                "area": self.area, "colour": self.colour}


@dataclass(frozen=True)
class BoardLayout:
    """The board as it stands: spaces with positions and names, the links a piece travels
    along, the drawing box, and where the geometry comes from (``provenance``: a reconstructed
    board says so). ``kinds`` says what each kind of space is, in the game's words, where the
    board data says it (``{"lagoon": "a Lagoon symbolic space"}``): a legend's words."""

    spaces: tuple[Space, ...]
    links: tuple[tuple[str, str], ...]
    width: float
    height: float
    provenance: Mapping[str, Any] = field(default_factory=dict)
    kinds: Mapping[str, str] = field(default_factory=dict)

    def space(self, space_id: str) -> Space:
        for candidate in self.spaces:
            if candidate.id == space_id:
                return candidate
        raise KeyError(space_id)

    def names(self) -> dict[str, str]:
        return {space.id: space.name for space in self.spaces}

    def as_dict(self) -> dict[str, Any]:
        return {
            "spaces": [space.as_dict() for space in self.spaces],
            "links": [list(link) for link in self.links],
            "width": self.width,
            "height": self.height,
            "provenance": dict(self.provenance),
            "kinds": dict(self.kinds),
        }


@dataclass(frozen=True)
class Piece:
    """A pawn, token or marker and the space it stands on (``space`` None: off the board, with
    ``label`` saying where, such as "in the reserve"). ``owner`` is a player id or None;
    ``detail`` a short note a page shows beside it ("2 weapons", "carries the Symbol")."""

    id: str
    kind: str
    label: str
    space: str | None
    owner: str | None = None
    detail: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "label": self.label, "space": self.space,
                "owner": self.owner, "detail": self.detail}
