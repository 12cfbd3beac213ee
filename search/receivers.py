"""The index follows what the archive and the match logs store."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from archive.signals import game_stored, transcription_published, transcription_stored
from replay.log.signals import notes_appended
from replay.models import Match
from search import services


@receiver(game_stored)
def _game_stored(sender, *, game, **kwargs):
    services.index_game(game=game)


@receiver(transcription_stored)
def _transcription_stored(sender, *, transcription, **kwargs):
    if transcription.state == transcription.PUBLISHED:  # a draft is read by curators only
        services.index_transcription(transcription=transcription)


@receiver(transcription_published)
def _transcription_published(sender, *, transcription, **kwargs):
    services.index_transcription(transcription=transcription)


@receiver(notes_appended)
def _notes_appended(sender, *, match, events, **kwargs):
    services.index_match_notes(match=match, events=events)


@receiver(post_save, sender=Match)
def _match_saved(sender, *, instance, raw=False, **kwargs):
    if not raw:  # a fixture load: rebuild_search indexes it
        services.index_match(match=instance)
