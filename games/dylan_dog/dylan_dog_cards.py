"""dylan-dog/dylan-dog-cards: a Dylan Dog card escapes a shadow square, defeats a horror card,
or lifts a player a nightmare card sent into an empty crypt back onto the nightmare plane."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    CRYPT_OF_SQUARE,
    CRYPT_SLOT,
    DIMENSION,
    NIGHTMARE,
    PLANE,
    SQUARE_NAME,
    nightmare_at_slot,
)
from games.dylan_dog.horror_cards import resolve_fight
from games.dylan_dog.passages import P
from games.dylan_dog.state import drop_pending, find_pending, name, with_player


def on_play_dylan_dog(state, actor, data, ref):
    """dylan-dog/dylan-dog-cards: shadow squares, horror cards, or out of an empty crypt."""
    who = name(state, actor)
    use = data["use"]
    player = state["players"][actor]
    if player["dylan_dog"] <= 0:
        ref.violation(P + "dylan-dog-cards", f"{who} holds no Dylan Dog card")
        return state, f"{who} plays a Dylan Dog card they do not hold (ignored)"
    spent = with_player(state, actor, dylan_dog=player["dylan_dog"] - 1)
    spent["dylan_dog_deck"] = state["dylan_dog_deck"] + 1
    if use == "horror":
        fight = state["fight"]
        if fight is None or fight["fighter"] != actor:
            ref.violation(P + "horror-cards", f"{who} is not fighting a horror card")
            return state, f"{who} plays a Dylan Dog card against no horror card (ignored)"
        return resolve_fight(spent, ref, won=True, dylan_dog=True)
    if state["fight"] is not None:
        ref.violation(P + "horror-cards", "a horror card is being fought")
        return state, f"{who} plays a Dylan Dog card during a fight (ignored)"
    if use == "shadow":
        index = find_pending(state, actor, "shadow-trap")
        if index < 0:
            ref.violation(P + "shadow-squares", f"{who} is not caught on a shadow square")
            return state, f"{who} plays a Dylan Dog card against no shadow (ignored)"
        return drop_pending(spent, index), f"{who} escapes the shadow square with a Dylan Dog card"
    return _climb(state, spent, actor, data, ref)


def square_over_crypt(state, crypt: str) -> str:
    return nightmare_at_slot(CRYPT_SLOT[crypt], state["rotation"])


def _climb(state, spent, actor, data, ref):
    who = name(state, actor)
    player = state["players"][actor]
    crypt = CRYPT_OF_SQUARE.get(player["square"])
    if crypt is None or state["crypts"][crypt] > 0 or actor != state["turn"]["player"]:
        ref.violation(P + "dylan-dog-cards", f"{who} is not in an empty crypt on their own turn")
        return state, f"{who} climbs out of no empty crypt (ignored)"
    if (
        not player["sent_to_crypt"]
        and ref.consult(
            pts.CLIMB_WHO, "the player walked into the empty crypt: no nightmare card sent them"
        )
        == "sent-by-card-only"
    ):
        ref.violation(
            P + "dylan-dog-cards",
            "only a player sent by a nightmare card to an empty crypt may climb out "
            "with a Dylan Dog card",
            point=pts.CLIMB_WHO,
        )
    above = square_over_crypt(state, crypt)
    square = data.get("square") or above
    if PLANE[square] != "nightmare":
        ref.violation(P + "dylan-dog-cards", f"{square} is not on the nightmare plane")
        square = above
    elif (
        square != above
        and ref.consult(
            pts.CLIMB_SQUARE, f"the climb lands on {square}, not {above} over the crypt"
        )
        == "square-above"
    ):
        ref.violation(
            P + "dylan-dog-cards",
            f"the climb lands on {above}, the square over the crypt",
            point=pts.CLIMB_SQUARE,
        )
    new = with_player(spent, actor, square=square, sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[square], by_card=True)
    return new, f"{who} climbs out of the empty {crypt} crypt to {square} with a Dylan Dog card"


def offer_play_dylan_dog(state, interpretation) -> list[Choice]:
    """A Dylan Dog card played against the horror card one fights, on the shadow square one
    is caught on, or to climb out of an empty crypt."""
    fight = state["fight"]
    offered = []
    for pid, player in state["players"].items():
        if player["dylan_dog"] <= 0:
            continue
        who = player["name"]
        if fight is not None:
            if fight["fighter"] == pid:
                offered.append(Choice(
                    event=event("play_dylan_dog", pid, use="horror"),
                    label=f"{who} plays a Dylan Dog card against {fight['name']}",
                    optional_fields=("square",),
                ))
            continue
        if any(i["player"] == pid and i["kind"] == "shadow-trap" for i in state["pending"]):
            offered.append(Choice(
                event=event("play_dylan_dog", pid, use="shadow"),
                label=f"{who} escapes the shadow square with a Dylan Dog card",
                optional_fields=("square",), spaces=(player["square"],),
            ))
        offered += _climbs(state, pid, interpretation)
    return offered


def _climbs(state, pid, interpretation) -> list[Choice]:
    player = state["players"][pid]
    crypt = CRYPT_OF_SQUARE.get(player["square"])
    if crypt is None or state["crypts"][crypt] > 0 or pid != state["turn"]["player"]:
        return []
    who_points = () if player["sent_to_crypt"] else (pts.CLIMB_WHO.id,)
    if who_points and interpretation.option(pts.CLIMB_WHO.id) == "sent-by-card-only":
        return []
    above = square_over_crypt(state, crypt)
    any_square = interpretation.option(pts.CLIMB_SQUARE.id) == "any-nightmare-square"
    landings = [(None, above, ()), (above, above, ())]
    if any_square:
        landings += [(sq, sq, (pts.CLIMB_SQUARE.id,)) for sq in NIGHTMARE if sq != above]
    return [
        Choice(
            event=event("play_dylan_dog", pid, use="climb",
                        **({} if named is None else {"square": named})),
            label=f"{player['name']} climbs out of the empty crypt of {DIMENSION[crypt]} "
            f"onto {SQUARE_NAME[square]} with a Dylan Dog card",
            spaces=(square,), points=who_points + points,
        )
        for named, square, points in landings
    ]
