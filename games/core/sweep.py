"""Every combination of the options of the points a match consults, computed once per
distinct state: a sweep.

The replay advances one seq at a time over a frontier of distinct states. Each state carries
the readings that reach it (``Reading``: the options fixed so far, a set of combinations).
Where an event consults a point that a reading has not fixed yet, the reading forks into
one reading per option; where two readings reach states with equal canonical JSON at the
same seq, they share one state from there on, so the work grows with the number of distinct
states, not with the number of combinations. The readings are kept apart all along, so the
report still gives every combination its outcome, its violations and where it first leaves
the default reading.

Which options an event reads is learnt from the engine itself: ``Referee.consult`` is the
only way an engine reads a point, so the consulted flags of one application, in order, say
which option of which point decided it. A small decision tree per (state, event) reuses an
application for every reading that agrees on those options.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.canonical import canonical_bytes
from games.core.engine import Engine
from games.core.points import Interpretation
from games.core.replay import collect_corrections, effective_events
from games.core.step import Step

DEFAULT_MAX_STATES = 4096


class SweepTooLarge(ValueError):
    """More distinct states at one seq than the sweep may hold."""


class Reading:
    """A set of combinations that share a line of play: the options fixed so far (a point
    it never consulted takes any option) and the violations met on the way. A reading
    belongs to one branch at a time, which adds the violations of each step to it."""

    __slots__ = ("fixed", "taken", "violations")

    def __init__(self, taken: tuple[tuple[str, str], ...], violations: int = 0) -> None:
        self.taken = taken
        self.fixed = dict(taken)
        self.violations = violations

    def fixing(self, pairs: Sequence[tuple[str, str]]) -> Reading:
        return Reading(tuple(sorted((*self.taken, *pairs))), self.violations)

    def encode(self, options: Mapping[str, Sequence[str]]) -> list[Any]:
        """[violations, option index or None for each point of ``options`` in sorted order]
        (sorted: a JSON object's keys may come back from a database in another order)."""
        fixed = self.fixed
        return [self.violations, *(
            None if point not in fixed else list(options[point]).index(fixed[point])
            for point in sorted(options)
        )]

    @classmethod
    def decode(cls, data: Sequence[Any], options: Mapping[str, Sequence[str]]) -> Reading:
        violations, *indexes = data
        return cls(tuple(sorted((point, options[point][index]) for point, index
                                in zip(sorted(options), indexes, strict=True)
                                if index is not None)),
                   violations)


@dataclass
class Watched:
    """A combination followed by itself through the sweep (the default reading, and each
    point alone at one of its other options): which branch holds it, and the first seq
    whose step differs from the default reading's (its state, legality or summary, as a
    comparison of two runs sees it)."""

    taken: dict[str, str]
    branch: int = 0
    diverged_at: int | None = None

    def as_dict(self) -> dict[str, Any]:
        # "choices" is the stored name of the options taken (frontiers kept in studies).
        return {"choices": self.taken, "branch": self.branch, "diverged_at": self.diverged_at}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Watched:
        return cls(dict(data["choices"]), data["branch"], data["diverged_at"])


@dataclass
class Branch:
    """One distinct state on the frontier and the readings that reach it."""

    state: dict[str, Any]
    readings: list[Reading]


@dataclass
class Frontier:
    """Where a sweep stands: the next position in the event stream, the distinct states
    there, the watched combinations, and what it cost so far. It serialises to JSON, so a
    sweep can go on in parts."""

    position: int
    branches: list[Branch]
    watched: list[Watched]  # the first is the default reading
    options: dict[str, list[str]]  # the points this sweep may fork on, and their options
    consulted: list[str] = field(default_factory=list)  # the points consulted so far
    applied: int = 0
    lines: int = 1  # lines of play started: 1, plus each fork that gave a new state
    peak_states: int = 1

    def as_dict(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "branches": [{"state": b.state,
                          "readings": [r.encode(self.options) for r in b.readings]}
                         for b in self.branches],
            "watched": [w.as_dict() for w in self.watched],
            "options": self.options,
            "consulted": self.consulted,
            "applied": self.applied,
            "lines": self.lines,
            "peak_states": self.peak_states,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Frontier:
        options = {point: list(names) for point, names in data["options"].items()}
        return cls(
            position=data["position"],
            branches=[Branch(b["state"], [Reading.decode(r, options) for r in b["readings"]])
                      for b in data["branches"]],
            watched=[Watched.from_dict(w) for w in data["watched"]],
            options=options,
            consulted=list(data["consulted"]),
            applied=data["applied"],
            lines=data["lines"],
            peak_states=data["peak_states"],
        )


@dataclass(frozen=True)
class SweepRow:
    """Every combination that agrees with ``taken`` (a point absent from it may take any
    option) ends with ``outcome`` after ``violations`` violations."""

    taken: dict[str, str]
    outcome: dict[str, Any]
    violations: int
    combinations: int

    def covers(self, combination: Mapping[str, str]) -> bool:
        return all(combination.get(point) == option for point, option in self.taken.items())

    def as_dict(self) -> dict[str, Any]:
        return {"choices": self.taken, "outcome": self.outcome, "violations": self.violations,
                "combinations": self.combinations}


@dataclass
class SweepResult:
    points: list[str]  # the points consulted on some line of play, sorted
    options: dict[str, tuple[str, ...]]
    defaults: dict[str, str]
    rows: list[SweepRow]
    # point -> option -> first seq whose step differs from the default reading's, with
    # every other point at its default (None: never)
    divergence: dict[str, dict[str, int | None]]
    events: int
    events_applied: int
    lines: int
    peak_states: int

    @property
    def combinations(self) -> int:
        total = 1
        for point in self.points:
            total *= len(self.options[point])
        return total

    @property
    def naive_events(self) -> int:
        """What replaying every combination from the start would apply."""
        return self.combinations * self.events

    def row_for(self, combination: Mapping[str, str]) -> SweepRow:
        """The row holding a combination (points it leaves out take their default)."""
        full = {point: combination.get(point, self.defaults[point]) for point in self.points}
        for row in self.rows:
            if row.covers(full):
                return row
        raise KeyError(f"no row covers {full}")

    def outcome_classes(self) -> list[dict[str, Any]]:
        """Rows grouped by outcome, the class holding the most combinations first."""
        classes: dict[bytes, dict[str, Any]] = {}
        for row in self.rows:
            entry = classes.setdefault(canonical_bytes(row.outcome),
                                       {"outcome": row.outcome, "combinations": 0, "rows": []})
            entry["combinations"] += row.combinations
            entry["rows"].append(row)
        return sorted(classes.values(), key=lambda c: (-c["combinations"],
                                                        canonical_bytes(c["outcome"])))

    def as_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "options": {p: list(self.options[p]) for p in self.points},
            "defaults": {p: self.defaults[p] for p in self.points},
            **self._encoded_rows(),
            "divergence": self.divergence,
            "events": self.events,
            "events_applied": self.events_applied,
            "lines": self.lines,
            "peak_states": self.peak_states,
            "combinations": self.combinations,
            "naive_events": self.naive_events,
        }

    def _encoded_rows(self) -> dict[str, Any]:
        """Rows as [outcome index, violations, combinations, option index or None for each
        point]: a sweep can have tens of thousands of rows, and most share their outcome."""
        outcomes: dict[bytes, int] = {}
        listed: list[Any] = []
        rows: list[list[Any]] = []
        for row in self.rows:
            key = canonical_bytes(row.outcome)
            if key not in outcomes:
                outcomes[key] = len(listed)
                listed.append(row.outcome)
            rows.append([outcomes[key], row.violations, row.combinations, *(
                self.options[p].index(row.taken[p]) if p in row.taken else None
                for p in self.points)])
        return {"outcomes": listed, "rows": rows}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SweepResult:
        options = {p: tuple(o) for p, o in data["options"].items()}
        rows = []
        for outcome, violations, combinations, *indexes in data["rows"]:
            taken = {p: options[p][i] for p, i in zip(data["points"], indexes, strict=False) if i is not None}
            rows.append(SweepRow(taken, data["outcomes"][outcome], violations, combinations))
        return cls(
            points=list(data["points"]),
            options=options,
            defaults=dict(data["defaults"]),
            rows=rows,
            divergence={p: dict(o) for p, o in data["divergence"].items()},
            events=data["events"],
            events_applied=data["events_applied"],
            lines=data["lines"],
            peak_states=data["peak_states"],
        )


# -- the sweep -------------------------------------------------------------------------------


def sweep_stream(events: Sequence[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """The events as the sweep applies them: corrections resolved, as a replay does."""
    return effective_events(events, collect_corrections(events))


def start(engine: Engine, *, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
          points: Iterable[str] | None = None) -> Frontier:
    """The frontier before the first event: one state, one reading that fixes nothing.
    ``points``: the points the sweep may fork on (all the engine's when None); the others
    keep their default."""
    chosen = sorted({p.id for p in engine.points} if points is None else set(points))
    watched = [Watched({})]
    options = {}
    for point_id in chosen:
        point = engine.point(point_id)  # KeyError for a point the engine does not declare
        options[point_id] = list(point.option_ids)
        watched.extend(Watched({point_id: o}) for o in point.option_ids if o != point.default)
    return Frontier(0, [Branch(engine.initial_state(players, setup), [Reading(())])],
                    watched, options)


def advance(
    engine: Engine,
    frontier: Frontier,
    events: Iterable[Mapping[str, Any]],
    *,
    base: Interpretation | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> Frontier:
    """Apply the next ``events`` of the stream (corrections resolved, see ``sweep_stream``)
    to every distinct state of the frontier. The frontier is consumed: its readings go on
    into the one returned."""
    base_taken = dict((base or engine.interpretation()).options)
    options = {point.id: point.option_ids for point in engine.points}
    sweepable = set(frontier.options)
    consulted = dict.fromkeys(frontier.consulted)
    position = frontier.position
    branches, watched = frontier.branches, [Watched.from_dict(w.as_dict()) for w in frontier.watched]
    applied, lines, peak = frontier.applied, frontier.lines, frontier.peak_states
    for event in events:
        position += 1
        merged: dict[bytes, list[Reading]] = {}
        states: dict[bytes, dict[str, Any]] = {}
        trees = []
        for branch in branches:
            tree = _ReadingTree(engine, branch.state, event, base_taken, sweepable, options)
            groups = tree.split(branch.readings)
            applied += tree.applied
            consulted.update(dict.fromkeys(tree.consulted))
            reached = set()
            for step, readings in groups:
                key = tree.state_key(step)
                reached.add(key)
                states.setdefault(key, step.state)
                violations = _violations(step)
                if violations:
                    for reading in readings:
                        reading.violations += violations
                merged.setdefault(key, []).extend(readings)
            lines += len(reached) - 1
            trees.append(tree)
        if len(merged) > max_states:
            raise SweepTooLarge(
                f"at seq {event['seq']} the readings lead to {len(merged):,} distinct states, "
                f"more than the {max_states:,} a sweep may hold; sweep fewer points"
            )
        order = {key: index for index, key in enumerate(merged)}
        default_step = None
        for combination in watched:
            tree = trees[combination.branch]
            step = tree.leaf_of(combination.taken)
            combination.branch = order[tree.state_key(step)]
            if default_step is None:
                default_step = step
            elif combination.diverged_at is None and (
                combination.branch != watched[0].branch or step.legal != default_step.legal
                or step.summary != default_step.summary
            ):
                combination.diverged_at = event["seq"]
        branches = [Branch(states[key], readings) for key, readings in merged.items()]
        peak = max(peak, len(branches))
    return Frontier(position, branches, watched, frontier.options, list(consulted), applied, lines,
                    peak)


def finish(engine: Engine, frontier: Frontier) -> SweepResult:
    """Every reading's outcome, as rows over the points consulted on some line of play."""
    options = {point.id: point.option_ids for point in engine.points}
    defaults = {point.id: point.default for point in engine.points}
    points = sorted(frontier.consulted)
    rows = []
    for branch in frontier.branches:
        outcome = engine.outcome(branch.state).as_dict()
        for reading in branch.readings:
            taken = dict(reading.taken)
            covered = 1
            for point in points:
                if point not in taken:
                    covered *= len(options[point])
            rows.append(SweepRow(taken, outcome, reading.violations, covered))
    rows.sort(key=lambda row: [row.taken.get(p, "") for p in points])
    divergence: dict[str, dict[str, int | None]] = {}
    for combination in frontier.watched[1:]:
        ((point, option),) = combination.taken.items()
        if point in frontier.consulted:
            divergence.setdefault(point, {})[option] = combination.diverged_at
    return SweepResult(points, {p: options[p] for p in points}, {p: defaults[p] for p in points},
                       rows, divergence, frontier.position, frontier.applied, frontier.lines,
                       frontier.peak_states)


def sweep(
    engine: Engine,
    *,
    players: Sequence[Mapping[str, str]],
    setup: Mapping[str, Any],
    events: Sequence[Mapping[str, Any]],
    points: Iterable[str] | None = None,
    base: Interpretation | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> SweepResult:
    """The whole sweep of one record in one call."""
    frontier = start(engine, players=players, setup=setup, points=points)
    frontier = advance(engine, frontier, sweep_stream(events), base=base, max_states=max_states)
    return finish(engine, frontier)


# -- one event, every reading ----------------------------------------------------------------


class _Node:
    __slots__ = ("branches", "point", "step")

    def __init__(self) -> None:
        self.point: str | None = None
        self.branches: dict[str, _Node] = {}
        self.step: Step | None = None


class _ReadingTree:
    """The applications of one event to one state, indexed by the options they consulted."""

    def __init__(self, engine: Engine, state: dict[str, Any], event: Mapping[str, Any],
                 base_taken: Mapping[str, str], sweepable: frozenset[str] | set[str],
                 options: Mapping[str, Sequence[str]]) -> None:
        self.engine, self.state, self.event = engine, state, event
        self.base_taken, self.sweepable, self.options = base_taken, sweepable, options
        self.root: _Node | None = None
        self.applied = 0
        self.consulted: list[str] = []
        self.forked = False  # some reading was split on a point at this event
        self.keys: dict[int, bytes] = {}  # id(step) -> canonical JSON of its state
        self.points: set[str] = set()  # the points this event's applications consulted

    def _apply(self, taken: Mapping[str, str]) -> None:
        interpretation = Interpretation({**self.base_taken, **taken})
        step = self.engine.apply(self.state, self.event, interpretation)
        self.applied += 1
        path = [p for p in dict.fromkeys(step.consulted_points) if p in self.sweepable]
        self.consulted.extend(p for p in path if p not in self.consulted)
        self.points.update(path)
        if self.root is None:
            self.root = _Node()
        node = self.root
        for point in path:
            if node.point is None and node.step is None:
                node.point = point
            if node.point != point:
                raise RuntimeError(
                    f"{self.engine.slug}: event {self.event['seq']} consulted {point} where an "
                    f"application with the same options consulted {node.point}; an engine "
                    "must read points only through Referee.consult"
                )
            option = taken.get(point, self.base_taken[point])
            node = node.branches.setdefault(option, _Node())
        node.step = step

    def _walk(self, taken: Mapping[str, str]) -> tuple[_Node | None, str | None]:
        """The leaf a set of fixed options reaches, or the first point it has not fixed
        (None, point), or (None, None) when no application has gone that way yet."""
        node = self.root
        while node is not None and node.step is None:
            option = taken.get(node.point) if node.point is not None else None
            if option is None:
                return None, node.point
            node = node.branches.get(option)
        return node, None

    def split(self, readings: Sequence[Reading]) -> list[tuple[Step, list[Reading]]]:
        """Where each reading goes. Readings that agree on every point this event's
        applications have consulted go the same way, so one of them is resolved for all."""
        self._apply({})
        assert self.root is not None  # made by the application just above
        if self.root.step is not None:  # the event consults no point: one step for all
            return [(self.root.step, list(readings))]
        groups: dict[int, tuple[Step, list[Reading]]] = {}
        pending = list(readings)
        while pending:
            points = sorted(self.points)
            alike: dict[tuple[Any, ...], list[Reading]] = {}
            for reading in pending:
                alike.setdefault(tuple(map(reading.fixed.get, points)), []).append(reading)
            pending = []
            for members in alike.values():
                placed = self._resolve(members[0].fixed)
                if len(self.points) != len(points):
                    # The tree now tests a point the grouping did not look at, on which
                    # these readings may differ.
                    pending.extend(members)
                    continue
                for step, added in placed:
                    bucket = groups.setdefault(id(step), (step, []))[1]
                    bucket.extend([r.fixing(added) for r in members] if added else members)
        return list(groups.values())

    def _resolve(self, fixed: Mapping[str, str]) -> list[tuple[Step, tuple[Any, ...]]]:
        """Where a reading with these fixed options goes: one step, or, where the event
        consults a point it has not fixed, one per option (with the options it fixes on the
        way); a fork whose options all end alike is undone."""
        leaf, unfixed = self._walk(fixed)
        while leaf is None and unfixed is None:
            self._apply(fixed)
            leaf, unfixed = self._walk(fixed)
        if unfixed is None:
            assert leaf is not None and leaf.step is not None  # what _walk returns then
            return [(leaf.step, ())]
        self.forked = True
        parts = [[(step, ((unfixed, option), *added))
                  for step, added in self._resolve({**fixed, unfixed: option})]
                 for option in self.options[unfixed]]
        ends = [sorted((self.state_key(step), _violations(step), added[1:])
                       for step, added in part) for part in parts]
        if all(end == ends[0] for end in ends[1:]):
            return [(step, added[1:]) for step, added in parts[0]]
        return [pair for part in parts for pair in part]

    def state_key(self, step: Step) -> bytes:
        key = self.keys.get(id(step))
        if key is None:
            key = self.keys[id(step)] = canonical_bytes(step.state)
        return key

    def leaf_of(self, taken: Mapping[str, str]) -> Step:
        """The step of the default combination (taken empty: every point at its default)."""
        node = self.root
        assert node is not None  # an event is applied before its leaves are read
        while node.step is None:
            assert node.point is not None  # a node without a step forks on its point
            node = node.branches[taken.get(node.point, self.base_taken[node.point])]
        return node.step


def _violations(step: Step) -> int:
    return sum(1 for flag in step.flags if flag.kind == "violation")
