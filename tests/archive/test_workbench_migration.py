"""The migration to pages and review keeps what readers saw: every stored version becomes
published (its history says it was not reviewed), one page over its whole text with no scan,
and its passages, notes and citations stay as they were."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("archive", "0005_language_tags_with_hyphens")
AFTER = ("archive", "0006_workbench_pages_regions_review")


@pytest.fixture(autouse=True)
def _back_to_the_latest_schema():
    """Every later test finds the whole schema again (migrations after AFTER included, and the
    guards they install), whatever this one left half-migrated."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_stored_versions_become_published_pages():
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    Game, Rulebook = old.get_model("archive", "Game"), old.get_model("archive", "Rulebook")
    Transcription = old.get_model("archive", "Transcription")
    Passage = old.get_model("archive", "Passage")
    game = Game.objects.create(slug="dagon", title="Dagon")
    rulebook = Rulebook.objects.create(game=game, edition="sheet", language="en")
    texts = ["Dagon\n\nThe Lagoon\nA rule.\n", "Dagon\n\nThe Lagoon\nA rule, amended.\n"]
    for version, text in enumerate(texts, start=1):
        t = Transcription.objects.create(rulebook=rulebook, language="en", version=version,
                                         text=text, sha256="x", transcriber="Ana")
        Passage.objects.create(transcription=t, slug="dagon/the-lagoon", heading="The Lagoon",
                               order=1, start=7, end=len(text), text=text[7:])

    executor = MigrationExecutor(connection)
    executor.migrate([AFTER])
    new = executor.loader.project_state([AFTER]).apps
    Transcription = new.get_model("archive", "Transcription")
    for version, text in enumerate(texts, start=1):
        t = Transcription.objects.get(version=version)
        assert t.state == "published" and t.published_at == t.created_at
        pages = list(t.pages.values_list("number", "start", "end", "scan"))
        assert pages == [(1, 0, len(text), None)]
        (step,) = t.review_steps.all()
        assert (step.action, step.by_name, step.at) == ("published-without-review", "Ana",
                                                        t.created_at)
        assert "before the review step existed" in step.note
        assert t.text == text and t.passages.get().text == text[7:]

    from archive.selectors import cited_passages

    assert cited_passages(slugs=["dagon/the-lagoon"])["dagon/the-lagoon"].text.endswith(
        "amended.\n")
