"""Steps drawn from the archive's text are drawn again once that text changes."""

from django.db import transaction
from django.dispatch import receiver

from archive.signals import transcription_stored
from replay import step_cache


@receiver(transcription_stored)
def _transcription_stored(sender, **kwargs):
    transaction.on_commit(step_cache.archive_changed)
