"""The hideout: fury-of-dracula/para-3. A hunter who ends his movement in a hideout may be
ambushed (an Encounter there revealed, resolved and discarded at once), or, if Dracula
renounces, may Search; matured effects are ignored either way."""

from __future__ import annotations

from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.common import (
    HIDDEN,
    Tx,
    name,
    place,
    take,
    target,
    trail_entry,
    unchecked,
)


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


def take_encounter(tx: Tx, space, card, ref, cite, discard=True) -> bool:
    n = trail_entry(tx.new, space)
    if n is None:
        ref.violation(P.HIDEOUT, f"no trail card in {place(space)} any more", citations=(cite,))
        return False
    entry = tx.new["dracula"]["trail"][n]
    rest = take(entry["encounters"], card)
    if rest is None:
        ref.violation(P.HIDEOUT, f"no Encounter {card} in {place(space)}", citations=(cite,))
        return False
    if discard:
        dr = tx.dracula()
        trail = list(dr["trail"])
        trail[n] = {**entry, "encounters": rest}
        dr["trail"] = trail
        tx.discards(encounter=1)
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
    tx = Tx(state)
    if data.get("matured"):
        ref.violation(P.HIDEOUT, "an ambush ignores the matured effects", citations=(P.C_MATURED,))
    card = data["encounter"]
    take_encounter(tx, pending["space"], card, ref, P.C_AMBUSH)
    tx.new["hideouts"] = {k: v for k, v in state["hideouts"].items() if k != pid}
    ref.effect("ambush", hunter=pid, encounter=card, space=pending["space"])
    unchecked(ref, f"the effect of the Encounter {card} is not in the excerpts: record its results as events")
    return tx.new, f"Dracula ambushes {name(state, pid)} in {place(pending['space'])} with {card}, then discards it"


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
    tx = Tx(state)
    if data.get("matured"):
        ref.violation(P.HIDEOUT, "a Search ignores the matured effects", citations=(P.C_MATURED,))
    card = card or HIDDEN
    present = take(encounters_at(state, pending["space"]), card) is not None
    discard = present and ref.consult(P.SEARCH_DISCARDS, "an Encounter resolved by a Search") == "discard"
    take_encounter(tx, pending["space"], card, ref, P.C_SEARCH, discard=discard)
    tx.new["hideouts"] = {k: v for k, v in state["hideouts"].items() if k != actor}
    ref.effect("search", hunter=actor, encounter=card, space=pending["space"], discarded=discard)
    unchecked(ref, f"the effect of the Encounter {card} is not in the excerpts: record its results as events")
    return tx.new, f"{who} searches {place(pending['space'])} and resolves the Encounter {card}"
