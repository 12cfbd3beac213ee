"""The Gothic Game's interpretation points: every place the transcription leaves a referee to decide
(the Vampire's are in ``vampire_points.py``; ``POINTS`` lists them all).

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
from games.gothic.passages import RULEBOOK
from games.gothic.vampire_points import (
    DRACULA_RETURNS_OCCUPIED,
    SNEAK_PAST,
    VAMPIRE_CORRIDORS,
    VAMPIRE_DOUBLE_BACK,
    VAMPIRE_GOES,
    VAMPIRE_PASSING,
    VAMPIRE_POWER,
    VAMPIRE_THROWS,
)

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
    RULEBOOK("rooms"),
    "Cards with numbers in the top left-hand corner, e.g. [a circled number in the photo, "
    "probably 6], may be traded in for stamina at any stage of the game",
    note=NOTE_CIRCLED,
)
CITE_STAIRCASE_BOTTOM = Citation(
    RULEBOOK("the-great-spiral-staircase"),
    "No one ever returns from the bottom of the Great Spiral Staircase",
    note=NOTE_STAIRCASE,
)
CITE_OIL = Citation(
    RULEBOOK("the-tower"),
    "to kill any one player on the squares below or unluckily enough to be caught in the lavatory",
    note=NOTE_TOWER_OIL,
)
CITE_BLOW_PIPE = Citation(
    RULEBOOK("the-tower"),
    "A player who possesses the Congolese Blow pipe may use it from the Tower to kill any player "
    "not in a room.",
    note=NOTE_BLOW_PIPE,
)
CITE_GOOD_LUCK = Citation(
    RULEBOOK("good-luck"), "No body text follows it in the photographed pages.", note=NOTE_GOOD_LUCK
)


def _point(pid, question, options, default, doubt, citations, *, default_words=""):
    """``options``: (id, description) or (id, description, conjecture) each; a default that is
    not a conjecture names the words of its citations that give it."""
    return InterpretationPoint(
        id=f"gothic.{pid}",
        question=question,
        options=tuple(Option(*option) for option in options),
        default=default,
        doubt=doubt,
        citations=tuple(citations),
        default_words=default_words,
    )


UNREAD_CARD = ("that a card whose own number was not read is worth the rulebook's example "
               "figure (the text gives a card no worth but its own corner number)")

CIRCLED_CARD_NUMBER = _point(
    "circled-card-number",
    "A card is recorded as numbered but the collector could not read its figure. The text "
    "gives a card no worth but its corner number, and its only figure for one is its own "
    "example, itself read from the photo as 'probably 6'. What is such a card worth?",
    [
        ("six", ("6 stamina points: the example's figure as the transcriber reads it (a conjecture "
                "for a card whose own figure is unread)"),
         f"{UNREAD_CARD}, and that the figure is the 6 the transcriber reads 'probably'"),
        ("five", "5 stamina points: the example's soft circled figure read as a 5",
         f"{UNREAD_CARD}, and that the figure is a 5"),
        ("eight", "8 stamina points: the example's soft circled figure read as an 8",
         f"{UNREAD_CARD}, and that the figure is an 8"),
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
            ("that the sentence read as \"No one ever returns from the bottom\" has no force: "
             "the best reading available gives it one"),
        ),
    ],
    "out-of-the-game",
    ILLEGIBLE,
    [
        CITE_STAIRCASE_BOTTOM,
        Citation(RULEBOOK("the-great-spiral-staircase"), "Any other throw just takes you further down."),
    ],
    default_words="No one ever returns from the bottom of the Great Spiral Staircase",
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
            ("that the Lavatory clause, read from soft print, does not apply: it is read all the "
            "same"),
        ),
    ],
    "one-below-or-lavatory",
    ILLEGIBLE,
    [CITE_OIL],
    default_words="to kill any one player on the squares below or unluckily enough to be caught "
    "in the lavatory",
)

BLOW_PIPE_CARD = _point(
    "blow-pipe-card",
    "The weapon usable from the Tower is named 'Congolese Blow pipe' as read from a photo, the "
    "name hard to confirm. Which recorded card is it?",
    [
        (
            "recorded-kind",
            "any card the collector recorded as a blow pipe, whatever its name",
            ("that the kind a collector records identifies the card the sentence names, "
             "whatever name the card was read as"),
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

CONTROL_TIMING = _point(
    "control-timing",
    "When a player uses the Power of Adjacency to control a victim's next move, does the victim "
    "move on their own next turn, or at once?",
    [
        (
            "victims-next-go",
            ("on the victim's next turn: their first throw is moved as the controller says (a go "
            "of theirs with no move, blocked or in the moat, ends the control)"),
        ),
        (
            "at-once",
            ("at once: the victim throws now and is moved as the controller says, then the "
            "controller's go goes on (the victim takes no second throw)"),
            "that the victim's next move is made at once, out of turn: the text does not say",
        ),
    ],
    "victims-next-go",
    UNSPECIFIED,
    [
        Citation(
            RULEBOOK("adjacency"),
            "You may control their next move. They throw the die, but you tell them which way to go.",
        )
    ],
    default_words="You may control their next move. They throw the die",
)

ROOM_CARDS = _point(
    "room-cards",
    "The text says where the weapons are but never lists the cards of a room. Are the rooms it "
    "names the only ones that hold weapons, or does a card count as the collector recorded it?",
    [
        (
            "weapons-where-named",
            (
                "as the sentence says: weapons come only from the Torture Chamber and Trophy Room, "
                "and one from the Kitchen; a weapon recorded from another room, or a second from "
                "the Kitchen while the first is held, breaks the rule"
            ),
        ),
        ("as-recorded", ("a conjecture that the sentence is not a full list: every drawn card "
                        "counts as the collector recorded it"),
         "that the sentence on where the weapons are is not a full list"),
    ],
    "weapons-where-named",
    UNSPECIFIED,
    [
        Citation(
            RULEBOOK("play"),
            "Weapons for this purpose are available in the Torture Chamber and the Trophy Room, "
            "and one is hidden in the Kitchen.",
        ),
        Citation(RULEBOOK("rooms"), "You must then pick up the top card from the pile, and obey it."),
    ],
    default_words="Weapons for this purpose are available in the Torture Chamber and the Trophy "
    "Room, and one is hidden in the Kitchen.",
)

BLOCKED_CHOICE = _point(
    "blocked-choice",
    "'you must move in another direction or miss your turn': may a player whose throw would land "
    "on an occupied square choose to miss the turn, or only when no other direction works?",
    [
        ("player-chooses", ("either: when some walk of the throw's length would end on an "
                           "occupied square, the player chooses to move another way or to miss "
                           "the turn")),
        ("move-if-possible", "miss the turn only when no legal move of that throw exists"),
    ],
    "player-chooses",
    UNSPECIFIED,
    [
        Citation(
            RULEBOOK("moves"),
            "If your throw would land you on a square occupied by another player, you must move "
            "in another direction or miss your turn.",
        )
    ],
    default_words="you must move in another direction or miss your turn",
)

PASS_OCCUPIED = _point(
    "pass-occupied",
    "May a pawn pass over a square occupied by another player, or only not land on it?",
    [
        ("landing-only", "only the landing square must be free; passing over a player is allowed"),
        ("no-passing", "an occupied square blocks the way (a Vampire's victim excepted)",
         ("that a pawn may not go over a square another player occupies: the text forbids only "
         "occupying it")),
    ],
    "landing-only",
    UNSPECIFIED,
    [
        Citation(RULEBOOK("moves"), "Two players may never occupy the same square."),
        Citation(RULEBOOK("the-vault"), "players may sneak past you unscathed when it is their go"),
    ],
    default_words="Two players may never occupy the same square.",
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
        Citation(RULEBOOK("the-vault"), "they may double back if their way is blocked"),
        Citation(RULEBOOK("moves"), "you may then move in any direction"),
    ],
    default_words="they may double back if their way is blocked",
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
    [Citation(RULEBOOK("moves"), "An optional second throw is granted if you throw a six.")],
    default_words="An optional second throw",
)

ENTRY_TIES = _point(
    "entry-ties",
    "Players 'throw the die to decide who enters first'. The text never says what happens "
    "when the highest throws tie.",
    [
        ("rethrow-tied", "the tied players throw again: the text's own way of deciding, repeated"),
        ("first-seated", "a conjecture: the first of the tied players in seat order enters first",
         "that the seat order breaks a tie: the text decides who enters first by the die"),
    ],
    "rethrow-tied",
    UNSPECIFIED,
    [
        Citation(
            RULEBOOK("preparation"),
            "Trembling, they throw the die to decide who enters first.",
        )
    ],
    default_words="they throw the die to decide who enters first",
)

TOWER_LEAVE = _point(
    "tower-leave",
    "'You may not use the oil again or leave.' May a player ever leave the Tower?",
    [
        ("never-leave", "no: a player in the Tower stays there for the rest of the game"),
        (
            "may-leave",
            "yes: the sentence forbids a second pouring; the Tower is left like any room",
            "that \"or leave\" does not keep the player in the Tower",
        ),
    ],
    "never-leave",
    UNSPECIFIED,
    [Citation(RULEBOOK("the-tower"), "You may not use the oil again or leave.")],
    default_words="You may not use the oil again or leave.",
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
        Citation(RULEBOOK("stamina"), "When you have no stamina left, you are dead."),
        Citation(RULEBOOK("rooms"), "thus allowing the player to evade death for a little while longer"),
    ],
    default_words="When you have no stamina left, you are dead.",
)

ARROW_TARGET_OCCUPIED = _point(
    "arrow-target-occupied",
    "A yellow arrow sends a player 'immediately to the place indicated', but another player "
    "stands there, and 'Two players may never occupy the same square.' The text never covers "
    "the case. What happens?",
    [
        ("cannot-land", ("the text's rule for a throw that would land on an occupied square: the "
                        "arrow may not be landed on, and the player moves another way")),
        ("stay-on-arrow", "a conjecture: the trap cannot spring and the player stays on the arrow",
         "that a trap whose target is taken does not spring: the text never says"),
    ],
    "cannot-land",
    UNSPECIFIED,
    [
        Citation(
            RULEBOOK("squares"),
            "If you land on one you must travel immediately to the place indicated by the arrow.",
        ),
        Citation(RULEBOOK("moves"), "Two players may never occupy the same square."),
        Citation(RULEBOOK("moves"), "If your throw would land you on a square occupied by another "
                 "player, you must move in another direction or miss your turn."),
    ],
    default_words="If your throw would land you on a square occupied by another player, you "
    "must move in another direction",
)

PROTECTION_FROM_AFAR = _point(
    "protection-from-afar",
    "A card which protects a player saves them from a weapon used beside them. Does it also "
    "save them from the Tower's oil and the blow pipe? Those sentences only say 'kill'; the "
    "Vault's 'No immunity card can protect you from this' suggests protection works elsewhere.",
    [
        ("kills", "as the Tower's sentences say: the oil and the blow pipe kill"),
        ("protection-saves", "a card which protects saves its holder from them too"),
    ],
    "kills",
    CONFLICT,
    [
        Citation(RULEBOOK("the-tower"), "ready to be poured over the battlements as soon as you arrive, "
                 "to kill any one player on the squares below"),
        Citation(RULEBOOK("the-tower"), "may use it from the Tower to kill any player not in a room"),
        Citation(RULEBOOK("adjacency"), "You may use your weapon, and if they do not possess a card "
                 "which protects them, you kill them."),
        Citation(RULEBOOK("the-vault"), "No immunity card can protect you from this."),
    ],
    default_words="to kill any one player on the squares below",
)

SIX_INTO_THE_MOAT = _point(
    "six-into-the-moat",
    "A six lands a player on a red square and into the moat. The second throw is taken 'after "
    "you have moved six squares and obeyed the laws applying to the square on which you "
    "landed'; the text never says whether it is taken in the moat.",
    [
        ("second-throw", ("as the sentence says: the optional second throw is taken, in the moat "
                         "a throw to climb out")),
        ("go-ends", "a conjecture: the fall ends the go; no throw from the water",
         ("that the fall ends the go: the text grants the second throw after the laws of the "
         "square are obeyed")),
    ],
    "second-throw",
    UNSPECIFIED,
    [
        Citation(RULEBOOK("moves"), "This throw is taken only after you have moved six squares and "
                 "obeyed the laws applying to the square on which you landed"),
        Citation(RULEBOOK("squares"), "If you land on a red square you fall in the moat."),
    ],
    default_words="This throw is taken only after you have moved six squares and obeyed the laws "
    "applying to the square on which you landed",
)


STAIRCASE_TOP = _point(
    "staircase-top",
    "A six and its second throw 'may be counted in an upwards direction' on the Great Spiral "
    "Staircase. The text never says what happens when the count goes past the top.",
    [
        ("out-at-the-door", ("the count carries the player out onto the staircase's door square, "
                            "if no one stands there (else they wait on the landing)"),
         "that a count past the top goes on out of the door: the text never says"),
        ("landing", ("a conjecture: the count stops on the landing; the staircase is left only by "
                    "a later six"),
         "that a count past the top stops on the landing: the text never says"),
    ],
    "out-at-the-door",
    UNSPECIFIED,
    [
        Citation(RULEBOOK("the-great-spiral-staircase"), "Once you enter the Great Spiral Staircase you "
                 "must continue down it, unless you throw a six, in which case both the six and "
                 "its second throw may be counted in an upwards direction."),
    ],
)

ADVANTAGE = _point(
    "advantage",
    "'Whichever option you choose, you have the advantage, and they may not attack you.' The "
    "text puts no limit on it in time. How long may the player a power was used on not use "
    "the power on its user?",
    [
        ("their-next-go", ("in their next go, the first in which they could (it lapses when that "
         "go ends)"), "that the advantage lasts one go: the sentence gives no limit"),
        ("for-good", "never again: the sentence gives no limit"),
    ],
    "their-next-go",
    UNSPECIFIED,
    [
        Citation(RULEBOOK("adjacency"), "Whichever option you choose, you have the advantage, and "
                 "they may not attack you."),
        Citation(RULEBOOK("adjacency"), "you have your opponent by the throat before they have a "
                 "chance to move"),
    ],
)

NEXT_TO = _point(
    "next-to",
    "'If you land on the square next to another player, you gain power over them.' Who is next "
    "to whom? The text speaks of squares and of dark corridors; a player in a room, at a gate "
    "or in the moat stands on no square, and the text never says whether anyone is next to "
    "them. (Whoever gains the power lands on a square, under every reading.)",
    [
        ("squares-only", ("two players on squares that share a side; a player in a room, at a "
         "gate or in the moat is next to no one"),
         ("that only a player on a square can be next to another: the text does not say whether "
         "a room or a gate is next to the squares at its door")),
        ("places-joined", ("also a player in a room, or at a gate, and one on a square joined to "
         "it (its door square, the battlement square of the gate); the moat is joined to no "
         "square"), ("that a room or a gate is next to the squares at its door: the text does not "
         "say")),
    ],
    "squares-only",
    UNSPECIFIED,
    [
        Citation(RULEBOOK("adjacency"), "If you land on the square next to another player, you "
                 "gain power over them."),
        Citation(RULEBOOK("adjacency"), "comes about because the corridors are dark, and you have "
                 "your opponent by the throat before they have a chance to move"),
    ],
)

SOMEONE_ELSES_CONTROL = _point(
    "someone-elses-control",
    "'you may not attack a player who is already in someone else's control.' Is a player "
    "'in someone else's control' whenever someone else has used the Power of Adjacency on "
    "them (until the end of their next go), or only when someone else controls their next "
    "move, the power's second form?",
    [
        ("any-form", ("any form: a player someone else attacked (and who lived), controlled or "
         "gave something unpleasant to, until the end of their next go"),
         ("that every form of the power puts its victim 'in control': the text names control "
         "as one of the three forms")),
        ("controlled", "only a player whose next move someone else controls (the second form)"),
    ],
    "any-form",
    UNSPECIFIED,
    [
        Citation(RULEBOOK("adjacency"), "If you land next to two players at once, you may only "
                 "attack one of them, and you may not attack a player who is already in someone "
                 "else's control."),
        Citation(RULEBOOK("adjacency"), "You may control their next move."),
        Citation(RULEBOOK("adjacency"), "Whichever option you choose, you have the advantage, and "
                 "they may not attack you."),
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
    BLOCKED_CHOICE,
    PASS_OCCUPIED,
    DOUBLE_BACK,
    SIX_CHAIN,
    ENTRY_TIES,
    DRACULA_RETURNS_OCCUPIED,
    TOWER_LEAVE,
    TRADE_AT_DEATH,
    ARROW_TARGET_OCCUPIED,
    VAMPIRE_DOUBLE_BACK,
    VAMPIRE_CORRIDORS,
    VAMPIRE_POWER,
    PROTECTION_FROM_AFAR,
    SIX_INTO_THE_MOAT,
    STAIRCASE_TOP,
    VAMPIRE_THROWS,
    ADVANTAGE,
    SNEAK_PAST,
    NEXT_TO,
    SOMEONE_ELSES_CONTROL,
)
BY_ID = {point.id: point for point in POINTS}
