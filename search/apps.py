from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "search"

    def ready(self):
        from search import receivers  # noqa: F401 - connects the index to the writers' signals
        from trust.backup import leave_out

        leave_out("search.searchentry", "rebuilt from what the restore stores (the archive, "
                  "the engines' points, the match notes)")
