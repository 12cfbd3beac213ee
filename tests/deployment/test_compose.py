"""docker/compose.yml, checked without a Docker engine: against the Compose Specification's
JSON schema (vendored in docker/schemas/ with its licence), and for what the topology must
share: one Redis cache for every process, the checkpoint key mounted as a secret on the
workers alone, one beat, and web and worker scaling with `--scale` alone."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import jsonschema
import pytest
import yaml

from tests.deployment.image import ROOT

COMPOSE = ROOT / "docker" / "compose.yml"
SCHEMA = ROOT / "docker" / "schemas" / "compose-spec.json"


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft7Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def _errors(validator, document) -> list[str]:
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
            for error in validator.iter_errors(document)]


def _app_services(compose) -> dict[str, dict]:
    """The services run from the project's image."""
    return {name: service for name, service in compose["services"].items() if "build" in service}


def test_the_compose_file_validates_against_the_compose_specification(compose, validator):
    assert _errors(validator, compose) == []


@pytest.mark.parametrize("change, where", [
    (lambda c: c["services"]["web"].update(ports=8000), "services/web/ports"),
    (lambda c: c["services"]["worker"].update(replica=4), "services/worker"),
    (lambda c: c["secrets"]["checkpoint_key"].update(path="key"), "secrets/checkpoint_key"),
])
def test_the_schema_refuses_a_malformed_compose_file(compose, validator, change, where):
    """Proves the check is not vacuous: a wrong type, an unknown key, a malformed secret."""
    broken = copy.deepcopy(compose)
    change(broken)
    assert any(error.startswith(where) for error in _errors(validator, broken))


def test_every_web_and_worker_process_uses_the_shared_redis_cache(compose):
    """Proves: every process built from the image (web, worker, beat, migrate) is given the
    Redis cache, apart from the broker's database, and the settings read it: sign-in limits
    (config/ratelimit.py) count across every web replica and gunicorn worker."""
    services = _app_services(compose)
    assert {"web", "worker", "beat", "migrate"} <= set(services)
    urls = set()
    for name, service in services.items():
        environment = service["environment"]
        cache, broker = environment.get("LUDOTECA_CACHE_URL"), environment["CELERY_BROKER_URL"]
        assert cache and cache.startswith("redis://redis:"), f"{name} has no shared cache"
        assert cache != broker, f"{name}: the cache shares the broker's Redis database"
        urls.add(cache)
    assert len(urls) == 1, "every process must use the same cache"
    script = ("import django; django.setup(); from django.conf import settings; "
              "print(settings.CACHES['default']['BACKEND'], settings.CACHES['default']"
              "['LOCATION'])")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "LUDOTECA_CACHE_URL": urls.pop()}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["config.cache.RedisCache",
                                     env["LUDOTECA_CACHE_URL"]]


def test_web_and_worker_scale_with_scale_alone(compose):
    """Proves: no service has a fixed container name, and the web's published port is a
    host range (one port a replica), so `--scale web=N --scale worker=M` starts N and M
    containers without a collision."""
    for name, service in compose["services"].items():
        assert "container_name" not in service, f"{name} has a fixed name"
    (published,) = compose["services"]["web"]["ports"]
    host, container = published.rsplit(":", 1)
    assert container == "8000"
    low, high = host.removeprefix("${LUDOTECA_WEB_PORTS:-").removesuffix("}").split("-")
    assert int(high) - int(low) >= 1, "a single host port collides when web is scaled"
    assert "ports" not in compose["services"]["worker"]
    for name in ("web", "worker"):
        assert "scale" not in compose["services"][name]
        assert "replicas" not in compose["services"][name].get("deploy", {})


def test_one_beat_and_the_key_mounted_on_the_workers_alone(compose):
    """Proves: beat runs Celery beat (once: not scaled), the checkpoint key is a file secret
    mounted at run time on the workers, and no other service (nor any environment value)
    carries it."""
    services = compose["services"]
    assert services["beat"]["command"].startswith("celery -A config beat")
    assert "scale" not in services["beat"] and "deploy" not in services["beat"]
    assert set(compose["secrets"]["checkpoint_key"]) == {"file"}
    worker = services["worker"]
    assert worker["secrets"] == ["checkpoint_key"]
    assert worker["environment"]["LUDOTECA_CHECKPOINT_KEY"] == "/run/secrets/checkpoint_key"
    for name, service in services.items():
        if name != "worker":
            assert "secrets" not in service, f"{name} does not sign: it needs no key"
            assert "LUDOTECA_CHECKPOINT_KEY" not in service.get("environment", {})
