"""What a page says about each player at a state, in the game's words, as the engine knows it
(pages never guess a player's facts from the shape of a state)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerFacts:
    """One player's facts: ``facts`` pairs what is said with its value in words
    (``("Weapons", "2")``, ``("Knighted by", "KROMT and Ulthar")``); ``acting`` is whether the
    record waits on this player now; ``out`` whether the player is out of the game."""

    player: str
    name: str
    facts: tuple[tuple[str, str], ...]
    acting: bool = False
    out: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name,
                "facts": [{"what": what, "value": value} for what, value in self.facts],
                "acting": self.acting, "out": self.out}
