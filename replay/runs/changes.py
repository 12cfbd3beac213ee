"""What an engine change did to stored matches: each stored run made by an older version of its
engine is replayed by today's engine and compared step by step, so no change of meaning is
silent.

A run made under the default reading of its day is compared with today's default reading (a
changed default shows there); any other run with the same reading on today's points. A step
changed when its state checksum, legality or flags (kind, rule, point, option) differ; each
change says why, with the messages and cited passages of the flags that came or went.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from archive.models import RulesDocument
from archive.rules_documents import rules_engine
from games.core.canonical import state_checksum
from games.core.replay import collect_corrections, effective_events
from replay.models import Match, ReplayFlag, ReplayRun, ReplayStep
from replay.runs.replaying import engine_for
from trust.reader import verified_events


@dataclass(frozen=True)
class StepChange:
    seq: int
    legal_before: bool
    legal_after: bool
    state_changed: bool
    flags_gone: tuple[str, ...]
    flags_new: tuple[str, ...]

    def describe(self) -> str:
        parts = []
        if self.legal_before != self.legal_after:
            parts.append("legal → violation" if self.legal_before else "violation → legal")
        if self.state_changed:
            parts.append("another state follows")
        parts += [f"no longer: {text}" for text in self.flags_gone]
        parts += [f"now: {text}" for text in self.flags_new]
        return f"seq {self.seq}: " + "; ".join(parts)


@dataclass
class RunChange:
    run: ReplayRun
    engine_version: str
    reading: dict[str, str]
    compared_as: str  # "default reading" or "same reading"
    steps: list[StepChange] = field(default_factory=list)
    outcome_before: dict = field(default_factory=dict)
    outcome_after: dict = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.steps) or _outcome(self.outcome_before) != _outcome(self.outcome_after)


def _outcome(outcome: dict) -> dict:
    return {key: outcome.get(key) for key in ("finished", "winner", "eliminated")}


def _flag_text(kind: str, rule: str, point: str | None, option: str | None, message: str,
               citations: Iterable[dict]) -> str:
    cited = "; ".join(f'{c["passage"]}: "{c["quote"]}"' for c in citations)
    reading = f" [{point}={option}]" if point else ""
    return f"{kind}{reading}: {message}" + (f" — {cited}" if cited else "")


def _flag_key(kind, rule, point, option) -> tuple:
    return (kind, rule, point or "", option or "")


def stale_runs(*, matches: Iterable[Match] | None = None) -> Iterator[ReplayRun]:
    """Finished runs whose engine version is not today's, newest reading per match first."""
    runs = ReplayRun.objects.filter(status=ReplayRun.DONE).select_related("match__game")
    if matches is not None:
        runs = runs.filter(match__in=list(matches))
    for run in runs.order_by("match_id", "id").iterator():
        engine = engine_for(run.match)
        if run.engine_version != engine.version:
            yield run


def run_changes(*, run: ReplayRun, engine=None) -> RunChange:
    """Replay ``run``'s log up to its ``log_seq`` with today's engine (or ``engine``: another
    version of the game's rules) and compare its steps."""
    engine = engine or engine_for(run.match)
    current_points = {point.id for point in engine.points}
    recorded = {k: v for k, v in run.interpretation.items() if k in current_points}
    # Points added since the run was made are not in its reading: it was made under the
    # default reading of its day when every point it knew took that day's default.
    day_defaults = engine.defaults_of(run.engine_version)
    if all(day_defaults[k] == v for k, v in recorded.items()):
        interpretation = engine.interpretation()
        compared_as = "default reading"
    else:
        interpretation = engine.nearest_interpretation(run.interpretation)
        compared_as = "same reading"
    change = RunChange(run=run, engine_version=run.engine_version,
                       reading=interpretation.as_dict(), compared_as=compared_as,
                       outcome_before=dict(run.outcome))
    stored_steps = dict(ReplayStep.objects.filter(run=run).values_list("seq", "checksum"))
    stored_legal = dict(ReplayStep.objects.filter(run=run).values_list("seq", "legal"))
    stored_flags: dict[int, dict[tuple, str]] = {}
    for flag in ReplayFlag.objects.filter(run=run).order_by("seq", "index"):
        key = _flag_key(flag.kind, flag.rule, flag.point, flag.option)
        stored_flags.setdefault(flag.seq, {})[key] = _flag_text(
            flag.kind, flag.rule, flag.point, flag.option, flag.message, flag.citations)
    events = list(verified_events(run.match_id, up_to_seq=run.log_seq))
    corrections = collect_corrections(events)
    state = engine.initial_state(run.match.players, run.match.setup)
    for event in effective_events(events, corrections):
        step = engine.apply(state, event, interpretation)
        state = step.state
        seq = event["seq"]
        now = {
            _flag_key(f.kind, f.rule, f.point, f.option): _flag_text(
                f.kind, f.rule, f.point, f.option, f.message, [c.as_dict() for c in f.citations])
            for f in step.flags
        }
        before = stored_flags.get(seq, {})
        state_changed = stored_steps.get(seq) != state_checksum(state)
        legal_before = stored_legal.get(seq, True)
        if state_changed or set(before) != set(now) or legal_before != step.legal:
            change.steps.append(StepChange(
                seq=seq,
                legal_before=legal_before,
                legal_after=step.legal,
                state_changed=state_changed,
                flags_gone=tuple(before[k] for k in before if k not in now),
                flags_new=tuple(now[k] for k in now if k not in before),
            ))
    change.outcome_after = engine.outcome(state).as_dict()
    return change


def replay_changes(*, matches: Iterable[Match] | None = None) -> Iterator[RunChange]:
    for run in stale_runs(matches=matches):
        yield run_changes(run=run)


def rules_changes(*, document: RulesDocument) -> list[RunChange]:
    """What publishing ``document`` (a draft of a data game's rules) would change: each
    finished run of a stored match of the game, replayed by the draft's engine and compared
    step by step, as ``replay_changes`` does for a new engine version. A match keeps the
    version it remembers; these are the steps a match recorded under the new one would
    read otherwise."""
    engine = rules_engine(document)
    runs = (ReplayRun.objects.filter(status=ReplayRun.DONE, match__game=document.game)
            .select_related("match__game").order_by("match_id", "id"))
    return [run_changes(run=run, engine=engine) for run in runs]
