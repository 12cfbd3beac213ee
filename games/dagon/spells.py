"""dagon/the-spells: a Hero that lands on a Spell turns over the top Spell card and rolls the
fetish die against it."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.dagon.board import board_for
from games.dagon.points import SYMBOL_LOSS_SIT_OUT
from games.dagon.state import (
    DUEL_ROLL,
    EXTRA_MOVE,
    PLACE_SYMBOL,
    SPELL_CARD,
    end_turn,
    player_name,
    with_hero,
)

# "The number on the Spell shows its strength (1 to 6)"; the sheet never says how many of the
# 22 cards show each number, nor describes the fetish die, so each number is taken as even odds.
STRENGTHS = FACES = (1, 2, 3, 4, 5, 6)


def spell_card(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "The number on the Spell shows its strength (1 to 6)." """
    draft = Draft(state)
    strength = data["strength"]
    draft.state["pending"] = {**state["pending"], "strength": strength}
    draft.state["phase"] = DUEL_ROLL
    ref.effect("spell_card", player=pid, strength=strength)
    return draft.state, f"{player_name(state, pid)} turns over a Spell of strength {strength}"


def duel_roll(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "the same number of points or more than the Spell card": the duel is won and the
    Hero may move one more space; fewer: a weapon lost and the Wizard card (and the Symbol,
    dagon/the-wizard-card)."""
    draft = Draft(state)
    new = draft.state
    board = board_for(state["board_id"])
    value = data["value"]
    strength = state["pending"]["strength"]
    space = state["pending"]["space"]
    name = player_name(state, pid)
    hero = state["heroes"][pid]
    if value >= strength:
        with_hero(draft, pid, pass_right=True)
        new["phase"] = EXTRA_MOVE
        new["pending"] = None
        ref.effect("duel", player=pid, won=True)
        return new, f"{name} rolls {value} against {strength} and wins the duel"
    with_hero(draft, pid, weapons=max(0, hero["weapons"] - 1), wizard_card=True,
              pass_right=False)
    ref.effect("duel", player=pid, won=False)
    summary = f"{name} rolls {value} against {strength}, loses the duel and a weapon"
    if state["symbol"]["bearer"] == pid:
        if ref.consult(SYMBOL_LOSS_SIT_OUT, "the bearer loses the Symbol in a duel") == "extra-turn":
            with_hero(draft, pid, symbol_penalty=1)
        new["symbol"] = {"space": None, "bearer": None}
        new["phase"] = PLACE_SYMBOL
        new["pending"] = {"reason": "lost", "kingdom": board.kingdom[space]}
        return new, summary + ", and the Dagon Symbol"
    end_turn(draft)
    return new, summary


def offer_spell_card(at: Offering) -> list[Choice]:
    """The top Spell card turned over: a draw, its strength one of 1 to 6."""
    state = at.state
    if state["phase"] != SPELL_CARD:
        return []
    pid = state["turn"]
    space = state["pending"]["space"]
    strength = OpenField("strength", one_of(STRENGTHS, label=lambda n: f"strength {n}"),
                         prompt="The strength on the Spell card")
    return [Choice(event("spell_card", pid), f"{player_name(state, pid)} turns over the top "
                   "Spell card", chance=True, fields=(strength,), spaces=(space,))]


def offer_duel_roll(at: Offering) -> list[Choice]:
    """The fetish die against the Spell: won on its strength or more."""
    state = at.state
    if state["phase"] != DUEL_ROLL:
        return []
    pid = state["turn"]
    space = state["pending"]["space"]
    strength = state["pending"]["strength"]

    def said(face: int) -> str:
        return f"{face}: {'wins' if face >= strength else 'loses'} the duel"

    value = OpenField("value", one_of(FACES, label=said), prompt="The fetish die shows")
    return [Choice(event("duel_roll", pid), f"{player_name(state, pid)} rolls the fetish die "
                   f"against the Spell of strength {strength}", chance=True, fields=(value,),
                   spaces=(space,))]


RULES = {
    "spell_card": (spell_card, offer_spell_card),
    "duel_roll": (duel_roll, offer_duel_roll),
}
