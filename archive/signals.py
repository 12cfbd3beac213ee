"""What the archive announces when it stores text, for whoever keeps something in step with it
(the search index). Sent inside the writing transaction, so a listener's writes share its fate."""

from django.dispatch import Signal

# A game's row was created or changed: kwargs ``game``.
game_stored = Signal()
# A new transcription version with its passages and notes (a draft unless published at once):
# kwargs ``transcription``.
transcription_stored = Signal()
# A stored version became the published one readers see: kwargs ``transcription``.
transcription_published = Signal()
