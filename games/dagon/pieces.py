"""Where everything stands (``DagonEngine.pieces``): the Heroes, the Dagon Symbol, the Black
Towers and the Wizard cards, by space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.board import Piece
from games.dagon.board import Board
from games.dagon.state import TOWERS_IN_BOX, WEAPONS_MAX, player_name


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
