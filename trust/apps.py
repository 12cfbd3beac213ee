from django.apps import AppConfig


class TrustConfig(AppConfig):
    # An app only for its management commands (checkpoint, verify_log, export_archive,
    # import_archive); its rows are replay's tables.
    name = "trust"
    verbose_name = "Trust: the hash chain, checkpoints, backup and restore"
