"""Fox and Geese, refereed from its rules document alone (archive/seed/rules/fox-and-geese):
each test quotes the sentence of fox-and-geese.en.txt it checks. Ana (p1) is the fox, Luis
(p2) the geese; the points are numbered 1 to 33 row by row (ids p1 … p33), 17 the centre."""

from __future__ import annotations

import json

from games.core.replay import replay_document
from tests.games.rules.play import consulted, move, referee, start, violations
from tests.games.rules.seeds import DATA_GAMES, data_engine

ENGINE = data_engine("fox-and-geese")


def position(fox: str, geese: list[str], turn: str) -> dict:
    """The fox and the geese where given (the other geese taken), ``turn`` to move."""
    state = start(ENGINE, p1=[fox], p2=[*geese, *[None] * (13 - len(geese))])
    state["turn"] = turn
    return state


def geese_on(state) -> list[str]:
    return sorted((p[2] for p in state["pieces"] if p[1] == "goose" and p[2]),
                  key=lambda s: int(s[1:]))


def test_the_fox_moves_first_unless_read_otherwise():
    """fox-and-geese/moving: "The fox moves first." (fox-and-geese.first; some versions: the
    geese)."""
    state = ENGINE.initial_state([{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}], {})
    assert {c.actor for c in ENGINE.legal_events(state, ENGINE.interpretation())} == {"p1"}
    geese_first = ENGINE.interpretation({"fox-and-geese.first": "geese"})
    assert {c.actor for c in ENGINE.legal_events(state, geese_first)} == {"p2"}
    step = ENGINE.apply(state, move("p1", "p17", "p24"), geese_first)
    assert violations(step) == [("it is Luis's turn, not Ana's; the event is skipped "
                                "(fox-and-geese/moving)")]
    assert consulted(step) == ["fox-and-geese.first"] and step.state == state


def test_a_goose_never_moves_back_unless_read_otherwise():
    """fox-and-geese/moving: "The geese can only move forward or sideways, never back towards
    the top of the board." (fox-and-geese.geese-back; other versions: every direction)."""
    state = position("p33", ["p24", "p1", "p2", "p3", "p4", "p5", "p6"], turn="p2")
    back = move("p2", "p24", "p17")
    (refused,) = referee(ENGINE, state, [back])
    # The reading decides it, so the point's own words are what the move breaks.
    assert violations(refused) == [("the goose on 24 may go to 23, to 25, to 29, not to 17, "
                                   "reading fox-and-geese.geese-back as 'never-back'; taken as "
                                   "recorded (fox-and-geese/moving)")]
    assert consulted(refused) == ["fox-and-geese.geese-back"]
    (allowed,) = referee(ENGINE, state, [back], {"fox-and-geese.geese-back": "any-direction"})
    assert violations(allowed) == [] and consulted(allowed) == ["fox-and-geese.geese-back"]
    (forward,) = referee(ENGINE, state, [move("p2", "p24", "p29")])
    assert violations(forward) == [] and consulted(forward) == []


def test_the_fox_takes_geese_by_jumping_one_after_another():
    """fox-and-geese/taking-geese: "The fox takes a goose by jumping over it, along a line, to
    the empty point just beyond, and the goose is taken off the board. Several geese may be
    taken in one move, one jump after another." """
    state = position("p15", ["p16", "p24", "p1", "p2", "p3", "p4", "p5", "p6"], turn="p1")
    (step,) = referee(ENGINE, state, [move("p1", "p15", "p17", "p29")])
    assert violations(step) == []
    assert geese_on(step.state) == ["p1", "p2", "p3", "p4", "p5", "p6"]
    choice = next(c for c in ENGINE.legal_events(state, ENGINE.interpretation())
                  if c.origin == "p15")
    paths = [list(path) for path in choice.field("path").domain.values]
    assert ["p15", "p17"] in paths and ["p15", "p17", "p29"] in paths


def test_the_fox_need_not_jump_unless_read_otherwise():
    """fox-and-geese/taking-geese: "The fox is not obliged to jump." (fox-and-geese.must-jump;
    other versions oblige it)."""
    state = position("p15", ["p16", "p1", "p2", "p3", "p4", "p5", "p6", "p7"], turn="p1")
    aside = [move("p1", "p15", "p22")]
    (free,) = referee(ENGINE, state, aside)
    assert violations(free) == [] and consulted(free) == ["fox-and-geese.must-jump"]
    (obliged,) = referee(ENGINE, state, aside, {"fox-and-geese.must-jump": "must"})
    # Only the reading forbids the step aside: the violation cites the point's passage.
    assert violations(obliged) == [("the fox on 15 may go to 17, not to 22, reading "
                                   "fox-and-geese.must-jump as 'must'; taken as recorded "
                                   "(fox-and-geese/taking-geese)")]


def test_a_goose_never_takes_the_fox():
    """fox-and-geese/taking-geese: "The geese never take the fox." """
    state = position("p29", ["p24", "p1", "p2", "p3", "p4", "p5", "p6"], turn="p2")
    (step,) = referee(ENGINE, state, [move("p2", "p24", "p29")])
    assert violations(step)
    choices = ENGINE.legal_events(state, ENGINE.interpretation())
    assert all("p29" not in choice.spaces[1:] for choice in choices if choice.origin == "p24")


def test_the_geese_win_when_the_fox_is_penned_up():
    """fox-and-geese/the-end-of-the-game: "The geese win when they have penned up the fox so
    that he cannot move." The fox in the top corner; a goose steps aside to close him in."""
    state = position("p1", ["p2", "p3", "p4", "p9", "p11", "p6", "p27", "p33"], turn="p2")
    (step,) = referee(ENGINE, state, [move("p2", "p6", "p5")])
    outcome = ENGINE.outcome(step.state)
    assert violations(step) == [] and (outcome.finished, outcome.winner) == (True, "p2")
    assert outcome.reason == ("Ana cannot move: Luis wins (fox-and-geese/the-end-of-the-game)")


def test_the_fox_wins_when_the_geese_cannot_move():
    """fox-and-geese/the-end-of-the-game: "If the geese cannot move, the fox has won." Six
    geese packed on the two bottom rows cannot go forward or sideways; moving back (another
    version's reading) they could."""
    state = position("p17", ["p28", "p29", "p30", "p31", "p32", "p33"], turn="p1")
    (step,) = referee(ENGINE, state, [move("p1", "p17", "p16")])
    outcome = ENGINE.outcome(step.state)
    assert (outcome.finished, outcome.winner) == (True, "p1")
    assert consulted(step) == ["fox-and-geese.geese-back"]
    (freer,) = referee(ENGINE, state, [move("p1", "p17", "p16")],
                       {"fox-and-geese.geese-back": "any-direction"})
    assert not ENGINE.finished(freer.state)


def test_the_sample_with_five_geese_left_ends_under_one_reading_only():
    """fox-and-geese/the-end-of-the-game: "The fox wins when so few geese are left that they
    can no longer pen him up." (fox-and-geese.too-few: five or fewer, by default; or all)."""
    path = DATA_GAMES / "fox-and-geese" / "samples" / "five-geese-left.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    default = list(replay_document(ENGINE, document))
    all_taken = list(replay_document(ENGINE, document, ENGINE.interpretation(
        {"fox-and-geese.too-few": "all-taken"})))
    assert not any(violations(step) for _event, step in default)
    won, going_on = ENGINE.outcome(default[-1][1].state), ENGINE.outcome(all_taken[-1][1].state)
    assert (won.finished, won.winner) == (True, "p1")
    assert won.reason.startswith("only 5 goose pieces left on the board: Ana wins")
    assert not going_on.finished
    assert ENGINE.legal_events(all_taken[-1][1].state, ENGINE.interpretation(
        {"fox-and-geese.too-few": "all-taken"}))
