"""OpenSpiel's ``MCTSBot`` against our own UCT (``games.agents`` ``mcts``), at equal budget, on
Dagon: the weighing behind the README's libraries table. Not a dependency of the project: run it
with ``open_spiel`` installed (``pip install open_spiel==2.0.2``, a cp311 manylinux wheel).

Dagon is wrapped as a pyspiel Python game over the agents' decision tree (``games.agents.decisions``), so
both searches see the same decisions: each decision of the tree is a player node whose
actions are the indices of its options (a choice, then each open field by its decider), a throw
is two chance nodes (which throw, then its outcome by its odds). Dagon hides nothing, so
``MCTSBot``'s perfect-information search is sound there. Both searches judge a leaf alike: six
events at random, then the game's evaluation (``evaluate``), or the outcome of a finished match;
both have ``--budget`` playouts a decision. The wrapper's ``clone`` shares the tree and the
engine state (states are never mutated) instead of pyspiel's deep copy of the object.

Prints, for matches of two seats (the seat going round): each side's share of wins with its 95%
Wilson interval, and decisions per second for each (decisions with more than one option: a
single one is taken without search by either side); then the load average. ``MCTSBot`` plays
the child it visited most; its ``--uct-c`` applies to returns from −1 to 1, where our UCT
scales means to the range its search has seen.

Usage: python bench/openspiel_uct.py [--matches 20] [--budget 48] [--seed 3000]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError:
    sys.exit("bench/openspiel_uct.py needs open_spiel 2.0.2: pip install open_spiel==2.0.2 "
             "(not a dependency of Ludoteca; see the README's libraries table)")

import games
from games.agents.decisions import DecisionTree, Node
from games.agents.evaluation import evaluation_for, rewards
from games.agents.match import make_agent, seats_for
from games.agents.players import DEFAULT_DEPTH
from studies.statistics import wilson

MOST_ACTIONS = 256  # more than the options of any decision of Dagon's tree
ENGINE = games.get("dagon")
EVALUATION = evaluation_for(ENGINE)
PLAYERS = seats_for(ENGINE, 2)
SEATS = tuple(p["id"] for p in PLAYERS)
GAME_TYPE = pyspiel.GameType(
    short_name="python_ludoteca_dagon",
    long_name="Ludoteca: Dagon on the agents' decision tree",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={},
)


class DagonGame(pyspiel.Game):
    def __init__(self, tree: DecisionTree, max_events: int, params=None) -> None:
        info = pyspiel.GameInfo(num_distinct_actions=MOST_ACTIONS,
                                max_chance_outcomes=MOST_ACTIONS, num_players=2,
                                min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
                                max_game_length=max_events * 4)
        super().__init__(GAME_TYPE, info, params or {})
        self.tree = tree

    def new_initial_state(self):
        return DagonState(self, Node(ENGINE.initial_state(PLAYERS, {})))


class DagonState(pyspiel.State):
    """A point of the agents' decision tree: ``node``, and, after a throw was picked, the throws it
    may turn out to be (a chance node)."""

    def __init__(self, game: DagonGame, node: Node, throws=None, seat=None) -> None:
        super().__init__(game)
        self.tree = game.tree
        self.node = node
        self.throws = throws
        self.seat = seat  # who threw

    def clone(self):
        """pyspiel's own clone deep-copies the object (the tree and its caches with it);
        engine states are never mutated, so a clone shares them."""
        return DagonState(self.get_game(), self.node, self.throws, self.seat)

    def decision(self):
        return self.tree.decision(self.node)

    def current_player(self):
        if self.throws is not None or (self.node.pending is not None
                                       and self.node.pending.chance):
            return pyspiel.PlayerId.CHANCE
        decision = self.decision()
        if decision is None:
            return pyspiel.PlayerId.TERMINAL
        if decision.seat is None:
            return pyspiel.PlayerId.CHANCE
        return SEATS.index(decision.seat)

    def _legal_actions(self, player):
        return list(range(len(self.decision().options)))

    def chance_outcomes(self):
        if self.throws is not None:
            return [(index, 1 / len(self.throws)) for index in range(len(self.throws))]
        decision = self.decision()
        if self.node.pending is not None:
            spec = next(f for f in self.node.pending.fields
                        if f.name not in dict(self.node.values))
            return list(enumerate(spec.domain.odds()))
        return [(index, 1 / len(decision.options)) for index in range(len(decision.options))]

    def _apply_action(self, action):
        if self.throws is not None:
            node = self.node
            self.node = Node(node.state, self.throws[action], (), self.seat, node.waited,
                             node.last)
            self.throws = None
            return
        decision = self.decision()
        option = decision.options[action]
        if option.throws:
            self.throws = self.tree.offers(self.node.state).throws[decision.seat]
            self.seat = decision.seat
            return
        self.node = self.tree.advance(self.node, decision, option, random.Random(action))[0]

    def is_terminal(self):
        return self.throws is None and self.tree.finished(self.node)

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        won = EVALUATION.winners(self.node.state)
        return [1.0 if seat in won else -1.0 if won else 0.0 for seat in SEATS]

    def _action_to_string(self, player, action):
        return str(action)

    def __str__(self):
        return f"Dagon at {len(self.node.state.get('log', []))}"


class ShortRollout(mcts.Evaluator):
    """What our UCT does at a leaf: ``DEFAULT_DEPTH`` events at random, then Dagon's
    evaluation (the outcome of a finished match), as returns from −1 to 1."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def evaluate(self, state):
        working = state.clone()
        events = 0
        while not working.is_terminal() and events < DEFAULT_DEPTH:
            if working.is_chance_node():
                actions, odds = zip(*working.chance_outcomes(), strict=True)
                working.apply_action(self.rng.choices(actions, weights=odds)[0])
            else:
                working.apply_action(self.rng.choice(working.legal_actions()))
            events += working.throws is None and working.node.pending is None
        reward = rewards(EVALUATION.standings(working.node.state, SEATS))
        return np.array([2 * reward[seat] - 1 for seat in SEATS])

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--budget", type=int, default=48)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--max-events", type=int, default=1500)
    parser.add_argument("--uct-c", type=float, default=2.0,
                        help="MCTSBot's exploration constant (returns run from -1 to 1)")
    args = parser.parse_args()
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    tree = DecisionTree.for_match(ENGINE, None, PLAYERS)
    game = DagonGame(tree, args.max_events)
    wins = {"openspiel": 0, "ours": 0}
    spent = {"openspiel": [0, 0.0], "ours": [0, 0.0]}
    unfinished = 0
    for number in range(args.matches):
        seed = args.seed + number
        spiel_seat = SEATS[number % 2]
        bot = mcts.MCTSBot(game, uct_c=args.uct_c, max_simulations=args.budget,
                           evaluator=ShortRollout(seed), solve=False,
                           random_state=np.random.RandomState(seed))
        ours = make_agent("mcts", ENGINE, seed=seed, budget=args.budget)
        state = game.new_initial_state()
        nature = random.Random(seed)
        events = 0
        while not state.is_terminal() and events < args.max_events:
            if state.is_chance_node():
                actions, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(nature.choices(actions, weights=odds)[0])
            else:
                decision = state.decision()
                side = "openspiel" if decision.seat == spiel_seat else "ours"
                started = time.perf_counter()
                if len(decision.options) == 1:  # no search for either side, not counted
                    state.apply_action(0)
                    events += state.throws is None and state.node.pending is None
                    continue
                if side == "openspiel":
                    action = bot.step(state)
                else:
                    option = ours.decide(tree, state.node, decision)
                    action = decision.options.index(option)
                spent[side][0] += 1
                spent[side][1] += time.perf_counter() - started
                state.apply_action(action)
            events += state.throws is None and state.node.pending is None
        if not state.is_terminal():
            unfinished += 1
            continue
        for seat in EVALUATION.winners(state.node.state):
            wins["openspiel" if seat == spiel_seat else "ours"] += 1
        print(f"match {number + 1}: {events} events, won by "
              f"{', '.join(EVALUATION.winners(state.node.state)) or 'nobody'} "
              f"(OpenSpiel played {spiel_seat})", flush=True)
    print(f"Dagon, {args.matches} matches of two seats, {args.budget} playouts a decision "
          f"each (six random events, then the evaluation), MCTSBot's uct_c {args.uct_c}: "
          f"unfinished {unfinished}")
    for side, words in (("openspiel", "OpenSpiel MCTSBot"), ("ours", "our UCT (mcts)")):
        rate = wilson(wins[side], args.matches)
        decisions, seconds = spent[side]
        print(f"  {words}: wins {rate.count} of {rate.total}, {rate.share * 100:.0f}% (95% CI "
              f"{rate.low * 100:.0f}–{rate.high * 100:.0f}%); {decisions:,} decisions, "
              f"{decisions / seconds if seconds else 0:,.1f} a second")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
