"""What a page draws: the three planes as they stand (the nightmare plane turned by the state's
rotation, dylan-dog/the-game-board: "the middle plane (the rotating plane) is the nightmare"),
and where every pawn, deck and crypt's cards are."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from games.core.board import BoardLayout, Piece, Space
from games.dylan_dog.board import (
    BOARD,
    CRYPT_SQUARE,
    DIMENSION,
    NIGHTMARE,
    RING_NEXT,
    SLOTS,
    SQUARE_NAME,
    WHITE_SET,
    aligned_access,
    beneath,
)
from games.dylan_dog.state import DYLAN_DOG_CARDS, name

SIZE = 1000.0
DEGREES_A_SLOT = 360 / SLOTS


def nightmare_position(square: Mapping[str, Any], rotation: int) -> tuple[float, float]:
    """Where a nightmare square is drawn with the plane turned ``rotation`` slots clockwise
    from "via" (it turns about the centre of its ring, one slot a step)."""
    angle, radius = math.radians(square["angle"]), square["radius"]
    cx, cy = square["x"] - radius * math.cos(angle), square["y"] - radius * math.sin(angle)
    turned = angle + math.radians(rotation * DEGREES_A_SLOT)
    return round(cx + radius * math.cos(turned), 1), round(cy + radius * math.sin(turned), 1)


REALITY_SPACES = tuple(Space(sq["id"], SQUARE_NAME[sq["id"]], sq["kind"], sq["x"], sq["y"],
                             "reality", sq.get("colour", "")) for sq in BOARD["reality"])


def _mystery_spaces() -> tuple[Space, ...]:
    mystery = BOARD["mystery"]
    spaces = [Space(sq["id"], SQUARE_NAME[sq["id"]], "access", sq["x"], sq["y"], "mystery",
                    sq.get("colour", "")) for sq in mystery["access"]]
    for path in mystery["paths"]:
        spaces += [Space(sq["id"], SQUARE_NAME[sq["id"]], sq["kind"], sq["x"], sq["y"], "mystery",
                         sq.get("colour", "")) for sq in path["squares"]]
    spaces += [Space(c["id"], SQUARE_NAME[c["id"]], "crypt", c["x"], c["y"], "mystery",
                     c.get("colour", "")) for c in mystery["crypts"]]
    # printed on the mystery plane under the nightmare ring: what its squares line up with
    spaces += [Space(f"{mark['kind']}@{mark['slot']}", f"{mark['label']} (mystery plane)", "mark",
                     mark["x"], mark["y"], "mystery") for mark in mystery["marks"]]
    return tuple(spaces)


MYSTERY_SPACES = _mystery_spaces()


def _fixed_links() -> tuple[tuple[str, str], ...]:
    links = set()
    for ring in (tuple(sq["id"] for sq in BOARD["reality"]), NIGHTMARE):
        links |= {tuple(sorted((sq, RING_NEXT[sq][0]))) for sq in ring}
    for path in BOARD["mystery"]["paths"]:
        chain = [path["from"], *(sq["id"] for sq in path["squares"]), CRYPT_SQUARE[path["to"]]]
        links |= {tuple(sorted(pair)) for pair in itertools.pairwise(chain)}
    return tuple(sorted(links))


@lru_cache(maxsize=SLOTS)
def board_layout_at(rotation: int) -> BoardLayout:
    nightmare = tuple(
        Space(sq["id"], SQUARE_NAME[sq["id"]], sq["kind"], *nightmare_position(sq, rotation),
              "nightmare", sq.get("colour", ""))
        for sq in BOARD["nightmare"]
    )
    # the passages open at this rotation: reality to the square beneath (not through the
    # white squares), and PASSAGGIO DIMENSIONALE to the access square it lines up with
    passages = {tuple(sorted((sq["id"], beneath(sq["id"], rotation))))
                for sq in BOARD["reality"] if sq["id"] not in WHITE_SET}
    passages |= {tuple(sorted((sq, aligned_access(sq, rotation)))) for sq in NIGHTMARE
                 if aligned_access(sq, rotation)}
    turned = rotation % SLOTS
    return BoardLayout(
        spaces=REALITY_SPACES + nightmare + MYSTERY_SPACES,
        links=_fixed_links() + tuple(sorted(passages)),
        width=SIZE,
        height=SIZE,
        provenance={
            **BOARD["provenance"],
            "nightmare_plane": f"turned {turned} slot(s) clockwise from 'via' "
            f"({turned * DEGREES_A_SLOT:g} degrees)",
        },
    )


def board_layout(state: Mapping[str, Any] | None) -> BoardLayout:
    return board_layout_at(0 if state is None else state["rotation"] % SLOTS)


def pieces(state: Mapping[str, Any]) -> list[Piece]:
    """The players' pawns, the cards left in each crypt, the decks and the dragger."""
    found = []
    for pid in state["order"]:
        player = state["players"][pid]
        held = []
        if player["mystery"]:
            held.append(f"{len(player['mystery'])} mystery card(s)")
        if player["dylan_dog"]:
            held.append(f"{player['dylan_dog']} Dylan Dog card(s)")
        if player["shadow"]:
            held.append(f"{len(player['shadow'])} shadow card(s)")
        if player["horror"]:
            held.append(f"{len(player['horror'])} horror card(s)")
        found.append(Piece(f"pawn-{pid}", "pawn", f"{name(state, pid)}'s pawn", player["square"],
                           owner=pid, detail=", ".join(held)))
    for crypt, square in CRYPT_SQUARE.items():
        left = state["crypts"][crypt]
        found.append(Piece(f"crypt-{crypt}", "crypt cards",
                           f"{left} card(s) in the crypt of {DIMENSION[crypt]}", square))
    turned = state["rotation"] % SLOTS
    found += [
        Piece("nightmare-deck", "deck",
              f"the nightmare deck: {state['nightmare_deck']} card(s), in the centre", None),
        Piece("dylan-dog-deck", "deck",
              f"the Dylan Dog deck: {state['dylan_dog_deck']} of {DYLAN_DOG_CARDS} card(s)", None),
        Piece("dragger", "dragger",
              "the dragger (Dylan Dog and Groucho) on the nightmare plane, "
              f"turned {turned} slot(s) clockwise from 'via'", None),
    ]
    return found
