"""Drawing a board from what its engine says: the labelled layout (``Engine.layout``) and where
every piece stands (``Engine.pieces``). Pages never guess positions from a state's shape."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.core.board import BoardLayout, Piece

PLAYER_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65")
NEUTRAL_COLOUR = "#444"
CROWDED = 24


@dataclass
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


@dataclass
class Drawing:
    """An SVG-ready board: ``viewbox``, a space radius and font size scaled to it, the spaces,
    the links as coordinate pairs, the pieces on the board (fanned out where they share a
    space) and those off it (with the words saying where they are)."""

    viewbox: str
    radius: float
    font: float
    spaces: list[DrawnSpace]
    links: list[tuple[DrawnSpace, DrawnSpace]]
    pieces: list[DrawnPiece]
    off_board: list[Piece] = field(default_factory=list)
    provenance: dict = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not self.spaces

    @property
    def crowded(self) -> bool:
        """Too many spaces to print every name: names show on the spaces in play only."""
        return len(self.spaces) > CROWDED


def draw_board(layout: BoardLayout, pieces: Sequence[Piece],
               players: Sequence[dict]) -> Drawing:
    spaces = [DrawnSpace(s.id, s.name, s.kind, s.area, float(s.x), float(s.y))
              for s in layout.spaces]
    by_id = {s.id: s for s in spaces}
    if spaces:
        xs, ys = [s.x for s in spaces], [s.y for s in spaces]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        pad = span * 0.06 + 10
        box = (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
               max(ys) - min(ys) + 2 * pad)
    else:
        span, box = 100.0, (0.0, 0.0, 100.0, 100.0)
    radius = round(max(span / 45, 3.0), 1)
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
    links = [(by_id[a], by_id[b]) for a, b in layout.links if a in by_id and b in by_id]
    return Drawing(
        viewbox=" ".join(f"{v:.0f}" for v in box), radius=radius,
        font=round(radius * 0.9, 1), spaces=spaces, links=links, pieces=drawn,
        off_board=off_board, provenance=dict(layout.provenance),
    )
