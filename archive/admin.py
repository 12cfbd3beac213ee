"""The admin's archive screens. Games and rulebooks are edited through forms that pass the
input boundary as the catalogue's own forms do (languages are BCP 47 tags, whole numbers are
ASCII digits, a game's components are JSON the archive can keep); what was transcribed or
parsed is never edited in place."""

from django import forms
from django.contrib import admin

from archive.catalogue import checked_language, checked_rulebook_fields
from archive.models import Annotation, Game, Passage, Rulebook, Scan, Transcription
from archive.services import ArchiveError
from boundary import InputError, check_text
from boundary.forms import JSONTextField, WholeNumberField


def _language(value: str, field: str, *, required: bool) -> str:
    try:
        return checked_language(value, field=field, required=required)
    except ArchiveError as error:
        raise forms.ValidationError(error.message) from None


class GameAdminForm(forms.ModelForm):
    year = WholeNumberField(min_value=1000, max_value=9999, required=False)
    min_players = WholeNumberField(min_value=1, max_value=99, required=False)
    max_players = WholeNumberField(min_value=1, max_value=99, required=False)
    components = JSONTextField(required=False, help_text='a JSON list, e.g. ["board", "dice"]')

    class Meta:
        model = Game
        fields = ["slug", "title", "original_title", "original_language", "year", "publisher",
                  "designer", "min_players", "max_players", "components"]

    def clean_original_language(self):
        return _language(self.cleaned_data["original_language"], "original_language",
                         required=False)

    def clean_components(self):
        value = self.cleaned_data["components"] or []
        if not isinstance(value, list):
            raise forms.ValidationError("components must be a JSON list of the game's parts")
        try:
            return [check_text(item, field=f"components[{index}]", max_length=200)
                    for index, item in enumerate(value)]
        except InputError as error:
            raise forms.ValidationError(str(error)) from None


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    form = GameAdminForm
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

    def has_add_permission(self, request):  # uploads go through archive.scan_uploads.add_scan
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
