"""The access policy is written once and compiled to SQL for the reading pages' fast paths
(``replay.reading.policy``): every case goes through the ORM form and the compiled SQL form,
which must give the same answer, and the answer the policy states. Runs on SQLite and, in
the suite's second pass, on PostgreSQL."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import connection

import games
from archive.services import load_archive
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.models import Match, ReplayRun
from replay.reading.policy import (
    moves_after_run,
    moves_after_run_sql,
    readable_by,
    readable_sql,
    run_stands_sql,
)
from replay.reading.rows import table
from replay.runs.replaying import replay_match, run_stands
from tests.guarantees.tampering import tamper

pytestmark = pytest.mark.django_db


@pytest.fixture
def archive(db):
    load_archive()


def _matches_by_sql(user) -> set[int]:
    condition, params = readable_sql(user)
    matches = table(Match)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {matches}.id FROM {matches} WHERE {condition}", params)
        return {row[0] for row in cursor.fetchall()}


def _runs_by_sql(sql_and_params) -> set[int]:
    condition, params = sql_and_params
    runs, matches = table(ReplayRun), table(Match)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {runs}.id FROM {runs} JOIN {matches} ON {matches}.id = "
                       f"{runs}.match_id WHERE {condition}", params)
        return {row[0] for row in cursor.fetchall()}


@pytest.fixture
def readers_and_matches(archive):
    user_model = get_user_model()
    owner = user_model.objects.create_user("owner", password="a-long-test-password")
    other = user_model.objects.create_user("other", password="a-long-test-password")
    staff = user_model.objects.create_user("staff", password="a-long-test-password",
                                           is_staff=True)
    document = games.get("dagon").simulate(seed=1, max_events=6)
    made = {}
    for name, private, by in [("public, by the owner", False, owner),
                              ("private, by the owner", True, owner),
                              ("private, by another", True, other),
                              ("public, by nobody", False, None)]:
        made[name] = import_match(raw={**document, "title": name}, created_by=by,
                                  is_private=private).pk
    return {"signed out": AnonymousUser(), "owner": owner, "other": other,
            "staff": staff}, made


# Who may read which match, as the policy states it.
EXPECTED = {
    "signed out": {"public, by the owner", "public, by nobody"},
    "owner": {"public, by the owner", "private, by the owner", "public, by nobody"},
    "other": {"public, by the owner", "private, by another", "public, by nobody"},
    "staff": {"public, by the owner", "private, by the owner", "private, by another",
              "public, by nobody"},
}


@pytest.mark.parametrize("reader", sorted(EXPECTED))
def test_who_may_read_gives_the_same_answer_as_sql_and_as_the_orm(readers_and_matches, reader):
    readers, made = readers_and_matches
    user = readers[reader]
    by_orm = set(Match.objects.filter(readable_by(user)).values_list("pk", flat=True))
    assert by_orm == _matches_by_sql(user) == {made[name] for name in EXPECTED[reader]}


def test_a_related_row_is_filtered_through_its_match(readers_and_matches):
    readers, made = readers_and_matches
    for name in ("public, by the owner", "private, by another"):
        replay_match(match=Match.objects.get(pk=made[name]))
    seen = set(ReplayRun.objects.filter(readable_by(readers["owner"], via="match__"))
               .values_list("match_id", flat=True))
    assert seen == {made["public, by the owner"]}


@pytest.fixture
def runs_in_every_state(archive):
    """Runs that stand, and runs that do not: of a log recomputed after a change, of a log
    with a break found, and of an empty log (which starts from the genesis hash)."""
    engine = games.get("dagon")
    states = {}
    for name in ("standing", "rewritten", "broken", "behind"):
        match = import_match(raw={**engine.simulate(seed=2, max_events=8), "title": name})
        states[name] = replay_match(match=match)
    empty = import_match(raw={**engine.simulate(seed=2, max_events=8), "title": "empty",
                              "events": []})
    states["empty"] = replay_match(match=empty)
    tamper(states["rewritten"].match, 3, {"value": 9}, recompute=True)
    Match.objects.filter(pk=states["broken"].match_id).update(
        chain_broken_seq=2, chain_broken_problem="a test break")
    behind = states["behind"].match
    append_events(match=behind, events=[
        {"type": "pass", "actor": behind.players[0]["id"], "data": {}}],
        expected_seq=behind.last_seq)
    return states


def test_a_run_stands_by_the_same_rule_in_sql_and_in_the_orm(runs_in_every_state):
    states = runs_in_every_state
    by_orm = set(ReplayRun.objects.filter(run_stands()).values_list("pk", flat=True))
    by_sql = _runs_by_sql(run_stands_sql())
    assert by_orm == by_sql == {states[name].pk for name in ("standing", "behind", "empty")}


def test_moves_after_a_run_by_the_same_rule_in_sql_and_in_the_orm(runs_in_every_state):
    states = runs_in_every_state
    by_orm = set(ReplayRun.objects.annotate(moved=moves_after_run()).filter(moved=True)
                 .values_list("pk", flat=True))
    assert by_orm == _runs_by_sql(moves_after_run_sql()) == {states["behind"].pk}
