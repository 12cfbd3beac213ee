"""What an open field of a Dylan Dog choice may hold where the core's domains do not say it
alone: words as read from a card the transcription never gives, and the story as older
records list it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.core.choices import OneOf, SomeOf
from games.dylan_dog.board import CATEGORIES, STORY


@dataclass(frozen=True)
class AsRead(OneOf):
    """A card's words or a horror card's name as the collector reads it: the reconstructed
    deck's (board.json) are listed, with their odds, and any other words are taken as read
    too, up to ``max_length`` characters, except ``excluded`` (a horror card's name already
    drawn: the twelve are each different). The transcription never gives the cards' texts nor the horror cards' names,
    so a draw cannot be limited to a list; a page asks for it as text, suggesting the list."""

    excluded: tuple[str, ...] = ()
    max_length: int = 100

    kind = "text"

    def allows(self, value: Any) -> bool:
        return (isinstance(value, str) and len(value) <= self.max_length
                and value not in self.excluded)

    def as_dict(self) -> dict:
        data = {"kind": self.kind, "max_length": self.max_length,
                "suggestions": [str(value) for value in self.values]}
        if self.weights is not None:
            data["odds"] = list(self.odds())
        return data


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
