"""The transcription workbench: a version page by page beside its scan (deep zoom over the
scan's tiles), its regions drawn on the scan, two versions compared, and the review that
publishes a version. Thin views: reads by ``archive.workbench``, writes by ``archive.pages``,
``archive.regions`` and ``archive.review``. Drafts and versions under review are a 404 to
anyone who is not a curator, as a private match is."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.core.files.storage import default_storage
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from archive import pages as page_services
from archive import regions as region_services
from archive import review, selectors, workbench
from archive.errors import ArchiveError
from archive.forms import PageForm, RegionForm, ReviewForm, SplitForm
from archive.models import Annotation, Region, Scan, Transcription
from archive.versions import latest_version
from archive.views import readable_version, transcription_detail_page
from archive.webannotation import annotation_page
from web.access import is_curator
from web.cors import readable_from_any_origin
from web.pages import bad_parameter_is_400, curator_only, field_error, page
from web.params import BadParameter, whole_number

# The page's forms share field names (a change note each): their ids must differ.
REGION_IDS = "id_region_%s"


def _image_url(scan: Scan | None) -> str:
    return scan.file.url if scan is not None and scan.width else ""


def _tile_source(scan: Scan | None) -> str:
    """What OpenSeadragon opens: the scan's IIIF tile pyramid, else its image whole."""
    if scan is None or not scan.width:
        return ""
    if scan.tiles:
        return default_storage.url(scan.tiles) + "/info.json"
    return ""


def _annotations_json(request, found: workbench.WorkbenchPage) -> dict:
    version = found.version
    base = request.build_absolute_uri("/").rstrip("/")
    return annotation_page(
        id=request.build_absolute_uri(reverse("page-annotations",
                                              args=[version.pk, found.number])),
        regions=workbench.region_notes(
            found.regions, text=version.text,
            source=lambda r: base + r.scan.file.url,
            id_for=lambda r: f"{base}{reverse('transcription-page', args=[version.pk, found.number])}"
                             f"#region-{r.pk}"),
    )


def _workbench(request, version: Transcription, number: int, *, forms: dict | None = None,
               status: int = 200):
    found = workbench.workbench_page(version=version, number=number)
    if found is None:
        raise Http404(f"version {version.version} has no page {number}")
    latest = latest_version(rulebook_id=version.rulebook_id, language=version.language)
    can_edit = is_curator(request.user) and latest is not None and latest.pk == version.pk
    forms = forms or {}
    context = {
        "version": version,
        "transcription": version,
        "game": version.rulebook.game,
        "rulebook": version.rulebook,
        "wb": found,
        "latest": latest,
        "can_edit": can_edit,
        "rulebook_scanned": found.scan is not None or version.rulebook.scans.exists(),
        "tile_source": _tile_source(found.scan),
        "image_url": _image_url(found.scan),
        # what refused a change to a version no longer the latest, shown above its page
        "refusals": [] if can_edit else [error for form in forms.values()
                                         for error in form.non_field_errors()],
    }
    if can_edit:
        notes = [item.note for item in found.notes]
        context.update(
            page_form=forms.get("page") or PageForm(
                rulebook=version.rulebook, initial={"text": found.text, "scan": found.scan}),
            split_form=forms.get("split") or SplitForm(),
            new_page_form=forms.get("new_page") or PageForm(
                rulebook=version.rulebook, auto_id="id_new_page_%s"),
            region_form=forms.get("region") or RegionForm(
                notes=notes, passages=found.passages, text=version.text, auto_id=REGION_IDS),
        )
    return page(request, "archive/workbench.html", context, fragment="workbench",
                status=status)


@require_safe
def transcription_page(request, transcription_id: int, number: int):
    """One page of a version beside its scan."""
    return _workbench(request, readable_version(request, transcription_id), number)


@readable_from_any_origin
@require_safe
def page_annotations(request, transcription_id: int, number: int):
    """The regions drawn on the page's scan as a W3C AnnotationPage (JSON-LD)."""
    version = readable_version(request, transcription_id)
    found = workbench.workbench_page(version=version, number=number)
    if found is None:
        raise Http404(f"version {version.version} has no page {number}")
    body = json.dumps(_annotations_json(request, found), ensure_ascii=False, indent=2)
    return HttpResponse(
        body, content_type='application/ld+json;profile="http://www.w3.org/ns/anno.jsonld"')


def _stored(request, result, number: int, what: str):
    new = result.transcription
    if result.created:
        messages.success(request, f"{what}: version {new.version} [{new.language}] stored as "
                         "a draft.")
    else:
        messages.info(request, f"{what}: nothing changed, so nothing new was stored.")
    return redirect("transcription-page", new.pk, min(number, new.pages.count()))


def _editable(request, transcription_id: int) -> Transcription:
    return get_object_or_404(Transcription.objects.select_related("rulebook__game"),
                             pk=transcription_id)


@curator_only
@require_POST
def page_save(request, transcription_id: int, number: int):
    version = _editable(request, transcription_id)
    adding = number == version.pages.count() + 1
    form = PageForm(request.POST, rulebook=version.rulebook,
                    **({"auto_id": "id_new_page_%s"} if adding else {}))
    if form.is_valid():
        try:
            result = page_services.save_page(
                version=version, number=number, text=form.cleaned_data["text"],
                scan=form.cleaned_data["scan"], user=request.user,
                change_note=form.cleaned_data["change_note"])
        except ArchiveError as error:
            field_error(form, error)
        else:
            return _stored(request, result, number, f"Page {number} saved")
    return _workbench(request, version, min(number, max(version.pages.count(), 1)),
                      forms={"new_page" if adding else "page": form}, status=400)


@curator_only
@require_POST
def page_split(request, transcription_id: int, number: int):
    version = _editable(request, transcription_id)
    form = SplitForm(request.POST)
    if form.is_valid():
        try:
            result = page_services.split_page(version=version, number=number,
                                              line=form.cleaned_data["line"], user=request.user)
        except ArchiveError as error:
            field_error(form, error)
        else:
            return _stored(request, result, number + 1, f"Page {number} split")
    return _workbench(request, version, number, forms={"split": form}, status=400)


@curator_only
@require_POST
def page_join(request, transcription_id: int, number: int):
    version = _editable(request, transcription_id)
    try:
        result = page_services.join_pages(version=version, number=number, user=request.user)
    except ArchiveError as error:
        messages.error(request, error.message)
        return _workbench(request, version, number, status=400)
    return _stored(request, result, number, f"Pages {number} and {number + 1} joined")


@curator_only
@require_POST
def region_add(request, transcription_id: int, number: int):
    """A rectangle drawn on the page's scan, for a note of the version or a new one."""
    version = _editable(request, transcription_id)
    found = workbench.workbench_page(version=version, number=number)
    if found is None:
        raise Http404(f"version {version.version} has no page {number}")
    form = RegionForm(request.POST, notes=[item.note for item in found.notes],
                      passages=found.passages, text=version.text, auto_id=REGION_IDS)
    if form.is_valid():
        data = form.cleaned_data
        try:
            box = region_services.checked_box(version=version, scan=found.scan, x=data["x"],
                                              y=data["y"], w=data["w"], h=data["h"])
            if form.tie is not None:
                note_id, index = form.tie
                note = Annotation.objects.get(pk=note_id, transcription=version)
                result = region_services.tie_region(
                    version=version, note=note,
                    box=region_services.Box(box.scan_id, box.x, box.y, box.w, box.h, index),
                    user=request.user, change_note=data["change_note"])
            else:
                result = region_services.draw_with_new_note(
                    version=version, box=box, passage=data["passage"], words=data["words"],
                    body=data["body"], kind=data["kind"], certainty=data["certainty"] or None,
                    user=request.user, change_note=data["change_note"])
        except ArchiveError as error:
            field_error(form, error)
        else:
            return _stored(request, result, number, "Region drawn")
    return _workbench(request, version, number, forms={"region": form}, status=400)


@curator_only
@require_POST
def region_remove(request, transcription_id: int, region_id: int):
    version = _editable(request, transcription_id)
    region = get_object_or_404(Region.objects.select_related("note", "scan"), pk=region_id,
                               transcription=version)
    number = next((p.number for p in version.pages.all() if p.scan_id == region.scan_id), 1)
    try:
        result = region_services.remove_region(version=version, region=region,
                                               user=request.user)
    except ArchiveError as error:
        messages.error(request, error.message)
        return _workbench(request, version, number, status=400)
    return _stored(request, result, number, "Region removed")


# -- review ---------------------------------------------------------------------------------------

REVIEW_STEPS: dict[str, tuple[Callable[..., Transcription], str]] = {
    "submit": (review.submit_for_review, "submitted for review"),
    "return": (review.return_to_draft, "returned to draft"),
    "publish": (review.publish, "published"),
    "publish-without-review": (review.publish_without_review, "published without review"),
}


@curator_only
@require_POST
def transcription_review(request, transcription_id: int):
    """Move a version a step towards readers (or back to its transcriber)."""
    version = _editable(request, transcription_id)
    form = ReviewForm(request.POST)
    if form.is_valid():
        step, done = REVIEW_STEPS[form.cleaned_data["action"]]
        try:
            step(version=version, user=request.user, note=form.cleaned_data["note"])
        except ArchiveError as error:
            field_error(form, error)
        else:
            messages.success(request, f"Version {version.version} [{version.language}] {done}.")
            return redirect("transcription-detail", version.pk)
    return transcription_detail_page(request, version, review_form=form, status=400)


@curator_only
@require_safe
def review_queue(request):
    return page(request, "archive/review_queue.html",
                {"versions": list(workbench.review_queue())})


# -- comparing ------------------------------------------------------------------------------------


@bad_parameter_is_400
@require_safe
def transcription_compare(request, transcription_id: int):
    """This version and another (``?to=``) of the same text, word by word; ``?page=`` for
    one page of each."""
    version = readable_version(request, transcription_id)
    other_id = whole_number(request.GET, "to", low=1)
    if other_id is None:
        raise BadParameter("to", "to must name the version to compare with (its id)")
    other = selectors.readable_versions(user=request.user).filter(pk=other_id).first()
    if other is None or (other.rulebook_id, other.language) != (version.rulebook_id,
                                                                 version.language):
        raise BadParameter("to", f"to must be a version of the same text "
                           f"({version.rulebook.edition} [{version.language}]) you may read")
    number = whole_number(request.GET, "page", low=1)
    old, new = sorted((version, other), key=lambda v: v.version)
    comparison = workbench.compare_versions(old=old, new=new, page=number)
    if number is not None and number > comparison.pages:
        raise BadParameter("page", f"page must be from 1 to {comparison.pages}")
    return page(request, "archive/compare.html", {
        "version": version,
        "game": version.rulebook.game,
        "rulebook": version.rulebook,
        "comparison": comparison,
        "old_history": workbench.history(old),
        "new_history": workbench.history(new),
        "page_numbers": range(1, comparison.pages + 1),
    })
