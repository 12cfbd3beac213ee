"""The agents: ``random``, ``greedy`` (one ply, the game's evaluation) and ``mcts`` (UCT).

An agent decides one ``Decision`` of the tree at a time: a choice among its own, or the value
of an open field it is the decider of. It is seeded, so the same seed gives the same play, and
it never peeks: what it knows of the state is its own view, through
``Engine.resample_hidden`` (a state it cannot tell from the real one), from which it plans.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from games.agents.decisions import Decision, DecisionTree, Node, Pick
from games.agents.evaluation import BoundEvaluation, rewards

DEFAULT_BUDGET = 48  # playouts per decision of ``mcts`` (bench/agents_duel.py)
DEFAULT_DEPTH = 6  # events a playout plays before the evaluation judges it
EXPLORATION = 0.7  # UCT's constant, for means scaled from 0 to 1
THROWS_SAMPLED = 3  # outcomes of a throw or a draw the greedy agent averages
MOST_WEIGHED = 32  # options the greedy agent weighs at one decision (a sample beyond)
# Playouts between two looks at the caller's ``stop`` within one decision: a decision at a
# large budget takes seconds, and a cancelled study should stop within one.
STOP_ASKED_EVERY = 16


class Stopped(Exception):
    """The caller's ``stop`` said to stop before the next decision or playout: no match is
    returned."""


class Agent:
    """Base of the agents. ``seat`` is the player it decides for."""

    name = ""

    def __init__(self, *, seed: int, evaluation: BoundEvaluation | None = None,
                 budget: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.evaluation = evaluation
        self.budget = budget
        # Asked while a decision searches (``play_match`` gives its own): True stops it.
        self.stop: Callable[[], bool] | None = None

    def decide(self, tree: DecisionTree, node: Node, decision: Decision) -> Pick:
        raise NotImplementedError

    def judge(self) -> BoundEvaluation:
        """The game's evaluation this agent plays by."""
        if self.evaluation is None:
            raise ValueError(f"the {self.name} agent plays by a game's evaluation")
        return self.evaluation

    def world(self, tree: DecisionTree, node: Node, seat: str) -> Node:
        """The node with the state redrawn from the seat's view (what it plans on)."""
        return replace(node, state=tree.engine.resample_hidden(node.state, seat, self.rng))


class RandomAgent(Agent):
    """Any of its options, at even odds."""

    name = "random"

    def decide(self, tree: DecisionTree, node: Node, decision: Decision) -> Pick:
        return self.rng.choice(decision.options)


class GreedyAgent(Agent):
    """The option whose next position the game's evaluation likes best for this seat (one
    ply; the rest of an unfinished event filled at random, a throw averaged over a few
    outcomes). Of a decision with more than ``MOST_WEIGHED`` options (a train journey's
    hundreds of routes) it weighs a random ``MOST_WEIGHED``."""

    name = "greedy"

    def decide(self, tree: DecisionTree, node: Node, decision: Decision) -> Pick:
        if len(decision.options) == 1:
            return decision.options[0]
        seat = decision.seat
        assert seat is not None  # the tree asks agents for seats' decisions only
        world = self.world(tree, node, seat)
        options = list(decision.options)
        self.rng.shuffle(options)  # ties go to no option in particular
        options = options[:MOST_WEIGHED]
        return max(options, key=lambda option: self.value(tree, world, decision, option, seat))

    def value(self, tree: DecisionTree, node: Node, decision: Decision, option: Pick,
              seat: str) -> float:
        return one_ply(tree, self.judge(), node, decision, option, seat, self.rng)


def one_ply(tree: DecisionTree, evaluation: BoundEvaluation, node: Node, decision: Decision,
            option: Pick, seat: str, rng: random.Random) -> float:
    """What ``seat`` plays for right after ``option`` (the rest of the event filled at
    random; a throw averaged over a few outcomes; letting play go on changes nothing)."""
    if option.waits:
        return rewards(evaluation.standings(node.state, tree.seats, tree.reading))[seat]
    tries = THROWS_SAMPLED if option.throws else 1
    total = 0.0
    for _ in range(tries):
        after, _ = tree.advance(node, decision, option, rng)
        state = finish_event(tree, after, rng).state
        total += rewards(evaluation.standings(state, tree.seats, tree.reading))[seat]
    return total / tries


class _Edge:
    """What a search learnt of one option after a path of options: how often it was taken,
    the rewards its decider got (and their squares, for their spread), and how often it was
    there to take (open-loop UCT with availability counts, for throws and hidden parts that
    change what comes next)."""

    __slots__ = ("available", "children", "squares", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[bytes, _Edge] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0

    @property
    def mean(self) -> float:
        return self.total / self.visits

    @property
    def error(self) -> float:
        """The standard error of the mean reward."""
        spread = max(0.0, self.squares / self.visits - self.mean ** 2)
        return math.sqrt(spread / self.visits)


class MctsAgent(Agent):
    """UCT with ``budget`` playouts per decision. Each playout starts from a state drawn from
    the seat's view (``resample_hidden``), walks the tree of decisions (every player choosing
    for itself by UCB1, throws drawn by their odds, happenings at random), plays ``depth``
    events at random beyond it and lets the game's evaluation judge where it ends (a finished
    match by its outcome). The option with the best mean reward is played; among options the
    playouts cannot tell apart (their means within a standard error of the best), the one the
    evaluation likes best one move ahead, so that a small sure step is not lost in the noise
    of what the others may do."""

    name = "mcts"

    def __init__(self, *, seed: int, evaluation: BoundEvaluation | None = None,
                 budget: int | None = None, depth: int = DEFAULT_DEPTH) -> None:
        super().__init__(seed=seed, evaluation=evaluation, budget=budget or DEFAULT_BUDGET)
        self.depth = depth

    def decide(self, tree: DecisionTree, node: Node, decision: Decision) -> Pick:
        if len(decision.options) == 1:
            return decision.options[0]
        seat = decision.seat
        assert seat is not None  # the tree asks agents for seats' decisions only
        root = _Edge()
        bounds = _Bounds()
        stop = self.stop
        for playouts in range(self.budget or DEFAULT_BUDGET):
            if stop is not None and playouts % STOP_ASKED_EVERY == 0 and playouts and stop():
                raise Stopped
            self.playout(tree, self.world(tree, node, seat), decision, root, bounds)
        tried = [(option, root.children[option.key]) for option in decision.options
                 if option.key in root.children and root.children[option.key].visits]
        best = max(tried, key=lambda pair: pair[1].mean)[1]
        close = [option for option, edge in tried
                 if edge.mean + edge.error >= best.mean - best.error]
        if len(close) == 1:
            return close[0]
        world = self.world(tree, node, seat)
        return max(close, key=lambda option: one_ply(tree, self.judge(), world, decision,
                                                     option, seat, self.rng))

    def playout(self, tree: DecisionTree, node: Node, decision: Decision | None, root: _Edge,
                bounds: _Bounds) -> None:
        rng = self.rng
        path: list[tuple[_Edge, str]] = []
        edge = root
        expanded = False
        while decision is not None and not expanded:
            if decision.seat is None:
                option = rng.choice(decision.options)
            else:
                option, edge, expanded = _select(edge, decision.options, rng, bounds)
                path.append((edge, decision.seat))
            node = tree.advance(node, decision, option, rng)[0]
            decision = tree.decision(node)
        events = 0
        while decision is not None and events < self.depth:
            node, event = tree.advance(node, decision, rng.choice(decision.options), rng)
            events += event is not None
            decision = tree.decision(node)
        reward = rewards(self.judge().standings(node.state, tree.seats, tree.reading))
        for step, seat in path:
            step.visits += 1
            step.total += reward[seat]
            step.squares += reward[seat] ** 2
            bounds.widen(step.mean)


class _Bounds:
    """The least and greatest mean reward seen in a search: UCB1 compares means scaled to
    them, since one step's worth in a game's evaluation is small beside 0..1."""

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        self.low = math.inf
        self.high = -math.inf

    def widen(self, value: float) -> None:
        self.low = min(self.low, value)
        self.high = max(self.high, value)

    def scaled(self, value: float) -> float:
        if self.high - self.low < 1e-9:
            return 0.5
        return (value - self.low) / (self.high - self.low)


def _select(edge: _Edge, options: Sequence[Pick], rng: random.Random, bounds: _Bounds
            ) -> tuple[Pick, _Edge, bool]:
    """An option not tried yet after this path (at random), else the best by UCB1 among the
    options there now."""
    untried = [option for option in options if option.key not in edge.children]
    if untried:
        option = rng.choice(untried)
        child = edge.children[option.key] = _Edge()
        child.available = 1
        return option, child, True
    children = [(option, edge.children[option.key]) for option in options]
    for _, child in children:
        child.available += 1
    option, child = max(children, key=lambda pair: _ucb(pair[1], bounds))
    return option, child, False


def _ucb(edge: _Edge, bounds: _Bounds) -> float:
    return bounds.scaled(edge.mean) + EXPLORATION * math.sqrt(
        math.log(edge.available) / edge.visits)


def finish_event(tree: DecisionTree, node: Node, rng: random.Random) -> Node:
    """The node once the event being filled in is recorded, its remaining fields at random."""
    while node.pending is not None:
        decision = tree.decision(node)
        assert decision is not None  # a pending choice always has a field to decide
        node = tree.advance(node, decision, rng.choice(decision.options), rng)[0]
    return node


AGENTS = {agent.name: agent for agent in (RandomAgent, GreedyAgent, MctsAgent)}
