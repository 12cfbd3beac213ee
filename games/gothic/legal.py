"""What a record could hold next (``GothicEngine.legal_events``), stage by stage of the go.

Each candidate event is tried through the engine's own ``apply``, so a choice is offered
exactly when the referee would accept it, naming the points its reading consulted. Cards held
may be shown and returned, and numbered ones traded, "at any stage of the game": those are
decided without trying them (they are always legal).

Each face of a throw and each drawn card is a chance choice, beside whatever decisions are
open at the same moment (any player may trade or return a card at any stage).
"""

from __future__ import annotations

from games.core.choices import Choice, Pick
from games.core.flags import CONSULTED, VIOLATION
from games.gothic import points as P
from games.gothic.adjacency import is_nasty
from games.gothic.cards import is_weapon
from games.gothic.movement import Consults, check_path, doubles_back, some_walk, walks
from games.gothic.moves import controller, killable
from games.gothic.rooms import IRON_MAIDEN, weapon_restricted
from games.gothic.state import CARD_KINDS, ROOMS, SQUARE_ADJ, SQUARES, TORTURE_CHAMBER, TOWER
from games.gothic.work import name_of, place_name

KIND_WORDS = {
    "weapon": "a weapon",
    "protection": "a protection",
    "stake": "a stake",
    "nasty": "something unpleasant",
    "blow-pipe": "the blow pipe",
    "detain": "a card that detains",
    "other": "any other card",
}
DRAW_OPTIONAL = ("stamina", "number", "numbered", "detain")
FACES = range(1, 7)


def legal_choices(engine, state, interpretation) -> list[Choice]:
    stage = state["stage"]
    if stage == "over":
        return []
    trial = Trial(engine, state, interpretation)
    chances: list[Choice] = []
    decisions: list[Choice] = []
    if stage == "order":
        for pid in state["contenders"]:
            if pid not in state["order_throws"] and state["players"][pid]["status"] == "alive":
                chances += throws(trial, pid)
    else:
        actor = state["actor"]
        if stage == "throw":
            chances += throws(trial, actor)
            decisions += stays(trial, actor) + blow_pipes(trial, actor)
        elif stage == "move":
            decisions += moves(trial, actor) + missed_turns(trial, actor)
        elif stage == "draw":
            chances += draws(trial, actor)
        elif stage == "act":
            chances += throws(trial, actor)
            decisions += act_choices(trial, actor)
        elif stage == "stairs":
            decisions += trial.each(
                [(_event("staircase", actor, direction=d), _stairs_label(state, actor, d), ())
                 for d in ("up", "down")]
            )
    decisions += cards_at_any_stage(state)
    return chances + decisions


class Trial:
    """Tries candidate events through ``apply`` under the reading, keeping the legal ones."""

    __slots__ = ("engine", "interpretation", "state")

    def __init__(self, engine, state, interpretation) -> None:
        self.engine, self.state, self.interpretation = engine, state, interpretation

    def points(self, event) -> tuple[str, ...] | None:
        """The points consulted by a legal ``event``; None when it is a violation."""
        step = self.engine.apply(self.state, event, self.interpretation)
        consulted = set()
        for flag in step.flags:
            if flag.kind == VIOLATION:
                return None
            if flag.kind == CONSULTED and flag.point:
                consulted.add(flag.point)
        return tuple(sorted(consulted))

    def each(self, candidates, chance=False) -> list[Choice]:
        kept = []
        for event, label, spaces in candidates:
            points = self.points(event)
            if points is not None:
                kept.append(Choice(event, _capital(label), chance, (), spaces, points))
        return kept


def throws(trial: Trial, pid) -> list[Choice]:
    state = trial.state
    name, at = name_of(state, pid), state["players"][pid]["at"]
    what = "to decide who enters first" if state["stage"] == "order" else ""
    return trial.each(
        [(_event("throw", pid, value=v), f"{name} throws a {v} {what}".strip(), (at,))
         for v in FACES],
        chance=True,
    )


def stays(trial: Trial, pid) -> list[Choice]:
    state = trial.state
    at = state["players"][pid]["at"]
    if at not in ROOMS:
        return []
    return trial.each([(_event("stay", pid), f"{name_of(state, pid)} stays in {place_name(at)}",
                        (at,))])


def blow_pipes(trial: Trial, pid) -> list[Choice]:
    state = trial.state
    player = state["players"][pid]
    if player["at"] != TOWER:
        return []
    candidates = []
    for card in _distinct(player["cards"]):
        for target in _others(state, pid):
            victim = state["players"][target]
            candidates.append((
                _event("blow_pipe", pid, target=target, card=card),
                f"{player['name']} shoots {victim['name']} with {card} from the Tower",
                (TOWER, victim["at"]),
            ))
    return trial.each(candidates)


def moves(trial: Trial, mover) -> list[Choice]:
    """Every walk the throw allows, recorded by the mover or by whoever directs the move, and
    for a Vampire every choice of the players it passed to kill. A walk is judged by the same
    path check ``apply`` makes; nothing after it refuses a move but a wrong ``kill``."""
    state = trial.state
    player = state["players"][mover]
    steps = state["throw"]
    vampire = player["vampire"] is not None
    revisit = vampire or trial.interpretation.option(P.DOUBLE_BACK.id) == "allowed"
    actor = controller(state) or mover
    name = player["name"]
    straight = None
    if vampire:
        probe = Consults(trial.interpretation)
        straight = some_walk(state, mover, steps, probe, revisit=False)
    found = []
    for path in walks(player["at"], steps, revisit):
        consults = Consults(trial.interpretation)
        problem, _rule, passed = check_path(state, mover, path, steps, consults, straight)
        if problem is not None:
            continue
        victims = killable(state, mover, passed, consults) if vampire and passed else []
        if vampire and doubles_back(player["at"], path):
            consults.points.update(probe.points)
        points = tuple(sorted(consults.points))
        label = f"{name} moves to {place_name(path[-1])}"
        if actor != mover:
            label += f", directed by {name_of(state, actor)}"
        spaces = tuple(dict.fromkeys(path))
        event = _event("move", actor, path=path)
        found.append(Choice(event, _capital(label), False, (), spaces, points))
        if victims:
            names = " or ".join(name_of(state, v) for v in victims)
            found.append(Choice(event, _capital(f"{label}, killing {names}"), False, ("kill",),
                                spaces, points, picks={"kill": Pick(tuple(victims), least=1)}))
    return found


def missed_turns(trial: Trial, pid) -> list[Choice]:
    state = trial.state
    label = f"{name_of(state, pid)} is blocked and misses the turn"
    return trial.each([(_event("miss_turn", pid), label, (state["players"][pid]["at"],))])


def draws(trial: Trial, pid) -> list[Choice]:
    """The top card of the room's pile: its name is the record's (the text never lists the
    cards), and so are its printed number, stamina and the rest, except a kind the reading
    forbids in this room; only the Iron Maiden in the Torture Chamber is recorded as deadly."""
    state = trial.state
    room = state["players"][pid]["at"]
    points = trial.points(_event("draw", pid, room=room, card="?"))
    if points is None:
        return []
    label = f"{name_of(state, pid)} draws the top card of the {ROOMS[room]['name']} pile"
    kinds: list[tuple[str | None, tuple[str, ...]]] = [(None, points)]
    optional = DRAW_OPTIONAL
    if weapon_restricted(state, room):
        for kind in CARD_KINDS:
            kind_points = trial.points(_event("draw", pid, room=room, card="?", kind=kind))
            if kind_points is not None:
                kinds.append((kind, kind_points))
    else:
        optional = ("kind", *DRAW_OPTIONAL)
    found = []
    for deadly in (None, False):
        for kind, kind_points in kinds:
            data = {"room": room}
            what = label
            if kind is not None:
                data["kind"] = kind
                what = f"{label}, recorded as {KIND_WORDS[kind]}"
            if deadly is not None:
                data["deadly"] = deadly
                what += " (not deadly)"
            found.append(Choice({"type": "draw", "actor": pid, "data": data}, what, True,
                                ("card",), (room,), kind_points, optional_fields=optional))
    if room == TORTURE_CHAMBER:
        data = {"room": room, "card": IRON_MAIDEN, "deadly": True}
        found.append(Choice({"type": "draw", "actor": pid, "data": data},
                            f"{name_of(state, pid)} draws the Iron Maiden and dies", True, (),
                            (room,), points, optional_fields=optional))
    return found


def act_choices(trial: Trial, pid) -> list[Choice]:
    """After landing: end the go, the Power of Adjacency, a passage, a stake, the oil, the
    blow pipe (a second throw is a chance choice of its own)."""
    state = trial.state
    player = state["players"][pid]
    name, at = player["name"], player["at"]
    candidates = [(_event("end_turn", pid), f"{name} ends the go", ())]
    if state["go"]["green"]:
        candidates += [(_event("passage", pid, to=g), f"{name} takes the secret passage to "
                        f"{place_name(g)}", (at, g)) for g in _green_squares(state)]
    go = state["go"]
    if go["moved"] and not go["power"]:
        for target in _beside(state, pid):
            victim = state["players"][target]
            spaces = (at, victim["at"])
            candidates.append((_event("control", pid, target=target),
                               f"{name} takes control of {victim['name']}'s next move", spaces))
    candidates += _stakes(state, pid) + _oil(state, pid)
    found = trial.each(candidates)
    if go["moved"] and not go["power"]:
        found += _weapons_and_nasty_cards(trial, pid)
    return found + blow_pipes(trial, pid)


def _weapons_and_nasty_cards(trial: Trial, pid) -> list[Choice]:
    """The first and third forms of the Power of Adjacency. The cards a killer takes from the
    body are the record's to pick from the victim's hand (``take``: anything at all when a
    protection saves the victim, since nothing is taken); a nasty card's loss is read from it."""
    state = trial.state
    player = state["players"][pid]
    found = []
    weapons = _distinct(c for c in player["cards"] if is_weapon(c))
    nasty = _distinct(c for c in player["cards"] if is_nasty(c))
    for target in _beside(state, pid):
        victim = state["players"][target]
        spaces = (player["at"], victim["at"])
        for card in weapons:
            event = _event("attack", pid, target=target, weapon=card)
            points = trial.points(event)
            if points is None:
                continue
            label = f"{player['name']} attacks {victim['name']} with {card}"
            found.append(Choice(event, label, False, (), spaces, points))
            protected = any(c["kind"] == "protection" for c in victim["cards"])
            picks = {} if protected else {"take": Pick(tuple(c["name"] for c in victim["cards"]))}
            found.append(Choice(event, f"{label} and searches the body", False, ("take",),
                                spaces, points, picks=picks))
        for card in nasty:
            event = _event("give", pid, target=target, card=card, loss=0)
            points = trial.points(event)
            if points is not None:
                found.append(Choice(_event("give", pid, target=target, card=card),
                                    f"{player['name']} gives {victim['name']} {card}", False,
                                    ("loss",), spaces, points))
    return found


def _stakes(state, pid):
    player = state["players"][pid]
    if not any(card["kind"] == "stake" for card in player["cards"]):
        return []
    return [(_event("stake", pid, target=target),
             f"{player['name']} drives a stake through {name_of(state, target)}'s heart",
             (player["at"], state["players"][target]["at"]))
            for target in _others(state, pid) if state["players"][target]["vampire"] is not None]


def _oil(state, pid):
    player = state["players"][pid]
    if player["at"] != TOWER or not state["go"]["tower"]:
        return []
    name = player["name"]
    candidates = [(_event("oil", pid), f"{name} pours the boiling oil", (TOWER,))]
    for target in _others(state, pid):
        candidates.append((_event("oil", pid, target=target),
                           f"{name} pours the boiling oil on {name_of(state, target)}",
                           (TOWER, state["players"][target]["at"])))
    return candidates


def cards_at_any_stage(state) -> list[Choice]:
    """gothic/rooms: a card "no longer needed" is shown and returned, and a numbered card
    "may be traded in for stamina at any stage of the game", by any player."""
    found = []
    for pid in state["seats"]:
        player = state["players"][pid]
        if player["status"] != "alive" or not player["cards"]:
            continue
        name, at = player["name"], player["at"]
        first: dict[str, dict] = {}
        numbered: dict[str, dict] = {}
        for card in player["cards"]:
            first.setdefault(card["name"], card)
            if card["number"] is not None or card["numbered"]:
                numbered.setdefault(card["name"], card)
        for card_name, card in first.items():
            pile = ROOMS[card["room"]]["name"]
            found.append(Choice(_event("return_card", pid, card=card_name),
                                f"{name} shows {card_name} and returns it under the {pile} pile",
                                spaces=(at,)))
            if card_name in numbered:
                points = (P.CIRCLED_CARD_NUMBER.id,) if numbered[card_name]["number"] is None else ()
                found.append(Choice(_event("trade", pid, card=card_name),
                                    f"{name} trades in {card_name} for stamina",
                                    spaces=(at,), points=points))
    return found


def _stairs_label(state, pid, direction) -> str:
    return f"{name_of(state, pid)} counts the six {direction} the Great Spiral Staircase"


def _green_squares(state):
    return [sid for sid, square in SQUARES.items() if square["kind"] == "green"]


def _beside(state, pid):
    """The players on a square next to ``pid``'s (the Power of Adjacency reaches no one else)."""
    near = SQUARE_ADJ.get(state["players"][pid]["at"], ())
    return [other for other in _others(state, pid) if state["players"][other]["at"] in near]


def _others(state, pid):
    return [other for other in state["seats"]
            if other != pid and state["players"][other]["status"] == "alive"]


def _distinct(cards) -> list[str]:
    return list(dict.fromkeys(card["name"] for card in cards))


def _event(type_, actor, **data) -> dict:
    return {"type": type_, "actor": actor, "data": data}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


