"""The passages of the Dylan Dog rulebook (``dylan-dog.en.txt``) the engine cites, by the slug
of their heading (``dylan-dog/<slug>``), with the transcription's words quoted exactly."""

from __future__ import annotations

from games.core.points import Citation
from games.core.rulebook import Rulebook

RULEBOOK = Rulebook("dylan-dog", (
    "preamble", "setup", "before-playing", "goal-of-the-game", "the-game-board",
    "starting-the-game", "first-turn", "later-turns", "moving-between-planes",
    "the-nightmare-plane", "the-die", "nightmare-cards", "shadow-cards", "dylan-dog-cards",
    "shadow-squares", "reaching-the-mystery-crypts", "horror-cards", "exchange",
    "the-end-of-the-game", "final-notes-before-starting",
))

PREAMBLE = RULEBOOK("preamble")
SETUP = RULEBOOK("setup")
BEFORE_PLAYING = RULEBOOK("before-playing")
STARTING = RULEBOOK("starting-the-game")
FIRST_TURN = RULEBOOK("first-turn")
LATER_TURNS = RULEBOOK("later-turns")
MOVING = RULEBOOK("moving-between-planes")
NIGHTMARE_PLANE = RULEBOOK("the-nightmare-plane")
THE_DIE = RULEBOOK("the-die")
NIGHTMARE_CARDS = RULEBOOK("nightmare-cards")
SHADOW_CARDS = RULEBOOK("shadow-cards")
DYLAN_DOG_CARDS = RULEBOOK("dylan-dog-cards")
SHADOW_SQUARES = RULEBOOK("shadow-squares")
CRYPTS = RULEBOOK("reaching-the-mystery-crypts")
HORROR = RULEBOOK("horror-cards")
EXCHANGE = RULEBOOK("exchange")
THE_END = RULEBOOK("the-end-of-the-game")
FINAL_NOTES = RULEBOOK("final-notes-before-starting")


def cite(passage: str, quote: str) -> Citation:
    return RULEBOOK.cite(passage, quote)
