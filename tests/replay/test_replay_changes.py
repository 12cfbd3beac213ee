"""``replay_changes``: what an engine change did to stored matches, listed step by step, so a
change of meaning is never silent (a changed default, or a rule now enforced)."""

import dataclasses
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

import games
from archive.services import load_archive
from games.core.flags import VIOLATION, Flag
from replay.log.interchange import import_match
from replay.models import ReplayRun
from replay.runs.changes import replay_changes
from replay.runs.replaying import replay_match

LAGOON_DISPUTE = Path(games.get("dagon").package_dir) / "samples" / "lagoon-dispute.json"
CHOOSER = "dagon.lagoon-chooser"


@pytest.fixture
def dispute(db):
    load_archive()
    document = json.loads(LAGOON_DISPUTE.read_text(encoding="utf-8"))
    attack = next(e["seq"] for e in document["events"] if e["type"] == "attack")
    return import_match(raw=document), attack


RECORDS = Path(__file__).resolve().parent / "records"


def other_option(engine, point_id):
    point = engine.point(point_id)
    return next(o for o in point.option_ids if o != point.default)


def test_a_changed_default_is_listed_at_the_step_it_changes(dispute, monkeypatch):
    """A run made under the default reading of its day is compared with today's default: here
    the day's default for who chooses the Lagoon was the other option."""
    match, attack = dispute
    engine = games.get("dagon")
    old_default = other_option(engine, CHOOSER)
    run = replay_match(match=match, reading={CHOOSER: old_default})
    monkeypatch.setattr(type(engine), "former_defaults", {run.engine_version: {CHOOSER: old_default}})
    monkeypatch.setattr(type(engine), "version", run.engine_version + "-next")

    [change] = list(replay_changes(matches=[match]))
    assert change.compared_as == "default reading"
    assert change.reading[CHOOSER] == engine.point(CHOOSER).default
    by_seq = {step.seq: step for step in change.steps}
    assert attack in by_seq, [s.describe() for s in change.steps]
    step = by_seq[attack]
    assert step.legal_before != step.legal_after
    text = step.describe()
    assert CHOOSER in text
    assert "dagon/the-lagoon" in text or "dagon/attack-between-heroes" in text


def test_a_rule_now_enforced_is_listed_with_its_passage(dispute, monkeypatch):
    match, attack = dispute
    engine = games.get("dagon")
    run = replay_match(match=match)
    apply = engine.apply

    def stricter(state, event, interpretation):
        step = apply(state, event, interpretation)
        if event["type"] == "attack":
            flag = Flag(kind=VIOLATION, rule="dagon/weapons", message="a rule read more strictly")
            return dataclasses.replace(step, flags=(*step.flags, flag))
        return step

    monkeypatch.setattr(engine, "apply", stricter)
    monkeypatch.setattr(type(engine), "version", run.engine_version + "-next")
    out = StringIO()
    call_command("replay_changes", str(match.pk), stdout=out)
    listing = out.getvalue()
    assert f"seq {attack}: " in listing
    assert "now: violation: a rule read more strictly" in listing
    assert "1 changed meaning" in listing


def test_an_unchanged_engine_version_lists_nothing_and_a_same_behaviour_bump_says_unchanged(
    dispute, monkeypatch
):
    match, _attack = dispute
    engine = games.get("dagon")
    run = replay_match(match=match)
    assert list(replay_changes(matches=[match])) == []
    monkeypatch.setattr(type(engine), "version", run.engine_version + "-next")
    out = StringIO()
    call_command("replay_changes", stdout=out)
    assert "unchanged" in out.getvalue()
    assert "0 changed meaning" in out.getvalue()


def test_a_default_changed_beside_new_points_is_listed_for_runs_that_never_knew_them(db):
    """gothic/the-vault: "Vampires are not affected by adjacency power, nor by yellow arrows,
    red squares" -- version 4 of the Gothic Game lets a Vampire on the battlements, where version
    3's default reading (corridors-only) forbade it, and adds points version 3 never had. A run
    made under version 3's default reading is still recognised as one, compared with today's
    default, and the Vampire's walk on the battlements is listed with its passage."""
    load_archive()
    # A match the game's former bots played (seed 31), kept as a record: its last event is a
    # Vampire's walk onto the battlements.
    document = json.loads((RECORDS / "gothic-seed-31-vampire-on-the-battlements.json")
                          .read_text(encoding="utf-8"))
    walk = document["events"][-1]["seq"]
    match = import_match(raw=document)
    run = replay_match(match=match, reading={"gothic.vampire-corridors": "corridors-only"})
    assert ReplayRun.objects.get(pk=run.pk).flags.filter(seq=walk, kind="violation").exists()
    added = {"gothic.vampire-throws", "gothic.advantage", "gothic.sneak-past", "gothic.next-to"}
    ReplayRun.objects.filter(pk=run.pk).update(
        engine_version="3",
        interpretation={k: v for k, v in run.interpretation.items() if k not in added})

    [change] = list(replay_changes(matches=[match]))
    assert change.compared_as == "default reading"
    assert change.reading["gothic.vampire-corridors"] == "battlements-too"
    [step] = [step for step in change.steps if step.seq == walk]
    assert not step.legal_before and step.legal_after
    assert "gothic/the-vault" in step.describe() and "battlements" in step.describe()
    out = StringIO()
    call_command("replay_changes", str(match.pk), stdout=out)
    assert f"seq {walk}: violation → legal" in out.getvalue()


def test_dylan_dogs_plane_first_mixed_move_is_listed_for_runs_of_the_example_order(db):
    """dylan-dog/later-turns: "Example of a mixed move: the die shows 5. The player moves their
    pawn 3 squares and then rotates the nightmare plane by 2." -- version 5 of Dylan Dog reads
    the pawn-first order as an example (mixed-move-order = either-order) where versions 2 to 4
    took it as the rule, and adds first-turn-square. A run made by version 4 under its default
    reading is still recognised as one, compared with today's default, and each plane-first
    mixed move it called a violation is listed with its passage."""
    load_archive()
    engine = games.get("dylan-dog")
    record = Path(__file__).resolve().parents[1] / "games" / "records" / \
        "dylan-dog-pre-fidelity-seed-1.json"
    match = import_match(raw=json.loads(record.read_text(encoding="utf-8")))
    run = replay_match(match=match, reading={"dylan-dog.mixed-move-order": "pawn-then-rotate"})
    plane_first = 18  # the pawn walks after the plane has turned
    assert run.flags.filter(seq=plane_first, kind="violation").exists()
    ReplayRun.objects.filter(pk=run.pk).update(
        engine_version="4",
        interpretation={k: v for k, v in run.interpretation.items()
                        if k != "dylan-dog.first-turn-square"})

    [change] = list(replay_changes(matches=[match]))
    assert change.compared_as == "default reading"
    assert change.reading["dylan-dog.mixed-move-order"] == "either-order"
    by_seq = {step.seq: step for step in change.steps}
    step = by_seq[plane_first]
    assert not step.legal_before and step.legal_after
    assert "dylan-dog/later-turns" in step.describe() and "pawn-then-rotate" in step.describe()
    assert engine.defaults_of("4")["dylan-dog.mixed-move-order"] == "pawn-then-rotate"
    out = StringIO()
    call_command("replay_changes", str(match.pk), stdout=out)
    assert f"seq {plane_first}: violation → legal" in out.getvalue()


def test_draculas_changed_defaults_are_listed_with_their_passages(db):
    """fury-of-dracula/para-6: "se un cacciatore non ha spazio per collocare un segnalino morso,
    viene sconfitto" -- version 4 of La Furia di Dracula gives a sheet room for two bites by
    default (versions 2 and 3 gave it unlimited room, so the sentence never applied) and takes a
    reveal the record gives in the first trail card's city (recorded-reveal, a new point;
    version 3 refused it). A run made by version 3 under its default reading is compared with
    today's, and both steps are listed with their passages."""
    load_archive()
    bite = {"type": "bite", "actor": "p3", "data": {"hunter": "p1"}}
    events = [bite, bite, bite,
              {"type": "dracula_move", "actor": "p3", "data": {"space": "brussels"}},
              {"type": "dracula_revealed", "actor": "p2", "data": {"space": "brussels"}}]
    match = import_match(raw={
        "format": "ludoteca.match/1", "game": "fury-of-dracula", "title": "Three bites",
        "played_on": None, "source": "written for this check",
        "players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"},
                    {"id": "p3", "name": "Carla"}],
        "setup": {"dracula": "p3"},
        "events": [{"seq": n, **event} for n, event in enumerate(events, start=1)]})
    run = replay_match(match=match, reading={"fury-of-dracula.bite-spaces": "as-recorded",
                                             "fury-of-dracula.recorded-reveal":
                                             "hunters-movement-only"})
    ReplayRun.objects.filter(pk=run.pk).update(
        engine_version="3",
        interpretation={k: v for k, v in run.interpretation.items()  # points v3 did not have
                        if k not in ("fury-of-dracula.recorded-reveal",
                                     "fury-of-dracula.road-and-sea-paths")})

    [change] = list(replay_changes(matches=[match]))
    assert change.compared_as == "default reading"
    by_seq = {step.seq: step for step in change.steps}
    assert by_seq[3].state_changed and "fury-of-dracula/para-6" in by_seq[3].describe()
    assert "bite-spaces=two" in by_seq[3].describe()
    assert not by_seq[5].legal_before and by_seq[5].legal_after
    assert "fury-of-dracula/para-4" in by_seq[5].describe()
