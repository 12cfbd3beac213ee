"""Bites, WEAKENED, defeat and the hospital: fury-of-dracula/para-6."""

from __future__ import annotations

from games.core.choices import Choice, Number, OneOf, OpenField, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.cards import KIND
from games.fury_of_dracula.combat import check_all_out, mark_out
from games.fury_of_dracula.common import (
    HIDDEN,
    able_hunters,
    add_discards,
    leave_hideout,
    name,
    place,
    target,
    unchecked,
)
from games.fury_of_dracula.domains import (
    EVERY_SPACE,
    acting,
    card_field,
    in_play,
    read,
    recorder,
    which_hunter,
)

# How many bite tokens a sheet holds under each reading of bite-spaces (None: no limit the
# engine knows; a defeat for want of room is recorded as hunter_defeated).
BITE_SPACES = {"as-recorded": None, "one": 1, "two": 2, "three": 3}
CARD_KINDS = (("events", "event", "reveal_event"), ("items", "item", "reveal_item"))


def has_room(state, pid, interpretation) -> tuple[bool, tuple[str, ...]]:
    """Whether ``pid`` has room on his sheet for one more bite token, and the point read."""
    bites = state["hunters"][pid]["bites"]
    if bites < 1:
        return True, ()
    spaces = BITE_SPACES[interpretation.option(P.BITE_SPACES.id)]
    return spaces is None or bites < spaces, (P.BITE_SPACES.id,)


def reveal(draft: Draft, pid, kind, card, ref: Referee, *, obliged: bool = True) -> str:
    """fury-of-dracula/para-6: a card a WEAKENED hunter keeps revealed must be one he holds
    (``obliged``); a hunter who is not reveals for a reason the excerpts do not give, and a
    card he does not hold is then noted, as a discard of one is."""
    h = draft.edit("hunters", pid)
    hand, shown = h[kind], h[f"shown_{kind}"]
    if hand.count(card) > shown.count(card):
        pass
    elif card != HIDDEN and hand.count(HIDDEN) > shown.count(HIDDEN):
        i = hand.index(HIDDEN)  # an unseen card turns out to be this one
        h[kind] = hand[:i] + [card] + hand[i + 1 :]
    elif obliged:
        ref.violation(
            P.BITES,
            f"{name(draft.state, pid)} cannot keep revealed a {kind[:-1]} card he does not hold ({card})",
            citations=(P.C_WEAKENED,),
        )
        return f"nothing ({card} not held)"
    else:
        unchecked(ref, f"{name(draft.state, pid)} does not hold the {kind[:-1]} card {card}: nothing revealed")
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


def defeat(draft: Draft, pid: str, ref: Referee, cause: str) -> str:
    """fury-of-dracula/para-6: discards, returned tokens, hospital at dawn."""
    h = draft.edit("hunters", pid)
    if h["weakened"]:
        after = ref.consult(P.WEAKENED_AFTER_DEFEAT, "a WEAKENED hunter is defeated and returns his bite tokens")
        h["weakened"] = after == "stays-weakened"
    add_discards(draft, event=len(h["events"]), item=len(h["items"]))
    draft.state["tickets_returned"] = draft.state["tickets_returned"] + len(h["tickets"])
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
        damage=0, defeated=True, defeated_at=draft.state["tick"], defeated_in=h["space"],
        space=None,
    )
    leave_hideout(draft, pid)
    mark_out(draft, pid, "defeated")
    said = f"{name(draft.state, pid)} is defeated ({cause}): discards his cards and returns his tokens"
    ended = check_all_out(draft, ref)
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
    draft = Draft(state)
    h = draft.edit("hunters", pid)
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
        return draft.state, defeat(draft, pid, ref, "no room for a bite token")
    h["bites"] = h["bites"] + 1
    h["weakened"] = True
    ref.effect("bitten", hunter=pid, bites=h["bites"])
    said = [f"{who} is bitten ({h['bites']} bite token(s)) and is WEAKENED"]
    for field, kind in (("reveal_event", "events"), ("reveal_item", "items")):
        if field in data:
            said.append("reveals " + reveal(draft, pid, kind, data[field], ref))
    mark_out(draft, pid, "bitten")
    ended = check_all_out(draft, ref)
    if ended:
        said.append(ended)
    return draft.state, "; ".join(said)


def reveal_card(state, actor, data, ref):
    """fury-of-dracula/para-6: the cards a WEAKENED hunter keeps revealed."""
    draft = Draft(state)
    kind = "events" if data["kind"] == "event" else "items"
    who = name(state, actor)
    weakened = state["hunters"][actor]["weakened"]
    said = reveal(draft, actor, kind, data["card"], ref, obliged=weakened)
    if not weakened:
        unchecked(ref, f"{who} is not WEAKENED: why he reveals a card is not in the excerpts")
    return draft.state, f"{who} reveals {said}"


def damage(state, actor, data, ref):
    pid = target(state, data, ref, P.BITES, "take damage")
    if pid is None:
        return state, "damage skipped"
    draft = Draft(state)
    h = draft.edit("hunters", pid)
    h["damage"] = h["damage"] + data["amount"]
    unchecked(ref, "health and damage are not in the excerpts: record a defeat by damage as the hunter's defeat")
    return draft.state, f"{name(state, pid)} takes {data['amount']} damage"


def hunter_defeated(state, actor, data, ref):
    pid = target(state, data, ref, P.BITES, "be defeated")
    if pid is None:
        return state, "defeat skipped"
    draft = Draft(state)
    cause = data.get("cause") or "as recorded"
    unchecked(ref, f"a defeat by {cause} follows the full game's rules, not the excerpts")
    return draft.state, defeat(draft, pid, ref, cause)


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
    draft = Draft(state)
    draft.update("hunters", pid, space=space, defeated=False, defeated_at=None, defeated_in=None)
    ref.effect("hospital", hunter=pid, space=space)
    return draft.state, f"{who} is placed in the hospital at {place(space)}"


# -- what may come next ------------------------------------------------------------------------


def offer_bite(at: Offering) -> list[Choice]:
    """Any hunter not defeated may be bitten (morso): in a combat, or for a cause the excerpts
    do not give. The cards he reveals then, if the record names them, are among those he holds
    (his hand as the recording seat sees it); with no room for the token (bite-spaces) he is
    defeated instead and what the record names is not refereed."""
    state = at.state
    found = []
    for pid in able_hunters(state):
        hunter = state["hunters"][pid]
        room, points = has_room(state, pid, at.reading)
        if room:
            label = f"{name(state, pid)} is bitten (morso) and becomes INDEBOLITO"
            reveals = tuple(
                field for kind, word, key in CARD_KINDS
                if (field := card_field(key, f"The {word} card he reveals", revealable(hunter, kind),
                                        optional=True)) is not None)
            omitted = tuple(key for key in ("reveal_event", "reveal_item")
                            if key not in {f.name for f in reveals})
        else:
            label = (f"{name(state, pid)} is bitten (morso) with no room for the token on his "
                     "sheet (scheda): he is defeated (sconfitto)")
            reveals = tuple(read(key, f"The {word} card named (not refereed)", optional=True)
                            for _kind, word, key in CARD_KINDS)
            omitted = ()
        found.append(Choice(event("bite", None, hunter=pid), label,
                            fields=(recorder(state), *reveals), omitted=omitted, points=points))
    return found


def offer_reveal_card(at: Offering) -> list[Choice]:
    """A hunter INDEBOLITO keeps revealed (rivelata) a card he holds and has not yet revealed,
    as para-6 obliges him: one choice per hunter and kind. Any other hunter reveals for a
    reason the excerpts do not give, any card as read (one he does not hold is noted): one
    choice for them all."""
    state = at.state
    found, others = [], []
    for pid in able_hunters(state):
        hunter = state["hunters"][pid]
        if not hunter["weakened"]:
            others.append(pid)
            continue
        for kind, word, _key in CARD_KINDS:
            card = card_field("card", f"Which {word} card", revealable(hunter, kind))
            if card is not None:
                found.append(Choice(
                    event("reveal_card", pid, kind=word),
                    f"{name(state, pid)}, INDEBOLITO, keeps one of his {word} cards revealed "
                    "(rivelata)", fields=(card,)))
    if others:
        card = read("card", "Which card, as read", in_play(state, "events", "items"))
        found.append(Choice(event("reveal_card", None),
                            "A hunter reveals one of his cards (not INDEBOLITO: not in the excerpts)",
                            fields=(acting(state, others), KIND, card)))
    return found


AMOUNT = OpenField("amount", Number(1, 20), prompt="How many damage tokens (segnalini danno)")


def offer_damage(at: Offering) -> list[Choice]:
    """A hunter not defeated takes damage (health is not in the excerpts)."""
    state = at.state
    hunters = able_hunters(state)
    if not hunters:
        return []
    return [Choice(event("damage", None), "A hunter takes damage (segnalini danno)",
                   fields=(recorder(state), which_hunter(state, hunters), AMOUNT))]


def offer_hunter_defeated(at: Offering) -> list[Choice]:
    """A hunter not defeated is defeated (sconfitto) for a cause of the full game, such as
    damage, which the excerpts do not model: one choice, the hunter and the cause open."""
    state = at.state
    hunters = able_hunters(state)
    if not hunters:
        return []
    cause = read("cause", "The cause, as the record gives it", ("damage",), optional=True)
    return [Choice(event("hunter_defeated", None),
                   "A hunter is defeated (sconfitto) for a cause of the full game",
                   fields=(recorder(state), which_hunter(state, hunters), cause))]


def offer_hospital(at: Offering) -> list[Choice]:
    """At dawn a defeated hunter is placed on a hospital space (spazio ospedale): which spaces,
    and whether one defeated during this dawn waits for the next, as the points read."""
    state = at.state
    groups: dict[tuple, tuple[list[str], set[str]]] = {}
    for pid in state["hunter_order"]:
        spaces, points = hospital_allowed(state, pid, at.reading)
        if spaces == []:
            continue
        key = tuple(spaces) if spaces is not None else None
        hunters, read_points = groups.setdefault(key, ([], set()))
        hunters.append(pid)
        read_points.update(points)
    found = []
    for spaces, (hunters, points) in groups.items():
        where = EVERY_SPACE if spaces is None else OneOf(
            spaces, labels=tuple(BOARD.name(s) for s in spaces), spaces=spaces)
        found.append(Choice(
            event("hospital", None),
            "A defeated hunter is placed on a hospital space (spazio ospedale) at dawn",
            fields=(recorder(state), which_hunter(state, hunters),
                    OpenField("space", where, prompt="Which hospital space")),
            spaces=spaces or (), points=tuple(sorted(points))))
    return found


RULES = {
    "bite": (bite, offer_bite),
    "reveal_card": (reveal_card, offer_reveal_card),
    "damage": (damage, offer_damage),
    "hunter_defeated": (hunter_defeated, offer_hunter_defeated),
    "hospital": (hospital, offer_hospital),
}
