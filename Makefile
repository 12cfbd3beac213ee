# Two commands on a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
# A pass's exit status survives the pipe that labels its lines.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

.PHONY: demo test test-sqlite test-postgres setup migrate data bench lint types clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput

# The four rulebooks, then simulated sample matches and their replays.
data: migrate
	$(PY) manage.py load_archive
	$(PY) manage.py load_samples

demo: data
	$(PY) manage.py collectstatic --noinput --verbosity 0
	@echo "Ludoteca is serving on http://$(HOST):$(PORT)/"
	$(PY) manage.py runserver $(HOST):$(PORT) --noreload

# Pass 1: everything on SQLite (worker tests need a server database, so they run in pass 2).
# Pass 2: the database tests again on a PostgreSQL server the suite starts, with Redis and a
# real Celery worker process (the image and compose checks use no database, and what is marked
# one_database reads alike on any: pass 1 only). The two passes share nothing (each has its
# own var/ folder, servers and ports), so they run side by side, one per core; each line of
# output says which pass printed it, and either failing fails `make test`. Each pass ends with
# its slowest tests (--durations), so a slower suite shows where.
test: $(STAMP) lint types
	@$(MAKE) --no-print-directory -j2 test-sqlite test-postgres

test-sqlite: $(STAMP)
	PYTHONUNBUFFERED=1 LUDOTECA_VAR_DIR=$(CURDIR)/var/test-sqlite $(PY) -m pytest -m "not worker" \
		-p no:cacheprovider --durations=15 2>&1 | sed -u 's/^/[sqlite] /'

test-postgres: $(STAMP)
	PYTHONUNBUFFERED=1 LUDOTECA_VAR_DIR=$(CURDIR)/var/test-postgres $(PY) -m pytest --database=postgres \
		--ignore=tests/games --ignore=tests/deployment -m "not browser and not one_database" \
		-p no:cacheprovider --durations=15 2>&1 | sed -u 's/^/[postgres] /'

bench: $(STAMP)
	$(PY) bench/engine_speed.py
	$(PY) bench/legal_events.py

# The project's ruff rules and mypy (what `[tool.mypy] files` names: every package but tests
# and bench; strict on games.core, boundary and trust): both pass before a test runs.
lint: $(STAMP)
	$(VENV)/bin/ruff check .

types: $(STAMP)
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) var
