"""Drawing a board from what its engine says: the labelled layout (``Engine.layout``) and where
every piece stands (``Engine.pieces``). Pages never guess positions from a state's shape."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.core.board import BoardLayout, Piece, Space

PLAYER_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65")
NEUTRAL_COLOUR = "#444"
CROWDED = 24


@dataclass(frozen=True)
class DrawnSpace:
    id: str
    name: str
    kind: str
    area: str
    x: float
    y: float


@dataclass
class DrawnPiece:
    id: str
    label: str
    kind: str
    space: str
    space_name: str
    owner: str | None
    detail: str
    colour: str
    initial: str
    x: float
    y: float
    r: float


@dataclass(frozen=True)
class BoardFrame:
    """What stays put while the pieces move: the drawing box, a space radius and font size
    scaled to it, the spaces, the links between them, and their SVG (``svg``: edges, spaces
    and labels), drawn once per layout and reused by every step and the recorder."""

    viewbox: str
    radius: float
    font: float
    spaces: tuple[DrawnSpace, ...]
    links: tuple[tuple[DrawnSpace, DrawnSpace], ...]
    provenance: dict
    svg: str
    by_id: dict[str, DrawnSpace]

    @property
    def crowded(self) -> bool:
        """Too many spaces to print every name: names show on the spaces in play only."""
        return len(self.spaces) > CROWDED


@dataclass
class Drawing:
    """An SVG-ready board: its frame (drawn once per layout), the pieces on it (fanned out
    where they share a space) and those off it (with the words saying where they are)."""

    frame: BoardFrame
    pieces: list[DrawnPiece]
    off_board: list[Piece] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not self.frame.spaces

    @property
    def crowded(self) -> bool:
        return self.frame.crowded

    @property
    def viewbox(self) -> str:
        return self.frame.viewbox

    @property
    def font(self) -> float:
        return self.frame.font

    @property
    def provenance(self) -> dict:
        return self.frame.provenance


def board_frame(layout: BoardLayout) -> BoardFrame:
    """The layout's frame, drawn the first time this layout is seen (a board that turns, as
    Dylan Dog's nightmare plane does, has one frame per position)."""
    provenance = json.dumps(dict(layout.provenance), sort_keys=True, default=str)
    return _frame(layout.spaces, layout.links, provenance)


@lru_cache(maxsize=256)
def _frame(spaces: tuple[Space, ...], links: tuple[tuple[str, str], ...],
           provenance: str) -> BoardFrame:
    drawn = tuple(DrawnSpace(s.id, s.name, s.kind, s.area, float(s.x), float(s.y))
                  for s in spaces)
    by_id = {s.id: s for s in drawn}
    if drawn:
        xs, ys = [s.x for s in drawn], [s.y for s in drawn]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        pad = span * 0.06 + 10
        box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
               max(ys) - min(ys) + 2 * pad)
    else:
        span, box = 100.0, (0.0, 0.0, 100.0, 100.0)
    radius = round(max(span / 45, 3.0), 1)
    joined = tuple((by_id[a], by_id[b]) for a, b in links if a in by_id and b in by_id)
    font = round(radius * 0.9, 1)
    svg = render_to_string("replay/includes/board_frame.html",
                           {"spaces": drawn, "links": joined, "radius": radius, "font": font})
    return BoardFrame(viewbox=" ".join(f"{v:.0f}" for v in box), radius=radius, font=font,
                      spaces=drawn, links=joined, provenance=json.loads(provenance),
                      svg=mark_safe(svg), by_id=by_id)


def draw_board(layout: BoardLayout, pieces: Sequence[Piece],
               players: Sequence[dict]) -> Drawing:
    frame = board_frame(layout)
    by_id, radius = frame.by_id, frame.radius
    colours = {p["id"]: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(players)}
    names = {p["id"]: p.get("name") or p["id"] for p in players}
    drawn, off_board, crowd = [], [], {}
    for piece in pieces:
        space = by_id.get(piece.space) if piece.space is not None else None
        if space is None:
            off_board.append(piece)
            continue
        n = crowd[space.id] = crowd.get(space.id, 0) + 1
        # Pieces sharing a space fan out around it: the first on it, the others in a ring.
        offset = 0 if n == 1 else n - 1
        dx = (offset % 3 - 1) * radius * 1.1 if n > 1 else 0
        dy = -radius * 1.1 * (1 + offset // 3) if n > 1 else 0
        owner_name = names.get(piece.owner or "", "")
        drawn.append(DrawnPiece(
            id=piece.id, label=piece.label, kind=piece.kind, space=space.id,
            space_name=space.name, owner=piece.owner, detail=piece.detail,
            colour=colours.get(piece.owner or "", NEUTRAL_COLOUR),
            initial=(owner_name or piece.label or "?")[:1].upper(),
            x=round(space.x + dx, 1), y=round(space.y + dy, 1),
            r=round(radius * (0.75 if piece.owner else 0.5), 1),
        ))
    return Drawing(frame=frame, pieces=drawn, off_board=off_board)
