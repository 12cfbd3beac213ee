"""dagon/attack-between-heroes and dagon/the-lagoon: a Hero that lands on another attacks it;
the attacked Hero goes to a Lagoon space and the attacker stays."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.dagon.board import board_for
from games.dagon.passages import ATTACKS, CITIES, LAGOON
from games.dagon.points import ATTACK_ON_SYMBOLIC_SPACE, LAGOON_CHOOSER
from games.dagon.starting_the_game import arrive, joined
from games.dagon.state import ATTACK, end_turn, occupants, player_name, with_hero
from games.dagon.weapons import attack_refusal, flag_attack_refusal


def attack(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "This attack costs the attacker one weapon. The attacked player moves its Hero to a
    symbol (Lagoon) of its choice" (who chooses: dagon.lagoon-chooser)."""
    draft = Draft(state)
    new = draft.state
    board = board_for(state["board_id"])
    name = player_name(state, pid)
    pending = state["pending"]
    space = pending["space"]
    target = data["target"]
    if target == pid or target not in state["heroes"] or state["heroes"][target]["space"] != space:
        ref.violation(ATTACKS, f"{player_name(state, target)} is not the Hero on "
                      f"{board.name[space]}; the attack falls on "
                      f"{player_name(state, pending['target'])}")
        target = pending["target"]
    tname = player_name(state, target)
    attacker = state["heroes"][pid]
    option = ref.consult(LAGOON_CHOOSER, "who chose the Lagoon space")
    chooser = data["lagoon_chosen_by"]
    expected = pid if option == "attacker" else target
    if chooser != expected:
        rule = LAGOON if option == "attacker" else ATTACKS
        ref.violation(rule, f"the Lagoon space was chosen by {player_name(state, chooser)}, but "
                      f"the {option} player ({player_name(state, expected)}) chooses it",
                      point=LAGOON_CHOOSER)
    refusal = attack_refusal(board, state, pid, space, target)
    if refusal:
        flag_attack_refusal(ref, refusal, board, space)
    kind = board.kind[space]
    if kind == "city":
        ref.violation(CITIES, f"{tname} is in a city and may not be attacked")
    lagoon = data["lagoon"]
    if lagoon not in board.kind or board.kind[lagoon] != "lagoon":
        ref.violation(LAGOON, f"{lagoon!r} is not a Lagoon space")
    elif occupants(state, lagoon, exclude=target):
        ref.violation(LAGOON, f"{board.name[lagoon]} is not free")
    if lagoon not in board.kind:
        free = [s for s in board.lagoons if not occupants(state, s, exclude=target)]
        lagoon = free[0] if free else board.lagoons[0]
    with_hero(draft, pid, weapons=max(0, attacker["weapons"] - 1))
    with_hero(draft, target, space=lagoon)
    ref.effect("attack", player=pid, target=target, lagoon=lagoon, chosen_by=chooser)
    summary = (f"{name} attacks {tname}; {tname} goes to {board.name[lagoon]} "
               f"(chosen by {player_name(state, chooser)})")
    if state["symbol"]["bearer"] == target:
        new["symbol"] = {"space": None, "bearer": pid}
        ref.effect("capture_symbol", player=pid, target=target)
        summary += f"; {name} captures the Dagon Symbol"
    new["pending"] = None
    if kind in ("spell", "tower", "whistle") and ref.consult(
            ATTACK_ON_SYMBOLIC_SPACE, "the attacker stays on a symbolic space") == "no-effect":
        end_turn(draft)
        return new, summary
    return new, summary + joined(arrive(draft, pid, name, space, ref, board))


def offer_attack(at: Offering) -> list[Choice]:
    """The Hero on the space the move ended on is attacked and goes to a free Lagoon space,
    chosen by whom dagon.lagoon-chooser says (none when the weapons forbid the attack)."""
    state = at.state
    if state["phase"] != ATTACK:
        return []
    board = board_for(state["board_id"])
    pid = state["turn"]
    space = state["pending"]["space"]
    if board.kind[space] == "city":
        return []
    by_attacker = at.option(LAGOON_CHOOSER) == "attacker"
    name = player_name(state, pid)
    choices = []
    for target in occupants(state, space, exclude=pid):
        if attack_refusal(board, state, pid, space, target):
            continue
        lagoons = [s for s in board.lagoons if not occupants(state, s, exclude=target)]
        if not lagoons:
            continue
        chooser = pid if by_attacker else target
        tname = player_name(state, target)
        where = OpenField("lagoon", one_of(lagoons, label=board.name.__getitem__, space=str),
                          prompt=f"The Lagoon space {tname} goes to, chosen by "
                          f"{player_name(state, chooser)}",
                          decider=None if chooser == pid else chooser)
        choices.append(Choice(
            event("attack", pid, target=target, lagoon_chosen_by=chooser),
            f"{name} attacks {tname}", fields=(where,), spaces=(space, *lagoons),
            origin=space, points=(LAGOON_CHOOSER.id,)))
    return choices


RULES = {"attack": (attack, offer_attack)}
