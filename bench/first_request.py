"""A fresh web process's first request, as every new gunicorn worker pays it: the process
imports ``config.wsgi`` (Django set up, the apps and their models loaded), then serves the home
page and a step page through the WSGI application, on a demo archive built in a temporary var
dir (``migrate``, ``load_archive``, ``load_samples``, ``collectstatic``: SQLite, no broker,
DEBUG off).

Each run is a new process. Printed, median and fastest of the runs: the interpreter's start,
``import config.wsgi``, the home page (URL loading happens on the first request), the step page
after it (a step of a sample's finished run, signed out), the time from the process's start
to each response, and the process's CPU time (user and system) by then, which other work on
a shared machine disturbs far less than the clock. Then one more run under ``python -X importtime`` says which modules cost
most, phase by phase (those imported by ``import config.wsgi``, by the first request, by the
step), and which packages cost most in all (own time of their modules).

``--against REV`` runs the same measure, alternating, on the code of a git revision (extracted
with ``git archive``; or a folder holding another checkout), on the same database, so a before
and an after are measured side by side under the same load. Other work on the machine changes
every figure: the load average is printed before and after.

Usage: python bench/first_request.py [--runs 5] [--against REV] [--var-dir DIR]
Target: a fresh process answers its first request (the home page) in under 1 s.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 1.0
PHASE_MARK = "first_request phase:"

# What a child process runs, from its first line; it prints its clock readings as JSON.
# time.monotonic() is CLOCK_MONOTONIC, one clock for every process of the machine.
CHILD = """
import time
started = time.monotonic()
import io, json, os, sys
sys.path.insert(0, os.getcwd())

def mark(phase):
    sys.stderr.write(f"{PHASE_MARK} {phase}\\n")
    sys.stderr.flush()

def get(application, path):
    from wsgiref.util import setup_testing_defaults
    environ = {"PATH_INFO": path, "HTTP_HOST": "127.0.0.1", "wsgi.input": io.BytesIO()}
    setup_testing_defaults(environ)
    answer = {}
    body = b"".join(application(environ, lambda status, headers, exc_info=None:
                                answer.setdefault("status", status)))
    if not answer["status"].startswith("200"):
        raise SystemExit(f"GET {path} answered {answer['status']}: {body[:300]!r}")
    return time.monotonic()

mark("import config.wsgi")
from config.wsgi import application
imported = time.monotonic()
mark("first request (home page)")
home = get(application, "/")
home_cpu = time.process_time()
mark("step page")
step = get(application, sys.argv[1])
print(json.dumps({"started": started, "imported": imported, "home": home, "step": step,
                  "home_cpu": home_cpu, "step_cpu": time.process_time()}))
""".replace("PHASE_MARK", repr(PHASE_MARK))


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def environment(var_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "LUDOTECA_CACHE_URL",
                        "LUDOTECA_LIMITS_URL", "LUDOTECA_MEDIA_S3_BUCKET",
                        "DJANGO_SETTINGS_MODULE")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled modules kept, as in a deployed image
    env.update(LUDOTECA_VAR_DIR=str(var_dir), LUDOTECA_ENV="development", DJANGO_DEBUG="false")
    return env


def build_archive(var_dir: Path) -> None:
    env = environment(var_dir)
    for command in (["migrate", "--noinput"], ["load_archive"], ["load_samples"],
                    ["collectstatic", "--noinput"]):
        print(f"  manage.py {' '.join(command)}", flush=True)
        subprocess.run([sys.executable, "manage.py", *command, "--verbosity", "0"], cwd=ROOT,
                       env=env, check=True, stdout=subprocess.DEVNULL)


def step_path(var_dir: Path) -> str:
    """The middle step of the first finished run of the samples."""
    code = ("from django.urls import reverse; from replay.models import ReplayRun; "
            "run = ReplayRun.objects.filter(status=ReplayRun.DONE).order_by('id').first(); "
            "print(reverse('replay-step', args=[run.match_id, run.id, run.log_seq // 2]))")
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT,
                         env=environment(var_dir), check=True, capture_output=True, text=True)
    return out.stdout.strip().splitlines()[-1]


def run_child(code_dir: Path, var_dir: Path, path: str, *, importtime: bool = False):
    before = time.monotonic()
    flags = ["-X", "importtime"] if importtime else []
    done = subprocess.run([sys.executable, *flags, "-c", CHILD, path], check=False,
                          cwd=code_dir, env=environment(var_dir), capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"the fresh process failed:\n{done.stderr[-3000:]}")
    clock = json.loads(done.stdout.strip().splitlines()[-1])
    figures = {
        "interpreter start": clock["started"] - before,
        "import config.wsgi": clock["imported"] - clock["started"],
        "first request (home page)": clock["home"] - clock["imported"],
        "step page after it": clock["step"] - clock["home"],
        "process start to home page": clock["home"] - before,
        "process start to step page": clock["step"] - before,
        "CPU time to home page": clock["home_cpu"],
        "CPU time to step page": clock["step_cpu"],
    }
    return figures, done.stderr


def import_report(stderr: str, *, top: int = 8) -> None:
    """Per phase, the heaviest imports (cumulative) and, for one taking most of its phase, the
    heaviest of what it imported; then the packages whose own modules cost most in all."""
    phase = "interpreter start"
    # -X importtime prints a module after everything it imported, one level deeper each.
    pending: dict[int, list] = defaultdict(list)
    roots: dict[str, list] = defaultdict(list)
    own_by_package: dict[str, int] = defaultdict(int)
    for line in stderr.splitlines():
        if line.startswith(PHASE_MARK):
            phase = line[len(PHASE_MARK):].strip()
            continue
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line[len("import time:"):].split("|")
        depth = (len(name) - len(name.lstrip(" ")) - 1) // 2
        module = name.strip()
        own_by_package[module.split(".")[0]] += int(own)
        node = (int(cumulative), module, pending.pop(depth + 1, []))
        (roots[phase] if depth == 0 else pending[depth]).append(node)

    def chain(node) -> str:
        """The module, then each import holding most of the one before, down to the culprit
        (the middle of a long chain left out)."""
        us, module, children = node
        names = [module]
        while children:
            heaviest = max(children)
            if heaviest[0] < us * 0.7:
                break
            us, module, children = heaviest
            names.append(module)
        if len(names) > 5:
            names = [*names[:2], "…", *names[-2:]]
        return f"{' > '.join(names)} {node[0] / 1000:.0f} ms"

    for phase, nodes in roots.items():
        if phase == "interpreter start":
            continue
        listed = sorted(nodes, reverse=True)
        title = phase
        # One import holding most of its phase (config.wsgi): what it imported, instead.
        if listed[0][2] and listed[0][0] > sum(us for us, _, _ in listed) / 2:
            title = f"{phase}, within {listed[0][1]}"
            listed = sorted(listed[0][2], reverse=True)
        print(f"  {title}:")
        for node in listed[:top]:
            print(f"    {chain(node)}")
    packages = sorted(((us, p) for p, us in own_by_package.items()), reverse=True)[:top + 4]
    print("  packages, own import time in all: "
          + ", ".join(f"{p} {us / 1000:.0f} ms" for us, p in packages))


def code_of(revision: str) -> Path:
    """A folder holding another checkout, or the code of a git revision extracted for the run."""
    if Path(revision).is_dir():
        return Path(revision).resolve()
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-first-request-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    archive = subprocess.run(["git", "archive", "--format=tar", revision], cwd=ROOT, check=True,
                             capture_output=True).stdout
    tar_path = folder / "code.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(folder / "code", filter="data")
    return folder / "code"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", metavar="REV",
                        help="also measure a git revision's code (or another checkout's "
                             "folder), runs alternating")
    parser.add_argument("--var-dir", type=Path,
                        help="an archive already built by this script (else a new one)")
    args = parser.parse_args()

    var_dir = args.var_dir
    if var_dir is None:
        var_dir = Path(tempfile.mkdtemp(prefix="ludoteca-bench-"))
        print(f"building the demo archive in {var_dir} (kept: --var-dir reuses it)", flush=True)
        build_archive(var_dir)
    path = step_path(var_dir)
    codes = {"this checkout": ROOT}
    if args.against:
        codes = {args.against: code_of(args.against), **codes}
    print(f"\nfirst request of a fresh process: home page /, then {path}; "
          f"SQLite, DEBUG off; {args.runs} runs each; load average {load_average()} before")

    runs: dict[str, list[dict]] = {name: [] for name in codes}
    for _ in range(args.runs):
        for name, code_dir in codes.items():
            runs[name].append(run_child(code_dir, var_dir, path)[0])
    for name, code_dir in codes.items():
        print(f"\n{name} ({code_dir}): median (fastest) of {args.runs}")
        for figure in runs[name][0]:
            values = [r[figure] for r in runs[name]]
            print(f"  {figure:28} {statistics.median(values) * 1000:7.0f} ms"
                  f" ({min(values) * 1000:.0f})")
        first = statistics.median(r["process start to home page"] for r in runs[name])
        cpu = statistics.median(r["CPU time to home page"] for r in runs[name])
        verdict = "met" if first < TARGET_S else "missed"
        print(f"  target: first response under {TARGET_S:.0f} s ({verdict}: {first:.2f} s; "
              f"its CPU time {cpu:.2f} s)")
    print(f"load average {load_average()} after")

    for name, code_dir in codes.items():
        print(f"\nimport time, one run under -X importtime ({name}; the flag slows it a little):")
        import_report(run_child(code_dir, var_dir, path, importtime=True)[1])


if __name__ == "__main__":
    main()
