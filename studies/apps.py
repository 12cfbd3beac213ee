from django.apps import AppConfig


class StudiesConfig(AppConfig):
    name = "studies"
    verbose_name = "Interpretation studies"

    def ready(self) -> None:
        from studies.backup import StudiesSection
        from trust.backup import register

        # Studies and their parts, results kept and computed again on a restore (a backup
        # made before studies had none).
        register(StudiesSection("studies", order=50, optional=True))
