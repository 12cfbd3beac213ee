from django.contrib import admin

from archive.models import Annotation, Game, Passage, Rulebook, Scan, Transcription


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "title", "slug", "year", "publisher", "original_language", "min_players", "max_players"
    )
    search_fields = ("title", "original_title", "slug", "publisher", "designer")


@admin.register(Rulebook)
class RulebookAdmin(admin.ModelAdmin):
    list_display = ("game", "edition", "language")
    list_filter = ("game",)


@admin.register(Scan)
class ScanAdmin(admin.ModelAdmin):
    list_display = ("rulebook", "page_number", "content_type", "width", "height", "uploaded_at")
    readonly_fields = [f.name for f in Scan._meta.fields]

    def has_add_permission(self, request):  # uploads go through archive.services.add_scan
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    """Versions and what was parsed from them are never edited in place."""

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Transcription)
class TranscriptionAdmin(ReadOnlyAdmin):
    list_display = ("rulebook", "language", "version", "transcriber", "created_at")
    list_filter = ("language",)


@admin.register(Passage)
class PassageAdmin(ReadOnlyAdmin):
    list_display = ("slug", "transcription", "order")
    search_fields = ("slug", "text")


@admin.register(Annotation)
class AnnotationAdmin(ReadOnlyAdmin):
    list_display = ("kind", "transcription", "passage", "certainty")
    list_filter = ("kind", "certainty")
