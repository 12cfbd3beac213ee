"""The issue's acceptance test: the Lagoon dispute (dagon.lagoon-chooser)."""

import json
from pathlib import Path

from games.core.replay import replay_document
from games.dagon.rules import ENGINE

SAMPLE = Path(ENGINE.package_dir) / "samples" / "lagoon-dispute.json"


# The fixture was written when a movement roll was the default: its moves follow the rolls it
# records, as the dagon.move-length conjecture roll-exact reads them.
WRITTEN_UNDER = {"dagon.move-length": "roll-exact"}


def replay(option, **reading):
    document = json.loads(SAMPLE.read_text(encoding="utf-8"))
    choices = {"dagon.lagoon-chooser": option, **WRITTEN_UNDER, **reading}
    return document, list(replay_document(ENGINE, document, ENGINE.interpretation(choices)))


def test_sample_is_schema_valid():
    """dagon/attack-between-heroes: "The attacked player moves its Hero to a symbol (Lagoon) of
    its choice." -- the fixture is a well-formed match document."""
    document = json.loads(SAMPLE.read_text(encoding="utf-8"))
    assert document["format"] == "ludoteca.match/1" and document["game"] == "dagon"
    ids = [p["id"] for p in document["players"]]
    for seq, event in enumerate(document["events"], start=1):
        assert event["seq"] == seq
        ENGINE.validate_event(event, ids)


def test_the_attack_is_the_first_step_where_the_readings_differ():
    """dagon/the-lagoon: "A player who is attacked by another player is moved by the attacking
    player to a symbol (Lagoon) space of the attacker's choice." against
    dagon/attack-between-heroes: "The attacked player moves its Hero to a symbol (Lagoon) of
    its choice." """
    _document, attacker = replay("attacker")
    _, attacked = replay("attacked")
    first_difference = None
    for (event, a), (_e, b) in zip(attacker, attacked):
        legality = (a.legal, b.legal)
        if a.state != b.state or legality[0] != legality[1]:
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
    # every other step is legal under both readings
    for (_e, a), (_e2, b) in zip(attacker, attacked):
        if _e["seq"] != seq:
            assert a.legal and b.legal
    assert step_attacker.state["heroes"]["p2"]["space"] == "lagoon-south"


def test_under_the_default_the_rolls_break_one_circle_alike_for_both_choosers():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle along
    the route line, in either direction." -- read as written, the fixture's movement rolls and
    its moves of several circles are violations, the same under both Lagoon readings, and the
    attack is still the first step where the two readings differ."""
    default = {"dagon.move-length": "one-circle"}
    _document, attacker = replay("attacker", **default)
    _, attacked = replay("attacked", **default)
    broken = {}
    for (event, a), (_e, b) in zip(attacker, attacked):
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
