"""Preparation (gothic/preparation): "The players choose a pawn each and assemble outside the
West Gate. Trembling, they throw the die to decide who enters first."."""

from __future__ import annotations

from games.core.draft import Draft
from games.gothic import points as P
from games.gothic.state import name_of
from games.gothic.turns import begin_go


def entry_throw_due(state, actor) -> bool:
    """Whether ``actor`` has a throw to make to decide who enters first."""
    return actor in state["contenders"] and actor not in state["order_throws"]


def entry_throw(draft: Draft, ref, actor, value):
    """One player's throw to decide who enters first; the highest enters (ties: a point)."""
    state, name = draft.state, name_of(draft.state, actor)
    throws = {**state["order_throws"], actor: value}
    state["order_throws"] = throws
    ref.effect("throw", player=actor, value=value)
    if len(throws) < len(state["contenders"]):
        return f"{name} throws a {value} to decide who enters first"
    top = max(throws.values())
    tied = [pid for pid in state["seats"] if throws.get(pid) == top]
    if (
        len(tied) > 1
        and ref.consult(P.ENTRY_TIES, f"{len(tied)} players tie with {top}") == "rethrow-tied"
    ):
        state["contenders"] = tied
        state["order_throws"] = {}
        return (f"{name} throws a {value}; " + ", ".join(name_of(state, t) for t in tied)
                + " throw again")
    first = tied[0]
    state["contenders"] = []
    state["order_throws"] = {}
    state["goes"] = 0
    begin_go(draft, first)
    return f"{name} throws a {value}; {name_of(state, first)} enters first"
