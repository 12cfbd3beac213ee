import json

from django.core.management.base import BaseCommand

from archive.exports import rulebook_manifest
from archive.management.commands._exporting import (
    DEFAULT_BASE_URL,
    checked_base_url,
    chosen_game,
    default_out,
    writable_out,
    write,
)
from archive.models import Rulebook


class Command(BaseCommand):
    help = (
        "Write the IIIF Presentation 3 manifest of every rulebook with an image scan "
        "(<game>.<rulebook id>.manifest.json). A rulebook with no image scan has no canvas "
        "and is skipped, and said so; PDF scans are listed as downloads, not canvases."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only this game's rulebooks (a slug, e.g. dagon)")
        parser.add_argument("--out", help="folder to write to (default: var/exports/iiif)")
        parser.add_argument(
            "--base-url",
            default=DEFAULT_BASE_URL,
            help=f"site address the manifests' ids and image URLs start with "
            f"(default: {DEFAULT_BASE_URL})",
        )

    def handle(self, *args, **options):
        game = chosen_game(options["game"])
        # --base-url has a default: None only when a caller passes it, and a manifest needs one
        base_url = checked_base_url(options["base_url"]) or DEFAULT_BASE_URL
        out = writable_out(options["out"] or default_out("iiif"))
        rulebooks = Rulebook.objects.select_related("game").order_by("game__slug", "id")
        if game is not None:
            rulebooks = rulebooks.filter(game=game)
        count = 0
        for rulebook in rulebooks:
            try:
                manifest = rulebook_manifest(rulebook=rulebook, base_url=base_url)
            except ValueError as error:
                self.stdout.write(f"skipped {error}")
                continue
            data = json.dumps(manifest, ensure_ascii=False, indent=2).encode("utf-8")
            path = write(out, f"{rulebook.game.slug}.{rulebook.pk}.manifest.json", data)
            count += 1
            self.stdout.write(f"wrote {path}")
        self.stdout.write(f"{count} manifest{'s' if count != 1 else ''} in {out}")
