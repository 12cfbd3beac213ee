from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trust.audit import verify_log
from trust.checkpoints import (
    KEY_ENV,
    CheckpointError,
    signer_from_environment,
    verifier_from,
    verify_checkpoint,
)
from trust.logs import tables
from trust.signed_note import read_verifier


def log_from_argument(value: str) -> Any:
    """The log (a match) a command argument names by its id."""
    try:
        log_id = int(value)
    except (TypeError, ValueError):
        raise CommandError(f"MATCH must be a match id (a whole number), not {value!r}") from None
    found = (tables().log_model.objects.filter(pk=log_id).first()
             if 0 < log_id < 2**63 else None)  # past a bigint: no such row, not a SQL error
    if found is None:
        raise CommandError(f"no match with id {log_id}")
    return found


class Command(BaseCommand):
    help = ("Walk a match's hash chain (or every match's, with --all) and cross-check the "
            "heads its runs recorded; with --checkpoint, prove every log still extends a "
            "signed checkpoint. Names the first broken link.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match", nargs="?", help="the match's id")
        parser.add_argument("--all", action="store_true", help="every match")
        parser.add_argument("--checkpoint", metavar="FILE",
                            help="a checkpoint written by manage.py checkpoint")
        parser.add_argument("--verifier-key", metavar="KEY",
                            help=f"the checkpoint's verifier key, or a file holding it "
                            f"(default: the public half of ${KEY_ENV})")

    def handle(self, *args: Any, **options: Any) -> None:
        if bool(options["match"]) == bool(options["all"]):
            raise CommandError("name one MATCH, or --all")
        matches = (tables().log_model.objects.order_by("pk") if options["all"]
                   else [log_from_argument(options["match"])])
        problems = []
        for match in matches:
            broken = verify_log(match=match)
            if broken is not None:
                problems.append(f"match {match.pk}: chain broken at {broken}")
            elif not options["all"]:
                self.stdout.write(f"match {match.pk}: {match.last_seq} events, chain verifies")
        if options["all"] and not problems:
            self.stdout.write(f"{len(matches)} matches: every chain verifies")
        if options["checkpoint"]:
            # Checked even after a broken chain: the signed heads say what was there before.
            try:
                self._checkpoint(options)
            except CommandError as error:
                problems.append(str(error))
        if problems:
            for problem in problems[:-1]:
                self.stderr.write(problem)
            raise CommandError(problems[-1])

    def _checkpoint(self, options: dict[str, Any]) -> None:
        try:
            note = Path(options["checkpoint"]).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"--checkpoint: {error}") from None
        try:
            if options["verifier_key"]:
                verifier = verifier_from(options["verifier_key"])
            else:
                verifier = read_verifier(signer_from_environment().verifier_key())
            report = verify_checkpoint(note=note, verifier=verifier)
        except CheckpointError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"checkpoint {report.origin} (size {report.tree_size}) verifies: "
                          f"{report.matches} matches extend all {report.heads} heads it records")
