from django.apps import AppConfig


class ReplayConfig(AppConfig):
    name = "replay"
    verbose_name = "Matches and replays"

    def ready(self) -> None:
        from replay.log.backup import MatchesSection
        from replay.runs.backup import LEFT_OUT, RunsSection
        from replay.runs.replaying import run_heads
        from trust.backup import leave_out, register
        from trust.logs import add_witness

        # A run records the head it replayed: the chain's audit checks the log still reaches it.
        add_witness(run_heads)
        register(MatchesSection())
        register(RunsSection())
        for table, why in LEFT_OUT.items():
            leave_out(table, why)
