from django.apps import AppConfig


class ReplayConfig(AppConfig):
    name = "replay"
    verbose_name = "Matches and replays"

    def ready(self):
        from replay import receivers  # noqa: F401 - cached steps follow the archive's text
