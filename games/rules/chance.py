"""Throws and draws: what the dice showed and which card came up, recorded as they happened
(chance events; their offers carry the odds of every outcome)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.choices import Choice, OneOf, OpenField, event
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.rules.clauses import Reading, agreed
from games.rules.effects import apply_card
from games.rules.model import RulesGame
from games.rules.refereeing import begin, draft_for, finish
from games.rules.state import first_piece, player_name
from games.rules.turns import expected, now


def throw(game: RulesGame, state: dict, actor: str | None, data: Mapping[str, Any],
          ref: Referee) -> tuple[dict, str]:
    """A throw of the dice the turn's stage names; ``again_on`` totals give another turn."""
    opened = begin(game, state, actor, ref)
    if opened is None:
        return state, "a throw out of turn (ignored)"
    ctx, current = opened
    name = player_name(state, actor)
    stage = _first(current.stages, "throw")
    if stage is None:
        ref.violation(game.turn_rule, f"{expected(game, state, current)}, not throw; the "
                      "throw is skipped", citations=game.turn_citations)
        return state, f"{name} throws out of turn (ignored)"
    dice = game.dice[stage.target]
    values = list(data["dice"])
    if len(values) != dice.count or not dice.face_set.issuperset(values):
        ref.violation(dice.rule, f"{values} is not a throw of {dice.count} dice with faces "
                      f"{', '.join(map(str, dice.faces))}; taken as thrown")
    total = dice.total(values) if values else 0
    draft = draft_for(state, current)
    draft.state.update(throw=values, total=total, stage=stage.index + 1)
    draft.edit("thrown")[actor] = state["thrown"][actor] + 1
    again = stage.again_on is not None and agreed(stage.again_on, lambda on: total in on,
                                                  ctx.read)
    if again:
        draft.state["extra"] = True
    shown = " and ".join(map(str, values))
    summary = f"{name} throws {shown}" + (f" ({total})" if len(values) > 1 else "") + \
        (" and will play again" if again else "")
    return finish(ctx, draft, state), summary


def _first(stages, kind: str):
    for stage in stages:
        if stage.kind == kind:
            return stage
    return None


def offer_throw(at: Offering) -> list[Choice]:
    game = at.engine.game
    current = now(game, at.state, Reading(at.reading))
    stage = next((stage for stage in current.stages if stage.kind == "throw"), None)
    if stage is None:
        return []
    dice = game.dice[stage.target]
    return [Choice(event=event("throw", current.actor),
                   label=f"{player_name(at.state, current.actor)} throws {dice.name}",
                   chance=True,
                   fields=(OpenField("dice", dice.outcomes, prompt="The dice as they fell"),))]


def draw(game: RulesGame, state: dict, actor: str | None, data: Mapping[str, Any],
         ref: Referee) -> tuple[dict, str]:
    """The top card of a deck, drawn when a stage or an effect says so: kept in the hand, or
    obeyed (its effect) and discarded."""
    opened = begin(game, state, actor, ref)
    if opened is None:
        return state, "a draw out of turn (ignored)"
    ctx, current = opened
    name = player_name(state, actor)
    deck_id, card_id = data["deck"], data["card"]
    stage = next((stage for stage in current.stages if stage.kind == "draw"), None)
    due = current.pending or (stage.target if stage is not None else None)
    if due != deck_id:
        ref.violation(game.turn_rule, f"{expected(game, state, current)}, not draw from "
                      f"{deck_id!r}; the draw is skipped", citations=game.turn_citations)
        return state, f"{name} draws out of turn (ignored)"
    deck, card = game.decks[deck_id], game.cards[card_id]
    if card.deck != deck_id:
        ref.violation(deck.rule, f"{card.name} is not a card of {deck.name}; the draw is "
                      "skipped")
        return state, f"{name} draws a card of another deck (ignored)"
    draft = draft_for(state, current)
    left = state["decks"][deck_id]["pile"].get(card_id, 0)
    if left < 1:
        ref.violation(deck.rule, f"{deck.name} holds no {card.name} now; taken as drawn")
    else:
        pile = draft.edit("decks", deck_id, "pile")
        if left == 1:
            del pile[card_id]
        else:
            pile[card_id] = left - 1
    if current.pending:
        draft.state["pending"] = state["pending"][1:]
    else:
        assert stage is not None  # nothing pending: the draw was due by the stage
        draft.state["stage"] = stage.index + 1
    said: list[str] = []
    if card.keep:
        hand = draft.edit("hands", actor)
        hand[card_id] = hand.get(card_id, 0) + 1
        said.append("keeps it")
    else:
        discard = draft.edit("decks", deck_id, "discard")
        discard[card_id] = discard.get(card_id, 0) + 1
        apply_card(ctx, draft, first_piece(draft.state, actor), card, said)
    summary = f"{name} draws {card.name}" + (f": {', '.join(said)}" if said else "")
    return finish(ctx, draft, state), summary


def offer_draw(at: Offering) -> list[Choice]:
    """A draw due now, each card by its odds: as many chances as copies left in the pile (for
    a seat: in what it has not seen)."""
    game = at.engine.game
    current = now(game, at.state, Reading(at.reading))
    stage = next((stage for stage in current.stages if stage.kind == "draw"), None)
    deck_id = current.pending or (stage.target if stage is not None else None)
    if deck_id is None:
        return []
    deck = game.decks[deck_id]
    pile = at.state["decks"][deck_id]["pile"]
    cards = [card for card in deck.cards if pile.get(card.id, 0) > 0]
    if not cards:
        return []
    domain = OneOf(values=tuple(card.id for card in cards),
                   labels=tuple(card.name for card in cards),
                   weights=tuple(float(pile[card.id]) for card in cards))
    return [Choice(event=event("draw", current.actor, deck=deck_id),
                   label=f"{player_name(at.state, current.actor)} draws from {deck.name}",
                   chance=True, fields=(OpenField("card", domain, prompt="The card drawn"),))]
