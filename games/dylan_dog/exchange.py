"""dylan-dog/exchange: cards change hands before one's own throw, or forced on SCAMBIO
OBBLIGATORIO. Card ids: a mystery card by its element (``I2``), ``dylan-dog``,
``shadow:<shadow>``, ``horror:<name>``; story cards are never exchanged."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.choices import Choice, Pick, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import STORY
from games.dylan_dog.events import EXCHANGE_MAX_CARDS
from games.dylan_dog.passages import P
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
    """(player without the card, the card's payload) for one held card."""
    kind = card_kind(card)
    p = dict(player)
    if kind == "mystery":
        p["mystery"] = [c for c in player["mystery"] if c != card]
        hidden = card in player["mystery_hidden"]
        p["mystery_hidden"] = [c for c in player["mystery_hidden"] if c != card]
        return p, ("mystery", card, hidden)
    if kind == "dylan-dog":
        p["dylan_dog"] = player["dylan_dog"] - 1
        return p, ("dylan-dog", None, False)
    if kind == "shadow":
        rest = list(player["shadow"])
        rest.remove(card[7:])
        p["shadow"] = rest
        return p, ("shadow", card[7:], False)
    found = next(h for h in player["horror"] if h["name"] == card[7:])
    p["horror"] = [h for h in player["horror"] if h is not found]
    return p, ("horror", found, False)


def _give(player, payload):
    kind, value, hidden = payload
    p = dict(player)
    if kind == "mystery":
        p["mystery"] = sorted(player["mystery"] + [value])
        if hidden:
            p["mystery_hidden"] = sorted(player["mystery_hidden"] + [value])
    elif kind == "dylan-dog":
        p["dylan_dog"] = player["dylan_dog"] + 1
    elif kind == "shadow":
        p["shadow"] = sorted(player["shadow"] + [value])
    else:
        p["horror"] = player["horror"] + [value]
    return p


def transfer(state, giver, taker, cards):
    """Move the cards ``giver`` actually holds to ``taker``; returns (state, cards missing)."""
    g, t = state["players"][giver], state["players"][taker]
    missing = []
    for card in cards:
        if not _holds(g, card):
            missing.append(card)
            continue
        g, payload = _take(g, card)
        t = _give(t, payload)
    new = dict(state)
    new["players"] = {**state["players"], giver: g, taker: t}
    return new, missing


def on_exchange(state, actor, data, ref):
    """dylan-dog/exchange: before one's own throw, or forced on SCAMBIO OBBLIGATORIO."""
    who = name(state, actor)
    other = data["with"]
    give, receive = list(data.get("give") or []), list(data.get("receive") or [])
    forced = bool(data.get("forced", False))
    if other not in state["players"] or other == actor:
        ref.violation(P + "exchange", f"{other!r} is not another player of this match")
        return state, f"{who} exchanges with nobody (ignored)"
    if state["fight"] is not None:
        ref.violation(P + "exchange", "no exchange while a horror card is being fought")
        return state, f"{who} exchanges during a fight (ignored)"
    if forced:
        index = find_pending(state, actor, "forced-exchange")
        if index < 0:
            ref.violation(
                P + "the-nightmare-plane",
                f"{who} is not on SCAMBIO OBBLIGATORIO lined up with its twin after their own move",
            )
            return state, f"{who} forces an exchange without the right (ignored)"
        state = drop_pending(state, index)
        if (len(give), len(receive)) != (1, 1) and ref.consult(
            pts.FORCED_EXCHANGE_TERMS, f"the forced exchange is {len(give)} for {len(receive)}"
        ) == "one-for-one":
            ref.violation(
                P + "exchange",
                "a forced exchange is one card for one card",
                point=pts.FORCED_EXCHANGE_TERMS,
            )
    else:
        turn = state["turn"]
        if actor != turn["player"] or turn["phase"] not in ("setup", "before-roll"):
            ref.violation(
                P + "exchange", f"{who} may propose an exchange only before their own throw"
            )
            return state, f"{who} exchanges out of turn (ignored)"
        if not give and not receive:
            ref.violation(P + "exchange", "an exchange of no cards")
            return state, f"{who} exchanges nothing (ignored)"
        if (len(give) != len(receive) or not give) and ref.consult(
            pts.EXCHANGE_BALANCE, f"the exchange is {len(give)} for {len(receive)}"
        ) == "one-for-one":
            ref.violation(
                P + "exchange",
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
                P + "exchange",
                f"{card} is a story card: all cards may be exchanged except story cards",
            )
    new, missing_g = transfer(state, actor, other, give)
    new, missing_r = transfer(new, other, actor, receive)
    if missing_g:
        ref.violation(P + "exchange", f"{who} does not hold {', '.join(missing_g)}")
    if missing_r:
        ref.violation(P + "exchange", f"{name(state, other)} does not hold {', '.join(missing_r)}")
    ref.effect("exchange", player=actor, other=other, give=give, receive=receive, forced=forced)
    new = check_win(new, [actor, other], ref)
    verb = "forces an exchange on" if forced else "exchanges with"
    return new, (
        f"{who} {verb} {name(state, other)}: gives {', '.join(give) or 'nothing'}, "
        f"takes {', '.join(receive) or 'nothing'}"
    )


def offer_exchange(state, interpretation) -> list[Choice]:
    """The turn player's exchanges before the throw, and a forced exchange on SCAMBIO
    OBBLIGATORIO: with each other player, the cards given and taken picked from what each
    holds (too many selections to list one by one)."""
    if state["fight"] is not None:
        return []
    offered = []
    turn = state["turn"]
    if turn["phase"] in ("setup", "before-roll"):
        offered += _voluntary(state, turn["player"], interpretation)
    forcing = dict.fromkeys(i["player"] for i in state["pending"] if i["kind"] == "forced-exchange")
    for pid in forcing:
        offered += _forced(state, pid, interpretation)
    return offered


def _picks(mine, theirs, least_given, least_taken, most=None):
    cap = EXCHANGE_MAX_CARDS if most is None else most
    return {"give": Pick(mine, least_given, cap), "receive": Pick(theirs, least_taken, cap)}


def _voluntary(state, pid, interpretation) -> list[Choice]:
    uneven = interpretation.option(pts.EXCHANGE_BALANCE.id) == "any"
    mine = hand(state["players"][pid])
    offered = []
    for other in state["order"]:
        if other == pid:
            continue
        theirs = hand(state["players"][other])
        label = f"{name(state, pid)} exchanges cards with {name(state, other)}"
        families = []
        if uneven:
            if mine:
                families.append(({}, ("give", "receive"), _picks(mine, theirs, 1, 0)))
            if theirs:
                families.append(({"give": []}, ("receive",),
                                 {"receive": Pick(theirs, 1, EXCHANGE_MAX_CARDS)}))
            point = (pts.EXCHANGE_BALANCE.id,)
        else:
            families += [({}, ("give", "receive"), _picks(mine, theirs, k, k, k))
                         for k in range(1, min(len(mine), len(theirs), EXCHANGE_MAX_CARDS) + 1)]
            point = ()
        for fixed, open_fields, picks in families:
            for forced in ({}, {"forced": False}):
                offered.append(Choice(
                    event=event("exchange", pid, **{"with": other}, **fixed, **forced),
                    label=label, open_fields=open_fields, picks=picks, points=point,
                ))
    return offered


def _forced(state, pid, interpretation) -> list[Choice]:
    as_they_wish = interpretation.option(pts.FORCED_EXCHANGE_TERMS.id) == "as-they-wish"
    mine = hand(state["players"][pid])
    offered = []
    for other in state["order"]:
        if other == pid:
            continue
        theirs = hand(state["players"][other])
        if as_they_wish:
            picks, point = _picks(mine, theirs, 0, 0), (pts.FORCED_EXCHANGE_TERMS.id,)
        elif mine and theirs:
            picks, point = _picks(mine, theirs, 1, 1, 1), ()
        else:
            continue
        offered.append(Choice(
            event=event("exchange", pid, **{"with": other}, forced=True),
            label=f"{name(state, pid)} forces an exchange on {name(state, other)}",
            open_fields=("give", "receive"), picks=picks, points=point,
        ))
    return offered
