"""The decisions the Dylan Dog engine makes that the text settles, each with the sentence that
settles it (the decisions it does not settle are the points). Every one of them holds under
every reading of the points."""

from __future__ import annotations

from games.core.points import Certainty
from games.dylan_dog.passages import cite as _c
from games.dylan_dog.points import ENTRA_ONLY_IF


def _settled(id_: str, topic: str, decision: str, *citations) -> Certainty:
    return Certainty(id=f"dylan-dog.{id_}", topic=topic, decision=decision, citations=citations)


CERTAINTIES = (
    _settled("players", "how many play", "three to six players.",
             _c("preamble", "For 3 to 6 players.")),
    _settled("cards", "the cards in play",
             "24 mystery cards and 12 horror cards, 9 to each of the 4 crypts; 66 nightmare "
             "cards; 6 Dylan Dog cards, taken only while the deck has one.",
             _c("setup", "Shuffle the 24 mystery cards together with the 12 horror cards, and "
                         "deal them into the four crypts, 9 cards per crypt."),
             _c("preamble", "66 nightmare cards"),
             _c("preamble", '6 "Dylan Dog" cards')),
    _settled("story", "the story a player draws",
             "one investigator, one action, one location and one fear card, each card one "
             "player's, hidden from the others; drawn before the first throw.",
             _c("before-playing", "Each player draws 4 story cards (carte-racconto):"),
             _c("before-playing", "Each player places these 4 cards face down in front of them, "
                                  "without showing them to the other players."),
             _c("starting-the-game", "After the story cards have been assigned, place the "
                                     "markers (segnalini) on the white squares of the upper "
                                     "plane, which is reality.")),
    _settled("start", "how the board starts",
             "every marker on a white square of reality (a record's setup may say which; "
             "otherwise in seat order); the nightmare plane lined up with 'via' (rotation 0).",
             _c("starting-the-game", "place the markers (segnalini) on the white squares of the "
                                     "upper plane, which is reality."),
             _c("starting-the-game", 'place the rotating plane on the "via" (start).')),
    _settled("order", "the order of play", "the order of the record's players, round and round.",
             _c("starting-the-game", "Decide the order of play (for example, clockwise)")),
    _settled("die", "the die",
             "faces 2 to 6 and Dylan Dog's face, on which the player chooses a move of 1 to 6.",
             _c("the-die", "The die has 6 faces: the numbers 2, 3, 4, 5 and 6, and the face of "
                           "Dylan Dog."),
             _c("the-die", "When Dylan Dog comes up, the player may freely decide which move to "
                           "make (from 1 to 6).")),
    _settled("first-turn", "the first turn",
             "the plane turns by exactly the throw, either way, and the pawn stays; the pawn "
             "stands on its white square over the nightmare square now beneath it, and only "
             "PRENDI UNA CARTA INCUBO there does anything (a Dylan Dog card is never taken on "
             "the first turn, whatever the windows are read as).",
             _c("first-turn", "each player throws the die and moves the nightmare plane (the "
                              "middle, rotating plane) by as many squares as the die shows, in "
                              "the direction they prefer."),
             _c("first-turn", 'If the square where their pawn now stands reads "PRENDI UNA '
                              'CARTA INCUBO" (take a nightmare card)'),
             _c("first-turn", "In all other cases, nothing happens.")),
    _settled("later-turns", "a later turn",
             "throw, then move the pawn, turn the plane, or both; then carry out what the "
             "square dictates, within the turn (rights not used lapse at its end).",
             _c("later-turns", "From the second turn onwards, each player throws the die and "
                               "then decides how to act."),
             _c("final-notes-before-starting", "Each time, first throw the die, then carry out "
                                               "the action of the passage, the matching square, "
                                               "or whatever the square you landed on dictates.")),
    _settled("no-reversing", "the direction of a move",
             "never reversed within one move, except by changing plane (a pawn may come back "
             "up to the square it went down from).",
             _c("final-notes-before-starting", "The direction of movement cannot be reversed "
                                               "during the same move (unless the pawn moves from "
                                               "one plane to another).")),
    _settled("rotating-plane", "pawns on the nightmare plane",
             "they turn with it; reality and the mystery plane stay put.",
             _c("the-game-board", "the middle plane (the rotating plane) is the nightmare "
                                  "(incubo);")),
    _settled("reality-passage", "between reality and the nightmare plane",
             "through any square but a white one, onto the square beneath, or back up to the "
             "square above.",
             _c("moving-between-planes", "The passage from reality to the nightmare, and back, "
                                         "can take place through every square except the white "
                                         "ones."),
             _c("moving-between-planes", "chooses at which point to descend onto the nightmare "
                                         "plane.")),
    _settled("doors", "down to the mystery plane",
             "only where PASSAGGIO DIMENSIONALE lines up with an access square, one step of the "
             "throw; either crypt of that access square may be headed for.",
             _c("moving-between-planes", 'The doors open at the points where the "PASSAGGIO '
                                         'DIMENSIONALE" (dimensional passage) lines up with'),
             _c("moving-between-planes", "the move always counts as one step for the pawn."),
             _c("moving-between-planes", "The choice of which crypt to head for (for example "
                                         '"mente" or "infinito") is free.')),
    _settled("way-back-up", "back up from the mystery plane",
             "through the dimensional passage; a Dylan Dog card spares it only to a player sent "
             "into an empty crypt.",
             _c("dylan-dog-cards", "climb back onto the nightmare plane, even without looking "
                                   "for the dimensional passage.")),
    _settled("direct-entry", "direct entry into a crypt",
             "only from ENTRA NELLA CRIPTA DEL MISTERO lined up with a crypt, at the end of the "
             "player's own move using the whole throw, under every reading (a move short of "
             "the throw gives no entry even where short moves are allowed).",
             _c("moving-between-planes", ENTRA_ONLY_IF)),
    _settled("crypt-by-path", "reaching a crypt along a path",
             "arriving ends the move, with or without the whole throw.",
             _c("reaching-the-mystery-crypts", 'it is not necessary to reach the crypt with an '
                                               '"exact" throw; it is enough to arrive there.')),
    _settled("own-move", "rights from a square",
             "entering a crypt directly, a forced exchange and a Dylan Dog card are earned only "
             "by one's own move (or a card one drew), never by another player's.",
             _c("the-nightmare-plane", 'the right to a direct passage into a crypt, a forced '
                                       'exchange, or drawing a "Dylan Dog" card is acquired only '
                                       "by being on the right squares after one's own move, and "
                                       "not as a consequence of another player's move.")),
    _settled("moved-by-card", "a pawn a nightmare card moves",
             "one's own card: the new square dictates as usual; another player's card: the pawn "
             "gains and owes nothing there, and its owner plays their next turn as usual.",
             _c("nightmare-cards", "When a player is moved, following the instruction of a "
                                   "nightmare card, to another position on the board, they must "
                                   "carry out the behaviour provided for that position."),
             _c("nightmare-cards", "When instead, again following a nightmare card, a player "
                                   "moves the pawn of another player, that other player is not "
                                   "entitled to carry out other behaviours until their next "
                                   "turn.")),
    _settled("nightmare-draw", "drawing a nightmare card",
             "compulsory on PRENDI UNA CARTA INCUBO; every card goes back to the deck, except a "
             "shadow card, kept face up until played and then returned.",
             _c("nightmare-cards", 'Each time a player lands on a square reading "PRENDI UNA '
                                   'CARTA INCUBO" (take a nightmare card), they draw a card'),
             _c("final-notes-before-starting", "Every nightmare card drawn must be returned to "
                                               "the bottom of the nightmare deck."),
             _c("shadow-cards", "Shadow cards must be kept face up."),
             _c("final-notes-before-starting", 'Every "Dylan Dog" card and every shadow card '
                                               "used must be returned to its respective deck.")),
    _settled("shadow-cards", "playing a shadow card",
             "only a shadow matching one on the player's own story cards escapes a shadow "
             "square; any other is only for trading.",
             _c("shadow-cards", "They can be used only if their shadow matches a shadow on one "
                                "of the player's own story cards; otherwise they may serve as "
                                "trade goods.")),
    _settled("shadow-squares", "caught on a shadow square",
             "a player with neither a Dylan Dog card nor a valid shadow card goes back to a "
             "white square of reality.",
             _c("shadow-squares", 'If the player has neither a "Dylan Dog" card nor a playable '
                                  '"valid" shadow card, they return to reality')),
    _settled("crypt-draw", "in front of a crypt",
             "a card is drawn, any card; a mystery card is kept and the player jumps back to a "
             "white square of reality; each mystery card exists once.",
             _c("reaching-the-mystery-crypts", "When a player arrives in front of a mystery "
                                               "crypt, they draw a card (not necessarily the top "
                                               "one):"),
             _c("reaching-the-mystery-crypts", "After drawing a mystery card, the player "
                                               "immediately returns, with a jump, to the reality "
                                               "plane, where they place their pawn on one of the "
                                               "white squares."),
             _c("goal-of-the-game", "each mystery card corresponds to one of these elements.")),
    _settled("horror-values", "beating a horror card",
             "a throw of its value or more, or Dylan Dog's face; a 6 card only by 6 or the "
             "face; a Dylan Dog card only by the face; or a Dylan Dog card played before the "
             "throw.",
             _c("horror-cards", "This means the player who drew it must throw the die and hope "
                                "to get a 4, more than 4, or the face of Dylan Dog."),
             _c("horror-cards", 'If the card shows a 6, the only "useful" results are the 6 and '
                                '"Dylan Dog".'),
             _c("horror-cards", 'If the card shows only "Dylan Dog", that is the only useful '
                                "result."),
             _c("horror-cards", "the player must of course declare it before attempting the die "
                                "throw.")),
    _settled("horror-outcomes", "after a horror card from a crypt",
             "a successful throw takes possession of it; losing sends the player back to "
             "reality and one of their mystery cards into the crypt, and the card leaves the "
             "game; the twelve cards are each different.",
             _c("horror-cards", "If the throw is successful, the player takes possession of that "
                                "horror card"),
             _c("horror-cards", "they must return to reality and put one of their mystery cards "
                                "back into the crypt. The horror card leaves the game."),
             _c("horror-cards", "There are 12 horror cards (carte-horror), each one different, "
                                "hidden inside the mystery crypts.")),
    _settled("challenge", "a challenge",
             "against a player on the same plane; fought like a horror card from a crypt (a "
             "Dylan Dog card included); a winner removes the card, a loser hands a mystery "
             "card to the challenger; either way the card leaves the game.",
             _c("horror-cards", "challenge another player who is on the same plane, using the "
                                "horror card."),
             _c("horror-cards", "The challenged player must fight following the rules already "
                                "seen:"),
             _c("horror-cards", "The horror card is then removed from the game.")),
    _settled("exchange", "exchanging before the throw",
             "only the player about to throw proposes, as many exchanges as agreed, any cards "
             "but story cards; a challenge in place of the throw ends that time.",
             _c("exchange", "Before making their own die throw, each player is free to propose "
                            "a card exchange to the others."),
             _c("exchange", "All cards may be exchanged, except story cards.")),
    _settled("forced-exchange", "SCAMBIO OBBLIGATORIO",
             "a player whose own move leaves them on it, lined up with its twin below, may take "
             "a card from whomever they choose, who must give it up.",
             _c("exchange", 'finds themselves on the square "SCAMBIO OBBLIGATORIO" (forced '
                            'exchange) lined up with the "SCAMBIO OBBLIGATORIO" square of the '
                            "plane below"),
             _c("exchange", "The player involved in the exchange must give up their card even "
                            "if they need it.")),
    _settled("window", "a Dylan Dog card from a window",
             "taken by a player whose own move makes Dylan Dog's face appear in a window with "
             "the pawn on it.",
             _c("the-nightmare-plane", "A player who makes Dylan Dog's face appear in one of the "
                                       '"windows" (and stands on top of it) may take a "Dylan '
                                       'Dog" card')),
    _settled("victory", "the end",
             "the first player holding the four mystery cards of their story wins, and the "
             "match ends.",
             _c("the-end-of-the-game", 'The first player to find the 4 useful mystery cards '
                                       'needed to "get out" of the story in which they became '
                                       "involved has won")),
)
