"""The decisions the Dylan Dog engine makes that the text settles, each with the sentence that
settles it and the words of it that decide (the decisions it does not settle are the points).
Every one of them holds under every reading of the points; where a decision meets a point, it
says so and leaves that part to the point."""

from __future__ import annotations

from games.core.points import Certainty
from games.dylan_dog.passages import cite as _c
from games.dylan_dog.points import ENTRA_ONLY_IF


def _settled(id_: str, topic: str, decision: str, deciding: tuple[str, ...], *citations
             ) -> Certainty:
    return Certainty(id=f"dylan-dog.{id_}", topic=topic, decision=decision, citations=citations,
                     deciding=deciding)


CERTAINTIES = (
    _settled("players", "how many play", "three to six players.",
             ("3 to 6 players",),
             _c("preamble", "For 3 to 6 players.")),
    _settled("cards", "the cards in play",
             "24 mystery cards and 12 horror cards, 9 to each of the 4 crypts; 66 nightmare "
             "cards; 6 Dylan Dog cards, taken only while the deck has one.",
             ("the 24 mystery cards together with the 12 horror cards", "9 cards per crypt",
              "66 nightmare cards", '6 "Dylan Dog" cards'),
             _c("setup", "Shuffle the 24 mystery cards together with the 12 horror cards, and "
                         "deal them into the four crypts, 9 cards per crypt."),
             _c("preamble", "66 nightmare cards"),
             _c("preamble", '6 "Dylan Dog" cards')),
    _settled("story", "the story a player draws",
             "one investigator, one action, one location and one fear card, each card one "
             "player's, hidden from the others; drawn before the first throw.",
             ("Each player draws 4 story cards", "1 investigator card", "1 action card",
              "1 location card", "1 fear card", "face down",
              "without showing them to the other players",
              "After the story cards have been assigned"),
             _c("before-playing", "Each player draws 4 story cards (carte-racconto):"),
             _c("before-playing", "1 investigator card (carta-indagatore)"),
             _c("before-playing", "1 action card (carta-azione)"),
             _c("before-playing", "1 location card (carta-luogo)"),
             _c("before-playing", "1 fear card (carta-paura)"),
             _c("before-playing", "Each player places these 4 cards face down in front of them, "
                                  "without showing them to the other players."),
             _c("starting-the-game", "After the story cards have been assigned, place the "
                                     "markers (segnalini) on the white squares of the upper "
                                     "plane, which is reality.")),
    _settled("start", "how the board starts",
             "every marker on a white square of reality (which one, a record's setup may say: "
             "see out of scope); the nightmare plane lined up with 'via' (rotation 0).",
             ("on the white squares of the upper plane", 'place the rotating plane on the "via"'),
             _c("starting-the-game", "place the markers (segnalini) on the white squares of the "
                                     "upper plane, which is reality."),
             _c("starting-the-game", 'place the rotating plane on the "via" (start).')),
    _settled("order", "the order of play", "the order of the record's players, round and round.",
             ("Decide the order of play",),
             _c("starting-the-game", "Decide the order of play (for example, clockwise)")),
    _settled("die", "the die",
             "faces 2 to 6 and Dylan Dog's face, on which the player chooses a move of 1 to 6.",
             ("the numbers 2, 3, 4, 5 and 6, and the face of Dylan Dog",
              "the player may freely decide which move to make (from 1 to 6)"),
             _c("the-die", "The die has 6 faces: the numbers 2, 3, 4, 5 and 6, and the face of "
                           "Dylan Dog."),
             _c("the-die", "When Dylan Dog comes up, the player may freely decide which move to "
                           "make (from 1 to 6).")),
    _settled("first-turn", "the first turn",
             "the plane turns by exactly the throw, either way, and the pawn stays; only "
             "PRENDI UNA CARTA INCUBO where the pawn now stands does anything (which square "
             "that is, point first-turn-square), so a Dylan Dog card is never taken on the "
             "first turn, whatever the windows are read as.",
             ("moves the nightmare plane", "by as many squares as the die shows",
              "in the direction they prefer", "In all other cases, nothing happens."),
             _c("first-turn", "each player throws the die and moves the nightmare plane (the "
                              "middle, rotating plane) by as many squares as the die shows, in "
                              "the direction they prefer."),
             _c("first-turn", 'If the square where their pawn now stands reads "PRENDI UNA '
                              'CARTA INCUBO" (take a nightmare card)'),
             _c("first-turn", "In all other cases, nothing happens.")),
    _settled("later-turns", "a later turn",
             "throw, then move the pawn, turn the plane, or both (in which order, point "
             "mixed-move-order); then carry out what the square dictates, within the turn "
             "(rights not used lapse at its end).",
             ("each player throws the die and then decides how to act", "move their pawn;",
              "move the rotating nightmare plane; or", 'make a "mixed" move.',
              "first throw the die, then carry out"),
             _c("later-turns", "From the second turn onwards, each player throws the die and "
                               "then decides how to act."),
             _c("later-turns", "move their pawn;"),
             _c("later-turns", "move the rotating nightmare plane; or"),
             _c("later-turns", 'make a "mixed" move.'),
             _c("final-notes-before-starting", "Each time, first throw the die, then carry out "
                                               "the action of the passage, the matching square, "
                                               "or whatever the square you landed on dictates.")),
    _settled("no-reversing", "the direction of a move",
             "never reversed within one move, except by changing plane (a pawn may come back "
             "up to the square it went down from).",
             ("cannot be reversed during the same move",
              "unless the pawn moves from one plane to another"),
             _c("final-notes-before-starting", "The direction of movement cannot be reversed "
                                               "during the same move (unless the pawn moves from "
                                               "one plane to another).")),
    _settled("rotating-plane", "pawns on the nightmare plane",
             "they turn with it; reality and the mystery plane stay put.",
             ("the middle plane (the rotating plane)",),
             _c("the-game-board", "the middle plane (the rotating plane) is the nightmare "
                                  "(incubo);")),
    _settled("reality-passage", "between reality and the nightmare plane",
             "through any square but a white one, onto the square beneath, or back up to the "
             "square above.",
             ("and back, can take place through every square except the white ones",
              "descend onto the nightmare plane"),
             _c("moving-between-planes", "The passage from reality to the nightmare, and back, "
                                         "can take place through every square except the white "
                                         "ones."),
             _c("moving-between-planes", "chooses at which point to descend onto the nightmare "
                                         "plane.")),
    _settled("doors", "down to the mystery plane",
             "only where PASSAGGIO DIMENSIONALE lines up with an access square, one step of the "
             "throw; either crypt of that access square may be headed for.",
             ("The doors open at the points where", "the move always counts as one step",
              "The choice of which crypt to head for", "is free"),
             _c("moving-between-planes", 'The doors open at the points where the "PASSAGGIO '
                                         'DIMENSIONALE" (dimensional passage) lines up with'),
             _c("moving-between-planes", "the move always counts as one step for the pawn."),
             _c("moving-between-planes", "The choice of which crypt to head for (for example "
                                         '"mente" or "infinito") is free.')),
    _settled("way-back-up", "back up from the mystery plane",
             "through a dimensional passage lined up with the access square, as the way down "
             "(turning the plane to line one up, point mystery-plane-rotation); a Dylan Dog "
             "card spares it to a player a nightmare card sent into an empty crypt (whether to "
             "anyone else in one, point empty-crypt-climb-who; onto which square, point "
             "empty-crypt-climb-square).",
             ("even without looking for the dimensional passage",
              ('a player who has been "sent" by a nightmare card to a crypt that is already '
               "empty")),
             _c("dylan-dog-cards", 'They also let a player who has been "sent" by a nightmare '
                                   "card to a crypt that is already empty climb back onto the "
                                   "nightmare plane, even without looking for the dimensional "
                                   "passage.")),
    _settled("direct-entry", "direct entry into a crypt",
             "only from ENTRA NELLA CRIPTA DEL MISTERO lined up with a crypt; after a move of "
             "the player's own, only at its end and with the whole throw, under every reading "
             "(a move short of the throw gives no entry even where short moves are allowed). "
             "A pawn lined up by its own rotation: point crypt-entry-by-rotation; a pawn a "
             "nightmare card put there: point card-onto-entra.",
             ("only if they stop on the square", "(that is, with an exact throw)",
              "that square lines up with a crypt"),
             _c("moving-between-planes", ENTRA_ONLY_IF)),
    _settled("crypt-by-path", "reaching a crypt along a path",
             "arriving ends the move, with or without the whole throw.",
             ('it is not necessary to reach the crypt with an "exact" throw',
              "it is enough to arrive there"),
             _c("reaching-the-mystery-crypts", 'it is not necessary to reach the crypt with an '
                                               '"exact" throw; it is enough to arrive there.')),
    _settled("own-move", "rights from a square",
             "entering a crypt directly, a forced exchange and a Dylan Dog card are earned only "
             "by one's own move (or a card one drew, which sends one to the square's "
             "behaviour), never by another player's.",
             ("acquired only by being on the right squares after one's own move",
              "not as a consequence of another player's move",
              "if they arrive on the forced exchange, they may make an exchange"),
             _c("the-nightmare-plane", 'the right to a direct passage into a crypt, a forced '
                                       'exchange, or drawing a "Dylan Dog" card is acquired only '
                                       "by being on the right squares after one's own move, and "
                                       "not as a consequence of another player's move."),
             _c("nightmare-cards", "if they arrive on the forced exchange, they may make an "
                                   "exchange")),
    _settled("moved-by-card", "a pawn a nightmare card moves",
             "one's own card: the new square dictates as usual; another player's card: the pawn "
             "gains and owes nothing there, and its owner plays their next turn as every turn "
             "is played, the throw first, then what the square landed on dictates.",
             ("they must carry out the behaviour provided for that position",
              ("that other player is not entitled to carry out other behaviours until their "
               "next turn"),
              "first throw the die, then carry out"),
             _c("nightmare-cards", "When a player is moved, following the instruction of a "
                                   "nightmare card, to another position on the board, they must "
                                   "carry out the behaviour provided for that position."),
             _c("nightmare-cards", "When instead, again following a nightmare card, a player "
                                   "moves the pawn of another player, that other player is not "
                                   "entitled to carry out other behaviours until their next "
                                   "turn."),
             _c("final-notes-before-starting", "Each time, first throw the die, then carry out "
                                               "the action of the passage, the matching square, "
                                               "or whatever the square you landed on dictates.")),
    _settled("nightmare-draw", "drawing a nightmare card",
             "compulsory on PRENDI UNA CARTA INCUBO. Two sentences meet here: every nightmare "
             "card drawn goes back to the bottom of the deck, and shadow cards, which are "
             "nightmare cards, are kept face up. The final notes settle it themselves: the next "
             "sentence returns a shadow card once 'used', so a shadow card is kept face up "
             "until it is played and then returned; every other card goes back at once.",
             ("they draw a card",
              "Every nightmare card drawn must be returned to the bottom of the nightmare deck.",
              "Shadow cards must be kept face up.",
              "every shadow card used must be returned to its respective deck"),
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
             (("They can be used only if their shadow matches a shadow on one of the player's "
               "own story cards"), "otherwise they may serve as trade goods"),
             _c("shadow-cards", "They can be used only if their shadow matches a shadow on one "
                                "of the player's own story cards; otherwise they may serve as "
                                "trade goods.")),
    _settled("shadow-squares", "caught on a shadow square",
             "a player with neither a Dylan Dog card nor a valid shadow card goes back to a "
             "white square of reality.",
             (('If the player has neither a "Dylan Dog" card nor a playable "valid" shadow card, '
               "they return to reality"), "on one of the white squares"),
             _c("shadow-squares", 'If the player has neither a "Dylan Dog" card nor a playable '
                                  '"valid" shadow card, they return to reality, where they place '
                                  "their pawn, as always, on one of the white squares.")),
    _settled("crypt-draw", "in front of a crypt",
             "a card is drawn, any card; a mystery card is kept and the player jumps back to a "
             "white square of reality; each mystery card is one element, and exists once.",
             ("they draw a card (not necessarily the top one)", "the player keeps it",
              "immediately returns, with a jump, to the reality plane",
              "on one of the white squares", "the 4 mystery cards (= elements)"),
             _c("reaching-the-mystery-crypts", "When a player arrives in front of a mystery "
                                               "crypt, they draw a card (not necessarily the top "
                                               "one):"),
             _c("reaching-the-mystery-crypts", "If it is a mystery card (carta-mistero), the "
                                               "player keeps it, declared, in front of them."),
             _c("reaching-the-mystery-crypts", "After drawing a mystery card, the player "
                                               "immediately returns, with a jump, to the reality "
                                               "plane, where they place their pawn on one of the "
                                               "white squares."),
             _c("goal-of-the-game", "each mystery card corresponds to one of these elements. The "
                                    "first player who finds the 4 mystery cards (= elements) "
                                    "matching their own story cards")),
    _settled("horror-values", "beating a horror card",
             "a throw of its value or more, or Dylan Dog's face; a 6 card only by 6 or the "
             "face; a Dylan Dog card only by the face; or a Dylan Dog card played before the "
             "throw.",
             ("hope to get a 4, more than 4, or the face of Dylan Dog",
              'the only "useful" results are the 6 and "Dylan Dog"',
              "that is the only useful result",
              'can also be defeated by playing a "Dylan Dog" card',
              "declare it before attempting the die throw"),
             _c("horror-cards", "This means the player who drew it must throw the die and hope "
                                "to get a 4, more than 4, or the face of Dylan Dog."),
             _c("horror-cards", 'If the card shows a 6, the only "useful" results are the 6 and '
                                '"Dylan Dog".'),
             _c("horror-cards", 'If the card shows only "Dylan Dog", that is the only useful '
                                "result."),
             _c("horror-cards", 'A horror card can also be defeated by playing a "Dylan Dog" '
                                "card. In this second case, the player must of course declare "
                                "it before attempting the die throw.")),
    _settled("horror-outcomes", "after a horror card from a crypt",
             "a successful throw takes possession of it; losing sends the player back to "
             "reality and one of their mystery cards into the crypt, and the card leaves the "
             "game; the twelve cards are each different.",
             ("the player takes possession of that horror card",
              ("they must return to reality and put one of their mystery cards back into the "
               "crypt"), "The horror card leaves the game.", "each one different"),
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
             ("challenge another player who is on the same plane",
              "must fight following the rules already seen",
              "it is removed from the game with no further consequences",
              ("they must hand over a mystery card, on request, to the player who challenged "
               "them"), "The horror card is then removed from the game."),
             _c("horror-cards", "challenge another player who is on the same plane, using the "
                                "horror card."),
             _c("horror-cards", "The challenged player must fight following the rules already "
                                "seen:"),
             _c("horror-cards", "if they defeat the horror card, it is removed from the game "
                                "with no further consequences;"),
             _c("horror-cards", "if they are defeated, they must hand over a mystery card, on "
                                "request, to the player who challenged them. The horror card is "
                                "then removed from the game.")),
    _settled("exchange", "exchanging before the throw",
             "only the player about to throw proposes, before that throw, any cards but story "
             "cards; a challenge, made instead of the throw, closes that time as the throw "
             "would (how many exchanges: out of scope).",
             ("Before making their own die throw", "free to propose a card exchange",
              "All cards may be exchanged, except story cards.",
              "may decide not to throw the die, and instead challenge"),
             _c("exchange", "Before making their own die throw, each player is free to propose "
                            "a card exchange to the others."),
             _c("exchange", "All cards may be exchanged, except story cards."),
             _c("horror-cards", "a player who has acquired a horror card may decide not to "
                                "throw the die, and instead challenge another player")),
    _settled("forced-exchange", "SCAMBIO OBBLIGATORIO",
             "a player whose own move leaves them on it, lined up with its twin below, may "
             "decide an exchange with whomever they choose, who must give up their card (on "
             "what terms: point forced-exchange-terms).",
             ("after their own throw", 'finds themselves on the square "SCAMBIO OBBLIGATORIO"',
              "lined up with the", "with whomever they choose",
              "must give up their card even if they need it"),
             _c("exchange", 'When instead a player, after their own throw, finds themselves on '
                            'the square "SCAMBIO OBBLIGATORIO" (forced exchange) lined up with '
                            'the "SCAMBIO OBBLIGATORIO" square of the plane below, they may '
                            "decide a card exchange, with whomever they choose and as they "
                            "wish."),
             _c("exchange", "The player involved in the exchange must give up their card even "
                            "if they need it.")),
    _settled("window", "a Dylan Dog card from a window",
             "taken by a player whose own move makes Dylan Dog's face appear in a window with "
             "the pawn on it (which squares are windows, point window-plane).",
             ('makes Dylan Dog\'s face appear in one of the "windows"', "(and stands on top of it)",
              'may take a "Dylan Dog" card'),
             _c("the-nightmare-plane", "A player who makes Dylan Dog's face appear in one of the "
                                       '"windows" (and stands on top of it) may take a "Dylan '
                                       'Dog" card')),
    _settled("victory", "the end",
             "the first player holding the four mystery cards of their story wins, and the "
             "match ends.",
             ("The first player to find the 4 useful mystery cards", "has won"),
             _c("the-end-of-the-game", 'The first player to find the 4 useful mystery cards '
                                       'needed to "get out" of the story in which they became '
                                       "involved has won")),
)
