"""Decisions the engine makes that the text settles, each with the sentence that settles it
(the counterpart of ``points.py``, so that no judgement of the engine goes uncited)."""

from __future__ import annotations

from games.core.points import Certainty, Citation
from games.gothic.passages import RULEBOOK
from games.gothic.points import CITE_GOOD_LUCK, CITE_TRADE


def _certainty(cid, topic, decision, *quotes):
    return Certainty(
        id=f"gothic.{cid}",
        topic=topic,
        decision=decision,
        citations=tuple(q if isinstance(q, Citation) else RULEBOOK.cite(q[0], q[1]) for q in quotes),
    )


CERTAINTIES = (
    _certainty(
        "start-stamina",
        "stamina at the start",
        "every player starts with 100 stamina points; a match's setup cannot change it",
        ("stamina", "At the beginning of the game each player has 100 stamina points"),
    ),
    _certainty(
        "no-stamina-ceiling",
        "the most stamina a player may have",
        "no limit: stamina is gained and lost as the game goes",
        ("stamina", "they may lose or gain stamina as the game progresses"),
    ),
    _certainty(
        "order-of-play",
        "who plays after the first",
        "the match's players in their listed order, from the one who entered first, skipping "
        "those out of the game",
        ("moves", "Players proceed in turn"),
        ("preparation", "Trembling, they throw the die to decide who enters first."),
    ),
    _certainty(
        "the-die",
        "the die",
        "one six-sided die: a throw is 1 to 6",
        ("moves", "An optional second throw is granted if you throw a six."),
        ("the-moat", "it is necessary to throw a 4, 5 or 6"),
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
    ),
    _certainty(
        "lavatory",
        "staying in the Lavatory",
        "a room like the others for lingering: no one stays in it unless a card detains them, "
        "and it holds one player",
        ("the-lavatory", "This little room is self-explanatory."),
        ("the-lavatory", "It may not be occupied by two players at the same time."),
        ("rooms", "You may not linger in a room unless you are forcibly detained."),
    ),
    _certainty(
        "trade-worth",
        "what a traded card is worth",
        "the number in its top left-hand corner, in stamina points; only a card whose number "
        "was not read rests on the example's uncertain figure (gothic.circled-card-number)",
        CITE_TRADE,
    ),
    _certainty(
        "iron-maiden",
        "the only completely deadly card",
        "the card recorded as 'Iron Maiden' drawn from the Torture Chamber kills whoever draws "
        "it (no card protects; the record's 'deadly' cannot say otherwise) and goes back under "
        "its pile; any other card recorded as deadly breaks the rule",
        ("rooms", ("There is only one completely deadly card. That is the Iron Maiden in the "
                  "Torture Chamber")),
    ),
    _certainty(
        "cards-kept",
        "cards held",
        "a card stays in its holder's hand until it is returned or traded; a protection that "
        "saved its holder is kept",
        ("rooms", ("You hold on to the card you picked up until it is no longer relevant, or you "
                  "wish to trade it in.")),
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
    ),
    _certainty(
        "undeclared-cards",
        "what a player sees of another's cards",
        "how many they hold and the pile each was picked up from, not which cards they are "
        "(the body of a player killed with a weapon is seen by its killer, who searches it); "
        "stamina is told to all; a card the record does not know is recorded as 'not read'",
        ("rooms", ("You are not obliged to declare this card, but you must inform the scorer if "
                  "you have lost or gained any stamina.")),
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
    ),
    _certainty(
        "controlled-move",
        "who records a controlled move",
        "the controller: a player under control whose move is recorded as their own breaks the "
        "rule; the control covers the first throw of the go, not the second throw of a six",
        ("adjacency", "They throw the die, but you tell them which way to go."),
        ("adjacency", "you do not control their second move if they throw a six"),
    ),
    _certainty(
        "one-power-a-landing",
        "the Power of Adjacency",
        "one form, on one player, per landing; no form on a player already under another "
        "player's power ('attack' there covers the three forms listed before it)",
        ("adjacency", "You may only choose one option."),
        ("adjacency", ("If you land next to two players at once, you may only attack one of them, "
                      "and you may not attack a player who is already in someone else's control.")),
    ),
    _certainty(
        "advantage",
        "the advantage",
        "the player a power was used on may not use the power on its user in their next go, the "
        "first in which they could",
        ("adjacency", ("Whichever option you choose, you have the advantage, and they may not "
                      "attack you.")),
    ),
    _certainty(
        "passage-at-once",
        "when a secret passage is taken",
        "at once on landing on a green square: after a power or a stake of that landing it is "
        "no longer offered",
        ("squares", ("If you land on one, you have the option to travel immediately to any other "
                    "green square, and continue playing from there.")),
    ),
    _certainty(
        "vampire-may-kill",
        "whom a Vampire kills",
        "only the players passed whom the record names (the move's 'kill'); passing a player "
        "does not kill them by itself",
        ("the-vault", "you may kill any other player simply by passing them in the corridor"),
    ),
    _certainty(
        "vampire-throws",
        "a Vampire's throws",
        "two throws a go, each moved in turn; a six gives a Vampire no further throw",
        ("the-vault", "While you are a Vampire you are given two throws of the die for each go"),
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
    ),
    _certainty(
        "sneak-past",
        "when a stake may be used",
        "in the staker's own go, on a Vampire they went over or by before the end of their "
        "walk; a player who only ends a move beside the Vampire has not passed it",
        ("the-vault", ("However, players may sneak past you unscathed when it is their go, and if "
                      "they possess a stake, they may drive it through your heart.")),
    ),
    _certainty(
        "vampire-not-killed-otherwise",
        "what kills a Vampire",
        "a stake, or the sunrise before it reaches the Vault: the oil, the blow pipe, weapons, "
        "the Oubliette and the red squares do not",
        ("the-vault", "Vampires may not be killed in any other way."),
        ("the-vault", "If not, the sun rises and you wither away and die."),
    ),
    _certainty(
        "oil-on-arrival",
        "when the oil is poured",
        "once, in the go the player arrives in the Tower",
        ("the-tower", "ready to be poured over the battlements as soon as you arrive"),
        ("the-tower", "You may not use the oil again or leave."),
    ),
    _certainty(
        "blow-pipe-from-the-tower",
        "when the blow pipe is used",
        "in its holder's own go while in the Tower, at the throw or after landing there, on a "
        "player on a square, a gate or in the moat",
        ("the-tower", ("A player who possesses the Congolese Blow pipe may use it from the Tower "
                      "to kill any player not in a room.")),
    ),
    _certainty(
        "the-end",
        "the end of the game",
        "the game ends when one player is left alive, the winner; if the last players die at "
        "once, no one wins. The last section, 'Good Luck', is a heading with no body: an "
        "archival fact, not a rule",
        ("play", "The only survivor is the winner of the game."),
        CITE_GOOD_LUCK,
    ),
)
