"""dagon/the-spells: a Hero that lands on a Spell turns over the top Spell card and rolls the
fetish die against it."""

from __future__ import annotations

from games.core.referee import Referee
from games.dagon.board import board_for
from games.dagon.points import SYMBOL_LOSS_SIT_OUT
from games.dagon.state import DUEL_ROLL, EXTRA_MOVE, PLACE_SYMBOL, end_turn, player_name, with_hero


def spell_card(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "The number on the Spell shows its strength (1 to 6)." """
    new = dict(state)
    strength = data["strength"]
    new["pending"] = {**new["pending"], "strength": strength}
    new["phase"] = DUEL_ROLL
    ref.effect("spell_card", player=pid, strength=strength)
    return new, f"{player_name(new, pid)} turns over a Spell of strength {strength}"


def duel_roll(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "the same number of points or more than the Spell card": the duel is won and the
    Hero may move one more space; fewer: a weapon lost and the Wizard card (and the Symbol,
    dagon/the-wizard-card)."""
    new = dict(state)
    board = board_for(new["board_id"])
    value = data["value"]
    strength = new["pending"]["strength"]
    space = new["pending"]["space"]
    name = player_name(new, pid)
    hero = new["heroes"][pid]
    if value >= strength:
        with_hero(new, pid, pass_right=True)
        new["phase"] = EXTRA_MOVE
        new["pending"] = None
        ref.effect("duel", player=pid, won=True)
        return new, f"{name} rolls {value} against {strength} and wins the duel"
    with_hero(new, pid, weapons=max(0, hero["weapons"] - 1), wizard_card=True,
              pass_right=False)
    ref.effect("duel", player=pid, won=False)
    summary = f"{name} rolls {value} against {strength}, loses the duel and a weapon"
    if new["symbol"]["bearer"] == pid:
        if ref.consult(SYMBOL_LOSS_SIT_OUT, "the bearer loses the Symbol in a duel") == "extra-turn":
            with_hero(new, pid, symbol_penalty=1)
        new["symbol"] = {"space": None, "bearer": None}
        new["phase"] = PLACE_SYMBOL
        new["pending"] = {"reason": "lost", "kingdom": board.kingdom[space]}
        return new, summary + ", and the Dagon Symbol"
    end_turn(new)
    return new, summary
