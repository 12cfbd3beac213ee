"""dagon/the-wizard-card: a Hero that lost a duel holds the Wizard card, and on its next turn
"the only thing it can do is return the Wizard card"."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.dagon.passages import WIZARD
from games.dagon.points import WIZARD_TURNS
from games.dagon.state import START, end_turn, player_name, with_hero


def start_checks(draft: Draft, pid: str, ref: Referee) -> None:
    """dagon/the-wizard-card: a Hero that holds the Wizard card or sits out, but plays, is
    flagged; the record is then followed (the card counts as returned, the sit-out served)."""
    hero = draft.state["heroes"][pid]
    if hero["wizard_card"]:
        ref.violation(WIZARD, f"{player_name(draft.state, pid)} holds the Wizard card and may "
                      "only return it this turn")
        with_hero(draft, pid, wizard_card=False, sit_out=0, symbol_penalty=0)
    elif hero["sit_out"] > 0:
        ref.violation(WIZARD, f"{player_name(draft.state, pid)} sits out this turn")
        with_hero(draft, pid, sit_out=0)


def return_wizard_card(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """dagon/the-wizard-card: the card is returned; how many turns it costs is
    dagon.wizard-turns."""
    draft = Draft(state)
    hero = state["heroes"][pid]
    name = player_name(state, pid)
    if not hero["wizard_card"]:
        ref.violation(WIZARD, f"{name} returns a Wizard card it does not hold; its turn ends")
        end_turn(draft)
        return draft.state, f"{name} returns a Wizard card it does not hold"
    extra = 1 if ref.consult(WIZARD_TURNS, "how long the Wizard card keeps a Hero") == "two" else 0
    with_hero(draft, pid, wizard_card=False, sit_out=extra + hero["symbol_penalty"],
              symbol_penalty=0)
    ref.effect("return_wizard_card", player=pid)
    end_turn(draft)
    return draft.state, f"{name} returns the Wizard card"


def offer_return_wizard_card(at: Offering) -> list[Choice]:
    """At the start of its turn, a Hero holding the Wizard card may only return it."""
    state = at.state
    pid = state["turn"]
    if state["phase"] != START or not state["heroes"][pid]["wizard_card"]:
        return []
    return [Choice(event("return_wizard_card", pid),
                   f"{player_name(state, pid)} returns the Wizard card",
                   spaces=(state["heroes"][pid]["space"],))]


RULES = {"return_wizard_card": (return_wizard_card, offer_return_wizard_card)}
