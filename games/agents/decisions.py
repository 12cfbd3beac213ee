"""The match as agents play it: whose decision comes next, what that player may pick, and what
no player decides (throws and draws, what a record reads off a card, happenings).

One rule for every game, so that a study compares readings and never two orders of play:

- **Who decides next.** The engine's ``legal_events`` say who may act: each seat's own
  choices are computed from its own view (``legal_events(state, reading, seat)``). The seats
  the engine calls *acting* (``player_facts``) must decide; before each of their decisions,
  every other seat with choices of its own ("at any time": a trade, a card returned) is asked
  once and may let play go on (``WAIT``). A seat that waited, or recorded an event while not
  acting, is not asked again until an acting seat (or nobody) records one. Seats are asked in
  seat order starting after the one that recorded the last event, so that several seats
  acting at once (each drawing its story) take turns. When no seat is acting and every seat
  let play go on, a happening comes next; when there is none, the next seat with choices
  decides, without waiting.
- **Who decides each open field.** A picked choice's open fields are decided one by one, each
  by its decider (``Choice.decider_of``: the actor, or the player a reading hands the field
  to), with that decider's own agent and view.
- **What nobody decides.** A throw or a draw (``chance``) is offered to its thrower as one
  option, "throw or draw"; its outcome is drawn by its odds, as the whole state has them (a
  seat's view may list a card another player already holds: the deck does not). Fields whose domain is a reading
  of the world (``Number``, ``Text``, ``Details``: what a card or a counter says, a name as
  read) are no one's decision: left out where optional, else a neutral placeholder (free
  text) or a value drawn at random (a number). A *happening* (an event type the record may
  hold with nobody as its actor: time passing, a recorded end) is decided by no player: it is
  drawn at random among the happenings offered, when no seat decides; one that would end the
  match is never drawn.
- **What a game's excerpts say of its offers.** An engine offers everything a correct record
  could hold, causes or not; agents play only what the excerpts give a cause for. A game's
  evaluation (``Engine.evaluation``, ``games.core.evaluation``) may say so in two functions
  of the state and a choice: ``as_agents_play`` gives the choice as agents play it (the same; narrowed
  where the excerpts fix what the offer leaves to the record, such as an amount, or to the
  values that change the state, a pick that changes nothing being no move; or None: a
  happening the excerpts give no cause for, or none that holds here, is never drawn, and a
  choice none of whose values would change the state is not offered), and
  ``happening_decider`` names the seat whose play causes a happening (a blow in a combat):
  that seat decides it, among its own choices, as it decides its moves; any other happening
  is drawn as above. Each game's README ("Agents") lists what its agents do.

Nothing here adds a rule: every event recorded is one the engine offered, with values its
domains allow, so a record played by agents is a record the engine calls legal. A choice a
seat's view offers that the whole state refuses (a card the seat could not know another player
holds) is struck from that seat's options where it stands, as a player at the table finds the
card gone, and the seat decides again; the record never holds it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

from games.core.canonical import canonical_bytes
from games.core.choices import ACTOR, Choice, OneOf, OpenField, SomeOf, Text
from games.core.evaluation import Evaluation
from games.core.playable import Playable
from games.core.points import Interpretation

WAIT = "wait"  # let play go on
THROW = "throw"  # throw the die or draw the card offered
PLACEHOLDER = "unrecorded"  # free text a record leaves unsaid
MOST_SELECTIONS = 24  # selections of a SomeOf domain offered as options (sampled beyond)
CACHE_LIMIT = 4096  # states remembered by one decision tree (offers and applied events)


class AgentError(RuntimeError):
    """An event applied with a violation under the whole state."""


@dataclass(frozen=True)
class Pick:
    """One thing a decider may pick: a choice (``choice``), a value of an open field
    (``value``), letting play go on, or a throw. ``key`` names it the same way in every state
    a player cannot tell apart, so a search can add up what it learns about it."""

    key: bytes
    label: str
    choice: Choice | None = None
    value: Any = None
    throws: tuple[Choice, ...] = ()

    @property
    def waits(self) -> bool:
        return self.key == WAIT.encode()


@dataclass(frozen=True)
class Decision:
    """Who decides now (``seat``; None for chance and happenings) among ``options``.
    ``offered`` counts the top-level choices the seat was offered (the branching factor);
    zero for the value of an open field."""

    seat: str | None
    options: tuple[Pick, ...]
    offered: int = 0


@dataclass(frozen=True)
class Node:
    """A point of the match: the engine state, the choice being filled in (``pending``, with
    the values decided so far), and the seats that let play go on since the last event of an
    acting seat."""

    state: dict
    pending: Choice | None = None
    values: tuple[tuple[str, Any], ...] = ()
    decided_by: str | None = None
    waited: frozenset[str] = frozenset()
    last: str | None = None  # who recorded the last event (None: nobody, or no event yet)
    struck: frozenset[bytes] = frozenset()  # choices the whole state refused here


@dataclass
class DecisionTree:
    """One game under one reading, seen as a sequence of decisions (see the module's rule)."""

    engine: Playable
    reading: Interpretation
    seats: tuple[str, ...]
    rules: Evaluation | None = None  # what the game's excerpts say of its offers (see above)
    _offers: dict = field(default_factory=dict, repr=False)
    _applied: dict = field(default_factory=dict, repr=False)
    _options: dict = field(default_factory=dict, repr=False)

    @classmethod
    def for_match(cls, engine: Playable, reading: Interpretation | Mapping[str, str] | None,
                  players: Sequence[Mapping[str, str]]) -> DecisionTree:
        return cls(engine, engine.reading(reading), tuple(str(p["id"]) for p in players),
                   engine.evaluation)

    # -- what comes next ------------------------------------------------------------------

    def finished(self, node: Node) -> bool:
        return node.pending is None and self.engine.finished(node.state)

    def decision(self, node: Node) -> Decision | None:
        """Who decides at ``node``, and among what; None once the match is over (or nothing
        at all is offered, which an engine keeping its contract never does)."""
        if node.pending is not None:
            spec = _next_field(node)
            return Decision(self._decider(node, spec), self.values(spec))
        if self.engine.finished(node.state):
            return None
        offers = self.offers(node.state)
        order = self._after(node.last)
        for seat in order:
            if seat in offers.others and seat not in node.waited:
                found = _asking(seat, offers, node.struck, may_wait=True)
                if found:
                    return found
        for seat in order:
            if seat in offers.acting:
                found = _asking(seat, offers, node.struck, may_wait=False)
                if found:
                    return found
        if offers.nature:
            return Decision(None, tuple(_choice_option(choice) for choice in offers.nature))
        for seat in order:
            found = _asking(seat, offers, node.struck, may_wait=False)
            if found:
                return found
        return None

    def values(self, spec: OpenField) -> tuple[Pick, ...]:
        """The options of a field a player decides (``_values``), kept for the domain itself:
        the offers of a state are kept, so a search meets the same domains again and again
        (a train journey's hundreds of routes)."""
        found = self._options.get(id(spec.domain))
        if found is None or found[0] is not spec.domain:
            if len(self._options) > CACHE_LIMIT:
                self._options.clear()
            found = self._options[id(spec.domain)] = (spec.domain, _values(spec))
        return found[1]

    def _after(self, seat: str | None) -> tuple[str, ...]:
        """The seats in seat order, starting after ``seat``."""
        if seat not in self.seats:
            return self.seats
        at = self.seats.index(seat) + 1
        return self.seats[at:] + self.seats[:at]

    def offers(self, state: dict) -> Offers:
        key = canonical_bytes(state)
        found = self._offers.get(key)
        if found is None:
            found = self._compute_offers(state)
            if len(self._offers) > CACHE_LIMIT:
                self._offers.clear()
            self._offers[key] = found
        return found

    def _compute_offers(self, state: dict) -> Offers:
        engine = self.engine
        everything = self._as_played(state, engine.legal_events(state, self.reading))
        caused = [choice for choice in everything if nobody_decides(choice)]
        happenings = {choice.type for choice in caused}
        nature = [choice for choice in caused if self._causer(state, choice) is None
                  and not self._ends(state, choice)]
        acting = {facts.player for facts in engine.player_facts(state) if facts.acting}
        seats: dict[str, tuple[Choice, ...]] = {}
        throws: dict[str, tuple[Choice, ...]] = {}
        for seat in self.seats:
            as_played = self._own(state, seat, everything, happenings)
            seen = engine.view(state, seat)
            if seen == state:
                mine = as_played  # the seat sees everything: the same choices
            else:
                offered = self._as_played(seen, engine.legal_events(state, self.reading, seat))
                mine = self._own(seen, seat, offered, happenings)
            seats[seat] = tuple(mine)
            throws[seat] = tuple(choice for choice in as_played if choice.chance)
        return Offers(
            seats=seats,
            throws=throws,
            acting=tuple(seat for seat in self.seats if seat in acting),
            others=tuple(seat for seat in self.seats if seat not in acting),
            nature=tuple(nature),
        )

    def _as_played(self, state: dict, choices: Sequence[Choice]) -> list[Choice]:
        """The offers as agents play them (the game's ``as_agents_play``)."""
        rule = self.rules.as_agents_play if self.rules else None
        if rule is None:
            return list(choices)
        return [played for played in (rule(state, choice) for choice in choices)
                if played is not None]

    def _causer(self, state: dict, happening: Choice) -> str | None:
        """The seat whose play causes ``happening`` (the game's ``happening_decider``), or None
        when no player's does."""
        rule = self.rules.happening_decider if self.rules else None
        seat = None if rule is None else rule(state, happening)
        return seat if seat in self.seats else None

    def _own(self, state: dict, seat: str, offered: Sequence[Choice],
             happenings: set[str]) -> list[Choice]:
        """The seat's choices among ``offered``: its moves, and the happenings its play
        causes."""
        return [choice.for_actor(seat) for choice in offered
                if (choice.may_act(seat) and choice.type not in happenings)
                or (nobody_decides(choice) and self._causer(state, choice) == seat)]

    def _ends(self, state: dict, happening: Choice) -> bool:
        """Whether the happening ends the match (a recorded end, or an end the excerpts give
        no cause for): nobody decides it, so the tree never draws it."""
        drawn = {spec.name: _drawn(spec, random.Random(0)) for spec in happening.fields}
        event = happening.filled({name: value for name, value in drawn.items()
                                  if value is not _LEFT_OUT})
        step = self.engine.apply(state, event, self.reading)
        return self.engine.finished(step.state)

    def _decider(self, node: Node, spec: OpenField) -> str | None:
        assert node.pending is not None  # a field is decided only while its choice is pending
        decider = node.pending.decider_of(spec)
        return decider if decider in self.seats else node.decided_by

    # -- moving on ---------------------------------------------------------------------

    def advance(self, node: Node, decision: Decision, option: Pick,
                rng: random.Random) -> tuple[Node, dict | None]:
        """The node after ``option`` is picked at ``decision``, and the event recorded when
        the pick completes one (None while open fields remain, or after a wait). ``rng``
        draws what nobody decides."""
        if option.waits:
            assert decision.seat is not None  # only a seat lets play go on
            return Node(node.state, waited=node.waited | {decision.seat}, last=node.last), None
        if node.pending is not None:
            spec = _next_field(node)
            pending = Node(node.state, node.pending, (*node.values, (spec.name, option.value)),
                           node.decided_by, node.waited, node.last)
        elif option.throws:
            # The outcome falls as this node's whole state has it: an agent weighing a throw
            # in a world redrawn from its own view draws from that world's deck, not the real match's.
            here = self.offers(node.state).throws.get(decision.seat or "")
            thrown = rng.choice(here or option.throws)
            pending = Node(node.state, thrown, (), decision.seat, node.waited, node.last)
        else:
            pending = Node(node.state, option.choice, (), decision.seat, node.waited, node.last)
        return self._fill(pending, rng)

    def _fill(self, node: Node, rng: random.Random) -> tuple[Node, dict | None]:
        """Fill in what nobody decides, up to the next field a player decides, or record the
        event when every field is given."""
        choice = node.pending
        assert choice is not None  # _fill completes the pending choice
        values = dict(node.values)
        for spec in choice.fields:
            if spec.name in values:
                continue
            if choice.chance or node.decided_by is None:
                values[spec.name] = _drawn(spec, rng)
            elif spec.name == ACTOR:
                values[ACTOR] = node.decided_by
            elif isinstance(spec.domain, (OneOf, SomeOf)):
                options = self.values(spec)
                if len(options) > 1:
                    return Node(node.state, choice, tuple(values.items()), node.decided_by,
                                node.waited, node.last), None
                values[spec.name] = options[0].value
            else:
                values[spec.name] = _read(spec, rng)
        values = {name: value for name, value in values.items() if value is not _LEFT_OUT}
        event = choice.filled(values)
        seat = node.decided_by
        try:
            state = self.apply(node.state, event)
        except AgentError:
            if choice.chance or seat is None:
                raise
            state = node.state
        if state == node.state and not choice.chance and seat is not None:
            # Refused by the whole state, or changing nothing (a shadow shown again): no move.
            return Node(node.state, waited=node.waited, last=node.last,
                        struck=node.struck | {_choice_option(choice).key}), None
        acting = seat is None or seat in self.offers(node.state).acting
        waited = frozenset() if acting or seat is None else node.waited | {seat}
        return Node(state, waited=waited, last=seat), event

    def apply(self, state: dict, event: dict) -> dict:
        """The state after ``event``; ``AgentError`` when the whole state calls it a
        violation."""
        key = (canonical_bytes(state), canonical_bytes(event))
        found = self._applied.get(key)
        if found is None:
            step = self.engine.apply(state, event, self.reading)
            if not step.legal:
                broken = "; ".join(f.message for f in step.flags if f.kind == "violation")
                raise AgentError(f"{self.engine.slug}: {event} is a violation: {broken}")
            found = step.state
            if len(self._applied) > CACHE_LIMIT:
                self._applied.clear()
            self._applied[key] = found
        return found


@dataclass(frozen=True)
class Offers:
    """What is offered at one state: each seat's own choices (happenings aside) and its
    throws and draws as the whole state has them, who is acting, who is not, and the
    happenings and throws nobody decides."""

    seats: Mapping[str, tuple[Choice, ...]]
    throws: Mapping[str, tuple[Choice, ...]]  # each seat's throws and draws, as they fall
    acting: tuple[str, ...]
    others: tuple[str, ...]
    nature: tuple[Choice, ...]


def nobody_decides(choice: Choice) -> bool:
    """A happening, or a throw or draw nobody makes: the record may hold it with no actor."""
    for spec in choice.fields:
        if spec.name == ACTOR:
            return spec.domain.allows(None)
    return choice.actor is None


def _asking(seat: str, offers: Offers, struck: frozenset[bytes], *, may_wait: bool
            ) -> Decision | None:
    """The seat's decision among its own choices (none struck here), or None when it has
    none."""
    mine = offers.seats.get(seat, ())
    options = [option for option in (_choice_option(choice) for choice in mine
                                     if not choice.chance) if option.key not in struck]
    throws = offers.throws[seat]
    if throws and any(choice.chance for choice in mine):
        options.append(Pick(THROW.encode(), "throw or draw", throws=throws))
    if not options:
        return None
    if may_wait:
        options.append(Pick(WAIT.encode(), "let play go on"))
    return Decision(seat, tuple(options), offered=len(mine))


def _choice_option(choice: Choice) -> Pick:
    key = canonical_bytes([choice.event, choice.label, choice.chance])
    return Pick(key, choice.label, choice=choice)


def _next_field(node: Node) -> OpenField:
    decided = {name for name, _ in node.values}
    assert node.pending is not None
    for spec in node.pending.fields:
        if spec.name not in decided:
            return spec
    raise ValueError("every field of the pending choice is decided")


def _values(spec: OpenField) -> tuple[Pick, ...]:
    """The values of a field a player decides: every value of a OneOf; selections of a SomeOf
    (every one its domain allows when there are few, else a spread drawn with the domain
    itself as the seed, so that equal domains give equal options)."""
    domain = spec.domain
    if isinstance(domain, OneOf):
        labels = domain.labels or tuple(map(str, domain.values))
        return tuple(Pick(canonical_bytes(value), label, value=value)
                     for value, label in zip(domain.values, labels, strict=True))
    return _selection_options(domain)


@lru_cache(maxsize=CACHE_LIMIT)
def _selection_options(domain: SomeOf) -> tuple[Pick, ...]:
    """The options of a SomeOf domain, kept: a domain gives the same ones every time, and a
    search meets the same few domains thousands of times."""
    return tuple(Pick(canonical_bytes(s), ", ".join(s) or "none", value=s)
                 for s in _selections(domain))


def _selections(domain: SomeOf) -> list[list[str]]:
    spread = random.Random(canonical_bytes(domain.as_dict()))
    pool = sorted(domain.pool)
    sizes = range(domain.least, domain.largest + 1)
    if sum(comb(len(pool), size) for size in sizes) <= 4 * MOST_SELECTIONS:
        found = list(dict.fromkeys(picked for size in sizes
                                   for picked in combinations(pool, size)
                                   if domain.allows(list(picked))))
        if len(found) > MOST_SELECTIONS:
            found = spread.sample(found, MOST_SELECTIONS)
    else:
        drawn = (tuple(domain.sample(spread)) for _ in range(4 * MOST_SELECTIONS))
        found = list(dict.fromkeys(picked for picked in drawn if domain.allows(list(picked))))
        found = found[:MOST_SELECTIONS]
    return [list(picked) for picked in found]


class _LeftOut:
    """An optional field the record leaves out."""


_LEFT_OUT = _LeftOut()


def _drawn(spec: OpenField, rng: random.Random) -> Any:
    """A value nobody decides: an outcome by its odds, the actor of a happening nobody, a
    reading left out or neutral."""
    if spec.name == ACTOR and spec.domain.allows(None):
        return None
    if isinstance(spec.domain, (OneOf, SomeOf)):
        return spec.domain.sample(rng)
    return _read(spec, rng)


def _read(spec: OpenField, rng: random.Random) -> Any:
    """What a record reads off the world (a number, a name, details): left out where it may
    be, else neutral free text, or a number drawn at random."""
    if spec.optional:
        return _LEFT_OUT
    domain = spec.domain
    if isinstance(domain, Text):
        for candidate in (PLACEHOLDER, *domain.suggestions):
            if domain.allows(candidate):
                return candidate
    if domain.allows({}):
        return {}
    return domain.sample(rng)
