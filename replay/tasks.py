"""Celery is just another interface: each task calls the one function that does its work."""

from celery import shared_task

from replay import head_states
from replay.runs import execute_run
from trust.checkpoints import checkpoint_create, signer_from_environment


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_replay(run_id: int) -> None:
    execute_run(run_id=run_id)


@shared_task(ignore_result=True)
def sign_checkpoint() -> None:
    """Celery beat's scheduled checkpoint (settings.CELERY_BEAT_SCHEDULE), signed with the key
    the worker is given (LUDOTECA_CHECKPOINT_KEY), and only when the archive has grown."""
    checkpoint_create(signer=signer_from_environment(), only_if_grown=True)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def keep_head_states(match_id: int) -> None:
    head_states.keep_head_states(match_id=match_id)
