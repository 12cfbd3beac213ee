"""An impact study is held to a cap on its total work (matches × options × playouts a decision
× events a match), a lower one when its parts would run in the web process (no broker), and a
cancel stops the part running now between two decisions, not at the end of its match."""

from __future__ import annotations

import pytest

import games
from games.agents.players import GreedyAgent
from studies import services
from studies.models import Study, StudyPart
from studies.plans import StudyError
from studies.services import (
    MAX_IN_PROCESS_STUDY_WORK,
    MAX_STUDY_WORK,
    execute_part,
    study_cancel,
    study_impact,
)
from tests.factories import make_curator

POINT = "dagon.lagoon-chooser"


def test_the_largest_study_allowed_before_is_refused_naming_the_cap(archive, queued):
    """5,000 matches under each option, mcts at 10,000 playouts a decision: 2 × 10¹¹ units,
    refused even with workers, before any part is made."""
    options = len(games.get("dagon").point(POINT).option_ids)
    with pytest.raises(StudyError) as refused:
        study_impact(game_slug="dagon", point_id=POINT, matches=5000, agent="mcts",
                     budget=10_000)
    assert refused.value.field == "matches"
    assert f"{5000 * options * 10_000 * 2000:,} units of work" in refused.value.message
    assert f"more than the {MAX_STUDY_WORK:,} allowed" in refused.value.message
    assert not Study.objects.exists() and not StudyPart.objects.exists() and not queued


def test_without_a_broker_a_study_for_workers_is_refused_and_the_command_runs_it(
        archive, settings, monkeypatch):
    """100 matches by mcts at 48 playouts: 1.9 × 10⁷ units, within the workers' cap but not
    for a thread of the web process; the command (``wait``, its own process) may ask it."""
    assert settings.CELERY_TASK_ALWAYS_EAGER  # no broker
    sent: list[int] = []
    monkeypatch.setattr(services, "_send", lambda part_ids, wait=False: sent.extend(part_ids))
    with pytest.raises(StudyError) as refused:
        study_impact(game_slug="dagon", point_id=POINT, matches=100, agent="mcts", budget=48)
    assert f"more than the {MAX_IN_PROCESS_STUDY_WORK:,} allowed without workers" \
        in refused.value.message
    assert "manage.py study" in refused.value.message and not sent
    study = study_impact(game_slug="dagon", point_id=POINT, matches=100, agent="mcts",
                         budget=48, wait=True)
    assert study.status == Study.RUNNING and len(sent) == study.parts_total == 200


def test_cancel_stops_the_running_part_between_two_decisions(archive, queued, monkeypatch):
    """The curator cancels at the fifth decision of a match of 2,000 events: the part stops
    before the sixth and keeps no result."""
    monkeypatch.setattr(services, "CANCEL_POLL_SECONDS", 0.0)  # look before every decision
    study = study_impact(game_slug="dagon", point_id=POINT, matches=1, agent="greedy")
    decisions = []
    decide = GreedyAgent.decide

    def counted(agent, *args, **kwargs):
        decisions.append(1)
        if len(decisions) == 5:
            study_cancel(study=study)
        return decide(agent, *args, **kwargs)

    monkeypatch.setattr(GreedyAgent, "decide", counted)
    execute_part(part_id=queued[0])
    study.refresh_from_db()
    assert study.status == Study.CANCELLED and study.parts_done == 0
    assert len(decisions) == 5
    part = StudyPart.objects.get(pk=queued[0])
    assert part.status == StudyPart.PENDING and part.result in (None, {})


def test_the_form_states_the_cap(client, archive):
    client.force_login(make_curator("curator"))
    page = client.get("/games/dagon/studies/")
    assert page.status_code == 200
    assert f"At most {MAX_IN_PROCESS_STUDY_WORK:,} units of work" in page.content.decode()
