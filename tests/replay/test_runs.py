"""Replay runs: one replay function, reused by fingerprint, crash-safe chunks,
snapshots every K steps, steps read back equal to a pure replay."""

import pytest

import games
from archive.services import load_archive
from games.core.canonical import state_checksum
from games.core.replay import replay_document
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.models import ReplayFlag, ReplayRun, ReplaySnapshot, ReplayStep
from replay.runs import replaying as runs
from replay.runs.replaying import SNAPSHOT_INTERVAL, ReplayError, replay_match
from replay.runs.steps import read_step


@pytest.fixture
def archive(db):
    load_archive()


def simulated(slug: str, seed: int = 3, max_events: int = 450) -> dict:
    document = games.get(slug).simulate(seed=seed, max_events=max_events)
    document["title"] = f"{slug} seed {seed}"
    return document


@pytest.fixture
def dagon_match(archive):
    """A simulated match longer than a snapshot interval, so steps past a snapshot are read."""
    document = games.get("dagon").simulate(seed=3, min_events=SNAPSHOT_INTERVAL + 50,
                                           max_events=450)
    return import_match(raw={**document, "title": "dagon seed 3"})


def pure_steps(document, choices=None):
    engine = games.get(document["game"])
    return list(replay_document(engine, document, engine.interpretation(choices)))


@pytest.mark.parametrize("slug", ["dagon", "gothic", "fury-of-dracula", "dylan-dog"])
def test_a_run_stores_every_step_with_the_pure_engines_checksums(archive, slug):
    try:
        document = simulated(slug)
    except (ModuleNotFoundError, NotImplementedError):
        pytest.fail(f"{slug}: the engine cannot simulate a match")
    match = import_match(raw=document)
    run = replay_match(match=match)
    assert run.status == ReplayRun.DONE, run.error
    expected = pure_steps(document)
    stored = list(ReplayStep.objects.filter(run=run).order_by("seq"))
    assert [s.seq for s in stored] == list(range(1, len(expected) + 1))
    assert [s.checksum for s in stored] == [state_checksum(step.state) for _, step in expected]
    assert [s.summary for s in stored] == [step.summary for _, step in expected]
    assert ReplayFlag.objects.filter(run=run).count() == sum(len(s.flags) for _, s in expected)
    final = games.get(slug).outcome(expected[-1][1].state).as_dict()
    assert run.outcome == {**final, "length": len(expected)}


def test_snapshots_every_k_steps(dagon_match):
    run = replay_match(match=dagon_match)
    seqs = list(ReplaySnapshot.objects.filter(run=run).values_list("seq", flat=True))
    expected = list(range(0, run.log_seq, SNAPSHOT_INTERVAL)) + [run.log_seq]
    assert seqs == sorted(set(expected))


def test_a_run_with_the_same_fingerprint_is_reused(dagon_match):
    first = replay_match(match=dagon_match)
    steps = ReplayStep.objects.count()
    again = replay_match(match=dagon_match)
    assert again.pk == first.pk and ReplayStep.objects.count() == steps
    other = replay_match(match=dagon_match, reading={"dagon.lagoon-chooser": "attacked"})
    assert other.pk != first.pk
    assert other.interpretation["dagon.lagoon-chooser"] == "attacked"
    assert set(other.interpretation) == {p.id for p in games.get("dagon").points}


def test_appending_makes_a_new_run_and_old_runs_stay_readable(dagon_match):
    from replay.models import Event

    old = replay_match(match=dagon_match)
    second = Event.objects.get(match=dagon_match, seq=2)
    append_events(
        match=dagon_match,
        events=[{"type": "correction", "data": {"supersedes": 2, "event": {
            "type": second.type, "actor": second.actor, "data": second.data}}}],
        expected_seq=dagon_match.last_seq,
    )
    new = replay_match(match=dagon_match)
    assert new.pk != old.pk and new.log_seq == old.log_seq + 1
    assert read_step(run=old, seq=old.log_seq).step.checksum == ReplayStep.objects.get(
        run=old, seq=old.log_seq
    ).checksum


def test_reading_any_step_gives_the_pure_state(dagon_match, archive):
    from replay.log.interchange import export_document

    document = export_document(dagon_match)
    expected = pure_steps(document)
    run = replay_match(match=dagon_match)
    for seq in (1, 57, SNAPSHOT_INTERVAL, SNAPSHOT_INTERVAL + 1, run.log_seq):
        view = read_step(run=run, seq=seq)
        assert view.state == expected[seq - 1][1].state
        assert view.step.seq == seq and view.prev_seq == seq - 1
    assert read_step(run=run, seq=0).state == games.get("dagon").initial_state(
        document["players"], document["setup"]
    )
    with pytest.raises(ReplayError, match="not in this run"):
        read_step(run=run, seq=run.log_seq + 1)
    with pytest.raises(ReplayError, match="viewer"):
        read_step(run=run, seq=1, viewer="nobody")


def test_a_read_hands_back_states_that_later_reads_start_from(dagon_match, monkeypatch):
    """A step read hands back the state after the step and after every tenth step it passed
    (never a stored snapshot's); a read given them starts from the nearest and gives the
    very state, its state before and event, that a read from the snapshot gives."""
    run = replay_match(match=dagon_match)
    seq = SNAPSHOT_INTERVAL + 37
    fresh = read_step(run=run, seq=seq)
    assert set(fresh.states) == {SNAPSHOT_INTERVAL + 10, SNAPSHOT_INTERVAL + 20,
                                 SNAPSHOT_INTERVAL + 30, seq}
    assert state_checksum(fresh.states[seq]) == fresh.step.checksum
    steps = {s.seq: s.checksum for s in ReplayStep.objects.filter(run=run)}
    assert all(state_checksum(state) == steps[s] for s, state in fresh.states.items())

    applied = []
    engine = runs.engine_for(run.match)
    apply = type(engine).apply
    monkeypatch.setattr(type(engine), "apply",
                        lambda self, state, event, i: applied.append(event["seq"])
                        or apply(self, state, event, i))
    following = read_step(run=run, seq=seq + 1, known_states=fresh.states)
    assert applied == [seq + 1]  # from the state after the step before: its own event only
    assert set(following.states) == {seq + 1}
    applied.clear()
    later = read_step(run=run, seq=seq + 6, known_states=fresh.states)
    assert applied == list(range(seq + 1, seq + 7))
    applied.clear()
    assert later.state == read_step(run=run, seq=seq + 6).state
    assert len(applied) == 37 + 6  # the snapshot's walk, when nothing is known
    for field in ("state", "state_before", "event", "players"):
        assert getattr(following, field) == getattr(read_step(run=run, seq=seq + 1), field)


def test_a_kept_state_past_the_step_or_before_its_snapshot_is_not_started_from(dagon_match):
    """Only a state between the step's snapshot and the step may start a read: one from
    after the step, or from before the snapshot, is ignored."""
    run = replay_match(match=dagon_match)
    wrong = {SNAPSHOT_INTERVAL - 10: {"not": "a state"}, 60: {"not": "a state either"}}
    assert read_step(run=run, seq=57, known_states=wrong).state == read_step(run=run, seq=57).state
    assert (read_step(run=run, seq=SNAPSHOT_INTERVAL + 5, known_states=wrong).state
            == read_step(run=run, seq=SNAPSHOT_INTERVAL + 5).state)


def test_a_crash_mid_run_resumes_without_duplicates(archive, monkeypatch):
    """A worker dying after some chunks committed: the re-run continues from the last
    snapshot and the finished run equals an uninterrupted one."""
    dagon_match = import_match(raw={**games.get("dagon").simulate(seed=5, min_events=2_600),
                                    "title": "long"})
    engine = games.get("dagon")
    real_apply = engine.apply
    chunk = SNAPSHOT_INTERVAL * runs.SNAPSHOTS_PER_WRITE
    crash_at = chunk * 2 + 17

    def dying_apply(state, event, interpretation):
        if event["seq"] == crash_at:
            raise RuntimeError("worker lost")
        return real_apply(state, event, interpretation)

    monkeypatch.setattr(engine, "apply", dying_apply)
    run = replay_match(match=dagon_match)
    assert run.status == ReplayRun.FAILED and "worker lost" in run.error
    assert run.progress == chunk * 2
    assert ReplayStep.objects.filter(run=run).count() == chunk * 2
    monkeypatch.setattr(engine, "apply", real_apply)
    resumed = replay_match(match=dagon_match)
    assert resumed.pk == run.pk and resumed.status == ReplayRun.DONE and resumed.attempts == 2
    steps = list(ReplayStep.objects.filter(run=run).order_by("seq").values_list("seq", "checksum"))
    assert [seq for seq, _ in steps] == list(range(1, run.log_seq + 1))
    from replay.log.interchange import export_document

    expected = pure_steps(export_document(dagon_match))
    assert [c for _, c in steps] == [state_checksum(s.state) for _, s in expected]


def test_a_second_execution_of_a_finished_run_changes_nothing(dagon_match):
    run = replay_match(match=dagon_match)
    counts = (ReplayStep.objects.count(), ReplayFlag.objects.count())
    runs.execute_run(run_id=run.pk)
    assert counts == (ReplayStep.objects.count(), ReplayFlag.objects.count())


def test_corrections_are_honoured_by_the_replay(dagon_match):
    from replay.models import Event

    original = Event.objects.get(match=dagon_match, seq=2)
    before = replay_match(match=dagon_match)
    replacement = {"type": "annotation", "data": {"text": "this move was misread"}}
    append_events(
        match=dagon_match,
        events=[{"type": "correction", "data": {"supersedes": 2, "event": replacement}}],
        expected_seq=dagon_match.last_seq,
    )
    after = replay_match(match=dagon_match)
    assert ReplayStep.objects.get(run=after, seq=2).event_type == "annotation"
    assert ReplayStep.objects.get(run=before, seq=2).event_type == original.type
    assert Event.objects.get(match=dagon_match, seq=2).type == original.type  # history kept


def test_bad_interpretations_are_refused_with_the_field(dagon_match):
    with pytest.raises(ReplayError, match="unknown interpretation point") as raised:
        replay_match(match=dagon_match, reading={"dagon.no-such-point": "x"})
    assert raised.value.field == "interpretation"
    with pytest.raises(ReplayError, match="unknown option"):
        replay_match(match=dagon_match, reading={"dagon.lagoon-chooser": "nobody"})
    assert not ReplayRun.objects.exists()


def test_flags_tell_the_options_that_would_change_the_step(dagon_match):
    """Worked out when read: the same event, from the state before it, under each other
    option of the flag's point; flags far apart (across snapshots) and close together."""
    from replay.log.interchange import export_document
    from replay.runs.steps import changing_options

    run = replay_match(match=dagon_match)
    consulted = list(ReplayFlag.objects.filter(run=run, kind="consulted").exclude(point=None)
                     .order_by("seq", "index"))
    assert consulted[-1].seq - consulted[0].seq > SNAPSHOT_INTERVAL
    consulted = changing_options(run=run, flags=consulted)
    engine = games.get("dagon")
    document = export_document(dagon_match)
    interpretation = engine.interpretation()
    before = {}
    state = engine.initial_state(document["players"], document["setup"])
    for event, step in replay_document(engine, document, interpretation):
        before[event["seq"]] = (state, event, step)
        state = step.state
    for flag in consulted:
        state, event, step = before[flag.seq]
        expected = []
        for option in engine.point(flag.point).option_ids:
            if option == flag.option:
                continue
            other = engine.apply(state, event, interpretation.with_option(flag.point, option))
            if (other.legal, other.summary, other.state) != (step.legal, step.summary,
                                                               step.state):
                expected.append(option)
        assert flag.changing_options == expected, flag.seq
    assert any(flag.changing_options for flag in consulted)
    one = read_step(run=run, seq=consulted[-1].seq).flags
    assert [f.changing_options for f in one if f.point] == [
        f.changing_options for f in consulted if f.seq == consulted[-1].seq]
    summary = run.flag_summary
    assert sum(entry["total"] for entry in summary.values()) == ReplayFlag.objects.filter(
        run=run
    ).count()


def test_a_run_abandoned_by_a_dead_process_is_started_again(dagon_match, monkeypatch):
    """An eager web process killed mid-replay leaves its run "running" with no execution
    behind it: after RUN_STALE_AFTER without a sign of life, asking for the run starts it
    again, and it completes from where it stopped."""
    import datetime as dt

    from django.utils import timezone

    run = replay_match(match=dagon_match)
    ReplayRun.objects.filter(pk=run.pk).update(status=ReplayRun.RUNNING)  # as if still going
    assert replay_match(match=dagon_match).status == ReplayRun.RUNNING  # alive: left alone
    old = timezone.now() - runs.RUN_STALE_AFTER - dt.timedelta(seconds=1)
    ReplayRun.objects.filter(pk=run.pk).update(heartbeat_at=old)
    again = replay_match(match=dagon_match)
    assert again.pk == run.pk and again.status == ReplayRun.DONE and again.attempts == 2
    assert ReplayStep.objects.filter(run=run).count() == run.log_seq
