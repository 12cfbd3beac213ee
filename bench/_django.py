"""Set up Django for a benchmark process on a fresh SQLite file or a PostgreSQL server the
benchmark starts itself (the same helper the tests use). One database per process."""

from __future__ import annotations

import atexit
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(database: str, *, keep_broker: bool = False):
    """Returns the PostgreSQL server (or None for SQLite) after django.setup() and migrate,
    DEBUG off. Tasks run in-process unless ``keep_broker`` keeps the CELERY_BROKER_URL set."""
    os.environ["LUDOTECA_VAR_DIR"] = tempfile.mkdtemp(prefix="ludoteca-bench-")
    if not keep_broker:
        os.environ.pop("CELERY_BROKER_URL", None)
    server = None
    if database == "postgres":
        from tests.servers import start_postgres

        server = start_postgres()
        atexit.register(server.stop)
        import psycopg

        with psycopg.connect(server.url("postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE ludoteca_bench")
        os.environ["DATABASE_URL"] = server.url("ludoteca_bench")
    elif database != "sqlite":
        raise SystemExit(f"--database must be sqlite or postgres, not {database!r}")
    else:
        os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # DEBUG off, as production runs: with it on, Django writes every query into a log of its
    # own (formatting a batch's parameters as SQL), which no server does.
    os.environ.setdefault("DJANGO_DEBUG", "false")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from archive.services import load_archive

    load_archive()
    return server


def rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
