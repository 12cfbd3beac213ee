"""Real servers the suite starts for itself: PostgreSQL and Redis on loopback, with temporary
data directories, gunicorn serving the application with several worker processes, and the
path of the headless Chromium.

Under CI=true a missing part fails the run; elsewhere the tests that need it are skipped with
a message saying what to install.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

IN_CI = os.environ.get("CI", "").lower() == "true"


def missing(what: str) -> None:
    """Fail under CI, skip elsewhere: a missing part is never silently skipped in CI."""
    if IN_CI:
        pytest.fail(f"CI=true and {what}", pytrace=False)
    pytest.skip(what)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def postgres_bin_dir() -> Path | None:
    configured = os.environ.get("LUDOTECA_PG_BIN")
    candidates = [configured] if configured else []
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists():
            return Path(candidate)
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass
class PostgresServer:
    host: str
    port: int
    user: str
    password: str
    datadir: Path
    bin_dir: Path
    run_as: str | None

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{self.user}:{self.password}@{self.host}:{self.port}/{dbname}"

    def _cmd(self, *args: str) -> list[str]:
        if self.run_as:
            return ["runuser", "-u", self.run_as, "--", *args]
        return list(args)

    def pg_ctl(self, action: str, *extra: str) -> None:
        subprocess.run(
            self._cmd(str(self.bin_dir / "pg_ctl"), action, "-D", str(self.datadir), "-w", *extra),
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def restart(self) -> None:
        self.pg_ctl("restart", "-m", "fast")

    def stop(self) -> None:
        try:
            self.pg_ctl("stop", "-m", "fast")
        finally:
            shutil.rmtree(self.datadir.parent, ignore_errors=True)


def start_postgres() -> PostgresServer:
    """initdb + pg_ctl start on a free loopback port. As root, the cluster runs as the
    unprivileged ``postgres`` user, since initdb refuses root."""
    bin_dir = postgres_bin_dir()
    if bin_dir is None:
        missing("PostgreSQL server binaries (initdb, pg_ctl) are not installed")
    run_as = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            missing("running as root and there is no 'postgres' user to run the test cluster")
        run_as = "postgres"
    base = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))
    datadir = base / "data"
    socket_dir = base / "socket"
    socket_dir.mkdir()
    password = "ludoteca-test"
    pwfile = base / "pw"
    pwfile.write_text(password)
    if run_as:
        entry = pwd.getpwnam(run_as)
        for path in (base, socket_dir, pwfile):
            os.chown(path, entry.pw_uid, entry.pw_gid)
    server = PostgresServer(
        "127.0.0.1", free_port(), "ludoteca", password, datadir, bin_dir, run_as
    )
    subprocess.run(
        server._cmd(
            str(bin_dir / "initdb"), "-D", str(datadir), "-U", server.user, "-A", "md5",
            f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C",
        ),
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    options = (
        f"-h {server.host} -p {server.port} -k {socket_dir} -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=100"
    )
    server.pg_ctl("start", "-o", options, "-l", str(base / "log"))
    return server


@dataclass
class RedisServer:
    port: int
    process: subprocess.Popen
    workdir: Path

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.workdir, ignore_errors=True)


def start_redis(*options: str) -> RedisServer:
    """A Redis server on loopback; ``options`` are more of its command-line settings (say
    ``--maxmemory 4mb --maxmemory-policy allkeys-lru``)."""
    binary = shutil.which("redis-server")
    if binary is None:
        missing("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="ludoteca-redis-"))
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(workdir), *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return RedisServer(port, process, workdir)
        except OSError:
            time.sleep(0.05)
    process.kill()
    pytest.fail("redis-server did not start within 15 s")


ROOT = Path(__file__).resolve().parent.parent


@dataclass
class GunicornServer:
    """gunicorn serving ``config.wsgi`` on loopback; its access log names the worker process
    that answered each request."""

    url: str
    process: subprocess.Popen
    workdir: Path

    @property
    def access_log(self) -> Path:
        return self.workdir / "access.log"

    def log(self) -> str:
        path = self.workdir / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def worker_pids(self) -> set[int]:
        """The worker processes that have answered a request so far."""
        if not self.access_log.exists():
            return set()
        pids = set()
        for line in self.access_log.read_text().splitlines():
            first = line.split()[0].strip("<>") if line.split() else ""  # "<pid>"
            if first.isascii() and first.isdigit():
                pids.add(int(first))
        return pids

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.workdir, ignore_errors=True)


def start_gunicorn(*, workers: int, env: Mapping[str, str], timeout: float = 60,
                   max_requests: int = 0) -> GunicornServer:
    """gunicorn with ``workers`` worker processes (sync, as docker/compose.yml runs it) on a
    free loopback port, the environment being this process's with ``env`` over it (say
    DATABASE_URL, LUDOTECA_CACHE_URL). ``max_requests`` > 0 replaces each worker process after
    that many requests, so a run of requests surely crosses processes (the kernel may hand
    every connection to one idle worker otherwise). Returns once /healthz answers; fails with
    gunicorn's log if it does not within ``timeout`` seconds."""
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="ludoteca-gunicorn-"))
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
                   "LUDOTECA_VAR_DIR": str(workdir / "var"), **env}
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application",
         "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--access-logfile", str(workdir / "access.log"),
         "--access-logformat", '%(p)s %(s)s "%(r)s"',
         "--error-logfile", str(workdir / "error.log"),
         "--max-requests", str(max_requests)],
        cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    server = GunicornServer(f"http://127.0.0.1:{port}", process, workdir)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log = server.log()
            server.stop()
            pytest.fail(f"gunicorn exited at start:\n{log}")
        try:
            with urllib.request.urlopen(f"{server.url}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return server
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    log = server.log()
    server.stop()
    pytest.fail(f"gunicorn did not answer /healthz within {timeout:.0f} s:\n{log}")


def chromium_path() -> str:
    for candidate in (os.environ.get("LUDOTECA_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    missing("Chromium is not installed (apt-get install chromium)")
    raise AssertionError  # unreachable
