"""What a page says about each player, in the game's words, as the viewer may see it (from
``view``: another player's story and face-down mystery cards stay hidden)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.facts import PlayerFacts
from games.dylan_dog.before_playing import story_words
from games.dylan_dog.board import card_words, shadow_words, square_words, threshold_words
from games.dylan_dog.state import duties


def player_facts(seen: Mapping[str, Any]) -> list[PlayerFacts]:
    """Each player's facts in ``seen``, a state as one viewer sees it (``view``)."""
    return [_facts(seen, pid) for pid in seen["order"]]


def _facts(seen, pid) -> PlayerFacts:
    player = seen["players"][pid]
    facts = [("Square", square_words(player["square"]))]
    if player["story"] is not None:
        facts.append(("Story", story_words(player["story"])))
    else:
        facts.append(("Story", "4 cards, face down" if player.get("story_hidden")
                      else "not drawn yet"))
    shown = [c for c in player["mystery"] if c != "?"]
    face_down = len(player["mystery"]) - len(shown)
    held = [card_words(c) + (", face down" if c in player["mystery_hidden"] else "")
            for c in shown]
    if face_down:
        held.append(f"{face_down} face down")
    facts.append(("Mystery cards", "; ".join(held) or "none"))
    usefulness = seen.get("usefulness", {})
    if pid in usefulness and player["story"]:
        facts.append(("Useful to their story", f"{len(usefulness[pid])} of 4"))
    facts += [
        ("Horror cards", ", ".join(f"{h['name']} ({threshold_words(h['threshold'])})"
                                   for h in player["horror"]) or "none"),
        ("Shadow cards", ", ".join(map(shadow_words, player["shadow"])) or "none"),
        ("Shadows shown", ", ".join(map(shadow_words, player["shown_shadows"])) or "none"),
        ("Dylan Dog cards", str(player["dylan_dog"])),
    ]
    return PlayerFacts(player=pid, name=player["name"], facts=tuple(facts),
                       acting=_acting(seen, pid))


def _acting(seen, pid) -> bool:
    """Whether the record waits on ``pid``: the fighter in a fight, else the turn player or a
    player with a duty left."""
    if seen["finished"]:
        return False
    if seen["fight"] is not None:
        return seen["fight"]["fighter"] == pid
    if seen["turn"]["phase"] == "setup" and seen["players"][pid]["story"] is None \
            and not seen["players"][pid].get("story_hidden"):
        return True
    return pid == seen["turn"]["player"] or any(
        item["player"] == pid for item in duties(seen))
