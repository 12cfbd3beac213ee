"""Rules written as data, stored in the archive (``archive.rules_documents``): the seed's two
data games loaded and found by the registry like a seed game, drafts checked against the
published transcription, published versions immutable (service and database), matches
refereed by the version they remember, what a new version changes, and backups."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

import games
from archive.errors import ArchiveError
from archive.models import Game, RulesDocument, Transcription
from archive.rules_documents import (
    RulesProblems,
    rules_check,
    rules_draft_save,
    rules_engine,
    rules_engine_of,
    rules_publish,
    rules_versions,
)
from archive.services import SEED_DIR, load_data_games
from games.rules import engine_version
from games.rules.engine import RulesEngine
from replay.log.interchange import import_match
from replay.models import Match, ReplayRun
from replay.runs.backup import step_digest
from replay.runs.changes import rules_changes
from replay.runs.replaying import engine_for, replay_match
from replay.runs.samples import replay_readings, sample_documents
from tests.guarantees.test_backup import wipe_database

GOOSE_TEXT = (SEED_DIR / "rules" / "goose" / "rules.yaml").read_text(encoding="utf-8")
BRIDGE_TO_12 = "effect: {jump: s12}"
BRIDGE_TO_13 = "effect: {jump: s13}"
SAMPLE = SEED_DIR / "rules" / "goose" / "samples" / "simulated-seed-1.json"


@pytest.fixture
def data_games(db):
    return load_data_games()


@pytest.fixture
def goose(data_games) -> Game:
    return Game.objects.get(slug="goose")


def test_the_seed_data_games_load_once_and_join_the_registry(data_games):
    assert data_games == [
        "imported: fox-and-geese [en] v1 (5 passages)", "published: fox-and-geese rules v1",
        "imported: goose [en] v1 (12 passages)", "published: goose rules v1"]
    assert load_data_games() == [line.replace("imported", "unchanged").replace(
        "published", "unchanged") for line in data_games]
    for slug, title in (("goose", "The Game of the Goose"), ("fox-and-geese", "Fox and Geese")):
        engine = games.get(slug)
        assert isinstance(engine, RulesEngine)
        assert (engine.slug, engine.name, engine.version) == (slug, title, engine_version(1))
        assert Transcription.objects.get(rulebook__game__slug=slug).state == "published"
    assert {"goose", "fox-and-geese"} <= set(games.available())


def test_a_check_names_line_and_path_and_stores_nothing(goose):
    found = rules_check(game=goose, text=GOOSE_TEXT.replace("effect: {wait: true}",
                                                            "effect: {teleport: 12}"))
    (problem,) = found.problems
    assert str(problem).startswith("line 86, board.spaces[52].effect: unknown effect 'teleport'")
    assert RulesDocument.objects.filter(game=goose).count() == 1
    with pytest.raises(RulesProblems) as refused:
        rules_draft_save(game=goose, text=GOOSE_TEXT.replace("effect: {wait: true}",
                                                             "effect: {teleport: 12}"))
    assert "line 86, board.spaces[52].effect: unknown effect 'teleport'" in refused.value.message
    assert RulesDocument.objects.filter(game=goose).count() == 1


def test_citations_resolve_against_the_published_transcription(goose):
    text = GOOSE_TEXT.replace("passage: goose/the-bridge", "passage: goose/the-drawbridge")
    problems = [str(p) for p in rules_check(game=goose, text=text).problems]
    assert problems and all("goose/the-drawbridge" in p for p in problems), problems


def test_a_document_for_another_game_is_refused(goose):
    fox = Game.objects.get(slug="fox-and-geese")
    (problem,) = rules_check(game=fox, text=GOOSE_TEXT).problems
    assert problem.path == "game" and "for 'goose', not 'fox-and-geese'" in problem.message


def test_a_good_check_gives_the_board_and_a_simulated_match(goose):
    found = rules_check(game=goose, text=GOOSE_TEXT)
    assert found.ok and found.layout is not None and len(found.layout.spaces) == 64
    assert found.sample["game"] == "goose" and found.sample["events"]


def test_drafts_are_edited_then_published_and_never_changed_again(goose):
    draft = rules_draft_save(game=goose, text=GOOSE_TEXT.replace(BRIDGE_TO_12, BRIDGE_TO_13),
                             change_note="the bridge as a French sheet has it")
    assert (draft.version, draft.state, draft.format) == (2, "draft", "yaml")
    again = rules_draft_save(game=goose, text=GOOSE_TEXT.replace(BRIDGE_TO_12, BRIDGE_TO_13)
                             + "\n# checked\n")
    assert again.pk == draft.pk and again.text.endswith("# checked\n")
    assert games.get("goose").version == engine_version(1)  # a draft referees nothing
    published = rules_publish(document=again)
    assert published.state == "published" and published.published_at is not None
    assert games.get("goose").version == engine_version(2)
    assert [d.version for d in rules_versions(goose)] == [2, 1]
    with pytest.raises(ArchiveError, match="published already"):
        rules_publish(document=published)
    published.text = GOOSE_TEXT
    with pytest.raises(ValidationError, match="never changes"):
        published.save()
    with pytest.raises(ValidationError, match="never deleted"):
        published.delete()


@pytest.mark.parametrize("statement", [
    "UPDATE archive_rulesdocument SET text = 'changed' WHERE version = 1",
    "DELETE FROM archive_rulesdocument WHERE version = 1",
])
def test_the_database_refuses_to_change_a_published_version(goose, statement):
    with pytest.raises(DatabaseError, match="immutable"), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute(statement)
    assert RulesDocument.objects.get(game=goose, version=1).text == GOOSE_TEXT


def test_the_database_lets_a_draft_change(goose):
    draft = rules_draft_save(game=goose, text=GOOSE_TEXT + "\n# a draft\n")
    with connection.cursor() as cursor:
        cursor.execute("UPDATE archive_rulesdocument SET change_note = 'edited' WHERE id = %s",
                       [draft.pk])
    draft.refresh_from_db()
    assert draft.change_note == "edited"


def test_a_match_is_refereed_by_the_version_it_remembers(goose):
    before = import_match(raw=SAMPLE.read_bytes())
    assert before.rules_version == "1"
    run_1 = replay_match(match=before)
    assert run_1.status == ReplayRun.DONE and run_1.engine_version == engine_version(1)
    rules_publish(document=rules_draft_save(
        game=goose, text=GOOSE_TEXT.replace(BRIDGE_TO_12, BRIDGE_TO_13)))
    before.refresh_from_db()
    assert engine_for(before).version == engine_version(1)
    assert replay_match(match=before).pk == run_1.pk  # still the same meaning
    after = import_match(raw=SAMPLE.read_bytes().replace(
        b'"title": "Simulated match (seed 1)"', b'"title": "Recorded under v2"'))
    assert after.rules_version == "2" and engine_for(after).version == engine_version(2)


def test_a_version_compiled_once_is_found_by_its_hash_without_reading_its_text(goose):
    """Every step and choice of a data game's match asks for its version's engine: once
    compiled, it is found by one query that reads the version's hash, not the document."""
    first = rules_engine_of("goose", "1")
    with CaptureQueriesContext(connection) as queries:
        assert rules_engine_of("goose", "1") is first
    assert len(queries) == 1 and "text" not in queries[0]["sql"]
    with pytest.raises(ArchiveError, match="goose has no published rules version 2"):
        rules_engine_of("goose", "2")


def test_publishing_shows_which_matches_and_steps_a_new_version_changes(goose):
    match = import_match(raw=SAMPLE.read_bytes())
    replay_match(match=match)
    bridge = rules_draft_save(game=goose, text=GOOSE_TEXT.replace(BRIDGE_TO_12, BRIDGE_TO_13))
    (change,) = rules_changes(document=bridge)
    assert change.run.match_id == match.pk and change.changed
    landed = [c.seq for c in change.steps if c.state_changed]
    events = {e.seq: e.data for e in match.events.all()}
    first = landed[0]
    assert events[first]["path"][-1] == "s6"  # the first change: a pawn lands on the Bridge
    same = rules_draft_save(game=goose, text=GOOSE_TEXT + "\n# the same rules\n")
    assert [c.changed for c in rules_changes(document=same)] == [False]


@pytest.mark.django_db(transaction=True)
def test_a_restore_gives_back_rules_documents_and_reruns_data_game_runs(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    load_data_games()
    goose = Game.objects.get(slug="goose")
    rules_draft_save(game=goose, text=GOOSE_TEXT + "\n# a draft kept in the backup\n")
    for document in sample_documents():
        if document["game"] in ("goose", "fox-and-geese"):
            replay_readings(import_match(raw=document))
    runs = {(r.match.title, r.match.game.slug, tuple(sorted(r.interpretation.items()))):
            step_digest(r) for r in ReplayRun.objects.filter(
                match__game__slug__in=["goose", "fox-and-geese"]).select_related("match__game")}
    assert len(runs) >= 6
    documents = list(RulesDocument.objects.order_by("pk").values())
    versions = dict(Match.objects.values_list("title", "rules_version"))
    dump = tmp_path / "dump"
    call_command("export_archive", str(dump), stdout=io.StringIO())

    wipe_database()
    assert not RulesDocument.objects.exists()
    call_command("import_archive", str(dump), stdout=io.StringIO())

    assert list(RulesDocument.objects.order_by("pk").values()) == documents
    assert dict(Match.objects.values_list("title", "rules_version")) == versions
    rerun = {(r.match.title, r.match.game.slug, tuple(sorted(r.interpretation.items()))):
             step_digest(r) for r in ReplayRun.objects.filter(
                 match__game__slug__in=["goose", "fox-and-geese"]).select_related("match__game")}
    assert rerun == runs
    assert rules_engine(RulesDocument.objects.get(game__slug="goose", version=1)).version == engine_version(1)


def test_runs_refereed_before_the_interpreters_revision_are_listed_with_their_changes(goose):
    """A data game's engine version is its document's and the interpreter's revision
    (``games.rules.INTERPRETER_REVISIONS``): a run stored under an earlier revision is stale,
    and ``replay_changes`` replays it with today's interpreter and says what changed (for
    this sample, nothing)."""
    from replay.runs.changes import replay_changes

    match = import_match(raw=SAMPLE.read_bytes())
    run = replay_match(match=match)
    assert run.engine_version == engine_version(1) != "1"
    ReplayRun.objects.filter(pk=run.pk).update(engine_version="1")  # as revision 1 kept it
    (change,) = replay_changes(matches=[match])
    assert change.run.pk == run.pk and change.engine_version == "1"
    assert not change.changed, [step.describe() for step in change.steps]
