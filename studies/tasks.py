"""Celery is just another interface: the task calls the one function that computes a part."""

from celery import shared_task

from studies.services import execute_part


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_study_part(self, part_id: int) -> None:
    execute_part(part_id=part_id, worker=self.request.hostname or "in-process")
