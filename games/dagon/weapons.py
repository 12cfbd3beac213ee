"""dagon/weapons: a Hero with no weapons "may not fight the Wizard's Spells, nor attack another
Hero", and with one weapon left "may not attack any other Hero that is standing on a Spell".
The judgement ``apply`` and the offers of moves and attacks share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.referee import Referee
from games.dagon.board import Board
from games.dagon.passages import WEAPONS
from games.dagon.points import ONE_WEAPON_ON_SPELL
from games.dagon.state import player_name


def attack_refusal(board: Board, state: Mapping[str, Any], pid: str, space: str,
                   target: str | None = None) -> str | None:
    """Why the Hero may not attack the Hero (``target``) standing on ``space`` (None: it may)."""
    weapons = state["heroes"][pid]["weapons"]
    if weapons < 1:
        return f"{player_name(state, pid)} has no weapons and cannot attack"
    if board.kind.get(space) == "spell" and weapons == 1:
        whom = player_name(state, target) if target else "a Hero"
        return f"{player_name(state, pid)} has only one weapon and may not attack {whom} on a Spell"
    return None


def flag_attack_refusal(ref: Referee, refusal: str, board: Board, space: str) -> None:
    """The violation of an attack the weapons forbid; the one-weapon rule rests on a sentence
    printed without its closing parenthesis, which the flag says."""
    if board.kind.get(space) == "spell":
        ref.uncertain(ONE_WEAPON_ON_SPELL, "the rule that forbids this attack rests on a "
                      "sentence printed without its closing parenthesis")
        ref.violation(WEAPONS, refusal, citations=(ONE_WEAPON_ON_SPELL,))
    else:
        ref.violation(WEAPONS, refusal)
