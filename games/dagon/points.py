"""Dagon's interpretation points: where the rule sheet leaves a referee to decide.

Every quote is copied word for word from ``dagon.en.txt``; the passage slug is the heading.
"""

from __future__ import annotations

from games.core.points import (
    CONFLICT,
    TRANSLATION,
    UNSPECIFIED,
    Citation,
    InterpretationPoint,
    Option,
)

LAGOON_NOTE = (
    "[Editorial note: the printed sheet is internally inconsistent on who chooses the Lagoon "
    "space when a Hero is attacked. The \"Attack Between Heroes\" section says the attacked "
    "player chooses its Lagoon, while \"The Lagoon\" section and the last paragraph say the "
    "attacking player chooses/moves it. Both are transcribed as printed; the sheet gives no "
    "further resolution.]"
)
PARENTHESIS_NOTE = (
    "[Editorial note: the printed sheet omits the closing parenthesis after \"Wizard's Spell\" "
    "in this sentence; it is transcribed as printed.]"
)

# Citations reused by rules.py for violations and uncertain-text flags.
ONE_WEAPON_ON_SPELL = Citation(
    passage="dagon/weapons",
    quote=(
        "When a Knight has only one weapon left, it may not attack any other Hero that is "
        "standing on a Spell (since it would then have no other weapon for the combat against "
        "the Wizard's Spell."
    ),
    note=PARENTHESIS_NOTE,
)

LAGOON_CHOOSER = InterpretationPoint(
    id="dagon.lagoon-chooser",
    question="When a Hero is attacked, who chooses the Lagoon space it is moved to? The sheet "
    "contradicts itself: The Lagoon and the last paragraph of Attack Between Heroes give the "
    "choice to the attacker, the second paragraph of Attack Between Heroes to the attacked "
    "player (the editorial note records the inconsistency).",
    options=(
        Option("attacker", "The attacking player chooses the Lagoon space (The Lagoon; last "
               "paragraph of Attack Between Heroes)."),
        Option("attacked", "The attacked player chooses its own Lagoon space (second paragraph "
               "of Attack Between Heroes)."),
    ),
    default="attacker",
    default_words="of the attacker's choice",
    doubt=CONFLICT,
    citations=(
        Citation(
            passage="dagon/the-lagoon",
            quote=(
                "A player who is attacked by another player is moved by the attacking player "
                "to a symbol (Lagoon) space of the attacker's choice."
            ),
            note=LAGOON_NOTE,
        ),
        Citation(
            passage="dagon/attack-between-heroes",
            quote="The attacked player moves its Hero to a symbol (Lagoon) of its choice.",
            note=LAGOON_NOTE,
        ),
        Citation(
            passage="dagon/attack-between-heroes",
            quote=(
                "The attacking player gives up one weapon and moves the rival Knight to a "
                "LAGOON space."
            ),
            note=LAGOON_NOTE,
        ),
    ),
)

ROLLED_FOR_THE_MOVE = ("that the fetish die is rolled for the length of a move: the sheet rolls "
                       "it only to fight a Spell")

MOVE_LENGTH = InterpretationPoint(
    id="dagon.move-length",
    question="How far does a Hero move on its turn? The sheet's sentences pull different ways: "
    "it moves \"one circle along the route line\", yet it \"may move forward and then back "
    "within the same move\", may \"pass over\" spaces \"within a single move\", and stops in "
    "a city \"even if it moved only one space\"; and no sentence says how a longer move's "
    "length would be set (the sheet uses its fetish die only for Spell duels).",
    options=(
        Option("one-circle", "As the sheet says: no roll; a Hero moves exactly one circle a "
               "turn (so going forward and back, and passing over, never arise)."),
        Option("roll-exact", "A conjecture (no sentence gives a roll for movement): the fetish "
               "die is rolled for the move (a roll event) and the Hero moves exactly that many "
               "circles, forward and back allowed; only the bearer of the Symbol stops short, in "
               "a city. A move with no recorded roll is taken as made on an unrecorded roll.",
               conjecture=ROLLED_FOR_THE_MOVE),
        Option("roll-up-to", "A conjecture (no sentence gives a roll for movement): the fetish "
               "die is rolled for the move and the Hero moves from 1 up to that many circles. A "
               "move with no recorded roll is taken as made on an unrecorded roll.",
               conjecture=ROLLED_FOR_THE_MOVE),
    ),
    default="one-circle",
    default_words="one circle along the route line",
    doubt=CONFLICT,
    citations=(
        Citation(
            passage="dagon/starting-the-game",
            quote=(
                "Each player moves their Hero, of their choice, one circle along the route "
                "line, in either direction."
            ),
        ),
        Citation(
            passage="dagon/starting-the-game",
            quote=(
                "A player may move forward and then back within the same move, but may not "
                "return to the same point from which the move started."
            ),
        ),
        Citation(
            passage="dagon/starting-the-game",
            quote="Within a single move a player may pass over all other spaces.",
        ),
        Citation(
            passage="dagon/the-cities-of-the-thrones",
            quote="The Hero stops in the city even if it moved only one space.",
        ),
        Citation(
            passage="dagon/the-spells",
            quote="The player now rolls the fetish die to fight the Wizard's Spell.",
        ),
    ),
)

WIZARD_TURNS = InterpretationPoint(
    id="dagon.wizard-turns",
    question="How many turns does the Wizard card cost a Hero that lost a duel? The Spells "
    "say it \"sits out one turn\"; the Wizard Card says it returns the card on its next turn "
    "and goes on \"On the third turn\", without saying from which turn the three are counted.",
    options=(
        Option("one", "One: on its next turn the player only returns the card, and it moves "
               "again on the turn after (the duel's turn counted as the first of three)."),
        Option("two", "Two: the player returns the card on its next turn and also sits out "
               "the following one; it moves again on the third turn after the duel."),
    ),
    default="one",
    default_words="sits out one turn",
    doubt=CONFLICT,
    citations=(
        Citation(
            passage="dagon/the-spells",
            quote="it loses one weapon and sits out one turn.",
        ),
        Citation(
            passage="dagon/the-wizard-card",
            quote=(
                "When it is that player's turn again, the player may not move its piece, and "
                "the only thing it can do is return the Wizard card."
            ),
        ),
        Citation(
            passage="dagon/the-wizard-card",
            quote="On the third turn the Hero has recovered its strength and may continue on its way.",
        ),
    ),
)

SYMBOL_LOSS_SIT_OUT = InterpretationPoint(
    id="dagon.symbol-loss-sit-out",
    question="When the bearer loses a duel and the Symbol with it, is the turn it sits out "
    "for losing the Symbol the same as the Wizard card's, or one more? The sheet says both "
    "that a lost duel costs one turn and that losing the Symbol costs one turn, and never "
    "whether the two add up.",
    options=(
        Option("same-turn", "The same turn: losing the Symbol adds no turn to the Wizard card.",
               conjecture="that the turn the Wizard Card gives for losing the Symbol is the "
               "duel's turn said again: the sheet never says"),
        Option("extra-turn", "One more turn, after the Wizard card is returned.",
               conjecture="that the turn for losing the Symbol is added to the duel's: the "
               "sheet never says"),
    ),
    default="same-turn",
    doubt=UNSPECIFIED,
    citations=(
        Citation(passage="dagon/the-wizard-card",
                 quote="The Hero that loses the Symbol sits out one turn."),
        Citation(passage="dagon/the-spells",
                 quote="it loses one weapon and sits out one turn."),
    ),
)

DUEL_PASS_OVER = InterpretationPoint(
    id="dagon.duel-pass-over",
    question="How long does a duel winner's right to pass over Spells, Black Towers, the "
    "Whistle and other Heroes last? The Spells give it beside the one more space won; the "
    "Black Tower names \"the winners of a duel with a Spell\" with no limit in time.",
    options=(
        Option("extra-move", "Only for the extra one-space move won in the duel."),
        Option("next-move", "For the extra move and for the Hero's next regular move too.",
               conjecture="that the right outlasts the extra move by exactly one move: the "
               "Black Tower's \"winners of a duel\" gives no limit, the Spells none either"),
    ),
    default="extra-move",
    default_words="moving one more space. Furthermore, the player may also pass over",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/the-spells",
            quote=(
                "Thanks to this victory the player has regained strength and may play again, "
                "moving one more space. Furthermore, the player may also pass over other Spells, "
                "Black Towers, the Whistle and the opponents' pieces."
            ),
        ),
        Citation(
            passage="dagon/the-black-tower",
            quote=(
                "no one may stop on that space, or pass over it, with the exceptions of the "
                "bearer of the Symbol and the winners of a duel with a Spell."
            ),
        ),
    ),
)

SYMBOL_REPLACEMENT = InterpretationPoint(
    id="dagon.symbol-replacement",
    question="After delivering the Symbol, where may the player place it: in the territory of "
    "another city, or anywhere outside the delivering city's kingdom? The delivery says \"in "
    "another kingdom\", the lost Symbol \"in another city\": the translation may render one "
    "word two ways, and the sheet never says what a kingdom is on the board.",
    options=(
        Option("other-city-territory", "On a free white space in the territory of a city other "
               "than the delivering one: a kingdom is a city's territory, and the shore and the "
               "tail lie in none."),
        Option("outside-kingdom", "On any free white space outside the delivering city's "
               "kingdom, the neutral shore and the tail circle included."),
    ),
    default="other-city-territory",
    default_words="in another kingdom",
    doubt=TRANSLATION,
    citations=(
        Citation(
            passage="dagon/the-cities-of-the-thrones",
            quote="The player must then place the Symbol on a space of its choice in another kingdom.",
        ),
        Citation(
            passage="dagon/the-wizard-card",
            quote="but that space must be in another city, leaving the Symbol (ark) on the chosen circle.",
        ),
    ),
)

SYMBOL_ON_A_HERO = InterpretationPoint(
    id="dagon.symbol-on-a-hero",
    question="May the Symbol be placed on a white circle where a Hero stands? The sheet lists "
    "what a lost Symbol may not go on (a symbolic space, a Black Tower, the Whistle, the "
    "Lagoon) and names no Hero; the delivered Symbol goes on \"a space of its choice\"; only "
    "the Black Towers are said to need a free space.",
    options=(
        Option("allowed", "Yes, as the sheet's list of forbidden spaces says nothing of Heroes: "
               "the Hero standing there takes it only by landing on it again."),
        Option("free-only", "No: only a circle no Hero stands on, as for a Black Tower.",
               conjecture="that the Symbol, like a Black Tower, needs a free space: no sentence "
               "says so of the Symbol"),
    ),
    default="allowed",
    default_words=("never on a symbolic space, nor on a space occupied by a Black Tower, the "
                   "Whistle or the Lagoon"),
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/the-wizard-card",
            quote=(
                "It may place the Symbol on a space of its choice (never on a symbolic space, "
                "nor on a space occupied by a Black Tower, the Whistle or the Lagoon), but that "
                "space must be in another city, leaving the Symbol (ark) on the chosen circle."
            ),
        ),
        Citation(
            passage="dagon/the-cities-of-the-thrones",
            quote="The player must then place the Symbol on a space of its choice in another kingdom.",
        ),
        Citation(
            passage="dagon/the-black-tower",
            quote="Black Towers may be placed on all free white spaces (never on symbolic spaces).",
        ),
    ),
)

SYMBOL_DESTINATION = InterpretationPoint(
    id="dagon.symbol-destination",
    question="Must the Symbol be carried to KROMT, or to any city? The Dagon Symbol says "
    "KROMT; the Object of the Game says \"one of the cities\" and asks for three different "
    "cities to win.",
    options=(
        Option("any-city", "Any city of the thrones knights its bearer (three different "
               "cities are needed to win)."),
        Option("kromt-first", "A reconciliation (a conjecture: no sentence orders the "
               "deliveries): the first delivery of the match must be at KROMT; later ones at "
               "any city.", conjecture="that the deliveries are ordered, KROMT first: no "
               "sentence orders them"),
    ),
    default="any-city",
    default_words="bring it to one of the cities",
    doubt=CONFLICT,
    citations=(
        Citation(passage="dagon/the-dagon-symbol-ark",
                 quote="The symbol must be carried to the city of KROMT."),
        Citation(passage="dagon/object-of-the-game",
                 quote="Go in search of the \"Dagon Symbol\" and bring it to one of the cities."),
        Citation(
            passage="dagon/object-of-the-game",
            quote="The first player to be knighted three times, by three different cities, wins.",
        ),
    ),
)

DELIVERY_WEAPONS = InterpretationPoint(
    id="dagon.delivery-weapons",
    question="Does a Hero delivering the Symbol receive two weapons in all, or two plus the "
    "one weapon every Hero stopping in a city receives? Both sentences apply to the bearer "
    "and the sheet never says whether they add up.",
    options=(
        Option("two", "Two weapons in all (never above three).",
               conjecture="that the two weapons for bringing the Symbol include the one every "
               "Hero stopping in a city receives: the sheet never says"),
        Option("two-plus-one", "Two for the Symbol plus one for stopping in the city (never "
               "above three).", conjecture="that the one weapon for stopping in a city comes "
               "on top of the two: the sheet never says (though its \"even if they do not hold "
               "the Symbol\" gives the one to the bearer too)"),
    ),
    default="two",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/the-cities-of-the-thrones",
            quote=(
                "Furthermore, for having brought the Symbol, the player receives, if it needs "
                "them, two weapons for its return journey."
            ),
        ),
        Citation(
            passage="dagon/the-cities-of-the-thrones",
            quote=(
                "Players who stop in a city, even if they do not hold the Symbol, receive one "
                "weapon back if they need one."
            ),
        ),
    ),
)

UNARMED_ON_SPELL = InterpretationPoint(
    id="dagon.unarmed-on-spell",
    question="May a Hero with no weapons stop on a Spell? A Hero that lands on a Spell \"must "
    "fight it\", and a Hero with no weapons \"may not fight the Wizard's Spells\": the sheet "
    "never says which sentence gives way.",
    options=(
        Option("may-not-stop", "No: a Hero with no weapons may not end a move on a Spell."),
        Option("no-duel", "Yes: it stops there, no card is turned and nothing happens.",
               conjecture="that \"must fight it\" gives way: no sentence says what a Hero on a "
               "Spell does instead of fighting"),
    ),
    default="may-not-stop",
    default_words="it may not fight the Wizard's Spells",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/weapons",
            quote=(
                "When a Hero has no weapons left, it may continue the game and go looking for "
                "the Dagon Symbol, but it may not fight the Wizard's Spells, nor attack another "
                "Hero."
            ),
        ),
        Citation(passage="dagon/the-spells", quote="A player who lands on a Spell must fight it."),
    ),
)

ATTACK_ON_SYMBOLIC_SPACE = InterpretationPoint(
    id="dagon.attack-on-symbolic-space",
    question="When a Hero standing on a symbolic space (Spell, Black Tower space, Whistle) is "
    "attacked and sent to the Lagoon, does the space then take effect for the attacker who "
    "remains on it? The attacker \"must remain on the space of the duel\", and a space's "
    "effect applies when a Hero stops on it; the sheet never says whether an attack is such a "
    "stop.",
    options=(
        Option("effect-applies", "Yes: the attacker has stopped there, so it fights the Spell, "
               "introduces a Black Tower or moves one."),
        Option("no-effect", "No: the attack is the whole of the stop.",
               conjecture="that an attack is not a stop: no sentence says so, and the "
               "one-weapon rule supposes a combat with the Spell after the attack"),
    ),
    default="effect-applies",
    default_words="no other weapon for the combat against the Wizard's Spell",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/attack-between-heroes",
            quote=(
                "When a Hero standing on a symbolic space is attacked, the first thing to do is "
                "move it to the Lagoon symbol."
            ),
        ),
        Citation(passage="dagon/attack-between-heroes",
                 quote="The attacker must remain on the space of the duel."),
        ONE_WEAPON_ON_SPELL,
    ),
)

OCCUPIED_CITY = InterpretationPoint(
    id="dagon.occupied-city",
    question="May a Hero stop in a city where another Hero stands? Only free spaces may be "
    "moved onto, except to attack, and a Hero in a city may not be attacked; yet every Hero "
    "shares Zharot at the start. The sheet never says whether a city is free for a second "
    "Hero.",
    options=(
        Option("forbidden", "No: only free spaces may be moved onto, and a Hero in a city may "
               "not be attacked."),
        Option("share", "Yes: a city holds several Heroes, as Zharot does at the start.",
               conjecture="that a city is free for a second Hero: the sheet shows it only of "
               "Zharot at the start"),
    ),
    default="forbidden",
    default_words="Only free spaces may be moved onto",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/starting-the-game",
            quote="Only free spaces may be moved onto (exception: to attack another Hero).",
        ),
        Citation(passage="dagon/the-cities-of-the-thrones",
                 quote="A Hero that is in a city (throne) may not be attacked."),
        Citation(
            passage="dagon/starting-the-game",
            quote="The players begin one after another on the starting space, the city of Zharot.",
        ),
    ),
)

NO_MOVE_OPEN = InterpretationPoint(
    id="dagon.no-move-open",
    question="What does a Hero do on its turn when no move is open to it (every circle it could "
    "move to is one it may not stop on)? The sheet says the player \"must move\", and its only "
    "exception is a Hero \"temporarily blocked\" because \"it holds the Wizard card\"; it never "
    "says what a Hero hemmed in by other pieces does.",
    options=(
        Option("does-not-play", "It does not play that turn (a pass), as the Hero blocked by "
               "the Wizard card \"does not play on that turn\".",
               conjecture="that a Hero hemmed in is blocked as the holder of the Wizard card "
               "is: the sheet names the card as the only cause"),
        Option("breaks-the-rule", "The Wizard card is the only exception: whatever the record "
               "shows, a Hero with no move open breaks \"must move\". Its pass is flagged and "
               "ends the turn (so the replay follows the table); nothing it could record is "
               "legal."),
    ),
    default="does-not-play",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/starting-the-game",
            quote=(
                "The player whose turn it is must move (exception: the Hero is temporarily "
                "blocked and therefore does not play on that turn, because at that moment it "
                "holds the Wizard card)."
            ),
        ),
        Citation(
            passage="dagon/starting-the-game",
            quote="Only free spaces may be moved onto (exception: to attack another Hero).",
        ),
    ),
)

LOST_SYMBOL_CITY = InterpretationPoint(
    id="dagon.lost-symbol-city",
    question="A bearer that loses the Symbol in a duel places it on a space that \"must be in "
    "another city\": the sheet does not say other than which city (the Hero stands on a Spell, "
    "in no city), nor whether a circle in no city's territory (the shore of the Lagoon, the "
    "tail) is in one. The delivered Symbol's twin, \"in another kingdom\", is point "
    "dagon.symbol-replacement.",
    options=(
        Option("other-than-the-spells-city", "On a white circle in the territory of a city "
               "other than the one whose territory holds the Spell it lost to; the shore and "
               "the tail lie in no city.",
               conjecture="that the city it must be other than is the one whose territory "
               "holds the Spell: the sentence names none"),
        Option("outside-the-spells-kingdom", "On a white circle anywhere outside the territory "
               "of the Spell's city, the shore and the tail included (\"in another city\" read "
               "as \"away from this one\", as dagon.symbol-replacement's outside-kingdom reads "
               "its twin).",
               conjecture="that the city it must be other than is the one whose territory "
               "holds the Spell: the sentence names none"),
        Option("any-city", "On a white circle in the territory of any city, the Spell's own "
               "included: the Hero on its Spell stands in no city, so every city is another.",
               conjecture="that \"another\" excludes no city: the sentence does not say"),
    ),
    default="other-than-the-spells-city",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/the-wizard-card",
            quote="but that space must be in another city, leaving the Symbol (ark) on the chosen circle.",
        ),
        Citation(
            passage="dagon/the-wizard-card",
            quote=(
                "When the bearer of the Dagon Symbol loses a duel with a Spell, it also loses "
                "the Symbol."
            ),
        ),
        Citation(
            passage="dagon/the-cities-of-the-thrones",
            quote="The player must then place the Symbol on a space of its choice in another kingdom.",
        ),
    ),
)

POINTS = (
    LAGOON_CHOOSER,
    MOVE_LENGTH,
    WIZARD_TURNS,
    SYMBOL_LOSS_SIT_OUT,
    DUEL_PASS_OVER,
    SYMBOL_REPLACEMENT,
    SYMBOL_ON_A_HERO,
    SYMBOL_DESTINATION,
    DELIVERY_WEAPONS,
    UNARMED_ON_SPELL,
    ATTACK_ON_SYMBOLIC_SPACE,
    OCCUPIED_CITY,
    NO_MOVE_OPEN,
    LOST_SYMBOL_CITY,
)
