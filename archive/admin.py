from django import forms
from django.contrib import admin

from archive.catalogue import checked_rulebook_fields
from archive.models import Annotation, Game, Passage, Rulebook, Scan, Transcription
from archive.services import ArchiveError


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "title", "slug", "year", "publisher", "original_language", "min_players", "max_players"
    )
    search_fields = ("title", "original_title", "slug", "publisher", "designer")


class RulebookAdminForm(forms.ModelForm):
    """The admin checks a rulebook as the pages and the API do (archive.catalogue)."""

    class Meta:
        model = Rulebook
        fields = ["game", "edition", "language", "provenance", "source", "rights_holder",
                  "licence"]

    def clean(self):
        cleaned = super().clean()
        names = ("edition", "language", "provenance", "source", "rights_holder", "licence")
        if any(name in self.errors for name in names):
            return cleaned
        try:
            cleaned.update(checked_rulebook_fields(**{name: cleaned.get(name, "")
                                                      for name in names}))
        except ArchiveError as error:
            self.add_error(error.field if error.field in self.fields else None, error.message)
        return cleaned


@admin.register(Rulebook)
class RulebookAdmin(admin.ModelAdmin):
    form = RulebookAdminForm
    list_display = ("game", "edition", "language", "rights_holder", "licence")
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
