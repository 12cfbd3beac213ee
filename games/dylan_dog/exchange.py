"""dylan-dog/exchange: cards change hands before one's own throw, or forced on SCAMBIO
OBBLIGATORIO. Card ids: a mystery card by its element (``I2``), ``dylan-dog``,
``shadow:<shadow>``, ``horror:<name>``; story cards are never exchanged."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.choices import Choice, OpenField, SomeOf, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import ELEMENTS, STORY, card_words, shadow_words
from games.dylan_dog.events import EXCHANGE_MAX_CARDS
from games.dylan_dog.passages import EXCHANGE, NIGHTMARE_PLANE
from games.dylan_dog.state import drop_pending, find_pending, name
from games.dylan_dog.the_end_of_the_game import check_win


def card_kind(card: str) -> str:
    if card == "dylan-dog":
        return "dylan-dog"
    if card.startswith("shadow:"):
        return "shadow"
    if card.startswith("horror:"):
        return "horror"
    return "mystery" if card in STORY else "unknown"


def hand(player: Mapping) -> tuple[str, ...]:
    """Every card a player holds that may change hands, by card id (repeated as held)."""
    return (
        *player["mystery"],
        *("dylan-dog",) * player["dylan_dog"],
        *(f"shadow:{symbol}" for symbol in player["shadow"]),
        *(f"horror:{card['name']}" for card in player["horror"]),
    )


def _holds(player, card):
    kind = card_kind(card)
    if kind == "mystery":
        return card in player["mystery"]
    if kind == "dylan-dog":
        return player["dylan_dog"] > 0
    if kind == "shadow":
        return card[7:] in player["shadow"]
    if kind == "horror":
        return any(h["name"] == card[7:] for h in player["horror"])
    return False


def _take(player, card):
    """Take one held card out of ``player`` (a draft's copy); returns its payload."""
    kind = card_kind(card)
    if kind == "mystery":
        hidden = card in player["mystery_hidden"]
        player["mystery"] = [c for c in player["mystery"] if c != card]
        player["mystery_hidden"] = [c for c in player["mystery_hidden"] if c != card]
        return ("mystery", card, hidden)
    if kind == "dylan-dog":
        player["dylan_dog"] -= 1
        return ("dylan-dog", None, False)
    if kind == "shadow":
        rest = list(player["shadow"])
        rest.remove(card[7:])
        player["shadow"] = rest
        return ("shadow", card[7:], False)
    found = next(h for h in player["horror"] if h["name"] == card[7:])
    player["horror"] = [h for h in player["horror"] if h is not found]
    return ("horror", found, False)


def _give(player, payload):
    """Put a taken card into ``player`` (a draft's copy)."""
    kind, value, hidden = payload
    if kind == "mystery":
        player["mystery"] = sorted(player["mystery"] + [value])
        if hidden:
            player["mystery_hidden"] = sorted(player["mystery_hidden"] + [value])
    elif kind == "dylan-dog":
        player["dylan_dog"] += 1
    elif kind == "shadow":
        player["shadow"] = sorted(player["shadow"] + [value])
    else:
        player["horror"] = player["horror"] + [value]


def transfer(draft: Draft, giver: str, taker: str, cards) -> list[str]:
    """Move the cards ``giver`` actually holds to ``taker``; returns the cards missing."""
    g, t = draft.edit("players", giver), draft.edit("players", taker)
    missing = []
    for card in cards:
        if not _holds(g, card):
            missing.append(card)
            continue
        _give(t, _take(g, card))
    return missing


def on_exchange(state, actor, data, ref):
    """dylan-dog/exchange: before one's own throw, or forced on SCAMBIO OBBLIGATORIO."""
    who = name(state, actor)
    other = data["with"]
    give, receive = list(data.get("give") or []), list(data.get("receive") or [])
    forced = bool(data.get("forced", False))
    if other not in state["players"] or other == actor:
        ref.violation(EXCHANGE, f"{other!r} is not another player of this match")
        return state, f"{who} exchanges with nobody (ignored)"
    if state["fight"] is not None:
        ref.violation(EXCHANGE, "no exchange while a horror card is being fought")
        return state, f"{who} exchanges during a fight (ignored)"
    draft = Draft(state)
    if forced:
        index = find_pending(state, actor, "forced-exchange")
        if index < 0:
            ref.violation(
                NIGHTMARE_PLANE,
                f"{who} is not on SCAMBIO OBBLIGATORIO lined up with its twin after their own move",
            )
            return state, f"{who} forces an exchange without the right (ignored)"
        drop_pending(draft, index)
        if (len(give), len(receive)) != (1, 1) and ref.consult(
            pts.FORCED_EXCHANGE_TERMS, f"the forced exchange is {len(give)} for {len(receive)}"
        ) == "one-for-one":
            ref.violation(
                EXCHANGE,
                "a forced exchange is one card for one card",
                point=pts.FORCED_EXCHANGE_TERMS,
            )
    else:
        turn = state["turn"]
        if actor != turn["player"] or turn["phase"] not in ("setup", "before-roll"):
            ref.violation(EXCHANGE, f"{who} may propose an exchange only before their own throw")
            return state, f"{who} exchanges out of turn (ignored)"
        if not give and not receive:
            ref.violation(EXCHANGE, "an exchange of no cards")
            return state, f"{who} exchanges nothing (ignored)"
        if (len(give) != len(receive) or not give) and ref.consult(
            pts.EXCHANGE_BALANCE, f"the exchange is {len(give)} for {len(receive)}"
        ) == "one-for-one":
            ref.violation(
                EXCHANGE,
                "an exchange gives as many cards as it takes",
                point=pts.EXCHANGE_BALANCE,
            )
    for card in give + receive:
        held = (
            card in state["players"][actor]["mystery"] or card in state["players"][other]["mystery"]
        )
        if (
            card in STORY
            and not held
            and any(card in (p["story"] or []) for p in state["players"].values())
        ):
            ref.violation(
                EXCHANGE,
                f"{card_words(card)} is a story card: all cards may be exchanged except story "
                "cards",
            )
    missing_g = transfer(draft, actor, other, give)
    missing_r = transfer(draft, other, actor, receive)
    if missing_g:
        ref.violation(EXCHANGE, f"{who} does not hold {cards_words(missing_g)}")
    if missing_r:
        ref.violation(EXCHANGE, f"{name(state, other)} does not hold {cards_words(missing_r)}")
    ref.effect("exchange", player=actor, other=other, give=give, receive=receive, forced=forced)
    check_win(draft, [actor, other], ref)
    verb = "forces an exchange on" if forced else "exchanges with"
    return draft.state, (
        f"{who} {verb} {name(state, other)}: gives {cards_words(give)}, "
        f"takes {cards_words(receive)}"
    )


def cards_words(cards) -> str:
    return ", ".join(card_label(card) for card in cards) or "nothing"


def card_label(card: str) -> str:
    kind = card_kind(card)
    if kind == "mystery":
        return f"the mystery card {card_words(card)}"
    if kind == "dylan-dog":
        return "a Dylan Dog card"
    if kind == "shadow":
        return f"the {shadow_words(card[7:])} shadow card"
    if kind == "horror":
        return f"the horror card {card[7:]}"
    return card


def unseen_mystery(state) -> tuple[str, ...]:
    """The mystery cards a seat sees in nobody's hand (a card held face down is ``?`` in a
    seat's view, dylan-dog.mystery-card-visibility): what a face-down card could be."""
    seen = {c for p in state["players"].values() for c in p["mystery"]}
    return tuple(e for e in ELEMENTS if e not in seen)


def mystery_as_seen(state, pid) -> tuple[str, ...]:
    """The mystery cards that may be asked of ``pid`` as the offering seat sees them: those it
    sees, and, for a card held face down, every card it could be (never the card itself)."""
    held = state["players"][pid]["mystery"]
    if "?" not in held:
        return tuple(held)
    return tuple(c for c in held if c != "?") + unseen_mystery(state)


def hand_as_seen(state, pid) -> tuple[tuple[str, ...], int]:
    """What may be asked of ``pid``'s hand as the offering seat sees it (``mystery_as_seen``),
    and how many cards it holds."""
    cards = hand(state["players"][pid])
    if "?" not in state["players"][pid]["mystery"]:
        return cards, len(cards)
    return tuple(c for c in cards if c != "?") + unseen_mystery(state), len(cards)


def _cards(held: tuple[str, ...], count: int, least: int, most: int) -> SomeOf:
    return SomeOf(held, least, min(most, count, EXCHANGE_MAX_CARDS),
                  labels=tuple(card_label(c) for c in held))


NOT_FORCED = OpenField("forced", one_of((False,), label=lambda _: "not forced"),
                       prompt="Marked as not forced", optional=True)


def offer_exchange(at: Offering) -> list[Choice]:
    """The turn player's exchanges before the throw, and a forced exchange on SCAMBIO
    OBBLIGATORIO: one choice for each other player, the cards given and taken picked from what
    each holds (never every selection listed)."""
    state = at.state
    if state["fight"] is not None:
        return []
    offered = []
    turn = state["turn"]
    if turn["phase"] in ("setup", "before-roll") and at.viewer in (None, turn["player"]):
        offered += _voluntary(state, turn["player"], at)
    forcing = dict.fromkeys(i["player"] for i in state["pending"] if i["kind"] == "forced-exchange")
    for pid in forcing:
        if at.viewer in (None, pid):
            offered += _forced(state, pid, at)
    return offered


def _voluntary(state, pid, at: Offering) -> list[Choice]:
    uneven = at.option(pts.EXCHANGE_BALANCE) == "any"
    mine = hand(state["players"][pid])
    offered = []
    for other in state["order"]:
        if other == pid:
            continue
        theirs, count = hand_as_seen(state, other)
        who, whom = name(state, pid), name(state, other)
        with_ = {"with": other}
        if uneven:
            point = (pts.EXCHANGE_BALANCE.id,)
            if mine:
                offered.append(Choice(
                    event("exchange", pid, **with_), f"{who} exchanges cards with {whom}",
                    fields=(OpenField("give", _cards(mine, len(mine), 1, len(mine)),
                                      prompt=f"The cards {who} gives"),
                            OpenField("receive", _cards(theirs, count, 0, count),
                                      prompt=f"The cards {who} takes"),
                            NOT_FORCED),
                    points=point))
            if theirs:
                offered.append(Choice(
                    event("exchange", pid, **with_, give=[]),
                    f"{who} takes cards from {whom}, giving none",
                    fields=(OpenField("receive", _cards(theirs, count, 1, count),
                                      prompt=f"The cards {who} takes"), NOT_FORCED),
                    points=point))
            continue
        for size in range(1, min(len(mine), count, EXCHANGE_MAX_CARDS) + 1):
            offered.append(Choice(
                event("exchange", pid, **with_),
                f"{who} exchanges {size} card{'s' if size > 1 else ''} with {whom}",
                fields=(OpenField("give", _cards(mine, len(mine), size, size),
                                  prompt=f"The cards {who} gives"),
                        OpenField("receive", _cards(theirs, count, size, size),
                                  prompt=f"The cards {who} takes"),
                        NOT_FORCED)))
    return offered


def _forced(state, pid, at: Offering) -> list[Choice]:
    as_they_wish = at.option(pts.FORCED_EXCHANGE_TERMS) == "as-they-wish"
    mine = hand(state["players"][pid])
    offered = []
    for other in state["order"]:
        if other == pid:
            continue
        theirs, count = hand_as_seen(state, other)
        if as_they_wish:
            least, most, point = 0, EXCHANGE_MAX_CARDS, (pts.FORCED_EXCHANGE_TERMS.id,)
        elif mine and theirs:
            least, most, point = 1, 1, ()
        else:
            continue
        who = name(state, pid)
        offered.append(Choice(
            event("exchange", pid, **{"with": other}, forced=True),
            f"{who} forces an exchange on {name(state, other)}",
            fields=(OpenField("give", _cards(mine, len(mine), least, most),
                              prompt=f"The cards {who} gives"),
                    OpenField("receive", _cards(theirs, count, least, most),
                              prompt=f"The cards {who} takes")),
            points=point))
    return offered


RULES = {"exchange": (on_exchange, offer_exchange)}
