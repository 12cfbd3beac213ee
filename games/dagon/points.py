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
               "a city. A move with no recorded roll is taken as made on an unrecorded roll."),
        Option("roll-up-to", "A conjecture (no sentence gives a roll for movement): the fetish "
               "die is rolled for the move and the Hero moves from 1 up to that many circles. A "
               "move with no recorded roll is taken as made on an unrecorded roll."),
    ),
    default="one-circle",
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
        Option("same-turn", "The same turn: losing the Symbol adds no turn to the Wizard card."),
        Option("extra-turn", "One more turn, after the Wizard card is returned."),
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
        Option("next-move", "For the extra move and for the Hero's next regular move too."),
    ),
    default="extra-move",
    doubt=UNSPECIFIED,
    citations=(
        Citation(
            passage="dagon/the-spells",
            quote=(
                "Furthermore, the player may also pass over other Spells, Black Towers, the "
                "Whistle and the opponents' pieces."
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
               "than the delivering one (\"kingdom\" read as \"city\", as for a lost Symbol)."),
        Option("outside-kingdom", "On any free white space outside the delivering city's "
               "kingdom, the neutral shore and the tail circle included."),
    ),
    default="other-city-territory",
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
        Option("free-only", "No: only a circle no Hero stands on, as for a Black Tower."),
    ),
    default="allowed",
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
               "any city."),
    ),
    default="any-city",
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
        Option("two", "Two weapons in all (never above three)."),
        Option("two-plus-one", "Two for the Symbol plus one for stopping in the city (never "
               "above three)."),
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
        Option("no-duel", "Yes: it stops there, no card is turned and nothing happens."),
    ),
    default="may-not-stop",
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
        Option("no-effect", "No: the attack is the whole of the stop."),
    ),
    default="effect-applies",
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
        Option("share", "Yes: a city holds several Heroes, as Zharot does at the start."),
    ),
    default="forbidden",
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
)
