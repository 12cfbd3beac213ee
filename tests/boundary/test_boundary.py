"""The input boundary on its own (no database): what it refuses, and the path it names."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundary import (
    MAX_JSON_DEPTH,
    MAX_SAFE_INTEGER,
    InputError,
    check_json_value,
    check_language,
    check_text,
    parse_json,
)
from boundary.jsontext import nesting_depth


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('{"players": [{"name": "\\ud800"}]}', "players[0].name", "lone surrogate U+D800"),
        ('{"a": "x\\u0000y"}', "a", "NUL"),
        ('{"setup": {"n": 18446744073709551616}}', "setup.n", "beyond"),
        ('{"n": -9007199254740992}', "n", "beyond"),
        ('{"n": 1e400}', "n", "finite"),
        ('{"n": NaN}', "$", "NaN is not a JSON number"),
        ('[Infinity]', "$", "Infinity is not a JSON number"),
        ('{"a": {"b": 1, "b": 2}}', "a", "key 'b' twice"),
        ('{"n": 1' + "0" * 60 + "}", "n", "61 digits"),
        ("[" * 5000 + "]" * 5000, "$", "5000 levels deep"),
        ('{"a": 1,}', "$", "line 1, column 9"),
    ],
)
def test_refusals_name_the_path(text, field, words):
    with pytest.raises(InputError) as raised:
        parse_json(text)
    assert raised.value.field == field
    assert words in raised.value.message


def test_depth_is_measured_before_the_parser_recurses(monkeypatch):
    """Deep nesting is refused from the text alone: the parser is never called."""
    from boundary import jsontext

    def parser_must_not_run(noticed):
        raise AssertionError("the parser ran on a too-deep document")

    monkeypatch.setattr(jsontext, "_decoder", parser_must_not_run)
    with pytest.raises(InputError, match="levels deep"):
        parse_json("[" * 100_000 + "]" * 100_000)


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"a": "[" * 500, "b": '\\"[[[[' * 100, "c": [[["x"]]]})
    assert nesting_depth(text) == 4  # the object and three lists
    assert parse_json(text)["a"] == "[" * 500


def test_the_deepest_document_allowed_is_read():
    assert parse_json("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH) is not None
    with pytest.raises(InputError):
        parse_json("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1))


def test_a_surrogate_pair_escape_is_a_character():
    assert parse_json('"\\ud83d\\ude00"') == "\U0001f600"


def test_the_largest_exact_whole_numbers_are_kept():
    assert parse_json(f"[{MAX_SAFE_INTEGER}, -{MAX_SAFE_INTEGER}]") == [
        MAX_SAFE_INTEGER, -MAX_SAFE_INTEGER]


def test_invalid_utf8_names_the_line():
    with pytest.raises(InputError, match="not UTF-8 text \\(line 2"):
        parse_json(b'{\n"a": "\xff"}')


def test_values_from_python_are_checked_with_their_path():
    with pytest.raises(InputError) as raised:
        check_json_value({"events": [{"data": {"t": ("a", b"x")}}]})
    assert raised.value.field == "events[0].data.t[1]"
    with pytest.raises(InputError, match="keys must be text"):
        check_json_value({1: "a"})


@pytest.mark.parametrize("tag", ["en", "it", "es", "pt-BR", "zh-Hant-TW", "la"])
def test_language_tags_are_accepted(tag):
    assert check_language(tag) == tag


@pytest.mark.parametrize("tag", ['"><svg>', "../../../x", "en\n", "xx", "en_US", "", "english",
                                 "e n", "en-" + "a" * 20, 7])
def test_what_is_not_a_language_tag_is_refused(tag):
    with pytest.raises(InputError) as raised:
        check_language(tag)
    assert raised.value.field == "language"


def test_text_bounds():
    with pytest.raises(InputError, match="at most 3"):
        check_text("abcd", field="t", max_length=3)
    with pytest.raises(InputError, match="one line"):
        check_text("a\nb", field="t", max_length=9, single_line=True)
    with pytest.raises(InputError, match="empty"):
        check_text("  ", field="t", max_length=9)


json_leaf = (st.none() | st.booleans() | st.integers() | st.floats()
             | st.text(alphabet=st.characters(codec=None)))
json_tree = st.recursive(json_leaf, lambda inner: st.lists(inner, max_size=4)
                         | st.dictionaries(st.text(max_size=5), inner, max_size=4), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(value=json_tree)
def test_any_json_tree_is_kept_exactly_or_refused_with_a_path(value):
    """Tries: trees of every JSON type with any code point (surrogates included), any whole
    number and any float. Proves: a refusal is an InputError with a field; what is accepted
    round-trips through the exporters' JSON (UTF-8, exact numbers)."""
    try:
        text = json.dumps(value, ensure_ascii=True, allow_nan=True)
    except ValueError:
        return
    try:
        parsed = parse_json(text)
    except InputError as error:
        assert error.field and error.message
        return
    import orjson

    assert orjson.loads(orjson.dumps(parsed)) == parsed
    json.dumps(parsed, ensure_ascii=False).encode("utf-8")
