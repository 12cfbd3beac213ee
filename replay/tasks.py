"""Celery is just another interface: the task calls the one replay function."""

from celery import shared_task

from replay.runs import execute_run


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_replay(run_id: int) -> None:
    execute_run(run_id=run_id)
