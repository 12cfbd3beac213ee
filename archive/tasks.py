"""Celery is just another interface: the task calls the one tiling function."""

from celery import shared_task

from archive.models import Scan
from archive.tiles import make_scan_tiles


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def tile_scan(scan_id: int) -> None:
    for scan in Scan.objects.filter(pk=scan_id):
        make_scan_tiles(scan=scan)
