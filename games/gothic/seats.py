"""What each seat sees (gothic/rooms: "You are not obliged to declare this card, but you must
inform the scorer if you have lost or gained any stamina"), and each player's facts in words.

A seat sees everything on the board and in the tally, the piles' returned cards ("shown to all
the other players"), and of another player's hand only how many cards it holds and the pile
each came from (everyone sees a card picked up). The body of a player killed with a weapon is
seen by its killer, who searches it, and by no one else.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from games.core.facts import PlayerFacts
from games.gothic.cards import NOT_READ, lying_body
from games.gothic.state import ADVANTAGE_OF, CARD_KINDS, STAIRCASE_STEPS, name_of, place_name

# The face of a card a seat may not see: only its pile shows.
HIDDEN_FACE = {"name": None, "kind": None, "number": None, "numbered": None, "stamina": None}

STAGE_WORDS = {
    "order": "to throw to decide who enters first",
    "throw": "to throw (or stay)",
    "move": "to move the throw",
    "draw": "to draw the top card",
    "act": "to use the landing, throw again, or end the go",
    "stairs": "to count the six up or down the staircase",
}


def hides_hand(state, owner: str, viewer: str | None) -> bool:
    """Whether ``viewer`` may not see the faces of ``owner``'s cards."""
    if viewer is None or viewer == owner:
        return False
    return not (lying_body(state) == owner and state["actor"] == viewer)


def view(state: Mapping, viewer: str | None) -> dict:
    """The state as ``viewer`` sees it: another player's cards show only their pile."""
    if viewer is None:
        return dict(state)
    players = {}
    for pid, player in state["players"].items():
        if player["cards"] and hides_hand(state, pid, viewer):
            cards = [{**HIDDEN_FACE, "room": card["room"]} for card in player["cards"]]
            players[pid] = {**player, "cards": cards}
        else:
            players[pid] = player
    return {**state, "players": players}


def resample_hidden(state: Mapping, seat: str, rng: random.Random) -> dict:
    """A state ``seat`` cannot tell from ``state``: the faces of the cards it does not see
    drawn again (any kind, figures as a record may give them), each from its own pile."""
    players = dict(state["players"])
    for pid, player in state["players"].items():
        if not player["cards"] or not hides_hand(state, pid, seat):
            continue
        players[pid] = {**player, "cards": [_any_face(card["room"], rng)
                                            for card in player["cards"]]}
    return {**state, "players": players}


def _any_face(room: str, rng: random.Random) -> dict:
    number = rng.choice([None, rng.randint(1, 12)])
    return {
        "name": rng.choice([NOT_READ, f"an unseen card {rng.randint(1, 999)}"]),
        "room": room,
        "kind": rng.choice(CARD_KINDS),
        "number": number,
        "numbered": number is not None or rng.random() < 0.1,
        "stamina": rng.randint(-20, 20),
    }


def facts_of(state: Mapping, viewer: str | None) -> list[PlayerFacts]:
    """Each player's facts in the game's words, as ``viewer`` may see them."""
    found = []
    for pid in state["seats"]:
        player = state["players"][pid]
        out = player["status"] != "alive"
        facts = [("Where", "out of the game: " + player["cause"] if out
                  else place_name(player["at"])),
                 ("Stamina", str(player["stamina"]))]
        facts.append(("Cards", _hand_words(state, pid, viewer)))
        if player["depth"] is not None:
            facts.append(("On the staircase", f"step {player['depth']} of {STAIRCASE_STEPS}"))
        if player["vampire"] is not None:
            facts.append(("The Vampire", (f"{player['vampire']['goes']} goes counted, "
                          f"{player['vampire']['kills']} victims")))
        if player["detained"]:
            facts.append(("Detained", f"{player['detained']} more go(es)"))
        if player["controlled_by"] is not None:
            facts.append(("Next move directed by", name_of(state, player["controlled_by"])))
        if player["held_by"] is not None:
            facts.append(("Under the power of", name_of(state, player["held_by"]["by"])))
        if player.get(ADVANTAGE_OF):
            facts.append(("May never attack", ", ".join(name_of(state, other)
                                                        for other in player[ADVANTAGE_OF])))
        if player["oil_used"]:
            facts.append(("The Tower's oil", "poured"))
        acting = _acting(state, pid)
        if acting:
            facts.append(("Now", STAGE_WORDS[state["stage"]]))
        found.append(PlayerFacts(player=pid, name=player["name"], facts=tuple(facts),
                                 acting=acting, out=out))
    return found


def _hand_words(state, pid, viewer) -> str:
    cards = state["players"][pid]["cards"]
    if not cards:
        return "none"
    if hides_hand(state, pid, viewer):
        return f"{len(cards)} not declared"
    return ", ".join(card["name"] for card in cards)


def _acting(state, pid) -> bool:
    if state["stage"] == "over" or state["players"][pid]["status"] != "alive":
        return False
    if state["stage"] == "order":
        return pid in state["contenders"] and pid not in state["order_throws"]
    return state["actor"] == pid
