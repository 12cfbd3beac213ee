"""Bites, WEAKENED, defeat and the hospital: fury-of-dracula/para-6."""

from __future__ import annotations

from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.combat import check_all_out, mark_out
from games.fury_of_dracula.common import HIDDEN, Tx, name, place, target, unchecked

# How many bite tokens a sheet holds under each reading of bite-spaces (None: no limit the
# engine knows; a defeat for want of room is recorded as hunter_defeated).
BITE_SPACES = {"as-recorded": None, "one": 1, "two": 2, "three": 3}


def has_room(state, pid, interpretation) -> tuple[bool, tuple[str, ...]]:
    """Whether ``pid`` has room on his sheet for one more bite token, and the point read."""
    bites = state["hunters"][pid]["bites"]
    if bites < 1:
        return True, ()
    spaces = BITE_SPACES[interpretation.option(P.BITE_SPACES.id)]
    return spaces is None or bites < spaces, (P.BITE_SPACES.id,)


def reveal(tx: Tx, pid, kind, card, ref: Referee) -> str:
    """fury-of-dracula/para-6: a card a WEAKENED hunter keeps revealed must be one he holds."""
    h = tx.hunter(pid)
    hand, shown = h[kind], h[f"shown_{kind}"]
    if hand.count(card) > shown.count(card):
        pass
    elif card != HIDDEN and hand.count(HIDDEN) > shown.count(HIDDEN):
        i = hand.index(HIDDEN)  # an unseen card turns out to be this one
        h[kind] = hand[:i] + [card] + hand[i + 1 :]
    else:
        ref.violation(
            P.BITES,
            f"{name(tx.new, pid)} cannot keep revealed a {kind[:-1]} card he does not hold ({card})",
            citations=(P.C_WEAKENED,),
        )
        return f"nothing ({card} not held)"
    h[f"shown_{kind}"] = shown + [card]
    ref.effect("card-revealed", hunter=pid, card_kind=kind[:-1], card=card)
    return f"the {kind[:-1]} card {card}"


def revealable(hunter, kind) -> tuple[list[str], bool]:
    """The cards of ``kind`` that :func:`reveal` accepts from this hunter, and whether any
    name is accepted (he holds an unseen card not yet revealed)."""
    hand, shown = hunter[kind], hunter[f"shown_{kind}"]
    names = sorted({card for card in hand if hand.count(card) > shown.count(card)})
    return names, hand.count(HIDDEN) > shown.count(HIDDEN)


def defeat(tx: Tx, pid: str, ref: Referee, cause: str) -> str:
    """fury-of-dracula/para-6: discards, returned tokens, hospital at dawn."""
    h = tx.hunter(pid)
    if h["weakened"]:
        after = ref.consult(P.WEAKENED_AFTER_DEFEAT, "a WEAKENED hunter is defeated and returns his bite tokens")
        h["weakened"] = after == "stays-weakened"
    tx.discards(event=len(h["events"]), item=len(h["items"]))
    tx.new["tickets_returned"] = tx.new["tickets_returned"] + len(h["tickets"])
    ref.effect(
        "defeated",
        hunter=pid,
        cause=cause,
        discarded_events=len(h["events"]),
        discarded_items=len(h["items"]),
        returned_tickets=len(h["tickets"]),
        returned_bites=h["bites"],
        returned_damage=h["damage"],
    )
    h.update(
        events=[], items=[], shown_events=[], shown_items=[], tickets=[], bites=0,
        damage=0, defeated=True, defeated_at=tx.new["tick"], defeated_in=h["space"],
        space=None,
    )
    if pid in tx.new["hideouts"]:
        tx.new["hideouts"] = {k: v for k, v in tx.new["hideouts"].items() if k != pid}
    mark_out(tx, pid, "defeated")
    said = f"{name(tx.new, pid)} is defeated ({cause}): discards his cards and returns his tokens"
    ended = check_all_out(tx, ref)
    return f"{said}; {ended}" if ended else said


def weakened_check(state, ref: Referee) -> None:
    """fury-of-dracula/para-6: a WEAKENED hunter keeps an event and an item card revealed."""
    for pid in state["hunter_order"]:
        h = state["hunters"][pid]
        if not h["weakened"] or h["defeated"]:
            continue
        for kind in ("events", "items"):
            shown = len(h[f"shown_{kind}"])
            if h[kind] and not shown:
                ref.violation(
                    P.BITES,
                    f"{name(state, pid)} is WEAKENED but keeps no {kind[:-1]} card revealed",
                    citations=(P.C_WEAKENED,),
                )
            elif shown > 1 and ref.consult(
                P.WEAKENED_REVEAL_COUNT, f"{name(state, pid)} shows {shown} {kind}"
            ) == "exactly-one":
                ref.violation(
                    P.BITES,
                    f"{name(state, pid)} keeps {shown} {kind} revealed, not one",
                    point=P.WEAKENED_REVEAL_COUNT,
                )


def weakened_kept(state, interpretation) -> tuple[bool, tuple[str, ...]]:
    """Whether every WEAKENED hunter keeps his cards revealed as :func:`weakened_check`
    wants, and the point that decided it."""
    points: tuple[str, ...] = ()
    for pid in state["hunter_order"]:
        h = state["hunters"][pid]
        if not h["weakened"] or h["defeated"]:
            continue
        for kind in ("events", "items"):
            shown = len(h[f"shown_{kind}"])
            if h[kind] and not shown:
                return False, ()
            if shown > 1:
                if interpretation.option(P.WEAKENED_REVEAL_COUNT.id) == "exactly-one":
                    return False, ()
                points = (P.WEAKENED_REVEAL_COUNT.id,)
    return True, points


# -- the handlers ------------------------------------------------------------------------------


def bite(state, actor, data, ref):
    """fury-of-dracula/para-6: "Quando viene morso, un cacciatore mette un segnalino morso sulla
    propria scheda e diventa INDEBOLITO"; no room for the token: defeated."""
    pid = target(state, data, ref, P.BITES, "be bitten")
    if pid is None:
        return state, "bite skipped"
    tx = Tx(state)
    h = tx.hunter(pid)
    who = name(state, pid)
    combat = state["combat"]
    if not (combat and pid in combat["hunters"]):
        unchecked(ref, "a bite outside combat: its cause (an Encounter?) is not in the excerpts")
    room = True
    if h["bites"] >= 1:
        spaces = BITE_SPACES[ref.consult(P.BITE_SPACES, f"{who} already has {h['bites']} bite token(s)")]
        room = spaces is None or h["bites"] < spaces
    if not room:
        ref.effect("no-room-for-bite", hunter=pid)
        return tx.new, defeat(tx, pid, ref, "no room for a bite token")
    h["bites"] = h["bites"] + 1
    h["weakened"] = True
    ref.effect("bitten", hunter=pid, bites=h["bites"])
    said = [f"{who} is bitten ({h['bites']} bite token(s)) and is WEAKENED"]
    for field, kind in (("reveal_event", "events"), ("reveal_item", "items")):
        if field in data:
            said.append("reveals " + reveal(tx, pid, kind, data[field], ref))
    mark_out(tx, pid, "bitten")
    ended = check_all_out(tx, ref)
    if ended:
        said.append(ended)
    return tx.new, "; ".join(said)


def reveal_card(state, actor, data, ref):
    """fury-of-dracula/para-6: the cards a WEAKENED hunter keeps revealed."""
    tx = Tx(state)
    kind = "events" if data["kind"] == "event" else "items"
    who = name(state, actor)
    said = reveal(tx, actor, kind, data["card"], ref)
    if not state["hunters"][actor]["weakened"]:
        unchecked(ref, f"{who} is not WEAKENED: why he reveals a card is not in the excerpts")
    return tx.new, f"{who} reveals {said}"


def damage(state, actor, data, ref):
    pid = target(state, data, ref, P.BITES, "take damage")
    if pid is None:
        return state, "damage skipped"
    tx = Tx(state)
    h = tx.hunter(pid)
    h["damage"] = h["damage"] + data["amount"]
    unchecked(ref, "health and damage are not in the excerpts: record a defeat by damage as hunter_defeated")
    return tx.new, f"{name(state, pid)} takes {data['amount']} damage"


def hunter_defeated(state, actor, data, ref):
    pid = target(state, data, ref, P.BITES, "be defeated")
    if pid is None:
        return state, "defeat skipped"
    tx = Tx(state)
    cause = data.get("cause") or "as recorded"
    unchecked(ref, f"a defeat by {cause} follows the full game's rules, not the excerpts")
    return tx.new, defeat(tx, pid, ref, cause)


def hospital_allowed(state, pid, interpretation) -> tuple[list[str] | None, tuple[str, ...]]:
    """Where a defeated hunter may be placed now (None: any space), and the points read;
    an empty list when he may not be placed now."""
    h = state["hunters"].get(pid)
    if h is None or not h["defeated"] or state["time"] != "dawn":
        return [], ()
    points: tuple[str, ...] = ()
    if h["defeated_at"] == state["tick"]:
        points = (P.HOSPITAL_DAWN.id,)
        if interpretation.option(P.HOSPITAL_DAWN.id) == "following":
            return [], points
    points += (P.HOSPITAL_SPACE.id,)
    which = interpretation.option(P.HOSPITAL_SPACE.id)
    if which == "as-recorded":
        return None, points
    if which == "nearest-hospital":
        return BOARD.nearest_hospitals(h["defeated_in"]), points
    return list(BOARD.hospitals), points


def hospital(state, actor, data, ref):
    """fury-of-dracula/para-6: "all’alba, viene collocato in uno spazio ospedale"."""
    pid = data["hunter"]
    h0 = state["hunters"].get(pid)
    space = data["space"]
    if h0 is None or not h0["defeated"]:
        ref.violation(P.BITES, f"only a defeated hunter goes to a hospital ({pid})", citations=(P.C_HOSPITAL,))
        return state, "hospital skipped"
    who = name(state, pid)
    if state["time"] != "dawn":
        ref.violation(P.BITES, f"{who} is placed in a hospital at {state['time']}, not at dawn", citations=(P.C_HOSPITAL,))
    elif h0["defeated_at"] == state["tick"] and ref.consult(
        P.HOSPITAL_DAWN, f"{who} was defeated during this dawn"
    ) == "following":
        ref.violation(P.BITES, f"{who} was defeated during this dawn: the hospital waits for the next", point=P.HOSPITAL_DAWN)
    which = ref.consult(P.HOSPITAL_SPACE, "a defeated hunter goes to a hospital")
    if which == "as-recorded":
        unchecked(ref, f"{place(space)} taken as the hospital the full rules describe")
    elif which == "any-hospital" and space not in BOARD.hospitals:
        ref.violation(P.BITES, f"{place(space)} is not a hospital space", point=P.HOSPITAL_SPACE)
    elif which == "nearest-hospital":
        nearest = BOARD.nearest_hospitals(h0["defeated_in"])
        if space not in nearest:
            ref.violation(P.BITES, f"{place(space)} is not the hospital nearest to {place(h0['defeated_in'])} ({', '.join(map(place, nearest))})", point=P.HOSPITAL_SPACE)
    tx = Tx(state)
    h = tx.hunter(pid)
    h.update(space=space, defeated=False, defeated_at=None, defeated_in=None)
    ref.effect("hospital", hunter=pid, space=space)
    return tx.new, f"{who} is placed in the hospital at {place(space)}"
