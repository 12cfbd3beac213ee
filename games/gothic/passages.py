"""The passages of the rulebook (``the-gothic-game.en.txt``) by slug: the heading of each
section, as the engine cites them."""

from games.core.rulebook import Rulebook

RULEBOOK = Rulebook("gothic", (
    "preparation", "play", "stamina", "moves", "rooms", "adjacency", "squares", "the-moat",
    "the-vault", "the-great-spiral-staircase", "the-tower", "the-lavatory", "good-luck",
))

PREPARATION = RULEBOOK("preparation")
PLAY = RULEBOOK("play")
STAMINA = RULEBOOK("stamina")
MOVES = RULEBOOK("moves")
ROOMS = RULEBOOK("rooms")
ADJACENCY = RULEBOOK("adjacency")
SQUARES = RULEBOOK("squares")
THE_VAULT = RULEBOOK("the-vault")
THE_TOWER = RULEBOOK("the-tower")
THE_LAVATORY = RULEBOOK("the-lavatory")
