"""A finished run's step never changes: it is rendered once into the cache and served with a
strong ETag, answering 304 to a conditional request.

What is cached, and what its key holds so that a change shows exactly where it must:

- a step's panel (the part of the page htmx swaps), under the run's fingerprint (its match,
  the head of the log it replayed, the engine and its version, the reading), the step, the
  viewpoint, whether the reader is a curator (curators see forms) and ``RENDER_VERSION`` (the
  templates and the code that draw it); stored with what it was drawn from: the notes on that
  step and the nearest noted steps either side (the "next note" landmarks), the latest
  transcription stored (a step quotes the passages its flags cite), the log's last seq (a
  curator's forms carry it as ``expected_seq``) and the match's finished runs (a step links
  to itself under each stored reading). A note on step 5 therefore redraws step 5 and the
  steps whose nearest note it becomes, and no other step;
- a step's fragment and whole page as a reader signed out gets them, under the same, with
  what they were drawn from and the log's last seq (the page says whether moves were
  recorded after the run);
- the run's marks (its flagged and illegal steps) and the steps where its reading matters,
  under its fingerprint;
- the match's notes under the match and its log's head (any append moves the head);
- the full states a step's read worked out (after the step, and after every tenth step it
  passed: ``replay.runs.KEPT_STATE_SPACING``), under the run's fingerprint and the seq: a
  later read of the run starts from the nearest one before its step rather than from the
  stored snapshot, so the next step applies its own event only. A state is what the engine
  made from events checked against the chain, for the log the fingerprint names.

What a request works out is stored in one write, once the step is served (``store``).

A run still in progress is never stored, and whether the reader may see the match is decided
before anything is looked up, so nothing here can serve a private match to someone else: a
reader signed out is served a stored step only after one small query has found the match
public, the run finished and its log still standing (``stored_public_step``).
A step's bytes never hold a CSRF token, whoever reads it: a signed-in reader's token is in its
cookie, which htmx's writes and posted forms take it from (``static/js/csrf.js``), so the same
step is the same bytes, and the same ETag, on every request (its templates are drawn with
``token_from_cookie``).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import django
from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache, caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.safestring import mark_safe

from replay.models import Match, ReplayRun
from replay.reading import steps
from replay.reading.faces import RunFace, step_face
from replay.reading.notes import MatchNotes, match_notes
from replay.runs.comparisons import Comparison, compare_runs
from replay.runs.replaying import KEPT_STATE_SPACING
from web.jinja import render_fragment


def _source_version() -> str:
    """A digest of everything that draws a step: the templates, and the code of the apps and
    engines (an engine's change of wording changes its summaries)."""
    digest = hashlib.sha256(django.get_version().encode())
    root = Path(settings.BASE_DIR)
    for folder in ("templates", "games", "replay", "archive", "web"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".html", ".json") and path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


logger = logging.getLogger(__name__)
RENDER_VERSION = _source_version()
# An entry is kept until unused this long (a step is checked against what it was drawn from).
KEEP = 7 * 24 * 3600
# How long a browser or a shared cache may reuse a public match's step without asking.
PUBLIC_MAX_AGE = 3600
# The shape of the records kept here; a record of another shape is a miss, never misread.
RECORD_VERSION = 3


def _key(kind: str, *parts) -> str:
    tail = hashlib.sha256(repr(parts).encode()).hexdigest()[:40]
    return f"ludoteca:{kind}:{RENDER_VERSION}:{tail}"


@dataclass(frozen=True)
class RunReads:
    """What every step of a run reads the same: its marks, the steps where its reading matters
    (None until worked out, and for a run in progress) and the match's notes; the run's
    states kept near the step read (``steps.step_read``'s ``known_states``); and what is
    to be stored once the step is read (``to_keep``: written with the step, in one go)."""

    marks: steps.RunMarks
    notes: MatchNotes
    matters: tuple[int, ...] | None
    states: dict[int, dict] = field(default_factory=dict)
    to_keep: dict[str, object] = field(default_factory=dict)


def _notes_key(match: Match) -> str:
    return _key("notes", match.pk, match.last_seq, match.head_hash)


def _state_key(run: ReplayRun, seq: int) -> str:
    return _key("state", run.fingerprint, seq)


def _state_seqs(run: ReplayRun, seq: int) -> set[int]:
    """The kept states a read of step ``seq`` of a finished run looks for: the state after
    the step before it (kept by a read of that step) and after the latest
    KEPT_STATE_SPACING-th step before that (kept by any read that passed it)."""
    if run.status != ReplayRun.DONE or seq < 2:
        return set()
    before = seq - 1
    return {s for s in (before, before - before % KEPT_STATE_SPACING)
            if s % run.snapshot_interval}


def _run_reads(run: ReplayRun, match: Match, found: dict, seq: int) -> RunReads:
    """A run's reads from what one look at the cache found (``_run_keys``), those missing
    worked out and put to keep (a run in progress: its marks worked out, never kept)."""
    finished = run.status == ReplayRun.DONE
    marks_key, notes_key = _key("marks", run.fingerprint), _notes_key(match)
    marks = found.get(marks_key) if finished else None
    notes = found.get(notes_key)
    to_keep: dict[str, object] = {}
    if marks is None:
        marks = steps.run_marks(run=run)
        if finished:
            to_keep[marks_key] = marks
    if notes is None:
        notes = to_keep[notes_key] = match_notes(match=match)
    states = {s: found[_state_key(run, s)] for s in _state_seqs(run, seq)
              if _state_key(run, s) in found}
    return RunReads(marks=marks, notes=notes,
                    matters=found.get(_key("matters", run.fingerprint)) if finished else None,
                    states=states, to_keep=to_keep)


def _run_keys(run: ReplayRun, match: Match, seq: int) -> list[str]:
    return [_notes_key(match), _key("marks", run.fingerprint), _key("matters", run.fingerprint),
            *(_state_key(run, s) for s in _state_seqs(run, seq))]


def step_read(*, face: RunFace, seq: int, viewer: str | None,
              reads: RunReads | None = None) -> steps.StepRead:
    """``steps.step_read`` with the run's reads as kept (``reads``, when already looked up:
    their ``to_keep`` then stored by the caller); a finished run's steps where its reading
    matters are worked out with the first of its steps read, and the states its reads pass
    (``StepView.states``), to be kept."""
    run, match = face.run, face.match
    looked_up = reads is None
    if reads is None:
        reads = _run_reads(run, match, cache.get_many(_run_keys(run, match, seq)), seq)
    read = steps.step_read(run=run, seq=seq, viewer=viewer, marks=reads.marks,
                           notes=reads.notes, matters=reads.matters,
                           known_states=reads.states, stands=face.stands,
                           near=face.steps_near if face.near == seq else None)
    if run.status == ReplayRun.DONE:
        reads.to_keep.update({_state_key(run, s): state
                              for s, state in read.view.states.items()})
        if reads.matters is None and read.matters is not None:
            reads.to_keep[_key("matters", run.fingerprint)] = read.matters
    if looked_up and reads.to_keep:
        cache.set_many(reads.to_keep, KEEP)
    return read


@dataclass(frozen=True)
class Panel:
    """A step's panel as stored: its HTML, the words the live region says and the page's
    title, with the ETag of the htmx fragment (all together), which is made from them when
    served rather than stored a second time."""

    html: str
    status: str
    title: str
    etag: str

    @property
    def fragment(self) -> str:
        return fragment_of(self.html, self.status, self.title)


def fragment_of(html: str, status: str, title: str) -> str:
    """The htmx fragment: the panel, the tab's title (htmx sets it from a top-level
    ``<title>``) and the live region's words swapped out of band."""
    return render_fragment("replay/step_fragment.html", panel=mark_safe(html),
                           status=mark_safe(status), title=title)


def etag_of(body: str) -> str:
    return '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'


def _notes_seen_from(notes: MatchNotes, run: ReplayRun, seq: int) -> tuple:
    """What a step's panel shows of the match's notes: its own notes (each with its last
    revision) and the nearest noted steps either side."""
    return (tuple((n.seq, n.revised_by) for n in notes.on(seq)) if seq else (),
            notes.around(seq, last=run.progress))


@dataclass(frozen=True)
class StoredPanel:
    """A step's panel as kept, with what it was drawn from: the notes it shows, the latest
    transcription, the log's last seq and the match's finished runs (``version``: this
    record's shape; another is a miss)."""

    panel: Panel
    notes_seen: tuple
    archive_version: int | None
    last_seq: int
    readings_mark: tuple[int, int, int]
    version: int = RECORD_VERSION


def step_panel(*, face: RunFace, seq: int, viewer: str | None, curator: bool,
               render: Callable[[RunReads | None], Panel], to_keep: dict) -> Panel:
    """The step's panel from the cache, rendered on a miss from the run's reads (looked up in
    the same look at the cache as the step) and put in ``to_keep`` with what the reads
    worked out (the caller stores it all in one go: ``store``; never for a run still in
    progress). A stored panel says what it was drawn from (the notes it shows, the latest
    transcription, the log's last seq): while neither the log nor the archive has moved it is
    served as it is; after an append it is served again only if its notes are still those of
    the step (a curator's, whose forms carry the last seq, never)."""
    run, match = face.run, face.match
    if run.status != ReplayRun.DONE:
        return render(None)
    key = _key("step", run.fingerprint, seq, viewer, curator)
    archive, readings = face.archive_version, face.readings_mark
    found = cache.get_many([key, *_run_keys(run, match, seq)])
    reads = None
    stored = found.get(key)
    if (isinstance(stored, StoredPanel) and stored.version == RECORD_VERSION
            and (stored.archive_version, stored.readings_mark) == (archive, readings)):
        if stored.last_seq == match.last_seq:
            return stored.panel
        if not curator:
            reads = _run_reads(run, match, found, seq)
            notes = _notes_seen_from(reads.notes, run, seq)
            if notes == stored.notes_seen:
                to_keep.update(reads.to_keep)
                to_keep[key] = replace(stored, last_seq=match.last_seq)
                return stored.panel
    reads = reads or _run_reads(run, match, found, seq)
    panel = render(reads)
    to_keep.update(reads.to_keep)
    to_keep[key] = StoredPanel(panel=panel, notes_seen=_notes_seen_from(reads.notes, run, seq),
                               archive_version=archive, last_seq=match.last_seq,
                               readings_mark=readings)
    return panel


def store(to_keep: dict) -> None:
    """What a request has to keep (``step_panel``, ``keep_public_step``), in one write; a
    step as readers signed out get it is also kept near (``_near``)."""
    if to_keep:
        cache.set_many(to_keep, KEEP)
        near = _near()
        if near is not None:
            near.set_many({key: value for key, value in to_keep.items()
                           if isinstance(value, StoredPublicStep)})


def store_after(response: HttpResponse, to_keep: dict) -> HttpResponse:
    """``store(to_keep)`` once ``response`` has been sent, when the server closes it, so no
    reader waits for the write (about 120 KB to Redis, a sixth of a cold step's time). A
    failed write is logged and the next read of the step draws it again."""
    if not to_keep:
        return response
    close = response.close

    def stored_then_closed() -> None:
        try:
            store(to_keep)
        except Exception:  # the reader has the step; the cache is only a saving
            logger.warning("the step's cache entries were not stored", exc_info=True)
        finally:
            close()

    response.close = stored_then_closed
    return response


def _near():
    """This process's own memory in front of a shared cache (the ``near`` cache, configured
    beside Redis), for the steps readers signed out get: a hit there asks Redis nothing, whose
    round trip with the step's bytes was most of what a stored step cost beside ``/healthz``.
    What it serves is checked against ``step_face`` as a shared hit is, so another
    process's change shows here on the next request. None on the embedded default, whose
    cache is this process's memory already."""
    return caches["near"] if "near" in settings.CACHES else None


def panel_of(html: str, status: str, title: str) -> Panel:
    return Panel(html=html, status=status, title=title,
                 etag=etag_of(fragment_of(html, status, title)))


def step_response(request, *, run: ReplayRun, match: Match, body: str,
                  etag: str | None = None) -> HttpResponse:
    """The step, with its validator and caching headers; a 304 when the reader already holds
    these very bytes. Shared caches may keep a public match's step read by someone signed
    out; anything else (a private match, a signed-in reader's page) is the reader's own,
    and a run still in progress is asked for again every time."""
    if request.user.is_authenticated:
        get_token(request)  # the token's cookie, sent with the step (its bytes hold none)
    if run.status != ReplayRun.DONE:
        response = HttpResponse(body)
        patch_vary_headers(response, _VARY)
        response["Cache-Control"] = "no-cache"
        return response
    shared = not (match.is_private or request.user.is_authenticated)
    return _finished_step(request, body, etag or etag_of(body), shared=shared)


_VARY = ("HX-Request", "HX-History-Restore-Request", "Cookie")


def _finished_step(request, body: str, etag: str, *, shared: bool) -> HttpResponse:
    response = HttpResponse(body)
    patch_vary_headers(response, _VARY)
    response["ETag"] = etag
    response["Cache-Control"] = (f"public, max-age={PUBLIC_MAX_AGE}" if shared
                                 else "private, no-cache")
    return get_conditional_response(request, etag=etag, response=response)


def plainly_signed_out(request) -> bool:
    """A reader with no session and no message waiting: what they may read and what the page
    says around the step are known without asking the database."""
    return (settings.SESSION_COOKIE_NAME not in request.COOKIES
            and CookieStorage.cookie_name not in request.COOKIES)


def _public_key(request, address: str, fragment: bool) -> str | None:
    """Where a step is kept for readers signed out: under its one address (``address``: the
    match, the run, the step and the viewpoint, as ``step_views.step_address`` writes them),
    which the page says (the sign-in link returns to it); None unless the request is for that
    very address (nothing else is kept or served, so no one can fill the cache with spellings
    of a step, or put their words in a page others get)."""
    if request.get_full_path() != address or not plainly_signed_out(request):
        return None
    return _key("public", address, fragment)


@dataclass(frozen=True)
class StoredPublicStep:
    """A finished step of a public match as a plainly signed-out reader gets it (its htmx
    fragment or its whole page), with what it was drawn from (``version``: this record's
    shape; another is a miss)."""

    body: str
    etag: str
    fingerprint: str
    archive_version: int | None
    readings_mark: tuple[int, int, int]
    last_seq: int
    game_title: str
    version: int = RECORD_VERSION

    def drawn_from(self) -> tuple:
        return (self.fingerprint, self.archive_version, self.readings_mark, self.last_seq,
                self.game_title)


def keep_public_step(request, *, face: RunFace, address: str, fragment: bool, body: str,
                     etag: str, to_keep: dict) -> None:
    """Put in ``to_keep`` a finished step (its htmx fragment or its whole page) as a plainly
    signed-out reader of a public match gets it, with what it was drawn from: the run's
    fingerprint, the latest transcription, the match's finished runs, the log's last seq
    (the page also says whether moves were recorded after the run, which only an append
    changes) and the game's title (which a curator may correct)."""
    run, match = face.run, face.match
    key = _public_key(request, address, fragment)
    if run.status == ReplayRun.DONE and not match.is_private and key is not None:
        to_keep[key] = StoredPublicStep(
            body=body, etag=etag, fingerprint=run.fingerprint,
            archive_version=face.archive_version, readings_mark=face.readings_mark,
            last_seq=match.last_seq, game_title=match.game.title)


def stored_public_step(request, *, address: str, match_id: int, run_id: int,
                       fragment: bool) -> HttpResponse | None:
    """A finished step of a public match as stored, for a plainly signed-out reader, in one
    look at the cache and, when it holds the step, one small query (``faces.step_face``:
    the match is public, its log still verifies at the run's last seq, nothing the step was
    drawn from has moved). None whenever that is not certain: the full path then reads,
    checks and draws (a step not stored asks nothing of the database here)."""
    key = _public_key(request, address, fragment)
    if key is None:
        return None
    near = _near()
    found = near.get(key) if near is not None else None
    if found is None:
        found = cache.get(key)
        if near is not None and isinstance(found, StoredPublicStep):
            near.set(key, found)
    if not isinstance(found, StoredPublicStep) or found.version != RECORD_VERSION:
        return None
    face = step_face(match_id=match_id, run_id=run_id)
    if face is None or not face.servable:
        return None
    if found.drawn_from() != (face.fingerprint, face.archive_version, face.readings_mark,
                              face.last_seq, face.game_title):
        return None
    return _finished_step(request, found.body, found.etag, shared=True)


@dataclass(frozen=True)
class KeptPair:
    """The two runs a match page offers to compare, by id (none when there are not two)."""

    run_a: int | None
    run_b: int | None
    version: int = RECORD_VERSION


def diverging_pair(runs: list[ReplayRun], engine) -> tuple[ReplayRun, ReplayRun] | None:
    """``steps.diverging_pair`` of these finished runs, worked out once (their steps never
    change)."""
    key = _key("pair", sorted(run.fingerprint for run in runs))
    found = cache.get(key)
    if not isinstance(found, KeptPair) or found.version != RECORD_VERSION:
        pair = steps.diverging_pair(runs=runs, engine=engine)
        found = KeptPair(pair[0].pk, pair[1].pk) if pair else KeptPair(None, None)
        cache.set(key, found, KEEP)
    by_pk = {run.pk: run for run in runs}
    if found.run_a is None or found.run_b is None:
        return None
    return by_pk[found.run_a], by_pk[found.run_b]


def comparison(run_a: ReplayRun, run_b: ReplayRun) -> Comparison:
    """Two finished runs compared once (their steps never change)."""
    key = _key("comparison", run_a.fingerprint, run_b.fingerprint)
    found = cache.get(key)
    if found is None:
        found = compare_runs(run_a=run_a, run_b=run_b)
        cache.set(key, found, KEEP)
    return found
