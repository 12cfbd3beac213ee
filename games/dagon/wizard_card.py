"""dagon/the-wizard-card: a Hero that lost a duel holds the Wizard card, and on its next turn
"the only thing it can do is return the Wizard card"."""

from __future__ import annotations

from games.core.referee import Referee
from games.dagon.passages import WIZARD
from games.dagon.points import WIZARD_TURNS
from games.dagon.state import end_turn, player_name, with_hero


def start_checks(new: dict, pid: str, ref: Referee) -> None:
    """dagon/the-wizard-card: a Hero that holds the Wizard card or sits out, but plays, is
    flagged; the record is then followed (the card counts as returned, the sit-out served)."""
    hero = new["heroes"][pid]
    if hero["wizard_card"]:
        ref.violation(WIZARD, f"{player_name(new, pid)} holds the Wizard card and may only "
                      "return it this turn")
        with_hero(new, pid, wizard_card=False, sit_out=0, symbol_penalty=0)
    elif hero["sit_out"] > 0:
        ref.violation(WIZARD, f"{player_name(new, pid)} sits out this turn")
        with_hero(new, pid, sit_out=0)


def return_wizard_card(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """dagon/the-wizard-card: the card is returned; how many turns it costs is
    dagon.wizard-turns."""
    new = dict(state)
    hero = new["heroes"][pid]
    name = player_name(new, pid)
    if not hero["wizard_card"]:
        ref.violation(WIZARD, f"{name} returns a Wizard card it does not hold; its turn ends")
        end_turn(new)
        return new, f"{name} returns a Wizard card it does not hold"
    extra = 1 if ref.consult(WIZARD_TURNS, "how long the Wizard card keeps a Hero") == "two" else 0
    with_hero(new, pid, wizard_card=False, sit_out=extra + hero["symbol_penalty"],
              symbol_penalty=0)
    ref.effect("return_wizard_card", player=pid)
    end_turn(new)
    return new, f"{name} returns the Wizard card"
