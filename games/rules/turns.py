"""The turn: who plays, at which stage of the turn the record is, what may come next, and how a
turn ends (the next seat, an extra turn, turns lost, a player whose pieces all wait).

A turn runs through the document's stages in order (``turn.stages``); an optional stage is
skipped by recording the next stage's event instead. A draw an effect asks for comes before
anything else. At the start of a turn a player with turns to lose, or whose pieces all wait,
records a ``pass``; so does a player who cannot do the stage the turn is at, and a player
whose remaining stages are all optional ends the turn with one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from games.core.draft import Draft
from games.rules.clauses import Read
from games.rules.effects import Context
from games.rules.mobility import any_move
from games.rules.model import RulesGame, Stage
from games.rules.movement import Move, stage_moves
from games.rules.state import OWNER, SPACE, WAITING, player_name, player_of_role

MOST_SETTLING = 100  # stages skipped in one event (empty decks), whatever the document


class Now(NamedTuple):
    """What the record may hold next: whose turn; a turn sat out; a draw due from ``pending``;
    else the ``stages`` the record may be at (the current one and the optional ones after it,
    up to a required one); ``may_end`` when all of those are optional."""

    actor: str
    sit_out: bool
    pending: str | None
    stages: tuple[Stage, ...]
    may_end: bool


def actor_now(game: RulesGame, state: Mapping[str, Any], read: Read) -> str:
    """Whose turn it is; before the first event, as the document's ``turn.first`` says."""
    turn = state["turn"]
    if turn is not None:
        return turn
    first = game.first.pick(read)
    if first != "seat-order":
        return player_of_role(state, first) or state["players"][0]["id"]
    return state["players"][0]["id"]


def sitting_out(game: RulesGame, state: Mapping[str, Any], actor: str) -> bool:
    if state["stage"] or state["throw"] is not None or state["mover"] is not None:
        return False
    if state["lost"][actor] > 0:
        return True
    if not game.waits:
        return False
    waiting = False
    for piece in state["pieces"]:
        if piece[OWNER] == actor and piece[SPACE] is not None:
            if not piece[WAITING]:
                return False
            waiting = True
    return waiting


def exhausted(state: Mapping[str, Any], deck: str) -> bool:
    """A deck with no card to draw, even after a reshuffle."""
    held = state["decks"][deck]
    return not any(held["pile"].values()) and not any(held["discard"].values())


def now(game: RulesGame, state: Mapping[str, Any], read: Read) -> Now:
    actor = state["turn"]
    if actor is None:
        actor = actor_now(game, state, read)
    if state["pending"]:
        return Now(actor, False, state["pending"][0], (), False)
    if (game.waits or state["lost"][actor]) and sitting_out(game, state, actor):
        return Now(actor, True, None, (), False)
    index = state["stage"]
    # The usual case, said at once: a stage that is alone (see ``lone_stages``), one Now per
    # player and stage, made the first time (it is asked before and after every event).
    usual = game.usual_nows.get((actor, index))
    if usual is not None:
        return usual
    alone = game.lone_stages
    if index < len(alone) and alone[index]:
        usual = game.usual_nows[actor, index] = Now(actor, False, None, alone[index], False)
        return usual
    found = []
    for stage in game.stages[state["stage"]:]:
        if stage.kind == "draw" and (exhausted(state, stage.source) or
                                     (not game.decks[stage.source].reshuffle and
                                      not any(state["decks"][stage.target]["pile"].values()))):
            continue
        found.append(stage)
        if not stage.optional:
            return Now(actor, False, None, tuple(found), False)
    return Now(actor, False, None, tuple(found), True)


def open_moves(game: RulesGame, state: Mapping[str, Any], current: Now, read: Read,
               origin: str | None = None) -> list[Move]:
    """The moves of every stage the record may be at (only those of the pieces on
    ``origin``, when given)."""
    acting = [stage for stage in current.stages if stage.kind == "act"]
    if len(acting) == 1:  # the usual case: one stage's moves, each path said once already
        return stage_moves(game, state, current.actor, acting[0], read, origin)
    found: list[Move] = []
    seen: set[tuple[str, ...]] = set()
    for stage in acting:
        for move in stage_moves(game, state, current.actor, stage, read, origin):
            if move.path not in seen:
                seen.add(move.path)
                found.append(move)
    return found


def playable(game: RulesGame, state: Mapping[str, Any], current: Now
             ) -> list[tuple[Stage, list[str]]]:
    """Per open stage with a play action: the cards of the player's hand it may play, in the
    decks' order."""
    if not game.plays_cards:
        return []
    hand = state.get("hands", {}).get(current.actor, {})
    found = []
    for stage in current.stages:
        for action in stage.actions:
            if action.kind != "play":
                continue
            cards = [card for card in game.cards if hand.get(card, 0) > 0 and
                     (action.cards is None or card in action.cards)]
            found.append((stage, cards))
    return found


def pass_reason(game: RulesGame, state: Mapping[str, Any], current: Now, read: Read,
                moves: list[Move] | None = None) -> str | None:
    """Why the player may record a ``pass`` now (in words), or None when it may not
    (``moves``: the open moves, when the caller has them)."""
    if current.pending:
        return None
    if current.sit_out:
        return "loses a turn" if state["lost"][current.actor] else "waits to be released"
    if current.may_end:
        return "ends the turn"
    if any(action.kind == "pass" for stage in current.stages for action in stage.actions):
        return "passes"
    if current.stages[-1].kind != "act":
        return None
    can_move = bool(moves) if moves is not None else not cannot_act(game, state, current, read)
    if can_move or any(cards for _stage, cards in playable(game, state, current)):
        return None
    return "cannot move and passes"


def cannot_act(game: RulesGame, state: Mapping[str, Any], current: Now, read: Read) -> bool:
    """No move and no card to play at any stage the record may be at."""
    if game.plays_cards and any(cards for _stage, cards in playable(game, state, current)):
        return False
    for stage in current.stages:  # a plain loop: asked after every event
        if stage.kind == "act" and any_move(game, state, current.actor, stage, read):
            return False
    return True


def expected(game: RulesGame, state: Mapping[str, Any], current: Now) -> str:
    """What the record should hold now, for a violation's message."""
    name = player_name(state, current.actor)
    if current.pending:
        return f"{name} must draw from {game.decks[current.pending].name}"
    if current.sit_out:
        return f"{name} must pass (a turn sat out)"
    said = []
    for stage in current.stages:
        if stage.kind == "throw":
            said.append(f"throw {game.dice[stage.source].name}")
        elif stage.kind == "draw":
            said.append(f"draw from {game.decks[stage.source].name}")
        else:
            said.append(" or ".join(dict.fromkeys(_act_words(action.kind)
                                                  for action in stage.actions)))
    if current.may_end:
        said.append("pass")
    return f"{name} must {' or '.join(dict.fromkeys(said))}"


def _act_words(kind: str) -> str:
    return {"play": "play a card", "pass": "pass"}.get(kind, "move")


def settle(ctx: Context, draft: Draft) -> None:
    """After an event: reshuffle an empty deck a draw is due from, skip a draw from one that
    stays empty, and end the turn once its stages are done."""
    state = draft.state
    game = ctx.game
    if not game.decks:  # no draw to settle: only the end of the turn
        if not state["over"] and state["stage"] >= len(game.stages):
            end_turn(ctx, draft)
        return
    for _ in range(MOST_SETTLING):
        if state["over"]:
            return
        if state["pending"]:
            deck = state["pending"][0]
            if _ready(game, draft, deck):
                return
            state["pending"] = state["pending"][1:]
            continue
        if state["stage"] >= len(game.stages):
            end_turn(ctx, draft)
            continue
        stage = game.stages[state["stage"]]
        if stage.kind == "draw" and not _ready(game, draft, stage.target):
            state["stage"] += 1
            continue
        return


def _ready(game: RulesGame, draft: Draft, deck: str) -> bool:
    """Whether a card can be drawn from ``deck``, reshuffling its discards when it says so."""
    held = draft.state["decks"][deck]
    if any(held["pile"].values()):
        return True
    if not game.decks[deck].reshuffle or not any(held["discard"].values()):
        return False
    pile = draft.edit("decks", deck)
    pile["pile"], pile["discard"] = dict(held["discard"]), {}
    return True


def end_turn(ctx: Context, draft: Draft) -> None:
    state = draft.state
    actor = state["turn"]
    if state["extra"]:
        state["extra"] = False
    else:
        players = state["players"]
        for seat, player in enumerate(players):
            if player["id"] == actor:
                state["turn"] = players[(seat + 1) % len(players)]["id"]
                break
    # Set one by one, not update(**...): after every turn.
    state["stage"] = 0
    state["throw"] = state["total"] = state["mover"] = None
    state["pending"] = []
    if ctx.game.waits:  # else no piece ever waits
        _all_waiting(ctx, draft)


def _all_waiting(ctx: Context, draft: Draft) -> None:
    """Every player with a piece on the board has all of them waiting: the document says
    whether the game ends there or every piece is released."""
    pieces = draft.state["pieces"]
    for piece in pieces:  # a plain loop: asked after every turn, most often of no waiting piece
        if piece[WAITING]:
            break
    else:
        return
    placed = [piece for piece in pieces if piece[SPACE] is not None]
    if not all(piece[WAITING] for piece in placed):
        return
    if ctx.game.all_waiting.pick(ctx.read) == "end":
        draft.state.update(over=True, winner=None,
                           reason="every player waits to be released: the game ends with no "
                                  "winner")
        return
    for index, piece in enumerate(pieces):
        if piece[WAITING]:
            draft.edit("pieces", index)[WAITING] = False
