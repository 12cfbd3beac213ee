"""Archive pages: the games, a game's rulebooks and scans, transcriptions with their notes,
two transcriptions side by side, the engine's interpretation points, and the curator forms."""

from __future__ import annotations

import json
from itertools import zip_longest

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_safe

import games
from archive import exports, selectors, workbench
from archive.catalogue import game_create, rulebook_create, rulebook_describe
from archive.forms import (
    AnnotationAddForm,
    AnnotationRevisionForm,
    GameForm,
    ReviewForm,
    RulebookDescriptionForm,
    RulebookForm,
    ScanForm,
    TranscriptionForm,
)
from archive.glossary import supplied_renderings
from archive.markup import CERTAINTY_WORDS, markup_examples
from archive.models import Game, Rulebook, Scan, Transcription
from archive.parsing import cited_pages
from archive.review import person
from archive.scan_uploads import add_scan
from archive.services import (
    ArchiveError,
    add_annotation,
    decode_text,
    import_transcription,
    revise_annotation,
)
from web.access import is_curator
from web.addresses import api_url
from web.cors import readable_from_any_origin
from web.pages import curator_only, field_error, page

# -- pages ------------------------------------------------------------------------------------


@readable_from_any_origin  # the IIIF provider's homepage
@require_safe
def home(request):
    return page(request, "archive/home.html", {"games": selectors.game_list()})


@readable_from_any_origin  # a IIIF manifest's homepage
@require_safe
def game_detail(request, slug: str):
    game = get_object_or_404(Game, slug=slug)
    rulebooks = list(selectors.game_rulebooks(game=game, user=request.user))
    for rulebook in rulebooks:
        scans = list(rulebook.scans.all())
        rulebook.image_scans = sum(1 for s in scans if s.width and s.height)
        rulebook.pdf_scans = len(scans) - rulebook.image_scans
    return page(
        request,
        "archive/game.html",
        {
            "game": game,
            "rulebooks": rulebooks,
            "latest": selectors.latest_transcriptions(game=game),
            "has_engine": games.find(slug) is not None,
            "glossary": exports.game_glossary(game=game),
            "supplied_renderings": bool(supplied_renderings(slug)),
        },
    )


@require_safe
def scan_detail(request, scan_id: int):
    scan = get_object_or_404(selectors.scans_with_rulebook(), pk=scan_id)
    pages = selectors.rulebook_pages(rulebook=scan.rulebook)
    index = next(i for i, s in enumerate(pages) if s.pk == scan.pk)
    return page(
        request,
        "archive/scan.html",
        {
            "scan": scan,
            "rulebook": scan.rulebook,
            "game": scan.rulebook.game,
            "pages": pages,
            "prev": pages[index - 1] if index > 0 else None,
            "next": pages[index + 1] if index + 1 < len(pages) else None,
            "position": index + 1,
        },
        fragment="viewer",
    )


def _scan_pane(request, rulebook: Rulebook) -> dict:
    """The scan shown beside a transcription: the one ``?scan=`` names, else the first page."""
    scans = selectors.rulebook_pages(rulebook=rulebook)
    wanted = request.GET.get("scan", "")
    chosen = next((s for s in scans if str(s.pk) == wanted), scans[0] if scans else None)
    return {"pane_scans": scans, "pane_scan": chosen}


def _scans_by_label(rulebook: Rulebook) -> dict[str, Scan]:
    return selectors.scans_by_page_label(selectors.rulebook_pages(rulebook=rulebook))


def _passage_rows(transcription: Transcription, scans: dict[str, Scan]) -> list[dict]:
    """Passages with their marked segments (a note's mark knows its note's number) and, for
    a page citation, the archived scans of the cited pages."""
    rows = []
    for item in selectors.annotated_passages(transcription=transcription):
        passage = item.passage
        segments = []
        for seg in item.segments:
            pages = []
            if seg.kind == "page":
                pages = [(label, scans.get(label)) for label in cited_pages(seg.note)]
            segments.append(
                {
                    "text": seg.text,
                    "kind": seg.kind,
                    "label": seg.label,
                    "note": seg.note,
                    "certainty": seg.certainty,
                    "note_id": seg.note_id,
                    "number": seg.number,
                    "pages": pages,
                    "scan": next((s for _, s in pages if s is not None), None),
                }
            )
        rows.append(
            {
                "passage": passage,
                "anchor": passage.anchor,
                "segments": segments,
                "notes": item.notes,
                "pages": [(label, scans.get(label)) for label in passage.pages or []],
            }
        )
    return rows


def readable_version(request, transcription_id: int) -> Transcription:
    """The version if the user may read it, else 404 (a draft does not admit it exists, as a
    private match does not)."""
    return get_object_or_404(
        selectors.readable_versions(user=request.user)
        .select_related("rulebook__game", "created_by", "translation_of"),
        pk=transcription_id)


@require_safe
def transcription_detail(request, transcription_id: int):
    return transcription_detail_page(request, readable_version(request, transcription_id))


def transcription_detail_page(request, transcription: Transcription, *, review_form=None,
                              status: int = 200):
    """A version with its notes, its review state and history; a curator's review form."""
    rulebook = transcription.rulebook
    versions = selectors.versions_in_language(transcription=transcription, user=request.user)
    is_latest = versions[0].version == transcription.version
    curator = is_curator(request.user)
    return page(
        request,
        "archive/transcription.html",
        {
            "transcription": transcription,
            "is_latest": is_latest,
            "can_revise": is_latest and curator,
            "tei_filename": exports.tei_filename(transcription),
            "api_json_url": api_url("api-transcription-detail", transcription.pk),
            "game": rulebook.game,
            "passages": _passage_rows(transcription, _scans_by_label(rulebook)),
            "versions": versions,
            "others": selectors.has_other_languages(transcription=transcription,
                                                    user=request.user),
            "rulebook": rulebook,
            "history": workbench.history(transcription),
            "review_form": review_form or (ReviewForm() if curator else None),
            "compare_with": [v for v in versions if v.pk != transcription.pk],
            **_scan_pane(request, rulebook),
        },
        status=status,
    )


@require_safe
def side_by_side(request, rulebook_id: int):
    rulebook = get_object_or_404(selectors.rulebooks_with_game(), pk=rulebook_id)
    choices = selectors.rulebook_transcriptions(rulebook=rulebook, user=request.user)
    by_pk = {str(t.pk): t for t in choices}
    left, right = selectors.default_pair(rulebook=rulebook, transcriptions=choices)
    left = by_pk.get(request.GET.get("left", ""), left)
    right = by_pk.get(request.GET.get("right", ""), right)
    rows: list[tuple[dict | None, dict | None]] = []
    if left is not None and right is not None and left.pk != right.pk:
        scans = _scans_by_label(rulebook)
        a, b = _passage_rows(left, scans), _passage_rows(right, scans)
        b_by_anchor = {row["anchor"]: row for row in b}
        if any(row["anchor"] in b_by_anchor for row in a):
            used = set()
            for row in a:
                match = b_by_anchor.get(row["anchor"])
                if match:
                    used.add(match["anchor"])
                rows.append((row, match))
            rows += [(None, row) for row in b if row["anchor"] not in used]
        else:
            rows = list(zip_longest(a, b))
    return page(
        request,
        "archive/side_by_side.html",
        {
            "rulebook": rulebook,
            "game": rulebook.game,
            "choices": choices,
            "left": left,
            "right": right,
            "rows": rows,
        },
    )


@require_safe
def interpretation_points(request, slug: str):
    game = get_object_or_404(Game, slug=slug)
    engine = games.find(slug)
    points = []
    glossary = exports.game_glossary(game=game) if engine is not None else []
    if engine is not None:
        passages = selectors.cited_passages(
            slugs=[c.passage for point in engine.points for c in point.citations])
        for point in engine.points:
            citations = []
            for citation in point.citations:
                passage = passages.get(citation.passage)
                notes = passage.notes if passage is not None else []
                citations.append({"citation": citation, "passage": passage, "notes": notes})
            texts = [point.question, *(o.description for o in point.options)]
            texts += [c.quote for c in point.citations]
            points.append(
                {
                    "point": point,
                    "citations": citations,
                    "originals": exports.glossary_terms_in(texts, glossary),
                }
            )
    return page(
        request,
        "archive/points.html",
        {"game": game, "engine": engine, "points": points},
    )


# -- archival formats -----------------------------------------------------------------------------


def _base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


@readable_from_any_origin  # a IIIF manifest's seeAlso
@require_safe
def transcription_tei(request, transcription_id: int):
    """The version as TEI P5 XML, at a stable URL (a draft's for curators only)."""
    transcription = readable_version(request, transcription_id)
    xml = exports.transcription_tei(
        transcription=transcription, request_base_url=_base_url(request)
    )
    response = HttpResponse(xml, content_type=exports.TEI_CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{exports.tei_filename(transcription)}"'
    return response


def _iiif_json(document: dict) -> HttpResponse:
    body = json.dumps(document, ensure_ascii=False, indent=2)
    return HttpResponse(body, content_type=exports.IIIF_CONTENT_TYPE)


@readable_from_any_origin  # IIIF viewers (Mirador, Universal Viewer) are on other sites
@require_safe
def rulebook_manifest(request, rulebook_id: int):
    """The rulebook's IIIF Presentation 3 manifest."""
    rulebook = get_object_or_404(selectors.rulebooks_with_game(), pk=rulebook_id)
    try:
        manifest = exports.rulebook_manifest(rulebook=rulebook, base_url=_base_url(request))
    except exports.NoScannedPage as error:
        upload = request.build_absolute_uri(reverse("scan-add", args=[rulebook.pk]))
        return JsonResponse(error.answer(upload), status=404)
    return _iiif_json(manifest)


@readable_from_any_origin
@require_safe
def rulebook_iiif_resource(request, rulebook_id: int, scan_id: int, part: str = ""):
    """A canvas of the manifest, or an annotation page or annotation on it, at its id."""
    rulebook = get_object_or_404(selectors.rulebooks_with_game(), pk=rulebook_id)
    found = exports.rulebook_iiif_resource(
        rulebook=rulebook, base_url=_base_url(request),
        resource_id=request.build_absolute_uri(request.path),
    )
    if found is None:
        return JsonResponse(
            {"error": "not_found",
             "detail": f"the manifest of rulebook {rulebook.pk} has no resource at this address"},
            status=404,
        )
    return _iiif_json(found)


# -- curator forms ----------------------------------------------------------------------------


@curator_only
def game_add(request):
    form = GameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = game_create(**form.cleaned_data)
        except ArchiveError as error:
            field_error(form, error)
        else:
            messages.success(request, f"“{game.title}” added. Add its rulebook next.")
            return redirect("rulebook-add", game.slug)
    return page(request, "archive/game_form.html", {"form": form},
                status=400 if form.errors else 200)


@curator_only
def rulebook_add(request, slug: str):
    game = get_object_or_404(Game, slug=slug)
    form = RulebookForm(request.POST or None,
                        initial={"language": game.original_language})
    if request.method == "POST" and form.is_valid():
        try:
            rulebook = rulebook_create(game=game, **form.cleaned_data)
        except ArchiveError as error:
            field_error(form, error)
        else:
            messages.success(request, f"Rulebook “{rulebook.edition}” added: upload its scans "
                             "and transcribe it.")
            return redirect(reverse("game-detail", args=[game.slug]) + f"#rulebook-{rulebook.pk}")
    return page(request, "archive/rulebook_form.html", {"form": form, "game": game},
                status=400 if form.errors else 200)


@curator_only
def rulebook_edit(request, rulebook_id: int):
    """What the archive says of a rulebook's copy and its rights (shown in its IIIF manifest)."""
    rulebook = get_object_or_404(selectors.rulebooks_with_game(), pk=rulebook_id)
    fields = ("provenance", "source", "rights_holder", "licence")
    form = RulebookDescriptionForm(
        request.POST or None, initial={name: getattr(rulebook, name) for name in fields}
    )
    if request.method == "POST" and form.is_valid():
        try:
            rulebook_describe(rulebook=rulebook, **form.cleaned_data)
        except ArchiveError as error:
            field_error(form, error)
        else:
            messages.success(request, f"“{rulebook.edition}” described.")
            return redirect(reverse("game-detail", args=[rulebook.game.slug])
                            + f"#rulebook-{rulebook.pk}")
    return page(request, "archive/rulebook_form.html",
                {"form": form, "game": rulebook.game, "rulebook": rulebook},
                status=400 if form.errors else 200)


@curator_only
def scan_add(request, rulebook_id: int):
    rulebook = get_object_or_404(selectors.rulebooks_with_game(), pk=rulebook_id)
    form = ScanForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                scan = add_scan(
                    rulebook=rulebook,
                    page_number=form.cleaned_data["page_number"],
                    page_label=form.cleaned_data["page_label"],
                    upload=form.cleaned_data["file"],
                    uploaded_by=request.user,
                )
        except ArchiveError as error:
            field_error(form, error)
        else:
            messages.success(request, f"Scan of page {scan.page_label} archived.")
            return redirect("scan-detail", scan.pk)
    return page(
        request,
        "archive/scan_form.html",
        {"form": form, "rulebook": rulebook, "game": rulebook.game},
        status=400 if form.errors else 200,
    )


@curator_only
def transcription_add(request, rulebook_id: int):
    rulebook = get_object_or_404(selectors.rulebooks_with_game(), pk=rulebook_id)
    form = TranscriptionForm(request.POST or None, request.FILES or None, rulebook=rulebook)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data.get("file"):
                text = decode_text(data["file"].read(), field="file")
            else:
                text = decode_text(data["text"], field="text")
            result = import_transcription(
                rulebook=rulebook,
                text=text,
                language=data["language"].strip(),
                transcriber=data["transcriber"],
                translation_of=data.get("translation_of"),
                change_note=data.get("change_note", ""),
                created_by=request.user,
            )
        except ArchiveError as error:
            if error.field == "text" and data.get("file"):
                error.field = "file"
            field_error(form, error)
        else:
            t = result.transcription
            if result.created:
                messages.success(request, f"Version {t.version} [{t.language}] stored.")
            else:
                messages.info(
                    request, f"Same text as version {t.version} [{t.language}]: nothing new stored."
                )
            return redirect(reverse("transcription-detail", args=[t.pk]))
    return page(
        request,
        "archive/transcription_form.html",
        {"form": form, "rulebook": rulebook, "game": rulebook.game,
         "markup_examples": markup_examples(), "certainty_words": CERTAINTY_WORDS,
         **_scan_pane(request, rulebook)},
        status=400 if form.errors else 200,
    )


@curator_only
def annotation_revise(request, transcription_id: int, annotation_id: int):
    """Edit a note's words or certainty: the next version of the transcription."""
    annotation = get_object_or_404(
        selectors.annotations_with_transcription(),
        pk=annotation_id,
        transcription_id=transcription_id,
    )
    transcription = annotation.transcription
    form = AnnotationRevisionForm(
        request.POST or None, initial={"body": annotation.body, "certainty": ""}
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            result = revise_annotation(
                annotation=annotation,
                editor=person(request.user),
                body=data["body"],
                certainty=data["certainty"] or None,
                change_note=data["change_note"],
                created_by=request.user,
            )
        except ArchiveError as error:
            field_error(form, error)
        else:
            t = result.transcription
            messages.success(request, f"Note revised: version {t.version} [{t.language}] stored.")
            return redirect(reverse("transcription-detail", args=[t.pk]))
    return page(
        request,
        "archive/annotation_form.html",
        {
            "form": form,
            "transcription": transcription,
            "annotation": annotation,
            "game": transcription.rulebook.game,
        },
        status=400 if form.errors else 200,
    )


@curator_only
def annotation_add(request, transcription_id: int):
    """Add a note on printed words of a passage: the next version of the transcription."""
    transcription = get_object_or_404(selectors.transcriptions_with_rulebook(),
                                      pk=transcription_id)
    form = AnnotationAddForm(
        request.POST or None,
        transcription=transcription,
        initial={"passage": request.GET.get("passage", "")},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            result = add_annotation(
                transcription=transcription,
                passage=data["passage"],
                words=data["words"],
                occurrence=data["occurrence"],
                kind=data["kind"],
                body=data["body"],
                certainty=data["certainty"] or None,
                editor=person(request.user),
                change_note=data["change_note"],
                created_by=request.user,
            )
        except ArchiveError as error:
            field_error(form, error)
        else:
            t = result.transcription
            messages.success(request, f"Note added: version {t.version} [{t.language}] stored.")
            return redirect(reverse("transcription-detail", args=[t.pk]))
    return page(
        request,
        "archive/annotation_form.html",
        {
            "form": form,
            "transcription": transcription,
            "annotation": None,
            "game": transcription.rulebook.game,
        },
        status=400 if form.errors else 200,
    )
