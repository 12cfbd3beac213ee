"""The Celery app. With no CELERY_BROKER_URL, tasks run in-process (eager) so one command serves
the whole product; with one, they go through the broker to any number of workers."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("ludoteca")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
