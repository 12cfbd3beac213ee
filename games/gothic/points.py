"""The Gothic Game's interpretation points: every place the transcription leaves a referee to decide.

Ids are ``gothic.<kebab-name>``; each cites the passage (``gothic/<heading slug>``) it rests on.
A point whose words carry a legibility note of the transcription cites that note too.
"""

from __future__ import annotations

from games.core.points import (
    CONFLICT,
    ILLEGIBLE,
    UNSPECIFIED,
    Citation,
    InterpretationPoint,
    Option,
)

S = "gothic/"

NOTE_CIRCLED = "[a circled number in the photo, probably 6]"
NOTE_STAIRCASE = (
    '[Legibility: the final sentence is partly obscured in the photo; it reads as "No one ever '
    'returns from the bottom of the Great Spiral Staircase", which is the best reading available.]'
)
NOTE_TOWER_OIL = (
    '[Legibility: "any one player" and "unluckily enough" are read from a small, soft-focus print.]'
)
NOTE_BLOW_PIPE = (
    '[Legibility: "Congolese Blow pipe" is the printed phrase as read from the photo; the weapon '
    "name is hard to confirm.]"
)
NOTE_GOOD_LUCK = (
    "[The booklet ends with this heading. No body text follows it in the photographed pages.]"
)

# -- citations the rules and points share -------------------------------------------------------
CITE_TRADE = Citation(
    S + "rooms",
    "Cards with numbers in the top left-hand corner, e.g. [a circled number in the photo, "
    "probably 6], may be traded in for stamina at any stage of the game",
    note=NOTE_CIRCLED,
)
CITE_STAIRCASE_BOTTOM = Citation(
    S + "the-great-spiral-staircase",
    "No one ever returns from the bottom of the Great Spiral Staircase",
    note=NOTE_STAIRCASE,
)
CITE_OIL = Citation(
    S + "the-tower",
    "to kill any one player on the squares below or unluckily enough to be caught in the lavatory",
    note=NOTE_TOWER_OIL,
)
CITE_BLOW_PIPE = Citation(
    S + "the-tower",
    "A player who possesses the Congolese Blow pipe may use it from the Tower to kill any player "
    "not in a room.",
    note=NOTE_BLOW_PIPE,
)
CITE_GOOD_LUCK = Citation(
    S + "good-luck", "No body text follows it in the photographed pages.", note=NOTE_GOOD_LUCK
)


def _point(pid, question, options, default, doubt, citations):
    return InterpretationPoint(
        id=f"gothic.{pid}",
        question=question,
        options=tuple(Option(o, d) for o, d in options),
        default=default,
        doubt=doubt,
        citations=tuple(citations),
    )


CIRCLED_CARD_NUMBER = _point(
    "circled-card-number",
    "The rulebook's example of a tradeable card number is a circled figure read as 'probably 6'. "
    "When a card is recorded as numbered but its figure could not be read, what is it worth?",
    [
        ("six", "6 stamina points: the transcriber's best reading of the example"),
        ("five", "5 stamina points: the soft circled figure read as a 5"),
        ("eight", "8 stamina points: the soft circled figure read as an 8"),
    ],
    "six",
    ILLEGIBLE,
    [CITE_TRADE],
)

SPIRAL_STAIRCASE_BOTTOM = _point(
    "spiral-staircase-bottom",
    "The Great Spiral Staircase's final sentence is partly obscured. What happens to a player "
    "who reaches the bottom?",
    [
        ("out-of-the-game", "no one returns: a player reaching the bottom is out of the game"),
        (
            "stranded-at-bottom",
            (
                "the obscured sentence is colour only: the player stays on the bottom step and only "
                "a six can take them back up"
            ),
        ),
    ],
    "out-of-the-game",
    ILLEGIBLE,
    [
        CITE_STAIRCASE_BOTTOM,
        Citation(S + "the-great-spiral-staircase", "Any other throw just takes you further down."),
    ],
)

TOWER_OIL_VICTIMS = _point(
    "tower-oil-victims",
    "Whom does the Tower's boiling oil kill? The words 'any one player' and 'unluckily enough' "
    "are read from soft-focus print.",
    [
        (
            "one-below-or-lavatory",
            "one player of the pourer's choice on the squares below the Tower or in the Lavatory",
        ),
        (
            "everyone-below-and-lavatory",
            "'anyone': every player on the squares below the Tower and anyone in the Lavatory",
        ),
        (
            "one-below-only",
            "one player on the squares below; the Lavatory clause is too blurred to apply",
        ),
    ],
    "one-below-or-lavatory",
    ILLEGIBLE,
    [CITE_OIL],
)

BLOW_PIPE_CARD = _point(
    "blow-pipe-card",
    "The weapon usable from the Tower is named 'Congolese Blow pipe' as read from a photo, the "
    "name hard to confirm. Which recorded card is it?",
    [
        (
            "recorded-kind",
            "any card the collector recorded with kind 'blow-pipe', whatever its name",
        ),
        (
            "name-as-read",
            (
                "only a card whose recorded name reads 'blow pipe' (or 'blowpipe'); a card of that kind "
                "with another name is an ordinary weapon"
            ),
        ),
    ],
    "recorded-kind",
    ILLEGIBLE,
    [CITE_BLOW_PIPE],
)

VAMPIRE_GOES = _point(
    "vampire-goes",
    "How long is a player a Vampire? 'for the next 6 goes' against 'wander the corridors for five "
    "goes. On your sixth go you may return'.",
    [
        (
            "return-on-sixth",
            (
                "six goes in all: goes 1-5 wandering (the Vault closed to you), the sixth go to get back "
                "into the Vault or die at sunrise"
            ),
        ),
        (
            "six-then-seventh",
            "six goes of wandering ('the next 6 goes'), then one more go to return or die",
        ),
    ],
    "return-on-sixth",
    CONFLICT,
    [
        Citation(
            S + "the-vault",
            "for the next 6 goes, of which everyone must take careful count, you become a Vampire",
        ),
        Citation(
            S + "the-vault",
            "you must wander the corridors for five goes. On your sixth go you may return",
        ),
    ],
)

CONTROL_TIMING = _point(
    "control-timing",
    "When a player uses the Power of Adjacency to control a victim's next move, does the victim "
    "move on their own next turn, or at once?",
    [
        (
            "victims-next-go",
            "on the victim's next turn: their first throw is moved as the controller says",
        ),
        (
            "at-once",
            "at once: the victim throws now and is moved, then the controller's go goes on",
        ),
    ],
    "victims-next-go",
    UNSPECIFIED,
    [
        Citation(
            S + "adjacency",
            "You may control their next move. They throw the die, but you tell them which way to go.",
        )
    ],
)

VAMPIRE_PASSING = _point(
    "vampire-passing",
    "What is 'passing' a player for a Vampire, who kills 'simply by passing them in the corridor'?",
    [
        (
            "through-square",
            "the Vampire's move goes through the victim's square (without stopping there)",
        ),
        (
            "alongside",
            "the Vampire's move goes by a square next to the victim's; it may not go through them",
        ),
    ],
    "through-square",
    UNSPECIFIED,
    [
        Citation(
            S + "the-vault",
            "you may kill any other player simply by passing them in the corridor",
        ),
        Citation(S + "the-vault", "they may double back if their way is blocked"),
    ],
)

ROOM_CARDS = _point(
    "room-cards",
    "The rulebook never lists the cards of each room. Is a recorded card taken as printed, or "
    "are weapons limited to the rooms the text names?",
    [
        ("as-recorded", "every drawn card counts as the collector recorded it"),
        (
            "weapons-where-named",
            (
                "weapons come only from the Torture Chamber and Trophy Room, and one from the Kitchen; "
                "a weapon recorded from another room, or a second from the Kitchen, breaks the rule"
            ),
        ),
    ],
    "as-recorded",
    UNSPECIFIED,
    [
        Citation(
            S + "play",
            "Weapons for this purpose are available in the Torture Chamber and the Trophy Room, "
            "and one is hidden in the Kitchen.",
        ),
        Citation(S + "rooms", "You must then pick up the top card from the pile, and obey it."),
    ],
)

LAVATORY = _point(
    "lavatory",
    "The Lavatory is 'self-explanatory'. May a player stay in it, or must they leave on their "
    "next go like any room?",
    [
        ("leave-next-go", "a room like the others: no card, and 'You may not linger in a room'"),
        ("may-stay", "the occupant may stay in the Lavatory on later goes (the door is locked)"),
    ],
    "leave-next-go",
    UNSPECIFIED,
    [
        Citation(S + "the-lavatory", "This little room is self-explanatory."),
        Citation(S + "rooms", "You may not linger in a room unless you are forcibly detained."),
    ],
)

GOOD_LUCK = _point(
    "good-luck",
    "The last section, 'Good Luck', has a heading and no text. Did it hold a rule about the end "
    "of the game?",
    [
        ("closing-wish", "a closing wish only: the game ends with the only survivor"),
        (
            "lost-text",
            (
                "text may be missing: the end is applied as 'The only survivor is the winner' but "
                "flagged as resting on an incomplete booklet"
            ),
        ),
    ],
    "closing-wish",
    UNSPECIFIED,
    [CITE_GOOD_LUCK, Citation(S + "play", "The only survivor is the winner of the game.")],
)

BLOCKED_CHOICE = _point(
    "blocked-choice",
    "'you must move in another direction or miss your turn': may a player whose throw would land "
    "on an occupied square choose to miss the turn, or only when no other direction works?",
    [
        ("player-chooses", "either: the player chooses to move another way or to miss the turn"),
        ("move-if-possible", "miss the turn only when no legal move of that throw exists"),
    ],
    "player-chooses",
    UNSPECIFIED,
    [
        Citation(
            S + "moves",
            "If your throw would land you on a square occupied by another player, you must move "
            "in another direction or miss your turn.",
        )
    ],
)

PASS_OCCUPIED = _point(
    "pass-occupied",
    "May a pawn pass over a square occupied by another player, or only not land on it?",
    [
        ("landing-only", "only the landing square must be free; passing over a player is allowed"),
        ("no-passing", "an occupied square blocks the way (a Vampire's victim excepted)"),
    ],
    "landing-only",
    UNSPECIFIED,
    [
        Citation(S + "moves", "Two players may never occupy the same square."),
        Citation(S + "the-vault", "players may sneak past you unscathed when it is their go"),
    ],
)

DOUBLE_BACK = _point(
    "double-back",
    "May an ordinary player double back within one throw? Only Vampires are told they may.",
    [
        (
            "not-allowed",
            "no: a throw is moved without revisiting a square (the Vampire's leave is an exception)",
        ),
        ("allowed", "yes: any walk of the right length"),
    ],
    "not-allowed",
    UNSPECIFIED,
    [
        Citation(S + "the-vault", "they may double back if their way is blocked"),
        Citation(S + "moves", "you may then move in any direction"),
    ],
)

SIX_CHAIN = _point(
    "six-chain",
    "Does a six thrown on the optional second throw grant yet another throw?",
    [
        ("one-extra", "no: one second throw a go"),
        ("again-on-six", "yes: every six grants another optional throw"),
    ],
    "one-extra",
    UNSPECIFIED,
    [Citation(S + "moves", "An optional second throw is granted if you throw a six.")],
)

ENTRY_TIES = _point(
    "entry-ties",
    "Players 'throw the die to decide who enters first'. What if the highest throws tie?",
    [
        ("rethrow-tied", "the tied players throw again"),
        ("first-seated", "the first of the tied players in seat order enters first"),
    ],
    "rethrow-tied",
    UNSPECIFIED,
    [
        Citation(
            S + "preparation",
            "Trembling, they throw the die to decide who enters first.",
        )
    ],
)

DRACULA_RETURNS_OCCUPIED = _point(
    "dracula-returns-occupied",
    "A player is in the Vault when the Vampire returns: 'unless Dracula returns while they are "
    "still there'. What happens to them?",
    [
        ("falls-prey", "they fall prey as on entering: lose 20 stamina and become the Vampire"),
        ("harmed-only", "they lose 20 stamina; Dracula stays in his coffin"),
    ],
    "falls-prey",
    UNSPECIFIED,
    [
        Citation(
            S + "the-vault",
            "players may enter the vault unharmed, unless Dracula returns while they are still there",
        )
    ],
)

TOWER_LEAVE = _point(
    "tower-leave",
    "'You may not use the oil again or leave.' May a player ever leave the Tower?",
    [
        ("never-leave", "no: a player in the Tower stays there for the rest of the game"),
        (
            "may-leave",
            "yes: the sentence forbids a second pouring; the Tower is left like any room",
        ),
    ],
    "never-leave",
    UNSPECIFIED,
    [Citation(S + "the-tower", "You may not use the oil again or leave.")],
)

TRADE_AT_DEATH = _point(
    "trade-at-death",
    "Cards may be traded 'at any stage of the game, thus allowing the player to evade death'. "
    "Can a player whose stamina reaches 0 trade numbered cards to survive?",
    [
        ("dead-at-zero", "no: 'When you have no stamina left, you are dead' at once"),
        (
            "trade-first",
            (
                "yes: numbered cards held are traded in at once (highest first) if they lift the "
                "player above 0"
            ),
        ),
    ],
    "dead-at-zero",
    UNSPECIFIED,
    [
        Citation(S + "stamina", "When you have no stamina left, you are dead."),
        Citation(S + "rooms", "thus allowing the player to evade death for a little while longer"),
    ],
)

ARROW_TARGET_OCCUPIED = _point(
    "arrow-target-occupied",
    "A yellow arrow sends a player 'immediately to the place indicated', but that square is "
    "occupied. What happens?",
    [
        ("stay-on-arrow", "the trap cannot spring: the player stays on the arrow"),
        ("cannot-land", "landing on that arrow is like landing on an occupied square: not allowed"),
    ],
    "stay-on-arrow",
    UNSPECIFIED,
    [
        Citation(
            S + "squares",
            "If you land on one you must travel immediately to the place indicated by the arrow.",
        ),
        Citation(S + "moves", "Two players may never occupy the same square."),
    ],
)

POINTS = (
    CIRCLED_CARD_NUMBER,
    SPIRAL_STAIRCASE_BOTTOM,
    TOWER_OIL_VICTIMS,
    BLOW_PIPE_CARD,
    VAMPIRE_GOES,
    CONTROL_TIMING,
    VAMPIRE_PASSING,
    ROOM_CARDS,
    LAVATORY,
    GOOD_LUCK,
    BLOCKED_CHOICE,
    PASS_OCCUPIED,
    DOUBLE_BACK,
    SIX_CHAIN,
    ENTRY_TIES,
    DRACULA_RETURNS_OCCUPIED,
    TOWER_LEAVE,
    TRADE_AT_DEATH,
    ARROW_TARGET_OCCUPIED,
)
