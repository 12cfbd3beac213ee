"""The passages of the rule sheet (``dagon.en.txt``) by slug: the heading of each section."""

from games.core.rulebook import Rulebook

RULEBOOK = Rulebook("dagon", (
    "components", "object-of-the-game", "how-to-play", "starting-the-game", "weapons",
    "the-dagon-symbol-ark", "the-spells", "the-wizard-card", "the-lagoon",
    "the-cities-of-the-thrones", "the-black-tower", "the-whistle", "attack-between-heroes",
    "end-of-the-game",
))

OBJECT = RULEBOOK("object-of-the-game")
HOW_TO_PLAY = RULEBOOK("how-to-play")
STARTING = RULEBOOK("starting-the-game")
WEAPONS = RULEBOOK("weapons")
SYMBOL = RULEBOOK("the-dagon-symbol-ark")
SPELLS = RULEBOOK("the-spells")
WIZARD = RULEBOOK("the-wizard-card")
LAGOON = RULEBOOK("the-lagoon")
CITIES = RULEBOOK("the-cities-of-the-thrones")
TOWER = RULEBOOK("the-black-tower")
WHISTLE = RULEBOOK("the-whistle")
ATTACKS = RULEBOOK("attack-between-heroes")
END = RULEBOOK("end-of-the-game")
