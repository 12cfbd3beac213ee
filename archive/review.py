"""A version's way to readers: draft → needs review → published by a second curator, or
published by anyone curating with an explicit "publish without review", which the history
keeps. Each step is one transaction that moves the state and records who, when and why;
publishing announces the version (``transcription_published``) so search takes it in."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from archive.errors import ArchiveError
from archive.models import ReviewStep, Rulebook, Transcription
from archive.signals import transcription_published
from web.access import is_curator


def person(user) -> str:
    """How the history names someone: their full name, else their user name."""
    return user.get_full_name() or user.get_username()


def curator(user, *, to: str) -> str:
    """The curator's name, or an error naming ``user`` for anyone else (what they tried:
    ``to``)."""
    if not is_curator(user):
        raise ArchiveError(f"only a curator may {to}", field="user")
    return person(user)


def _locked(version: Transcription, user) -> Transcription:
    """The version as stored now, its rulebook locked; only a curator reviews."""
    curator(user, to="review and publish a version")
    Rulebook.objects.select_for_update().get(pk=version.rulebook_id)
    return Transcription.objects.select_related("created_by").get(pk=version.pk)


def _step(version: Transcription, action: str, user, note: str) -> ReviewStep:
    return ReviewStep.objects.create(transcription=version, action=action, by=user,
                                     by_name=person(user), note=note[:500])


def _move(version: Transcription, state: str) -> None:
    published_at = timezone.now() if state == Transcription.PUBLISHED else None
    Transcription.objects.filter(pk=version.pk).update(state=state, published_at=published_at)
    version.state, version.published_at = state, published_at


def _checked_note(note: str, *, required: str = "") -> str:
    note = " ".join((note or "").split())
    if required and not note:
        raise ArchiveError(required, field="note")
    if len(note) > 500:
        raise ArchiveError(f"the note is {len(note)} characters; keep it under 500",
                           field="note")
    return note


def submit_for_review(*, version: Transcription, user, note: str = "") -> Transcription:
    """A draft goes to review: another curator will read it."""
    note = _checked_note(note)
    with transaction.atomic():
        version = _locked(version, user)
        if version.state != Transcription.DRAFT:
            raise ArchiveError(f"version {version.version} is {version.get_state_display().lower()}"
                               ", not a draft", field="state")
        _refuse_behind_published(version)
        _move(version, Transcription.REVIEW)
        _step(version, ReviewStep.SUBMITTED, user, note)
    return version


def return_to_draft(*, version: Transcription, user, note: str) -> Transcription:
    """A version under review goes back to its transcriber, with the reviewer's reason."""
    note = _checked_note(note, required="say what the version needs before it is published")
    with transaction.atomic():
        version = _locked(version, user)
        if version.state != Transcription.REVIEW:
            raise ArchiveError(f"version {version.version} is not under review", field="state")
        _move(version, Transcription.DRAFT)
        _step(version, ReviewStep.RETURNED, user, note)
    return version


def publish(*, version: Transcription, user, note: str = "") -> Transcription:
    """A version under review is published by a curator who neither made nor submitted it."""
    note = _checked_note(note)
    with transaction.atomic():
        version = _locked(version, user)
        if version.state != Transcription.REVIEW:
            raise ArchiveError(
                f"version {version.version} is {version.get_state_display().lower()}: submit it "
                "for review first, or publish it without review", field="state")
        authors = _authors(version)
        if user.pk in authors:
            raise ArchiveError(
                f"you {authors[user.pk]} version {version.version}: a second curator reviews "
                "it, or publish it without review (the history will say so)", field="user")
        _refuse_behind_published(version)
        _move(version, Transcription.PUBLISHED)
        _step(version, ReviewStep.PUBLISHED, user, note)
        transcription_published.send(Transcription, transcription=version)
    return version


def publish_without_review(*, version: Transcription, user, note: str = "") -> Transcription:
    """A draft or a version under review published at once; the history records that no one
    else reviewed it, by whom and why."""
    note = _checked_note(note)
    with transaction.atomic():
        version = _locked(version, user)
        if version.state == Transcription.PUBLISHED:
            raise ArchiveError(f"version {version.version} is already published", field="state")
        _refuse_behind_published(version)
        _move(version, Transcription.PUBLISHED)
        _step(version, ReviewStep.PUBLISHED_WITHOUT_REVIEW, user, note)
        transcription_published.send(Transcription, transcription=version)
    return version


def _authors(version: Transcription) -> dict[int, str]:
    """Who made the version or submitted it (user id → what they did)."""
    authors = {}
    for step in version.review_steps.filter(action=ReviewStep.SUBMITTED, by__isnull=False):
        authors[step.by_id] = "submitted"
    if version.created_by_id is not None:
        authors[version.created_by_id] = "made"
    return authors


def _refuse_behind_published(version: Transcription) -> None:
    """Readers read the latest published version: publishing an older one would hide it."""
    newer = (Transcription.objects.filter(rulebook_id=version.rulebook_id,
                                          language=version.language,
                                          state=Transcription.PUBLISHED,
                                          version__gt=version.version)
             .order_by("-version").values_list("version", flat=True).first())
    if newer is not None:
        raise ArchiveError(f"version {newer} is published already; version {version.version} "
                           "is older and would change nothing readers see", field="state")
