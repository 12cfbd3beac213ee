"""The Vampire's points (gothic/the-vault): how long a player is one, how it throws, walks,
doubles back and kills, whether it has the Power of Adjacency, Dracula's return onto a player in
the Vault, and who may drive a stake. ``points.py`` lists them with the others.

Each cites the passage (``gothic/<heading slug>``) it rests on; quotes are word for word.
"""

from __future__ import annotations

from games.core.points import (
    CONFLICT,
    UNSPECIFIED,
    Citation,
    InterpretationPoint,
    Option,
)
from games.gothic.passages import RULEBOOK

VAMPIRE_GOES = InterpretationPoint(
    id="gothic.vampire-goes",
    question=("How long is a player a Vampire? 'for the next 6 goes' against 'wander the "
     "corridors for five goes. On your sixth go you may return'."),
    options=(
        Option("return-on-sixth",
               ("six goes in all: goes 1-5 wandering (the Vault closed to you), "
                "the sixth go to get back into the Vault or die at sunrise")),
        Option("six-then-seventh",
               ("six goes of wandering ('the next 6 goes'), then one more go to "
                "return or die")),
    ),
    default="return-on-sixth",
    default_words="On your sixth go you may return",
    doubt=CONFLICT,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 ("for the next 6 goes, of which everyone must take careful "
                  "count, you become a Vampire")),
        Citation(RULEBOOK("the-vault"),
                 ("you must wander the corridors for five goes. On your sixth go "
                  "you may return")),
    ),
)

VAMPIRE_PASSING = InterpretationPoint(
    id="gothic.vampire-passing",
    question=("A Vampire kills 'simply by passing them in the corridor', and may not share a "
     "square with another player. Does passing a player mean going over their square, or going by "
     "a square next to theirs? (Ending a move beside a player is not passing them.)"),
    options=(
        Option("through-square",
               ("the Vampire's move goes through the victim's square (without "
                "stopping there)")),
        Option("alongside",
               ("the Vampire's move goes by a square next to the victim's; it may "
                "not go through them")),
    ),
    default="through-square",
    default_words="passing them in the corridor",
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 ("you may kill any other player simply by passing them in the "
                  "corridor")),
        Citation(RULEBOOK("the-vault"),
                 "they may double back if their way is blocked"),
    ),
)

DRACULA_RETURNS_OCCUPIED = InterpretationPoint(
    id="gothic.dracula-returns-occupied",
    question=("A player is in the Vault when the Vampire returns: 'unless Dracula returns "
     "while they are still there'. What happens to them?"),
    options=(
        Option("falls-prey",
               ("they fall prey as on entering: lose 20 stamina and become the "
                "Vampire")),
        Option("harmed-only",
               "they lose 20 stamina; Dracula stays in his coffin",
               conjecture=("that Dracula's return harms without the bite that "
                "entering the Vault brings")),
    ),
    default="falls-prey",
    default_words="unharmed, unless Dracula returns while they are still there",
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 ("players may enter the vault unharmed, unless Dracula returns "
                  "while they are still there")),
    ),
)

VAMPIRE_DOUBLE_BACK = InterpretationPoint(
    id="gothic.vampire-double-back",
    question="A Vampire 'may double back if their way is blocked'. When is its way blocked?",
    options=(
        Option("no-other-walk",
               ("when no walk of the throw that never doubles back ends on a "
                "square (or the Vault) where it may stand")),
        Option("landing-blocked",
               ("as for any player, when a walk of the throw would land it on a "
                "square occupied by another player")),
    ),
    default="no-other-walk",
    default_words="they may double back if their way is blocked",
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 ("They may not occupy the same square as another player, but "
                  "they may double back if their way is blocked.")),
        Citation(RULEBOOK("moves"),
                 ("If your throw would land you on a square occupied by another "
                  "player, you must move in another direction or miss your turn.")),
    ),
)

VAMPIRE_CORRIDORS = InterpretationPoint(
    id="gothic.vampire-corridors",
    question=("A Vampire must 'wander the corridors' and kills 'by passing them in the "
     "corridor', while players move 'along corridors and battlements'; yet 'Vampires are not "
     "affected by ... red squares', and the red squares are where 'the masonry of the battlements "
     "is unsafe'. Are the battlements part of a Vampire's corridors?"),
    options=(
        Option("corridors-only",
               ("the corridors only: a Vampire walks and kills in the corridors, "
                "not on the battlements (so the red squares it is not affected by never lie in "
                "its way)")),
        Option("battlements-too",
               ("'the corridors' stands for every square: a Vampire walks and "
                "kills on the battlements too, where the red squares do not affect it")),
    ),
    default="battlements-too",
    default_words="not affected by adjacency power, nor by yellow arrows, red squares",
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 "you must wander the corridors for five goes"),
        Citation(RULEBOOK("the-vault"),
                 ("you may kill any other player simply by passing them in the "
                  "corridor")),
        Citation(RULEBOOK("moves"),
                 "creeping along corridors and battlements by throw of die"),
        Citation(RULEBOOK("the-vault"),
                 ("Vampires are not affected by adjacency power, nor by yellow "
                  "arrows, red squares, green squares, or the Oubliette")),
        Citation(RULEBOOK("squares"),
                 ("The red squares denote places where the masonry of the "
                  "battlements is unsafe.")),
    ),
)

VAMPIRE_POWER = InterpretationPoint(
    id="gothic.vampire-power",
    question=("'Vampires are not affected by adjacency power.' The text never says whether a "
     "Vampire may use the Power of Adjacency on a player it lands next to."),
    options=(
        Option("may-use",
               ("yes: the sentence shields Vampires from the power and forbids "
                "them nothing")),
        Option("may-not",
               ("a conjecture: a Vampire's only power is its own (killing by "
                "passing)"),
               conjecture=("that a Vampire's only power is its own: the text "
                "forbids it nothing")),
    ),
    default="may-use",
    default_words=("If you land on the square next to another player, you gain power over "
     "them."),
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 "Vampires are not affected by adjacency power"),
        Citation(RULEBOOK("adjacency"),
                 ("If you land on the square next to another player, you gain "
                  "power over them.")),
    ),
)

VAMPIRE_THROWS = InterpretationPoint(
    id="gothic.vampire-throws",
    question=("'While you are a Vampire you are given two throws of the die for each go.' Is "
     "each throw moved in turn, as every throw of the game is, or are the two added into one "
     "move?"),
    options=(
        Option("separate",
               ("each throw is moved in turn: throw, move, throw, move (the "
                "players it passes on either walk are its possible victims)")),
        Option("summed",
               ("the two throws are thrown first and added: one walk of their "
                "total"),
               conjecture=("that the two throws are added into one move: no "
                "sentence of the text adds throws")),
    ),
    default="separate",
    default_words="two throws of the die for each go",
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 ("While you are a Vampire you are given two throws of the die "
                  "for each go")),
        Citation(RULEBOOK("moves"),
                 "creeping along corridors and battlements by throw of die"),
    ),
)

SNEAK_PAST = InterpretationPoint(
    id="gothic.sneak-past",
    question=("'However, players may sneak past you unscathed when it is their go, and if "
     "they possess a stake, they may drive it through your heart.' The sentence joins the stake "
     "to sneaking past with 'and': may a player drive it only into a Vampire it went over or by "
     "in its go, or also into one it only ended its move beside?"),
    options=(
        Option("passing",
               ("only into a Vampire the player went over or by before the end of "
                "its walk in its own go"),
               conjecture=("that the stake is driven while sneaking past: the "
                "sentence joins the two with 'and' and does not say")),
        Option("passing-or-beside",
               ("also into a Vampire the player ended its move beside, in its own "
                "go"),
               conjecture=("that a player ending beside the Vampire may drive the "
                "stake: the sentence does not say")),
    ),
    default="passing",
    doubt=UNSPECIFIED,
    citations=(
        Citation(RULEBOOK("the-vault"),
                 ("However, players may sneak past you unscathed when it is "
                  "their go, and if they possess a stake, they may drive it through your heart.")),
    ),
)
