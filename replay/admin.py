from django.contrib import admin

from replay.models import Event, Match


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("title", "game", "played_on", "last_seq", "is_private")
    list_filter = ("game", "is_private")
    search_fields = ("title", "source")
    # What a replay starts from (game, players, setup) is as fixed as the log itself: the
    # chain does not cover these fields, so no screen may change them after the fact.
    readonly_fields = (
        "game", "players", "setup", "last_seq", "head_hash", "created_at", "created_by"
    )

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields if obj is not None else ("last_seq", "head_hash")

    def has_delete_permission(self, request, obj=None):
        return False  # a match's log can never be deleted


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """Read-only: the log is append-only, and the database refuses changes anyway."""

    list_display = ("match", "seq", "type", "actor", "recorded_at")
    list_filter = ("type",)

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Event._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
