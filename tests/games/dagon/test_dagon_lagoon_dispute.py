"""The Lagoon dispute (dagon.lagoon-chooser): the hand-written sample, and the record of it
written when a movement roll was the default, kept frozen."""

import json
from pathlib import Path

from games.core.replay import replay_document
from games.dagon.rules import ENGINE
from tests.games.replay_baseline import RECORDS, readings

SAMPLE = Path(ENGINE.package_dir) / "samples" / "lagoon-dispute.json"
# Written under engine version 1, whose moves followed a movement roll: its moves of several
# circles are read as the dagon.move-length conjecture roll-exact reads them.
ROLL_ERA = RECORDS / "dagon-lagoon-dispute-pre-fidelity.json"
WRITTEN_UNDER = {"dagon.move-length": "roll-exact"}


def replay(path, option, **reading):
    document = json.loads(path.read_text(encoding="utf-8"))
    choices = {"dagon.lagoon-chooser": option, **reading}
    return list(replay_document(ENGINE, document, ENGINE.interpretation(choices)))


def violations(steps):
    return {event["seq"]: [f.point for f in step.flags if f.kind == "violation"]
            for event, step in steps if not step.legal}


def test_sample_is_schema_valid():
    """dagon/attack-between-heroes: "The attacked player moves its Hero to a symbol (Lagoon) of
    its choice." -- the sample is a well-formed match document."""
    document = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert document["format"] == "ludoteca.match/1" and document["game"] == "dagon"
    ids = [p["id"] for p in document["players"]]
    for seq, event in enumerate(document["events"], start=1):
        assert event["seq"] == seq
        ENGINE.validate_event(event, ids)


def test_under_the_default_reading_the_attack_is_the_only_violation():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle along
    the route line, in either direction." -- every move of the sample is one circle; the
    attack, whose Lagoon Luis chose, is the one step the default reading (the attacker
    chooses) flags, and the only step that consults a point."""
    steps = replay(SAMPLE, ENGINE.point("dagon.lagoon-chooser").default)
    attack = next(event["seq"] for event, _ in steps if event["type"] == "attack")
    assert violations(steps) == {attack: ["dagon.lagoon-chooser"]}
    consulted = {(event["seq"], f.point) for event, step in steps for f in step.flags
                 if f.kind == "consulted"}
    assert consulted == {(attack, "dagon.lagoon-chooser")}


def test_under_every_other_single_option_the_attack_is_the_only_violation_or_none():
    """The story holds under every reading: no option of another point breaks another step."""
    for name, choices in readings(ENGINE):
        steps = list(replay_document(ENGINE, json.loads(SAMPLE.read_text(encoding="utf-8")),
                                     ENGINE.interpretation(choices)))
        broken = violations(steps)
        if name == "dagon.lagoon-chooser=attacked":
            assert broken == {}, name
        else:
            assert list(broken.values()) == [["dagon.lagoon-chooser"]], name


def test_the_attack_is_the_first_step_where_the_readings_differ():
    """dagon/the-lagoon: "A player who is attacked by another player is moved by the attacking
    player to a symbol (Lagoon) space of the attacker's choice." against
    dagon/attack-between-heroes: "The attacked player moves its Hero to a symbol (Lagoon) of
    its choice." """
    attacker = replay(SAMPLE, "attacker")
    attacked = replay(SAMPLE, "attacked")
    first_difference = None
    for (event, a), (_e, b) in zip(attacker, attacked, strict=False):
        if a.state != b.state or a.legal != b.legal:
            first_difference = event
            break
        assert a.legal and b.legal, event
    assert first_difference is not None and first_difference["type"] == "attack"
    assert first_difference["data"]["lagoon_chosen_by"] == first_difference["data"]["target"]
    seq = first_difference["seq"]
    step_attacker = attacker[seq - 1][1]
    step_attacked = attacked[seq - 1][1]
    broken = [f for f in step_attacker.flags if f.kind == "violation"]
    assert len(broken) == 1 and broken[0].point == "dagon.lagoon-chooser"
    assert broken[0].option == "attacker"
    for flags in (step_attacker.flags, step_attacked.flags):
        consulted = [f for f in flags if f.kind == "consulted" and f.point == "dagon.lagoon-chooser"]
        assert len(consulted) == 1
        passages = {c.passage for c in consulted[0].citations}
        assert {"dagon/the-lagoon", "dagon/attack-between-heroes"} <= passages
        assert all("Editorial note" in c.note for c in consulted[0].citations)
    assert {c.passage for c in broken[0].citations} >= {"dagon/the-lagoon", "dagon/attack-between-heroes"}
    assert not [f for f in step_attacked.flags if f.kind == "violation"]
    assert step_attacker.state["heroes"]["p2"]["space"] == "lagoon-south"
    # Luis, moved to the Lagoon he chose, plays on from there under both readings
    assert attacker[-1][1].legal and attacker[-1][1].state["heroes"]["p2"]["space"] == "i0"


def test_the_roll_era_record_breaks_one_circle_alike_for_both_choosers():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle along
    the route line, in either direction." -- the record written when a movement roll was the
    default: under the roll it was written under only the attack differs; read as written,
    its rolls and moves of several circles are violations too, the same under both Lagoon
    readings, and the attack is still the first step where the two readings differ."""
    written = replay(ROLL_ERA, "attacker", **WRITTEN_UNDER)
    assert list(violations(written).values()) == [["dagon.lagoon-chooser"]]
    default = {"dagon.move-length": "one-circle"}
    attacker = replay(ROLL_ERA, "attacker", **default)
    attacked = replay(ROLL_ERA, "attacked", **default)
    broken = {}
    for (event, a), (_e, b) in zip(attacker, attacked, strict=False):
        if event["type"] == "attack":
            assert [f.point for f in a.flags if f.kind == "violation"] == ["dagon.lagoon-chooser"]
            assert not [f for f in b.flags if f.kind == "violation"]
            continue
        assert a.state == b.state and a.legal == b.legal, event
        if not a.legal:
            broken[event["seq"]] = {f.rule for f in a.flags if f.kind == "violation"}
    assert broken == {1: {"dagon/starting-the-game"}, 2: {"dagon/starting-the-game"},
                      3: {"dagon/starting-the-game"}, 5: {"dagon/starting-the-game"},
                      6: {"dagon/starting-the-game"}, 9: {"dagon/starting-the-game"}}
