"""A rules document is hostile input. Each way of breaking one gets a problem that names its line
and path and says what is wrong; a check collects every problem, stores nothing (no engine is
made) and finishes: size, depth and the count of values are bounded before anything reads the
document, and loops in the board's effects are refused before any event could run them."""

from __future__ import annotations

import json

import pytest
import yaml

from games.rules import check_rules, compile_rules
from games.rules.problems import RulesError
from games.rules.source import MAX_CHARACTERS, MAX_DEPTH, MAX_VALUES
from tests.games.rules.documents import MINI, PASSAGES, changed, line_of


def problems_of(text: str, passages=None) -> list:
    check = check_rules(text, passages=passages)
    assert check.engine is None and check.sample is None and check.layout is None
    assert check.problems, "a broken document must have problems"
    return list(check.problems)


def only(text: str, passages=None):
    found = problems_of(text, passages)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def test_the_document_every_other_test_breaks_is_sound():
    check = check_rules(MINI, passages=PASSAGES)
    assert check.ok and check.engine is not None and check.sample["events"]


def test_an_unknown_effect_is_named_with_its_line_in_yaml():
    text = changed("effect: {wait: true}", "effect: {teleport: 12}")
    problem = only(text)
    assert problem.line == line_of(text, "teleport")
    assert problem.path == "board.spaces[6].effect"
    assert problem.message.startswith("unknown effect 'teleport' (known: back_to_start, draw,")
    assert str(problem).startswith(f"line {problem.line}, board.spaces[6].effect: unknown effect")


def test_an_unknown_effect_is_named_with_its_line_in_json():
    document = yaml.safe_load(MINI)
    document["board"]["spaces"][6]["effect"] = {"teleport": 12}
    text = json.dumps(document, indent=2)
    problem = only(text)
    assert problem.line == line_of(text, '"teleport"')
    assert problem.path == "board.spaces[6].effect"
    assert "unknown effect 'teleport'" in problem.message


def test_jumps_that_loop_for_ever_are_refused():
    """6 → 12 → 6: the bridge that leads back to itself."""
    text = changed("effect: {wait: true}", "effect: {jump: s7}")
    text = changed("{id: s7, name: \"7\", kind: plain, at: [70, 10]}",
                   "{id: s7, name: \"7\", kind: plain, at: [70, 10], effect: {jump: s6}}", text)
    problem = only(text)
    assert problem.path == "board.spaces[6].effect"
    assert problem.line == line_of(text, "id: s6")
    assert problem.message.startswith("the effects loop for ever: s6 → s7 → s6")


def test_a_goose_that_leads_back_to_a_bridge_for_ever_is_refused():
    """Repeat moves on by the throw: the bridge 2 → 5, the goose on 5, and 7 sending back to
    2 loop for a throw of 2 only."""
    text = changed("kind: plain, at: [70, 10]}", "kind: plain, at: [70, 10], effect: {jump: s2}}")
    problem = only(text)
    assert problem.path == "board.spaces[2].effect"
    assert problem.message == "the effects loop for ever: s2 → s5 → s7 → s2 (a throw of 2)"


def test_a_space_named_but_never_defined():
    text = changed("s8, s9]}", "s8, s9, s99]}")
    problem = only(text)
    assert problem.path == "board.tracks[0].spaces[10]"
    assert problem.message == "'s99' is not a space of the board"
    assert problem.line == line_of(text, "s99")


def test_an_end_no_move_can_reach():
    text = changed("    - {id: s9, name: Goal, kind: goal, at: [90, 10]}",
                   "    - {id: s9, name: Goal, kind: goal, at: [90, 10]}\n"
                   "    - {id: island, name: The Island, kind: goal, at: [50, 0]}")
    text = changed("reach: s9", "reach: island", text)
    problem = only(text)
    assert problem.path == "end[0].reach"
    assert problem.message.startswith("no piece can ever reach 'island'")


def test_dice_with_no_faces():
    problem = only(changed("faces: [1, 2, 3, 4, 5, 6]", "faces: []"))
    assert (problem.path, problem.message) == ("dice[0].faces", "needs at least 1 item")


def test_too_many_dice_to_list_every_throw():
    problem = only(changed("count: 1, faces", "count: 6, faces"))
    assert problem.path == "dice[0]"
    assert "46,656 different throws; at most 1,296" in problem.message


def test_a_point_with_one_option():
    text = changed("      - {id: one, description: one turn, clause: {lose_turns: 1}}\n", "")
    problem = only(text)
    assert (problem.path, problem.message) == ("points[0].options", "needs at least 2 items")


def test_a_citation_of_a_passage_that_does_not_exist():
    text = changed("passage: mini/end", "passage: mini/nowhere")
    problem = only(text, PASSAGES)
    assert problem.path == "end[0].cite.passage"
    assert problem.message.startswith("there is no passage 'mini/nowhere' in the transcription "
                                      "(its passages: mini/end, mini/inn, mini/play)")
    assert problem.line == line_of(text, "mini/nowhere")


def test_a_quote_that_is_not_word_for_word():
    text = changed("The first on the goal wins.", "The first on the goal has won.")
    problem = only(text, PASSAGES)
    assert problem.path == "end[0].cite.quote"
    assert problem.message.startswith("the quote is not in mini/end word for word")


def test_a_citation_of_another_game():
    problem = only(changed("passage: mini/end", "passage: goose/the-end"))
    assert problem.message.startswith("'goose/the-end' is not a passage of 'mini'")


def test_a_point_no_clause_names():
    problem = only(changed("effect: {point: mini.inn}", "effect: {lose_turns: 2}"))
    assert problem.path == "points[0]"
    assert "no clause names the point 'mini.inn'" in problem.message


def test_a_clause_that_names_an_unknown_point():
    text = changed("past_end: bounce", "past_end: {point: mini.past-the-end}")
    problem = only(text)
    assert problem.path == "actions[0].past_end.point"
    assert problem.message == "unknown point 'mini.past-the-end' (declared: mini.inn)"


def test_an_option_whose_clause_does_not_fit_where_its_point_stands():
    """The clause stands in for the space's effect: checked as one, reported at the option."""
    text = changed("clause: {lose_turns: 1}", "clause: {teleport: 1}")
    problem = only(text)
    assert problem.path == "points[0].options[1].clause"
    assert problem.message.startswith("unknown effect 'teleport'")
    assert problem.line == line_of(text, "teleport")


def test_a_default_that_is_neither_the_texts_words_nor_a_conjecture():
    problem = only(changed('    default_words: "lose two turns"\n', ""))
    assert problem.path == "points[0].default"
    assert problem.message.startswith("the default needs either default_words")


def test_default_words_that_no_quote_holds():
    problem = only(changed('default_words: "lose two turns"', 'default_words: "lose a turn"'))
    assert problem.message == "'lose a turn' is in none of the point's quotes"


def test_a_key_of_another_kind_of_action():
    problem = only(changed("past_end: bounce", "past_end: bounce\n    headings: [up]"))
    assert problem.path == "actions[0].headings"
    assert problem.message.startswith("a race action has no 'headings'")


def test_a_race_with_no_throw_before_it():
    problem = only(changed("    - {throw: die}\n    - {act: [advance]}",
                           "    - {act: [advance]}\n    - {throw: die}"))
    assert problem.path == "turn.stages[0]"
    assert "counts a throw, but no earlier stage of the turn throws 'die'" in problem.message


def test_wait_effects_with_nothing_said_of_every_player_waiting():
    problem = only(changed("  all_waiting: release\n", ""))
    assert problem.path == "turn"
    assert problem.message.startswith("with wait effects every player may end up waiting")


def test_an_end_by_captures_when_nothing_captures():
    text = changed("  - {reach: s9,", "  - {fewer: {pieces: [pawn], than: 2}, winner: none, "
                   "cite: {passage: mini/end, quote: \"The first on the goal wins.\"}}\n"
                   "  - {reach: s9,")
    problem = only(text)
    assert problem.path == "end[0].fewer"
    assert problem.message.startswith("this end can never come: no action takes a piece off")


def test_the_other_player_in_a_game_of_three():
    problem = only(changed("winner: player", "winner: other"))
    assert problem.message.startswith("'other' names the one other player")


def test_yaml_words_that_are_not_text():
    """YAML reads an unquoted no as false: the id is then not text, and the problem says so."""
    problem = only(changed("{id: s1,", "{id: no,"))
    assert problem.path == "board.spaces[1].id"
    assert problem.message == "must be text, not false"


def test_every_problem_is_reported_not_only_the_first():
    text = changed("faces: [1, 2, 3, 4, 5, 6]", "faces: []")
    text = changed("effect: {wait: true}", "effect: {teleport: 12}", text)
    text = changed("kind: race", "kind: racing", text)
    found = problems_of(text)
    assert [(p.path, p.line) for p in found] == [
        ("board.spaces[6].effect", line_of(text, "teleport")),
        ("dice[0].faces", line_of(text, "faces: []")),
        ("actions[0].kind", line_of(text, "racing")),
    ]


def test_references_are_all_reported_too():
    text = changed("s8, s9]}", "s8, s9, s98, s99]}")
    text = changed("{jump: s5}", "{jump: s55}", text)
    found = problems_of(text)
    assert [p.message for p in found] == ["jump: 's55' is not a space of the board",
                                          "'s98' is not a space of the board",
                                          "'s99' is not a space of the board"]


# -- the reader's bounds --------------------------------------------------------------------


def test_aliases_that_expand_without_bound_are_cut_off():
    """The billion laughs: nine levels of ten aliases each would be a billion values."""
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for level in range(1, 10):
        levels.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]")
    problem = only("\n".join(levels))
    assert problem.message.startswith(f"the document expands to more than {MAX_VALUES:,} values")


def test_a_recursive_alias_is_cut_off_by_depth():
    problem = only("a: &a [*a]")
    assert problem.message == f"the document nests deeper than {MAX_DEPTH} levels"


def test_a_huge_document_is_refused_before_it_is_read():
    problem = only("x: " + "y" * MAX_CHARACTERS)
    assert problem.message.startswith(f"the document is {MAX_CHARACTERS + 3:,} characters long")


def test_nesting_too_deep_in_json():
    problem = only("[" * 100 + "]" * 100)
    assert problem.message == f"the document nests deeper than {MAX_DEPTH} levels"
    assert problem.line == 1


def test_a_yaml_tag_that_would_build_an_object():
    text = changed("name: A small race", "name: !!python/object/apply:os.system [echo]")
    problem = only(text)
    assert problem.line == line_of(text, "python/object")
    assert "is not allowed: only text, numbers, true/false, null, lists and mappings" in \
        problem.message


def test_a_key_given_twice():
    text = changed("name: A small race", "name: A small race\nname: Another")
    problem = only(text)
    assert (problem.line, problem.path) == (line_of(text, "name: Another"), "name")
    assert problem.message == "the key 'name' is given twice"


@pytest.mark.parametrize(("text", "line", "message"), [
    ('{\n  "format": NaN\n}', 2, "not valid JSON: unexpected 'NaN\\n}'"),
    ('{\n  "a": 1,\n  "a": 2\n}', 3, "the key 'a' is given twice"),
    ('{"a": 1}\n{"b": 2}', 2, "not valid JSON: more text after the document"),
    ('{\n  "a": [1,\n  2\n}', 4, "not valid JSON: expected ',' or ']'"),
    ('{"a": 1e999}', 1, "not a finite number"),
])
def test_malformed_json_names_its_line(text, line, message):
    problem = only(text)
    assert (problem.line, problem.message) == (line, message)


def test_malformed_yaml_names_its_line():
    problem = only("format: ludoteca.rules/1\nboard:\n  spaces: [\n")
    assert problem.line == 4 and problem.message.startswith("not valid YAML:")


def test_a_stored_document_is_checked_again_and_must_be_the_games():
    document = yaml.safe_load(changed("faces: [1, 2, 3, 4, 5, 6]", "faces: []"))
    with pytest.raises(RulesError) as raised:
        compile_rules(document, slug="mini", name="A small race", version="3")
    assert [str(p) for p in raised.value.problems] == ["dice[0].faces: needs at least 1 item"]
    with pytest.raises(RulesError, match="the document is for 'mini', not 'goose'"):
        compile_rules(yaml.safe_load(MINI), slug="goose", name="x", version="1")
