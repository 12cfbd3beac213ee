"""The contract of what an engine offers (DESIGN.md, "Engines and interpretations"), as checks
that return what breaks it, so that every engine, a plugin's too, is held to the same words:

- *sound*: filling the open fields of any choice with any value of their domains gives an
  event that applies with no violation under the reading it was offered for: every value of a
  one-of domain, each combined with values of the other fields drawn from their domains, and
  a spread sample of every other domain, drawn from what its shape says (a pool and a count,
  a path's links), so that a domain whose ``allows`` is narrower than what a page shows of it
  is caught;
- *complete*: every event that applies with no violation is covered by exactly one choice
  (but an event in a form kept only for older records, a ``former`` field of the schema,
  which no choice offers);
- *no dead end*: after any offered event, the game is over or something is offered;
- *small*: at most ``MOST_CHOICES`` top-level choices at a state; combinations are never
  enumerated (open fields carry domains);
- *whole*: every data key of the event type's schema is fixed, open or omitted, the actor
  fixed or open; labels in words;
- *per seat*: two states a seat cannot tell apart (``resample_hidden``) give it the same
  choices, and its own events are covered by its own choices;
- *played*: ``simulate`` gives the same match for the same seed, legal under the reading it
  was played under, within its ``max_events`` (``engine_problems`` runs them all).

Plain functions over an engine, no test framework: a plugin's tests call them as Ludoteca's
own do (``tests/games/contract.py`` adds the property-based generators).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

from games.core.choices import ACTOR, Choice, Number, OneOf, SomeOf, Text, covering
from games.core.engine import Engine
from games.core.events import EventSchemaError
from games.core.flags import VIOLATION
from games.core.paths import Path
from games.core.points import Interpretation
from games.core.replay import collect_corrections, effective_events

MOST_CHOICES = 40
SAMPLES = 3  # values drawn from a domain that is not one-of (besides its bounds)
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an event type or a state key, not words


def violations(step) -> list[str]:
    return [flag.message for flag in step.flags if flag.kind == VIOLATION]


def states_of(engine: Engine, document: Mapping[str, Any],
              reading: Interpretation) -> Iterator[tuple[dict, dict, Any]]:
    """(state before, event, step) for every event of a match document."""
    state = engine.initial_state(document["players"], document.get("setup", {}))
    events = document["events"]
    for event in effective_events(events, collect_corrections(events)):
        step = engine.apply(state, event, reading)
        yield state, event, step
        state = step.state


def domain_values(domain, rng: random.Random) -> list:
    """Values to try of a domain, as its shape offers them to a page: every value of a one-of
    domain; the bounds and the middle of a number; for some of a pool, the fewest and the most
    items and selections drawn by the pool and the count alone (not by the domain's own
    ``sample``, which may know better than its shape says); for a path, walks along its links
    of the shortest and the longest allowed lengths and drawn ones; for text, its suggestions
    and words of the record's own."""
    if isinstance(domain, OneOf):
        return list(domain.values)
    if isinstance(domain, Number):
        return sorted({domain.low, domain.high, (domain.low + domain.high) // 2})
    if isinstance(domain, SomeOf):
        pool = list(domain.pool)
        return [pool[: domain.least], pool[: domain.largest],
                *(SomeOf.sample(domain, rng) for _ in range(SAMPLES))]
    if isinstance(domain, Path):
        return [domain.sample(rng) for _ in range(SAMPLES)] + [
            walk for walk in (_walk(domain, domain.least, rng), _walk(domain, domain.most, rng))
            if walk is not None]
    if isinstance(domain, Text):
        return [*domain.suggestions[:SAMPLES], "x", "A name as read"[: domain.max_length]]
    return [domain.sample(rng) for _ in range(SAMPLES)]


def _walk(domain: Path, links: int, rng: random.Random) -> list[str] | None:
    """A walk of ``links`` links along the domain's links (a path its shape offers, which the
    domain must allow when it also crosses what the domain ``needs``)."""
    for _ in range(32):
        walk = [rng.choice(domain.firsts())]
        while len(walk) - 1 < links:
            ahead = sorted(domain.next_spaces(walk[-1]))
            if not ahead:
                break
            walk.append(rng.choice(ahead))
        if len(walk) - 1 == links and (domain.needs is None or domain.allows(walk)):
            return walk
    return None


def fillings(choice: Choice, rng: random.Random) -> Iterator[dict]:
    """Events a choice stands for: for each open field, each value its shape offers (every
    value of a one-of) with the other fields drawn from their domains; each optional field
    also left out."""
    if not choice.fields:
        yield choice.filled({})
        return
    base = {spec.name: spec.domain.sample(rng) for spec in choice.fields}
    yield choice.filled(base)
    for spec in choice.fields:
        for value in domain_values(spec.domain, rng):
            yield choice.filled({**base, spec.name: value})
        if spec.optional:
            yield choice.filled({k: v for k, v in base.items() if k != spec.name})


def refused_values(choice: Choice, rng: random.Random) -> list[str]:
    """Values a domain's shape offers that the domain itself does not allow: what a page would
    let through and the server refuse."""
    found = []
    for spec in choice.fields:
        for value in domain_values(spec.domain, rng):
            if not spec.domain.allows(value):
                found.append(f"{choice.label!r}: {spec.name} = {value!r} is offered by the "
                             f"domain's shape and refused by the domain")
    return found


def uses_a_former_field(engine: Engine, event: Mapping[str, Any]) -> bool:
    """Whether ``event`` holds a field kept only for older records (no choice offers it)."""
    spec = engine.event_schema.get(str(event.get("type")))
    return spec is not None and any(spec.fields[name].former for name in event.get("data") or {}
                                    if name in spec.fields)


def shape_problems(engine: Engine, choice: Choice, players: list[str],
                   setup: Mapping[str, Any], spaces: set[str]) -> list[str]:
    """What is wrong with a choice's form, whatever the state."""
    problems = []
    where = f"{choice.label!r}"
    if not choice.label or not choice.label[0].isupper():
        problems.append(f"{where}: a label is a sentence in words")
    if "{" in choice.label or IDENTIFIER.search(choice.label):
        problems.append(f"{where}: a label names an identifier or JSON")
    rule = engine.rules.get(choice.type)
    spec = engine.event_schema.get(choice.type)
    if rule is None or spec is None:
        return problems + [f"{where}: {choice.type!r} is not an event type of the engine"]
    fixed = set(choice.event.get("data") or {})
    open_ = {f.name for f in choice.fields if f.name != ACTOR}
    omitted = set(choice.omitted)
    declared = set(spec.fields)
    if fixed & open_ or fixed & omitted or open_ & omitted:
        problems.append(f"{where}: a field both fixed, open or omitted")
    if fixed | open_ | omitted != declared:
        missing = sorted(declared - fixed - open_ - omitted)
        stray = sorted((fixed | open_ | omitted) - declared)
        problems.append(f"{where}: schema fields neither fixed nor open {missing}, "
                        f"not in the schema {stray}")
    actor_open = any(f.name == ACTOR for f in choice.fields)
    if not actor_open and choice.actor not in players and choice.actor is not None:
        problems.append(f"{where}: actor {choice.actor!r} is not a player")
    for name in ("origin", "target"):
        value = getattr(choice, name)
        if value is not None and value not in spaces:
            problems.append(f"{where}: {name} {value!r} is not a space of the board")
    if not set(choice.spaces) <= spaces:
        problems.append(f"{where}: spaces {sorted(set(choice.spaces) - spaces)} not on the board")
    for field in choice.fields:
        domain = field.domain
        if choice.chance and not isinstance(domain, (OneOf, Number, Text)):
            problems.append(f"{where}: the outcome {field.name!r} of a throw or draw is "
                            "neither listed nor read as it came")
        if isinstance(domain, OneOf) and domain.spaces:
            elsewhere = {s for s in domain.spaces if s is not None} - spaces
            if elsewhere:
                problems.append(f"{where}: {field.name} names spaces {sorted(elsewhere)}")
        if isinstance(domain, Path):
            named = set(domain.firsts()) | {there for steps in domain.reachable().values()
                                            for there in steps}
            if not named <= spaces:
                problems.append(f"{where}: the path {field.name} names spaces "
                                f"{sorted(named - spaces)}")
        if field.name != ACTOR and field.name not in spec.fields:
            problems.append(f"{where}: open field {field.name!r} is not in the schema")
    try:
        engine.validate_event(choice.sampled(random.Random(0)), players, setup=setup)
    except EventSchemaError as error:
        problems.append(f"{where}: offers a malformed event: {error}")
    return problems


def offer_problems(engine: Engine, document: Mapping[str, Any], reading: Interpretation,
                   rng: random.Random, *, sound: bool = True, most: int | None = MOST_CHOICES
                   ) -> list[str]:
    """Every state of a match: the shape, soundness and size of what is offered, no dead end
    after an offered event, and each legal event of the record covered exactly once."""
    players = [p["id"] for p in document["players"]]
    setup = engine.setup_with_defaults(document.get("setup", {}))
    problems: list[str] = []
    for state, event, step in states_of(engine, document, reading):
        seq = event.get("seq")
        choices = engine.legal_events(state, reading)
        finished = engine.finished(state)
        if not choices and not finished:
            problems.append(f"seq {seq}: nothing is offered and the game is not over")
        if most is not None and len(choices) > most:
            problems.append(f"seq {seq}: {len(choices)} top-level choices (at most {most})")
        spaces = {space.id for space in engine.layout(state).spaces}
        for choice in choices:
            problems += [f"seq {seq}: {p}" for p in
                         shape_problems(engine, choice, players, setup, spaces)]
            if not sound:
                continue
            problems += [f"seq {seq}: {p}" for p in refused_values(choice, rng)]
            for filled in fillings(choice, rng):
                after = engine.apply(state, filled, reading)
                broken = violations(after)
                if broken:
                    problems.append(f"seq {seq}: offered {filled} breaks a rule: {broken}")
                    break
            else:
                if not engine.finished(after.state) and not engine.legal_events(after.state,
                                                                                reading):
                    problems.append(f"seq {seq}: after the offered {filled} nothing is offered")
        if event["type"] in ("annotation", "correction") or violations(step) \
                or uses_a_former_field(engine, event):
            continue
        found = covering(choices, event)
        if len(found) != 1:
            problems.append(f"seq {seq}: {event} is covered by {len(found)} choices "
                            f"({[c.label for c in found]})")
        if len(problems) > 20:
            break
    return problems


def seat_problems(engine: Engine, document: Mapping[str, Any], reading: Interpretation,
                  rng: random.Random) -> tuple[list[str], int]:
    """For each state and seat: a state the seat cannot tell apart gives it equal choices, and
    the seat's own legal events are covered by exactly one of its choices. Returns the
    problems and how many resampled states differed from the real one (hidden parts redrawn)."""
    players = [p["id"] for p in document["players"]]
    problems: list[str] = []
    redrawn = 0
    for state, event, step in states_of(engine, document, reading):
        seq = event.get("seq")
        for seat in players:
            mine = engine.legal_events(state, reading, seat)
            other = engine.resample_hidden(state, seat, rng)
            if other != state:
                redrawn += 1
            if engine.view(other, seat) != engine.view(state, seat):
                problems.append(f"seq {seq}, {seat}: the resampled state shows the seat "
                                "something else")
            theirs = engine.legal_events(other, reading, seat)
            if [c.as_dict() for c in mine] != [c.as_dict() for c in theirs]:
                problems.append(f"seq {seq}, {seat}: two states the seat cannot tell apart "
                                "give it different choices")
            if any(c.event.get("actor") != seat for c in mine):
                problems.append(f"seq {seq}, {seat}: a seat is offered another's choices")
            if event.get("actor") == seat and not violations(step) \
                    and event["type"] not in ("annotation", "correction") \
                    and not uses_a_former_field(engine, event):
                found = covering(mine, event)
                if len(found) != 1:
                    problems.append(f"seq {seq}, {seat}: its own {event} is covered by "
                                    f"{len(found)} of its choices")
        if len(problems) > 20:
            break
    return problems, redrawn


def played_problems(engine: Engine, document: Mapping[str, Any], *, seed: int,
                    reading: Interpretation, max_events: int) -> list[str]:
    """What breaks the contract of ``simulate`` in ``document``, simulated with ``seed`` under
    ``reading`` and ``max_events``: the same document again, within ``max_events``, every
    event well-formed and legal."""
    problems = []
    if engine.simulate(seed=seed, max_events=max_events, interpretation=reading) != document:
        problems.append(f"seed {seed}: simulate gave two different matches")
    if len(document["events"]) > max_events:
        problems.append(f"seed {seed}: {len(document['events'])} events, more than "
                        f"max_events {max_events}")
    players = [p["id"] for p in document["players"]]
    for _state, event, step in states_of(engine, document, reading):
        try:
            engine.validate_event(event, players, seq=event["seq"],
                                  setup=document.get("setup", {}))
        except EventSchemaError as error:
            problems.append(f"seed {seed}: {error}")
        problems += [f"seed {seed}, seq {event['seq']}: simulated {event} is a violation: "
                     f"{message}" for message in violations(step)]
    return problems


def engine_problems(engine: Engine, *, seed: int = 1, max_events: int = 200) -> list[str]:
    """Every check above on matches ``engine`` simulates with ``seed``: under the default
    reading (simulation, offers, seats) and under each other option of each point
    (simulation and offers)."""
    default = engine.interpretation()
    readings = [default] + [engine.interpretation({point.id: option})
                            for point in engine.points for option in point.option_ids
                            if option != point.default]
    problems = []
    for reading in readings:
        said = ", ".join(f"{p}={o}" for p, o in sorted(reading.options.items())
                         if o != engine.point(p).default) or "the default reading"
        document = engine.simulate(seed=seed, max_events=max_events, interpretation=reading)
        found = played_problems(engine, document, seed=seed, reading=reading,
                                max_events=max_events)
        found += offer_problems(engine, document, reading, random.Random(seed))
        if reading is default:
            found += seat_problems(engine, document, reading, random.Random(seed))[0]
        problems += [f"{said}: {problem}" for problem in found]
    return problems
