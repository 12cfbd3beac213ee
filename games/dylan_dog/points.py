"""Dylan Dog's interpretation points: where "there is always room for uncertainty" is made precise.

Each point cites the passages (``dylan-dog/<heading slug>``) whose words leave the referee a
choice; the quotes are the transcription's words exactly. The points on moving and the board
are here; those on cards, fights, exchanges and victory in ``card_points.py``.
"""

from __future__ import annotations

from games.core.points import (
    CONFLICT,
    TRANSLATION,
    UNSPECIFIED,
    InterpretationPoint,
    Option,
)
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

PASSAGE_STEP = InterpretationPoint(
    id="dylan-dog.passage-step",
    question=(
        "Does every change of plane cost one step of the throw, or only the dimensional passage "
        "from the nightmare to the mystery plane (the one the rules count)?"
    ),
    options=(
        Option(
            "every-passage-one-step",
            "Every change of plane (reality/nightmare either way, "
            "nightmare/mystery either way) counts as one step.",
        ),
        Option(
            "only-dimensional-passage",
            "Only nightmare to mystery counts one step; descending "
            "from reality, climbing back to reality or back up to the nightmare is free.",
        ),
    ),
    default="every-passage-one-step",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "moving-between-planes",
            "When a dimensional passage is used to move from the nightmare "
            "plane to the mystery plane, the move always counts as one step for the pawn.",
        ),
        _c(
            "moving-between-planes",
            "The player moves their pawn on the reality plane and chooses "
            "at which point to descend onto the nightmare plane.",
        ),
    ),
)

CRYPT_ENTRY_BY_ROTATION = InterpretationPoint(
    id="dylan-dog.crypt-entry-by-rotation",
    question=(
        "A pawn already standing on ENTRA NELLA CRIPTA DEL MISTERO: does rotating the nightmare "
        "plane so that the square lines up with a crypt give the right to enter?"
    ),
    options=(
        Option(
            "allowed", "Yes: the square lines up at the end of one's own move, by an exact throw."
        ),
        Option(
            "pawn-must-stop", "No: the pawn itself must stop on the square with an exact count."
        ),
    ),
    default="allowed",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "moving-between-planes",
            "a player may enter a crypt immediately only if they stop on the "
            'square "ENTRA NELLA CRIPTA DEL MISTERO" at the end of their move (that is, with an exact '
            "throw), and that square lines up with a crypt.",
        ),
    ),
)

MIXED_MOVE_ORDER = InterpretationPoint(
    id="dylan-dog.mixed-move-order",
    question="In a mixed move, may the plane be rotated before the pawn moves?",
    options=(
        Option("either-order", "Rotate first or move the pawn first, at the player's choice."),
        Option(
            "pawn-then-rotate", "The pawn moves first, then the plane rotates, as in the example."
        ),
    ),
    default="either-order",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "later-turns",
            "The player moves their pawn 3 squares and then rotates the nightmare plane by 2.",
        ),
    ),
)

PARTIAL_MOVE = InterpretationPoint(
    id="dylan-dog.partial-move",
    question="Must a move use the whole throw (pawn steps plus rotation equal to the die)?",
    options=(
        Option("exact", "Yes, except that reaching a crypt along a path ends the move early."),
        Option("up-to", "No: the player may use fewer squares than the die shows."),
    ),
    default="exact",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "reaching-the-mystery-crypts",
            'it is not necessary to reach the crypt with an "exact" '
            "throw; it is enough to arrive there.",
        ),
        _c(
            "first-turn",
            "moves the nightmare plane (the middle, rotating plane) by as many squares as "
            "the die shows, in the direction they prefer.",
        ),
    ),
)

MYSTERY_ROTATION = InterpretationPoint(
    id="dylan-dog.mystery-plane-rotation",
    question="May a player whose pawn is on the mystery plane rotate the nightmare plane?",
    options=(
        Option(
            "only-when-crypt-empty",
            "Only when every crypt their square leads to is empty "
            "(going there would be useless), to go back to the nightmare plane.",
        ),
        Option(
            "always",
            "Whenever they choose to head back: the parenthesis is an example, not a condition.",
        ),
    ),
    default="only-when-crypt-empty",
    doubt=CONFLICT,
    citations=(
        _c(
            "later-turns",
            "When a player reaches the mystery plane (the base plane), they may only "
            "move their pawn.",
        ),
        _c("later-turns", "they may also move the nightmare plane."),
    ),
)

NIGHTMARE_CARD_TRIGGER = InterpretationPoint(
    id="dylan-dog.nightmare-card-trigger",
    question=(
        "When does PRENDI UNA CARTA INCUBO make a player draw: only when the pawn lands on it (and "
        "on the first turn, when it comes under the pawn's white square), or whenever one's own "
        "move ends with it under the pawn, rotation alone included?"
    ),
    options=(
        Option(
            "first-turn-and-landing",
            "The pawn lands on it (by its own steps or a card), or on "
            "one's first turn it comes under the pawn's white square.",
        ),
        Option(
            "end-of-own-move",
            "Whenever one's own move ends with the square under the pawn, "
            "even if only the plane rotated.",
        ),
    ),
    default="first-turn-and-landing",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "first-turn",
            'If the square where their pawn now stands reads "PRENDI UNA CARTA INCUBO" '
            "(take a nightmare card)",
        ),
        _c(
            "nightmare-cards",
            'Each time a player lands on a square reading "PRENDI UNA CARTA INCUBO" '
            "(take a nightmare card)",
        ),
    ),
)

ENTER_DIMENSION_SQUARE = InterpretationPoint(
    id="dylan-dog.enter-dimension-square",
    question=(
        'Which is "the entry square of the path leading to the crypt" a card that says "enter a '
        'dimension" sends the pawn to?'
    ),
    options=(
        Option(
            "access-square",
            "A labelled access square (e.g. MENTE-INFINITO) of a path leading "
            "to that crypt; the square names both dimensions it opens on.",
        ),
        Option("first-path-square", "The first square of a path leading to that crypt."),
    ),
    default="access-square",
    doubt=TRANSLATION,
    citations=(
        _c(
            "nightmare-cards",
            'When a nightmare card says to "enter a dimension", the player must '
            "place their pawn on the entry square of the path leading to the crypt in question.",
        ),
        _c(
            "moving-between-planes",
            "The squares with these labels are the access squares to the "
            "paths that lead to the mystery crypts.",
        ),
    ),
)

SHADOW_LANDING = InterpretationPoint(
    id="dylan-dog.shadow-square-landing",
    question="Does a shadow square trap a pawn that only passes over it?",
    options=(
        Option("end-of-move", "No: only a pawn whose move ends on it ('landing')."),
        Option("passing", "Yes: stepping on it during the move is enough."),
    ),
    default="end-of-move",
    doubt=TRANSLATION,
    citations=(_c("shadow-squares", "Landing on one of these squares can be dangerous."),),
)

WHITE_SQUARE_CHOICE = InterpretationPoint(
    id="dylan-dog.white-square-choice",
    question="Returning to reality, may the pawn go on a white square another pawn occupies?",
    options=(
        Option("any-white", "Any white square, occupied or not."),
        Option("free-white", "A free white square while one is free."),
    ),
    default="any-white",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "shadow-squares",
            'If the player has neither a "Dylan Dog" card nor a playable "valid" '
            "shadow card, they return to reality, where they place their pawn, as always, on one of "
            "the white squares.",
        ),
    ),
)

WINDOW_PLANE = InterpretationPoint(
    id="dylan-dog.window-plane",
    question=(
        'Where are the "windows" (finestre) in which Dylan Dog\'s face appears: in the nightmare '
        "plane over the face printed below, or in reality's white squares over the nightmare plane?"
    ),
    options=(
        Option(
            "nightmare-window",
            "A window square of the nightmare plane, lined up over Dylan "
            "Dog's face on the mystery plane, with the pawn on it.",
        ),
        Option(
            "reality-window",
            "A white square of reality with the nightmare plane's Dylan Dog "
            "square (the board's finestra squares) now beneath it, with the pawn on it.",
        ),
    ),
    default="nightmare-window",
    doubt=TRANSLATION,
    citations=(
        _c(
            "the-nightmare-plane",
            "A player who makes Dylan Dog's face appear in one of the "
            '"windows" (and stands on top of it) may take a "Dylan Dog" card',
        ),
    ),
)

POINTS = (
    PASSAGE_STEP,
    CRYPT_ENTRY_BY_ROTATION,
    MIXED_MOVE_ORDER,
    PARTIAL_MOVE,
    MYSTERY_ROTATION,
    NIGHTMARE_CARD_TRIGGER,
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
