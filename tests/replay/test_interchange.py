"""The match interchange format (docs/DESIGN.md): byte-for-byte round trip, and a malformed
document refused with its JSON path or seq, storing nothing."""

import io
import json
import os

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from replay.log.errors import DocumentError
from replay.log.interchange import export_match, import_match
from replay.models import Event, Match
from trust.chain import chain_head


@pytest.fixture
def document(engine_less_game):
    events = [
        {"seq": 1, "type": "annotation", "actor": "p1", "data": {"text": "Ana opens"}},
        {"seq": 2, "type": "annotation", "actor": None, "data": {"text": "señal ilegible"}},
        {"seq": 3, "type": "correction", "actor": None,
         "data": {"supersedes": 1, "event": {"type": "annotation", "actor": "p2",
                                              "data": {"text": "Luis opens"}}}},
    ]
    return {
        "format": "ludoteca.match/1",
        "game": engine_less_game.slug,
        "title": "Club night, table 2",
        "played_on": "1989-03-12",
        "source": "score sheet, photographed",
        "players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
        "setup": {"thrones_to_win": 3},
        "events": events,
        "chain": {"algorithm": "sha256", "head": chain_head(events)},
    }


def test_export_import_export_gives_identical_bytes(document):
    first = import_match(raw=json.dumps(document))
    exported = export_match(first)
    second = import_match(raw=exported)
    assert export_match(second) == exported
    assert json.loads(exported)["chain"]["head"] == document["chain"]["head"]
    assert json.loads(exported)["events"] == document["events"]


def test_import_without_a_chain_is_accepted_and_export_adds_one(document):
    del document["chain"]
    match = import_match(raw=document)
    assert json.loads(export_match(match))["chain"]["head"] == match.head_hash


def _broken(document, path, value):
    target = document
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


@pytest.mark.parametrize(
    ("path", "value", "field", "words"),
    [
        (("game",), "chess", "$.game", "unknown game"),
        (("format",), "other/2", "$.format", "format"),
        (("title",), KeyError, "$.title", "missing"),
        (("events", 1, "seq"), 3, "$.events[1].seq", "gap in seq"),
        (("events", 1, "seq"), 1, "$.events[1].seq", "duplicate seq"),
        (("events", 1, "type"), "teleport", "$.events[1].type", "unknown event type"),
        (("events", 0, "actor"), "p7", "$.events[0].actor", "not a player"),
        (("chain", "head"), "0" * 64, "$.chain.head", "broken chain"),
        (("played_on",), "12/03/1989", "$.played_on", "not a date"),
        (("players", 1, "id"), "p1", "$.players[1].id", "duplicate player"),
        (("players",), [{"id": "p1", "name": "Ana"}], "$.players", "played by 2 to 4"),
    ],
)
def test_a_bad_document_is_refused_naming_the_problem_and_stores_nothing(
    document, path, value, field, words
):
    bad = _broken(document, path, value)
    with pytest.raises(DocumentError) as raised:
        import_match(raw=json.dumps(bad))
    assert raised.value.field == field
    assert words in raised.value.message
    assert not Match.objects.exists() and not Event.objects.exists()


def test_malformed_json_names_the_line(engine_less_game):
    with pytest.raises(DocumentError, match="line 3"):
        import_match(raw=b'{\n  "format": "ludoteca.match/1",\n  "game": ,\n}')


def test_non_utf8_bytes_are_refused(engine_less_game):
    with pytest.raises(DocumentError, match="not UTF-8"):
        import_match(raw=b'{"title": "\xff"}')


def test_commands_round_trip_through_files(document, tmp_path, capsys):
    source = tmp_path / "in.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_match", str(source))
    match = Match.objects.get()
    out = tmp_path / "out.json"
    call_command("export_match", str(match.pk), "-o", str(out))
    call_command("import_match", str(out))
    again = tmp_path / "again.json"
    call_command("export_match", str(Match.objects.order_by("-id").first().pk), "-o", str(again))
    assert out.read_bytes() == again.read_bytes()
    call_command("verify_log", str(match.pk))
    assert "chain verifies" in capsys.readouterr().out


def test_import_command_reports_the_path_of_a_problem(document, tmp_path):
    document["events"][2]["data"]["supersedes"] = "one"
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match=r"\$\.events\[2\]\.data\.supersedes"):
        call_command("import_match", str(source))
    assert not Match.objects.exists()


@pytest.mark.parametrize("argument", ["abc", "999999"])
def test_match_argument_errors_are_clear(db, argument):
    with pytest.raises(CommandError, match="match"):
        call_command("verify_log", argument)


def test_export_to_standard_output_goes_to_the_commands_stdout(document, tmp_path):
    source = tmp_path / "in.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_match", str(source))
    match = Match.objects.get()
    out = io.StringIO()
    call_command("export_match", str(match.pk), stdout=out)
    assert out.getvalue().encode("utf-8") == export_match(match)


def test_export_to_a_file_that_cannot_be_written_leaves_nothing(document, tmp_path, monkeypatch):
    source = tmp_path / "in.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_match", str(source))
    match = Match.objects.get()
    with pytest.raises(CommandError, match=r"--output: cannot write .*missing/out.json"):
        call_command("export_match", str(match.pk), "-o", str(tmp_path / "missing" / "out.json"))
    folder = tmp_path / "exports"
    folder.mkdir()
    (folder / "out.json").write_bytes(b"the previous export")

    def failing_rename(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_rename)
    with pytest.raises(CommandError, match=r"--output: cannot write .*No space left"):
        call_command("export_match", str(match.pk), "-o", str(folder / "out.json"))
    assert [p.name for p in folder.iterdir()] == ["out.json"]
    assert (folder / "out.json").read_bytes() == b"the previous export"
