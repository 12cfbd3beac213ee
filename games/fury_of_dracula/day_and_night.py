"""Time passing: day, dusk, night, dawn. The excerpts name these times (para-2: the deck by
day and by night; para-4: the combat at the next dawn or dusk; para-6: the hospital at dawn)
but not the rounds themselves, so time passes only when the record says so."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.fury_of_dracula import points as P
from games.fury_of_dracula.bites import weakened_check, weakened_kept
from games.fury_of_dracula.combat import start_combat
from games.fury_of_dracula.common import TWILIGHT, name
from games.fury_of_dracula.domains import recorder
from games.fury_of_dracula.state import NEXT_TIME, TIME_WORDS


def hospital_overdue(state) -> list[str]:
    """fury-of-dracula/para-6: at dawn, the hunters defeated before it who are still waiting."""
    if state["time"] != "dawn":
        return []
    return [
        pid for pid in state["hunter_order"]
        if state["hunters"][pid]["defeated"] and state["hunters"][pid]["defeated_at"] < state["tick"]
    ]


def may_pass(state, interpretation) -> tuple[bool, tuple[str, ...]]:
    """Whether time may pass now without a violation, and the point that decided it."""
    if state["combat"] is not None or hospital_overdue(state):
        return False, ()
    return weakened_kept(state, interpretation)


def time_passes(state, actor, data, ref):
    draft = Draft(state)
    said = []
    if state["combat"] is not None:
        ref.violation(
            P.COMBAT,
            "time passes while a combat is under way: it continues until an end condition",
            citations=(P.C_CONTINUES,),
        )
    weakened_check(state, ref)
    for pid in hospital_overdue(state):
        ref.violation(
            P.BITES,
            f"{name(state, pid)} was defeated but not placed in a hospital at dawn",
            citations=(P.C_HOSPITAL,),
        )
    now = state["time"]
    nxt = NEXT_TIME[now]
    draft.state["time"] = nxt
    draft.state["tick"] = state["tick"] + 1
    if state["hideouts"]:
        draft.state["hideouts"] = {}
    said.append(f"{now} gives way to {nxt}")
    if nxt in TWILIGHT and state["dracula"]["combat_due"] is not None and state["combat"] is None:
        said.append(start_combat(draft, ref))
    return draft.state, "; ".join(said)


def offer_time_passes(at: Offering) -> list[Choice]:
    """Time moves on when nothing holds it: no combat under way, nobody overdue for the
    hospital, every INDEBOLITO hunter with his cards revealed."""
    state = at.state
    allowed, points = may_pass(state, at.reading)
    if not allowed:
        return []
    now = state["time"]
    return [Choice(event("time_passes", None),
                   f"Time passes: the {TIME_WORDS[now]} gives way to the {TIME_WORDS[NEXT_TIME[now]]}",
                   fields=(recorder(state),), points=points)]


RULES = {"time_passes": (time_passes, offer_time_passes)}
