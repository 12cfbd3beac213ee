"""Stamina, death and the end of the game (gothic/stamina, gothic/play).

"At the beginning of the game each player has 100 stamina points ... When you have no stamina
left, you are dead. This is a game of elimination." The tally is the list of ``stamina``
effects; "The only survivor is the winner of the game."
"""

from __future__ import annotations

from games.core.draft import Draft
from games.gothic import points as P
from games.gothic.cards import card_value, is_numbered, return_card, take_card, trade_in
from games.gothic.state import name_of


def change_stamina(draft: Draft, ref, pid: str, delta: int, reason: str) -> None:
    """gothic/stamina: every change is logged as an effect; stamina never goes below 0."""
    player = draft.edit("players", pid)
    if player["status"] != "alive" or delta == 0:
        return
    before = player["stamina"]
    if before + delta <= 0:
        numbered = [c for c in player["cards"] if is_numbered(c)]
        if (
            numbered
            and ref.consult(P.TRADE_AT_DEATH, f"{player['name']} would have no stamina left")
            == "trade-first"
        ):
            values = sorted(((card_value(c, ref), c["name"]) for c in numbered), reverse=True)
            need, chosen = -(before + delta) + 1, []
            for value, name in values:
                if need <= 0:
                    break
                chosen.append(name)
                need -= value
            if need <= 0:
                for name in chosen:
                    trade_in(draft, ref, pid, take_card(draft, pid, name))
                before = player["stamina"]
    after = max(0, before + delta)
    player["stamina"] = after
    ref.effect(
        "stamina", player=pid, before=before, change=after - before, after=after, reason=reason
    )
    if after == 0:
        eliminate(draft, ref, pid, "dead", "no stamina left")


def eliminate(draft: Draft, ref, pid: str, status: str, cause: str, *, body: bool = False) -> None:
    """gothic/stamina: "This is a game of elimination." Cards go back under their piles, but
    for a ``body`` left to be searched by its killer (gothic/adjacency), while the game goes on."""
    player = draft.edit("players", pid)
    if player["status"] != "alive":
        return
    if not body:
        for card in player["cards"]:
            return_card(draft, ref, card)
    was_vampire = player["vampire"] is not None
    player.update(
        status=status,
        cause=cause,
        at=None,
        depth=None,
        vampire=None,
        held_by=None,
        controlled_by=None,
    )
    if not body:
        player["cards"] = []
    ref.effect("eliminated", player=pid, status=status, cause=cause)
    for other, data in draft.state["players"].items():  # a dead player controls no one
        if data["controlled_by"] == pid or (
            data["held_by"] is not None and data["held_by"]["by"] == pid
        ):
            draft.edit("players", other).update(controlled_by=None, held_by=None)
    if was_vampire or draft.state["dracula"] == pid:
        draft.state["dracula"] = None
        ref.effect("dracula", to="coffin")
    check_end(draft, ref)


def check_end(draft: Draft, ref) -> None:
    """gothic/play: "The only survivor is the winner of the game." """
    state = draft.state
    if state["stage"] == "over":
        return
    alive = [pid for pid in state["seats"] if state["players"][pid]["status"] == "alive"]
    if len(alive) > 1:
        return
    state["stage"] = "over"
    state["actor"] = None
    state["interrupt"] = None
    state["winner"] = alive[0] if alive else None
    state["reason"] = f"{name_of(state, alive[0])} is the only survivor" if alive else "no one survived"
    ref.effect("game-over", winner=state["winner"])
