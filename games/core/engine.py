"""The engine protocol: ``initial_state`` and ``apply``, and the values they return."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from games.core.events import COMMON_SPECS, EventSpec, validate_event
from games.core.flags import Flag
from games.core.points import Interpretation, InterpretationPoint

MATCH_FORMAT = "ludoteca.match/1"


@dataclass(frozen=True)
class Step:
    """What applying one event did: the new state, what happened, and the flags it raised.

    ``summary`` is one human sentence in the game's words ("Ana attacks Luis; Luis goes to
    the Lagoon of the North"); ``effects`` is a list of small dicts a page can draw.
    """

    state: dict
    summary: str
    effects: tuple[dict, ...] = ()
    flags: tuple[Flag, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(flag.kind == "violation" for flag in self.flags)

    @property
    def consulted_points(self) -> tuple[str, ...]:
        return tuple(f.point for f in self.flags if f.kind == "consulted" and f.point)


@dataclass(frozen=True)
class Outcome:
    finished: bool
    winner: str | None = None
    eliminated: tuple[str, ...] = ()
    reason: str = ""

    def as_dict(self) -> dict:
        return {
            "finished": self.finished,
            "winner": self.winner,
            "eliminated": list(self.eliminated),
            "reason": self.reason,
        }


class Engine:
    """Base of every game engine. A subclass sets the class attributes and implements
    :meth:`initial_state`, :meth:`apply_game_event`, :meth:`outcome` and :meth:`simulate`.

    ``apply`` never mutates the state it is given and never refuses an event it can check:
    an illegal event yields a ``violation`` flag and a defined next state (each game's README
    says which).
    """

    slug: str = ""
    name: str = ""
    version: str = "1"
    package_dir: Path | None = None
    points: tuple[InterpretationPoint, ...] = ()
    event_specs: tuple[EventSpec, ...] = ()
    default_setup: Mapping[str, Any] = {}
    # What the game has that this engine does not referee (rules the transcription does not
    # give, components it never describes), so pages and the API can say so.
    out_of_scope: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 6

    # -- data ---------------------------------------------------------------------------

    @cached_property
    def board(self) -> dict:
        """The board data file (``board.json`` in the game's package), with its provenance."""
        if self.package_dir is None:
            return {}
        path = self.package_dir / "board.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}

    @cached_property
    def event_schema(self) -> dict[str, EventSpec]:
        specs = {spec.type: spec for spec in (*COMMON_SPECS, *self.event_specs)}
        return specs

    def point(self, point_id: str) -> InterpretationPoint:
        for candidate in self.points:
            if candidate.id == point_id:
                return candidate
        raise KeyError(point_id)

    def interpretation(self, choices: Mapping[str, str] | None = None) -> Interpretation:
        return Interpretation.from_choices(self.points, choices)

    def validate_event(
        self, event: Mapping[str, Any], player_ids: Sequence[str] | None = None, *, seq=None
    ) -> None:
        validate_event(self.event_schema, event, player_ids, seq=seq)

    # -- the protocol -----------------------------------------------------------------

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any], board=None
    ) -> dict:
        raise NotImplementedError

    def apply(self, state: dict, event: Mapping[str, Any], interpretation: Interpretation) -> Step:
        """Apply one event. Annotations change nothing; corrections are resolved before
        events reach the engine (see :func:`games.core.replay.effective_events`)."""
        event_type = event.get("type")
        if event_type == "annotation":
            text = event.get("data", {}).get("text", "")
            return Step(state=state, summary=f"Note: {text}")
        if event_type == "correction":
            data = event.get("data", {})
            return Step(state=state, summary=f"Correction of event {data.get('supersedes')}")
        return self.apply_game_event(state, event, interpretation)

    def apply_game_event(
        self, state: dict, event: Mapping[str, Any], interpretation: Interpretation
    ) -> Step:
        raise NotImplementedError

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        raise NotImplementedError

    def view(self, state: Mapping[str, Any], viewer: str | None) -> dict:
        """The state as one seat could see it (``viewer`` a player id), or all of it for an
        archivist (``viewer`` None). Games with hidden information override this."""
        return dict(state)

    def simulate(
        self,
        *,
        seed: int,
        players: Sequence[Mapping[str, str]] | None = None,
        setup: Mapping[str, Any] | None = None,
        max_events: int | None = None,
        min_events: int | None = None,
    ) -> dict:
        """A random legal match to its end, as a match document (``ludoteca.match/1``).

        ``min_events``: the bots delay the end with legal, unambitious play until the match
        has at least that many events (benchmarks need long matches); ``max_events`` caps it.
        """
        raise NotImplementedError

    # -- helpers for subclasses ----------------------------------------------------------

    def setup_with_defaults(self, setup: Mapping[str, Any] | None) -> dict:
        merged = dict(self.default_setup)
        merged.update(setup or {})
        return merged

    def match_document(
        self,
        *,
        title: str,
        players: Sequence[Mapping[str, str]],
        setup: Mapping[str, Any],
        events: Iterable[Mapping[str, Any]],
        source: str,
        played_on: str | None = None,
    ) -> dict:
        numbered = []
        for seq, event in enumerate(events, start=1):
            numbered.append(
                {
                    "seq": seq,
                    "type": event["type"],
                    "actor": event.get("actor"),
                    "data": dict(event.get("data", {})),
                }
            )
        return {
            "format": MATCH_FORMAT,
            "game": self.slug,
            "title": title,
            "played_on": played_on,
            "source": source,
            "players": [dict(p) for p in players],
            "setup": dict(setup),
            "events": numbered,
        }


def default_players(count: int) -> list[dict[str, str]]:
    names = ["Ana", "Luis", "Carla", "Dario", "Elena", "Franco"]
    return [{"id": f"p{i + 1}", "name": names[i]} for i in range(count)]
