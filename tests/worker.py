"""A real Celery worker process for the tests, on the session's Redis broker and the test
PostgreSQL database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent


def database_url_from_settings() -> str:
    from django.conf import settings

    db = settings.DATABASES["default"]
    return (
        f"postgresql://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    )


@dataclass
class WorkerProcess:
    process: subprocess.Popen
    log_path: Path
    extra_env: dict = field(default_factory=dict)

    def children(self) -> list[psutil.Process]:
        try:
            return psutil.Process(self.process.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def kill(self) -> None:
        """SIGKILL the worker and its pool: nothing gets to clean up or acknowledge."""
        for child in self.children():
            child.kill()
        self.process.kill()
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def start_worker(*, broker_url: str, name: str, visibility_timeout: int = 3600) -> WorkerProcess:
    log_path = Path(tempfile.mkstemp(prefix=f"ludoteca-worker-{name}-", suffix=".log")[1])
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url_from_settings(),
        "CELERY_BROKER_URL": broker_url,
        "LUDOTECA_VISIBILITY_TIMEOUT": str(visibility_timeout),
        "LUDOTECA_VAR_DIR": tempfile.mkdtemp(prefix="ludoteca-worker-var-"),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "ludoteca",
         "--concurrency=1", "--pool=prefork", "--loglevel=INFO", "--without-gossip",
         "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
        cwd=ROOT, env=env, stdout=log_path.open("w"), stderr=subprocess.STDOUT,
    )
    worker = WorkerProcess(process, log_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the Celery worker exited at start:\n{worker.log()}")
        if "ready." in worker.log():
            return worker
        time.sleep(0.2)
    worker.stop()
    raise RuntimeError(f"the Celery worker was not ready within 60 s:\n{worker.log()}")
