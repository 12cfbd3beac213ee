"""A validated document compiled into lookup tables (``model.RulesGame``), with every problem
the schema cannot see: a space named but never defined, an action with a key of another kind,
a point no clause reads, a throw of dice no stage throws. Problems are collected, never raised
one by one; the whole-document checks (loops, reachability, the turn's stages) are in
``checks``."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from games.core.choices import OneOf
from games.core.points import Citation, InterpretationPoint
from games.rules.citations import Citing
from games.rules.clauses import Clause, Fixed, Switch
from games.rules.model import (
    MOTION,
    Action,
    Card,
    Deck,
    Dice,
    Effect,
    PieceDef,
    Region,
    SpaceDef,
    Track,
)
from games.rules.problems import Problem, path_text
from games.rules.source import Source
from games.rules.validation import item_problems
from games.rules.words import plural_of

MOST_THROWS = 1296  # outcomes of one throw (four six-sided dice)
# Each kind of action: its keys, with their default (REQUIRED: none).
REQUIRED = object()
ACTION_KEYS: dict[str, dict[str, Any]] = {
    "race": {"track": REQUIRED, "dice": REQUIRED, "past_end": "stop", "special_throws": [],
             "occupied": "share", "own": "share", "pass_over": "any", "pieces": None,
             "stay_in": None},
    "step": {"along": REQUIRED, "headings": None, "occupied": "block", "own": "block",
             "pieces": None, "stay_in": None},
    "jump": {"along": REQUIRED, "headings": None, "over": "others", "capture": "remove",
             "multiple": False, "must": False, "pieces": None, "stay_in": None},
    "enter": {"from": REQUIRED, "to": REQUIRED, "throws": None, "occupied": "block",
              "own": "block", "pieces": None, "stay_in": None},
    "play": {"cards": None},
    "pass": {},
}
CLAUSE_KEYS = ("past_end", "special_throws", "occupied", "own", "pass_over", "along",
               "headings", "capture", "multiple", "must", "to", "throws", "stay_in")
PASSING_EFFECTS = frozenset({"stop", "lose_turns", "extra_turn", "draw"})
# Where a point may stand, by the start of its path: the item its clause is checked as.
ITEMS = (
    (("board", "spaces", int), "space"),
    (("decks", int, "cards", int), "card"),
    (("turn", "stages", int), "stage"),
    (("turn",), "turn"),
    (("actions", int), "action"),
    (("end", int), "end"),
)


def _item_of(path: tuple) -> tuple[int, str] | None:
    for pattern, definition in ITEMS:
        if len(path) >= len(pattern) and all(
                isinstance(step, int) if want is int else step == want
                for step, want in zip(path, pattern, strict=False)):
            return len(pattern), definition
    return None


class Compiler:
    """Compiles one document; ``problems`` holds what is wrong with it."""

    def __init__(self, document: Mapping[str, Any], source: Source,
                 passages: Mapping[str, str] | None) -> None:
        self.doc = document
        self.source = source
        self.game = document["game"]
        self.problems: list[Problem] = []
        self.citing = Citing(self.game, passages, self.problem)
        self.points: dict[str, tuple[InterpretationPoint, int]] = {}
        self.point_uses: dict[str, list[tuple]] = {}
        self.spaces: dict[str, SpaceDef] = {}
        self.tracks: dict[str, Track] = {}
        self.links: dict[str, dict[str, tuple[str, ...]]] = {}
        self.regions: dict[str, Region] = {}
        self.roles: dict[str, str] = {}
        self.kinds: set[str] = set()
        self.dice: dict[str, Dice] = {}
        self.decks: dict[str, Deck] = {}
        self.cards: dict[str, Card] = {}
        self.actions: dict[str, Action] = {}
        self.space_paths: dict[str, tuple] = {}  # where each space's effect is written
        self.declared = _declared(document)
        self.turn_citations: tuple[Citation, ...] = ()

    def problem(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.source.line_of(path), path_text(path), message))

    def absent(self, kind: str, name: str, path: tuple, message: str) -> None:
        """A reference to something that is not there: a problem unless the document declares
        it (then it failed on its own problems, already reported)."""
        if name not in self.declared[kind]:
            self.problem(path, message)

    # -- clauses and points ------------------------------------------------------------

    def clause(self, raw: Any, path: tuple, build: Callable[[Any, tuple], Any],
               why: str) -> Clause | None:
        """``build(value, path)`` of a clause, or of each option's clause where the document
        names a point there (each checked as if it stood in the point's place)."""
        if not (isinstance(raw, dict) and "point" in raw):
            value = build(raw, path)
            return None if value is None else Fixed(value)
        point_id = raw["point"]
        known = self.points.get(point_id)
        if known is None:
            declared = ", ".join(sorted(self.points)) or "none"
            self.absent("point", point_id, (*path, "point"),
                        f"unknown point {point_id!r} (declared: {declared})")
            return None
        point, index = known
        self.point_uses.setdefault(point_id, []).append(path)
        item_at = _item_of(path)
        by_option = {}
        for number, option in enumerate(self.doc["points"][index]["options"]):
            shown_at = ("points", index, "options", number, "clause")
            clause = option["clause"]
            if item_at is not None:
                length, definition = item_at
                item = copy.deepcopy(_at(self.doc, path[:length]))
                _put(item, path[length:], clause)
                found = item_problems(definition, item, self.source, shown_at, path[length:])
                if found:
                    self.problems.extend(found)
                    continue
            value = build(clause, shown_at)
            if value is not None:
                by_option[option["id"]] = value
        if len(by_option) != len(point.options):
            return None
        return Switch(point, by_option, why)

    def compile_points(self) -> None:
        for index, raw in enumerate(self.doc.get("points", [])):
            path = ("points", index)
            if raw["id"] in self.points:
                self.problem((*path, "id"), f"the point {raw['id']!r} is declared twice")
                continue
            point = self.citing.point(raw, path)
            if point is not None:
                self.points[point.id] = (point, index)

    # -- the board -----------------------------------------------------------------------

    def compile_board(self) -> None:
        board = self.doc["board"]
        for index, raw in enumerate(board["spaces"]):
            path: tuple[Any, ...] = ("board", "spaces", index)
            if raw["id"] in self.spaces:
                self.problem((*path, "id"), f"the space {raw['id']!r} is defined twice")
                continue
            self.citing.cites(raw.get("cite"), (*path, "cite"))
            x, y = raw["at"]
            self.space_paths[raw["id"]] = (*path, "effect")
            self.spaces[raw["id"]] = SpaceDef(raw["id"], raw["name"], raw["kind"], x, y,
                                              shared=raw.get("shared", False) is True,
                                              safe=raw.get("safe", False) is True)
        for index, raw in enumerate(board.get("tracks", [])):
            path = ("board", "tracks", index)
            if raw["id"] in self.tracks:
                self.problem((*path, "id"), f"the track {raw['id']!r} is defined twice")
                continue
            spaces = raw["spaces"]
            ok = self.known_spaces(spaces, (*path, "spaces"))
            for position, space in enumerate(spaces):
                if space in spaces[:position]:
                    self.problem((*path, "spaces", position),
                                 f"{space!r} comes twice on the track")
                    ok = False
            self.citing.cites(raw.get("cite"), (*path, "cite"))
            if ok:
                self.tracks[raw["id"]] = Track(raw["id"], raw.get("name", raw["id"]),
                                               tuple(spaces),
                                               {space: i for i, space in enumerate(spaces)})
        for name, pairs in board.get("links", {}).items():
            neighbours: dict[str, list[str]] = {}
            for index, (a, b) in enumerate(pairs):
                path = ("board", "links", name, index)
                if not self.known_spaces([a, b], path):
                    continue
                if a == b:
                    self.problem(path, f"a link joins {a!r} to itself")
                    continue
                for one, other in ((a, b), (b, a)):
                    if other not in neighbours.setdefault(one, []):
                        neighbours[one].append(other)
            self.links[name] = {space: tuple(found) for space, found in neighbours.items()}
        for index, raw in enumerate(board.get("regions", [])):
            path = ("board", "regions", index)
            if raw["id"] in self.regions or raw["id"] in self.spaces:
                self.problem((*path, "id"), f"{raw['id']!r} already names a space or region")
                continue
            self.citing.cites(raw.get("cite"), (*path, "cite"))
            if self.known_spaces(raw["spaces"], (*path, "spaces")):
                self.regions[raw["id"]] = Region(raw["id"], raw["name"], tuple(raw["spaces"]))

    def known_spaces(self, names, path: tuple) -> bool:
        ok = True
        for index, name in enumerate(names):
            if name not in self.spaces:
                self.problem((*path, index), f"{name!r} is not a space of the board")
                ok = False
        return ok

    def space_effects(self) -> None:
        """Effects come after the decks: a space may make its visitor draw."""
        for index, raw in enumerate(self.doc["board"]["spaces"]):
            space = self.spaces.get(raw["id"])
            if space is None:
                continue
            path = ("board", "spaces", index)
            effect = passing = None
            if "effect" in raw:
                effect = self.clause(raw["effect"], (*path, "effect"),
                                     lambda v, p: self.effects(v, p, "space"),
                                     f"what {space.name} does")
            if "passing" in raw:
                passing = self.clause(raw["passing"], (*path, "passing"),
                                      lambda v, p: self.effects(v, p, "passing"),
                                      f"what passing {space.name} does")
            shared, shared_by = self.space_flag(raw, path, "shared", space)
            safe, safe_by = self.space_flag(raw, path, "safe", space)
            self.spaces[space.id] = SpaceDef(space.id, space.name, space.kind, space.x,
                                             space.y, effect, passing, shared, safe,
                                             shared_by, safe_by)

    def space_flag(self, raw: Mapping[str, Any], path: tuple, key: str, space: SpaceDef
                   ) -> tuple[bool, Clause | None]:
        """A space's ``shared`` or ``safe``, and its clause where a point decides it: shared
        is what every reading says, safe what some reading says (each then asks the point)."""
        given = raw.get(key, False)
        if not isinstance(given, dict):
            return getattr(space, key), None
        clause = self.clause(given, (*path, key), lambda v, p: v,
                             f"whether {space.name} is {key}")
        if clause is None:
            return False, None
        says = all if key == "shared" else any
        return says(clause.values()), clause

    def effects(self, raw: Any, path: tuple, where: str) -> tuple[Effect, ...] | None:
        items = raw if isinstance(raw, list) else [raw]
        found: list[Effect] = []
        ok = True
        for index, item in enumerate(items):
            at = (*path, index) if isinstance(raw, list) else path
            ((operation, argument),) = item.items()
            if operation == "jump" and argument not in self.spaces:
                self.problem(at, f"jump: {argument!r} is not a space of the board")
                ok = False
            elif operation == "draw" and argument not in self.decks:
                self.absent("deck", argument, at, f"draw: {argument!r} is not a deck")
                ok = False
            elif operation == "keep" and where != "card":
                self.problem(at, "only a card can be kept in a hand")
                ok = False
            elif operation == "stop" and where != "passing":
                self.problem(at, "stop is an effect of a space passed over (passing:)")
                ok = False
            elif where == "passing" and operation not in PASSING_EFFECTS:
                allowed = ", ".join(sorted(PASSING_EFFECTS))
                self.problem(at, f"a space passed over may only {allowed}"
                             f"; {operation} needs the piece to stop there (effect:)")
                ok = False
            found.append((operation, argument))
        operations = [operation for operation, _ in found]
        if sum(operation in MOTION for operation in operations) > 1:
            self.problem(path, "at most one effect may move the piece on (jump, repeat, "
                         "back_to_start, move)")
            ok = False
        if "wait" in operations and any(operation in MOTION for operation in operations):
            self.problem(path, "a piece cannot both wait here and move on")
            ok = False
        if len(set(operations)) != len(operations):
            self.problem(path, "an effect is given twice")
            ok = False
        return tuple(found) if ok else None

    # -- pieces, roles, dice, decks --------------------------------------------------------

    def compile_roles(self) -> None:
        players = self.doc["players"]
        if players["min"] > players["max"]:
            self.problem(("players",), f"min {players['min']} is above max {players['max']}")
        roles = self.doc.get("roles", [])
        for index, raw in enumerate(roles):
            if raw["id"] in self.roles:
                self.problem(("roles", index, "id"), f"the role {raw['id']!r} is given twice")
            self.roles[raw["id"]] = raw["name"]
            self.citing.cites(raw.get("cite"), ("roles", index, "cite"))
        if roles and players["max"] > len(roles):
            self.problem(("players", "max"), f"{players['max']} players but {len(roles)} "
                         "roles: each player takes the next role in seat order")

    def compile_pieces(self) -> list[PieceDef]:
        found = []
        for index, raw in enumerate(self.doc["pieces"]):
            path = ("pieces", index)
            self.kinds.add(raw["kind"])
            owner = raw.get("owner", "each")
            if owner != "each" and owner not in self.roles:
                self.problem((*path, "owner"), f"{owner!r} is not a role (roles: "
                             f"{', '.join(self.roles) or 'none'}; 'each' gives every player "
                             "these pieces)")
                continue
            start = raw["start"]
            if isinstance(start, list):
                if not self.known_spaces(start, (*path, "start")):
                    continue
                starts = tuple(start)
            elif start in self.regions:
                starts = self.regions[start].spaces
            elif start in self.spaces:
                starts = (start,) * raw.get("count", 1)
            else:
                self.problem((*path, "start"), f"{start!r} is not a space or region")
                continue
            if "count" in raw and raw["count"] != len(starts):
                self.problem((*path, "count"), f"count {raw['count']} but {len(starts)} "
                             "starting spaces")
                continue
            self.citing.cites(raw.get("cite"), (*path, "cite"))
            found.append(PieceDef(raw["kind"], raw["name"], None if owner == "each" else owner,
                                  starts, raw.get("plural") or plural_of(raw["name"])))
        return found

    def compile_dice(self) -> None:
        for index, raw in enumerate(self.doc.get("dice", [])):
            path = ("dice", index)
            if raw["id"] in self.dice:
                self.problem((*path, "id"), f"the dice {raw['id']!r} are defined twice")
                continue
            faces, count = tuple(raw["faces"]), raw["count"]
            outcomes = len(faces) ** count
            if outcomes > MOST_THROWS:
                self.problem(path, f"{count} dice of {len(faces)} faces make {outcomes:,} "
                             f"different throws; at most {MOST_THROWS:,}")
                continue
            tally = Counter(itertools.product(faces, repeat=count))
            values = tuple(tally)
            weights = tuple(float(tally[v]) for v in values)
            domain = OneOf(values=values, labels=tuple(" and ".join(map(str, v)) for v in values),
                           weights=None if len(set(weights)) == 1 else weights)
            rule = self.rule_of(raw.get("cite"), (*path, "cite"), self.turn_rule)
            self.dice[raw["id"]] = Dice(raw["id"], raw.get("name", "the dice"), count, faces,
                                        raw.get("combine", "sum"), domain, rule)

    def compile_decks(self) -> None:
        for index, raw in enumerate(self.doc.get("decks", [])):
            path: tuple[Any, ...] = ("decks", index)
            if raw["id"] in self.decks:
                self.problem((*path, "id"), f"the deck {raw['id']!r} is defined twice")
                continue
            rule = self.rule_of(raw.get("cite"), (*path, "cite"), self.turn_rule)
            # The deck exists before its cards' effects are compiled: a card may say draw again.
            self.decks[raw["id"]] = Deck(raw["id"], raw["name"], (),
                                         raw.get("reshuffle", "when-empty") == "when-empty", rule)
        for index, raw in enumerate(self.doc.get("decks", [])):
            deck = self.decks.get(raw["id"])
            if deck is None or deck.cards:
                continue
            cards = []
            for number, card in enumerate(raw["cards"]):
                path = ("decks", index, "cards", number)
                if card["id"] in self.cards:
                    self.problem((*path, "id"), f"the card {card['id']!r} is defined twice "
                                 "(card ids are unique across decks)")
                    continue
                self.citing.cites(card.get("cite"), (*path, "cite"))
                effect = None
                if "effect" in card:
                    effect = self.clause(card["effect"], (*path, "effect"),
                                         lambda v, p: self.effects(v, p, "card"),
                                         f"what the card {card['name']} does")
                keep = any(("keep", True) in value for value in
                           (effect.values() if effect is not None else ()))
                compiled = Card(card["id"], card["name"], card.get("count", 1), deck.id, effect,
                                keep)
                self.cards[card["id"]] = compiled
                cards.append(compiled)
            self.decks[deck.id] = Deck(deck.id, deck.name, tuple(cards), deck.reshuffle,
                                       deck.rule)
    @property
    def turn_rule(self) -> str:
        cite = self.doc["turn"]["cite"]
        return (cite[0] if isinstance(cite, list) else cite)["passage"]

    def rule_of(self, raw_cite: Any, path: tuple, fallback: str) -> str:
        citations = self.citing.cites(raw_cite, path) if raw_cite is not None else ()
        return citations[0].passage if citations else fallback


def _declared(document: Mapping[str, Any]) -> dict[str, set[str]]:
    """Every name the document declares, valid or not, by kind."""
    board = document["board"]
    return {
        "track": {track["id"] for track in board.get("tracks", [])},
        "region": {region["id"] for region in board.get("regions", [])},
        "dice": {dice["id"] for dice in document.get("dice", [])},
        "deck": {deck["id"] for deck in document.get("decks", [])},
        "card": {card["id"] for deck in document.get("decks", []) for card in deck["cards"]},
        "action": {action["id"] for action in document["actions"]},
        "point": {point["id"] for point in document.get("points", [])},
    }


def _at(document: Any, path: tuple) -> Any:
    for step in path:
        document = document[step]
    return document


def _put(document: Any, path: tuple, value: Any) -> None:
    for step in path[:-1]:
        document = document[step]
    document[path[-1]] = copy.deepcopy(value)
