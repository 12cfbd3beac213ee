"""Preparation (gothic/preparation): "The players choose a pawn each and assemble outside the
West Gate. Trembling, they throw the die to decide who enters first."."""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.turns import begin_go
from games.gothic.work import Work, name_of


def entry_throw(w: Work, ref, actor, value):
    """One player's throw to decide who enters first; the highest enters (ties: a point)."""
    s, name = w.s, name_of(w.s, actor)
    if actor not in s["contenders"] or actor in s["order_throws"]:
        ref.violation("gothic/preparation", f"{name} has no throw due to decide who enters first")
        return None
    throws = {**s["order_throws"], actor: value}
    s["order_throws"] = throws
    ref.effect("throw", player=actor, value=value)
    if len(throws) < len(s["contenders"]):
        return f"{name} throws a {value} to decide who enters first"
    top = max(throws.values())
    tied = [pid for pid in s["seats"] if throws.get(pid) == top]
    if (
        len(tied) > 1
        and ref.consult(P.ENTRY_TIES, f"{len(tied)} players tie with {top}") == "rethrow-tied"
    ):
        s["contenders"] = tied
        s["order_throws"] = {}
        return f"{name} throws a {value}; " + ", ".join(name_of(s, t) for t in tied) + " throw again"
    first = tied[0]
    s["contenders"] = []
    s["order_throws"] = {}
    s["goes"] = 0
    begin_go(w, first)
    return f"{name} throws a {value}; {name_of(s, first)} enters first"
