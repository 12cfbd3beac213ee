"""Every example of docs/rules-reference.md, checked as the page says: each document (the
skeleton, each fragment merged into it, each whole one) validates, compiles, simulates a match
to its end, and offers only what it allows (the engine contract); each invalid one gives
exactly the problems printed after it; each event is well-formed for its game; the worked
game's citations quote its transcription word for word."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from archive.parsing import parse_transcription
from games.core.replay import replay_document
from games.rules import check_rules
from tests.games import contract

REFERENCE = Path(__file__).resolve().parents[3] / "docs" / "rules-reference.md"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
DOCUMENTS = ("yaml skeleton", "yaml fragment", "yaml whole")
INVALID = ("yaml invalid", "yaml invalid-fragment")
KINDS = (*DOCUMENTS, *INVALID, "text problems", "text transcription", "json event")


@dataclass
class Example:
    kind: str
    line: int
    text: str
    passages: dict | None = None
    problems: list[str] = field(default_factory=list)
    document: str = ""  # for an event: the document it belongs to

    def __str__(self) -> str:
        return f"{self.kind} at line {self.line}"


def merge(base, fragment):
    """The page's merge: mappings key by key, lists of mappings with ids by id, other lists
    replaced."""
    if isinstance(base, dict) and isinstance(fragment, dict):
        merged = dict(base)
        for key, value in fragment.items():
            merged[key] = merge(base[key], value) if key in base else value
        return merged
    if (isinstance(base, list) and isinstance(fragment, list) and fragment
            and all(isinstance(item, dict) and "id" in item for item in base + fragment)):
        merged = list(base)
        ids = [item["id"] for item in merged]
        for item in fragment:
            if item["id"] in ids:
                merged[ids.index(item["id"])] = item
            else:
                merged.append(item)
        return merged
    return fragment


def blocks() -> list[tuple[str, str, int]]:
    page = REFERENCE.read_text(encoding="utf-8")
    return [(match.group(1).strip(), match.group(2), page.count("\n", 0, match.start()) + 1)
            for match in FENCE.finditer(page)]


def examples() -> list[Example]:
    found: list[Example] = []
    skeleton = None
    transcription = None
    document = ""
    for kind, text, line in blocks():
        if kind == "yaml skeleton":
            skeleton = yaml.safe_load(text)
        if kind in ("yaml fragment", "yaml invalid-fragment"):
            text = json.dumps(merge(skeleton, yaml.safe_load(text)), indent=1)
        if kind == "text transcription":
            transcription = text.rstrip("\n")
            continue
        if kind == "text problems":
            found[-1].problems = [row for row in text.splitlines() if row]
            continue
        if kind == "json event":
            found.append(Example(kind, line, text, document=document))
            continue
        example = Example(kind, line, text)
        if kind == "yaml whole" and transcription is not None:
            game = yaml.safe_load(text)["game"]
            parsed = parse_transcription(game, transcription)
            example.passages = {passage.slug: passage.text for passage in parsed.passages}
            transcription = None
        if kind in DOCUMENTS:
            document = text
        found.append(example)
    return found


EXAMPLES = examples()


def test_the_page_holds_only_examples_the_tests_know():
    assert {kind for kind, _text, _line in blocks()} <= set(KINDS)
    assert blocks()[0][0] == "yaml skeleton"
    assert all(example.problems for example in EXAMPLES if example.kind in INVALID)
    assert len([e for e in EXAMPLES if e.kind in DOCUMENTS]) >= 20


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind in DOCUMENTS], ids=str)
def test_an_example_validates_compiles_and_simulates(example):
    check = check_rules(example.text, passages=example.passages)
    assert check.problems == (), [str(p) for p in check.problems]
    engine, sample = check.engine, check.sample
    steps = list(replay_document(engine, sample))
    assert not [f.message for _e, step in steps for f in step.flags if f.kind == "violation"]
    assert engine.finished(steps[-1][1].state) or len(steps) == 2000
    assert check.layout.spaces and check.layout.provenance


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind in DOCUMENTS], ids=str)
def test_an_example_offers_only_what_it_allows(example):
    engine = check_rules(example.text, passages=example.passages).engine
    rng = random.Random(example.line)
    for seed in (1, 2):
        document = engine.simulate(seed=seed, max_events=150)
        reading = engine.interpretation()
        assert contract.offer_problems(engine, document, reading, rng) == []
        problems, _redrawn = contract.seat_problems(engine, document, reading, rng)
        assert problems == []


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind in INVALID], ids=str)
def test_an_invalid_example_gives_the_problems_printed_after_it(example):
    check = check_rules(example.text)
    if example.kind == "yaml invalid":
        assert [str(problem) for problem in check.problems] == example.problems
    else:  # a merged fragment's lines are not the page's
        assert [f"{p.path}: {p.message}" for p in check.problems] == example.problems


@pytest.mark.parametrize("example", [e for e in EXAMPLES if e.kind == "json event"], ids=str)
def test_an_event_example_is_well_formed_for_its_game(example):
    engine = check_rules(example.document).engine
    engine.validate_event(json.loads(example.text), ["p1", "p2"])


def test_the_worked_game_quotes_its_transcription_and_its_points_change_play():
    (worked,) = [e for e in EXAMPLES if e.passages]
    engine = check_rules(worked.text, passages=worked.passages).engine
    assert [point.id for point in engine.points] == ["snakes.exact-end", "snakes.six-again"]
    players = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]
    state = engine.initial_state(players, {})
    for event in ({"type": "throw", "actor": "p1", "data": {"dice": [3]}},
                  {"type": "move", "actor": "p1", "data": {"path": ["outside", "q3"]}}):
        step = engine.apply(state, event, engine.interpretation())
        assert step.legal
        state = step.state
    assert [piece[2] for piece in state["pieces"]] == ["q22", "outside"]
    six = {"type": "throw", "actor": "p2", "data": {"dice": [6]}}
    again = engine.apply(state, six, engine.interpretation()).state
    not_again = engine.apply(state, six, engine.interpretation(
        {"snakes.six-again": "not-again"})).state
    assert (again["extra"], not_again["extra"]) == (True, False)
    broken = check_rules(worked.text.replace("climbs to its top", "climbs"),
                         passages=worked.passages)
    assert [p.path for p in broken.problems] == [f"board.spaces[{n}].cite.quote"
                                                 for n in (3, 5, 11, 20)]
