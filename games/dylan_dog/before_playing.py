"""dylan-dog/before-playing: each player's four hidden story cards."""

from __future__ import annotations

import itertools
from functools import lru_cache

from games.core.choices import Choice, Pick, event
from games.dylan_dog.board import CATEGORIES, ELEMENTS, STORY
from games.dylan_dog.passages import P
from games.dylan_dog.state import with_player


def on_story_cards(state, actor, data, ref):
    """dylan-dog/before-playing: one investigator, action, location and fear card, hidden."""
    cards = list(data.get("cards") or [])
    player = state["players"][actor]
    if player["story"] is not None:
        ref.violation(P + "before-playing", f"{player['name']} already drew their 4 story cards")
        return state, f"{player['name']} records story cards again (ignored)"
    if state["turn"]["phase"] != "setup":
        ref.violation(P + "before-playing", "story cards are drawn before playing")
    kinds = sorted(STORY[c]["category"] for c in cards if c in STORY)
    if kinds != sorted(CATEGORIES):
        ref.violation(
            P + "before-playing",
            "the 4 story cards must be one investigator, one action, one location and one "
            "fear card",
        )
    taken = [c for p in state["players"].values() if p["story"] for c in p["story"] if c in cards]
    if taken:
        ref.violation(P + "before-playing", f"story card {taken[0]} is already another player's")
    return with_player(state, actor, story=cards), f"{player['name']} draws 4 story cards"


def offer_story_cards(state, interpretation) -> list[Choice]:
    """Each player still without a story draws one card of each kind: every hand the others
    have not drawn is a chance outcome (recorded in any order)."""
    if state["turn"]["phase"] != "setup":
        return []
    offered: list[Choice] = []
    for pid, player in state["players"].items():
        if player["story"] is not None:
            continue
        taken = frozenset(
            c for other in state["players"].values() if other["story"] for c in other["story"]
        )
        offered += _story_hands(pid, player["name"], taken)
    return offered


@lru_cache(maxsize=256)
def _story_hands(pid: str, who: str, taken: frozenset[str]) -> tuple[Choice, ...]:
    decks = [[e for e in ELEMENTS if STORY[e]["category"] == c and e not in taken]
             for c in CATEGORIES]
    return tuple(
        Choice(
            event=event("story_cards", pid),
            label=f"{who} draws the story: {' - '.join(STORY[c]['name'] for c in cards)}",
            chance=True,
            open_fields=("cards",),
            picks={"cards": Pick(cards, least=4, most=4)},
        )
        for cards in itertools.product(*decks)
    )
