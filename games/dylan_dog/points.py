"""Dylan Dog's interpretation points: where "there is always room for uncertainty" is made precise.

Each point's question says what the doubt is (sentences that pull apart, a case the text never
covers, an English word that may not render the Italian), and cites the passages
(``dylan-dog/<heading slug>``) in the transcription's exact words. Its default is either the
reading the quoted words give (``default_words``, inside one of its quotes) or a declared
conjecture (the option's ``conjecture`` says what it assumes that no sentence gives); any other
option that assumes what no sentence gives says so too. The points on moving and the board are
here, those on cards, fights, exchanges and victory in ``card_points.py``; ``POINTS`` lists
them all.
"""

from __future__ import annotations

from games.core.points import CONFLICT, TRANSLATION, UNSPECIFIED, InterpretationPoint, Option
from games.dylan_dog.card_points import (
    CHALLENGE_FAILURE_RETURN,
    CHALLENGE_TIMING,
    CLIMB_SQUARE,
    CLIMB_WHO,
    CRYPT_PLANE,
    EXCHANGE_BALANCE,
    FORCED_EXCHANGE_TERMS,
    FORFEIT_CHOOSER,
    HORROR_DYLAN_DOG,
    HORROR_PENALTY_CRYPT,
    HORROR_SUCCESS_RETURN,
    MYSTERY_VISIBILITY,
    SHADOW_PROTECTION,
    SHADOW_SHOW_TIMING,
    SIMULTANEOUS_WIN,
    WIN_TIMING,
)
from games.dylan_dog.passages import cite as _c

ENTRA_ONLY_IF = (
    'a player may enter a crypt immediately only if they stop on the square "ENTRA NELLA CRIPTA '
    'DEL MISTERO" at the end of their move (that is, with an exact throw), and that square '
    "lines up with a crypt."
)

PASSAGE_STEP = InterpretationPoint(
    id="dylan-dog.passage-step",
    question=(
        "The text counts one step for the dimensional passage from the nightmare to the mystery "
        "plane ('always counts as one step'); it never says whether passing between reality and "
        "the nightmare plane, or climbing back up from the mystery plane, costs a step."
    ),
    options=(
        Option("every-passage-one-step", (
            "Every square the pawn enters counts, on whichever plane: a change of plane is one "
            "step of the move like any other."),
            conjecture=("that every change of plane costs a step as the dimensional passage "
                        "does: the text counts one for that passage only")),
        Option("only-dimensional-passage", (
            "Only the dimensional passage down counts; the other changes of plane are free."),
            conjecture=("that 'always' sets the dimensional passage apart from the other changes "
                        "of plane, which no sentence says are free")),
    ),
    default="every-passage-one-step",
    doubt=UNSPECIFIED,
    citations=(
        _c("moving-between-planes",
           "When a dimensional passage is used to move from the nightmare plane to the mystery "
           "plane, the move always counts as one step for the pawn."),
        _c("moving-between-planes",
           "The player moves their pawn on the reality plane and chooses at which point to "
           "descend onto the nightmare plane."),
    ),
)

CRYPT_ENTRY_BY_ROTATION = InterpretationPoint(
    id="dylan-dog.crypt-entry-by-rotation",
    question=(
        "Direct entry needs the player to 'stop on the square ENTRA NELLA CRIPTA DEL MISTERO at "
        "the end of their move (that is, with an exact throw)'; the text never says whether a "
        "pawn already on that square, lined up with a crypt by the player's own exact rotation, "
        "'stops on' it."
    ),
    options=(
        Option("allowed", (
            "Yes: the pawn is on the square at the end of the player's own move, and the "
            "rotation used the whole throw.")),
        Option("pawn-must-stop", (
            "No: the pawn itself must move onto the square, ending there with the whole throw.")),
    ),
    default="allowed",
    default_words="is acquired only by being on the right squares after one's own move",
    doubt=UNSPECIFIED,
    citations=(
        _c("moving-between-planes", ENTRA_ONLY_IF),
        _c("the-nightmare-plane",
           "is acquired only by being on the right squares after one's own move"),
    ),
)

MIXED_MOVE_ORDER = InterpretationPoint(
    id="dylan-dog.mixed-move-order",
    question=(
        "A player may 'make a mixed move', which the text shows once, by an example in which "
        "the pawn moves and 'then' the plane rotates; it never says whether the plane may be "
        "rotated first."
    ),
    options=(
        Option("either-order", (
            "Either order: the rule names a mixed move without an order, and the example shows "
            "one of the two.")),
        Option("pawn-then-rotate", "The pawn moves first, then the plane rotates, as in the example.",
               conjecture=("that the example's order is the rule: no sentence gives a mixed move "
                           "an order")),
    ),
    default="either-order",
    default_words="Example of a mixed move",
    doubt=UNSPECIFIED,
    citations=(
        _c("later-turns", 'make a "mixed" move.'),
        _c("later-turns",
           "Example of a mixed move: the die shows 5. The player moves their pawn 3 squares and "
           "then rotates the nightmare plane by 2."),
    ),
)

PARTIAL_MOVE = InterpretationPoint(
    id="dylan-dog.partial-move",
    question=(
        "The text never says outright that a later move must use the whole throw: its one "
        "example does (3 squares and 2 of rotation for a 5), it excuses a crypt reached along a "
        "path from an 'exact' throw, and it asks an exact throw of a direct entry."
    ),
    options=(
        Option("exact", (
            "The move uses the whole throw, except that reaching a crypt along a path may end "
            "it early.")),
        Option("up-to", (
            "A move may use fewer squares than the throw (a direct entry into a crypt still "
            "needs an exact throw)."),
            conjecture=("that a move may stop short of the throw, which the crypt's exception "
                        "would then not need")),
    ),
    default="exact",
    default_words='it is not necessary to reach the crypt with an "exact" throw',
    doubt=UNSPECIFIED,
    citations=(
        _c("reaching-the-mystery-crypts",
           'it is not necessary to reach the crypt with an "exact" throw; it is enough to '
           "arrive there."),
        _c("later-turns",
           "The player moves their pawn 3 squares and then rotates the nightmare plane by 2."),
        _c("moving-between-planes", ENTRA_ONLY_IF),
    ),
)

MYSTERY_ROTATION = InterpretationPoint(
    id="dylan-dog.mystery-plane-rotation",
    question=(
        "On the mystery plane a player 'may only move their pawn', and 'may also move the "
        "nightmare plane' when they need to go back because the crypt has no more cards; the "
        "text never says whether the emptied crypt is the only reason that counts."
    ),
    options=(
        Option("only-when-crypt-empty", (
            "Only when every crypt ahead of the pawn is empty, as the parenthesis says.")),
        Option("always", "Whenever the player heads back.",
               conjecture="that the parenthesis is an example, not the reason the text gives"),
    ),
    default="only-when-crypt-empty",
    default_words="because there are no more cards to take in the crypt",
    doubt=UNSPECIFIED,
    citations=(
        _c("later-turns",
           "When a player reaches the mystery plane (the base plane), they may only move their "
           "pawn."),
        _c("later-turns",
           "If they need to go back to the nightmare plane (because there are no more cards to "
           "take in the crypt, so going there would be useless), they may also move the "
           "nightmare plane."),
    ),
)

NIGHTMARE_CARD_TRIGGER = InterpretationPoint(
    id="dylan-dog.nightmare-card-trigger",
    question=(
        "A player draws 'each time a player lands on' PRENDI UNA CARTA INCUBO, and on the first "
        "turn when the square 'where their pawn now stands' reads it; on later turns the text "
        "never says whether the plane's rotation bringing the square under a pawn that did not "
        "move counts."
    ),
    options=(
        Option("first-turn-and-landing", (
            "Only when the pawn lands on the square (by its own steps or a card), or on the "
            "first turn when it comes under the pawn's white square.")),
        Option("end-of-own-move", (
            "Also when one's own later move ends with the square under the pawn by rotation "
            "alone."),
            conjecture=("that a square brought under a pawn that did not move is 'landed on' "
                        "after the first turn too")),
    ),
    default="first-turn-and-landing",
    default_words="Each time a player lands on",
    doubt=UNSPECIFIED,
    citations=(
        _c("first-turn",
           'If the square where their pawn now stands reads "PRENDI UNA CARTA INCUBO" (take a '
           "nightmare card)"),
        _c("nightmare-cards",
           'Each time a player lands on a square reading "PRENDI UNA CARTA INCUBO" (take a '
           "nightmare card)"),
    ),
)

NIGHTMARE_CARD_LANDING = InterpretationPoint(
    id="dylan-dog.nightmare-card-landing",
    question=(
        "'Each time a player lands on' PRENDI UNA CARTA INCUBO: the English 'lands on' reads as "
        "ending the move there; the text never says whether a pawn that passes over the square "
        "during its move draws."
    ),
    options=(
        Option("end-of-move", "Only a pawn whose move ends on the square draws."),
        Option("passing", (
            "Each such square the pawn passes over during its move draws a card too."),
            conjecture="that passing over a square is landing on it"),
    ),
    default="end-of-move",
    default_words="Each time a player lands on",
    doubt=TRANSLATION,
    citations=(
        _c("nightmare-cards",
           'Each time a player lands on a square reading "PRENDI UNA CARTA INCUBO" (take a '
           "nightmare card), they draw a card from the nightmare deck"),
    ),
)

FIRST_TURN_SQUARE = InterpretationPoint(
    id="dylan-dog.first-turn-square",
    question=(
        "On the first turn the pawn stays on its white square of reality and only the nightmare "
        "plane turns; then 'the square where their pawn now stands' may read PRENDI UNA CARTA "
        "INCUBO. The text never says that a white square shows the nightmare square beneath "
        "it, and a white square of reality reads nothing."
    ),
    options=(
        Option("square-beneath", (
            "The nightmare square now beneath the pawn's white square: 'now', after the plane "
            "alone has turned, names a square the turning changed.")),
        Option("white-square", (
            "The pawn's own white square, which reads nothing: nothing ever happens on the "
            "first turn."),
            conjecture=("that 'now' changes nothing, so that the sentence on PRENDI UNA CARTA "
                        "INCUBO never applies")),
    ),
    default="square-beneath",
    default_words="the square where their pawn now stands",
    doubt=UNSPECIFIED,
    citations=(
        _c("first-turn",
           'If the square where their pawn now stands reads "PRENDI UNA CARTA INCUBO" (take a '
           "nightmare card)"),
        _c("starting-the-game",
           "place the markers (segnalini) on the white squares of the upper plane, which is "
           "reality."),
    ),
)

CARD_ONTO_ENTRA = InterpretationPoint(
    id="dylan-dog.card-onto-entra",
    question=(
        "A nightmare card moves a player onto ENTRA NELLA CRIPTA DEL MISTERO lined up with a "
        "crypt. One sentence allows direct entry 'only if they stop on the square ... at the "
        "end of their move (that is, with an exact throw)'; another says a player a card moves "
        "'must carry out the behaviour provided for that position'."
    ),
    options=(
        Option("no-entry", (
            "No entry: the pawn did not stop there at the end of a move made with an exact "
            "throw.")),
        Option("enter", "The player may enter the crypt, as the square's behaviour."),
    ),
    default="no-entry",
    default_words="at the end of their move (that is, with an exact throw)",
    doubt=CONFLICT,
    citations=(
        _c("moving-between-planes", ENTRA_ONLY_IF),
        _c("nightmare-cards",
           "When a player is moved, following the instruction of a nightmare card, to another "
           "position on the board, they must carry out the behaviour provided for that "
           "position."),
    ),
)

ENTER_DIMENSION_SQUARE = InterpretationPoint(
    id="dylan-dog.enter-dimension-square",
    question=(
        "A card that says 'enter a dimension' puts the pawn 'on the entry square of the path "
        "leading to the crypt'; the text calls the labelled squares 'the access squares to the "
        "paths', and the English 'entry square' may mean one of those or a path's first square."
    ),
    options=(
        Option("access-square", (
            "A labelled access square (e.g. MENTE-INFINITO) of a path leading to that crypt.")),
        Option("first-path-square", "The first square of a path leading to that crypt."),
    ),
    default="access-square",
    default_words="the access squares to the paths",
    doubt=TRANSLATION,
    citations=(
        _c("nightmare-cards",
           'When a nightmare card says to "enter a dimension", the player must place their pawn '
           "on the entry square of the path leading to the crypt in question."),
        _c("moving-between-planes",
           "The squares with these labels are the access squares to the paths that lead to the "
           "mystery crypts."),
    ),
)

SHADOW_LANDING = InterpretationPoint(
    id="dylan-dog.shadow-square-landing",
    question=(
        "'Landing on one of these squares can be dangerous': the English 'landing' reads as "
        "ending the move on a shadow square; the text never says whether passing over one "
        "traps the pawn."
    ),
    options=(
        Option("end-of-move", "Only a pawn whose move ends on the shadow square is trapped."),
        Option("passing", "Stepping on it during the move is enough.",
               conjecture="that passing over a shadow square is landing on it"),
    ),
    default="end-of-move",
    default_words="Landing on one of these squares",
    doubt=TRANSLATION,
    citations=(_c("shadow-squares", "Landing on one of these squares can be dangerous."),),
)

WHITE_SQUARE_CHOICE = InterpretationPoint(
    id="dylan-dog.white-square-choice",
    question=(
        "A pawn returning to reality goes 'on one of the white squares'; the text never says "
        "whether a white square already holding a pawn may be chosen."
    ),
    options=(
        Option("any-white", "Any white square, occupied or not."),
        Option("free-white", "A free white square, while one is free.",
               conjecture="that two pawns may not share a white square, which no sentence says"),
    ),
    default="any-white",
    default_words="on one of the white squares",
    doubt=UNSPECIFIED,
    citations=(
        _c("shadow-squares",
           "they return to reality, where they place their pawn, as always, on one of the white "
           "squares."),
    ),
)

WINDOW_PLANE = InterpretationPoint(
    id="dylan-dog.window-plane",
    question=(
        "The text speaks of 'windows' in which a player makes Dylan Dog's face appear, without "
        "saying on which plane they are: nightmare-plane squares over the face printed on the "
        "mystery plane, or reality's white squares over the nightmare plane."
    ),
    options=(
        Option("nightmare-window", (
            "A window square of the nightmare plane, lined up over Dylan Dog's face on the "
            "mystery plane, with the pawn on it."),
            conjecture=("that the windows are squares of the nightmare plane, the plane the "
                        "sentence's section speaks of: the board is described in words only")),
        Option("reality-window", (
            "A white square of reality with the nightmare plane's Dylan Dog square (the board's "
            "finestra squares) now beneath it, with the pawn on it."),
            conjecture=("that reality's white squares are the windows and show the nightmare "
                        "plane beneath: the board is described in words only")),
    ),
    default="nightmare-window",
    doubt=TRANSLATION,
    citations=(
        _c("the-nightmare-plane",
           'A player who makes Dylan Dog\'s face appear in one of the "windows" (and stands on '
           'top of it) may take a "Dylan Dog" card'),
    ),
)

POINTS = (
    PASSAGE_STEP,
    CRYPT_ENTRY_BY_ROTATION,
    MIXED_MOVE_ORDER,
    PARTIAL_MOVE,
    MYSTERY_ROTATION,
    NIGHTMARE_CARD_TRIGGER,
    NIGHTMARE_CARD_LANDING,
    FIRST_TURN_SQUARE,
    CARD_ONTO_ENTRA,
    ENTER_DIMENSION_SQUARE,
    HORROR_DYLAN_DOG,
    HORROR_SUCCESS_RETURN,
    HORROR_PENALTY_CRYPT,
    CHALLENGE_TIMING,
    CRYPT_PLANE,
    CHALLENGE_FAILURE_RETURN,
    FORFEIT_CHOOSER,
    SHADOW_PROTECTION,
    SHADOW_SHOW_TIMING,
    SHADOW_LANDING,
    FORCED_EXCHANGE_TERMS,
    EXCHANGE_BALANCE,
    WHITE_SQUARE_CHOICE,
    WIN_TIMING,
    SIMULTANEOUS_WIN,
    CLIMB_SQUARE,
    CLIMB_WHO,
    WINDOW_PLANE,
    MYSTERY_VISIBILITY,
)
