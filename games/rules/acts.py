"""The players' own acts: a move (the path a piece took, as a score sheet names it), a card
played from the hand, a pass. A move the document does not allow is flagged, citing its action,
and taken as recorded: the piece is set where the record says and nothing else happens."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from games.core.choices import Choice, OneOf, OpenField, Text, event
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.rules.clauses import Read, Reading, deciding_of, deciding_points
from games.rules.effects import apply_card, apply_move
from games.rules.model import Action, RulesGame
from games.rules.movement import Move, shape_of
from games.rules.recorded import recorded_move
from games.rules.refereeing import begin, draft_for, finish, forbid
from games.rules.state import KIND, OWNER, SPACE, first_piece, piece_name, player_name
from games.rules.turns import (
    Now,
    end_turn,
    expected,
    now,
    open_moves,
    pass_reason,
    playable,
)

REASON = OpenField("reason", Text(max_length=200), prompt="Why, as the record says (optional)",
                   optional=True)


def move(game: RulesGame, state: dict, actor: str | None, data: Mapping[str, Any],
         ref: Referee) -> tuple[dict, str]:
    opened = begin(game, state, actor, ref)
    if opened is None:
        return state, "a move out of turn (ignored)"
    ctx, current = opened
    name = player_name(state, actor)
    stages = current.stages  # most often the one stage, which takes moves
    usual = len(stages) == 1 and stages[0].takes_moves
    if not usual:
        stages = tuple(stage for stage in stages if stage.takes_moves)
    if not stages:
        forbid(ref, game.turn_rule, f"{expected(game, state, current)}, not move; the move "
               "is skipped", game.turn_citations)
        return state, f"{name} moves out of turn (ignored)"
    path = tuple(data["path"])
    # deciding_points, its first judgement said here: asked of every move.
    first = Reading(ref.interpretation)
    if usual and state["turn"] is not None and stages[0].kind == "act":
        chosen = recorded_move(game, state, current.actor, stages[0], first, path)
    else:
        chosen = _matching(game, state, current, path, first)
    deciding = deciding_of(partial(_matching, game, state, current, path), ref.interpretation,
                           first, chosen is not None, _is_found) if first.points else ()
    for point in deciding:
        ctx.read(point, f"whether {name} may move from {_name(game, path[0])} to "
                        f"{_name(game, path[-1])}")
    draft = draft_for(state, current)
    if chosen is not None:
        said = apply_move(ctx, draft, chosen)
        draft.state["stage"] = chosen.stage + 1
        kind = state["pieces"][chosen.piece][KIND]
        summary = f"{name} moves the {game.piece_names.get(kind, kind)} " \
                  f"{_route(game, path)}" + (f": {', '.join(said)}" if said else "")
        return finish(ctx, draft, state), summary
    piece = next((index for index, p in enumerate(state["pieces"])
                  if p[OWNER] == actor and p[SPACE] == path[0]), None)
    read = Reading(ref.interpretation)
    why = _why_not(game, state, current, path, read)
    if deciding:
        # Another reading of a point would let the move stand: the point's words forbid it.
        point = deciding[0]
        option = ref.interpretation.option(point.id)
        forbid(ref, point.citations[0].passage, f"{why}, reading {point.id} as {option!r}; "
               "taken as recorded", point.citations, point=point)
    else:
        action = _broken_action(game, stages, state["pieces"][piece] if piece is not None
                                else None, path, read)
        forbid(ref, action.rule, f"{why}; taken as recorded", action.citations)
    if piece is not None:
        draft.edit("pieces", piece)[SPACE] = path[-1]
        draft.state["mover"] = piece
    draft.state["stage"] = stages[0].index + 1
    return finish(ctx, draft, state), f"{name} moves {_route(game, path)} (against the rules)"


def _matching(game: RulesGame, state: Mapping[str, Any], current: Now, path: tuple[str, ...],
              read: Read) -> Move | None:
    """The move ``open_moves`` would list with this path (the first stage's that has it),
    judged alone."""
    seen = current if state["turn"] is not None else now(game, state, read)
    for stage in seen.stages:
        if stage.kind == "act":
            found = recorded_move(game, state, seen.actor, stage, read, path)
            if found is not None:
                return found
    return None


def _is_found(found: Move | None) -> bool:
    return found is not None


def _broken_action(game: RulesGame, stages, piece, path, read) -> Action:
    """The action a refused move breaks: of the stage's moving actions that move this piece
    from where it stands (its kind, and its track or region), the one the path's shape is
    of (a step to a neighbour, a jump two lines on or a series of them), else the first of
    them, else the stage's first."""
    actions = [action for stage in stages for action in stage.actions if action.moves]
    fitting = []
    if piece is not None:
        for action in actions:
            if action.kinds is not None and piece[KIND] not in action.kinds:
                continue
            here = piece[SPACE]
            if action.kind == "race" and here not in game.tracks[action.race_track].index:
                continue
            if action.kind == "enter" and here not in game.regions[action.entry_region].spaces:
                continue
            fitting.append(action)
    for action in fitting:
        if action.kind in ("step", "jump") and len(path) >= 2:
            shape = game.shapes.get(action.id) or shape_of(game, action, read)
            near = path[1] in shape.neighbours.get(path[0], ())
            if (action.kind == "step") == (len(path) == 2 and near):
                return action
    return (fitting or actions)[0]


def _why_not(game: RulesGame, state: Mapping[str, Any], current: Now, path, read) -> str:
    name = player_name(state, current.actor)
    piece = next((p for p in state["pieces"]
                  if p[OWNER] == current.actor and p[SPACE] == path[0]), None)
    if piece is None:
        return f"{name} has no piece on {_name(game, path[0])}"
    what = f"the {piece_name(game, piece[1])} on {_name(game, path[0])}"
    legal = open_moves(game, state, current, read, origin=path[0])
    if not legal:
        return f"{what} has no legal move now"
    where = ", ".join(_route(game, m.path, start=False) for m in legal)
    return f"{what} may go {where}, not {_route(game, path, start=False)}"


def _name(game: RulesGame, space: str) -> str:
    return game.spaces[space].name if space in game.spaces else repr(space)


def _route(game: RulesGame, path, start: bool = True) -> str:
    names = game.space_names
    if len(path) == 2 and start:  # a step, said after most moves
        here, there = path
        return f"from {names[here] if here in names else repr(here)} to " \
               f"{names[there] if there in names else repr(there)}"
    stops = [names[space] if space in names else repr(space) for space in path]
    words = f"to {stops[-1]}" + (f" by {', '.join(stops[1:-1])}" if len(stops) > 2 else "")
    return f"from {stops[0]} {words}" if start else words


def play(game: RulesGame, state: dict, actor: str | None, data: Mapping[str, Any],
         ref: Referee) -> tuple[dict, str]:
    opened = begin(game, state, actor, ref)
    if opened is None:
        return state, "a card played out of turn (ignored)"
    ctx, current = opened
    name = player_name(state, actor)
    options = playable(game, state, current)
    if not options:
        forbid(ref, game.turn_rule, f"{expected(game, state, current)}, not play a card; "
               "the card is not played", game.turn_citations)
        return state, f"{name} plays a card out of turn (ignored)"
    card = game.cards[data["card"]]
    stage, cards = next(((s, c) for s, c in options if card.id in c), options[0])
    action = next(action for action in stage.actions if action.kind == "play")
    draft = draft_for(state, current)
    if card.id not in cards:
        forbid(ref, action.rule, f"{name} may not play {card.name} now (not in the hand, or "
               "not a card this action plays); taken as played", action.citations)
    else:
        hand = draft.edit("hands", actor)
        if hand[card.id] == 1:
            del hand[card.id]
        else:
            hand[card.id] -= 1
    discard = draft.edit("decks", card.deck, "discard")
    discard[card.id] = discard.get(card.id, 0) + 1
    draft.state["stage"] = stage.index + 1
    said: list[str] = []
    apply_card(ctx, draft, first_piece(draft.state, actor), card, said)
    return finish(ctx, draft, state), f"{name} plays {card.name}" + (f": {', '.join(said)}"
                                                               if said else "")


def pass_turn(game: RulesGame, state: dict, actor: str | None, data: Mapping[str, Any],
              ref: Referee) -> tuple[dict, str]:
    """A pass ends the turn: a turn sat out (one lost turn served), a player who cannot move,
    an optional stage declined. An illegal pass is flagged and ends the turn all the same."""
    opened = begin(game, state, actor, ref)
    if opened is None:
        return state, "a pass out of turn (ignored)"
    ctx, current = opened
    name = player_name(state, actor)
    reason, deciding = deciding_points(
        lambda read: pass_reason(game, state, now(game, state, read), read), ref.interpretation)
    for point in deciding:
        ctx.read(point, f"whether {name} may pass")
    draft = draft_for(state, current)
    if reason is None:
        stage = current.stages[-1] if current.stages else None
        # The sentence that says when a pass is allowed: the stage's pass action's, else the
        # turn's (a player who cannot move passes).
        due = next((action for stage_due in current.stages for action in stage_due.actions
                    if action.kind == "pass"), None)
        message = f"{expected(game, state, current)}, not pass; the turn ends all the same"
        if due is not None:
            forbid(ref, due.rule, message, due.citations)
        else:
            rule = stage.rule if stage else game.turn_rule
            forbid(ref, rule, message, tuple(c for c in game.turn_citations
                                             if c.passage == rule))
        reason = "passes (against the rules)"
    elif current.sit_out and state["lost"][actor]:
        draft.edit("lost")[actor] = state["lost"][actor] - 1
    end_turn(ctx, draft)
    return finish(ctx, draft, state), f"{name} {reason}"


# -- the offers --------------------------------------------------------------------------


def offered(at: Offering) -> tuple[Now, list[Move], str | None, list, tuple[str, ...]]:
    """What the offers of one state share (computed once for all the event types)."""
    engine = at.engine
    memo = engine.offer_memo
    if memo is not None and memo[0] is at.state and memo[1] is at.reading:
        return memo[2]
    game = engine.game
    read = Reading(at.reading)
    current = now(game, at.state, read)
    moves = [] if current.pending or current.sit_out else open_moves(game, at.state, current,
                                                                     read)
    plays = playable(game, at.state, current)
    reason = pass_reason(game, at.state, current, read, moves)
    found = (current, moves, reason, plays, tuple(sorted(read.points)))
    engine.offer_memo = (at.state, at.reading, found)
    return found


def offer_move(at: Offering) -> list[Choice]:
    """One choice per piece that can move (by the space it stands on): its path fixed when it
    has one way to go, else open among them."""
    current, moves, _reason, _plays, points = offered(at)
    game = at.engine.game
    name = player_name(at.state, current.actor)
    by_origin: dict[str, list[Move]] = {}
    for found in moves:
        by_origin.setdefault(found.path[0], []).append(found)
    choices = []
    for origin, group in by_origin.items():
        piece = piece_name(game, at.state["pieces"][group[0].piece][1])
        touched = tuple(dict.fromkeys(space for m in group for space in m.path))
        if len(group) == 1:
            path = group[0].path
            choices.append(Choice(
                event=event("move", current.actor, path=list(path)),
                label=f"{name} moves the {piece} {_route(game, path)}", spaces=touched,
                origin=origin, target=path[-1], points=points))
            continue
        domain = OneOf(values=tuple(m.path for m in group),
                       labels=tuple(f"{_route(game, m.path, start=False)}" for m in group),
                       spaces=tuple(m.path[-1] for m in group))
        choices.append(Choice(
            event=event("move", current.actor),
            label=f"{name} moves the {piece} from {_name(game, origin)}",
            fields=(OpenField("path", domain, prompt="Where it goes"),), spaces=touched,
            origin=origin, points=points))
    return choices


def offer_play(at: Offering) -> list[Choice]:
    current, _moves, _reason, plays, points = offered(at)
    cards = list(dict.fromkeys(card for _stage, found in plays for card in found))
    if not cards:
        return []
    game = at.engine.game
    domain = OneOf(values=tuple(cards), labels=tuple(game.cards[c].name for c in cards))
    return [Choice(event=event("play", current.actor),
                   label=f"{player_name(at.state, current.actor)} plays a card",
                   fields=(OpenField("card", domain, prompt="The card played"),), points=points)]


def offer_pass(at: Offering) -> list[Choice]:
    current, _moves, reason, _plays, points = offered(at)
    if reason is None:
        return []
    return [Choice(event=event("pass", current.actor),
                   label=f"{player_name(at.state, current.actor)} {reason}",
                   fields=(REASON,), points=points)]
