"""Cards kept in a hand are the only thing a rules document hides: another seat sees how many
a player holds from each deck, never which, and, as it cannot tell them from the pile, sees the
pile and the others' hands as one pool of unseen cards (what it knows the next draw may be)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.rules.model import RulesGame
from games.rules.state import seat_order


def view(game: RulesGame, state: Mapping[str, Any], viewer: str | None) -> dict:
    if viewer is None or not game.hides:
        return dict(state)
    seen = dict(state)
    hands = state["hands"]
    seen["hands"] = {pid: dict(hand) if pid == viewer else {} for pid, hand in hands.items()}
    seen["held"] = {pid: _by_deck(game, hand) for pid, hand in hands.items() if pid != viewer}
    decks = {}
    for deck_id, held in state["decks"].items():
        pool = dict(held["pile"])
        for pid, hand in hands.items():
            if pid != viewer:
                for card, count in hand.items():
                    if game.cards[card].deck == deck_id:
                        pool[card] = pool.get(card, 0) + count
        decks[deck_id] = {"pile": pool, "discard": held["discard"]}
    seen["decks"] = decks
    return seen


def resample_hidden(game: RulesGame, state: Mapping[str, Any], seat: str,
                    rng: random.Random) -> dict:
    """The others' hands dealt again at random from the cards ``seat`` has not seen, each as
    many cards from each deck as before; the rest is the pile."""
    if not game.hides:
        return dict(state)
    others = [pid for pid in seat_order(state) if pid != seat]
    hands = {pid: dict(hand) for pid, hand in state["hands"].items()}
    decks = {deck_id: {"pile": dict(held["pile"]), "discard": held["discard"]}
             for deck_id, held in state["decks"].items()}
    for deck in game.decks.values():
        pool = [card.id for card in deck.cards
                for _ in range(decks[deck.id]["pile"].get(card.id, 0))]
        wanted = {}
        for pid in others:
            mine = [card for card, count in hands[pid].items() if game.cards[card].deck == deck.id
                    for _ in range(count)]
            pool.extend(mine)
            wanted[pid] = len(mine)
            for card in set(mine):
                del hands[pid][card]
        rng.shuffle(pool)
        for pid in others:
            dealt, pool = pool[:wanted[pid]], pool[wanted[pid]:]
            for card in dealt:
                hands[pid][card] = hands[pid].get(card, 0) + 1
        decks[deck.id]["pile"] = _counted(pool, deck)
    return {**state, "hands": hands, "decks": decks}


def _counted(cards: list[str], deck) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in deck.cards:
        number = cards.count(card.id)
        if number:
            counts[card.id] = number
    return counts


def _by_deck(game: RulesGame, hand: Mapping[str, int]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card, count in hand.items():
        deck = game.cards[card].deck
        counts[deck] = counts.get(deck, 0) + count
    return counts


def hand_words(game: RulesGame, state: Mapping[str, Any], pid: str, viewer: str | None) -> str:
    hand = state["hands"][pid]
    total = sum(hand.values())
    if not total:
        return "none"
    if viewer is not None and viewer != pid:
        return f"{total} card{'s' if total > 1 else ''}, unseen"
    return ", ".join(f"{game.cards[card].name}" + (f" ×{hand[card]}" if hand[card] > 1 else "")
                     for card in game.cards if hand.get(card))
