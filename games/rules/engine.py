"""A compiled rules document as an ordinary ``Engine``: the same dispatch, guards and offers as
the seed engines, its ``RULES`` tables made from the document (handler and offer side by side,
``games.core.event_rules``), so everything built on engines (replays, comparisons, sweeps, agents)
works for it unchanged."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from functools import cached_property, partial
from types import ModuleType
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.engine import Engine, Refusal
from games.core.event_rules import event_rules
from games.core.events import EventSpec, Field
from games.core.facts import PlayerFacts
from games.core.step import Outcome
from games.rules import acts, chance, hands
from games.rules.drawing import facts_of, layout_of, pieces_of
from games.rules.evaluation import evaluation_of
from games.rules.model import RulesGame
from games.rules.movement import MOST_JUMPS
from games.rules.state import new_state, player_name

MOST_REASON = 200


class RulesEngine(Engine):
    """The engine of one rules document (``game``, compiled), under the archive's ``slug``,
    ``name`` and the document's ``version`` (what refereed a stored run)."""

    def __init__(self, game: RulesGame, *, slug: str, name: str, version: str) -> None:
        self.game = game
        self.slug = slug
        self.name = name
        self.version = version
        self.points = game.points
        self.certainties = game.certainties
        self.out_of_scope = game.out_of_scope
        self.min_players = game.min_players
        self.max_players = game.max_players
        self.default_setup = {}
        self.rulebook = game.rulebook
        self.turn_rule = game.turn_rule
        self.end_rule = game.end_rule
        self.evaluation = evaluation_of(game)
        self.event_specs = event_specs_of(game)
        self.sections = sections_of(game, slug)
        self.rules = event_rules(self.sections)
        self.handlers = {event_type: rule.handler for event_type, rule in self.rules.items()}
        self.offers = tuple(rule.offer for rule in self.rules.values())
        # The offers of one state share their moves (see acts.offered): the last state's.
        self.offer_memo: tuple | None = None

    @cached_property
    def board(self) -> dict:
        return self.game.board

    @cached_property
    def _layout(self) -> BoardLayout:
        return layout_of(self.game)

    def referents(self, kind: str, setup: Mapping[str, Any]) -> Collection[str] | None:
        if kind == "space":
            return self.game.spaces.keys()
        if kind == "card":
            return self.game.cards.keys()
        if kind == "deck":
            return self.game.decks.keys()
        return None

    def initial_state(self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
                      board=None) -> dict:
        return new_state(self.game, players)

    def may_not_act(self, state: Mapping[str, Any], event_type: str,
                    actor: str | None) -> Refusal | None:
        turn = state["turn"]
        if turn is not None and actor != turn:
            return Refusal(self.turn_rule, f"it is {player_name(state, turn)}'s turn, not "
                           f"{player_name(state, actor)}'s; the event is skipped")
        return None

    def finished(self, state: Mapping[str, Any]) -> bool:
        return state["over"]

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        if not state["over"]:
            return Outcome(finished=False)
        return Outcome(finished=True, winner=state["winner"], reason=state["reason"])

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        return pieces_of(self.game, state)

    def layout(self, state: Mapping[str, Any] | None = None) -> BoardLayout:
        return self._layout

    def player_facts(self, state: Mapping[str, Any], viewer: str | None = None
                     ) -> list[PlayerFacts]:
        return facts_of(self.game, state, viewer)

    def view(self, state: Mapping[str, Any], viewer: str | None) -> dict:
        return hands.view(self.game, state, viewer)

    def resample_hidden(self, state: Mapping[str, Any], seat: str, rng: random.Random) -> dict:
        return hands.resample_hidden(self.game, state, seat, rng)


def event_specs_of(game: RulesGame) -> tuple[EventSpec, ...]:
    """The document's events: the five types a data game records, those it uses."""
    specs = []
    thrown = [game.dice[stage.source] for stage in game.stages if stage.kind == "throw"]
    if thrown:
        faces = [face for dice in thrown for face in dice.faces]
        specs.append(EventSpec(
            "throw", "The dice thrown, each die's face as it fell (a chance event).",
            {"dice": Field("list[int]", min_items=min(d.count for d in thrown),
                           max_items=max(d.count for d in thrown), low=min(faces),
                           high=max(faces), description="each die's face, in any order")}))
    if game.decks:
        specs.append(EventSpec(
            "draw", "The top card of a deck, as it was read (a chance event).",
            {"deck": Field("str", refers="deck", description="the deck drawn from"),
             "card": Field("str", refers="card", description="the card drawn")}))
    kinds = {action.kind for action in game.actions.values()}
    if kinds & {"race", "step", "jump", "enter"}:
        specs.append(EventSpec(
            "move", "A piece moved: the space it left, each space it jumped to, the space it "
            "reached (where the throw took it; the board's effects follow by themselves).",
            {"path": Field("list[str]", min_items=2, max_items=MOST_JUMPS + 1, refers="space",
                           description="from the piece's space to where it stops")}))
    if "play" in kinds:
        specs.append(EventSpec(
            "play", "A card kept in the hand, played.",
            {"card": Field("str", refers="card", description="the card played")}))
    specs.append(EventSpec(
        "pass", "The player passes: a turn lost or waited, no move possible, or the turn "
        "ended where what is left of it is optional.",
        {"reason": Field("str", required=False, max_length=MOST_REASON,
                         description="free text")}))
    return tuple(specs)


def sections_of(game: RulesGame, slug: str) -> tuple[ModuleType, ...]:
    """The engine's sections, as the core's tables want them: the turn (throws, draws,
    passes) and the actions (moves, cards played), each a RULES table of (handler, offer)."""
    used = {spec.type for spec in event_specs_of(game)}
    turn = {"throw": (partial(chance.throw, game), chance.offer_throw),
            "draw": (partial(chance.draw, game), chance.offer_draw),
            "pass": (partial(acts.pass_turn, game), acts.offer_pass)}
    actions = {"move": (partial(acts.move, game), acts.offer_move),
               "play": (partial(acts.play, game), acts.offer_play)}
    found = []
    for name, table, said in (
            ("turn", turn, "the turn: throws, draws and passes (the document's turn)"),
            ("actions", actions, "the actions: moves and cards played (the document's actions)")):
        section = ModuleType(f"{slug} rules document: {name}", said)
        section.RULES = {event_type: pair for event_type, pair in table.items()  # type: ignore[attr-defined]
                         if event_type in used}
        if section.RULES:
            found.append(section)
    return tuple(found)
