"""Dylan Dog's plain evaluation for the agents (README, "Evaluation"): how many of the four
mystery cards of its own story a player holds, towards the four that win.

Each useful mystery card (an element of its story it holds) is a quarter of the way; Dylan
Dog cards in hand (which win fights) and a pawn on the mystery plane, where the crypts are,
add a little. A player whose story the record never gave counts each mystery card it holds as
half useful. State keys as README, "State keys".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

STORY = 4  # mystery cards matching the story win
DYLAN_DOG_CARD = 0.1  # of a quarter, each Dylan Dog card held (two at most count)
ON_THE_MYSTERY_PLANE = 0.15  # of a quarter, for a pawn among the crypts' paths


def evaluate(state: Mapping[str, Any], seat: str) -> float:
    me = state["players"][seat]
    held = [*me.get("mystery", []), *me.get("mystery_hidden", [])]
    story = me.get("story")
    if story:
        useful = len({card for card in held if card in story})
    else:
        useful = len(set(held)) / 2
    extra = DYLAN_DOG_CARD * min(me.get("dylan_dog", 0), 2)
    square = me.get("square") or ""
    if square and not (square[0] in "RN" and square[1:].isdigit()):
        extra += ON_THE_MYSTERY_PLANE
    return (min(useful, STORY) + extra) / STORY
