"""dylan-dog/dylan-dog-cards: a Dylan Dog card escapes a shadow square, defeats a horror card,
or lifts a player a nightmare card sent into an empty crypt back onto the nightmare plane."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    CRYPT_OF_SQUARE,
    CRYPT_SLOT,
    DIMENSION,
    NIGHTMARE,
    PLANE,
    SQUARE_NAME,
    nightmare_at_slot,
    square_words,
)
from games.dylan_dog.horror_cards import resolve_fight
from games.dylan_dog.passages import DYLAN_DOG_CARDS, HORROR, SHADOW_SQUARES
from games.dylan_dog.state import drop_pending, find_pending, name


def on_play_dylan_dog(state, actor, data, ref):
    """dylan-dog/dylan-dog-cards: shadow squares, horror cards, or out of an empty crypt."""
    who = name(state, actor)
    use = data["use"]
    player = state["players"][actor]
    if player["dylan_dog"] <= 0:
        ref.violation(DYLAN_DOG_CARDS, f"{who} holds no Dylan Dog card")
        return state, f"{who} plays a Dylan Dog card they do not hold (ignored)"
    if use != "climb" and "square" in data:
        ref.violation(DYLAN_DOG_CARDS, f"a Dylan Dog card played against a {use} lands on no "
                      "square: the record names one")
    draft = Draft(state)
    draft.update("players", actor, dylan_dog=player["dylan_dog"] - 1)
    draft.state["dylan_dog_deck"] = state["dylan_dog_deck"] + 1
    if use == "horror":
        fight = state["fight"]
        if fight is None or fight["fighter"] != actor:
            ref.violation(HORROR, f"{who} is not fighting a horror card")
            return state, f"{who} plays a Dylan Dog card against no horror card (ignored)"
        return draft.state, resolve_fight(draft, ref, won=True, dylan_dog=True)
    if state["fight"] is not None:
        ref.violation(HORROR, "a horror card is being fought")
        return state, f"{who} plays a Dylan Dog card during a fight (ignored)"
    if use == "shadow":
        index = find_pending(state, actor, "shadow-trap")
        if index < 0:
            ref.violation(SHADOW_SQUARES, f"{who} is not caught on a shadow square")
            return state, f"{who} plays a Dylan Dog card against no shadow (ignored)"
        drop_pending(draft, index)
        return draft.state, f"{who} escapes the shadow square with a Dylan Dog card"
    return _climb(state, draft, actor, data, ref)


def square_over_crypt(state, crypt: str) -> str:
    return nightmare_at_slot(CRYPT_SLOT[crypt], state["rotation"])


def _climb(state, draft, actor, data, ref):
    who = name(state, actor)
    player = state["players"][actor]
    crypt = CRYPT_OF_SQUARE.get(player["square"])
    if crypt is None or state["crypts"][crypt] > 0 or actor != state["turn"]["player"]:
        ref.violation(DYLAN_DOG_CARDS, f"{who} is not in an empty crypt on their own turn")
        return state, f"{who} climbs out of no empty crypt (ignored)"
    if (
        not player["sent_to_crypt"]
        and ref.consult(
            pts.CLIMB_WHO, "the player walked into the empty crypt: no nightmare card sent them"
        )
        == "sent-by-card-only"
    ):
        ref.violation(
            DYLAN_DOG_CARDS,
            "only a player sent by a nightmare card to an empty crypt may climb out "
            "with a Dylan Dog card",
            point=pts.CLIMB_WHO,
        )
    above = square_over_crypt(state, crypt)
    square = data.get("square") or above
    if PLANE[square] != "nightmare":
        ref.violation(DYLAN_DOG_CARDS, f"{square_words(square)} is not on the nightmare plane")
        square = above
    elif (
        square != above
        and ref.consult(
            pts.CLIMB_SQUARE,
            f"the climb lands on {square_words(square)}, not {square_words(above)} over the crypt"
        )
        == "square-above"
    ):
        ref.violation(
            DYLAN_DOG_CARDS,
            f"the climb lands on {square_words(above)}, the square over the crypt",
            point=pts.CLIMB_SQUARE,
        )
    draft.update("players", actor, square=square, sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[square], by_card=True)
    return draft.state, (f"{who} climbs out of the empty {crypt} crypt to {square_words(square)} with a Dylan "
                         "Dog card")


def offer_play_dylan_dog(at: Offering) -> list[Choice]:
    """A Dylan Dog card played against the horror card one fights, on the shadow square one
    is caught on, or to climb out of an empty crypt (where it lands open)."""
    state = at.state
    fight = state["fight"]
    offered = []
    for pid in state["order"]:
        player = state["players"][pid]
        if player["dylan_dog"] <= 0 or at.viewer not in (None, pid):
            continue
        who = player["name"]
        if fight is not None:
            if fight["fighter"] == pid:
                offered.append(Choice(
                    event("play_dylan_dog", pid, use="horror"),
                    f"{who} plays a Dylan Dog card against {fight['name']}", omitted=("square",)))
            continue
        if find_pending(state, pid, "shadow-trap") >= 0:
            offered.append(Choice(
                event("play_dylan_dog", pid, use="shadow"),
                f"{who} escapes the shadow square with a Dylan Dog card", omitted=("square",),
                spaces=(player["square"],)))
        offered += _climbs(state, pid, at)
    return offered


def _climbs(state, pid, at: Offering) -> list[Choice]:
    player = state["players"][pid]
    crypt = CRYPT_OF_SQUARE.get(player["square"])
    if crypt is None or state["crypts"][crypt] > 0 or pid != state["turn"]["player"]:
        return []
    who_points = () if player["sent_to_crypt"] else (pts.CLIMB_WHO.id,)
    if who_points and at.option(pts.CLIMB_WHO) == "sent-by-card-only":
        return []
    above = square_over_crypt(state, crypt)
    any_square = at.option(pts.CLIMB_SQUARE) == "any-nightmare-square"
    squares = (above, *(sq for sq in NIGHTMARE if sq != above)) if any_square else (above,)
    return [Choice(
        event("play_dylan_dog", pid, use="climb"),
        f"{player['name']} climbs out of the empty crypt of {DIMENSION[crypt]} with a Dylan "
        "Dog card",
        fields=(OpenField("square", one_of(squares, label=SQUARE_NAME.get, space=lambda s: s),
                          prompt="The nightmare square it lands on (the one over the crypt "
                          "when left out)", optional=True),),
        origin=player["square"], spaces=squares,
        points=who_points + ((pts.CLIMB_SQUARE.id,) if any_square else ()))]


RULES = {"play_dylan_dog": (on_play_dylan_dog, offer_play_dylan_dog)}
