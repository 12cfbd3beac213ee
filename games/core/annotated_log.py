"""The records of a game that has no rule engine yet: annotated logs, kept without a referee.

Such a game's records hold a generic ``move`` (who acted and what they did, in the record's
own words, with optional structured details) beside the common ``annotation`` and
``correction``. A replay steps through them as they were written: nothing is judged, nothing
is flagged, and the state only counts what was recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.choices import Choice, Details, OpenField, Text, event
from games.core.engine import Engine
from games.core.event_rules import EventRule, Offering
from games.core.events import EventSpec, Field
from games.core.facts import PlayerFacts
from games.core.referee import Referee
from games.core.step import Outcome

GENERIC_MOVE = EventSpec(
    "move",
    "One thing a player did, as the record says it (this game has no rule engine to judge it).",
    {
        "text": Field("str", description="what the player did, in the record's own words"),
        "fields": Field(
            "object",
            required=False,
            description='structured details the record gives, e.g. {"from": "A1", "to": "B3"}',
        ),
    },
)


def _move(state: dict[str, Any], actor: str | None, data: Mapping[str, Any], ref: Referee
          ) -> tuple[dict[str, Any], str]:
    names = state["names"]
    new = {**state, "moves": state["moves"] + 1,
           "moves_by": {**state["moves_by"], actor: state["moves_by"].get(actor, 0) + 1}}
    return new, f"{names.get(actor, actor)}: {data['text']}"


WHAT = OpenField("text", Text(max_length=2000), prompt="What the player did, in the record's "
                 "words")
DETAILS = OpenField("fields", Details(), prompt="Details the record gives (optional)",
                    optional=True)


def _offer_move(at: Offering) -> list[Choice]:
    """One open ``move`` per player: with no rules to enumerate, the record says what, and
    may give structured details."""
    return [Choice(event=event("move", player_id), label=f"{name} makes a move",
                   fields=(WHAT, DETAILS))
            for player_id, name in at.state["names"].items()]


class AnnotatedLog(Engine):
    """Replays a record of a game with no engine: every ``move`` is kept as written."""

    slug = "annotated-log"
    name = "an annotated log (no referee)"
    version = "1"
    event_specs = (GENERIC_MOVE,)
    rules = MappingProxyType({"move": EventRule("move", _move, _offer_move, __name__)})
    min_players = 1
    max_players = 99
    out_of_scope = ("every rule of the game: no engine referees it yet",)

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
        board: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        return {
            "names": {p["id"]: p.get("name") or p["id"] for p in players},
            "moves": 0,
            "moves_by": {},
        }

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        return Outcome(finished=False, reason="no referee: the record says how the game ended")

    def player_facts(self, state: Mapping[str, Any], viewer: str | None = None
                     ) -> list[PlayerFacts]:
        return [PlayerFacts(player=pid, name=name,
                            facts=(("Moves recorded", str(state["moves_by"].get(pid, 0))),))
                for pid, name in state["names"].items()]

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        return []

    def layout(self, state: Mapping[str, Any] | None = None) -> BoardLayout:
        return BoardLayout(spaces=(), links=(), width=0, height=0,
                           provenance={"status": "no board: this game has no rule engine yet"})


ANNOTATED_LOG = AnnotatedLog()
