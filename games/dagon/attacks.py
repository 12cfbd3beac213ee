"""dagon/attack-between-heroes and dagon/the-lagoon: a Hero that lands on another attacks it;
the attacked Hero goes to a Lagoon space and the attacker stays."""

from __future__ import annotations

from games.core.referee import Referee
from games.dagon.board import board_for
from games.dagon.passages import ATTACKS, CITIES, LAGOON, WEAPONS
from games.dagon.points import ATTACK_ON_SYMBOLIC_SPACE, LAGOON_CHOOSER, ONE_WEAPON_ON_SPELL
from games.dagon.starting_the_game import arrive, joined
from games.dagon.state import end_turn, occupants, player_name, with_hero


def attack(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "This attack costs the attacker one weapon. The attacked player moves its Hero to a
    symbol (Lagoon) of its choice" (who chooses: dagon.lagoon-chooser)."""
    new = dict(state)
    board = board_for(new["board_id"])
    name = player_name(new, pid)
    pending = new["pending"]
    space = pending["space"]
    target = data["target"]
    if target == pid or target not in new["heroes"] or new["heroes"][target]["space"] != space:
        ref.violation(ATTACKS, f"{player_name(new, target)} is not the Hero on "
                      f"{board.name[space]}; the attack falls on "
                      f"{player_name(new, pending['target'])}")
        target = pending["target"]
    tname = player_name(new, target)
    attacker = new["heroes"][pid]
    option = ref.consult(LAGOON_CHOOSER, "who chose the Lagoon space")
    chooser = data["lagoon_chosen_by"]
    expected = pid if option == "attacker" else target
    if chooser != expected:
        rule = LAGOON if option == "attacker" else ATTACKS
        ref.violation(rule, f"the Lagoon space was chosen by {player_name(new, chooser)}, but "
                      f"the {option} player ({player_name(new, expected)}) chooses it",
                      point=LAGOON_CHOOSER)
    if attacker["weapons"] < 1:
        ref.violation(WEAPONS, f"{name} has no weapons and cannot attack")
    kind = board.kind[space]
    if kind == "spell" and attacker["weapons"] == 1:
        ref.uncertain(ONE_WEAPON_ON_SPELL, "the rule that forbids this attack rests on a "
                      "sentence printed without its closing parenthesis")
        ref.violation(WEAPONS, f"{name} has only one weapon and may not attack {tname} on a "
                      "Spell", citations=(ONE_WEAPON_ON_SPELL,))
    if kind == "city":
        ref.violation(CITIES, f"{tname} is in a city and may not be attacked")
    lagoon = data["lagoon"]
    if lagoon not in board.kind or board.kind[lagoon] != "lagoon":
        ref.violation(LAGOON, f"{lagoon!r} is not a Lagoon space")
    elif occupants(new, lagoon, exclude=target):
        ref.violation(LAGOON, f"{board.name[lagoon]} is not free")
    if lagoon not in board.kind:
        free = [s for s in board.lagoons if not occupants(new, s, exclude=target)]
        lagoon = free[0] if free else board.lagoons[0]
    with_hero(new, pid, weapons=max(0, attacker["weapons"] - 1))
    with_hero(new, target, space=lagoon)
    ref.effect("attack", player=pid, target=target, lagoon=lagoon, chosen_by=chooser)
    summary = (f"{name} attacks {tname}; {tname} goes to {board.name[lagoon]} "
               f"(chosen by {player_name(new, chooser)})")
    if new["symbol"]["bearer"] == target:
        new["symbol"] = {"space": None, "bearer": pid}
        ref.effect("capture_symbol", player=pid, target=target)
        summary += f"; {name} captures the Dagon Symbol"
    new["pending"] = None
    if kind in ("spell", "tower", "whistle") and ref.consult(
            ATTACK_ON_SYMBOLIC_SPACE, "the attacker stays on a symbolic space") == "no-effect":
        end_turn(new)
        return new, summary
    return new, summary + joined(arrive(new, pid, space, ref, board))
