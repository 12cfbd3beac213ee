from django.apps import AppConfig


def announce_restored() -> None:
    """Rows a backup restored in bulk, announced as the services announce what they store,
    so whatever follows the archive (the search index) takes them in."""
    from archive.models import Game, Transcription
    from archive.signals import game_stored, transcription_stored

    for game in Game.objects.order_by("pk"):
        game_stored.send(Game, game=game)
    for transcription in Transcription.objects.select_related("rulebook__game").order_by("pk"):
        transcription_stored.send(Transcription, transcription=transcription)


class ArchiveConfig(AppConfig):
    name = "archive"
    verbose_name = "Rulebook archive"

    def ready(self) -> None:
        import games.registry
        from archive.rules_documents import PUBLISHED_RULES
        from trust.backup import RowsSection, register

        # Data games: every game whose rules are a published document joins the registry.
        games.registry.REGISTRY.add_source(PUBLISHED_RULES)

        # Every row of the archive, and its scans byte for byte.
        register(RowsSection("archive", order=10, files=True, announce=announce_restored))
