"""A five-space race, written only for the tests of the recorder: an engine on the protocol
(``legal_events`` with a chance node, ``pieces``, ``layout``, referents) small enough to
reason about. Each turn a player throws a two-sided die, then moves their pawn that far."""

from __future__ import annotations

from itertools import pairwise
from types import MappingProxyType

import pytest

from games.core.board import BoardLayout, Piece, Space
from games.core.choices import Choice, OneOf, OpenField, SomeOf, Text, event
from games.core.engine import Engine
from games.core.event_rules import EventRule
from games.core.events import EventSpec, Field
from games.core.facts import PlayerFacts
from games.core.step import Outcome

SPACES = ("start", "well", "bridge", "mill", "tower")
NAMES = {"start": "the Start", "well": "the Well", "bridge": "the Bridge", "mill": "the Mill",
         "tower": "the Tower"}


def _roll(state, actor, data, ref):
    return {**state, "rolled": data["value"]}, f"{state['names'][actor]} throws {data['value']}"


def _move(state, actor, data, ref):
    at = state["at"][actor]
    target = SPACES[min(SPACES.index(at) + (state["rolled"] or 0), len(SPACES) - 1)]
    if data["to"] != target:
        ref.violation("race/moving", f"the throw takes the pawn to {NAMES[target]}, not "
                      f"{NAMES[data['to']]}")
    order = state["order"]
    new = {**state, "at": {**state["at"], actor: data["to"]}, "rolled": None,
           "turn": order[(order.index(actor) + 1) % len(order)]}
    return new, f"{state['names'][actor]} moves to {NAMES[data['to']]}"


def _offer_roll(at):
    state = at.state
    if state["rolled"] is not None or _won(state):
        return []
    actor = state["turn"]
    value = OpenField("value", OneOf((1, 2), labels=("one", "two")), prompt="The die shows")
    return [Choice(event=event("roll", actor), label=f"{state['names'][actor]} throws",
                   chance=True, fields=(value,))]


def _offer_move(at):
    state = at.state
    if state["rolled"] is None:
        return []
    actor = state["turn"]
    at_ = state["at"][actor]
    to = SPACES[min(SPACES.index(at_) + state["rolled"], len(SPACES) - 1)]
    return [Choice(event=event("move", actor, to=to),
                   label=f"{state['names'][actor]} moves to {NAMES[to]}", spaces=(at_, to),
                   origin=at_, target=to)]


def _offer_shout(at):
    state = at.state
    if state["rolled"] is None:
        return []
    actor = state["turn"]
    return [Choice(event=event("shout", actor), label=f"{state['names'][actor]} shouts a word",
                   fields=(OpenField("word", Text(max_length=40), prompt="The word"),))]


def _offer_discard(at):
    state = at.state
    if state["rolled"] is None:
        return []
    actor = state["turn"]
    charms = OpenField("charms", SomeOf(("sun", "moon", "sun"), least=1, most=2),
                       prompt="The charms discarded")
    return [Choice(event=event("discard", actor),
                   label=f"{state['names'][actor]} discards charms", fields=(charms,))]


def _won(state):
    return any(at == "tower" for at in state["at"].values())


class RaceEngine(Engine):
    slug = "test-race"
    name = "the test race"
    version = "1"
    event_specs = (
        EventSpec("roll", "a throw", {"value": Field("int", low=1, high=2)}),
        EventSpec("move", "a pawn moves", {"to": Field("str", refers="space")}),
        EventSpec("shout", "a player shouts a word", {"word": Field("str")}),
        EventSpec("discard", "a player discards charms", {"charms": Field("list[str]")}),
    )
    rules = MappingProxyType({
        "roll": EventRule("roll", _roll, _offer_roll, __name__),
        "move": EventRule("move", _move, _offer_move, __name__),
        "shout": EventRule("shout", lambda s, a, d, r: (s, f"{a}: {d['word']}"), _offer_shout,
                           __name__),
        "discard": EventRule("discard",
                             lambda s, a, d, r: (s, f"{a} discards {', '.join(d['charms'])}"),
                             _offer_discard, __name__),
    })
    turn_rule = "race/turns"
    end_rule = "race/end"
    min_players = 2
    max_players = 2

    def initial_state(self, players, setup, board=None):
        ids = [p["id"] for p in players]
        return {"names": {p["id"]: p["name"] for p in players}, "order": ids,
                "at": dict.fromkeys(ids, "start"), "turn": ids[0], "rolled": None}

    def referents(self, kind, setup):
        return SPACES if kind == "space" else None

    def may_not_act(self, state, event_type, actor):
        from games.core.engine import Refusal

        if event_type != "shout" and actor != state["turn"]:
            return Refusal(self.turn_rule, f"it is {state['names'][state['turn']]}'s turn")
        return None

    def outcome(self, state):
        winners = [p for p, at in state["at"].items() if at == "tower"]
        return Outcome(finished=bool(winners), winner=winners[0] if winners else None)

    def player_facts(self, state, viewer=None):
        return [PlayerFacts(player=p, name=state["names"][p], facts=(("On", NAMES[at]),),
                            acting=state["turn"] == p) for p, at in state["at"].items()]

    def pieces(self, state):
        return [Piece(id=f"pawn-{p}", kind="pawn", label=f"{state['names'][p]}'s pawn",
                      space=at, owner=p) for p, at in state["at"].items()]

    def layout(self, state=None):
        return BoardLayout(
            spaces=tuple(Space(id=s, name=NAMES[s], kind="track", x=100.0 * i, y=50.0)
                         for i, s in enumerate(SPACES)),
            links=tuple(pairwise(SPACES)), width=500, height=100,
            provenance={"status": "a test board"},
        )


RACE = RaceEngine()


@pytest.fixture
def race_match(db):
    """A match of the test race, its engine registered for this test only. Import the
    fixture into a test module to use it."""
    from games import registry
    from tests.factories import GameFactory, MatchFactory

    game = GameFactory(slug=RACE.slug, title="The test race", min_players=2, max_players=2)
    with registry.registering(RACE):
        yield MatchFactory(game=game, title="A race")
