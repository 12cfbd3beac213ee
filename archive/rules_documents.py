"""Rules written as data, kept in the archive beside the rulebook they cite
(docs/rules-reference.md): versions of a game's rules document (``RulesDocument``), drafts a
curator checks and publishes, and the registry source that makes every game with a published
version found by ``games.get`` like a seed game.

- ``rules_check``: everything the editor shows for a text, against the game's published
  transcription (its citations must resolve there); nothing is stored;
- ``rules_draft_save``: the text as the game's draft (the open draft edited, or a new version
  after the latest); refused, with every problem, unless its check passes;
- ``rules_publish``: a draft made immutable (the service refuses changes to a published
  version, and database triggers refuse them too, ``archive.rules_guards``);
- ``rules_engine``: the engine of a published version, compiled once and kept;
- ``PublishedRules``: the registry source, added when the archive app starts.
"""

from __future__ import annotations

import hashlib
import re

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from archive.errors import ArchiveError
from archive.models import Game, Passage, RulesDocument, Transcription
from boundary import InputError, check_text
from games.rules import (
    RulesCheck,
    RulesError,
    check_rules,
    compile_rules,
    read_rules,
)
from games.rules.engine import RulesEngine
from games.rules.problems import Problem
from games.rules.source import MAX_CHARACTERS, read_source

GAME_LINE = re.compile(r'^(?:game:\s*(?:"([^"]+)"|([A-Za-z0-9-]+))\s*(?:#.*)?$'
                       r'|\s*"game"\s*:\s*"([^"]+)")')
CHECK_EVENTS = 200  # a check's simulated match is cut here, so a check stays quick
ENGINES_KEPT = 32  # compiled versions kept in memory (a version never changes: no expiry)


class RulesProblems(ArchiveError):
    """A rules text refused: every problem, each naming its line and path."""

    def __init__(self, problems: tuple[Problem, ...] | list[Problem]) -> None:
        self.problems = tuple(problems)
        problems = self.problems
        said = "; ".join(str(problem) for problem in problems[:5])
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        ArchiveError.__init__(self, f"the rules document has problems: {said}{more}",
                              field="text")


# -- reading -------------------------------------------------------------------------------


def rules_passages(game: Game) -> dict[str, str]:
    """Passage id -> text, from the latest published transcription of each of the game's
    rulebooks in each language: what a rules document's citations resolve against."""
    latest: dict[tuple[int, str], int] = {}
    for pk, rulebook_id, language in (
            Transcription.objects.filter(rulebook__game=game, state=Transcription.PUBLISHED)
            .order_by("version").values_list("pk", "rulebook_id", "language")):
        latest[(rulebook_id, language)] = pk
    return dict(Passage.objects.filter(transcription_id__in=latest.values())
                .order_by("transcription_id", "order").values_list("slug", "text"))


def rules_versions(game: Game) -> list[RulesDocument]:
    """Every version of the game's rules document, newest first."""
    return list(RulesDocument.objects.filter(game=game).order_by("-version"))


def latest_published(game: Game) -> RulesDocument | None:
    return (RulesDocument.objects.filter(game=game, state=RulesDocument.PUBLISHED)
            .order_by("-version").first())


def open_draft(game: Game) -> RulesDocument | None:
    """The draft after the latest published version, if one is being written."""
    latest = RulesDocument.objects.filter(game=game).order_by("-version").first()
    return latest if latest is not None and latest.state == RulesDocument.DRAFT else None


# -- checking and storing ------------------------------------------------------------------


def rules_check(*, game: Game, text: str, seed: int = 1, sample: bool = True,
                max_events: int = CHECK_EVENTS) -> RulesCheck:
    """What the editor shows for ``text`` as ``game``'s rules (nothing is stored): its
    problems (line, path, message), or the engine, its board and a simulated match."""
    if not isinstance(text, str):
        return RulesCheck(problems=(Problem(None, "", "the rules document must be text"),))
    named = _named_game(text)
    if named is not None and named[1] != game.slug:
        # Said alone: its citations (``<its game>/…``) would fail one by one otherwise.
        return RulesCheck(problems=(Problem(
            named[0], "game", f"the document is for {named[1]!r}, not {game.slug!r}"),))
    found = check_rules(text, passages=rules_passages(game), version="draft", seed=seed,
                        sample=sample, max_events=max_events)
    if found.document is not None and found.document.get("game") != game.slug:
        return RulesCheck(problems=(Problem(
            None, "game", f"the document is for {found.document.get('game')!r}, not "
                          f"{game.slug!r}"),))
    return found


def rules_draft_save(*, game: Game, text: str, created_by=None, change_note: str = ""
                     ) -> RulesDocument:
    """Store ``text`` as the game's draft: the open draft rewritten, or a new version after
    the latest. ``RulesProblems`` (nothing stored) unless it checks clean."""
    try:
        check_text(text, field="text", max_length=MAX_CHARACTERS)
        check_text(change_note, field="change_note", max_length=500, required=False)
    except InputError as error:
        raise ArchiveError(f"{error.field} {error.message}", field=error.field) from None
    found = rules_check(game=game, text=text, sample=False)
    if not found.ok:
        raise RulesProblems(found.problems)
    kind = read_source(text).kind
    with transaction.atomic():
        Game.objects.select_for_update().filter(pk=game.pk).first()  # one writer a game
        draft = open_draft(game)
        if draft is None:
            latest = (RulesDocument.objects.filter(game=game)
                      .aggregate(latest=Max("version"))["latest"] or 0)
            draft = RulesDocument(game=game, version=latest + 1, created_by=created_by)
        draft.text, draft.format, draft.change_note = text, kind, change_note
        draft.sha256 = hashlib.sha256(text.encode("utf-8")).hexdigest()
        draft.save()
    return draft


def rules_publish(*, document: RulesDocument, published_by=None) -> RulesDocument:
    """Make a draft the game's current rules, immutable from now on (checked once more)."""
    with transaction.atomic():
        document = RulesDocument.objects.select_for_update().get(pk=document.pk)
        if document.state == RulesDocument.PUBLISHED:
            raise ArchiveError(f"version {document.version} of the rules of "
                               f"{document.game.slug} is published already: it never "
                               "changes; write a new draft", field="state")
        found = rules_check(game=document.game, text=document.text, sample=False)
        if not found.ok:
            raise RulesProblems(found.problems)
        document.state = RulesDocument.PUBLISHED
        document.published_by = published_by
        document.published_at = timezone.now()
        document.save(update_fields=["state", "published_by", "published_at"])
    return document


def rules_load(*, game: Game, text: str, publish: bool, created_by=None,
               change_note: str = "") -> tuple[RulesDocument, bool]:
    """A rules text from a file (the seed archive, ``manage.py load_rules``): a no-op
    (``False``) when a version holds the same text already, else stored as the draft and,
    with ``publish``, published. All or nothing."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    same = RulesDocument.objects.filter(game=game, sha256=digest).order_by("-version").first()
    if same is not None and (same.state == RulesDocument.PUBLISHED or not publish):
        return same, False
    with transaction.atomic():
        document = rules_draft_save(game=game, text=text, created_by=created_by,
                                    change_note=change_note)
        if publish:
            document = rules_publish(document=document, published_by=created_by)
    return document, True


def rules_discard(*, document: RulesDocument) -> None:
    """Drop a draft (a published version is never dropped)."""
    if document.state == RulesDocument.PUBLISHED:
        raise ArchiveError("a published rules version is never deleted", field="state")
    document.delete()


def _named_game(text: str) -> tuple[int, str] | None:
    """(line, slug) of the document's top-level ``game`` as written, when a glance finds it
    (the full reading is the check's)."""
    for number, line in enumerate(text.splitlines()[:200], start=1):
        found = GAME_LINE.match(line)
        if found:
            return number, found.group(1) or found.group(2) or found.group(3)
    return None


# -- engines -------------------------------------------------------------------------------

_ENGINES: dict[tuple[str, int, str], RulesEngine] = {}


def rules_engine(document: RulesDocument) -> RulesEngine:
    """The engine of a stored version, its ``version`` the document's: compiled once (a
    published version never changes; a draft's key is its text's hash)."""
    key = (document.game.slug, document.version, document.sha256)
    engine = _ENGINES.get(key)
    if engine is None:
        passages = rules_passages(document.game)
        try:
            parsed = read_rules(document.text, passages=passages)
            engine = compile_rules(parsed, slug=document.game.slug, name=document.game.title,
                                   version=str(document.version), passages=passages)
        except RulesError as error:
            raise RulesProblems(error.problems) from None
        if len(_ENGINES) >= ENGINES_KEPT:
            _ENGINES.pop(next(iter(_ENGINES)))
        _ENGINES[key] = engine
    return engine


def rules_engine_of(slug: str, version: str) -> RulesEngine:
    """The engine of published version ``version`` of ``slug``'s rules (a match's). Every
    step and choice of a data game's match asks it: one small query for the version's hash
    finds an engine compiled before; the document itself is read only to compile it."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT d.sha256 FROM {RulesDocument._meta.db_table} d "
            f"JOIN {Game._meta.db_table} g ON g.id = d.game_id "
            "WHERE g.slug = %s AND d.version = %s AND d.state = %s",
            [slug, int(version), RulesDocument.PUBLISHED])
        row = cursor.fetchone()
    if row is None:
        raise ArchiveError(f"{slug} has no published rules version {version}", field="version")
    engine = _ENGINES.get((slug, int(version), row[0]))
    if engine is not None:
        return engine
    return rules_engine(RulesDocument.objects.select_related("game").get(
        game__slug=slug, version=int(version), state=RulesDocument.PUBLISHED))


class PublishedRules:
    """The registry source of data games (``games.registry``): every game whose rules are a
    published document, as the engine of its latest version. Asked at every lookup, so a
    version published a moment ago is found at once. Before the archive's tables exist (a
    database not migrated yet: ``check --deploy`` in an image) it serves no game."""

    def __init__(self) -> None:
        self._tables_exist = False

    def slugs(self) -> list[str]:
        if not self._migrated():
            return []
        return list(Game.objects.filter(rules_documents__state=RulesDocument.PUBLISHED)
                    .distinct().order_by("slug").values_list("slug", flat=True))

    def load(self, slug: str) -> RulesEngine:
        game = Game.objects.get(slug=slug)
        document = latest_published(game)
        if document is None:
            raise KeyError(slug)
        return rules_engine(document)


    def _migrated(self) -> bool:
        # Once the table is there it stays: only an unmigrated database asks again.
        if not self._tables_exist:
            self._tables_exist = (RulesDocument._meta.db_table
                                  in connection.introspection.table_names())
        return self._tables_exist


PUBLISHED_RULES = PublishedRules()
