"""What an open field of a Dylan Dog choice may hold where the core's domains do not say it
alone: the story as older records list it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.core.choices import SomeOf
from games.dylan_dog.board import CATEGORIES, STORY


@dataclass(frozen=True)
class StoryHand(SomeOf):
    """The four story cards in one list, in any order, one of each kind, as records made
    before the story was recorded kind by kind give them (``story_cards.cards``). The pool
    lists the cards that can still come kind after kind in turn (one investigator, one action,
    one location, one fear, then the next of each), so its first four are a hand."""

    def allows(self, value: Any) -> bool:
        if not super().allows(value):
            return False
        return sorted(STORY[card]["category"] for card in value) == sorted(CATEGORIES)

    def sample(self, rng: random.Random) -> list[str]:
        hand = [rng.choice([card for card in self.pool if STORY[card]["category"] == kind])
                for kind in CATEGORIES]
        rng.shuffle(hand)
        return hand
