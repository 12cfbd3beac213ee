"""Every kind of page passes axe-core's WCAG 2.2 AA rules in Chromium, at 1280 and 390 px
wide, signed out and signed in as a curator, with the sample matches loaded.

axe-core is vendored (``static/vendor/axe-core-<version>/``, see its README) and loaded from
the site's own static files, so the pages keep their Content-Security-Policy while axe runs.
The list of pages is checked against the URL conf: a new page must join the sweep or say
here why it is no page (an endpoint that only takes a POST, a file, a redirect)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser

AXE_VERSION = "4.14.1"
AXE = f"/static/vendor/axe-core-{AXE_VERSION}/axe.min.js"
WIDTHS = (1280, 390)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

# URL names that are no page of their own, and why.
NOT_PAGES = {
    "healthz": "a text answer for the load balancer",
    "oai": "OAI-PMH XML",
    "media": "files",
    "page-annotations": "JSON for the workbench",
    "rulebook-manifest": "IIIF JSON",
    "rulebook-canvas": "IIIF JSON",
    "rulebook-canvas-part": "image tiles",
    "transcription-tei": "a TEI download",
    "match-export": "a JSON download",
    "match-print-css": "a stylesheet",
    "logout": "POST only",
    "page-save": "POST only",
    "page-split": "POST only",
    "page-join": "POST only",
    "region-add": "POST only",
    "region-remove": "POST only",
    "transcription-review": "POST only",
    "match-record-choice": "POST only",
    "match-record-as-played": "POST only",
    "match-record-undo": "POST only",
    "match-record-reading": "POST only",
    "match-append": "POST only",
    "run-start": "POST only",
    "step-annotate": "POST only",
    "step-note-revise": "POST only",
    "variation-add": "POST only",
    "study-cancel": "POST only",
    "compare-with-parent": "POST only (a GET opens the match; the compare page is swept)",
    "rules-check": "POST only (the editor's check, an htmx fragment of the editor's page)",
    "rules-publish": "a draft's publishing page, shown only while a draft awaits publishing "
                     "(the editor it is opened from is swept)",
    "run-detail": "a redirect to the step it opens at (the step page is swept)",
    "replay-goto": "a redirect to the step asked for (the step page is swept)",
}

# Pages a reader who is not signed in cannot open (they answer with the sign-in page).
CURATORS_ONLY = {
    "game-add", "rulebook-add", "rulebook-edit", "scan-add", "transcription-add",
    "annotation-add", "annotation-revise", "review-queue", "match-create", "match-import",
    "match-record", "rules-editor",
}

RUN_AXE = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                            resultTypes: ['violations']});
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 4).map(n => [n.target.join(' '),
                                             (n.failureSummary || '').split('\\n')[1] || ''])
    }));
}"""


def page_names() -> set[str]:
    """The named URL patterns of the site's own pages (the API and the admin aside)."""
    names: set[str] = set()

    def walk(patterns, prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and pattern.name \
                    and not prefix.startswith(("api/", "admin/")):
                names.add(pattern.name)

    walk(get_resolver().url_patterns, "")
    return names


def scan_image() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (600, 800), (214, 200, 170)).save(out, format="JPEG")
    return out.getvalue()


@pytest.fixture
def sample_archive(seeded, settings, tmp_path):
    """The four rulebooks, the data games' rules, and the sample matches, a page of La Furia
    di Dracula scanned, the Lagoon dispute under both readings of who chooses, a variation of it to record, a note
    revised (a second version to compare), and one study of each kind."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from archive.models import Annotation, Rulebook, Transcription
    from archive.review import publish_without_review
    from archive.scan_uploads import add_scan
    from archive.services import load_data_games, revise_annotation
    from replay.models import Match, ReplayRun
    from replay.runs.replaying import replay_match
    from replay.runs.samples import load_samples
    from replay.variations.lines import variation_create
    from studies.services import study_archive, study_impact, study_sweep
    from tests.factories import make_curator

    settings.MEDIA_ROOT = tmp_path / "media"
    load_data_games()  # a data game, so its rules editor is swept
    load_samples()
    dracula = Rulebook.objects.get(game__slug="fury-of-dracula")
    scan = add_scan(rulebook=dracula, page_number=12,
                    upload=SimpleUploadedFile("p12.jpg", scan_image()))
    lagoon = Match.objects.get(game__slug="dagon", title__icontains="lagoon")
    attacker, attacked = (replay_match(match=lagoon, reading={"dagon.lagoon-chooser": option})
                          for option in ("attacker", "attacked"))
    other_boards = [ReplayRun.objects.filter(match__game__slug=slug, status=ReplayRun.DONE)
                    .order_by("pk").first() for slug in ("gothic", "dylan-dog", "fury-of-dracula")]
    variation = variation_create(parent=lagoon, from_seq=10, title="Lagoon, another attack")
    gothic = Transcription.objects.filter(rulebook__game__slug="gothic").order_by("pk").first()
    note = (Annotation.objects.filter(transcription=gothic).exclude(kind=Annotation.PAGE)
            .order_by("pk").first())
    revised = revise_annotation(annotation=note, editor="Ana Rossi", body=note.body + ".",
                                change_note="A full stop.").transcription
    publish_without_review(version=revised, user=make_curator("reviewer"),
                           note="A full stop, checked against the scan.")
    studies = [study_sweep(match=lagoon), study_archive(game_slug="dagon"),
               study_impact(game_slug="dagon", point_id="dagon.lagoon-chooser", matches=2,
                            agent="random")]
    for study in studies:  # computed, so their pages show every table
        study.refresh_from_db()
        assert study.status == study.DONE, (study.kind, study.error)
    m, rb = lagoon.pk, gothic.rulebook_id
    pages = {
        "home": "/",
        "login": "/accounts/login/",
        "search": "/search/?q=Lagoon+dispute",
        "game-detail": "/games/fury-of-dracula/",
        "game-points": "/games/dagon/points/",
        "game-studies": "/games/dagon/studies/",
        "rules-editor": "/games/goose/rules/",
        "game-add": "/games/new/",
        "rulebook-add": "/games/gothic/rulebooks/add/",
        "rulebook-edit": f"/rulebooks/{rb}/edit/",
        "side-by-side": f"/rulebooks/{dracula.pk}/side-by-side/",
        "scan-add": f"/rulebooks/{rb}/scans/add/",
        "scan-detail": f"/scans/{scan.pk}/",
        "transcription-add": f"/rulebooks/{rb}/transcriptions/add/",
        "transcription-detail": f"/transcriptions/{revised.pk}/",
        "transcription-page": f"/transcriptions/{revised.pk}/pages/1/",
        "transcription-compare": f"/transcriptions/{gothic.pk}/compare/?to={revised.pk}",
        "review-queue": "/transcriptions/review/",
        "annotation-add": f"/transcriptions/{gothic.pk}/notes/add/",
        "annotation-revise": f"/transcriptions/{note.transcription_id}/notes/{note.pk}/revise/",
        "match-list": "/matches/",
        "match-create": "/matches/new/",
        "match-import": "/matches/import/",
        "match-detail": f"/matches/{m}/",
        "match-score-sheet": f"/matches/{m}/score-sheet/",
        "match-record": f"/matches/{variation.pk}/record/",
        # every game's board: a sample match of each, at a step well into it
        "replay-step": [f"/matches/{run.match_id}/runs/{run.pk}/step/{min(run.progress, 11)}/"
                        for run in (attacker, *other_boards)],
        "compare": f"/matches/{m}/compare/?a={attacker.pk}&b={attacked.pk}",
        "sweep": f"/matches/{m}/sweep/",
        "study-reading": f"/matches/{m}/reading/?dagon.move-length=roll-up-to",
        "study-detail": [f"/studies/{study.pk}/" for study in studies],
    }
    return pages


def axe_violations(page, url: str) -> list[str]:
    response = page.goto(url)
    assert response is not None and response.status == 200, (url, response and response.status)
    page.add_script_tag(url=AXE)
    return [f"{v['id']} ({v['impact']}): {v['help']} — {v['nodes']}"
            for v in page.evaluate(RUN_AXE, TAGS)]


def test_every_kind_of_page_is_in_the_sweep_or_says_why_not(sample_archive):
    assert set(sample_archive) | set(NOT_PAGES) == page_names()
    assert not set(sample_archive) & set(NOT_PAGES)


@pytest.mark.parametrize("signed_in", [False, True], ids=["signed-out", "curator"])
def test_every_page_passes_axe_core_at_both_widths(browser, live_server, sample_archive,
                                                    signed_in):
    """One context a width; each page is loaded and axe runs its WCAG 2.2 AA rules on it."""
    found: dict[str, list[str]] = {}
    for width in WIDTHS:
        context = browser.new_context(viewport={"width": width, "height": 900})
        context.set_default_timeout(30_000)
        page = context.new_page()
        if signed_in:
            sign_in(page, live_server.url)
        for name, paths in sample_archive.items():
            if name in CURATORS_ONLY and not signed_in:
                continue
            for path in paths if isinstance(paths, list) else [paths]:
                if name == "login" and signed_in:
                    continue
                violations = axe_violations(page, live_server.url + path)
                if violations:
                    found[f"{width}px {path}"] = violations
        context.close()
    assert found == {}, "\n".join(f"{where}:\n  " + "\n  ".join(v) for where, v in found.items())


def test_axe_is_vendored_with_its_licence():
    folder = Path(__file__).resolve().parents[2] / "static" / "vendor" / f"axe-core-{AXE_VERSION}"
    assert (folder / "LICENSE").read_text().startswith("Mozilla Public License")
    assert f"axe v{AXE_VERSION}" in (folder / "axe.min.js").read_text()[:200]
