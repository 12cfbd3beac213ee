"""The production image holds the repository as it is: its files, laid out exactly as the
Dockerfile and .dockerignore say (tests/deployment/image.py), install into a fresh virtual
environment and pass `manage.py check --deploy` and `migrate` under production settings."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.deployment.image import DOCKERFILE, ROOT, BuildFailed, build_context, lay_out

# Installing the whole project into a fresh environment takes about a minute (wheels come
# from pip's cache after `make setup`).
pytestmark = pytest.mark.slow

PRODUCTION = {
    "LUDOTECA_ENV": "production",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "ludoteca.example",
}


def _run(command: list[str], *, cwd: Path, env: dict[str, str], timeout: int = 600) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(command)} failed in {cwd}:\n{output[-6000:]}"
    return output


def _clean_environment(venv: Path, image_env: dict[str, str]) -> dict[str, str]:
    """Nothing of this test process leaks in (no DJANGO_SETTINGS_MODULE, no PYTHONPATH to the
    checkout): only a PATH to the new environment, HOME for pip's cache, and the image's ENV."""
    return {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"),
            "PIP_DISABLE_PIP_VERSION_CHECK": "1", **image_env}


@pytest.fixture(scope="module")
def installed_image(tmp_path_factory):
    """The image's files and a fresh virtual environment with the project installed from
    them, as the Dockerfile's RUN does (`pip install .`, then collectstatic)."""
    base = tmp_path_factory.mktemp("image")
    image = lay_out(context=ROOT, into=base / "root")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = _clean_environment(venv, image.env)
    _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "."],
         cwd=image.workdir, env=env)
    _run(["python", "manage.py", "collectstatic", "--noinput", "-v0"], cwd=image.workdir,
         env={**env, "LUDOTECA_ENV": "build"})
    return image, env


@pytest.fixture
def production_database(postgres_server):
    """A new database on the suite's PostgreSQL server, as compose's `postgres` gives one."""
    name = f"ludoteca_image_{secrets.token_hex(4)}"
    with psycopg.connect(postgres_server.url(), autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    yield postgres_server.url(name)
    with psycopg.connect(postgres_server.url(), autocommit=True) as connection:
        connection.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_the_image_passes_check_deploy_and_migrates_under_production_settings(
        installed_image, production_database):
    """Proves: every package the settings install and the URLs import is in the image (the
    Dockerfile copies the checkout through .dockerignore, not a list of packages), the
    production settings are deploy-clean, and the migrations (the event log's triggers
    included) apply to PostgreSQL from the image. Fails as `ModuleNotFoundError: No module
    named 'studies'` with a Dockerfile that copies a hand-kept list of folders."""
    image, env = installed_image
    production = {**env, **PRODUCTION, "DATABASE_URL": production_database}
    output = _run(["python", "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                  cwd=image.workdir, env=production)
    assert "no issues" in output
    output = _run(["python", "manage.py", "migrate", "--noinput"], cwd=image.workdir,
                  env=production)
    assert "Applying replay.0002" in output and output.rstrip().endswith("OK")
    with psycopg.connect(production_database) as connection:
        triggers = {row[0] for row in connection.execute(
            "SELECT tgname FROM pg_trigger WHERE tgrelid = 'replay_event'::regclass "
            "AND NOT tgisinternal")}
    assert triggers, "the append-only triggers were not installed"


def test_workers_import_every_task_from_the_image_wherever_they_start(installed_image,
                                                                       tmp_path):
    """Celery puts its working directory on the path only while it imports the app, so the
    tasks a worker and beat import later come from the image's PYTHONPATH. Proves: from a
    folder that is not the project's, every app's tasks import."""
    _, env = installed_image
    script = ("from config.celery import app; import django; django.setup(); "
              "app.loader.import_default_modules(); "
              "print(sorted(name for name in app.tasks if not name.startswith('celery.')))")
    output = _run(["python", "-c", script], cwd=tmp_path, env={**env, **PRODUCTION})
    assert "replay.tasks.run_replay" in output and "studies.tasks.run_study_part" in output


def test_every_package_of_the_checkout_is_in_the_build_context():
    """Proves: .dockerignore leaves out only what is not the product: each folder of the
    checkout holding Python modules is sent, except the tests and benchmarks."""
    sent = build_context(ROOT)
    packages = {folder.name for folder in ROOT.iterdir() if folder.is_dir()
                and not folder.name.startswith(".") and any(folder.rglob("*.py"))}
    assert {"studies", "boundary", "config", "archive", "replay"} <= packages
    for package in sorted(packages - {"tests", "bench", "var", "build"}):
        assert package in sent, f"{package}/ holds Python modules but is not in the image"
    assert not {"tests", "bench", ".git", ".venv", "var"} & {p.split("/")[0] for p in sent}


def test_no_key_and_no_local_data_reach_the_image(tmp_path):
    """Proves: a checkpoint key or local data lying in the checkout (the compose file's
    secrets folder, var/, a .key anywhere) is not sent to the build, so never baked in."""
    context = tmp_path / "context"
    for name in (".dockerignore", DOCKERFILE, "manage.py", "config/settings.py"):
        (context / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, context / name)
    for name in ("docker/secrets/checkpoint.key", "var/checkpoint.key",
                 "config/signing.key", "var/ludoteca.sqlite3", "var/media/scans/1/a.png"):
        (context / name).parent.mkdir(parents=True, exist_ok=True)
        (context / name).write_text("secret")
    image = lay_out(context=context, into=tmp_path / "root")
    laid_out = {p.relative_to(image.workdir).as_posix() for p in image.workdir.rglob("*")
                if p.is_file()}
    assert laid_out == {".dockerignore", "manage.py", "config/settings.py"}


def test_a_copy_of_something_the_context_lacks_fails_as_docker_build_would(tmp_path):
    """Proves the layout is not lenient: a COPY of an excluded folder stops the build."""
    context = tmp_path / "context"
    (context / "docker").mkdir(parents=True)
    (context / "docker" / "Dockerfile").write_text(
        "FROM python:3.11-slim\nWORKDIR /app\nCOPY tests ./tests\n")
    (context / ".dockerignore").write_text("tests\n")
    (context / "tests").mkdir()
    (context / "tests" / "test_x.py").write_text("")
    with pytest.raises(BuildFailed, match="'tests' not found in the build context"):
        lay_out(context=context, into=tmp_path / "root")
