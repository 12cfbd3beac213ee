"""Celery is just another interface: each task calls the one function that does its work."""

from celery import shared_task

from replay.runs import head_states
from replay.runs.replaying import execute_run


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_replay(run_id: int) -> None:
    execute_run(run_id=run_id)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def keep_head_states(match_id: int) -> None:
    head_states.keep_head_states(match_id=match_id)
