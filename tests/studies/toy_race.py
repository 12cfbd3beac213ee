"""A tiny race game on the engine core, for the tests of studies and agents: players roll a
die in turn, move up to what they rolled, and the first to reach square 15 wins. A player who
lands on another knocks it back: to the start, or three squares back.

Two doubts. ``toy-race.six-again``: does a six give another roll? A record played under one
reading breaks the other (a second roll after a six is out of turn when a six gives none).
``toy-race.knock-chooser``: who chooses where a knocked player goes, the knocker or the
knocked? It hands one decision to another player, and only players who care about winning
show the difference (the knocker sends it to the start, the knocked goes three back).

``evaluate`` is its plain evaluation for the agents: how far along the track a player is.
Its simulated matches are the shared agents' (``Engine.simulate``).
"""

from __future__ import annotations

import sys

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.engine import Engine, Refusal
from games.core.evaluation import Evaluation
from games.core.events import EventSpec, Field
from games.core.facts import PlayerFacts
from games.core.points import Citation, InterpretationPoint, Option
from games.core.step import Outcome

GOAL = 12
SIX_AGAIN = InterpretationPoint(
    id="toy-race.six-again",
    question="Does a six give the same player another roll?",
    options=(Option("again", "yes, the player rolls again"),
             Option("pass", "no, the turn passes")),
    default="again",
    doubt="unspecified",
    citations=(Citation("toy-race/turns", "roll the die and move"),),
)
KNOCK_CHOOSER = InterpretationPoint(
    id="toy-race.knock-chooser",
    question="Who chooses where a knocked player goes back to?",
    options=(Option("knocker", "the player who lands on it"),
             Option("knocked", "the player knocked back")),
    default="knocker",
    doubt="conflict",
    citations=(Citation("toy-race/knocks", "a player landed on goes back"),),
)
ROLL, MOVE, KNOCK = "roll", "move", "knock"


def _name(state, pid) -> str:
    return state["names"].get(pid, str(pid))


def _next_turn(draft: Draft, ref, rolled: int) -> None:
    state = draft.state
    if rolled == 6 and ref.consult(SIX_AGAIN, "a six was rolled") == "again":
        state["phase"] = ROLL
        return
    order = state["order"]
    state["turn"] = order[(order.index(state["turn"]) + 1) % len(order)]
    state["phase"] = ROLL


def roll(state, actor, data, ref):
    draft = Draft(state)
    draft.state.update(phase=MOVE, roll=data["value"])
    return draft.state, f"{_name(state, actor)} rolls {data['value']}"


def offer_roll(at):
    state = at.state
    if state["phase"] != ROLL:
        return []
    pid = state["turn"]
    return [Choice(event("roll", pid), f"{_name(state, pid)} rolls the die", chance=True,
                   fields=(OpenField("value", one_of(range(1, 7))),))]


def move(state, actor, data, ref):
    draft = Draft(state)
    steps = data["steps"]
    if not 1 <= steps <= state["roll"]:
        ref.violation("toy-race/turns", f"{steps} is more than the {state['roll']} rolled")
        steps = state["roll"]
    square = state["positions"][actor] + steps
    draft.update("positions", **{actor: square})
    landed_on = [p for p in state["order"] if p != actor and state["positions"][p] == square]
    if square >= GOAL:
        draft.state.update(winner=actor, phase="over")
    elif landed_on:
        draft.state.update(phase=KNOCK, pending={"target": landed_on[0]})
    else:
        _next_turn(draft, ref, state["roll"])
    return draft.state, f"{_name(state, actor)} moves {steps}"


def offer_move(at):
    state = at.state
    if state["phase"] != MOVE:
        return []
    pid = state["turn"]
    return [Choice(event("move", pid), f"{_name(state, pid)} moves",
                   fields=(OpenField("steps", one_of(range(1, state["roll"] + 1))),))]


def knock(state, actor, data, ref):
    draft = Draft(state)
    target = state["pending"]["target"]
    option = ref.consult(KNOCK_CHOOSER, "who chose where the knocked player goes")
    expected = actor if option == "knocker" else target
    if data["chosen_by"] != expected:
        ref.violation("toy-race/knocks", f"{_name(state, expected)} chooses, not "
                      f"{_name(state, data['chosen_by'])}", point=KNOCK_CHOOSER)
    back = data["to"]
    if back not in _backs(state, target):
        ref.violation("toy-race/knocks", f"{back} is not where a knocked player goes")
        back = 0
    draft.update("positions", **{target: back})
    draft.state["pending"] = None
    _next_turn(draft, ref, state["roll"])
    return draft.state, f"{_name(state, target)} goes back to {back}"


def _backs(state, target) -> tuple[int, ...]:
    return tuple(sorted({0, max(0, state["positions"][target] - 1)}))


def offer_knock(at):
    state = at.state
    if state["phase"] != KNOCK:
        return []
    pid, target = state["turn"], state["pending"]["target"]
    chooser = pid if at.option(KNOCK_CHOOSER) == "knocker" else target
    where = OpenField("to", one_of(_backs(state, target)),
                      decider=None if chooser == pid else chooser)
    return [Choice(event("knock", pid, chosen_by=chooser),
                   f"{_name(state, pid)} knocks {_name(state, target)} back", fields=(where,),
                   points=(KNOCK_CHOOSER.id,))]


RULES = {"roll": (roll, offer_roll), "move": (move, offer_move), "knock": (knock, offer_knock)}


def evaluate(state, seat, reading) -> float:
    return state["positions"][seat] / GOAL


class ToyRace(Engine):
    slug = "toy-race"
    name = "Toy race"
    points = (SIX_AGAIN, KNOCK_CHOOSER)
    event_specs = (
        EventSpec("roll", {"value": Field("int", low=1, high=6)}),
        EventSpec("move", {"steps": Field("int", low=1, high=6)}),
        EventSpec("knock", {"to": Field("int", low=0, high=GOAL),
                            "chosen_by": Field("str", refers="player")}),
    )
    sections = (sys.modules[__name__],)
    min_players = 2
    max_players = 4
    turn_rule = "toy-race/turns"
    end_rule = "toy-race/end"
    evaluation = Evaluation(evaluate=evaluate)

    def initial_state(self, players, setup, board=None) -> dict:
        return {"order": [p["id"] for p in players],
                "names": {p["id"]: p.get("name") or p["id"] for p in players},
                "turn": players[0]["id"], "phase": ROLL, "roll": None, "pending": None,
                "positions": {p["id"]: 0 for p in players}, "winner": None}

    def may_not_act(self, state, event_type, actor):
        if actor != state["turn"] or state["phase"] != event_type:
            return Refusal("toy-race/turns", f"it is not {actor}'s {event_type}")
        return None

    def outcome(self, state) -> Outcome:
        return Outcome(finished=state["winner"] is not None, winner=state["winner"])

    def player_facts(self, state, viewer=None):
        return [PlayerFacts(player=pid, name=_name(state, pid),
                            facts=(("Square", str(state["positions"][pid])),),
                            acting=state["winner"] is None and pid == state["turn"])
                for pid in state["order"]]


ENGINE = ToyRace()
