"""What one seat can see (dylan-dog/before-playing, reaching-the-mystery-crypts).

Story cards are "face down in front of them, without showing them to the other players"; a
mystery card's usefulness is known only to the player who holds it, "unless the card is useful
to them too". Shadows a player showed stay visible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def useful(player: Mapping[str, Any], cards) -> list[str]:
    story = player.get("story") or []
    return sorted(c for c in cards if c in story)


def view(state: Mapping[str, Any], viewer: str | None) -> dict:
    out = dict(state)
    players = state["players"]
    if viewer is None:
        out["usefulness"] = {pid: useful(p, p["mystery"]) for pid, p in players.items()}
        out["viewer"] = None
        return out
    me = players.get(viewer)
    seen = {}
    for pid, p in players.items():
        if pid == viewer:
            seen[pid] = dict(p)
            continue
        q = dict(p)
        q["story"] = None
        q["story_hidden"] = p["story"] is not None
        q["mystery"] = sorted(("?" if c in p["mystery_hidden"] else c) for c in p["mystery"])
        q["mystery_hidden"] = []
        seen[pid] = q
    out["players"] = seen
    out["viewer"] = viewer
    usefulness = {}
    if me is not None:
        usefulness[viewer] = useful(me, me["mystery"])
        # cards others hold that the viewer knows are useful: those useful to the viewer
        others = {
            pid: useful(me, [c for c in seen[pid]["mystery"] if c != "?"])
            for pid in players
            if pid != viewer
        }
        out["useful_to_me_held_by_others"] = {pid: cards for pid, cards in others.items() if cards}
    out["usefulness"] = usefulness
    return out
