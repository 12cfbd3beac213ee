"""A match's state under a compiled document: plain JSON data (see docs/rules-reference.md,
"The state"), and the small questions everything asks of it.

A piece is ``[owner, kind, space, waiting, home]``: its player, its kind, the space it stands
on (None once captured), whether it waits to be released, and the space it started from. The
list's order never changes, so a piece is known by its index.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.rules.model import RulesGame

OWNER, KIND, SPACE, WAITING, HOME = range(5)


def new_state(game: RulesGame, players: Sequence[Mapping[str, str]]) -> dict:
    ids = [player["id"] for player in players]
    if not game.min_players <= len(ids) <= game.max_players:
        raise ValueError(f"{game.name} is played by {game.min_players} to {game.max_players} "
                         f"players, not {len(ids)}")
    roles = {pid: game.roles[seat][0] for seat, pid in enumerate(ids)} if game.roles else {}
    by_role = {role: pid for pid, role in roles.items()}
    pieces: list[list[Any]] = []
    for piece in game.pieces:
        owners = ids if piece.owner is None else [by_role[piece.owner]] \
            if piece.owner in by_role else []
        for owner in owners:
            pieces.extend([owner, piece.kind, start, False, start] for start in piece.starts)
    state: dict[str, Any] = {
        "players": [{"id": p["id"], "name": p.get("name") or p["id"]} for p in players],
        "roles": roles,
        "pieces": pieces,
        "turn": None,
        "stage": 0,
        "pending": [],
        "throw": None,
        "total": None,
        "mover": None,
        "extra": False,
        "lost": dict.fromkeys(ids, 0),
        "thrown": dict.fromkeys(ids, 0),
        "over": False,
        "winner": None,
        "reason": "",
    }
    if game.decks:
        state["decks"] = {deck.id: {"pile": {card.id: card.count for card in deck.cards},
                                    "discard": {}} for deck in game.decks.values()}
    if game.hides:
        state["hands"] = {pid: {} for pid in ids}
    return state


def seat_order(state: Mapping[str, Any]) -> list[str]:
    return [player["id"] for player in state["players"]]


def player_name(state: Mapping[str, Any], pid: str | None) -> str:
    for player in state["players"]:
        if player["id"] == pid:
            return player["name"]
    return str(pid)


def player_of_role(state: Mapping[str, Any], role: str) -> str | None:
    for pid, held in state["roles"].items():
        if held == role:
            return pid
    return None


def occupants(pieces: Sequence[Sequence[Any]], space: str, but: int = -1) -> list[int]:
    return [index for index, piece in enumerate(pieces) if piece[SPACE] == space and index != but]


def piece_name(game: RulesGame, kind: str) -> str:
    return game.piece_names.get(kind, kind)


def first_piece(state: Mapping[str, Any], pid: str | None) -> int | None:
    """The piece a card's effect moves: the one moved last this turn, else the player's first
    piece on the board."""
    mover = state["mover"]
    if mover is not None and state["pieces"][mover][OWNER] == pid:
        return mover
    for index, piece in enumerate(state["pieces"]):
        if piece[OWNER] == pid and piece[SPACE] is not None:
            return index
    return None
