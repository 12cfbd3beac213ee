"""The engine protocol: ``initial_state`` and ``apply``, and the values they return."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.choices import Choice
from games.core.events import COMMON_SPECS, EventSpec, validate_event
from games.core.points import Certainty, Interpretation, InterpretationPoint
from games.core.referee import Referee
from games.core.step import Outcome, Step

MATCH_FORMAT = "ludoteca.match/1"


# A handler referees one event type: it receives the state (never to be mutated), the actor,
# the event's data and the referee collecting flags, and returns the new state and a summary.
EventHandler = Callable[[dict, "str | None", Mapping[str, Any], Referee], "tuple[dict, str]"]


@dataclass(frozen=True)
class Refusal:
    """Why an event cannot be refereed at this state: the passage it breaks and a sentence."""

    rule: str
    message: str


class Engine:
    """Base of every game engine. A subclass sets the class attributes, fills ``handlers``
    (``rules.py`` is that table) and implements :meth:`initial_state`, :meth:`outcome`,
    :meth:`legal_events`, :meth:`pieces`, :meth:`layout` and :meth:`simulate`.

    ``apply`` never mutates the state it is given and never refuses an event it can check:
    an illegal event yields a ``violation`` flag and a defined next state (each game's README
    says which). The base owns dispatch and its three guards: an event type the game does not
    know, an event after the end, and an actor who may not act now each get one ``violation``
    and leave the state unchanged.
    """

    slug: str = ""
    name: str = ""
    version: str = "1"
    package_dir: Path | None = None
    points: tuple[InterpretationPoint, ...] = ()
    # Decisions the text settles, each citing the sentence (the points are the ones it does not).
    certainties: tuple[Certainty, ...] = ()
    # What an earlier version of this engine took as the default where today's differs:
    # version -> {point id: option}. Stored runs made under "the default reading" of an older
    # version are recognised by it, so a change of default is listed, never silent.
    former_defaults: Mapping[str, Mapping[str, str]] = {}
    event_specs: tuple[EventSpec, ...] = ()
    default_setup: Mapping[str, Any] = {}
    # What the game has that this engine does not referee (rules the transcription does not
    # give, components it never describes), so pages and the API can say so.
    out_of_scope: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 6
    # event type -> handler; the game's rules.py fills it.
    handlers: Mapping[str, EventHandler] = {}
    # The passages the base's guards cite: the game's turn order (who acts) and its end.
    turn_rule: str = ""
    end_rule: str = ""

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

    def reading(self, interpretation: Interpretation | Mapping[str, str] | None) -> Interpretation:
        """A reading given either way callers hold one: as it is, or as its choices (the
        default reading when None)."""
        if isinstance(interpretation, Interpretation):
            return interpretation
        return self.interpretation(interpretation)

    def nearest_interpretation(self, choices: Mapping[str, str]) -> Interpretation:
        """A reading recorded by an older version, on today's points: choices of points or
        options that no longer exist are dropped (those points take today's default)."""
        kept = {point.id: choices[point.id] for point in self.points
                if choices.get(point.id) in point.option_ids}
        return Interpretation.from_choices(self.points, kept)

    def defaults_of(self, version: str) -> dict[str, str]:
        """The default reading as version ``version`` of this engine had it (points it had
        that no longer exist are not known here)."""
        defaults = {point.id: point.default for point in self.points}
        defaults.update(self.former_defaults.get(version, {}))
        return defaults

    def validate_event(
        self,
        event: Mapping[str, Any],
        player_ids: Sequence[str] | None = None,
        *,
        seq=None,
        setup: Mapping[str, Any] | None = None,
    ) -> None:
        """Raise ``EventSchemaError`` if ``event`` is malformed, including a space, card or
        piece the game does not have (a record may break a rule, never name what is not)."""
        validate_event(self.event_schema, event, player_ids, seq=seq,
                       referents=lambda kind: self.referents(kind, setup or {}))

    def referents(self, kind: str, setup: Mapping[str, Any]) -> Collection[str] | None:
        """The ids a field marked ``refers=kind`` may name (``space``, ``card``, ...) in a
        match with this setup; None when the game does not know that kind."""
        return None

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
        if not self.handlers:  # an engine not yet on the dispatch table
            return self.apply_game_event(state, event, interpretation)
        ref = Referee(interpretation)
        actor = event.get("actor")
        handler = self.handlers.get(event_type)
        if handler is None:
            ref.violation(self.turn_rule, f"{event_type!r} is not an event of {self.name}")
            return ref.step(state, f"unknown event {event_type!r} (ignored)")
        if self.finished(state):
            refusal = self.after_the_end(state, event_type, actor)
            ref.violation(refusal.rule, refusal.message)
            return ref.step(state, f"{event_type} after the end of the game (ignored)")
        refusal = self.may_not_act(state, event_type, actor)
        if refusal is not None:
            ref.violation(refusal.rule, refusal.message)
            return ref.step(state, f"{event_type} out of turn (ignored)")
        new, summary = handler(state, actor, event.get("data") or {}, ref)
        return ref.step(new, summary)

    def apply_game_event(
        self, state: dict, event: Mapping[str, Any], interpretation: Interpretation
    ) -> Step:
        raise NotImplementedError

    def after_the_end(self, state: Mapping[str, Any], event_type: str, actor: str | None) -> Refusal:
        return Refusal(self.end_rule, f"the game is over; a {event_type} comes after the end")

    def may_not_act(
        self, state: Mapping[str, Any], event_type: str, actor: str | None
    ) -> Refusal | None:
        """Why ``actor`` may not record an ``event_type`` now (whose turn, which phase), or
        None. The base's one guard for who may act; each game says who."""
        return None

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        raise NotImplementedError

    def finished(self, state: Mapping[str, Any]) -> bool:
        """Whether the game is over at ``state``: ``outcome(state).finished``, asked before
        every event, so a game may answer it without building the whole outcome."""
        return self.outcome(state).finished

    # -- what can happen next, and where everything stands -----------------------------

    def legal_events(self, state: Mapping[str, Any], interpretation: Interpretation) -> list[Choice]:
        """Every event a correct record could hold next under ``interpretation``: a player's
        decisions and, where a die is thrown or a card drawn, each outcome as its own
        ``chance`` choice. Empty once the game is over."""
        raise NotImplementedError

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        """Where every pawn, token and marker stands, by space, with labels."""
        raise NotImplementedError

    def layout(self, state: Mapping[str, Any] | None = None) -> BoardLayout:
        """The labelled board to draw (as it stands in ``state`` where the board moves, such
        as a rotating plane), with positions and its provenance."""
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
        interpretation: Interpretation | Mapping[str, str] | None = None,
    ) -> dict:
        """A random legal match to its end, as a match document (``ludoteca.match/1``), played
        under ``interpretation`` (a reading or its choices, see ``reading``): the bots choose
        among the legal events of that reading, so the record is legal under it.

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
