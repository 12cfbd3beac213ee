"""How the game ends and who wins: a piece reaching a space or region (or all of a player's),
fewer than so many pieces left, a player who cannot move. Checked after every event, in the
document's order; the first that holds ends the game."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from games.core.draft import Draft
from games.rules.clauses import Reading, agreed, deciding_of
from games.rules.effects import Context
from games.rules.mobility import any_move, checks_of
from games.rules.model import End, RulesGame, Stage
from games.rules.occupancy import occupancy
from games.rules.state import KIND, OWNER, SPACE, player_name, player_of_role, seat_order
from games.rules.turns import cannot_act, now
from games.rules.words import place_name


def check_ends(ctx: Context, draft: Draft, moved: bool = True) -> None:
    """``moved``: whether any piece moved in this event (when none did, only whether the next
    player can move may have changed)."""
    state = draft.state
    if state["over"]:
        return
    role = state["roles"].get(state["turn"])
    for end in ctx.game.role_ends.get(role) or ctx.game.ends_for(role):
        kind = end.kind
        if not moved and kind != "blocked":
            continue
        concerned = HOLDS[kind](ctx, state, end)
        if concerned is None:
            continue
        player, why = concerned
        winner = _winner(state, end.winner.pick(ctx.read), player)
        draft.state.update(over=True, winner=winner,
                           reason=f"{why}: {_verdict(state, winner)} ({end.rule})")
        return


# Each end's question: the player the end is about and why it holds, or None.


def _reach_holds(ctx: Context, state: Mapping[str, Any], end: End
                 ) -> tuple[str | None, str] | None:
    assert end.target is not None and end.full is not None  # as the compiler gives a reach end
    full = end.full
    return agreed(end.target, lambda place: agreed(
        full, lambda wins_full: _reached(ctx.game, state, end, place, wins_full), ctx.read),
        ctx.read)


def _fewer_holds(ctx: Context, state: Mapping[str, Any], end: End
                 ) -> tuple[str | None, str] | None:
    kinds = end.kinds
    assert kinds is not None  # as the schema gives a fewer end
    at = occupancy(state)
    count = at.counts.get(kinds)
    if count is None:
        count = at.count(kinds)
    if count >= end.most_than:  # as many as the largest count under any reading: none holds
        return None
    return _fewer_left(ctx, state, end, count)


def _fewer_left(ctx: Context, state: Mapping[str, Any], end: End, count: int
                ) -> tuple[str | None, str] | None:
    """Whether ``count`` pieces are fewer than the reading's number (some reading's are
    more)."""
    assert end.kinds is not None and end.than is not None  # as the schema gives a fewer end
    if not agreed(end.than, lambda least: count < least, ctx.read):
        return None
    kinds = end.kinds
    owner = next((p[OWNER] for p in state["pieces"] if p[KIND] in kinds), None)
    pieces_word = "piece" if count == 1 else "pieces"
    return owner, f"only {count} {_kinds(ctx.game, end)} {pieces_word} left on the board"


def _blocked_holds(ctx: Context, state: Mapping[str, Any], end: End
                   ) -> tuple[str | None, str] | None:
    actor = state["turn"]
    if actor is None:
        return None
    if end.role is not None and state["roles"].get(actor) != end.role:
        return None
    game, reading = ctx.game, ctx.ref.interpretation
    stage = _usual_stage(game, state, actor)
    if stage is not None and stage.kind == "act":
        # A move every reading allows (a free step's, asked first) reads no point and leaves
        # none to decide: answered without making a Reading (asked after every event).
        at = occupancy(state)
        sure, _checks = checks_of(game, stage, at.kinds.get(actor) or at.kinds_of(actor))
        if sure is not None and sure(state, actor, at):
            return None
    # deciding_points, its first judgement said here.
    first = Reading(reading)
    blocked = _blocked(game, state, first)
    if first.points:
        for point in deciding_of(partial(_blocked, game, state), reading, first, blocked):
            ctx.read(point, "whether the player to move can move")
    if not blocked:
        return None
    return actor, f"{player_name(state, actor)} cannot move"


HOLDS = {"reach": _reach_holds, "fewer": _fewer_holds, "blocked": _blocked_holds}


def _reached(game: RulesGame, state: Mapping[str, Any], end: End, place: str,
             wins_full: bool = False):
    """Who reached the place as the end asks, and why; with ``wins_full``, also a player
    with a piece in the region when every space of it is held (by anyone: a piece left
    there by another player fills its square)."""
    spaces = game.spaces_of(place)
    if not any(piece[SPACE] in spaces for piece in state["pieces"]):
        return None
    full = wins_full and spaces <= {piece[SPACE] for piece in state["pieces"]}
    for pid in seat_order(state):
        mine = [p for p in state["pieces"] if p[OWNER] == pid and
                (end.kinds is None or p[KIND] in end.kinds)]
        there = [p for p in mine if p[SPACE] in spaces]
        if there and (not end.all or len(there) == len(mine)):
            if end.all and len(mine) > 1:
                return pid, (f"all {len(mine)} of {player_name(state, pid)}'s pieces reach "
                             f"{place_name(game, place)}")
            return pid, f"{player_name(state, pid)} reaches {place_name(game, place)}"
        if there and full:
            return pid, (f"{place_name(game, place)} is full, {player_name(state, pid)}'s "
                         f"pieces on every space no other player's piece holds")
    return None


def _blocked(game: RulesGame, state: Mapping[str, Any], read) -> bool:
    actor = state["turn"]
    stage = _usual_stage(game, state, actor)
    if stage is not None:
        return stage.kind == "act" and not any_move(game, state, actor, stage, read)
    current = now(game, state, read)
    return (not current.pending and not current.sit_out and not current.may_end
            and current.stages[-1].kind == "act" and cannot_act(game, state, current, read))


def _usual_stage(game: RulesGame, state: Mapping[str, Any], actor: str) -> Stage | None:
    """The one stage of the usual turn, said without making its Now (see ``turns.now``): no
    draw due, no turn sat out, a stage alone, no card to play; None for any other turn."""
    index = state["stage"]
    alone = game.lone_stages
    if state["pending"] or game.waits or state["lost"][actor] or game.plays_cards or \
            index >= len(alone) or not alone[index]:
        return None
    return alone[index][0]


def _kinds(game: RulesGame, end: End) -> str:
    kinds = end.kinds or frozenset()
    names = sorted({piece.name for piece in game.pieces if piece.kind in kinds})
    return " or ".join(names)


def _winner(state: Mapping[str, Any], said: Any, player: str | None) -> str | None:
    if said == "player":
        return player
    if said == "none":
        return None
    if said == "other":
        others = [pid for pid in seat_order(state) if pid != player]
        return others[0] if others else None
    return player_of_role(state, said[1])


def _verdict(state: Mapping[str, Any], winner: str | None) -> str:
    return f"{player_name(state, winner)} wins" if winner else "nobody wins"

