from django.apps import AppConfig


class ReplayConfig(AppConfig):
    name = "replay"
    verbose_name = "Matches and replays"

    def ready(self) -> None:
        from replay.backup_sections import register_sections
        from replay.runs import run_heads
        from trust.logs import add_witness

        # A run records the head it replayed: the chain's audit checks the log still reaches it.
        add_witness(run_heads)
        register_sections()
