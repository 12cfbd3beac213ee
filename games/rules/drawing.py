"""What a page draws of a rules document's game: the labelled board (spaces where the document
places them, its tracks and links, the legend of kinds, the board's provenance), where every
piece stands, and each player's facts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.board import BoardLayout, Piece, Space
from games.core.facts import PlayerFacts
from games.rules.hands import hand_words
from games.rules.model import RulesGame
from games.rules.state import HOME, KIND, OWNER, SPACE, WAITING, piece_name, player_name


def layout_of(game: RulesGame) -> BoardLayout:
    spaces = tuple(
        Space(id=space.id, name=space.name, kind=space.kind, x=space.x, y=space.y,
              area=game.regions[game.region_of[space.id]].name if space.id in game.region_of
              else "")
        for space in game.spaces.values())
    links: dict[tuple[str, str], None] = {}
    for track in game.tracks.values():
        for a, b in zip(track.spaces, track.spaces[1:], strict=False):
            links.setdefault((a, b), None)
    for neighbours in game.links.values():
        for a, others in neighbours.items():
            for b in others:
                if (b, a) not in links:
                    links.setdefault((a, b), None)
    board = game.board
    return BoardLayout(spaces=spaces, links=tuple(links), width=board["width"],
                       height=board["height"], provenance=dict(board["provenance"]),
                       kinds=dict(board.get("kinds", {})))


def pieces_of(game: RulesGame, state: Mapping[str, Any]) -> list[Piece]:
    found = []
    numbers: dict[tuple[str, str], int] = {}
    for piece in state["pieces"]:
        key = (piece[OWNER], piece[KIND])
        numbers[key] = numbers.get(key, 0) + 1
        word = piece_name(game, piece[KIND])
        label = f"{player_name(state, piece[OWNER])}'s {word}"
        detail = "waits to be released" if piece[WAITING] else ""
        if piece[SPACE] is None:
            label += " (captured)"
        found.append(Piece(id=f"{piece[OWNER]}-{piece[KIND]}-{numbers[key]}", kind=piece[KIND],
                           label=label, space=piece[SPACE], owner=piece[OWNER], detail=detail))
    return found


def facts_of(game: RulesGame, state: Mapping[str, Any], viewer: str | None) -> list[PlayerFacts]:
    found = []
    roles = game.roles_by_id
    for player in state["players"]:
        pid = player["id"]
        facts: list[tuple[str, str]] = []
        if pid in state["roles"]:
            facts.append(("Plays", roles[state["roles"][pid]]))
        mine = [piece for piece in state["pieces"] if piece[OWNER] == pid]
        placed = [piece for piece in mine if piece[SPACE] is not None]
        if len(mine) == 1 and placed:
            facts.append(("On", game.spaces[placed[0][SPACE]].name))
        else:
            facts.append(("Pieces on the board", str(len(placed))))
        taken = len(mine) - len(placed)
        if taken:
            facts.append(("Captured", str(taken)))
        home = sum(1 for piece in placed if piece[SPACE] != piece[HOME])
        if len(mine) > 1:
            facts.append(("Moved from their start", str(home)))
        if state["lost"][pid]:
            facts.append(("Turns to lose", str(state["lost"][pid])))
        waiting = [game.spaces[piece[SPACE]].name for piece in placed if piece[WAITING]]
        if waiting:
            facts.append(("Waits on", ", ".join(waiting)))
        if game.hides:
            facts.append(("Cards", hand_words(game, state, pid, viewer)))
        found.append(PlayerFacts(player=pid, name=player_name(state, pid), facts=tuple(facts),
                                 acting=not state["over"] and state["turn"] == pid))
    return found
