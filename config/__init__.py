"""The project's configuration. The Celery app (``config.celery``) is imported only where work
is sent or a worker starts (``celery -A config`` finds ``config.celery``), not by every web
process at start: importing Celery and kombu costs a fresh process about 0.3 s."""
