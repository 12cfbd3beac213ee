"""A step's words written in Python for speed (``replay.reading.texts``, beside the words
test_step_page_words reads) stay byte for byte what the slower way wrote: the state as JSON
what ``json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True)`` writes, for every
state the shipped samples reach from every viewpoint and for the awkward values a state may
hold; a log summary what ``Truncator(text).chars(n)`` gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils.text import Truncator

import games
from games.core.replay import replay_document
from replay.reading.texts import state_json, truncated

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("games/*/samples/*.json"))


def standard(state) -> str:
    return json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_state_of_a_sample_from_every_viewpoint_is_written_as_the_standard_library_does(
        path):
    document = json.loads(path.read_text(encoding="utf-8"))
    engine = games.get(document["game"])
    viewers = [None, *(player["id"] for player in document["players"])]
    states = [engine.initial_state(document["players"], document.get("setup", {}))]
    states += [step.state for _, step in replay_document(engine, document, engine.reading(None))]
    for state in states:
        for viewer in viewers:
            view = engine.view(state, viewer)
            assert state_json(view) == standard(view)


AWKWARD = {
    "control characters": {"text": "".join(map(chr, range(0x20))) + "\x7f"},
    "quotes, backslashes and escapes": {"said": 'a "quoted" \\ word\n  indented\ttab\r\b\f'},
    "non-BMP and separators": {"😀": "𝔘𝔫𝔦 \U0010ffff \u2028 \u2029 \ufeff é e\u0301"},
    "keys sorted by code point": {"\uffff": 1, "\U00010000": 2, "B": 3, "a": 4, "é": 5, "": 6},
    "nested empty containers": {"a": {}, "b": [], "c": [{}, [], [[]]], "d": {"e": {"f": []}}},
    "deep nesting": {"x": [[[[[[[[[[[[{"deep": [1, [2, {"k": None}]]}]]]]]]]]]]]]},
    "whole numbers, booleans and null": {"n": [0, -1, 2**53, 2**63 - 1, -(2**63)],
                                         "b": [True, False], "z": None},
    "whole numbers beyond 64 bits": {"big": 2**64, "small": -(2**63) - 1},
    "floats": {"f": [0.1, 1.0, -0.0, 1e-05, 1e-07, 1e16, 1e22, 5e-324, 123456789.123]},
    "not a number and infinities": {"f": [float("nan"), float("inf"), float("-inf")]},
    "whole-number keys": {1: "one", 10: "ten", 2: "two"},
    "tuples": {"t": (1, ("a", ()), [])},
    "a list at the top": [{"b": 1, "a": [2, {}]}, "two", 3],
    "an empty state": {},
}


@pytest.mark.parametrize("state", AWKWARD.values(), ids=AWKWARD.keys())
def test_awkward_values_are_written_as_the_standard_library_does(state):
    assert state_json(state) == standard(state)


TEXTS = {
    "short": "Ana attacks Luis",
    "exactly the length": "x" * 20,
    "one past the length": "x" * 21,
    "long": "a lagoon " * 10,
    "decomposed accents, short": "Cafe\u0301 e\u0301te\u0301",
    "decomposed accents past the length in code points only": "e\u0301" * 15,
    "decomposed accents, long": "e\u0301" * 30,
    "combining marks with no composed form": "q\u0307\u0323" * 8,
    "non-BMP": "𝔘" * 20 + "😀",
    "empty": "",
}


@pytest.mark.parametrize("text", TEXTS.values(), ids=TEXTS.keys())
def test_a_summary_is_cut_as_truncator_cuts_it(text):
    assert truncated(text, 20) == Truncator(text).chars(20)
