"""Dylan Dog's interpretation points on cards, fights, exchanges and victory (the points on
moving and the board are in ``points.py``, which lists them all)."""

from __future__ import annotations

from games.core.points import CONFLICT, TRANSLATION, UNSPECIFIED, InterpretationPoint, Option
from games.dylan_dog.passages import cite as _c

HORROR_FAILURE = (
    "If the player who drew the horror card neither defeats it nor takes possession of it in "
    "one of the ways provided, they must return to reality and put one of their mystery cards "
    "back into the crypt."
)
HORROR_SUCCESS = (
    "If the throw is successful, the player takes possession of that horror card and may play "
    "it against one of the other players at any time during the game."
)
CHALLENGE = (
    "a player who has acquired a horror card may decide not to throw the die, and instead "
    "challenge another player who is on the same plane, using the horror card."
)
HANDED_OVER = (
    "if they are defeated, they must hand over a mystery card, on request, to the player who "
    "challenged them."
)
CLIMB = (
    'They also let a player who has been "sent" by a nightmare card to a crypt that is already '
    "empty climb back onto the nightmare plane, even without looking for the dimensional "
    "passage."
)

HORROR_DYLAN_DOG = InterpretationPoint(
    id="dylan-dog.horror-dylan-dog-possession",
    question=(
        "The text gives possession of a horror card 'if the throw is successful', and says a "
        "horror card 'can also be defeated by playing a Dylan Dog card'; it never says whether "
        "a card so defeated is kept."
    ),
    options=(
        Option("discarded", (
            "It is defeated and leaves the game: possession is given only for a successful "
            "throw.")),
        Option("possession", (
            "A Dylan Dog card counts as a successful throw, and the player takes possession."),
            conjecture="that defeating the card with a Dylan Dog card is a successful throw"),
    ),
    default="discarded",
    default_words="If the throw is successful, the player takes possession of that horror card",
    doubt=UNSPECIFIED,
    citations=(
        _c("horror-cards", 'A horror card can also be defeated by playing a "Dylan Dog" card.'),
        _c("horror-cards", HORROR_SUCCESS),
        _c("horror-cards", HORROR_FAILURE),
    ),
)

HORROR_SUCCESS_RETURN = InterpretationPoint(
    id="dylan-dog.horror-success-return",
    question=(
        "The text sends a player back to reality after drawing a mystery card and after losing "
        "to a horror card; it never says where a player who beats a horror card goes."
    ),
    options=(
        Option("stay", "The pawn stays where it is: no sentence sends it back."),
        Option("return", "Back to reality with a jump, as after a mystery card.",
               conjecture="that beating a horror card sends its drawer back as a mystery card does"),
    ),
    default="stay",
    default_words="If the throw is successful, the player takes possession of that horror card",
    doubt=UNSPECIFIED,
    citations=(
        _c("reaching-the-mystery-crypts",
           "After drawing a mystery card, the player immediately returns, with a jump, to the "
           "reality plane"),
        _c("horror-cards", HORROR_SUCCESS),
        _c("horror-cards", HORROR_FAILURE),
    ),
)

HORROR_PENALTY_CRYPT = InterpretationPoint(
    id="dylan-dog.horror-penalty-crypt",
    question=(
        "After losing to a horror card a player puts a mystery card 'back into the crypt': the "
        "text names no crypt, and the horror card came from one."
    ),
    options=(
        Option("same-crypt", "The crypt the horror card came from."),
        Option("any-crypt", "Any crypt, at the player's choice.",
               conjecture="that 'the crypt' is any crypt the player chooses"),
    ),
    default="same-crypt",
    default_words="back into the crypt",
    doubt=UNSPECIFIED,
    citations=(_c("horror-cards", HORROR_FAILURE),),
)

CHALLENGE_TIMING = InterpretationPoint(
    id="dylan-dog.horror-challenge-timing",
    question=(
        "Two sentences disagree: a player 'may decide not to throw the die, and instead "
        "challenge another player', and a held horror card may be played against another "
        "player 'at any time during the game'."
    ),
    options=(
        Option("instead-of-throw", "Only on one's own turn, before throwing, instead of the throw."),
        Option("any-time", "At any time (no fight under way), without spending one's throw."),
    ),
    default="instead-of-throw",
    default_words="may decide not to throw the die, and instead challenge another player",
    doubt=CONFLICT,
    citations=(_c("horror-cards", CHALLENGE), _c("horror-cards", HORROR_SUCCESS)),
)

CRYPT_PLANE = InterpretationPoint(
    id="dylan-dog.crypt-plane",
    question=(
        "A challenge is against 'another player who is on the same plane'; the text puts the "
        "crypts 'at the corners of the board' and never says on which plane a pawn in one is."
    ),
    options=(
        Option("mystery", "On the mystery plane: the crypts are reached from the base plane.",
               conjecture=("that a pawn in a crypt is on the plane whose paths lead there: no "
                           "sentence puts the crypts on a plane")),
        Option("none", "On no plane; a pawn in a crypt neither challenges nor is challenged.",
               conjecture=("that a crypt, standing at a corner of the board, is on no plane: no "
                           "sentence says so")),
    ),
    default="mystery",
    doubt=UNSPECIFIED,
    citations=(
        _c("horror-cards", CHALLENGE),
        _c("the-game-board",
           "At the corners of the board are the 4 mystery crypts (cripte del mistero), which "
           "allow you to enter the infinite, time, the mind and the paranormal."),
    ),
)

CHALLENGE_FAILURE_RETURN = InterpretationPoint(
    id="dylan-dog.challenge-failure-return",
    question=(
        "The challenged player 'must fight following the rules already seen', and the text "
        "then names handing over a mystery card as what losing costs; it never says whether the "
        "return to reality of the rules already seen applies too."
    ),
    options=(
        Option("no-return", "They hand over a mystery card, the one cost the text names."),
        Option("return-to-reality", (
            "They return to reality too: 'the rules already seen' include the return.")),
    ),
    default="no-return",
    default_words="they must hand over a mystery card",
    doubt=UNSPECIFIED,
    citations=(
        _c("horror-cards", "The challenged player must fight following the rules already seen:"),
        _c("horror-cards", HANDED_OVER),
    ),
)

FORFEIT_CHOOSER = InterpretationPoint(
    id="dylan-dog.challenge-forfeit-chooser",
    question=(
        "A defeated challenged player hands over 'a mystery card, on request': the English does "
        "not say whether the challenger names the card or the loser picks one when asked."
    ),
    options=(
        Option("challenger-chooses", "The challenger names the card they request."),
        Option("challenged-chooses", "The loser hands over a card of their choice when asked."),
    ),
    default="challenger-chooses",
    default_words="on request",
    doubt=TRANSLATION,
    citations=(_c("horror-cards", HANDED_OVER),),
)

SHADOW_PROTECTION = InterpretationPoint(
    id="dylan-dog.shadow-protection",
    question=(
        "The text sends back to reality only a player who 'has neither a Dylan Dog card nor a "
        "playable valid shadow card'; it never says whether one holding such a card may keep "
        "it and go back anyway."
    ),
    options=(
        Option("compulsory", (
            "A player holding one escapes with it: only those with neither card go back.")),
        Option("optional", "The player may keep the card and go back to reality.",
               conjecture="that a player holding a card that escapes may choose not to escape"),
    ),
    default="compulsory",
    default_words='If the player has neither a "Dylan Dog" card nor a playable "valid" shadow card',
    doubt=UNSPECIFIED,
    citations=(
        _c("shadow-squares",
           'If the player has neither a "Dylan Dog" card nor a playable "valid" shadow card, '
           "they return to reality, where they place their pawn, as always, on one of the "
           "white squares."),
    ),
)

SHADOW_SHOW_TIMING = InterpretationPoint(
    id="dylan-dog.shadow-show-timing",
    question=(
        "A player 'must show the others the matching shadow' to be able to 'play it when "
        "needed'; the text never says whether showing it as the card is played is enough."
    ),
    options=(
        Option("when-played", "Showing the matching story-card shadow as the card is played."),
        Option("in-advance", "Only a shadow card whose match was shown earlier can be played."),
    ),
    default="when-played",
    default_words="the player must show the others the matching shadow on one of their story cards",
    doubt=UNSPECIFIED,
    citations=(
        _c("shadow-cards",
           'To show that they hold a "useful" shadow card (and can therefore play it when '
           "needed), the player must show the others the matching shadow on one of their story "
           "cards."),
    ),
)

FORCED_EXCHANGE_TERMS = InterpretationPoint(
    id="dylan-dog.forced-exchange-terms",
    question=(
        "On SCAMBIO OBBLIGATORIO a player 'may decide a card exchange, with whomever they "
        "choose and as they wish', and the other 'must give up their card': the English leaves "
        "open whether 'as they wish' sets the cards of a one-for-one exchange or any terms."
    ),
    options=(
        Option("one-for-one", "One card for one card, both chosen by the entitled player."),
        Option("as-they-wish", "Any cards either way, even taking without giving."),
    ),
    default="one-for-one",
    default_words="must give up their card",
    doubt=TRANSLATION,
    citations=(
        _c("exchange",
           "they may decide a card exchange, with whomever they choose and as they wish."),
        _c("exchange",
           "The player involved in the exchange must give up their card even if they need it."),
    ),
)

EXCHANGE_BALANCE = InterpretationPoint(
    id="dylan-dog.exchange-balance",
    question=(
        "A player 'is free to propose a card exchange to the others' before the throw; the "
        "text never says whether an exchange must be even."
    ),
    options=(
        Option("any", "Whatever the two players agree, a gift or two for one included."),
        Option("one-for-one", "As many cards given as received, at least one each way.",
               conjecture="that an exchange must be even, which no sentence says"),
    ),
    default="any",
    default_words="each player is free to propose a card exchange to the others",
    doubt=UNSPECIFIED,
    citations=(
        _c("exchange",
           "Before making their own die throw, each player is free to propose a card exchange "
           "to the others."),
    ),
)

WIN_TIMING = InterpretationPoint(
    id="dylan-dog.win-timing",
    question=(
        "'The first player who finds the 4 mystery cards ... escapes'; the text never says "
        "whether a player who completes their story during another's turn (by an exchange or "
        "a challenge) escapes at once."
    ),
    options=(
        Option("immediately", "At once: holding the four matching mystery cards wins."),
        Option("own-turn", "At the start of their own turn, if they still hold them.",
               conjecture="that a story completed on another's turn waits for one's own"),
    ),
    default="immediately",
    default_words="the first player to hold the 4 useful mystery cards for their story has won",
    doubt=UNSPECIFIED,
    citations=(
        _c("goal-of-the-game",
           "The first player who finds the 4 mystery cards (= elements) matching their own "
           "story cards escapes and is proclaimed the winner of the challenge."),
        _c("reaching-the-mystery-crypts",
           "Useful mystery cards serve for the final victory: the first player to hold the 4 "
           "useful mystery cards for their story has won the game of nightmares."),
    ),
)

SIMULTANEOUS_WIN = InterpretationPoint(
    id="dylan-dog.simultaneous-win",
    question=(
        "One exchange can complete two players' stories at once; the text, which names 'the "
        "first player', never says who is first then."
    ),
    options=(
        Option("acting-player", "The player who made the exchange (whose turn it is).",
               conjecture="that the player whose turn it is finds first: no sentence says"),
        Option("other-player", "The other player: they received the card they were missing.",
               conjecture="that the player who received the missing card finds first: no "
                          "sentence says"),
    ),
    default="acting-player",
    doubt=UNSPECIFIED,
    citations=(
        _c("the-end-of-the-game",
           'The first player to find the 4 useful mystery cards needed to "get out" of the '
           "story in which they became involved has won"),
    ),
)

CLIMB_SQUARE = InterpretationPoint(
    id="dylan-dog.empty-crypt-climb-square",
    question=(
        "A Dylan Dog card lets a player 'climb back onto the nightmare plane' from an empty "
        "crypt; the text never says onto which square."
    ),
    options=(
        Option("square-above", "The nightmare square now lined up over the crypt."),
        Option("any-nightmare-square", "Any nightmare square, at the player's choice."),
    ),
    default="square-above",
    default_words="climb back onto the nightmare plane",
    doubt=UNSPECIFIED,
    citations=(_c("dylan-dog-cards", CLIMB),),
)

CLIMB_WHO = InterpretationPoint(
    id="dylan-dog.empty-crypt-climb-who",
    question=(
        "The climb is given to 'a player who has been sent by a nightmare card to a crypt that "
        "is already empty'; the text never says whether one who walked into an empty crypt may "
        "use it."
    ),
    options=(
        Option("sent-by-card-only", "Only a player a nightmare card sent there."),
        Option("anyone-in-empty-crypt", "Anyone standing in an empty crypt.",
               conjecture=("that the card's climb is for anyone in an empty crypt, not only the "
                           "player the sentence names")),
    ),
    default="sent-by-card-only",
    default_words='a player who has been "sent" by a nightmare card to a crypt that is already empty',
    doubt=UNSPECIFIED,
    citations=(_c("dylan-dog-cards", CLIMB),),
)

MYSTERY_VISIBILITY = InterpretationPoint(
    id="dylan-dog.mystery-card-visibility",
    question=(
        "A mystery card is kept 'declared' in front of the player, and the others do not know "
        "whether it is useful to its holder 'unless the card is useful to them too': the "
        "English 'declared' leaves open whether the card lies face up."
    ),
    options=(
        Option("face-up", "Face up: the element is seen by all; only its usefulness is private."),
        Option("face-down", "Declared as drawn, kept face down: the others do not see it."),
    ),
    default="face-up",
    default_words="the player keeps it, declared, in front of them",
    doubt=TRANSLATION,
    citations=(
        _c("reaching-the-mystery-crypts",
           "If it is a mystery card (carta-mistero), the player keeps it, declared, in front of "
           "them."),
        _c("reaching-the-mystery-crypts",
           "the others do not know (unless the card is useful to them too)."),
    ),
)
