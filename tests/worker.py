"""Real Celery processes for the tests (workers, and beat with the settings' schedule), on the
session's Redis broker and the test PostgreSQL database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
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
class CeleryProcess:
    process: subprocess.Popen
    log_path: Path

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


def _start_celery(*, role: str, arguments: list[str], broker_url: str, name: str,
                  ready: str, env: dict[str, str]) -> CeleryProcess:
    log_path = Path(tempfile.mkstemp(prefix=f"ludoteca-{role}-{name}-", suffix=".log")[1])
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url_from_settings(),
        "CELERY_BROKER_URL": broker_url,
        "LUDOTECA_VAR_DIR": tempfile.mkdtemp(prefix=f"ludoteca-{role}-var-"),
        **env,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", role, "--loglevel=INFO", *arguments],
        cwd=ROOT, env=env, stdout=log_path.open("w"), stderr=subprocess.STDOUT,
    )
    started = CeleryProcess(process, log_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Celery {role} exited at start:\n{started.log()}")
        if ready in started.log():
            return started
        time.sleep(0.2)
    started.stop()
    raise RuntimeError(f"Celery {role} was not ready within 60 s:\n{started.log()}")


def start_worker(*, broker_url: str, name: str, visibility_timeout: int = 3600,
                 env: dict[str, str] | None = None) -> CeleryProcess:
    return _start_celery(
        role="worker", broker_url=broker_url, name=name, ready="ready.",
        arguments=["-Q", "ludoteca", "--concurrency=1", "--pool=prefork", "--without-gossip",
                   "--without-mingle", "--without-heartbeat", "-n", f"{name}@%h"],
        env={"LUDOTECA_VISIBILITY_TIMEOUT": str(visibility_timeout), **(env or {})},
    )


def start_beat(*, broker_url: str, env: dict[str, str] | None = None) -> CeleryProcess:
    """Celery beat as the compose file's `beat` service runs it, with the settings' schedule."""
    return _start_celery(role="beat", broker_url=broker_url, name="beat", arguments=[],
                         ready="beat: Starting...", env=env or {})
