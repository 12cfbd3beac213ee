"""Decisions the engine makes that the text settles, each with the sentence that settles it
(the counterpart of ``points.py``, so that no judgement of the engine goes uncited)."""

from __future__ import annotations

from games.core.points import Certainty, Citation
from games.gothic.passages import RULEBOOK
from games.gothic.points import CITE_GOOD_LUCK, CITE_TRADE


def _certainty(cid, topic, decision, *quotes, deciding):
    """``quotes``: citations, or (passage slug, words) pairs; ``deciding`` the words of them
    that settle the decision."""
    return Certainty(
        id=f"gothic.{cid}",
        topic=topic,
        decision=decision,
        citations=tuple(q if isinstance(q, Citation) else RULEBOOK.cite(q[0], q[1]) for q in quotes),
        deciding=deciding,
    )


CERTAINTIES = (
    _certainty(
        "start-stamina",
        "stamina at the start",
        "every player starts with 100 stamina points; a match's setup cannot change it",
        ("stamina", "At the beginning of the game each player has 100 stamina points"),
        deciding=("each player has 100 stamina points",)
    ),
    _certainty(
        "no-stamina-ceiling",
        "the most stamina a player may have",
        "no limit: stamina is gained and lost as the game goes",
        ("stamina", "they may lose or gain stamina as the game progresses"),
        deciding=("they may lose or gain stamina as the game progresses",)
    ),
    _certainty(
        "order-of-play",
        "who plays after the first",
        "the match's players in their listed order, from the one who entered first, skipping "
        "those out of the game",
        ("moves", "Players proceed in turn"),
        ("preparation", "Trembling, they throw the die to decide who enters first."),
        deciding=("Players proceed in turn", "to decide who enters first")
    ),
    _certainty(
        "the-die",
        "the die",
        "one six-sided die: a throw is 1 to 6",
        ("moves", "An optional second throw is granted if you throw a six."),
        ("the-moat", "it is necessary to throw a 4, 5 or 6"),
        deciding=("if you throw a six", "throw a 4, 5 or 6")
    ),
    _certainty(
        "room-entry",
        "entering a room",
        "a walk may end in a room before the throw is used up and goes through no room; inside, "
        "there is no second throw for a six (the Great Spiral Staircase included, except for a "
        "six thrown on it, whose second throw counts up or down)",
        ("rooms", ("It is not necessary to throw the exact number to enter a room, but once you "
                  "are inside you may go no further even if you threw a six.")),
        ("the-great-spiral-staircase", ("in which case both the six and its second throw may be "
                                       "counted in an upwards direction")),
        deciding=("It is not necessary to throw the exact number to enter a room",
                  "once you are inside you may go no further even if you threw a six",
                  "both the six and its second throw may be counted in an upwards direction"),
    ),
    _certainty(
        "lavatory",
        "staying in the Lavatory",
        "a room like the others for lingering: no one stays in it unless a card detains them, "
        "and it holds one player",
        ("the-lavatory", "This little room is self-explanatory."),
        ("the-lavatory", "It may not be occupied by two players at the same time."),
        ("rooms", "You may not linger in a room unless you are forcibly detained."),
        deciding=("It may not be occupied by two players at the same time.",
                  "You may not linger in a room unless you are forcibly detained."),
    ),
    _certainty(
        "trade-worth",
        "what a traded card is worth",
        "the number in its top left-hand corner, in stamina points; only a card whose number "
        "was not read rests on the example's uncertain figure (gothic.circled-card-number)",
        CITE_TRADE,
        deciding=("Cards with numbers in the top left-hand corner", "may be traded in for stamina")
    ),
    _certainty(
        "iron-maiden",
        "the only completely deadly card",
        "the card recorded as 'Iron Maiden' drawn from the Torture Chamber kills whoever draws "
        "it (no card protects; the record's 'deadly' cannot say otherwise) and goes back under "
        "its pile; any other card recorded as deadly breaks the rule",
        ("rooms", ("There is only one completely deadly card. That is the Iron Maiden in the "
                  "Torture Chamber")),
        deciding=(("There is only one completely deadly card. That is the Iron Maiden in the "
                   "Torture Chamber"),),
    ),
    _certainty(
        "cards-kept",
        "cards held",
        "a card stays in its holder's hand until it is returned or traded; a protection that "
        "saved its holder is kept",
        ("rooms", ("You hold on to the card you picked up until it is no longer relevant, or you "
                  "wish to trade it in.")),
        deciding=(("You hold on to the card you picked up until it is no longer relevant, or you "
                   "wish to trade it in."),),
    ),
    _certainty(
        "used-cards-returned",
        "a card once used",
        "a weapon (the blow pipe included), a stake and a nasty card go back under their pile "
        "once used; so do the cards of a player out of the game, but for those a killer takes",
        ("adjacency", ("All weapons may be used once only and must be returned to their rooms "
                      "after a murder attempt")),
        ("rooms", ("When a card is no longer needed it must be shown to all the other players, "
                  "then returned to the bottom of the pile in the room from which it came.")),
        ("adjacency", ("you may search their body and take any weapons they possess, plus any "
                      "other cards which are of use to you")),
        deciding=("All weapons may be used once only and must be returned to their rooms",
                  ("When a card is no longer needed it must be shown to all the other players, "
                   "then returned to the bottom of the pile in the room from which it came."),
                  "you may search their body"),
    ),
    _certainty(
        "search-the-body",
        "searching the body",
        "only a player killed with a weapon has a body to search: the killer searches it in the "
        "attack itself (its 'take') or as the next event ('search'), taking any of its cards; "
        "what is not taken, and the whole body if the next event is anything else, goes back "
        "under the piles; naming cards taken from a protected victim, who lives, breaks the rule",
        ("adjacency", ("if you do succeed in killing someone with a weapon, you may search their "
                      "body and take any weapons they possess, plus any other cards which are of "
                      "use to you")),
        ("rooms", ("When a card is no longer needed it must be shown to all the other players, "
                  "then returned to the bottom of the pile in the room from which it came.")),
        deciding=(("if you do succeed in killing someone with a weapon, you may search their body "
                   "and take any weapons they possess, plus any other cards which are of use to "
                   "you"),
                  "returned to the bottom of the pile in the room from which it came"),
    ),
    _certainty(
        "undeclared-cards",
        "what a player sees of another's cards",
        "how many they hold and the pile each was picked up from, not which cards they are "
        "(the body of a player killed with a weapon is seen by its killer, who searches it); "
        "stamina is told to all; a card the record does not know is recorded as 'not read'",
        ("rooms", ("You are not obliged to declare this card, but you must inform the scorer if "
                  "you have lost or gained any stamina.")),
        deciding=("You are not obliged to declare this card",
                  "you must inform the scorer if you have lost or gained any stamina"),
    ),
    _certainty(
        "end-of-a-go",
        "when a go ends",
        "when its player says so (end_turn), or when the next player throws (or stays, or uses "
        "the blow pipe) while the go leaves nothing to decide that the table can see: no second "
        "throw, secret passage, player beside to use a power on, oil to pour or body to search. "
        "A card's use is its holder's secret, so the next player's throw tells it was declined",
        ("moves", "Players proceed in turn"),
        ("rooms", "You are not obliged to declare this card"),
        deciding=("Players proceed in turn", "You are not obliged to declare this card")
    ),
    _certainty(
        "controlled-move",
        "who records a controlled move",
        "the controller: a player under control whose move is recorded as their own breaks the "
        "rule; the control covers the first throw of the go, not the second throw of a six",
        ("adjacency", "They throw the die, but you tell them which way to go."),
        ("adjacency", "you do not control their second move if they throw a six"),
        deciding=("you tell them which way to go",
                  "you do not control their second move if they throw a six"),
    ),
    _certainty(
        "one-power-a-landing",
        "the Power of Adjacency",
        "one form, on one player, per landing ('attack' there covers the three forms listed "
        "before it: 'You may only choose one option'); no form on a player whose next move "
        "someone else controls (whether the other forms put a player 'in control': point "
        "gothic.someone-elses-control)",
        ("adjacency", "You may only choose one option."),
        ("adjacency", ("If you land next to two players at once, you may only attack one of them, "
                      "and you may not attack a player who is already in someone else's control.")),
        deciding=("You may only choose one option.",
                  "you may only attack one of them",
                  "you may not attack a player who is already in someone else's control"),
    ),
    _certainty(
        "passage-at-once",
        "when a secret passage is taken",
        "at once on landing on a green square: after a power or a stake of that landing it is "
        "no longer offered",
        ("squares", ("If you land on one, you have the option to travel immediately to any other "
                    "green square, and continue playing from there.")),
        deciding=("you have the option to travel immediately to any other green square",)
    ),
    _certainty(
        "vampire-may-kill",
        "whom a Vampire kills",
        "only the players passed whom the record names (the move's 'kill'); passing a player "
        "does not kill them by itself",
        ("the-vault", "you may kill any other player simply by passing them in the corridor"),
        deciding=("you may kill any other player simply by passing them",)
    ),
    _certainty(
        "vampire-goes-counted",
        "a Vampire's goes",
        "counted from the go after the bite; each victim adds two goes in which to reach the "
        "Vault",
        ("the-vault", ("for the next 6 goes, of which everyone must take careful count, you "
                      "become a Vampire")),
        ("the-vault", ("A draught of your victim's blood gives you 20 stamina points and two extra "
                      "goes, if you need them, in which to reach the Vault.")),
        deciding=("for the next 6 goes", "two extra goes")
    ),
    _certainty(
        "vampire-not-killed-otherwise",
        "what kills a Vampire",
        "a stake, or the sunrise before it reaches the Vault: the oil, the blow pipe, weapons, "
        "the Oubliette and the red squares do not",
        ("the-vault", "Vampires may not be killed in any other way."),
        ("the-vault", "If not, the sun rises and you wither away and die."),
        deciding=("Vampires may not be killed in any other way.",
                  "the sun rises and you wither away and die"),
    ),
    _certainty(
        "oil-on-arrival",
        "when the oil is poured",
        "once, in the go the player arrives in the Tower",
        ("the-tower", "ready to be poured over the battlements as soon as you arrive"),
        ("the-tower", "You may not use the oil again or leave."),
        deciding=("as soon as you arrive", "You may not use the oil again")
    ),
    _certainty(
        "blow-pipe-from-the-tower",
        "when the blow pipe is used",
        "in its holder's own go while in the Tower, at the throw or after landing there, on a "
        "player on a square, a gate or in the moat",
        ("the-tower", ("A player who possesses the Congolese Blow pipe may use it from the Tower "
                      "to kill any player not in a room.")),
        deciding=("may use it from the Tower to kill any player not in a room",)
    ),
    _certainty(
        "vampire-two-throws",
        "how many throws a Vampire has",
        "two throws a go, whatever they show: a six gives a Vampire no further throw (how the two "
        "are moved: point gothic.vampire-throws)",
        ("the-vault", "While you are a Vampire you are given two throws of the die for each go"),
        deciding=("two throws of the die for each go",),
    ),
    _certainty(
        "stake-in-own-go",
        "when a stake may be used",
        "in the staker's own go, on a Vampire it sneaked past (which Vampires count as passed: "
        "point gothic.sneak-past)",
        ("the-vault", ("However, players may sneak past you unscathed when it is their go, and if "
                      "they possess a stake, they may drive it through your heart.")),
        deciding=("when it is their go", ("if they possess a stake, they may drive it through your "
                  "heart")),
    ),
    _certainty(
        "moat-floundering",
        "the stamina the moat costs",
        "10 for the fall; then 5 for each throw in the moat that fails to climb out (a 1, 2 or "
        "3: one a go, and the second throw of the six that led into it, point "
        "gothic.six-into-the-moat); nothing for a 4, 5 or 6, which climbs out",
        ("the-moat", "When you fall in the moat you lose 10 stamina points."),
        ("the-moat", ("In order to climb out of the moat and re-enter the castle it is necessary "
                     "to throw a 4, 5 or 6. Otherwise you remain floundering in its putrid waters "
                     "and lose a further 5 stamina points each go.")),
        deciding=("When you fall in the moat you lose 10 stamina points.",
                  "it is necessary to throw a 4, 5 or 6. Otherwise you remain floundering",
                  "lose a further 5 stamina points each go"),
    ),
    _certainty(
        "the-end",
        "the end of the game",
        "the game ends when one player is left alive, the winner. Players are eliminated one "
        "event at a time and no event kills every player left (the pourer of the oil and a "
        "killing Vampire survive their kills), so a survivor always remains",
        ("play", "The object of the game is to kill every other player on the board."),
        ("play", "The only survivor is the winner of the game."),
        ("stamina", "This is a game of elimination."),
        deciding=("to kill every other player", "The only survivor is the winner of the game.",
                  "This is a game of elimination."),
    ),
    _certainty(
        "last-section",
        "the last section, 'Good Luck'",
        "a heading with no body in the photographed pages: an archival fact, not a rule; the "
        "engine referees nothing from it",
        CITE_GOOD_LUCK,
        deciding=("No body text follows it in the photographed pages.",),
    ),
)
