"""Dylan Dog's interpretation points on cards, fights, exchanges and victory (the points on
moving and the board are in ``points.py``, which lists them all)."""

from __future__ import annotations

from games.core.points import (
    CONFLICT,
    TRANSLATION,
    UNSPECIFIED,
    InterpretationPoint,
    Option,
)
from games.dylan_dog.passages import cite as _c

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
