"""Where everything stands and what each player has, in the game's words: the hunters' figures,
Dracula's miniature and trail, the influence marker (``pieces``), and each player's facts as a
seat sees them (``facts``, read from that seat's view)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.board import Piece
from games.core.facts import PlayerFacts
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.common import HIDDEN, fighting_hunters, name, place


def pieces_of(state: Mapping[str, Any]) -> list[Piece]:
    """The hunters' figures, Dracula's miniature (on the board only while revealed), the
    Location cards of his trail with their Encounters, and the influence marker."""
    found = []
    for pid in state["hunter_order"]:
        h = state["hunters"][pid]
        facts = []
        if h["bites"]:
            facts.append(f"{h['bites']} bite token(s)")
        if h["weakened"]:
            facts.append("INDEBOLITO")
        if h["tickets"]:
            facts.append(f"{len(h['tickets'])} ticket(s)")
        if h["defeated"]:
            facts.append("defeated: a hospital space at dawn")
        space = h["space"] if h["space"] in BOARD.spaces else None
        found.append(Piece(id=f"hunter-{pid}", kind="hunter", label=name(state, pid), space=space,
                           owner=pid, detail=", ".join(facts)))
    dr = state["dracula"]
    revealed = dr["revealed"] and dr["space"] in BOARD.spaces
    found.append(Piece(id="dracula", kind="Dracula", label="Dracula",
                       space=dr["space"] if revealed else None, owner=state["dracula_player"],
                       detail="revealed" if revealed else "hidden"))
    for n, entry in enumerate(dr["trail"], start=1):
        count = len(entry["encounters"])
        found.append(Piece(
            id=f"trail-{n}", kind="Location card", label=f"Location card, trail space {n}",
            space=entry["space"] if entry["space"] in BOARD.spaces else None,
            owner=state["dracula_player"],
            detail=f"{count} Encounter card(s)" if count else "",
        ))
    found.append(Piece(id="influence", kind="influence marker", label=f"Influence {dr['influence']}",
                       space=None, owner=state["dracula_player"],
                       detail=f"space {dr['influence']} of the influence track"))
    return found


def facts_of(seen: Mapping[str, Any]) -> list[PlayerFacts]:
    """Each player's facts in the state ``seen`` (a seat's view, or the whole state)."""
    found = []
    dracula = seen["dracula_player"]
    for player in seen["players"]:
        pid = player["id"]
        if pid == dracula:
            found.append(_dracula_facts(seen))
        else:
            found.append(_hunter_facts(seen, pid))
    return found


def _hunter_facts(seen, pid) -> PlayerFacts:
    h = seen["hunters"][pid]
    if h["defeated"]:
        facts = [("Stands in",
                  "nowhere: defeated (sconfitto), he is placed on a hospital space at dawn")]
    else:
        facts = [("Stands in", place(h["space"]))]
    tickets = "; ".join(f"white {t['white']}, " + (f"yellow {t['yellow']}" if t["yellow"] is not None
                                                    else "no yellow") for t in h["tickets"])
    facts.append(("Ticket tokens (gettoni biglietto)", tickets or "none"))
    facts.append(("Event cards (carte evento)", _hand(h["events"], h["shown_events"])))
    facts.append(("Item cards (carte oggetto)", _hand(h["items"], h["shown_items"])))
    facts.append(("Bite tokens (segnalini morso)", str(h["bites"])))
    facts.append(("Damage tokens (segnalini danno)", str(h["damage"])))
    if h["weakened"]:
        facts.append(("INDEBOLITO", "yes: keeps an event card and an item card revealed"))
    pending = seen["hideouts"].get(pid)
    searching = pending is not None and pending["renounced"]
    if pending is not None:
        facts.append(("In a hideout (rifugio)", f"{place(pending['space'])}: " + (
            "Dracula renounced, he may take the action Cerca" if searching
            else "Dracula may ambush him")))
    if pid in fighting_hunters(seen):
        facts.append(("In combat", f"against Dracula in {place(seen['combat']['space'])}"))
    return PlayerFacts(player=pid, name=name(seen, pid), facts=tuple(facts), acting=searching)


def _dracula_facts(seen) -> PlayerFacts:
    dr = seen["dracula"]
    trail = dr["trail"]
    if dr["revealed"]:
        where = f"revealed (rivelato) in {place(dr['space'])}"
    elif trail and trail[0]["space"] != HIDDEN:
        where = f"hidden, in {place(trail[0]['space'])}"
    else:
        where = "hidden"
    facts = [("Where he is", where)]
    cards = [f"{place(entry['space'])}" + _encounters(entry["encounters"])
             for entry in trail if entry["space"] != HIDDEN]
    unseen = sum(1 for entry in trail if entry["space"] == HIDDEN)
    if unseen:
        encounters = sum(len(entry["encounters"]) for entry in trail if entry["space"] == HIDDEN)
        cards.append(f"{unseen} Location card(s) face down with {encounters} Encounter card(s)")
    facts.append(("Trail (traccia)", "; ".join(cards) or "no Location card yet"))
    facts.append(("Event cards (carte evento)", _hand(dr["events"], [])))
    facts.append(("Influence (influenza)", f"{dr['influence']} of 13"))
    if dr["defeated"]:
        facts.append(("Defeated", "the hunters defeated Dracula"))
    acting = seen["combat"] is not None or any(
        not pending["renounced"] for pending in seen["hideouts"].values())
    return PlayerFacts(player=seen["dracula_player"], name=name(seen, seen["dracula_player"]),
                       facts=tuple(facts), acting=acting)


def _hand(cards, shown) -> str:
    """A hand in words: the revealed cards, the named ones, and how many nobody sees."""
    left = list(cards)
    said = []
    for card in shown:
        if card in left:
            left.remove(card)
            said.append(f"{_card(card)} (revealed)")
    said += [_card(card) for card in left if card != HIDDEN]
    unseen = left.count(HIDDEN)
    if unseen:
        said.append(f"{unseen} not seen")
    return ", ".join(said) or "none"


def _card(card: str) -> str:
    return "a card nobody saw" if card == HIDDEN else card


def _encounters(encounters) -> str:
    if not encounters:
        return ""
    named = [card for card in encounters if card != HIDDEN]
    unseen = len(encounters) - len(named)
    words = named + ([f"{unseen} not seen"] if unseen else [])
    return f" (Encounter: {', '.join(words)})"
