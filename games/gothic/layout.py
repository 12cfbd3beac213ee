"""The castle as a page draws it: every square, room, gate and the moat named in the game's
words, with positions from ``board.json`` (a documented reconstruction), and where every pawn
stands, Dracula's black pawn included."""

from __future__ import annotations

from functools import cache

from games.core.board import BoardLayout, Piece, Space
from games.gothic.state import (
    ADJ,
    BOARD,
    GATES,
    MOAT,
    ROOMS,
    SQUARES,
    STAIRCASE_STEPS,
    VAULT,
)

SQUARE_KINDS = {
    "green": "green square",
    "yellow": "yellow arrow",
    "red": "red square",
    "oubliette": "Oubliette",
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@cache
def board_layout() -> BoardLayout:
    spaces = []
    for sid, square in SQUARES.items():
        area = square["area"]
        plain = "battlement square" if area == "battlements" else "corridor square"
        kind = SQUARE_KINDS.get(square["kind"], plain)
        spaces.append(Space(sid, _capital(square["name"]), kind, square["x"], square["y"], area,
                            square.get("colour", "")))
    for rid, room in ROOMS.items():
        spaces.append(Space(rid, f"The {room['name']}", "room", room["x"], room["y"], "castle",
                            room.get("colour", "")))
    for gid, gate in GATES.items():
        spaces.append(Space(gid, f"Outside the {gate['name']}", "gate", gate["x"], gate["y"],
                            "outside", gate.get("colour", "")))
    moat = BOARD["moat"]
    spaces.append(Space(MOAT, "The moat", "moat", moat["x"], moat["y"], "outside",
                        moat.get("colour", "")))
    links = sorted({tuple(sorted((a, b))) for a, near in ADJ.items() for b in near})
    return BoardLayout(
        spaces=tuple(spaces),
        links=tuple(links),
        width=1000,
        height=1000,
        provenance=BOARD["provenance"],
    )


def pieces_of(state) -> list[Piece]:
    """Each player's pawn (off the board once out of the game) and Dracula's black pawn: in
    his coffin in the Vault, or placed over the Vampire's pawn (gothic/the-vault)."""
    found = []
    for pid in state["seats"]:
        player = state["players"][pid]
        found.append(
            Piece(
                id=pid,
                kind="pawn",
                label=player["name"],
                space=player["at"],
                owner=pid,
                detail=_detail(state, player),
            )
        )
    vampire = state["dracula"]
    if vampire is None:
        found.append(Piece("dracula", "dracula", "Dracula", VAULT, detail="in his coffin"))
    else:
        at = state["players"][vampire]["at"]
        name = state["players"][vampire]["name"]
        found.append(
            Piece("dracula", "dracula", "Dracula", at, detail=f"over {name}'s pawn: the Vampire")
        )
    return found


def _detail(state, player) -> str:
    if player["status"] != "alive":
        return f"out of the game: {player['cause']}"
    facts = [f"{player['stamina']} stamina"]
    if player["cards"]:
        count = len(player["cards"])
        facts.append(f"{count} card{'s' if count > 1 else ''}")
    if player["depth"] is not None:
        facts.append(f"step {player['depth']} of {STAIRCASE_STEPS} down the staircase")
    if player["vampire"] is not None:
        facts.append(f"the Vampire ({player['vampire']['goes']} goes counted)")
    if player["detained"]:
        facts.append(f"detained for {player['detained']} more go(es)")
    if player["controlled_by"] is not None:
        facts.append(f"next move directed by {state['players'][player['controlled_by']]['name']}")
    if player["oil_used"]:
        facts.append("has poured the oil")
    return "; ".join(facts)
