"""The admin shows matches and their logs, read-only: a match is made only by
``replay.log.matches.match_create`` and its log grows only by ``append_events``, both behind the
input boundary, so no admin form may write past them (a player's name the boundary would
refuse, a setup the engine cannot start from, a head that is not the log's)."""

from django.contrib import admin

from replay.models import Event, Match


class ReadOnlyAdmin(admin.ModelAdmin):
    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("title", "game", "played_on", "last_seq", "is_private")
    list_filter = ("game", "is_private")
    search_fields = ("title", "source")


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    """The log is append-only, and the database refuses changes anyway."""

    list_display = ("match", "seq", "type", "actor", "recorded_at")
    list_filter = ("type",)
