"""The issue's acceptance test: a hand-written match that reveals Dracula at sea
(samples/revealed-at-sea.json) gets a violation citing page 12."""

from __future__ import annotations

import json

from games.core.replay import replay_document
from games.fury_of_dracula.rules import ENGINE

from .helpers import consulted, effects, ev, run, start, unchecked, violations

SAMPLE = ENGINE.package_dir / "samples" / "revealed-at-sea.json"


def load():
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def test_sample_is_a_schema_valid_match_document():
    """fury-of-dracula/para-4: "Dracula non può essere rivelato mentre si trova in una zona di mare" — the record is well formed"""
    document = load()
    assert document["format"] == "ludoteca.match/1" and document["game"] == "fury-of-dracula"
    for key in ("title", "played_on", "source", "players", "setup", "events"):
        assert key in document
    ids = [p["id"] for p in document["players"]]
    for seq, event in enumerate(document["events"], start=1):
        assert event["seq"] == seq
        ENGINE.validate_event(event, ids, seq=seq)


def test_revealing_dracula_at_sea_is_the_one_violation_citing_page_12():
    """fury-of-dracula/para-4: "Dracula non può essere rivelato mentre si trova in una zona di mare" """
    for interpretation in (ENGINE.interpretation(), *(
        ENGINE.interpretation({p.id: o}) for p in ENGINE.points for o in p.option_ids
    )):
        steps = list(replay_document(ENGINE, load(), interpretation))
        flagged = [(event, f) for event, step in steps for f in step.flags if f.kind == "violation"]
        assert len(flagged) == 1
        event, flag = flagged[0]
        assert event["type"] == "dracula_revealed" and event["data"]["space"] == "tyrrhenian-sea"
        assert flag.rule == "fury-of-dracula/para-4"
        assert [(c.passage, c.page) for c in flag.citations] == [("fury-of-dracula/para-4", "pag. 12")]
        assert flag.citations[0].quote == "Dracula non può essere rivelato mentre si trova in una zona di mare"
        # skipped: Dracula stays hidden, so no combat follows at the next dusk
        final = steps[-1][1].state
        assert not final["dracula"]["revealed"] and final["combat"] is None


def test_a_recorded_reveal_is_checked_against_the_engines_own():
    """fury-of-dracula/para-4: "Se un cacciatore termina il movimento nella città corrispondente alla carta Luogo nel primo spazio della traccia di Dracula, Dracula viene rivelato" """
    base = [ev("dracula_move", "p3", space="brussels")]
    # the engine revealed him: the record's reveal confirms it
    state, steps = run(start(), *base, ev("move", "p1", mode="road", path=["paris", "brussels"]),
                       ev("dracula_revealed", "p1", space="brussels"))
    assert state["dracula"]["revealed"] and not violations(steps[-1])
    assert effects(steps[-1], "reveal-confirmed")
    # not the first trail city, where Dracula is: a violation under every reading, skipped
    before, _ = run(start(), *base)
    for reading in ({}, {"recorded_reveal": "hunters-movement-only"}):
        state, steps = run(before, ev("dracula_revealed", "p1", space="paris"), choices=reading)
        assert state == before and "first space" in violations(steps[0])[0].message


def test_a_reveal_no_hunters_movement_made_is_a_point():
    """fury-of-dracula/para-4: "Dracula non può essere rivelato mentre si trova in una zona di mare" (point recorded-reveal: the one reveal the excerpts forbid is at sea)"""
    before, _ = run(start(), ev("dracula_move", "p3", space="brussels"))
    recorded = ev("dracula_revealed", "p1", space="brussels")
    state, steps = run(before, recorded)
    assert not violations(steps[0]) and "fury-of-dracula.recorded-reveal" in consulted(steps[0])
    assert state["dracula"]["revealed"] and state["dracula"]["space"] == "brussels"
    assert state["dracula"]["combat_due"] == {"tick": before["tick"], "hunter": None}
    assert unchecked(steps[0])
    state, steps = run(before, recorded, choices={"recorded_reveal": "hunters-movement-only"})
    assert state == before and violations(steps[0])[0].point == "fury-of-dracula.recorded-reveal"
    assert "no hunter ended his movement" in violations(steps[0])[0].message
