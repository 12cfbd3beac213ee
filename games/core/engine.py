"""The engine protocol: ``initial_state`` and ``apply``, and the values they return."""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

from games.agents.simulate import simulate_match
from games.core.board import BoardLayout, Piece
from games.core.choices import Choice
from games.core.evaluation import Evaluation
from games.core.event_rules import EventRule, Handler, Offer, Offering, event_rules
from games.core.events import COMMON_SPECS, EventSpec, Field, validate_event
from games.core.facts import PlayerFacts
from games.core.points import Certainty, Interpretation, InterpretationPoint, Option
from games.core.referee import Referee
from games.core.rulebook import Rulebook
from games.core.step import Outcome, Step

__all__ = ["MATCH_FORMAT", "Engine", "EventHandler", "Outcome", "Refusal", "Step"]

MATCH_FORMAT = "ludoteca.match/1"

# A handler referees one event type (see games.core.event_rules).
EventHandler = Handler


@dataclass(frozen=True)
class Refusal:
    """Why an event cannot be refereed at this state: the passage it breaks and a sentence."""

    rule: str
    message: str


class Engine:
    """Base of every game engine. A subclass sets the class attributes, lists its rulebook
    section modules in ``sections`` (each declaring ``RULES``: event type -> (handler,
    offer), see ``games.core.event_rules``) and implements :meth:`initial_state`, :meth:`outcome`,
    :meth:`pieces`, :meth:`layout` and :meth:`player_facts`, and, where the game hides
    anything, :meth:`view` and :meth:`resample_hidden`. What agents play for is declared in
    ``evaluation``; :meth:`simulate` is the same for every game.

    ``apply`` never mutates the state it is given and never refuses an event it can check:
    an illegal event yields a ``violation`` flag and a defined next state (each game's README
    says which). The base owns dispatch and its three guards: an event type the game does not
    know, an event after the end, and an actor who may not act now each get one ``violation``
    and leave the state unchanged. It also owns ``legal_events``: the offers of the sections,
    made from what the recording seat can see.
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
    # What each setup key holds, in words (a form asks for them; the defaults come from
    # ``default_setup``). A key it does not list is asked by the kind of its default.
    setup_fields: Mapping[str, Field] = {}
    # What the game has that this engine does not referee (rules the transcription does not
    # give, components it never describes), so pages and the API can say so.
    out_of_scope: tuple[str, ...] = ()
    # The game's terms in its original language with our renderings, where its transcription
    # is in that language and keeps no originals of its own (the archive's glossary).
    supplied_renderings: Mapping[str, str] = {}
    min_players: int = 2
    max_players: int = 6
    # The passages the engine cites (games.core.rulebook).
    rulebook: Rulebook | None = None
    # The rulebook-section modules, each with its RULES table; the base builds ``rules``,
    # ``handlers`` and the offers from them.
    sections: tuple[ModuleType, ...] = ()
    rules: Mapping[str, EventRule] = {}
    handlers: Mapping[str, EventHandler] = {}
    offers: tuple[Offer, ...] = ()
    # The passages the base's guards cite: the game's turn order (who acts) and its end.
    turn_rule: str = ""
    end_rule: str = ""
    # What agents play for, and how they play the offers (games.core.evaluation); None for a
    # game agents cannot play.
    evaluation: Evaluation | None = None
    # Events after which a match agents play (a duel, a simulated match) counts as unfinished.
    duel_length: int = 1500
    # The reading duels are played under when none is asked for: choices over the default.
    duel_reading: Mapping[str, str] = {}
    # Choices under which no player's decision can end a match (its end is a happening no
    # player decides, which agents never draw): point id -> option.
    endless_under: Mapping[str, str] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "sections" in cls.__dict__:
            cls.rules = event_rules(cls.sections)
        if "sections" in cls.__dict__ or "rules" in cls.__dict__:
            cls.handlers = {event_type: rule.handler for event_type, rule in cls.rules.items()}
            cls.offers = tuple(rule.offer for rule in cls.rules.values())

    # -- data ---------------------------------------------------------------------------

    @cached_property
    def board(self) -> dict[str, Any]:
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

    def interpretation(self, options: Mapping[str, str] | None = None) -> Interpretation:
        """The reading that takes ``options`` (point id to option id), defaults elsewhere."""
        return Interpretation.from_options(self.points, options)

    def reading(self, interpretation: Interpretation | Mapping[str, str] | None) -> Interpretation:
        """A reading given either way callers hold one: as it is, or as its options (the
        default reading when None)."""
        if isinstance(interpretation, Interpretation):
            return interpretation
        return self.interpretation(interpretation)

    def nearest_interpretation(self, choices: Mapping[str, str]) -> Interpretation:
        """A reading recorded by an older version, on today's points: choices of points or
        options that no longer exist are dropped (those points take today's default)."""
        kept = {point.id: choices[point.id] for point in self.points
                if choices.get(point.id) in point.option_ids}
        return Interpretation.from_options(self.points, kept)

    def conjectures(self, interpretation: Interpretation | Mapping[str, str] | None = None
                    ) -> list[tuple[InterpretationPoint, Option]]:
        """The points a reading (the default when None) reads by a conjecture, with the option
        that is one: what a page names beside the reading ("the default reading, with 3
        conjectures")."""
        reading = self.reading(interpretation)
        found = []
        for point in self.points:
            option = point.option(reading.option(point.id))
            if option.conjecture:
                found.append((point, option))
        return found

    def ends_by_play(self, reading: Interpretation) -> bool:
        """Whether players' decisions can end a match under ``reading`` (see
        ``endless_under``)."""
        return not any(reading.option(point) == option
                       for point, option in self.endless_under.items())

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
        seq: int | None = None,
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

    def referent_names(self, kind: str, setup: Mapping[str, Any]) -> Mapping[str, str]:
        """Those ids in the game's words, the words a page shows and a collector may type:
        spaces by their names on the board; empty where the ids are the words."""
        return self.layout(None).names() if kind == "space" else {}

    def seat_roles(self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any]
                   ) -> list[str]:
        """Each seat's part in the game's words ("a hunter", "Dracula"), in seat order; ""
        where every seat plays alike."""
        return [""] * len(players)

    # -- the protocol -----------------------------------------------------------------

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
        board: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        raise NotImplementedError

    def apply(self, state: dict[str, Any], event: Mapping[str, Any],
              interpretation: Interpretation) -> Step:
        """Apply one event. Annotations change nothing; corrections are resolved before
        events reach the engine (see :func:`games.core.replay.effective_events`)."""
        event_type: str | None = event.get("type")
        if event_type == "annotation":
            text = event.get("data", {}).get("text", "")
            return Step(state=state, summary=f"Note: {text}")
        if event_type == "correction":
            data = event.get("data", {})
            return Step(state=state, summary=f"Correction of event {data.get('supersedes')}")
        ref = Referee(interpretation)
        actor = event.get("actor")
        handler = self.handlers.get(event_type) if event_type is not None else None
        if event_type is None or handler is None:
            ref.violation(self.turn_rule, f"{event_type!r} is not an event of {self.name}")
            return ref.step(state, f"unknown event {event_type!r} (ignored)")
        if self.finished(state):
            ended = self.after_the_end(state, event_type, actor)
            ref.violation(ended.rule, ended.message)
            return ref.step(state, f"{event_type} after the end of the game (ignored)")
        refusal = self.may_not_act(state, event_type, actor)
        if refusal is not None:
            ref.violation(refusal.rule, refusal.message)
            return ref.step(state, f"{event_type} out of turn (ignored)")
        new, summary = handler(state, actor, event.get("data") or {}, ref)
        return ref.step(new, summary)

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

    def legal_events(self, state: Mapping[str, Any], interpretation: Interpretation,
                     viewer: str | None = None) -> list[Choice]:
        """What a correct record could hold next under ``interpretation``: the players'
        decisions and the throws and draws (``chance``), each a small decision with its open
        fields and their domains. Empty once the game is over.

        ``viewer`` None is the archivist, who sees everything. For a seat (a player id) the
        offers read only ``view(state, viewer)`` and only that seat's own choices are kept, so
        two states the seat cannot tell apart give it the same choices, and no choice names
        what its view hides.
        """
        if self.finished(state):
            return []
        seen = state if viewer is None else self.view(state, viewer)
        at = Offering(self, seen, interpretation, viewer)
        found: list[Choice] = []
        for offer in self.offers:
            found.extend(offer(at))
        if viewer is not None:
            found = [choice.for_actor(viewer) for choice in found if choice.may_act(viewer)]
        return found

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        """Where every pawn, token and marker stands, by space, with labels."""
        raise NotImplementedError

    def layout(self, state: Mapping[str, Any] | None = None) -> BoardLayout:
        """The labelled board to draw (as it stands in ``state`` where the board moves, such
        as a rotating plane), with positions and its provenance."""
        raise NotImplementedError

    def view(self, state: Mapping[str, Any], viewer: str | None) -> dict[str, Any]:
        """The state as one seat could see it (``viewer`` a player id), or all of it for an
        archivist (``viewer`` None). Games with hidden information override this; what a
        view hides is replaced by what the seat knows of it (how many cards, not which)."""
        return dict(state)

    def resample_hidden(self, state: Mapping[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
        """A state ``seat`` cannot tell from ``state`` (an equal ``view``), its hidden parts
        drawn at random among what the seat's view allows: what an agent plays on instead of
        peeking (OpenSpiel's resampling from an information state). A game that hides nothing
        returns the state itself."""
        return dict(state)

    def player_facts(self, state: Mapping[str, Any], viewer: str | None = None
                     ) -> list[PlayerFacts]:
        """Each player's facts at ``state`` in the game's words, as ``viewer`` may see them."""
        raise NotImplementedError

    def simulate(
        self,
        *,
        seed: int,
        players: Sequence[Mapping[str, str]] | None = None,
        setup: Mapping[str, Any] | None = None,
        max_events: int | None = None,
        min_events: int | None = None,
        interpretation: Interpretation | Mapping[str, str] | None = None,
    ) -> dict[str, Any]:
        """A match played by the shared agents (``games.agents.simulate``), as a match
        document (``ludoteca.match/1``), under ``interpretation`` (a reading or its choices,
        see ``reading``): every event is one the engine offers under that reading, so the
        record is legal under it; the same seed gives the same bytes in any process.

        ``min_events``: the end is kept off until the match has that many events (benchmarks
        need long matches); ``max_events`` cuts it (by default the ``duel_length`` past
        ``min_events``).
        """
        return simulate_match(self, seed=seed, players=players, setup=setup,
                              max_events=max_events, min_events=min_events,
                              interpretation=interpretation)

    # -- helpers for subclasses ----------------------------------------------------------

    def setup_with_defaults(self, setup: Mapping[str, Any] | None) -> dict[str, Any]:
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
    ) -> dict[str, Any]:
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
