"""manage.py startengine NAME: a new game engine as a plugin package (games.scaffold)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.scaffold import ScaffoldError, scaffold_engine, slug_of


class Command(BaseCommand):
    help = ("Write a plugin package for a new game engine: its entry point, an engine with "
            "one rulebook section, its points, its evaluation and its contract tests.")

    def add_arguments(self, parser):
        parser.add_argument("name", help="the package's name (the slug is made from it: "
                                         "snakes_and_ladders → snakes-and-ladders)")
        parser.add_argument("--directory", default=".",
                            help="the folder to write the plugin's folder in (default: here)")

    def handle(self, *args, name: str, directory: str, **options):
        try:
            made = scaffold_engine(name, Path(directory))
        except ScaffoldError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"wrote the plugin for {slug_of(name)!r} in {made}: install it with "
                          f"`pip install -e {made}`, then run its tests with `pytest {made}`")
