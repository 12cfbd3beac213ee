from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "search"

    def ready(self):
        from search import receivers  # noqa: F401 - connects the index to the writers' signals
