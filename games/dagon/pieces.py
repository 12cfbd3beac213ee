"""Where everything stands (``DagonEngine.pieces``): the Heroes, the Dagon Symbol, the Black
Towers and the Wizard cards, by space; and each player's facts in words
(``DagonEngine.player_facts``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.board import Piece
from games.core.facts import PlayerFacts
from games.dagon.board import Board
from games.dagon.state import OVER, TOWERS_IN_BOX, WEAPONS_MAX, player_name

PHASE_WORDS = {
    "start": "to start the turn",
    "move": "to move",
    "attack": "to attack",
    "spell_card": "to turn over a Spell card",
    "duel_roll": "to roll against the Spell",
    "extra_move": "to take the extra move or pass",
    "take_symbol": "to take the Dagon Symbol or pass",
    "place_symbol": "to place the Dagon Symbol",
    "place_tower": "to place a Black Tower",
    "move_tower": "to move a Black Tower",
}


def pieces_of(state: Mapping[str, Any], board: Board) -> list[Piece]:
    found = []
    bearer = state["symbol"]["bearer"]
    for pid in state["order"]:
        hero = state["heroes"][pid]
        name = player_name(state, pid)
        notes = [f"{hero['weapons']} of {WEAPONS_MAX} weapons"]
        if bearer == pid:
            notes.append("carries the Dagon Symbol")
        if hero["sit_out"]:
            notes.append(f"sits out {hero['sit_out']} turn(s)")
        if hero["knighted"]:
            notes.append("knighted by " + ", ".join(board.name.get(c, c) for c in hero["knighted"]))
        space = hero["space"] if hero["space"] in board.kind else None
        found.append(Piece(id=f"hero-{pid}", kind="hero", label=f"{name}'s Hero", space=space,
                           owner=pid, detail="; ".join(notes)))
        if hero["wizard_card"]:
            found.append(Piece(id=f"wizard-card-{pid}", kind="wizard-card", label="Wizard card",
                               space=None, owner=pid, detail=f"held by {name}"))
    symbol = state["symbol"]
    if bearer is not None:
        found.append(Piece(id="dagon-symbol", kind="symbol", label="The Dagon Symbol",
                           space=state["heroes"][bearer]["space"] if
                           state["heroes"][bearer]["space"] in board.kind else None,
                           owner=bearer, detail=f"carried by {player_name(state, bearer)}"))
    elif symbol["space"] is not None:
        found.append(Piece(id="dagon-symbol", kind="symbol", label="The Dagon Symbol",
                           space=symbol["space"], detail="lying on the board"))
    else:
        placer = state["turn"] if state["winner"] is None else None
        found.append(Piece(id="dagon-symbol", kind="symbol", label="The Dagon Symbol",
                           space=None, owner=placer,
                           detail=(f"waiting to be placed by {player_name(state, placer)}"
                                   if placer else "delivered for the last time")))
    towers = state["towers"]
    for space in towers["spaces"]:
        found.append(Piece(id=f"black-tower-{space}", kind="black-tower", label="Black Tower",
                           space=space))
    found.append(Piece(id="black-tower-reserve", kind="black-tower",
                       label="Black Towers in the reserve", space=None,
                       detail=f"{towers['reserve']} of {TOWERS_IN_BOX}"))
    return found


def facts_of(state: Mapping[str, Any], board: Board) -> list[PlayerFacts]:
    found = []
    bearer = state["symbol"]["bearer"]
    for pid in state["order"]:
        hero = state["heroes"][pid]
        facts = [("Stands on", board.name.get(hero["space"], hero["space"])),
                 ("Weapons", f"{hero['weapons']} of {WEAPONS_MAX}")]
        if bearer == pid:
            facts.append(("Carries", "the Dagon Symbol"))
        if hero["wizard_card"]:
            facts.append(("Holds", "the Wizard card"))
        if hero["sit_out"]:
            facts.append(("Sits out", f"{hero['sit_out']} more turn(s)"))
        cities = [board.name.get(c, c) for c in hero["knighted"]]
        facts.append(("Knighted by", ", ".join(cities) if cities else "no city yet"))
        acting = state["phase"] != OVER and state["turn"] == pid
        if acting:
            facts.append(("Now", PHASE_WORDS.get(state["phase"], state["phase"])))
        found.append(PlayerFacts(player=pid, name=player_name(state, pid), facts=tuple(facts),
                                 acting=acting))
    return found
