"""The hideout: fury-of-dracula/para-3. A hunter who ends his movement in a hideout may be
ambushed (an Encounter there revealed, resolved and discarded at once), or, if Dracula
renounces, may Search; matured effects are ignored either way."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.common import (
    HIDDEN,
    able_hunters,
    add_discards,
    leave_hideout,
    name,
    place,
    take,
    takeable,
    target,
    trail_entry,
    unchecked,
)
from games.fury_of_dracula.domains import ONLY_NO, YES_OR_NO, acting, card_field, which_hunter


def is_hideout(state, space, ref: Referee) -> bool:
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio"."""
    n = trail_entry(state, space)
    if n is None or not state["dracula"]["trail"][n]["encounters"]:
        return False
    if BOARD.kind(space) == "sea":
        return False
    if n == 0:
        return True
    return ref.consult(P.HIDEOUT_MEANING, f"{place(space)} is an older trail city holding an Encounter") == "trail-encounter"


def hideout_of(state, pid, ref, rule, cite, what):
    pending = state["hideouts"].get(pid)
    if pending is None:
        ref.violation(
            rule,
            f"{name(state, pid)} did not end his movement in a hideout, so {what}",
            citations=(P.C_HIDEOUT_END, cite),
        )
    return pending


def take_encounter(draft: Draft, space, card, ref, cite, discard=True) -> bool:
    n = trail_entry(draft.state, space)
    if n is None:
        ref.violation(P.HIDEOUT, f"no trail card in {place(space)} any more", citations=(cite,))
        return False
    entry = draft.state["dracula"]["trail"][n]
    rest = take(entry["encounters"], card)
    if rest is None:
        ref.violation(P.HIDEOUT, f"no Encounter {card} in {place(space)}", citations=(cite,))
        return False
    if discard:
        trail = draft.edit("dracula", "trail")
        trail[n] = {**entry, "encounters": rest}
        add_discards(draft, encounter=1)
    return True


def encounters_at(state, space) -> list[str]:
    """The Encounter cards on the trail card in ``space`` (none if it left the trail)."""
    n = trail_entry(state, space)
    return [] if n is None else state["dracula"]["trail"][n]["encounters"]


# -- the handlers ------------------------------------------------------------------------------


def ambush(state, actor, data, ref):
    """fury-of-dracula/para-3: reveal and resolve an Encounter there, discard it at once."""
    pid = target(state, data, ref, P.HIDEOUT, "be ambushed")
    if pid is None:
        return state, "ambush skipped"
    pending = hideout_of(state, pid, ref, P.HIDEOUT, P.C_AMBUSH, "there is no ambush")
    if pending is None:
        return state, "ambush skipped"
    if pending["renounced"]:
        ref.violation(P.HIDEOUT, "Dracula already renounced the ambush", citations=(P.C_SEARCH,))
        return state, "ambush skipped"
    draft = Draft(state)
    if data.get("matured"):
        ref.violation(P.HIDEOUT, "an ambush ignores the matured effects", citations=(P.C_MATURED,))
    card = data["encounter"]
    take_encounter(draft, pending["space"], card, ref, P.C_AMBUSH)
    leave_hideout(draft, pid)
    ref.effect("ambush", hunter=pid, encounter=card, space=pending["space"])
    unchecked(ref, f"the effect of the Encounter {card} is not in the excerpts: record its results as events")
    return draft.state, f"Dracula ambushes {name(state, pid)} in {place(pending['space'])} with {card}, then discards it"


def renounce(state, actor, data, ref):
    pid = target(state, data, ref, P.HIDEOUT, "be spared an ambush")
    if pid is None:
        return state, "renounce skipped"
    pending = hideout_of(state, pid, ref, P.HIDEOUT, P.C_SEARCH, "there is no ambush to renounce")
    if pending is None:
        return state, "renounce skipped"
    new = dict(state)
    new["hideouts"] = {**state["hideouts"], pid: {**pending, "renounced": True}}
    return new, f"Dracula renounces ambushing {name(state, pid)}; he may Search"


def search(state, actor, data, ref):
    """fury-of-dracula/para-3: the Search action resolves the Encounter once Dracula renounced."""
    who = name(state, actor)
    card = data.get("encounter")
    pending = state["hideouts"].get(actor)
    if pending is None:
        if card is not None:
            ref.violation(
                P.HIDEOUT,
                f"{who} is not in a hideout after his movement: no Encounter to resolve",
                citations=(P.C_HIDEOUT_END, P.C_SEARCH),
            )
            return state, f"{who} searches: skipped"
        unchecked(ref, "a Search outside a hideout is not in the excerpts")
        return state, f"{who} searches"
    if not pending["renounced"] and ref.consult(
        P.SEARCH_NEEDS_RENOUNCE, "Search before a recorded renounce"
    ) == "explicit":
        ref.violation(
            P.HIDEOUT, "the hunter may Search only after Dracula renounces the ambush",
            point=P.SEARCH_NEEDS_RENOUNCE,
        )
    draft = Draft(state)
    if data.get("matured"):
        ref.violation(P.HIDEOUT, "a Search ignores the matured effects", citations=(P.C_MATURED,))
    card = card or HIDDEN
    present = take(encounters_at(state, pending["space"]), card) is not None
    discard = present and ref.consult(P.SEARCH_DISCARDS, "an Encounter resolved by a Search") == "discard"
    take_encounter(draft, pending["space"], card, ref, P.C_SEARCH, discard=discard)
    leave_hideout(draft, actor)
    ref.effect("search", hunter=actor, encounter=card, space=pending["space"], discarded=discard)
    unchecked(ref, f"the effect of the Encounter {card} is not in the excerpts: record its results as events")
    return draft.state, f"{who} searches {place(pending['space'])} and resolves the Encounter {card}"


# -- what may come next ------------------------------------------------------------------------

MATURED_IGNORED = OpenField("matured", ONLY_NO, optional=True,
                            prompt="Its matured effect applied (effetti maturati are ignored)")
MATURED_AS_READ = OpenField("matured", YES_OR_NO, optional=True,
                            prompt="A matured effect named (not refereed outside a hideout)")


def _waiting(state) -> list[tuple[str, dict]]:
    """The hunters waiting in a hideout (rifugio) for Dracula's ambush or renounce, in seat
    order (a defeated hunter leaves his hideout)."""
    hideouts = state["hideouts"]
    return [(pid, hideouts[pid]) for pid in state["hunter_order"]
            if pid in hideouts and not state["hunters"][pid]["defeated"]]


def _hidden_encounters(state, space) -> tuple[list[str], bool] | None:
    """What a rule accepts as the Encounter in ``space``: its names, and whether any name is
    accepted; for a seat who does not see the trail card there (his view shows '?'), any
    name. None: no Encounter is there."""
    if trail_entry(state, space) is None:
        if any(entry["space"] == HIDDEN for entry in state["dracula"]["trail"]):
            return [], True
        return None
    found = takeable(encounters_at(state, space))
    return found if found[0] else None


def offer_ambush(at: Offering) -> list[Choice]:
    """Dracula may ambush each hunter waiting in a hideout, with an Encounter card there, unless
    he already renounced; the matured effect ignored."""
    state = at.state
    found = []
    for pid, pending in _waiting(state):
        if pending["renounced"]:
            continue
        space = pending["space"]
        accepted = _hidden_encounters(state, space)
        if accepted is None:
            continue
        card = card_field("encounter", "The Encounter card revealed (carta Incontro)", accepted)
        found.append(Choice(
            event("ambush", state["dracula_player"], hunter=pid),
            f"Dracula ambushes {name(state, pid)} in {place(space)} (tende un’imboscata), "
            "revealing and resolving an Encounter there",
            fields=(card, MATURED_IGNORED), spaces=(space,), target=space,
        ))
    return found


def offer_renounce(at: Offering) -> list[Choice]:
    """Dracula may renounce (rinunciare) the ambush of any hunter waiting in a hideout."""
    state = at.state
    waiting = [pid for pid, _pending in _waiting(state)]
    if not waiting:
        return []
    return [Choice(event("renounce", state["dracula_player"]),
                   "Dracula renounces ambushing a hunter in a hideout (rinuncia)",
                   fields=(which_hunter(state, waiting, "Which hunter he spares"),),
                   spaces=tuple(dict.fromkeys(state["hideouts"][pid]["space"] for pid in waiting)))]


def offer_search(at: Offering) -> list[Choice]:
    """The action Cerca: in a hideout once Dracula renounced (or as search-needs-renounce
    reads a Search with no renounce), resolving an Encounter there, which a hunter who does not
    see the trail card names as he reads it; outside a hideout, a Search the excerpts do not
    give, naming no Encounter."""
    state = at.state
    reading = at.option(P.SEARCH_NEEDS_RENOUNCE)
    found, elsewhere = [], []
    for pid in able_hunters(state):
        pending = state["hideouts"].get(pid)
        if pending is None:
            elsewhere.append(pid)
            continue
        if not pending["renounced"] and reading == "explicit":
            continue
        space = pending["space"]
        accepted = _hidden_encounters(state, space)
        if accepted is None:
            continue
        card = card_field("encounter", "The Encounter resolved (carta Incontro), as read",
                          accepted, optional=True)
        points = () if pending["renounced"] else (P.SEARCH_NEEDS_RENOUNCE.id,)
        found.append(Choice(
            event("search", pid),
            f"{name(state, pid)} takes the action Cerca in the hideout at {place(space)} and "
            "resolves an Encounter there",
            fields=(card, MATURED_IGNORED), spaces=(space,), origin=space, points=points,
        ))
    if elsewhere:
        found.append(Choice(event("search", None),
                            "A hunter takes the action Cerca outside a hideout (not in the excerpts)",
                            fields=(acting(state, elsewhere), MATURED_AS_READ),
                            omitted=("encounter",)))
    return found


RULES = {
    "ambush": (ambush, offer_ambush),
    "renounce": (renounce, offer_renounce),
    "search": (search, offer_search),
}
