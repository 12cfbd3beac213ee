"""The decisions the rule sheet settles, each with the sentence that settles it: the counterpart
of ``points.py`` (what it leaves open), so that no judgement of the engine goes uncited.
README.md ("Every decision") lists both, with what is out of scope.

Every quote is copied word for word from ``dagon.en.txt``; the passage slug is the heading.
"""

from __future__ import annotations

from games.core.points import Certainty, Citation
from games.dagon import passages as P
from games.dagon.points import ONE_WEAPON_ON_SPELL


def _cite(passage: str, quote: str) -> Citation:
    return Citation(passage=passage, quote=quote)


COMPONENTS = "dagon/components"

C_HEROES = _cite(COMPONENTS, "4 Heroes (pawns).")
C_WEAPONS_BOX = _cite(COMPONENTS, "12 weapons (3 per Hero).")
C_WIZARD_CARDS = _cite(COMPONENTS, "4 \"Wizard\" cards.")
C_TOWERS_BOX = _cite(COMPONENTS, "12 Black Towers.")
C_SYMBOL_CENTRE = _cite(P.OBJECT, "This \"symbol\" is located in the center of the board.")
C_KNIGHTED = _cite(P.OBJECT, "For this mission you will be knighted as a \"Knight of the "
                   "Kingdom.\"")
C_THREE_CITIES = _cite(P.OBJECT, "The first player to be knighted three times, by three "
                       "different cities, wins.")
C_START_WEAPONS = _cite(P.HOW_TO_PLAY, "Each player receives one Hero and three weapons (which "
                        "are set aside, off the board).")
C_START_ZHAROT = _cite(P.HOW_TO_PLAY, "The Heroes start on the starting space (Zharot).")
C_SYMBOL_TAIL = _cite(P.HOW_TO_PLAY, "The Dagon Symbol (ark) is placed at the tail of the "
                      "\"Creature of the Lagoon.\"")
C_WHO_STARTS = _cite(P.HOW_TO_PLAY, "The player who starts is determined by chance.")
C_ONE_AFTER_ANOTHER = _cite(P.STARTING, "The players begin one after another on the starting "
                            "space, the city of Zharot.")
C_EITHER_DIRECTION = _cite(P.STARTING, "Each player moves their Hero, of their choice, one "
                           "circle along the route line, in either direction.")
C_NOT_BACK_TO_START = _cite(P.STARTING, "A player may move forward and then back within the "
                            "same move, but may not return to the same point from which the "
                            "move started.")
C_FREE_SPACES = _cite(P.STARTING, "Only free spaces may be moved onto (exception: to attack "
                      "another Hero).")
C_MUST_MOVE = _cite(P.STARTING, "The player whose turn it is must move (exception: the Hero is "
                    "temporarily blocked and therefore does not play on that turn, because at "
                    "that moment it holds the Wizard card).")
C_ONE_SPACE_EACH = _cite(P.STARTING, "Symbolic spaces (Spell, Black Tower, Whistle, Thrones, "
                         "Lagoon) count as one space when moving; in addition they have a "
                         "particular meaning, explained below.")
C_NOT_OVER = _cite(P.STARTING, "It is not possible to move over the following spaces:")
C_NOT_OVER_SPELLS = _cite(P.STARTING, "- Spells.")
C_NOT_OVER_HEROES = _cite(P.STARTING, "- Spaces occupied by another Hero.")
C_NOT_OVER_TOWERS = _cite(P.STARTING, "- Spaces occupied by a Black Tower or the Whistle.")
C_PASS_OTHERS = _cite(P.STARTING, "Within a single move a player may pass over all other spaces.")
C_EFFECT_ON_STOP = _cite(P.STARTING, "The particular effect of a symbolic space applies only "
                         "when a Hero stops on that space, and not when it is merely passed "
                         "over.")
C_WEAPON_LOST = _cite(P.WEAPONS, "A Hero loses one weapon each time it attacks another Knight "
                      "or when it loses a combat against the \"Wizard's Spells.\"")
C_NO_WEAPONS = _cite(P.WEAPONS, "When a Hero has no weapons left, it may continue the game and "
                     "go looking for the Dagon Symbol, but it may not fight the Wizard's "
                     "Spells, nor attack another Hero.")
C_CITY_WEAPON = _cite(P.WEAPONS, "A player who arrives at a city receives one weapon back in "
                      "return.")
C_THREE_AT_MOST = _cite(P.WEAPONS, "However, a Hero may never carry more than three weapons, "
                        "since a Hero that already has three weapons receives no more.")
C_TAKE_AT_TAIL = _cite(P.SYMBOL, "From the moment a Hero reaches the tail of the creature, which "
                       "is its vulnerable area, it may take the Dagon Symbol (ark).")
C_ONLY_IF_LANDS = _cite(P.SYMBOL, "(It may do so only if it lands on the white circle at the "
                        "tail.)")
C_BEARER_PASSES = _cite(P.SYMBOL, "The bearer of the symbol may pass over all obstacles.")
C_BEARER_FIGHTS = _cite(P.SYMBOL, "Of course, if it stops on a Spell it must fight it.")
C_LANDS_ON_SPELL = _cite(P.SPELLS, "A player who lands on a Spell must fight it.")
C_TURN_OVER = _cite(P.SPELLS, "The player must turn over the top Spell card of the pile.")
C_STRENGTH = _cite(P.SPELLS, "The number on the Spell shows its strength (1 to 6).")
C_DUEL_DIE = _cite(P.SPELLS, "The player now rolls the fetish die to fight the Wizard's Spell.")
C_DUEL_WON = _cite(P.SPELLS, "If, once the fetish die is rolled, the player obtains the same "
                   "number of points or more than the Spell card, the player has won the duel.")
C_ONE_MORE = _cite(P.SPELLS, "Thanks to this victory the player has regained strength and may "
                   "play again, moving one more space.")
C_WINNER_PASSES = _cite(P.SPELLS, "Furthermore, the player may also pass over other Spells, "
                        "Black Towers, the Whistle and the opponents' pieces.")
C_DUEL_LOST = _cite(P.SPELLS, "If the player obtains fewer points on the fetish die than the "
                    "number shown on the Spell card, the player has lost the duel: it loses one "
                    "weapon and sits out one turn.")
C_WIZARD_GIVEN = _cite(P.WIZARD, "A Hero that has lost a duel against a Spell is given the "
                       "Wizard card.")
C_ONLY_RETURN = _cite(P.WIZARD, "When it is that player's turn again, the player may not move "
                      "its piece, and the only thing it can do is return the Wizard card.")
C_BEARER_LOSES = _cite(P.WIZARD, "When the bearer of the Dagon Symbol loses a duel with a "
                       "Spell, it also loses the Symbol.")
C_LOST_PLACED = _cite(P.WIZARD, "It may place the Symbol on a space of its choice (never on a "
                      "symbolic space, nor on a space occupied by a Black Tower, the Whistle or "
                      "the Lagoon), but that space must be in another city, leaving the Symbol "
                      "(ark) on the chosen circle.")
C_GO_IN_SEARCH = _cite(P.OBJECT, "Go in search of the \"Dagon Symbol\" and bring it to one of the "
                       "cities.")
C_KNIGHT_CARD = _cite(P.CITIES, "A player who reaches a city carrying the Symbol receives the "
                      "\"Knight of the City\" card.")
C_STOPS_IN_CITY = _cite(P.CITIES, "The Hero stops in the city even if it moved only one space.")
C_STOP_WEAPON = _cite(P.CITIES, "Players who stop in a city, even if they do not hold the "
                      "Symbol, receive one weapon back if they need one.")
C_NOT_IN_CITY = _cite(P.CITIES, "A Hero that is in a city (throne) may not be attacked.")
C_TOWER_SPACE = _cite(P.TOWER, "A player who stops on a Tower space must introduce a Black "
                      "Tower into the game.")
C_TOWER_WHITE = _cite(P.TOWER, "Black Towers may be placed on all free white spaces (never on "
                      "symbolic spaces).")
C_TOWER_BLOCKS = _cite(P.TOWER, "Once a Black Tower is placed on a space, its effect is that no "
                       "one may stop on that space, or pass over it, with the exceptions of the "
                       "bearer of the Symbol and the winners of a duel with a Spell.")
C_RESERVE = _cite(P.TOWER, "When the reserve of Towers is exhausted, of course no more may be "
                  "placed.")
C_NOT_ON_SYMBOL = _cite(P.TOWER, "The space on which the Symbol is located may not be occupied "
                        "by any Black Tower, and therefore may not be blocked in such a way "
                        "that it could not be reached.")
C_WHISTLE = _cite(P.WHISTLE, "A player who reaches this space must move a Black Tower that is "
                  "already on the board to a free space of its choice (except a symbolic "
                  "space).")
C_LANDS_ATTACKS = _cite(P.ATTACKS, "When a player lands on a space, or a symbolic space, on "
                        "which another Knight is standing, it attacks that piece.")
C_ATTACK_COST = _cite(P.ATTACKS, "This attack costs the attacker one weapon.")
C_ATTACKER_REMAINS = _cite(P.ATTACKS, "The attacker must remain on the space of the duel.")
C_CAPTURE = _cite(P.ATTACKS, "When the player carrying the symbol is attacked, the attacker "
                  "also captures the Symbol.")
C_TO_A_LAGOON = _cite(P.LAGOON, "A player who is attacked by another player is moved by the "
                      "attacking player to a symbol (Lagoon) space of the attacker's choice.")
C_NUMBER_DECIDED = _cite(P.END, "The game ends when a player has been knighted a certain number "
                         "of times in different cities, a number decided at the start of the "
                         "game.")
C_NORMALLY_THREE = _cite(P.END, "Normally the game is played to win three thrones in three "
                         "different cities.")
C_SHORTER = _cite(P.END, "For a shorter game, the objective may be limited to two thrones in "
                  "two different cities.")

# Cited by the violation of a bearer running through a city.
BEARER_STOPS = (C_KNIGHT_CARD, C_STOPS_IN_CITY)


def _certain(cid: str, topic: str, decision: str, *citations: Citation,
             deciding: tuple[str, ...]) -> Certainty:
    return Certainty(id=f"dagon.{cid}", topic=topic, decision=decision, citations=citations,
                     deciding=deciding)


CERTAINTIES = (
    _certain("four-heroes", "how many play",
             "At most four players, one Hero each (the fewest is out of scope).", C_HEROES,
             C_START_WEAPONS, deciding=("4 Heroes", "Each player receives one Hero")),
    _certain("three-weapons-each", "the weapons a Hero starts with and may hold",
             "Three at the start; never more than three (a weapon due to a Hero that has three "
             "is not given).", C_WEAPONS_BOX, C_START_WEAPONS, C_THREE_AT_MOST,
             deciding=("three weapons", "a Hero may never carry more than three weapons",
                       "a Hero that already has three weapons receives no more")),
    _certain("start-on-zharot", "where the Heroes start",
             "Every Hero on Zharot, all together.", C_START_ZHAROT, C_ONE_AFTER_ANOTHER,
             deciding=("The Heroes start on the starting space (Zharot)",
                       "on the starting space, the city of Zharot")),
    _certain("symbol-at-the-tail", "where the Symbol starts",
             "On the white circle at the tail of the Creature of the Lagoon, in the centre.",
             C_SYMBOL_TAIL, C_SYMBOL_CENTRE, C_ONLY_IF_LANDS,
             deciding=("is placed at the tail of the", "located in the center of the board",
                       "the white circle at the tail")),
    _certain("turns-in-seat-order", "the order of play",
             "One after another in the order of the record's seats; the first seat starts (who "
             "that is was decided by chance at the table).", C_ONE_AFTER_ANOTHER, C_WHO_STARTS,
             deciding=("one after another", "The player who starts is determined by chance")),
    _certain("either-direction", "which way a Hero moves",
             "Either way along the route line, at the player's choice.", C_EITHER_DIRECTION,
             deciding=("of their choice", "along the route line, in either direction")),
    _certain("never-back-to-the-start", "going back within a move",
             "A move may turn back, but never onto the circle it started from.",
             C_NOT_BACK_TO_START,
             deciding=("may move forward and then back within the same move",
                       "may not return to the same point from which the move started")),
    _certain("every-space-counts-one", "how a symbolic space is counted",
             "Every space, symbolic or white, is one circle of a move.", C_ONE_SPACE_EACH,
             deciding=("count as one space when moving",)),
    _certain("what-may-not-be-passed", "what a move may not pass over",
             "Spells, another Hero, a Black Tower and the Whistle; every other space may be "
             "passed.", C_NOT_OVER, C_NOT_OVER_SPELLS, C_NOT_OVER_HEROES, C_NOT_OVER_TOWERS,
             C_PASS_OTHERS,
             deciding=("It is not possible to move over the following spaces", "Spells.",
                       "Spaces occupied by another Hero.",
                       "Spaces occupied by a Black Tower or the Whistle.",
                       "may pass over all other spaces")),
    _certain("free-spaces-only", "where a move may end",
             "On a free space, or on another Hero's space to attack it; never on a Black Tower "
             "(but for the bearer and duel winners).", C_FREE_SPACES, C_TOWER_BLOCKS,
             deciding=("Only free spaces may be moved onto", "exception: to attack another Hero",
                       "no one may stop on that space", ("with the exceptions of the bearer of "
                       "the Symbol and the winners of a duel with a Spell"))),
    _certain("effect-only-on-a-stop", "when a symbolic space takes effect",
             "Only on the space where the move stops.", C_EFFECT_ON_STOP,
             deciding=("applies only when a Hero stops on that space",
                       "not when it is merely passed over")),
    _certain("must-move", "whether a player may pass instead of moving",
             "A Hero with a move open must move: its pass is a violation. The Hero holding the "
             "Wizard card does not play (it returns the card). What a Hero with no move open "
             "does: point dagon.no-move-open.", C_MUST_MOVE,
             deciding=("The player whose turn it is must move",
                       ("does not play on that turn, because at that moment it holds the Wizard "
                       "card"))),
    _certain("weapon-lost", "what costs a weapon",
             "Each attack the Hero makes and each duel it loses: one weapon.", C_WEAPON_LOST,
             C_ATTACK_COST,
             deciding=(("A Hero loses one weapon each time it attacks another Knight or when it "
                       "loses a combat"), "This attack costs the attacker one weapon.")),
    _certain("no-weapons", "a Hero with no weapons",
             "It moves on but may not attack (whether it may stop on a Spell: point "
             "dagon.unarmed-on-spell).", C_NO_WEAPONS,
             deciding=("it may continue the game", "nor attack another Hero")),
    _certain("one-weapon-against-a-spell", "a Hero with one weapon and a Hero on a Spell",
             "It may not attack it.", ONE_WEAPON_ON_SPELL,
             deciding=(("When a Knight has only one weapon left, it may not attack any other "
                       "Hero that is standing on a Spell"),)),
    _certain("weapon-in-a-city", "what a city gives a Hero that stops there",
             "One weapon back (to three at most), Symbol or not.", C_CITY_WEAPON, C_STOP_WEAPON,
             deciding=("receives one weapon back", ("even if they do not hold the Symbol, "
                       "receive one weapon back if they need one"))),
    _certain("symbol-taken-where-it-lies", "how the Symbol is taken",
             "By a Hero whose move stops on the circle where it lies; at its choice (\"may\"). "
             "The sentence speaks of the tail; a Symbol placed again lies \"on the chosen "
             "circle\" and is taken there in the same way (a move of one circle stops where it "
             "reaches).", C_TAKE_AT_TAIL, C_ONLY_IF_LANDS, C_LOST_PLACED, C_GO_IN_SEARCH,
             deciding=("it may take the Dagon Symbol", "only if it lands on the white circle",
                       "leaving the Symbol (ark) on the chosen circle",
                       "Go in search of the \"Dagon Symbol\"")),
    _certain("bearer-passes-everything", "what the bearer may pass over and stop on",
             "Every obstacle, and it may stop on a Black Tower; it fights a Spell it stops on.",
             C_BEARER_PASSES, C_TOWER_BLOCKS, C_BEARER_FIGHTS,
             deciding=("The bearer of the symbol may pass over all obstacles",
                       "with the exceptions of the bearer of the Symbol",
                       "if it stops on a Spell it must fight it")),
    _certain("bearer-stops-in-the-city", "a bearer that reaches a city",
             "Its move ends there, under every reading (a path of the bearer going on past a "
             "city is a violation), and it is knighted there (which cities count for the first "
             "delivery: point dagon.symbol-destination).", C_KNIGHT_CARD,
             C_STOPS_IN_CITY, C_KNIGHTED,
             deciding=(("A player who reaches a city carrying the Symbol receives the \"Knight "
                       "of the City\" card"), "The Hero stops in the city",
                       "you will be knighted")),
    _certain("spell-duel", "a Hero that stops on a Spell",
             "It turns over the top Spell card (strength 1 to 6) and rolls the fetish die: as "
             "much or more wins, less loses.", C_LANDS_ON_SPELL, C_TURN_OVER, C_STRENGTH,
             C_DUEL_DIE, C_DUEL_WON,
             deciding=("A player who lands on a Spell must fight it",
                       "turn over the top Spell card of the pile", "(1 to 6)",
                       "rolls the fetish die",
                       ("the same number of points or more than the Spell card, the player has "
                       "won the duel"))),
    _certain("duel-won", "what a won duel gives",
             "One more space, at the player's choice, over any obstacle and onto a Black Tower "
             "if it likes.", C_ONE_MORE, C_WINNER_PASSES, C_TOWER_BLOCKS,
             deciding=("may play again, moving one more space",
                       ("may also pass over other Spells, Black Towers, the Whistle and the "
                       "opponents' pieces"), "the winners of a duel with a Spell")),
    _certain("duel-lost", "what a lost duel costs",
             "A weapon, and the Wizard card (how many turns: point dagon.wizard-turns).",
             C_DUEL_LOST, C_WIZARD_GIVEN,
             deciding=("the player has lost the duel: it loses one weapon",
                       "is given the Wizard card")),
    _certain("wizard-card-only", "a turn while holding the Wizard card",
             "The only event is returning the card; any other is a violation.", C_ONLY_RETURN,
             deciding=(("the player may not move its piece, and the only thing it can do is "
                       "return the Wizard card"),)),
    _certain("lost-symbol-placed", "how a Symbol lost in a duel is placed",
             "The bearer that lost it places it, on a circle of its choice that is neither a "
             "symbolic space nor a Black Tower (in which city's territory: point "
             "dagon.lost-symbol-city; a Hero on it: point dagon.symbol-on-a-hero).",
             C_BEARER_LOSES, C_LOST_PLACED,
             deciding=("it also loses the Symbol", ("It may place the Symbol on a space of its "
                       "choice"), ("never on a symbolic space, nor on a space occupied by a Black "
                       "Tower"))),
    _certain("attack-on-landing", "landing on another Hero",
             "The move is an attack: one weapon, the attacked Hero to a free Lagoon space (who "
             "chooses it: point dagon.lagoon-chooser), the attacker stays; the bearer's "
             "Symbol passes to the attacker.", C_LANDS_ATTACKS, C_ATTACK_COST,
             C_ATTACKER_REMAINS, C_CAPTURE, C_TO_A_LAGOON, C_FREE_SPACES,
             deciding=("it attacks that piece", "This attack costs the attacker one weapon",
                       "The attacker must remain on the space of the duel",
                       "the attacker also captures the Symbol", "to a symbol (Lagoon) space",
                       "Only free spaces may be moved onto")),
    _certain("no-attack-in-a-city", "a Hero in a city",
             "It may not be attacked.", C_NOT_IN_CITY,
             deciding=("A Hero that is in a city (throne) may not be attacked",)),
    _certain("black-tower-introduced", "a Hero that stops on a Tower space",
             "It places a Black Tower from the reserve on a free white circle (never where the "
             "Symbol lies); with the reserve of twelve exhausted, none.", C_TOWER_SPACE,
             C_TOWER_WHITE, C_TOWERS_BOX, C_RESERVE, C_NOT_ON_SYMBOL,
             deciding=("must introduce a Black Tower", "may be placed on all free white spaces",
                       "never on symbolic spaces", "12 Black Towers",
                       "When the reserve of Towers is exhausted, of course no more may be placed",
                       "may not be occupied by any Black Tower")),
    _certain("whistle-moves-a-tower", "a Hero that stops on the Whistle",
             "It moves a Black Tower already on the board to a free white circle (never where "
             "the Symbol lies).", C_WHISTLE, C_NOT_ON_SYMBOL,
             deciding=(("must move a Black Tower that is already on the board to a free space of "
                       "its choice (except a symbolic space)"),
                       "may not be occupied by any Black Tower")),
    _certain("thrones-to-win", "how many cities win the match",
             "The number the setup gives (three unless it says otherwise; two for the shorter "
             "game; any number up to the board's cities), counted in different cities; a city "
             "that knights a Hero again adds no throne.", C_NUMBER_DECIDED, C_NORMALLY_THREE,
             C_SHORTER, C_THREE_CITIES,
             deciding=("a number decided at the start of the game",
                       ("Normally the game is played to win three thrones in three different "
                       "cities"), "limited to two thrones in two different cities",
                       "by three different cities")),
    _certain("wizard-cards-enough", "several Heroes holding the Wizard card",
             "Each Hero may hold one at once: there are four.", C_WIZARD_CARDS,
             deciding=("4 \"Wizard\" cards",)),
)
