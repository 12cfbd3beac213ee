"""Whose go it is (gothic/moves: "Players proceed in turn"): a go begins, ends, and passes to
the next living player in seat order; a controlled move played at once gives the go back."""

from __future__ import annotations

from games.gothic.state import new_go
from games.gothic.vault import count_vampire_go
from games.gothic.work import Work


def begin_go(w: Work, pid: str) -> None:
    w.s["turn"] = pid
    w.s["actor"] = pid
    w.s["stage"] = "throw"
    w.s["throw"] = None
    w.s["go"] = new_go()
    w.go_copied = True
    w.s["goes"] = w.s["goes"] + 1


def end_go(w: Work, ref) -> None:
    """The go of the player whose turn it is ends: count a Vampire's goes, then the next seat."""
    if w.s["stage"] == "over":
        return
    if w.s["interrupt"] is not None:
        end_interrupt(w, ref)
        return
    pid = w.s["turn"]
    player = w.s["players"][pid]
    if player["status"] == "alive":
        if player["held_by"] is not None or player["controlled_by"] is not None:
            w.p(pid).update(held_by=None, controlled_by=None)
        if player["vampire"] is not None:
            count_vampire_go(w, ref, pid)
    if w.s["stage"] == "over":
        return
    seats = w.s["seats"]
    start = seats.index(pid)
    for k in range(1, len(seats) + 1):
        nxt = seats[(start + k) % len(seats)]
        if w.s["players"][nxt]["status"] == "alive":
            begin_go(w, nxt)
            return


def end_interrupt(w: Work, ref) -> None:
    intr = w.s["interrupt"]
    w.s["interrupt"] = None
    w.s["go"] = intr["go"]
    w.go_copied = True
    w.s["throw"] = None
    w.s["stage"] = "act"
    w.s["actor"] = intr["controller"]
    ref.effect("control-over", player=intr["victim"])


def finalize(w: Work, ref) -> None:
    """After an event: a dead mover's go ends; a finished control gives the go back."""
    if w.s["stage"] == "over":
        return
    intr = w.s["interrupt"]
    if intr is not None:
        if w.s["players"][intr["controller"]]["status"] != "alive":
            w.s["interrupt"] = None
            w.s["actor"] = w.s["turn"]
        elif w.s["players"][intr["victim"]]["status"] != "alive" or w.s["stage"] == "act":
            end_interrupt(w, ref)  # the victim's controlled move is over
    turn = w.s["turn"]
    if turn is not None and w.s["players"][turn]["status"] != "alive":
        end_go(w, ref)
