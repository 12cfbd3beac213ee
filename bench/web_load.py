"""The web process under load, as docker/compose.yml runs it: gunicorn with three workers and
production settings (LUDOTECA_ENV=production, no TLS redirect on loopback) on a PostgreSQL
server and a Redis cache this script starts (tests/servers.py), with the archive and the
sample matches loaded and replayed. wrk drives each page on loopback in the same run and each
figure is printed as requests/s and as a share of /healthz (the framework's floor through the
same middleware):

- /healthz;
- a step as the htmx fragment the arrow keys fetch, cold (each request a step no one has
  read yet, the cache emptied first) and warm (the same step again);
- a whole step page, a match page, a compare page and a search (warm).

A cold step's server time is measured apart, one connection at a time (so no request waits
for a worker): gunicorn's own measure of each request (its access log's request time, from
the request read to the response written), averaged (the median beside it); wrk's mean
latency on loopback is printed beside it. Each worker has first drawn a few steps that are
not measured (the last of the list, on three connections) and the cache is emptied after
them: a figure is of steps no one has read, not of a process's first request (its
templates compiled, its board frames drawn).

Targets: the warm step fragment at least 0.4 of /healthz; a cold step under 10 ms of server
time; the match page at least 0.2 of /healthz.

Needs wrk (Debian: apt-get install wrk; it is a benchmark tool, not a test dependency) and the
PostgreSQL and Redis binaries the tests use. Other work on the machine changes every figure:
the load average is printed before and after.

Usage: python bench/web_load.py [--seconds 10] [--connections 16]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WARM_SHARE_TARGET = 0.4
MATCH_SHARE_TARGET = 0.2
COLD_MS_TARGET = 10.0
FRAGMENT = {"HX-Request": "true"}
# Steps each worker draws before the cold steps are measured (not measured themselves).
WARM_UP_STEPS = 60


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def wrk(url: str, *, seconds: int, connections: int, headers: dict | None = None,
        script: Path | None = None) -> dict:
    command = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s",
               "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script is not None:
        command += ["-s", str(script)]
    output = subprocess.run(command + [url], check=True, capture_output=True, text=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output)[1])
    latency = re.search(r"Latency\s+([\d.]+)(us|ms|s)", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[latency[2]]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    total = int(re.search(r"(\d+) requests in", output)[1])
    return {"rate": rate, "mean_ms": float(latency[1]) * scale, "requests": total,
            "errors": int(errors[1]) if errors else 0}


def server_times_ms(access_log: Path, *, after: int, prefix: str) -> list[float]:
    """The times gunicorn spent on the requests for ``prefix`` logged past byte ``after`` of
    its access log (each line: path, status, microseconds), in milliseconds."""
    time.sleep(1)  # the workers write their log lines as they answer
    with access_log.open("rb") as log:
        log.seek(after)
        lines = [line.split() for line in log.read().decode().splitlines()]
    return [int(line[2]) / 1000 for line in lines
            if len(line) == 3 and line[0].startswith(prefix)]


def paths_script(paths: list[str], headers: dict) -> Path:
    """A wrk script that sends each path once, in turn (each thread its own share)."""
    quoted = ",\n".join(f'  "{path}"' for path in paths)
    header = ", ".join(f'["{k}"] = "{v}"' for k, v in headers.items())
    script = Path(tempfile.mkstemp(suffix=".lua")[1])
    script.write_text(f"""
local paths = {{
{quoted}
}}
local threads, counter, id = 0, 0, 0
function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end
function init(args)
  counter = id
end
function request()
  local path = paths[(counter % #paths) + 1]
  counter = counter + 2
  return wrk.format("GET", path, {{{header}}})
end
""")
    return script


def environment(database_url: str, cache_url: str, var_dir: str) -> dict:
    env = dict(os.environ)
    env.pop("CELERY_BROKER_URL", None)  # the replays of the samples run in the loader
    env.update({
        "LUDOTECA_ENV": "production",
        "DJANGO_SECRET_KEY": "bench-" + "k" * 50,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DATABASE_URL": database_url,
        "LUDOTECA_CACHE_URL": cache_url,
        # The sign-in limits' store, apart from the cache as compose keeps it.
        "LUDOTECA_LIMITS_URL": cache_url.rsplit("/", 1)[0] + "/2",
        "LUDOTECA_VAR_DIR": var_dir,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    })
    return env


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)


def wait_for(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)


def pages_to_drive() -> dict:
    """The step, match and compare pages of the first sample match with two finished runs
    of its whole log (the pages the figures in the README were first measured on), and every
    step of every finished run under every viewpoint (the cold steps)."""
    import django

    django.setup()
    from replay.models import Match, ReplayRun

    best = None
    for match in Match.objects.order_by("pk"):
        runs = list(ReplayRun.objects.filter(match=match, status=ReplayRun.DONE)
                    .order_by("pk")[:2])
        if len(runs) == 2 and runs[0].log_seq == runs[1].log_seq:
            best = (match, runs)
            break
    match, (run_a, run_b) = best
    seq = min(7, run_a.progress)
    cold = []
    for run in ReplayRun.objects.filter(status=ReplayRun.DONE).select_related("match"):
        viewers = ["", *(f"?viewer={pid}" for pid in run.match.player_ids)]
        cold += [f"/matches/{run.match_id}/runs/{run.pk}/step/{s}/{viewer}"
                 for s in range(run.progress + 1) for viewer in viewers]
    random.Random(1).shuffle(cold)
    return {
        "step": f"/matches/{match.pk}/runs/{run_a.pk}/step/{seq}/",
        "match": f"/matches/{match.pk}/",
        "compare": f"/matches/{match.pk}/compare/?a={run_a.pk}&b={run_b.pk}&seq={seq}",
        "cold": cold,
        "events": match.last_seq,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install wrk")

    from tests.servers import free_port, start_postgres, start_redis

    postgres, redis = start_postgres(), start_redis()
    gunicorn = None
    try:
        import psycopg

        with psycopg.connect(postgres.url("postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE ludoteca_web_load")
        var_dir = tempfile.mkdtemp(prefix="ludoteca-web-load-")
        cache_url = redis.url.rsplit("/", 1)[0] + "/1"
        env = environment(postgres.url("ludoteca_web_load"), cache_url, var_dir)
        os.environ.update(env)
        print("loading the archive and the samples (replayed on PostgreSQL)…", flush=True)
        for command in (("migrate", "--noinput"), ("load_archive",), ("load_samples",)):
            manage(env, *command)
        pages = pages_to_drive()

        port = free_port()
        access_log = Path(var_dir) / "access.log"
        base = f"http://127.0.0.1:{port}"
        gunicorn = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application",
             "--bind", f"127.0.0.1:{port}", "--workers", "3",
             "--access-logfile", str(access_log), "--access-logformat", "%(U)s %(s)s %(D)s"],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(base + "/healthz")

        from django.core.cache import cache

        def run(url, **kwargs):
            return wrk(base + url, seconds=args.seconds, connections=args.connections, **kwargs)

        print(f"load average before: {load_average()}; gunicorn 3 workers, PostgreSQL, Redis "
              f"cache; wrk {args.connections} connections, {args.seconds} s each; the first "
              f"sample match with two runs: {pages['events']} events", flush=True)
        figures = {"/healthz": run("/healthz")}

        warm_up = paths_script(pages["cold"][-WARM_UP_STEPS:], FRAGMENT)
        wrk(base + "/", seconds=2, connections=3, script=warm_up)
        cache.clear()
        one = paths_script(pages["cold"], FRAGMENT)
        logged = access_log.stat().st_size if access_log.exists() else 0
        single = wrk(base + "/", seconds=args.seconds, connections=1, script=one)
        server_ms = server_times_ms(access_log, after=logged, prefix="/matches/")
        cache.clear()
        figures["step fragment, cold"] = run("/", script=paths_script(pages["cold"][::-1],
                                                                       FRAGMENT))
        for _ in range(3):  # drawn and stored
            urllib.request.urlopen(urllib.request.Request(base + pages["step"],
                                                          headers=FRAGMENT)).read()
        figures["step fragment, warm"] = run(pages["step"], headers=FRAGMENT)
        figures["whole step page"] = run(pages["step"])
        figures["match page"] = run(pages["match"])
        figures["compare page"] = run(pages["compare"])
        figures["search ?q=vampire"] = run("/search/?q=vampire")

        floor = figures["/healthz"]["rate"]
        print(f"\n{'URL':28} {'requests/s':>11} {'mean ms':>8} {'of /healthz':>12}")
        for name, found in figures.items():
            note = f"  ({found['errors']} non-2xx)" if found["errors"] else ""
            print(f"{name:28} {found['rate']:11.0f} {found['mean_ms']:8.1f} "
                  f"{found['rate'] / floor:12.2f}{note}")
        cold_ms = statistics.mean(server_ms)
        print(f"\ncold step, one connection ({single['requests']} distinct steps of "
              f"{len(pages['cold'])}): {cold_ms:.1f} ms mean server time in gunicorn "
              f"(median {statistics.median(server_ms):.1f} ms; "
              f"{single['mean_ms']:.1f} ms mean latency on loopback) "
              f"(target < {COLD_MS_TARGET:.0f} ms: {'met' if cold_ms < COLD_MS_TARGET else 'missed'})")
        if figures["step fragment, cold"]["requests"] > len(pages["cold"]):
            print("  (the cold run sent more requests than there are steps: some were warm)")
        warm = figures["step fragment, warm"]["rate"] / floor
        match = figures["match page"]["rate"] / floor
        print(f"warm step fragment {warm:.2f} of /healthz (target ≥ {WARM_SHARE_TARGET}: "
              f"{'met' if warm >= WARM_SHARE_TARGET else 'missed'}); match page {match:.2f} "
              f"(target ≥ {MATCH_SHARE_TARGET}: {'met' if match >= MATCH_SHARE_TARGET else 'missed'})")
        print(f"load average after: {load_average()}")
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            gunicorn.wait(timeout=30)
        redis.stop()
        postgres.stop()


if __name__ == "__main__":
    main()
