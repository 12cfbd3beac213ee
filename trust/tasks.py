"""Celery is just another interface: each task calls the one function that does its work."""

from celery import shared_task

from trust.checkpoints import checkpoint_create, signer_from_environment


@shared_task(ignore_result=True)
def sign_checkpoint() -> None:
    """Celery beat's scheduled checkpoint (settings.CELERY_BEAT_SCHEDULE), signed with the key
    the worker is given (LUDOTECA_CHECKPOINT_KEY), and only when the archive has grown."""
    checkpoint_create(signer=signer_from_environment(), only_if_grown=True)
