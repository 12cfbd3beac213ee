"""Whose go it is (gothic/moves: "Players proceed in turn"): a go begins, ends, and passes to
the next living player in seat order; a controlled move played at once gives the go back; a
Vampire's goes are counted as they end (gothic/the-vault). And how every event of a go is
refereed: on a copy of the state, with what the event leaves behind settled after it.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from games.core.choices import Choice
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.flags import CONSULTED
from games.core.referee import Referee
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.cards import lying_body, return_body
from games.gothic.stamina import eliminate
from games.gothic.state import ROOMS, STAIRCASE, TOWER, adjacent, alive, joined, name_of, new_go


def refereed(event_type: str):
    """A handler on the core's table from ``handle(draft, ref, actor, data)``, which edits the
    next state and returns a summary, or None when it refuses the event: the state given is
    then returned unchanged (README, "After an illegal event"). Before the event, a body its
    killer did not search goes back under the piles; after it, the go moves on as it must."""

    def wrap(handle):
        @functools.wraps(handle)
        def handler(state, actor, data, ref):
            draft = Draft(state)
            body = lying_body(state) if event_type != "search" else None
            unsearched = None
            if body is not None:  # its cards' return belongs to this step only if it stands
                unsearched = Referee(ref.interpretation)
                return_body(draft, unsearched, body)
            summary = handle(draft, ref, actor, data)
            if summary is None:
                what = event_type.replace("_", " ")
                return state, f"{name_of(state, actor)}'s {what} is skipped"
            if unsearched is not None:
                ref.effects[:0] = unsearched.effects
            finalize(draft, ref)
            return draft.state, summary

        return handler

    return wrap


def begin_go(draft: Draft, pid: str) -> None:
    state = draft.state
    state["turn"] = pid
    state["actor"] = pid
    state["stage"] = "throw"
    state["throw"] = None
    state["go"] = new_go()
    state["goes"] = state["goes"] + 1


def next_to_play(state) -> str | None:
    """The living player after the one whose go it is, in seat order."""
    seats = state["seats"]
    start = seats.index(state["turn"])
    for k in range(1, len(seats)):
        nxt = seats[(start + k) % len(seats)]
        if state["players"][nxt]["status"] == "alive":
            return nxt
    return None


def end_go(draft: Draft, ref) -> None:
    """The go of the player whose turn it is ends: count a Vampire's goes, then the next seat."""
    state = draft.state
    if state["stage"] == "over":
        return
    if state["interrupt"] is not None:
        end_interrupt(draft, ref)
        return
    pid = state["turn"]
    player = state["players"][pid]
    if player["status"] == "alive":
        if player["held_by"] is not None or player["controlled_by"] is not None:
            draft.update("players", pid, held_by=None, controlled_by=None)
        if player["vampire"] is not None:
            count_vampire_go(draft, ref, pid)
    if state["stage"] == "over":
        return
    seats = state["seats"]
    start = seats.index(pid)
    for k in range(1, len(seats) + 1):
        nxt = seats[(start + k) % len(seats)]
        if state["players"][nxt]["status"] == "alive":
            begin_go(draft, nxt)
            return


def end_interrupt(draft: Draft, ref) -> None:
    state = draft.state
    intr = state["interrupt"]
    state["interrupt"] = None
    state["go"] = dict(intr["go"])
    state["throw"] = None
    state["stage"] = "act"
    state["actor"] = intr["controller"]
    ref.effect("control-over", player=intr["victim"])


def finalize(draft: Draft, ref) -> None:
    """After an event: a dead mover's go ends; a finished control gives the go back."""
    state = draft.state
    if state["stage"] == "over":
        return
    intr = state["interrupt"]
    if intr is not None:
        if state["players"][intr["controller"]]["status"] != "alive":
            state["interrupt"] = None
            state["actor"] = state["turn"]
        elif state["players"][intr["victim"]]["status"] != "alive" or state["stage"] == "act":
            end_interrupt(draft, ref)  # the victim's controlled move is over
    turn = state["turn"]
    if turn is not None and state["players"][turn]["status"] != "alive":
        end_go(draft, ref)


def opens_next_go(state, actor) -> bool:
    """Whether ``actor`` opens the next go while the one being played waits at its end with
    nothing left to decide (gothic/moves: "Players proceed in turn": the next player's throw
    ends the go before it, as ``end_turn`` would)."""
    return (state["stage"] == "act" and actor != state["actor"]
            and actor == next_to_play(state) and go_spent(state))


def go_spent(state, consult=None) -> bool:
    """Whether the go waiting at its end leaves its player nothing to decide that the table
    can see: no second throw, no secret passage, no one beside to use a power on, no oil to
    pour, no body to search. A card's use (a weapon, a stake, the blow pipe) is the holder's
    secret: the next player's throw tells that it was declined.

    Without ``consult`` (who may act, which knows no reading) "beside" is what every reading
    of gothic.next-to counts; with it, a player in a place joined to the square landed on
    counts too where the reading says so."""
    actor = state["actor"]
    player = state["players"][actor]
    go = state["go"]
    if lying_body(state) is not None:
        return False
    if player["vampire"] is not None:
        if go["segment"] == 1:
            return False
    elif go["six"] and (player["at"] not in ROOMS or (player["at"] == STAIRCASE
                                                       and go["stairs"] is not None)):
        return False
    if go["green"] and player["vampire"] is None:
        return False
    if player["at"] == TOWER and go["tower"] and not player["oil_used"]:
        return False
    if go["moved"] and not go["power"]:
        # One pass over the seats (asked at every event that may open the next go): a player
        # beside on a square settles it; one in a place joined to the square asks the reading.
        joined_to_one = False
        for other in state["seats"]:
            if other == actor or not alive(state, other) \
                    or state["players"][other]["vampire"] is not None:
                continue
            if adjacent(state, actor, other):
                return False
            joined_to_one = joined_to_one or (consult is not None and joined(state, actor, other))
        if joined_to_one and consult(P.NEXT_TO, f"{player['name']} ends the go beside a player "
                                     "in a room or at a gate") == "places-joined":
            return False
    return True


def begin_next_go(draft: Draft, ref, actor) -> bool:
    """The go before ``actor``'s ends; False (a violation flagged) if it still leaves its
    player something to decide, or its end ends the game or gives the next go to someone
    else."""
    if not go_spent(draft.state, ref.consult):
        ref.violation(rule.MOVES, f"{name_of(draft.state, draft.state['actor'])} may still use "
                      "the Power of Adjacency: the go is not over", point=P.NEXT_TO)
        return False
    end_go(draft, ref)
    if draft.state["stage"] == "over" or draft.state["actor"] != actor:
        ref.violation(rule.MOVES, f"the go ends, but {name_of(draft.state, actor)} does not "
                      "play next")
        return False
    return True


def after_the_go(state, reading) -> tuple[dict, tuple[str, ...]]:
    """The state once the go being played ends, and the points that ending reads (a
    Vampire's dawn): what the next player may open their go with."""
    draft = Draft(state)
    ref = Referee(reading)
    end_go(draft, ref)
    return draft.state, read_points(ref)


def read_points(ref: Referee) -> tuple[str, ...]:
    """The points a scratch referee consulted, sorted: what decided a choice offered."""
    return tuple(sorted({flag.point for flag in ref.flags if flag.kind == CONSULTED}))


def next_go(at: Offering) -> tuple[dict, tuple[str, ...]] | None:
    """While a go waits at its end with nothing left to decide (``go_spent``), the state in
    which the next player opens theirs, and the points the end of the go reads; None
    otherwise, or when its end ends the game."""
    state = at.state
    probe = Referee(at.reading)
    if state["stage"] != "act" or not go_spent(state, probe.consult):
        return None
    after, points = after_the_go(state, at.reading)
    if after["stage"] != "throw" or after["actor"] != next_to_play(state):
        return None
    return after, tuple(sorted({*points, *read_points(probe)}))


def opening(choice: Choice, ending: dict, points: tuple[str, ...]) -> Choice:
    """A choice that opens the next go, said as ending the go being played."""
    return replace(choice, label=f"{choice.label} ({name_of(ending, ending['actor'])}'s go ends)",
                   points=tuple(sorted({*choice.points, *points})))


def count_vampire_go(draft: Draft, ref, pid: str) -> None:
    """A Vampire's go has ended: count it (not the go of the bite), then check for dawn."""
    vampire = dict(draft.state["players"][pid]["vampire"])
    if vampire["fresh"]:
        vampire["fresh"] = False
    else:
        vampire["goes"] += 1
    draft.edit("players", pid)["vampire"] = vampire
    dawn_check(draft, ref, pid)


def dawn_check(draft: Draft, ref, pid: str) -> None:
    """gothic/the-vault: "If not, the sun rises and you wither away and die." """
    vampire = draft.state["players"][pid]["vampire"]
    extra = 2 * vampire["kills"]
    if vampire["goes"] < 6 + extra:
        return
    option = ref.consult(
        P.VAMPIRE_GOES, f"Vampire {name_of(draft.state, pid)} has had {vampire['goes']} goes"
    )
    limit = (6 if option == "return-on-sixth" else 7) + extra
    if vampire["goes"] >= limit:
        eliminate(draft, ref, pid, "dead", "the sun rose before the Vampire reached the Vault")
