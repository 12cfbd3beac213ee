"""What happens once a piece moves: jumped pieces taken, spaces passed over, the chain of
spaces that move it on (a bridge, a goose, the skull), then, where it rests, the pieces it
meets, the ones it releases and what the space does to it. A card's effect moves a piece the
same way. The chain is bounded: a document's loops are refused when it is checked, and a chain
that still runs past ``MOST_STEPS`` is cut with a flag."""

from __future__ import annotations

from typing import Any, NamedTuple

from games.core.draft import Draft
from games.core.referee import Referee
from games.rules.clauses import Read, agreed
from games.rules.geometry import walk
from games.rules.model import MEETINGS, MOTION, Action, Card, RulesGame
from games.rules.movement import Move
from games.rules.state import HOME, OWNER, SPACE, WAITING, occupants

MOST_STEPS = 200  # moving effects followed in one event


class Context(NamedTuple):
    """What a handler carries through one event (a named tuple: one is made per event)."""

    game: RulesGame
    ref: Referee
    read: Read


def apply_move(ctx: Context, draft: Draft, move: Move) -> list[str]:
    """The legal ``move`` done; returns what happened on the way, in words."""
    said: list[str] = []
    state = draft.state
    if move.captures:
        taking = move.action.params["capture"].pick(ctx.read)
        for index in move.captures:
            piece = draft.edit("pieces", index)
            piece[SPACE] = None if taking == "remove" else piece[HOME]
            piece[WAITING] = False
        said.append(f"{len(move.captures)} taken")
    draft.edit("pieces", move.piece)[SPACE] = move.path[-1]
    state["mover"] = move.piece
    passing_spaces = ctx.game.passing_spaces
    for space in move.passed if passing_spaces else ():
        if space in passing_spaces:
            passing = ctx.game.spaces[space].passing
            assert passing is not None  # a passing space has its passing effect
            for operation, argument in passing.pick(ctx.read):
                if operation != "stop":
                    rest_effect(ctx, draft, move.piece, operation, argument, said)
    if move.path[-1] not in ctx.game.quiet_landings[move.action.id]:
        arrive(ctx, draft, move.piece, move.path[0], move.direction, move.steps, move.action,
               said)
    return said


def apply_card(ctx: Context, draft: Draft, piece: int | None, card: Card, said: list[str]) -> None:
    """A drawn (or played) card's effect on ``piece``: it moves it, or it acts where it is."""
    if card.effect is None:
        return
    effects = tuple(e for e in card.effect.pick(ctx.read) if e[0] != "keep")
    if piece is None:
        return
    space = draft.state["pieces"][piece][SPACE]
    arrive(ctx, draft, piece, space, 1, None, None, said, first=effects)


def arrive(ctx: Context, draft: Draft, piece: int, origin: str, direction: int,
           count: int | None, action: Action | None, said: list[str],
           first: tuple | None = None) -> None:
    """Follow the effects of each space the piece comes to until one keeps it, then settle it
    there. ``first``: effects to begin with instead of the space's own (a card's)."""
    game = ctx.game
    space = draft.state["pieces"][piece][SPACE]
    effects = first
    moved = first is None
    for _ in range(MOST_STEPS):
        if effects is None:
            clause = game.spaces[space].effect
            effects = clause.pick(ctx.read) if clause is not None else ()
        motion = None
        for operation, argument in effects:
            if operation in MOTION:
                motion = (operation, argument)
            else:
                rest_effect(ctx, draft, piece, operation, argument, said)
        if motion is None:
            break
        following = _follow(ctx, draft, piece, space, motion, direction, count, action)
        if following is None:
            break
        space, direction = following
        moved = True
        draft.edit("pieces", piece)[SPACE] = space
        said.append(f"on to {game.spaces[space].name}")
        effects = None
    else:
        ctx.ref.violation(game.turn_rule, f"the board's effects moved a piece {MOST_STEPS} "
                          f"times in one event; it stops on {game.spaces[space].name}")
    if moved:
        _meet(ctx, draft, piece, space, origin, action, said)


def _follow(ctx: Context, draft: Draft, piece: int, space: str, motion: tuple[str, Any],
            direction: int, count: int | None, action: Action | None
            ) -> tuple[str, int] | None:
    operation, argument = motion
    if operation == "jump":
        return argument, direction
    if operation == "back_to_start":
        return draft.state["pieces"][piece][HOME], 1
    steps = count if operation == "repeat" else argument
    if steps is None:
        return None  # a repeat with no throw to repeat (a card's): nothing moves
    tracks = ctx.game.tracks
    track = tracks.get(action.track) if action is not None and action.track else None
    if track is None or space not in track.index:
        track = next((t for t in tracks.values() if space in t.index), None)
    if track is None:
        return None
    position = track.index[space]
    if action is not None and "past_end" in action.params:
        walked = agreed(action.params["past_end"],
                        lambda past_end: walk(track.spaces, position, steps, direction, past_end),
                        ctx.read)
    else:
        walked = walk(track.spaces, position, steps, direction, "stop")
    if walked is None:
        return None
    return track.spaces[walked[0]], walked[1]


def _meet(ctx: Context, draft: Draft, piece: int, space: str, origin: str,
          action: Action | None, said: list[str]) -> None:
    """The pieces already on the space the piece rests on: released if they waited, and
    treated as the action says (swapped, sent home, captured, or left there)."""
    if ctx.game.spaces[space].shared_under(ctx.read):
        return
    if not ctx.game.waits and (action is None or not action.meets_others):
        return  # no piece there waits, and none is moved or taken: who is there is not asked
    pieces = draft.state["pieces"]
    owner = pieces[piece][OWNER]
    there = occupants(pieces, space, but=piece)
    for index in there:
        if pieces[index][WAITING]:
            draft.edit("pieces", index)[WAITING] = False
            said.append("releases the piece that waited there")
    others = [index for index in there if pieces[index][OWNER] != owner]
    if not others or space == origin or action is None or "occupied" not in action.params:
        return
    rule = action.params["occupied"].pick(ctx.read)
    for index in others:
        other = draft.edit("pieces", index)
        if rule == "swap":
            other[SPACE] = origin
        elif rule == "send_home":
            other[SPACE] = other[HOME]
        elif rule == "capture":
            other[SPACE] = None
    if rule in MEETINGS:
        said.append({"swap": f"the piece there goes to {ctx.game.spaces[origin].name}",
                     "send_home": "the piece there goes home",
                     "capture": "the piece there is captured"}[rule])


def rest_effect(ctx: Context, draft: Draft, piece: int, operation: str, argument: Any,
                said: list[str]) -> None:
    state = draft.state
    owner = state["pieces"][piece][OWNER]
    if operation == "lose_turns":
        draft.edit("lost")[owner] = state["lost"][owner] + argument
        said.append(f"loses {argument} turn{'s' if argument > 1 else ''}")
    elif operation == "wait":
        draft.edit("pieces", piece)[WAITING] = True
        said.append("waits to be released")
    elif operation == "extra_turn":
        if owner == state["turn"]:
            state["extra"] = True
            said.append("plays again")
    elif operation == "draw":
        state["pending"] = [*state["pending"], argument]
        said.append(f"draws from {ctx.game.decks[argument].name}")
    elif operation == "swap":
        _swap(ctx, draft, piece, argument, said)


def _swap(ctx: Context, draft: Draft, piece: int, which: str, said: list[str]) -> None:
    """Swap places with the last (or leading) piece of another player on the piece's track."""
    pieces = draft.state["pieces"]
    space = pieces[piece][SPACE]
    track = next((t for t in ctx.game.tracks.values() if space in t.index), None)
    if track is None:
        return
    owner = pieces[piece][OWNER]
    candidates = [(track.index[p[SPACE]], index) for index, p in enumerate(pieces)
                  if p[OWNER] != owner and p[SPACE] in track.index]
    if not candidates:
        return
    _, other = min(candidates) if which == "last" else max(candidates, key=lambda c: (c[0], -c[1]))
    other_space = pieces[other][SPACE]
    draft.edit("pieces", other)[SPACE] = space
    draft.edit("pieces", piece)[SPACE] = other_space
    said.append(f"swaps places with the piece on {ctx.game.spaces[other_space].name}")
