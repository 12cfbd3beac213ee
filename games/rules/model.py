"""A rules document compiled: lookup tables and clauses the interpreter reads per event, so no
event ever walks the document's tree."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from games.core.choices import OneOf
from games.core.points import Certainty, Citation, InterpretationPoint
from games.core.rulebook import Rulebook
from games.rules.clauses import Clause, Fixed, Read, agreed

# An effect: (operation, argument). Motion ones move the piece on; the others apply where it
# rests.
Effect = tuple[str, Any]
MOTION = frozenset({"jump", "repeat", "back_to_start", "move"})
# What an ``occupied`` clause may do to the piece a move ends on (the others leave it there).
MEETINGS = frozenset({"swap", "send_home", "capture"})


@dataclass(frozen=True)
class SpaceDef:
    id: str
    name: str
    kind: str
    x: float
    y: float
    effect: Clause | None = None
    passing: Clause | None = None
    shared: bool = False  # pieces stand here together without meeting (a start, a home)
    safe: bool = False  # a piece here is not taken, and no other player's piece ends here
    # A point on ``shared``/``safe``: whether each reading says it (then ``shared`` is whether
    # every reading shares the space, ``safe`` whether some reading makes it safe).
    shared_by: Clause | None = None
    safe_by: Clause | None = None

    def shared_under(self, read: Read) -> bool:
        """Whether pieces stand here together under the reading (its point read only where
        the options disagree)."""
        return self.shared or (self.shared_by is not None and agreed(self.shared_by, bool, read))

    def safe_under(self, read: Read) -> bool:
        """Whether a piece here is safe under the reading (as ``shared_under``)."""
        return self.safe and (self.safe_by is None or agreed(self.safe_by, bool, read))


@dataclass(frozen=True)
class Track:
    id: str
    name: str
    spaces: tuple[str, ...]
    index: dict[str, int]


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class PieceDef:
    """``owner`` is a role id, or None: every player has these pieces."""

    kind: str
    name: str
    owner: str | None
    starts: tuple[str, ...]  # one space per piece
    plural: str = ""  # the word for several, as the document gives it or English makes it


@dataclass(frozen=True)
class Dice:
    id: str
    name: str
    count: int
    faces: tuple[int, ...]
    combine: str
    outcomes: OneOf  # every throw, in order, with its odds
    rule: str

    @cached_property
    def face_set(self) -> frozenset[int]:
        return frozenset(self.faces)

    def total(self, values) -> int:
        if self.combine == "highest":
            return max(values)
        if self.combine == "lowest":
            return min(values)
        return sum(values)


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    count: int
    deck: str
    effect: Clause | None
    keep: bool


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    cards: tuple[Card, ...]
    reshuffle: bool
    rule: str


@dataclass(frozen=True)
class Special:
    """A throw that takes a piece somewhere else than counting would (Goose's 6 and 3)."""

    dice: tuple[int, ...]  # sorted
    to: str
    origin: str | None
    first_throw: bool


@dataclass(frozen=True)
class Keep:
    """A region a piece standing in it may not leave (an action's ``stay_in``): its moves
    land only on the region's spaces. ``kinds``: the kinds of piece it keeps (None: all)."""

    region: str
    spaces: frozenset[str]
    kinds: frozenset[str] | None


@dataclass(frozen=True)
class Action:
    """One action of the document. ``params`` holds its clauses by key (``past_end``,
    ``occupied``…), each a ``Fixed`` or a ``Switch``; ``kinds`` the piece kinds it moves (None:
    all of the actor's)."""

    id: str
    kind: str
    kinds: frozenset[str] | None
    rule: str
    citations: tuple[Citation, ...]
    params: dict[str, Clause] = field(default_factory=dict)
    track: str | None = None
    dice: str | None = None
    over: str = "others"
    origin: str | None = None  # an enter action's region
    cards: frozenset[str] | None = None

    @property
    def moves(self) -> bool:
        return self.kind in ("race", "step", "jump", "enter")

    @property
    def race_track(self) -> str:
        """A race's track (the schema requires one of a race)."""
        assert self.track is not None, self.id
        return self.track

    @property
    def race_dice(self) -> str:
        """A race's dice (the schema requires them of a race)."""
        assert self.dice is not None, self.id
        return self.dice

    @property
    def entry_region(self) -> str:
        """An enter action's region (the schema requires one of an enter action)."""
        assert self.origin is not None, self.id
        return self.origin

    @cached_property
    def free_path(self) -> bool:
        """Whether some reading of a race forbids passing over pieces."""
        clause = self.params.get("pass_over")
        return clause is not None and "free" in clause.values()

    @cached_property
    def headings_everyone(self) -> frozenset[str]:
        """The headings every reading of a step's ``headings`` allows."""
        return frozenset.intersection(*self.params["headings"].values())

    @cached_property
    def headings_anyone(self) -> frozenset[str]:
        """The headings some reading of a step's ``headings`` allows."""
        return frozenset.union(*self.params["headings"].values())

    @cached_property
    def blocked_by_pieces(self) -> bool:
        """Whether a move ends on no space another piece stands on (unless shared), whoever
        owns it, under every reading."""
        return all(type(clause) is Fixed and clause.value == "block"
                   for clause in (self.params.get("occupied"), self.params.get("own")))

    @cached_property
    def meets_others(self) -> bool:
        """Whether ending a move on another player's piece may do something to it (or read
        a point to know): an ``occupied`` clause that is a point, or that swaps, sends home or
        captures."""
        clause = self.params.get("occupied")
        return clause is not None and (type(clause) is not Fixed or clause.value in MEETINGS)

    @cached_property
    def must_always(self) -> bool | None:
        """Whether a jump's capturing is compulsory under every reading (True), under none
        (False), or under some only (None: the reading's ``must`` is read)."""
        answers = {bool(value) for value in self.params["must"].values()}
        return answers.pop() if len(answers) == 1 else None

    @cached_property
    def special_dice(self) -> frozenset[tuple[int, ...]]:
        """The throws (sorted) some reading of a race's special throws names."""
        clause = self.params.get("special_throws")
        return frozenset(special.dice for specials in (clause.values() if clause else ())
                         for special in specials)


@dataclass(frozen=True)
class Stage:
    index: int
    kind: str  # throw, draw or act
    target: str | None  # the dice or deck
    actions: tuple[Action, ...]
    optional: bool
    again_on: Clause | None
    rule: str
    # A player's pieces' kinds -> the actions that can move them, and those that may make
    # capturing compulsory (see movement.moving).
    movers: dict = field(default_factory=dict, compare=False, repr=False)
    # A player's pieces' kinds -> whether that player can move, one check per action that can
    # move them (see mobility.any_move).
    mobility: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def source(self) -> str:
        """The dice a throw stage throws, or the deck a draw stage draws from."""
        assert self.target is not None, self.index
        return self.target

    @cached_property
    def takes_moves(self) -> bool:
        return any(action.moves for action in self.actions)

    @cached_property
    def compulsory_jumps(self) -> tuple[Action, ...]:
        """The jump actions some reading makes compulsory."""
        return tuple(action for action in self.actions if action.kind == "jump"
                     and True in action.params["must"].values())

    @property
    def event_types(self) -> frozenset[str]:
        if self.kind != "act":
            return frozenset({self.kind})
        kinds = {action.kind for action in self.actions}
        found = {"move"} if kinds & {"race", "step", "jump", "enter"} else set()
        found |= {kind for kind in kinds if kind in ("play", "pass")}
        return frozenset(found)


@dataclass(frozen=True)
class End:
    kind: str  # reach, fewer or blocked
    rule: str
    citations: tuple[Citation, ...]
    winner: Clause
    target: Clause | None = None  # reach: a space or region id
    all: bool = False
    full: Clause | None = None  # reach: whether the region full, some of it the player's, wins
    kinds: frozenset[str] | None = None
    than: Clause | None = None
    role: str | None = None  # blocked: the role, or None for any

    @cached_property
    def most_than(self) -> int:
        """A fewer end's largest ``than`` under any reading: with as many pieces left or
        more, it holds under no reading (said without reading its point)."""
        assert self.than is not None, self.kind
        return max(self.than.values())


@dataclass
class RulesGame:
    """Everything the engine needs, compiled once."""

    game: str
    name: str
    document: dict
    min_players: int
    max_players: int
    roles: tuple[tuple[str, str], ...]  # (id, name) in seat order
    spaces: dict[str, SpaceDef]
    space_order: tuple[str, ...]
    tracks: dict[str, Track]
    links: dict[str, dict[str, tuple[str, ...]]]  # link set -> space -> neighbours
    regions: dict[str, Region]
    pieces: tuple[PieceDef, ...]
    dice: dict[str, Dice]
    decks: dict[str, Deck]
    cards: dict[str, Card]
    stages: tuple[Stage, ...]
    actions: dict[str, Action]
    ends: tuple[End, ...]
    first: Clause
    all_waiting: Clause
    points: tuple[InterpretationPoint, ...]
    certainties: tuple[Certainty, ...]
    rulebook: Rulebook
    turn_rule: str
    end_rule: str
    out_of_scope: tuple[str, ...]
    board: dict
    hides: bool  # some card is kept in a hand, which other seats do not see
    region_of: dict[str, str] = field(default_factory=dict)  # space -> first region
    geometry: dict = field(default_factory=dict)  # per link-set choice: neighbours, beyond
    shapes: dict = field(default_factory=dict, compare=False, repr=False)  # movement.shape_of
    step_tables: dict = field(default_factory=dict, compare=False, repr=False)  # step_table
    role_ends: dict = field(default_factory=dict, compare=False, repr=False)  # see ends_for
    usual_nows: dict = field(default_factory=dict, compare=False, repr=False)  # turns.now
    places: dict[str, frozenset[str]] = field(default_factory=dict)  # see spaces_of
    turn_citations: tuple[Citation, ...] = ()  # the turn's sentences (turn_rule's first)

    def ends_for(self, role: str | None) -> tuple[End, ...]:
        """The ends that may hold when the player to move has ``role``: those about another
        role's player who cannot move are left out (made once per role)."""
        found = self.role_ends.get(role)
        if found is None:
            found = self.role_ends[role] = tuple(
                end for end in self.ends
                if end.kind != "blocked" or end.role is None or end.role == role)
        return found

    @property
    def roles_by_id(self) -> dict[str, str]:
        return dict(self.roles)

    def spaces_of(self, place: str) -> frozenset[str]:
        """The spaces a space or region id names."""
        found = self.places.get(place)
        if found is None:
            found = self.places[place] = frozenset(
                self.regions[place].spaces if place in self.regions else (place,))
        return found

    @cached_property
    def passing_spaces(self) -> frozenset[str]:
        """The spaces that do something to a piece passing over them."""
        return frozenset(space.id for space in self.spaces.values() if space.passing)

    @cached_property
    def waits(self) -> bool:
        """Whether some effect makes a piece wait to be released (else none ever does, and
        no one asks which pieces wait)."""
        return self._effect_used("wait")

    def _effect_used(self, operation: str) -> bool:
        clauses = [clause for space in self.spaces.values()
                   for clause in (space.effect, space.passing) if clause is not None]
        clauses += [card.effect for card in self.cards.values() if card.effect is not None]
        return any(used == operation for clause in clauses for effects in clause.values()
                   for used, _argument in effects)

    @cached_property
    def plays_cards(self) -> bool:
        """Whether some action plays a card from the hand (else no player ever can)."""
        return any(action.kind == "play" for action in self.actions.values())

    @cached_property
    def lone_stages(self) -> tuple[tuple[Stage, ...], ...]:
        """Per stage, the stages the record may be at when the turn is there: itself alone
        when it is required and no draw (a draw may be skipped), else () (see turns.now)."""
        return tuple((stage,) if not stage.optional and stage.kind != "draw" else ()
                     for stage in self.stages)

    @cached_property
    def quiet_landings(self) -> dict[str, frozenset[str]]:
        """Per action, the spaces where a move of it ends with nothing more to do: no effect
        of the space, and no piece there to release, move or take (see effects.arrive)."""
        return {action.id: frozenset(
            space.id for space in self.spaces.values() if space.effect is None and (
                space.shared or not (self.waits or action.meets_others)))
            for action in self.actions.values()}

    @cached_property
    def landable_when_taken(self) -> dict[str, frozenset[str]]:
        """Per action, the spaces a move of it might end on while a piece stands there (all
        of them, unless it is blocked by any piece: then the shared ones)."""
        every = frozenset(self.spaces)
        shared = frozenset(space.id for space in self.spaces.values()
                           if space.shared or space.shared_by is not None)
        return {action.id: shared if action.blocked_by_pieces else every
                for action in self.actions.values()}

    @cached_property
    def space_names(self) -> dict[str, str]:
        return {space.id: space.name for space in self.spaces.values()}

    @cached_property
    def piece_names(self) -> dict[str, str]:
        names: dict[str, str] = {}
        for piece in self.pieces:
            names.setdefault(piece.kind, piece.name)
        return names
