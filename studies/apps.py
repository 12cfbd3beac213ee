from django.apps import AppConfig


class StudiesConfig(AppConfig):
    name = "studies"
    verbose_name = "Interpretation studies"

    def ready(self) -> None:
        from trust.backup import RowsSection, register

        # Studies and their parts, results kept (a backup made before studies had none).
        register(RowsSection("studies", order=50, optional=True))
