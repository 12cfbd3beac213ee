"""Stamina, death and the end of the game (gothic/stamina, gothic/play).

"At the beginning of the game each player has 100 stamina points ... When you have no stamina
left, you are dead. This is a game of elimination." The tally is the list of ``stamina``
effects; "The only survivor is the winner of the game."
"""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.cards import card_value, return_card, take_card, trade_in
from games.gothic.work import Work, name_of


def change_stamina(w: Work, ref, pid: str, delta: int, reason: str) -> None:
    """gothic/stamina: every change is logged as an effect; stamina never goes below 0."""
    player = w.p(pid)
    if player["status"] != "alive" or delta == 0:
        return
    before = player["stamina"]
    if before + delta <= 0:
        numbered = [c for c in player["cards"] if c["number"] is not None or c["numbered"]]
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
                    trade_in(w, ref, pid, take_card(w, pid, name))
                before = player["stamina"]
    after = max(0, before + delta)
    player["stamina"] = after
    ref.effect(
        "stamina", player=pid, before=before, change=after - before, after=after, reason=reason
    )
    if after == 0:
        eliminate(w, ref, pid, "dead", "no stamina left")


def eliminate(w: Work, ref, pid: str, status: str, cause: str) -> None:
    """gothic/stamina: "This is a game of elimination." Cards go back under their piles."""
    player = w.p(pid)
    if player["status"] != "alive":
        return
    for card in player["cards"]:
        return_card(w, ref, card)
    was_vampire = player["vampire"] is not None
    player.update(
        status=status,
        cause=cause,
        at=None,
        depth=None,
        cards=[],
        vampire=None,
        held_by=None,
        controlled_by=None,
    )
    ref.effect("eliminated", player=pid, status=status, cause=cause)
    for other, data in w.s["players"].items():  # a dead player controls no one
        if data["controlled_by"] == pid or (
            data["held_by"] is not None and data["held_by"]["by"] == pid
        ):
            w.p(other).update(controlled_by=None, held_by=None)
    if was_vampire or w.s["dracula"] == pid:
        w.s["dracula"] = None
        ref.effect("dracula", to="coffin")
    check_end(w, ref)


def check_end(w: Work, ref) -> None:
    """gothic/play: "The only survivor is the winner of the game." """
    if w.s["stage"] == "over":
        return
    alive = [pid for pid in w.s["seats"] if w.s["players"][pid]["status"] == "alive"]
    if len(alive) > 1:
        return
    w.s["stage"] = "over"
    w.s["actor"] = None
    w.s["interrupt"] = None
    w.s["winner"] = alive[0] if alive else None
    w.s["reason"] = f"{name_of(w.s, alive[0])} is the only survivor" if alive else "no one survived"
    ref.effect("game-over", winner=w.s["winner"])
