"""Dylan Dog's interpretation points: where "there is always room for uncertainty" is made precise.

Each point cites the passages (``dylan-dog/<heading slug>``) whose words leave the referee a
choice; the quotes are the transcription's words exactly.
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

P = "dylan-dog/"


def _c(passage: str, quote: str) -> Citation:
    return Citation(passage=P + passage, quote=quote)


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

HORROR_DYLAN_DOG = InterpretationPoint(
    id="dylan-dog.horror-dylan-dog-possession",
    question="A horror card drawn from a crypt and defeated with a Dylan Dog card: does the player keep it?",
    options=(
        Option(
            "possession",
            "Yes: it is defeated like a successful throw, and the player takes possession.",
        ),
        Option(
            "discarded",
            "No: defeated and taking possession are two different ways; the card leaves the game.",
        ),
    ),
    default="possession",
    doubt=TRANSLATION,
    citations=(
        _c("horror-cards", 'A horror card can also be defeated by playing a "Dylan Dog" card.'),
        _c(
            "horror-cards",
            "If the player who drew the horror card neither defeats it nor takes "
            "possession of it in one of the ways provided, they must return to reality and put one "
            "of their mystery cards back into the crypt.",
        ),
    ),
)

HORROR_SUCCESS_RETURN = InterpretationPoint(
    id="dylan-dog.horror-success-return",
    question="After beating a horror card drawn from a crypt, does the player return to reality?",
    options=(
        Option("return", "Yes, like after any crypt draw: with a jump to a white square."),
        Option(
            "stay", "No: only a mystery card or a lost fight sends the player back; the pawn stays."
        ),
    ),
    default="return",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "reaching-the-mystery-crypts",
            "After drawing a mystery card, the player immediately "
            "returns, with a jump, to the reality plane",
        ),
        _c(
            "horror-cards",
            "If the throw is successful, the player takes possession of that horror "
            "card and may play it against one of the other players at any time during the game.",
        ),
    ),
)

HORROR_PENALTY_CRYPT = InterpretationPoint(
    id="dylan-dog.horror-penalty-crypt",
    question="Which crypt receives the mystery card put back after losing to a horror card?",
    options=(
        Option("same-crypt", "The crypt the horror card came from."),
        Option("any-crypt", "Any crypt, at the player's choice."),
    ),
    default="same-crypt",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "horror-cards",
            "If the player who drew the horror card neither defeats it nor takes "
            "possession of it in one of the ways provided, they must return to reality and put one "
            "of their mystery cards back into the crypt.",
        ),
    ),
)

CHALLENGE_TIMING = InterpretationPoint(
    id="dylan-dog.horror-challenge-timing",
    question="When may a held horror card be played against another player?",
    options=(
        Option(
            "instead-of-throw", "Only on one's own turn, before throwing, instead of the throw."
        ),
        Option("any-time", "At any time (no fight under way), without spending one's throw."),
    ),
    default="instead-of-throw",
    doubt=CONFLICT,
    citations=(
        _c(
            "horror-cards",
            "a player who has acquired a horror card may decide not to throw the die, "
            "and instead challenge another player who is on the same plane, using the horror card.",
        ),
        _c(
            "horror-cards",
            "If the throw is successful, the player takes possession of that horror "
            "card and may play it against one of the other players at any time during the game.",
        ),
    ),
)

CRYPT_PLANE = InterpretationPoint(
    id="dylan-dog.crypt-plane",
    question="For a challenge, is a pawn inside a crypt on the mystery plane?",
    options=(
        Option("mystery", "Yes: the crypts belong to the base plane."),
        Option(
            "none",
            "No: a pawn in a crypt is on no plane and can neither challenge nor be challenged.",
        ),
    ),
    default="mystery",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "horror-cards",
            "a player who has acquired a horror card may decide not to throw the die, "
            "and instead challenge another player who is on the same plane, using the horror card.",
        ),
        _c(
            "the-game-board",
            "At the corners of the board are the 4 mystery crypts (cripte del "
            "mistero), which allow you to enter the infinite, time, the mind and the paranormal.",
        ),
    ),
)

CHALLENGE_FAILURE_RETURN = InterpretationPoint(
    id="dylan-dog.challenge-failure-return",
    question="A challenged player who loses: do they also return to reality?",
    options=(
        Option(
            "no-return", "No: they hand over a mystery card, and that is all the challenge asks."
        ),
        Option("return-to-reality", "Yes: 'the rules already seen' include returning to reality."),
    ),
    default="no-return",
    doubt=UNSPECIFIED,
    citations=(
        _c("horror-cards", "The challenged player must fight following the rules already seen:"),
        _c(
            "horror-cards",
            "if they are defeated, they must hand over a mystery card, on request, "
            "to the player who challenged them.",
        ),
    ),
)

FORFEIT_CHOOSER = InterpretationPoint(
    id="dylan-dog.challenge-forfeit-chooser",
    question='Who chooses the mystery card handed over "on request" after a lost challenge?',
    options=(
        Option("challenger-chooses", "The challenger names the card they want."),
        Option("challenged-chooses", "The loser hands over a card of their choice when asked."),
    ),
    default="challenger-chooses",
    doubt=TRANSLATION,
    citations=(
        _c(
            "horror-cards",
            "if they are defeated, they must hand over a mystery card, on request, "
            "to the player who challenged them.",
        ),
    ),
)

SHADOW_PROTECTION = InterpretationPoint(
    id="dylan-dog.shadow-protection",
    question="On a shadow square, must a player who can escape (Dylan Dog or valid shadow card) do so?",
    options=(
        Option("optional", "No: they may keep the card and return to reality."),
        Option("compulsory", "Yes: returning to reality is only for those with neither card."),
    ),
    default="optional",
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

SHADOW_SHOW_TIMING = InterpretationPoint(
    id="dylan-dog.shadow-show-timing",
    question="Must the matching shadow be shown before the trap, or may it be shown as the card is played?",
    options=(
        Option(
            "when-played", "Showing the matching story-card shadow as the card is played is enough."
        ),
        Option("in-advance", "Only a shadow card whose match was shown earlier can be played."),
    ),
    default="when-played",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "shadow-cards",
            'To show that they hold a "useful" shadow card (and can therefore play it '
            "when needed), the player must show the others the matching shadow on one of their story cards.",
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

FORCED_EXCHANGE_TERMS = InterpretationPoint(
    id="dylan-dog.forced-exchange-terms",
    question='What may a forced exchange ("as they wish") take and give?',
    options=(
        Option("one-for-one", "One card for one card, both chosen by the entitled player."),
        Option("as-they-wish", "Any cards either way, even taking without giving."),
    ),
    default="one-for-one",
    doubt=TRANSLATION,
    citations=(
        _c(
            "exchange",
            "they may decide a card exchange, with whomever they choose and as they wish.",
        ),
        _c("the-nightmare-plane", "is entitled to demand a card exchange"),
    ),
)

EXCHANGE_BALANCE = InterpretationPoint(
    id="dylan-dog.exchange-balance",
    question="May a voluntary exchange before the throw be uneven (a gift, two for one)?",
    options=(
        Option("any", "Yes: whatever the two players agree."),
        Option("one-for-one", "No: as many cards given as received, at least one each way."),
    ),
    default="any",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "exchange",
            "Before making their own die throw, each player is free to propose a card "
            "exchange to the others.",
        ),
    ),
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

WIN_TIMING = InterpretationPoint(
    id="dylan-dog.win-timing",
    question="Does a player who completes their four cards during another's turn win at once?",
    options=(
        Option("immediately", "Yes: holding the four matching mystery cards wins at once."),
        Option("own-turn", "Only at the start of their own turn, if they still hold them."),
    ),
    default="immediately",
    doubt=TRANSLATION,
    citations=(
        _c(
            "goal-of-the-game",
            "The first player who finds the 4 mystery cards (= elements) matching "
            "their own story cards escapes and is proclaimed the winner of the challenge.",
        ),
        _c(
            "reaching-the-mystery-crypts",
            "Useful mystery cards serve for the final victory: the "
            "first player to hold the 4 useful mystery cards for their story has won the game of nightmares.",
        ),
    ),
)

SIMULTANEOUS_WIN = InterpretationPoint(
    id="dylan-dog.simultaneous-win",
    question="One exchange completes two players' stories at once: who is first?",
    options=(
        Option("acting-player", "The player who made the exchange (whose turn it is)."),
        Option("other-player", "The other player: they received the card they were missing first."),
    ),
    default="acting-player",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "the-end-of-the-game",
            "The first player to find the 4 useful mystery cards needed to "
            '"get out" of the story in which they became involved has won',
        ),
    ),
)

CLIMB_SQUARE = InterpretationPoint(
    id="dylan-dog.empty-crypt-climb-square",
    question="A Dylan Dog card lifts a player out of an empty crypt: onto which nightmare square?",
    options=(
        Option("square-above", "The nightmare square now lined up over the crypt."),
        Option("any-nightmare-square", "Any nightmare square, at the player's choice."),
    ),
    default="square-above",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "dylan-dog-cards",
            'They also let a player who has been "sent" by a nightmare card to a '
            "crypt that is already empty climb back onto the nightmare plane, even without looking "
            "for the dimensional passage.",
        ),
    ),
)

CLIMB_WHO = InterpretationPoint(
    id="dylan-dog.empty-crypt-climb-who",
    question="Is the Dylan Dog climb out of an empty crypt only for a player sent there by a nightmare card?",
    options=(
        Option("sent-by-card-only", "Only for a player a nightmare card sent there."),
        Option("anyone-in-empty-crypt", "For anyone standing in an empty crypt."),
    ),
    default="sent-by-card-only",
    doubt=UNSPECIFIED,
    citations=(
        _c(
            "dylan-dog-cards",
            'They also let a player who has been "sent" by a nightmare card to a '
            "crypt that is already empty climb back onto the nightmare plane, even without looking "
            "for the dimensional passage.",
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

MYSTERY_VISIBILITY = InterpretationPoint(
    id="dylan-dog.mystery-card-visibility",
    question='A mystery card kept "declared": do the others see its element, or only that one was drawn?',
    options=(
        Option("face-up", "Face up: the element is seen by all; only its usefulness is private."),
        Option(
            "face-down", "Declared as drawn, kept face down: the others do not see the element."
        ),
    ),
    default="face-up",
    doubt=TRANSLATION,
    citations=(
        _c(
            "reaching-the-mystery-crypts",
            "If it is a mystery card (carta-mistero), the player keeps "
            "it, declared, in front of them.",
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
