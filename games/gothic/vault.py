"""The Vault, Dracula and the Vampire (gothic/the-vault).

Entering the Vault costs 20 stamina and makes the player the Vampire for six goes; a Vampire
throws twice a go, kills by passing players in the corridor, is cured by returning to the
Vault in time and dies at sunrise otherwise (its goes are counted in ``turns``); a stake
through the heart kills it.
"""

from __future__ import annotations

from games.core.choices import Choice, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.cards import is_stake, return_card, take_card
from games.gothic.stamina import change_stamina, eliminate
from games.gothic.state import VAULT, name_of, others_alive
from games.gothic.turns import refereed

BITE = 20
VAMPIRE_DRAUGHT = 20


def bite(draft: Draft, ref, pid: str) -> None:
    """gothic/the-vault: "losing 20 stamina points ... you become a Vampire". The goes are
    counted from the next one ("for the next 6 goes"): ``fresh`` marks the go of the bite."""
    change_stamina(draft, ref, pid, -BITE, "bitten by Dracula in the Vault")
    if draft.state["players"][pid]["status"] == "alive":
        draft.update("players", pid, vampire={"goes": 0, "kills": 0,
                                              "fresh": pid == draft.state["turn"]},
                     held_by=None, controlled_by=None)
        draft.state["dracula"] = pid
        ref.effect("vampire", player=pid)


def enter_vault(draft: Draft, ref, pid: str) -> None:
    player = draft.state["players"][pid]
    if player["vampire"] is not None:
        vampire_returns(draft, ref, pid)
    elif draft.state["dracula"] is None:
        bite(draft, ref, pid)


def vampire_returns(draft: Draft, ref, pid: str) -> None:
    """gothic/the-vault: "the black Dracula pawn is replaced in his coffin"."""
    draft.edit("players", pid)["vampire"] = None
    draft.state["dracula"] = None
    ref.effect("dracula", to="coffin", cured=pid)
    state = draft.state
    others = [o for o in others_alive(state, pid) if state["players"][o]["at"] == VAULT]
    if others:
        option = ref.consult(
            P.DRACULA_RETURNS_OCCUPIED, "Dracula returns while a player is in the Vault"
        )
        for i, other in enumerate(others):
            if option == "falls-prey" and i == 0:
                bite(draft, ref, other)
            else:
                change_stamina(draft, ref, other, -BITE, "caught in the Vault as Dracula returns")


def vampire_kills(draft: Draft, ref, pid, passed) -> str:
    """gothic/the-vault: "kill any other player simply by passing them in the corridor"."""
    names = []
    for victim in passed:
        players = draft.state["players"]
        if players[victim]["status"] != "alive" or players[victim]["vampire"] is not None:
            continue
        names.append(name_of(draft.state, victim))
        eliminate(draft, ref, victim, "dead", f"killed by the Vampire {name_of(draft.state, pid)}")
        vampire = draft.state["players"][pid]["vampire"]
        if draft.state["players"][pid]["status"] == "alive" and vampire is not None:
            draft.edit("players", pid)["vampire"] = {**vampire, "kills": vampire["kills"] + 1}
            change_stamina(draft, ref, pid, VAMPIRE_DRAUGHT, "a draught of the victim's blood")
    return f"; the Vampire kills {', '.join(names)}" if names else ""


def stake_refusal(state, actor, target) -> str | None:
    """Why ``actor`` may not drive a stake through ``target``'s heart now, or None."""
    victim = state["players"].get(target)
    if victim is None or victim["status"] != "alive" or victim["vampire"] is None:
        return f"{name_of(state, target)} is not a Vampire"
    if not any(is_stake(card) for card in state["players"][actor]["cards"]):
        return f"{name_of(state, actor)} possesses no stake"
    if target not in state["go"]["passed"]:
        return (f"{name_of(state, actor)} has not sneaked past the Vampire {victim['name']} "
                "this go")
    return None


@refereed("stake")
def stake(draft: Draft, ref, actor, data):
    """gothic/the-vault: "if they possess a stake, they may drive it through your heart"."""
    state = draft.state
    target, name = data["target"], name_of(state, actor)
    refusal = stake_refusal(state, actor, target)
    if refusal is not None:
        ref.violation(rule.THE_VAULT, refusal)
        return None
    victim = state["players"][target]
    return_card(draft, ref, take_card(draft, actor, next(
        c["name"] for c in state["players"][actor]["cards"] if is_stake(c)), is_stake))
    draft.edit("go")["green"] = False  # the secret passage was to be taken at once
    ref.effect("stake", player=actor, target=target)
    eliminate(draft, ref, target, "dead", f"staked through the heart by {name}")
    return f"{name} drives a stake through the Vampire {victim['name']}'s heart"


def offer_stake(at: Offering) -> list[Choice]:
    """A stake through the heart of each Vampire the player sneaked past in this go."""
    state = at.state
    if state["stage"] != "act":
        return []
    actor = state["actor"]
    player = state["players"][actor]
    return [Choice(event("stake", actor, target=target),
                   f"{player['name']} drives a stake through the Vampire "
                   f"{name_of(state, target)}'s heart",
                   spaces=(player["at"], state["players"][target]["at"]), origin=player["at"])
            for target in others_alive(state, actor)
            if stake_refusal(state, actor, target) is None]


RULES = {"stake": (stake, offer_stake)}
