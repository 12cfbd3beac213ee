"""A tiny race game for the study machinery's tests: players roll a die in turn and the
first to reach 10 wins. One doubt: does a six give another roll? A record played under one
reading breaks the other (a second roll after a six is out of turn when a six gives none),
so an impact study has violations and changed outcomes to count."""

from __future__ import annotations

import random

from games.core.engine import Engine, default_players
from games.core.events import EventSpec, Field
from games.core.points import Citation, Interpretation, InterpretationPoint, Option
from games.core.referee import Referee
from games.core.step import Outcome

SIX_AGAIN = InterpretationPoint(
    id="toy-race.six-again",
    question="Does a six give the same player another roll?",
    options=(Option("again", "yes, the player rolls again"),
             Option("pass", "no, the turn passes")),
    default="again",
    doubt="unspecified",
    citations=(Citation("toy-race/turns", "roll the die and move"),),
)


class ToyRace(Engine):
    slug = "toy-race"
    name = "Toy race"
    points = (SIX_AGAIN,)
    event_specs = (EventSpec("roll", {"value": Field("int", low=1, high=6)}),)

    def initial_state(self, players, setup, board=None) -> dict:
        return {"order": [p["id"] for p in players], "turn": 0,
                "positions": {p["id"]: 0 for p in players}, "winner": None}

    def apply_game_event(self, state, event, interpretation: Interpretation):
        ref = Referee(interpretation)
        actor, value = event.get("actor"), event["data"]["value"]
        if state["winner"] is not None:
            ref.violation("toy-race/end", "the race is over")
            return ref.step(state, "roll after the end (ignored)")
        if actor != state["order"][state["turn"]]:
            ref.violation("toy-race/turns", f"it is not {actor}'s turn")
            return ref.step(state, f"{actor} rolls out of turn (ignored)")
        positions = {**state["positions"], actor: state["positions"][actor] + value}
        turn = (state["turn"] + 1) % len(state["order"])
        if value == 6 and ref.consult(SIX_AGAIN, "a six was rolled") == "again":
            turn = state["turn"]
        winner = actor if positions[actor] >= 10 else None
        return ref.step({**state, "positions": positions, "turn": turn, "winner": winner},
                        f"{actor} rolls {value}")

    def outcome(self, state) -> Outcome:
        return Outcome(finished=state["winner"] is not None, winner=state["winner"])

    def simulate(self, *, seed, players=None, setup=None, max_events=None, min_events=None,
                 interpretation=None) -> dict:
        rng = random.Random(seed)
        players = players or default_players(2 + seed % 2)
        interpretation = self.reading(interpretation)
        state = self.initial_state(players, setup or {})
        events = []
        while state["winner"] is None and len(events) < (max_events or 1000):
            event = {"type": "roll", "actor": state["order"][state["turn"]],
                     "data": {"value": rng.randint(1, 6)}}
            state = self.apply(state, event, interpretation).state
            events.append(event)
        return self.match_document(title=f"Toy race (seed {seed})", players=players,
                                   setup=setup or {}, events=events, source="toy")


ENGINE = ToyRace()
