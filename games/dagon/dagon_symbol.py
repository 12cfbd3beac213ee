"""dagon/the-dagon-symbol-ark: the Symbol taken where it lies, and placed again after it is
delivered (dagon/the-cities-of-the-thrones) or lost in a duel (dagon/the-wizard-card)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.points import InterpretationPoint
from games.core.referee import Referee
from games.dagon.board import Board, board_for
from games.dagon.passages import CITIES, WIZARD
from games.dagon.points import LOST_SYMBOL_CITY, SYMBOL_ON_A_HERO, SYMBOL_REPLACEMENT
from games.dagon.state import PLACE_SYMBOL, TAKE_SYMBOL, end_turn, player_name


def take_symbol(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "it may take the Dagon Symbol (ark). (It may do so only if it lands on the white
    circle at the tail.)" """
    draft = Draft(state)
    draft.state["symbol"] = {"space": None, "bearer": pid}
    ref.effect("take_symbol", player=pid)
    end_turn(draft)
    return draft.state, f"{player_name(state, pid)} takes the Dagon Symbol"


def offer_take_symbol(at: Offering) -> list[Choice]:
    """Stopped where the Symbol lies, the Hero may take it (or pass, dagon/starting-the-game)."""
    state = at.state
    if state["phase"] != TAKE_SYMBOL:
        return []
    pid = state["turn"]
    here = state["heroes"][pid]["space"]
    return [Choice(event("take_symbol", pid), f"{player_name(state, pid)} takes the Dagon Symbol",
                   spaces=(here,))]


def symbol_place_problem(board: Board, state: Mapping[str, Any], space: str,
                         read: Callable[[InterpretationPoint], str]
                         ) -> tuple[str | None, InterpretationPoint | None]:
    """Why the Symbol may not be placed on ``space`` now, and the point that says so.

    ``read(point)`` gives an option; it is asked only when the point decides: where the
    lost Symbol goes (dagon.lost-symbol-city), where the delivered Symbol goes
    (dagon.symbol-replacement), and a Hero on an otherwise fitting circle
    (dagon.symbol-on-a-hero)."""
    pending = state["pending"]
    if space not in board.kind:
        return f"{space!r} is not a space of the board", None
    if board.kind[space] != "white":
        return f"{board.name[space]} is a symbolic space, not a white circle", None
    if space in state["towers"]["spaces"]:
        return f"{board.name[space]} holds a Black Tower", None
    kingdom = board.kingdom[space]
    if pending["reason"] == "lost":
        if kingdom is None or kingdom == pending["kingdom"]:
            lenient = "any-city" if kingdom is not None else "outside-the-spells-kingdom"
            if read(LOST_SYMBOL_CITY) != lenient:
                return f"{board.name[space]} is not in another city", LOST_SYMBOL_CITY
    elif kingdom == pending["city"] or (
            kingdom is None and read(SYMBOL_REPLACEMENT) == "other-city-territory"):
        return f"{board.name[space]} is not in another kingdom", SYMBOL_REPLACEMENT
    if any(h["space"] == space for h in state["heroes"].values()) \
            and read(SYMBOL_ON_A_HERO) == "free-only":
        return f"a Hero stands on {board.name[space]}", SYMBOL_ON_A_HERO
    return None, None


def place_symbol(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """Delivered: "place the Symbol on a space of its choice in another kingdom"; lost: "(never
    on a symbolic space, nor on a space occupied by a Black Tower, the Whistle or the Lagoon),
    but that space must be in another city"."""
    draft = Draft(state)
    board = board_for(state["board_id"])
    space = data["space"]
    name = player_name(state, pid)
    delivered = state["pending"]["reason"] != "lost"
    problem, point = symbol_place_problem(board, state, space, lambda p: ref.consult(
        p, "where the Symbol may be placed"))
    if problem:
        ref.violation(CITIES if delivered else WIZARD,
                      f"{name} may not place the Symbol there: {problem}", point=point)
    if space not in board.kind:
        space = board.tail
    draft.state["symbol"] = {"space": space, "bearer": None}
    ref.effect("place_symbol", player=pid, space=space)
    end_turn(draft)
    return draft.state, f"{name} places the Dagon Symbol on {board.name[space]}"


def offer_place_symbol(at: Offering) -> list[Choice]:
    """The Symbol delivered or lost is placed on one of the circles its passage allows."""
    state = at.state
    if state["phase"] != PLACE_SYMBOL:
        return []
    pid = state["turn"]
    board = board_for(state["board_id"])
    read: set[str] = set()

    def reading(point: InterpretationPoint) -> str:
        read.add(point.id)
        return at.option(point)

    places = [space for space in board.white
              if symbol_place_problem(board, state, space, reading)[0] is None]
    if not places:
        return []
    where = OpenField("space", one_of(places, label=board.name.__getitem__, space=str),
                      prompt="Where the Dagon Symbol goes")
    return [Choice(event("place_symbol", pid), f"{player_name(state, pid)} places the Dagon "
                   "Symbol", fields=(where,), spaces=tuple(places), points=tuple(sorted(read)))]


RULES = {
    "take_symbol": (take_symbol, offer_take_symbol),
    "place_symbol": (place_symbol, offer_place_symbol),
}
