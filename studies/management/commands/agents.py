import sys

from django.core.management.base import BaseCommand, CommandError

import games
from games.agents import AGENTS, UnknownAgent
from games.agents.duel import duel
from games.agents.evaluation import NoEvaluation
from studies.statistics import wilson


class Command(BaseCommand):
    help = ("Agents that play the games: `agents duel GAME --agent mcts --against random "
            "--matches N` plays N matches and prints each agent's share of wins with its 95% "
            "Wilson interval, the draws and unfinished matches, and decisions per second.")

    def add_arguments(self, parser):
        verbs = parser.add_subparsers(dest="verb", required=True, metavar="VERB")
        pitted = verbs.add_parser("duel", help="two agents against each other")
        pitted.add_argument("game", help="the game's slug")
        pitted.add_argument("--agent", required=True, choices=sorted(AGENTS))
        pitted.add_argument("--against", required=True, choices=sorted(AGENTS))
        pitted.add_argument("--matches", type=int, required=True)
        pitted.add_argument("--budget", type=int, help="playouts per decision of mcts")
        pitted.add_argument("--seed", type=int, default=1, help="the first match's seed")
        pitted.add_argument("--players", type=int,
                            help="seats a match has (the agent in one, the other in the rest; "
                                 "default: two, or the fewest the game allows)")
        pitted.add_argument("--max-events", type=int,
                            help="a match not over by then counts as unfinished (default: "
                                 "the game's duel length, 1,500 events; Dylan Dog 5,000)")

    def handle(self, *args, **options):
        engine = games.find(options["game"])
        if engine is None:
            raise CommandError(f"{options['game']!r} has no rule engine (known: "
                               f"{', '.join(games.available())})")
        for name, low in (("matches", 1), ("players", engine.min_players), ("max_events", 1),
                          ("budget", 1)):
            value = options[name]
            if value is not None and value < low:
                raise CommandError(f"--{name.replace('_', '-')} must be at least {low}")
        if options["players"] is not None and options["players"] > engine.max_players:
            raise CommandError(f"--players: {engine.name} has at most {engine.max_players}")
        players = options["players"] or max(2, engine.min_players)
        try:
            result = duel(engine, agent=options["agent"], against=options["against"],
                          matches=options["matches"], seed=options["seed"],
                          budget=options["budget"], players=players,
                          max_events=options["max_events"],
                          progress=lambda done: sys.stderr.write(
                              f"\r{done} of {options['matches']} matches"))
        except (NoEvaluation, UnknownAgent) as error:
            raise CommandError(str(error)) from None
        sys.stderr.write("\n")
        agent, against = result.agents
        self.stdout.write(f"{engine.slug}: {agent} against {against}, {result.matches} matches "
                          f"of {players} seats (seeds {options['seed']} to "
                          f"{options['seed'] + result.matches - 1})")
        for name in dict.fromkeys((agent, against)):
            rate = wilson(result.wins[name], result.matches)
            # at least one match was played (--matches): a share with its interval
            assert rate.share is not None and rate.low is not None and rate.high is not None
            seats = wilson(result.seats_won[name], result.seats[name])
            spent = result.thinking[name]
            speed = spent.decisions / spent.seconds if spent.seconds else float("inf")
            self.stdout.write(
                f"  {name}: wins {rate.count} of {rate.total} matches, "
                f"{rate.share * 100:.1f}% (95% CI {rate.low * 100:.1f}–{rate.high * 100:.1f}%); "
                f"{seats.count} of {seats.total} seats it played; "
                f"{spent.decisions:,} decisions, {speed:,.1f} a second")
        self.stdout.write(f"  draws {result.draws}, unfinished {result.unfinished} (cut at "
                          f"{result.max_events} events)")
