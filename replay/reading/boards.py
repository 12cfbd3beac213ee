"""Drawing a board from what its engine says: the labelled layout (``Engine.layout``), each space
in the colour its board data gives its kind, and where every piece stands (``Engine.pieces``).
Pages never guess positions from a state's shape."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Context, Decimal
from functools import lru_cache

from django.utils.text import slugify

from games.core.board import BoardLayout, Piece, Space
from web.jinja import render_fragment

PLAYER_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#117a65")
NEUTRAL_COLOUR = "#444"
# A space whose board data gives no colour (or one that is not a plain CSS colour).
PLAIN_SPACE = "#efe6d2"
CSS_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}|[a-z]{3,20}")
CROWDED = 24
# A piece's radius against its space's: large enough to be a 24 px target on a phone, where
# the board is drawn wide enough (ludoteca.css) and scrolls in its frame.
PIECE_RADIUS = 0.9


_TENTH = Decimal("0.1")
_WIDE = Context(prec=64)


def svg_number(value: float) -> str:
    """A number as the board's SVG writes it: one decimal, rounded half up, zero unsigned (what
    Django's ``floatformat:'1u'`` writes), worked out as the board is laid out rather than by a
    template filter on every piece of every step."""
    rounded = Decimal(repr(float(value))).quantize(_TENTH, ROUND_HALF_UP, _WIDE)
    return f"{rounded:f}" if rounded else "0.0"


def space_colour(colour: str) -> str:
    """The board data's colour if it is a plain CSS colour (a hex code or a name: it goes into
    an SVG attribute as it is), else the plain one."""
    return colour if CSS_COLOUR.fullmatch(colour or "") else PLAIN_SPACE


@dataclass(frozen=True)
class DrawnSpace:
    id: str
    name: str
    kind: str
    area: str
    x: float
    y: float
    colour: str = PLAIN_SPACE
    svg_x: str = field(init=False)
    svg_y: str = field(init=False)
    kind_slug: str = field(init=False)  # the kind as a class name of the space's SVG

    def __post_init__(self):
        object.__setattr__(self, "svg_x", svg_number(self.x))
        object.__setattr__(self, "svg_y", svg_number(self.y))
        object.__setattr__(self, "kind_slug", slugify(self.kind))


@dataclass(frozen=True)
class LegendEntry:
    """One kind of space as the legend shows it: its colour, what it is (the board data's
    words for the kind, else the kind itself) and how many spaces are of it."""

    colour: str
    words: str
    count: int


def legend_of(spaces: Sequence[DrawnSpace], kinds: Mapping[str, str]) -> tuple[LegendEntry, ...]:
    """Each kind of space and its colour, in the order the board lists them; a kind drawn in
    more than one colour has an entry for each (named by its space where it is the only one:
    Castle Dracula among the cities)."""
    found: dict[tuple[str, str], list[DrawnSpace]] = {}
    for space in spaces:
        found.setdefault((space.kind, space.colour), []).append(space)
    colours_of: dict[str, int] = {}
    for kind, _ in found:
        colours_of[kind] = colours_of.get(kind, 0) + 1
    entries = []
    for (kind, colour), members in found.items():
        words = kinds.get(kind) or kind
        if colours_of[kind] > 1 and len(members) == 1:
            words = f"{words}: {members[0].name}"
        entries.append(LegendEntry(colour=colour, words=words, count=len(members)))
    return tuple(entries)


@dataclass(frozen=True)
class DrawnMove:
    """A piece that moved in the step drawn: from where to where (None: off the board)."""

    label: str
    piece: str
    origin: DrawnSpace | None
    target: DrawnSpace | None


@dataclass
class DrawnPiece:
    """A piece where it is drawn: its centre and radius as the SVG writes them."""

    id: str
    label: str
    kind: str
    space: str
    space_name: str
    owner: str | None
    detail: str
    colour: str
    initial: str
    x: str
    y: str
    r: str
    moved: bool = False

    @property
    def words(self) -> str:
        """Where the piece stands, in words (its label on the board and in the key)."""
        return f"{self.label} on {self.space_name}" + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True)
class BoardFrame:
    """What stays put while the pieces move: the drawing box, a space radius and font size
    scaled to it, the spaces, the links between them, and their SVG (``svg``: edges, spaces
    and labels, from the template ``replay/frame.html``), drawn once per layout and reused by
    every step and the recorder; the legend of its kinds of space and the notes of its
    provenance, in words."""

    viewbox: str
    radius: float
    font: float
    svg_radius: str
    svg_font: str
    spaces: tuple[DrawnSpace, ...]
    links: tuple[tuple[DrawnSpace, DrawnSpace], ...]
    provenance: dict
    svg: str
    by_id: dict[str, DrawnSpace]
    legend: tuple[LegendEntry, ...] = ()
    provenance_notes: tuple[tuple[str, list[str]], ...] = ()
    kind_words: tuple[tuple[str, str], ...] = ()  # each kind of space and the board's words

    @property
    def crowded(self) -> bool:
        """Too many spaces to print every name: names show on the spaces in play only."""
        return len(self.spaces) > CROWDED


@dataclass(frozen=True)
class SpaceInWords:
    """A space as the board's list says it, for a reader who cannot see the drawing: its
    name, its kind and who stands there."""

    space: DrawnSpace
    kind: str
    pieces: tuple[str, ...]


@dataclass
class Drawing:
    """A board ready to draw (``replay/board.html``): its frame (drawn once per layout), the
    pieces on it (fanned out where they share a space) and those off it (with the words saying
    where they are), and the last move."""

    frame: BoardFrame
    pieces: list[DrawnPiece]
    off_board: list[Piece] = field(default_factory=list)
    moves: list[DrawnMove] = field(default_factory=list)
    # The pieces a reader may pick up and move (the recorder's), drawn as buttons.
    movable: frozenset[str] = frozenset()

    @property
    def named(self) -> list[DrawnSpace]:
        """The spaces whose names a crowded board prints at every step (the frame shows the
        others on hover and when the board has the keyboard's focus): those pieces stand
        on, and those the last move left and reached."""
        if not self.frame.crowded:
            return []
        ids = {piece.space for piece in self.pieces}
        ids |= {space.id for move in self.moves for space in (move.origin, move.target) if space}
        return [space for space in self.frame.spaces if space.id in ids]

    @property
    def occupied_in_words(self) -> list[SpaceInWords]:
        """The spaces pieces stand on, in the board's order, each with who stands there (the
        board in words; the empty ones are named by ``empty_names``)."""
        there: dict[str, list[str]] = {}
        for piece in self.pieces:
            there.setdefault(piece.space, []).append(
                piece.label + (f" ({piece.detail})" if piece.detail else ""))
        kinds = dict(self.frame.kind_words)
        return [SpaceInWords(space=space, kind=kinds.get(space.kind, space.kind),
                             pieces=tuple(there[space.id]))
                for space in self.frame.spaces if space.id in there]

    @property
    def empty_names(self) -> list[str]:
        """The names of the spaces no piece stands on, in the board's order."""
        taken = {piece.space for piece in self.pieces}
        return [space.name for space in self.frame.spaces if space.id not in taken]

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
    def font(self) -> str:
        """The font size of the pieces' initials, as the SVG writes it."""
        return self.frame.svg_font

    @property
    def provenance(self) -> dict:
        return self.frame.provenance


def provenance_notes(provenance: Mapping) -> list[tuple[str, list[str]]]:
    """Where the board comes from, as the page says it: each note of its provenance (what
    was assumed, how it is drawn, why an id reads as it does) but its status, in words."""
    return [(key.replace("_", " ").capitalize(),
             [str(item) for item in value] if isinstance(value, list) else [str(value)])
            for key, value in provenance.items() if key != "status" and value]


def board_frame(layout: BoardLayout) -> BoardFrame:
    """The layout's frame, drawn the first time this layout is seen (a board that turns, as
    Dylan Dog's nightmare plane does, has one frame per position). An engine gives the same
    layout object for the same board: that object finds its frame without the layout being
    hashed, space by space, again."""
    known = _frames_by_layout.get(id(layout))
    if known is not None and known[0] is layout:
        return known[1]
    provenance = json.dumps(dict(layout.provenance), sort_keys=True, default=str)
    frame = _frame(layout.spaces, layout.links, provenance, tuple(sorted(layout.kinds.items())))
    if len(_frames_by_layout) >= _FRAMES_KEPT:
        _frames_by_layout.clear()
    _frames_by_layout[id(layout)] = (layout, frame)  # the layout held, so its id stays its own
    return frame


_FRAMES_KEPT = 256
_frames_by_layout: dict[int, tuple[BoardLayout, BoardFrame]] = {}


@lru_cache(maxsize=_FRAMES_KEPT)
def _frame(spaces: tuple[Space, ...], links: tuple[tuple[str, str], ...],
           provenance: str, kinds: tuple[tuple[str, str], ...]) -> BoardFrame:
    drawn = tuple(DrawnSpace(s.id, s.name, s.kind, s.area, float(s.x), float(s.y),
                             space_colour(s.colour)) for s in spaces)
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
    legend = legend_of(drawn, dict(kinds))
    notes = json.loads(provenance)
    frame = BoardFrame(viewbox=" ".join(f"{v:.0f}" for v in box), radius=radius, font=font,
                       svg_radius=svg_number(radius), svg_font=svg_number(font),
                       spaces=drawn, links=joined, provenance=notes, svg="", by_id=by_id,
                       legend=legend, provenance_notes=tuple(provenance_notes(notes)),
                       kind_words=kinds)
    return replace(frame, svg=frame_markup(frame))


def frame_markup(frame: BoardFrame) -> str:
    """The frame's SVG (edges, spaces and their names), from its template: once per layout."""
    return render_fragment("replay/frame.html", frame=frame)


def moves_between(before: Sequence[Piece], after: Sequence[Piece],
                  frame: BoardFrame) -> list[DrawnMove]:
    """The pieces that changed space from ``before`` to ``after`` (a piece put on the board
    or taken off it too), as the step's last move is marked."""
    was = {piece.id: piece.space for piece in before}
    moved = []
    for piece in after:
        if piece.id in was and was[piece.id] == piece.space:
            continue
        origin = frame.by_id.get(was.get(piece.id) or "")
        target = frame.by_id.get(piece.space or "")
        if origin is None and target is None:
            continue
        moved.append(DrawnMove(label=piece.label, piece=piece.id, origin=origin, target=target))
    return moved


def draw_board(layout: BoardLayout, pieces: Sequence[Piece],
               players: Sequence[dict], before: Sequence[Piece] | None = None) -> Drawing:
    """The board with its pieces; ``before``: where the pieces stood before the step drawn,
    so its last move is marked (the spaces left and reached, and the pieces that moved)."""
    frame = board_frame(layout)
    by_id, radius = frame.by_id, frame.radius
    colours = {p["id"]: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(players)}
    names = {p["id"]: p.get("name") or p["id"] for p in players}
    drawn: list[DrawnPiece] = []
    off_board: list[Piece] = []
    crowd: dict[str, int] = {}  # pieces drawn so far on each space
    for piece in pieces:
        space = by_id.get(piece.space) if piece.space is not None else None
        if space is None:
            off_board.append(piece)
            continue
        n = crowd[space.id] = crowd.get(space.id, 0) + 1
        # Pieces sharing a space fan out around it, side by side: the first on it, the
        # others in rows above.
        offset = 0 if n == 1 else n - 1
        spacing = 2 * PIECE_RADIUS * radius
        dx = (offset % 3 - 1) * spacing if n > 1 else 0
        dy = -spacing * (1 + offset // 3) if n > 1 else 0
        owner_name = names.get(piece.owner or "", "")
        drawn.append(DrawnPiece(
            id=piece.id, label=piece.label, kind=piece.kind, space=space.id,
            space_name=space.name, owner=piece.owner, detail=piece.detail,
            colour=colours.get(piece.owner or "", NEUTRAL_COLOUR),
            initial=(owner_name or piece.label or "?")[:1].upper(),
            x=svg_number(round(space.x + dx, 1)), y=svg_number(round(space.y + dy, 1)),
            r=svg_number(round(radius * PIECE_RADIUS, 1)),
        ))
    moves = moves_between(before, pieces, frame) if before is not None else []
    moved = {move.piece for move in moves}
    for shown in drawn:
        shown.moved = shown.id in moved
    return Drawing(frame=frame, pieces=drawn, off_board=off_board, moves=moves)
