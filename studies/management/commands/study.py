import sys
import time

from django.core.management.base import BaseCommand, CommandError

from replay.log.errors import LogError
from replay.management.commands._match_arg import match_from_argument
from studies.models import Study
from studies.plans import PLAYERS
from studies.report import summary_lines
from studies.services import DEFAULT_AGENT, study_archive, study_impact, study_sweep
from trust.errors import BrokenChain


class Command(BaseCommand):
    help = ("Start a study (or find the identical stored one), wait for it, print a summary: "
            "a sweep of a match, the impact of a point over simulated matches, or every "
            "recorded match of a game.")

    def add_arguments(self, parser):
        kinds = parser.add_subparsers(dest="kind", required=True, metavar="KIND")
        sweep = kinds.add_parser("sweep", help="every combination of the points a match "
                                               "consults")
        sweep.add_argument("match", help="the match's id")
        sweep.add_argument("--points", nargs="+", metavar="POINT",
                           help="only these points (the others at their defaults)")
        impact = kinds.add_parser("impact", help="a point over simulated matches")
        impact.add_argument("game", help="the game's slug")
        impact.add_argument("point", help="the interpretation point")
        impact.add_argument("--matches", type=int, required=True,
                            help="simulated matches per option")
        impact.add_argument("--agent", default=DEFAULT_AGENT, choices=PLAYERS,
                            help="who plays every seat: an agent, or the game's bots "
                                 f"(default {DEFAULT_AGENT})")
        impact.add_argument("--budget", type=int, help="playouts per decision of mcts")
        impact.add_argument("--players", type=int, help="seats of each match agents play")
        archive = kinds.add_parser("archive", help="every public recorded match of a game")
        archive.add_argument("game", help="the game's slug")
        archive.add_argument("--points", nargs="+", metavar="POINT",
                             help="only these points (all the game's when omitted)")
        for sub in (sweep, impact, archive):
            sub.add_argument("--no-wait", action="store_true",
                             help="start it and return (workers compute it)")

    def handle(self, *args, **options):
        try:
            if options["kind"] == "sweep":
                study = study_sweep(match=match_from_argument(options["match"]),
                                    points=options["points"], wait=True)
            elif options["kind"] == "impact":
                study = study_impact(game_slug=options["game"], point_id=options["point"],
                                     matches=options["matches"], agent=options["agent"],
                                     budget=options["budget"], players=options["players"],
                                     wait=True)
            else:
                study = study_archive(game_slug=options["game"], points=options["points"],
                                      wait=True)
        except (LogError, BrokenChain) as error:
            where = f" ({error.field})" if error.field else ""
            raise CommandError(f"{error.message}{where}") from None
        self.stdout.write(f"study {study.pk}: {study.status}, {study.parts_done} of "
                          f"{study.parts_total} parts")
        if options["no_wait"]:
            return
        while study.under_way:
            time.sleep(1)
            study.refresh_from_db()
            sys.stderr.write(f"\r{study.percent}% ({study.parts_done} of {study.parts_total})")
        if study.status != Study.DONE:
            raise CommandError(f"study {study.pk} is {study.status}: {study.error}")
        for line in summary_lines(study):
            self.stdout.write(line)
