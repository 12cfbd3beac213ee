"""``manage.py checkpoint``: sign a checkpoint of every match's log head; ``--new-key`` makes
the Ed25519 key first (at the path ``LUDOTECA_CHECKPOINT_KEY`` names)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from boundary.commands import check_options
from trust.checkpoints import (
    KEY_ENV,
    CheckpointError,
    checkpoint_create,
    new_key,
    signer_from_environment,
)


class Command(BaseCommand):
    help = (f"Write a signed checkpoint (c2sp.org/tlog-checkpoint) of every match's log head, "
            f"signed with the Ed25519 key at ${KEY_ENV}. With --new-key, make that key.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--new-key", action="store_true",
                            help=f"make a new signing key at ${KEY_ENV} (never overwrites)")
        parser.add_argument("--origin", default="localhost/ludoteca",
                            help="with --new-key: the log's name, also the key's name")
        parser.add_argument("-o", "--output", default="-",
                            help="where to write the checkpoint (default: standard output)")

    def handle(self, *args: Any, **options: Any) -> None:
        check_options(options, "origin", "output")
        try:
            if options["new_key"]:
                signer = new_key(name=options["origin"])
                self.stderr.write(f"made a signing key at ${KEY_ENV}; give collectors the "
                                  "verifier key:")
                self.stdout.write(signer.verifier_key())
                return
            checkpoint = checkpoint_create(signer=signer_from_environment())
            if checkpoint is None:  # only a scheduled checkpoint skips an archive not grown
                raise CheckpointError("no checkpoint was signed")
        except CheckpointError as error:
            raise CommandError(error.message) from None
        except ValueError as error:  # a key name the format does not allow
            raise CommandError(str(error)) from None
        if options["output"] == "-":
            self.stdout.write(checkpoint.note, ending="")
        else:
            Path(options["output"]).write_text(checkpoint.note, encoding="utf-8")
        self.stderr.write(f"checkpoint {checkpoint.origin}: {checkpoint.tree_size} heads "
                          f"(verifier key {checkpoint.verifier_key})")
