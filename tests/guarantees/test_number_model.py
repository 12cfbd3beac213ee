"""One number model: what is hashed is what every database gives back.

A number in a record is an I-JSON number (a whole number within ±(2**53 - 1), or a double),
hashed as every stored chain was (orjson's text). PostgreSQL keeps JSON numbers as decimals and
writes a large double out in full (1e16 comes back as 10000000000000000); a whole number
beyond the I-JSON range read from a database is the double it stands for, so the log verifies
on SQLite and on PostgreSQL alike. Negative zero, which PostgreSQL cannot keep, is refused at
the boundary with the field named.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import orjson
import pytest
import rfc8785
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.canonical import (
    MAX_SAFE_INTEGER,
    NumberModelDecoder,
    canonical_bytes,
    load_json,
)
from replay.log.append import append_events
from replay.log.interchange import export_match, import_match
from replay.log.matches import match_create
from replay.models import Match
from tests.factories import GameFactory, make_curator
from tests.guarantees.test_backup import wipe_database
from trust.audit import verify_log
from trust.backup import export_archive, import_archive

ROOT = Path(__file__).resolve().parents[2]

# Every class of number: whole numbers up to the I-JSON limits, every finite double but
# negative zero, and the doubles PostgreSQL gives back as something else.
AWKWARD = [1e16, -1e16, 12345678901234567.0, 1.5e300, -1.5e300, 1.7976931348623157e308,
           5e-324, -5e-324, 2.0**53, 2.0**53 + 2, 1e21, 1e22, 1e-7, 1e-5, 0.1, 2.0, 0.0, 123.0,
           9007199254740991.0, 4.35e-150]
NUMBERS = st.one_of(
    st.integers(min_value=-MAX_SAFE_INTEGER, max_value=MAX_SAFE_INTEGER),
    st.sampled_from([MAX_SAFE_INTEGER, -MAX_SAFE_INTEGER, 0, 1, -1, 2**53 - 2]),
    st.floats(allow_nan=False, allow_infinity=False).filter(
        lambda x: not (x == 0 and str(x).startswith("-"))),
    st.sampled_from(AWKWARD),
)
FIELDS = st.dictionaries(st.sampled_from(["n", "x", "scores"]),
                         st.one_of(NUMBERS, st.lists(NUMBERS, min_size=1, max_size=4)),
                         min_size=1)


def as_postgres_writes_it(number) -> str:
    """The text PostgreSQL's jsonb gives back for a number written as orjson writes it: the
    decimal value in full, never an exponent, the written scale kept."""
    return format(Decimal(orjson.dumps(number).decode()), "f")


# -- the canonical form --------------------------------------------------------------------------


@given(NUMBERS)
def test_whole_numbers_and_doubles_hash_exactly_as_before(number):
    """Every number a log could hold before keeps its bytes, so stored chains still verify."""
    assert canonical_bytes({"n": number}) == orjson.dumps({"n": number},
                                                          option=orjson.OPT_SORT_KEYS)


@given(NUMBERS)
def test_rfc_8785_writes_whole_numbers_and_fractional_doubles_the_same(number):
    """The chain's text is RFC 8785's for whole numbers and doubles with a fraction; it keeps
    its own form only for integral doubles (2.0, 1e+16), as existing chains were hashed."""
    if isinstance(number, int) or not number.is_integer():
        assert canonical_bytes(number) == rfc8785.dumps(number)


@given(NUMBERS)
def test_a_number_as_postgresql_gives_it_back_hashes_as_written(number):
    text = as_postgres_writes_it(number)
    assert canonical_bytes(load_json(text)) == canonical_bytes(number)
    assert canonical_bytes(json.loads(text, cls=NumberModelDecoder)) == canonical_bytes(number)


# -- through the archive, on this database ----------------------------------------------------------


PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]


def move(fields: dict, actor: str = "p1") -> dict:
    return {"type": "move", "actor": actor, "data": {"text": "as the sheet says",
                                                     "fields": fields}}


def record_numbers(fields: dict, setup: dict) -> Match:
    """A match of a game with no engine whose setup and every event type carrying free
    fields hold the numbers: one move, its correction, and a batch long enough to be
    COPYed on PostgreSQL."""
    game = GameFactory(slug="numbers-game", title="Numbers", min_players=2, max_players=4)
    match = match_create(game=game, title="Numbers", players=PLAYERS, setup=setup).match
    append_events(match=match, events=[move(fields)], expected_seq=0)
    correction = {"type": "correction", "actor": None,
                  "data": {"supersedes": 1, "event": move(fields, "p2"), "reason": "misread"}}
    append_events(match=match, events=[correction], expected_seq=1)
    batch = [move({**fields, "turn": turn}) for turn in range(25)]
    append_events(match=match, events=batch, expected_seq=2)
    match.refresh_from_db()
    return match


def assert_sound(match: Match, fields: dict) -> None:
    assert verify_log(match=match) is None
    listed = Client().get(f"/api/matches/{match.pk}/events/", {"page_size": 100})
    assert listed.status_code == 200, listed.content[:300]
    first, correction = listed.json()["results"][:2]
    assert canonical_bytes(first["data"]["fields"]) == canonical_bytes(fields)
    assert canonical_bytes(correction["data"]["event"]["data"]["fields"]) == \
        canonical_bytes(fields)


@pytest.mark.django_db(transaction=True)
@settings(max_examples=8, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=FIELDS, setup=FIELDS)
def test_every_number_verifies_through_appends_the_importer_and_a_restore(
        fields, setup, tmp_path_factory):
    """Tries: numbers of every class in every event type's free fields (a move's fields, a
    correction's event) and in the setup, appended one at a time and in a batch, exported
    and imported again, then backed up and restored on an empty database. Proves: the chain
    verifies after each, the API serves the numbers, and every export is the same bytes."""
    wipe_database()
    match = record_numbers(fields, setup)
    assert_sound(match, fields)
    exported = export_match(match)
    copy = import_match(raw=exported)
    assert_sound(copy, fields)
    assert export_match(copy) == exported
    backup = tmp_path_factory.mktemp("backup") / "archive"
    export_archive(directory=backup)
    wipe_database()
    import_archive(directory=backup)
    for restored in Match.objects.all():
        assert_sound(restored, fields)
        assert export_match(restored) == exported


@pytest.fixture
def curator_client(db) -> Client:
    client = Client()
    client.force_login(make_curator("curator"))
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("number, path", [
    ("-0.0", "fields.n"), ("-1e-400", "fields.n"), ("9007199254740992", "fields.n"),
    ("1e400", "fields.n"), ("NaN", None), ("1" * 5000, "fields.n"),
])
def test_numbers_the_model_cannot_hold_are_refused_naming_the_field(
        number, path, curator_client):
    game = GameFactory(slug="numbers-game", title="Numbers", min_players=2, max_players=4)
    match = match_create(game=game, title="Numbers", players=PLAYERS).match
    body = ('{"expected_seq": 0, "events": [{"type": "move", "actor": "p1", "data": '
            '{"text": "t", "fields": {"n": ' + number + '}}}]}')
    response = curator_client.post(f"/api/matches/{match.pk}/events/", body,
                                   content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    if path:
        assert response.json()["field"] == f"events[0].data.{path}"
    document = ('{"format": "ludoteca.match/1", "game": "numbers-game", "title": "t", '
                '"players": [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}], '
                '"events": [{"seq": 1, "type": "move", "actor": "p1", "data": {"text": "t", '
                '"fields": {"n": ' + number + '}}}]}')
    response = curator_client.post("/api/matches/import/", document,
                                   content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    if path:
        assert response.json()["field"] == f"$.events[0].data.{path}"
    assert Match.objects.count() == 1 and match.events.count() == 0


# -- from SQLite to PostgreSQL -------------------------------------------------------------------


SQLITE_SIDE = """
import json, os, sys
from pathlib import Path
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from trust.backup import export_archive
from replay.log.interchange import export_match
from trust.audit import verify_log
from tests.guarantees.test_number_model import record_numbers
cases = json.loads(Path(sys.argv[1]).read_text())
exports = {}
for fields, setup in cases:
    match = record_numbers(fields, setup)
    assert verify_log(match=match) is None
    exports[match.pk] = export_match(match).decode()
export_archive(directory=Path(sys.argv[2]))
Path(sys.argv[3]).write_text(json.dumps(exports))
"""


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@settings(max_examples=2, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drawn=st.lists(st.tuples(FIELDS, FIELDS), min_size=30, max_size=30))
def test_a_sqlite_backup_of_every_number_restores_and_verifies_on_postgresql(
        postgres_only, tmp_path_factory, drawn):
    """Tries: matches whose setup and free fields hold numbers of every class (drawn by
    hypothesis), recorded on SQLite in another process and backed up there, then restored
    onto PostgreSQL. Proves: every chain verifies on both, and PostgreSQL exports the very
    bytes SQLite did."""
    tmp_path = tmp_path_factory.mktemp("sqlite-side")
    cases = [*drawn, ({"n": AWKWARD}, {"n": AWKWARD})]
    (tmp_path / "cases.json").write_bytes(orjson.dumps(cases))
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(LUDOTECA_VAR_DIR=str(tmp_path / "sqlite"), DJANGO_SETTINGS_MODULE="config.settings",
               PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-c", SQLITE_SIDE, str(tmp_path / "cases.json"),
                    str(tmp_path / "backup"), str(tmp_path / "exports.json")],
                   cwd=ROOT, env=env, check=True, timeout=300)
    wipe_database()
    import_archive(directory=tmp_path / "backup")
    exports = json.loads((tmp_path / "exports.json").read_text())
    assert len(exports) == len(cases)
    for match_id, exported in exports.items():
        match = Match.objects.get(pk=int(match_id))
        assert verify_log(match=match) is None
        assert export_match(match).decode() == exported


@pytest.mark.django_db(transaction=True)
def test_a_log_that_kept_a_negative_zero_verifies_and_its_backup_is_refused_naming_it(
        database_vendor, tmp_path, monkeypatch):
    """Tries: an event holding -0.0 stored as an older release stored it (past today's
    boundary), on SQLite, the one database that kept it. Proves: its chain still verifies;
    a restore of its backup is refused before anything is written, naming the field."""
    if database_vendor != "sqlite":
        pytest.skip("only SQLite ever kept a negative zero")
    import replay.log.append

    monkeypatch.setattr(replay.log.append, "check_json_value", lambda value, **kwargs: value)
    match = record_numbers({"n": -0.0}, {})
    monkeypatch.undo()
    assert verify_log(match=match) is None
    export_archive(directory=tmp_path / "backup")
    wipe_database()
    with pytest.raises(Exception, match=r"negative zero .*\$\.events\[0\]\.data\.fields\.n"):
        import_archive(directory=tmp_path / "backup")
    assert not Match.objects.exists()
