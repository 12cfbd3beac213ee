"""What the archive calls (games.rules): ``check_rules`` for a draft, ``compile_rules`` for a
stored, versioned document, ``read_rules``; and what the engine of a document exposes, as the
seed engines do."""

from __future__ import annotations

import json

import pytest
import yaml

from games.core.events import EventSchemaError
from games.rules import (
    FORMAT,
    INTERPRETER_REVISION,
    RulesError,
    check_rules,
    compile_rules,
    read_rules,
    schema,
)
from tests.games.rules.documents import MINI, PASSAGES, changed
from tests.games.rules.seeds import DATA_GAMES, passages

GOOSE = (DATA_GAMES / "goose" / "rules.yaml").read_text(encoding="utf-8")


def test_a_check_of_a_sound_draft_gives_its_engine_layout_and_a_sample():
    check = check_rules(GOOSE, passages=passages("goose"))
    assert check.ok and check.problems == ()
    engine = check.engine
    assert (engine.slug, engine.name, engine.version) == ("goose", "The Game of the Goose",
                                                          "draft")
    assert len(check.layout.spaces) == 64 and check.layout.provenance["status"] == "reconstructed"
    assert check.layout.space("s6").name == "The Bridge (6)"
    sample = check.sample
    assert sample["format"] == "ludoteca.match/1" and sample["game"] == "goose"
    assert sample == check_rules(GOOSE).sample  # seeded: the same match every time
    assert sample != check_rules(GOOSE, seed=2).sample
    json.dumps(check.as_dict())


def test_a_check_may_leave_the_sample_out():
    check = check_rules(MINI, sample=False)
    assert check.ok and check.engine is not None and check.sample is None


def test_the_engine_exposes_what_the_seed_engines_do():
    engine = check_rules(GOOSE, passages=passages("goose")).engine
    assert engine.rulebook.game == "goose" and "goose/the-inn" in engine.rulebook.ids
    assert [point.id for point in engine.points] == [
        "goose.inn", "goose.well", "goose.maze", "goose.first-throw", "goose.all-held"]
    assert engine.point("goose.inn").default == "two"
    assert engine.certainties and all(c.citations for c in engine.certainties)
    bridge = next(c for c in engine.certainties if c.topic == "the space The Bridge (6)")
    assert bridge.decision == "a bridge space: go on to 12"
    assert engine.out_of_scope and (engine.min_players, engine.max_players) == (2, 6)
    assert engine.default_setup == {} and engine.turn_rule == "goose/moving"
    assert engine.end_rule == "goose/the-end"
    assert {spec.type for spec in engine.event_specs} == {"throw", "move", "pass"}
    assert set(engine.rules) == {"throw", "move", "pass"}
    assert [section.__name__ for section in engine.sections] == [
        "goose rules document: turn", "goose rules document: actions"]
    assert [(name, option.id) for name, option in
            [(p.id, o) for p, o in engine.conjectures()]] == [
        ("goose.all-held", "release")]


def test_a_stored_document_compiles_under_the_archives_slug_name_and_version():
    document = yaml.safe_load(GOOSE)
    engine = compile_rules(document, slug="goose", name="Gioco dell'Oca", version="7",
                           passages=passages("goose"))
    # The document's version, then the interpreter's revision (a run records both).
    assert (engine.name, engine.version) == ("Gioco dell'Oca", f"7r{INTERPRETER_REVISION}")
    assert engine.simulate(seed=1)["game"] == "goose"


def test_read_rules_gives_the_document_or_all_its_problems():
    assert read_rules(MINI, passages=PASSAGES)["game"] == "mini"
    with pytest.raises(RulesError) as raised:
        read_rules(changed("faces: [1, 2, 3, 4, 5, 6]", "faces: []"))
    assert [p.path for p in raised.value.problems] == ["dice[0].faces"]


def test_a_record_may_name_only_what_the_document_has():
    engine = check_rules(MINI).engine
    engine.validate_event({"type": "move", "actor": "p1", "data": {"path": ["s0", "s3"]}},
                          ["p1", "p2"])
    with pytest.raises(EventSchemaError, match="'s42' is not a space of this game"):
        engine.validate_event({"type": "move", "actor": "p1",
                               "data": {"path": ["s0", "s42"]}}, ["p1", "p2"])
    with pytest.raises(EventSchemaError, match="7 is above the largest allowed value 6"):
        engine.validate_event({"type": "throw", "actor": "p1", "data": {"dice": [7]}})


def test_the_schema_is_the_one_in_the_repository():
    assert schema()["title"] == FORMAT == "ludoteca.rules/1"
