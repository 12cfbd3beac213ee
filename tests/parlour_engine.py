"""The parlour, a game written only for the recorder's tests: each turn asks for one open field
of every kind a choice can leave open, so the recorder's re-recording of a simulated match
proves each of them by clicks and typing, whatever the seed games happen to offer.

A turn: the player draws a card (a draw with two open fields: suit and rank, by their odds);
then moves their pawn around the ring of rooms (one room on, or two by the corridor or by the
stairs: two values for one space), bids (a whole number), discards from the hand (some of a
pool that holds one charm twice) or writes in the guest book (text with the names written
before, and optional details); then anyone at the table applauds (an open actor).
"""

from __future__ import annotations

import random
from itertools import pairwise
from types import MappingProxyType

import pytest

from games.core.board import BoardLayout, Piece, Space
from games.core.choices import (
    ACTOR,
    Choice,
    Details,
    Number,
    OneOf,
    OpenField,
    SomeOf,
    Text,
    event,
)
from games.core.engine import Engine, Refusal
from games.core.event_rules import EventRule
from games.core.events import EventSpec, Field
from games.core.facts import PlayerFacts
from games.core.step import Outcome

ROOMS = ("hall", "study", "library", "kitchen", "cellar", "garden")
NAMES = {room: f"the {room.capitalize()}" for room in ROOMS}
HAND = ("sun", "moon", "sun", "star")
TURNS = 8
DRAW, ACT, APPLAUSE = "draw", "act", "applause"


def _name(state, player):
    return state["names"][player]


def _ahead(room, steps):
    return ROOMS[(ROOMS.index(room) + steps) % len(ROOMS)]


def _ways(room):
    """Where a pawn may go: one room on, or two rooms on by the corridor or by the stairs."""
    one, two = _ahead(room, 1), _ahead(room, 2)
    return ((one, f"to {NAMES[one]}", one),
            (f"{two}/corridor", f"to {NAMES[two]} by the corridor", two),
            (f"{two}/stairs", f"to {NAMES[two]} by the stairs", two))


def _next(state, summary):
    order = state["order"]
    turn = order[(order.index(state["turn"]) + 1) % len(order)]
    return {**state, "phase": DRAW, "turn": turn, "turns": state["turns"] + 1}, summary


def _draw(state, actor, data, ref):
    return ({**state, "phase": ACT},
            f"{_name(state, actor)} draws the {data['rank']} of {data['suit']}")


def _move(state, actor, data, ref):
    room = data["to"].split("/")[0]
    moved = {**state, "at": {**state["at"], actor: room}, "phase": APPLAUSE}
    return moved, f"{_name(state, actor)} walks to {NAMES[room]}"


def _bid(state, actor, data, ref):
    return {**state, "phase": APPLAUSE}, f"{_name(state, actor)} bids {data['amount']}"


def _discard(state, actor, data, ref):
    return ({**state, "phase": APPLAUSE},
            f"{_name(state, actor)} discards {', '.join(data['charms'])}")


def _write(state, actor, data, ref):
    written = sorted({*state["written"], data["words"]})
    return ({**state, "phase": APPLAUSE, "written": written},
            f"{_name(state, actor)} writes “{data['words']}”")


def _applaud(state, actor, data, ref):
    return _next(state, f"{_name(state, actor)} applauds")


def _turn_choice(type_, state, label, *fields, **fixed):
    return Choice(event(type_, state["turn"], **fixed), f"{_name(state, state['turn'])} {label}",
                  fields=fields)


def _offer_draw(at):
    state = at.state
    if state["phase"] != DRAW:
        return []
    suit = OpenField("suit", OneOf(("hearts", "spades"), weights=(3, 1)), prompt="The suit")
    rank = OpenField("rank", OneOf((1, 2, 3), labels=("one", "two", "three")),
                     prompt="The rank")
    return [Choice(event("draw", state["turn"]), f"{_name(state, state['turn'])} draws a card",
                   chance=True, fields=(suit, rank))]


def _offer_move(at):
    state = at.state
    if state["phase"] != ACT:
        return []
    room = state["at"][state["turn"]]
    values, labels, spaces = zip(*_ways(room), strict=True)
    to = OpenField("to", OneOf(values, labels=labels, spaces=spaces), prompt="Where to")
    return [Choice(event("move", state["turn"]), f"{_name(state, state['turn'])} walks",
                   fields=(to,), spaces=(room, *spaces), origin=room)]


def _offer_bid(at):
    if at.state["phase"] != ACT:
        return []
    return [_turn_choice("bid", at.state, "bids",
                         OpenField("amount", Number(1, 12), prompt="The bid"))]


def _offer_discard(at):
    if at.state["phase"] != ACT:
        return []
    return [_turn_choice("discard", at.state, "discards charms",
                         OpenField("charms", SomeOf(HAND, least=1, most=3),
                                   prompt="The charms discarded"))]


def _offer_write(at):
    state = at.state
    if state["phase"] != ACT:
        return []
    words = OpenField("words", Text(max_length=30, suggestions=tuple(state["written"])),
                      prompt="The words written")
    details = OpenField("details", Details(most=3), prompt="Details", optional=True)
    return [_turn_choice("write", state, "writes in the guest book", words, details)]


def _offer_applaud(at):
    state = at.state
    if state["phase"] != APPLAUSE:
        return []
    who = OpenField(ACTOR, OneOf(tuple(state["order"])), prompt="Who applauds")
    return [Choice(event("applaud", None), "Someone applauds", fields=(who,))]


def _strategy(state, choices, rng, context):
    """Each turn the next kind of act in turn (walk, bid, discard, write), each with its
    open fields filled so that the match asks for everything: two ways to one room, both
    charms of a kind, words already written, named details."""
    if state["phase"] != ACT:
        return rng.choice(choices)
    choice = choices[state["turns"] % len(choices)]
    if choice.type == "move":
        return choice.filled({"to": choice.field("to").domain.values[1 + rng.randrange(2)]})
    if choice.type == "bid":
        return choice.filled({"amount": rng.randint(1, 12)})
    if choice.type == "discard":
        return choice.filled({"charms": rng.sample(["sun", "sun", "moon"], 3)})
    words = rng.choice(["Welcome", *state["written"]])
    return choice.filled({"words": words, "details": {"mood": rng.choice(["merry", "quiet"]),
                                                     "guests": str(rng.randint(2, 9))}})


class ParlourEngine(Engine):
    slug = "test-parlour"
    name = "the parlour"
    version = "1"
    event_specs = (
        EventSpec("draw", "a card drawn", {"suit": Field("str"), "rank": Field("int")}),
        EventSpec("move", "a pawn walks", {"to": Field("str")}),
        EventSpec("bid", "a bid", {"amount": Field("int")}),
        EventSpec("discard", "charms discarded", {"charms": Field("list[str]")}),
        EventSpec("write", "words in the guest book",
                  {"words": Field("str"), "details": Field("object", required=False)}),
        EventSpec("applaud", "applause", {}),
    )
    rules = MappingProxyType({
        type_: EventRule(type_, handler, offer, __name__) for type_, handler, offer in (
            ("draw", _draw, _offer_draw), ("move", _move, _offer_move),
            ("bid", _bid, _offer_bid), ("discard", _discard, _offer_discard),
            ("write", _write, _offer_write), ("applaud", _applaud, _offer_applaud))
    })
    turn_rule = "parlour/turns"
    end_rule = "parlour/end"
    min_players = 2
    max_players = 2

    def initial_state(self, players, setup, board=None):
        ids = [p["id"] for p in players]
        return {"names": {p["id"]: p["name"] for p in players}, "order": ids, "turn": ids[0],
                "phase": DRAW, "turns": 0, "at": dict.fromkeys(ids, "hall"), "written": []}

    def may_not_act(self, state, event_type, actor):
        if event_type != "applaud" and actor != state["turn"]:
            return Refusal(self.turn_rule, f"it is {_name(state, state['turn'])}'s turn")
        return None

    def outcome(self, state):
        return Outcome(finished=state["turns"] >= TURNS)

    def player_facts(self, state, viewer=None):
        return [PlayerFacts(player=p, name=state["names"][p], facts=(("In", NAMES[room]),),
                            acting=state["turn"] == p) for p, room in state["at"].items()]

    def pieces(self, state):
        return [Piece(id=f"pawn-{p}", kind="pawn", label=f"{state['names'][p]}'s pawn",
                      space=room, owner=p) for p, room in state["at"].items()]

    def layout(self, state=None):
        return BoardLayout(
            spaces=tuple(Space(id=room, name=NAMES[room], kind="room", x=100.0 * (i % 3),
                               y=100.0 * (i // 3)) for i, room in enumerate(ROOMS)),
            links=(*pairwise(ROOMS), (ROOMS[-1], ROOMS[0])), width=300, height=200,
            provenance={"status": "a test board"})

    def simulate(self, *, seed, players=None, setup=None, max_events=None, min_events=None,
                 interpretation=None):
        """Not the agents' match: a scripted one (``_strategy``), so that the recorder is
        asked for every kind of open field."""
        players = players or [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]
        rng, reading = random.Random(seed), self.reading(interpretation)
        state, events = self.initial_state(players, {}), []
        while (choices := self.legal_events(state, reading)) and len(events) < (
                max_events or 10_000):
            picked = _strategy(state, choices, rng, None)
            event = picked.sampled(rng, leave_out=0.5) if isinstance(picked, Choice) else picked
            step = self.apply(state, event, reading)
            assert step.legal, step.flags
            state = step.state
            events.append(event)
        return self.match_document(title=f"The parlour (seed {seed})", players=players,
                                   setup={}, events=events, source="simulated")


PARLOUR = ParlourEngine()


@pytest.fixture
def parlour(db):
    """The parlour's engine and game, registered for this test only."""
    from games import registry
    from tests.factories import GameFactory

    GameFactory(slug=PARLOUR.slug, title="The parlour", min_players=2, max_players=2)
    with registry.registering(PARLOUR):
        yield PARLOUR
