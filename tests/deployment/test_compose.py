"""docker/compose.yml, checked without a Docker engine: against the Compose Specification's
JSON schema (vendored in docker/schemas/ with its licence), and for what the topology must
share: one Redis cache and one never-evicting store of sign-in limits for every process, the
checkpoint key mounted as a secret on the workers alone, one beat, and web and worker scaling
with `--scale` alone."""

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


def _redis_policy(compose, url: str) -> str:
    """The maxmemory policy of the compose service a redis:// URL names."""
    service = url.removeprefix("redis://").split(":")[0]
    words = compose["services"][service]["command"].split()
    return words[words.index("--maxmemory-policy") + 1]


def test_every_process_shares_the_cache_and_limits_no_page_can_evict(compose):
    """Proves: every process built from the image (web, worker, beat, migrate) is given the
    same two Redis stores and the settings read them: the cache of drawn pages on a Redis
    that evicts the least used, and the sign-in limits' counts (config/ratelimit.py) on one
    that never evicts, apart from the broker's database. So the limits count across every web
    replica and gunicorn worker, and no flood of page requests can wipe a count."""
    services = _app_services(compose)
    assert {"web", "worker", "beat", "migrate"} <= set(services)
    stores = set()
    for name, service in services.items():
        environment = service["environment"]
        cache, limits = environment.get("LUDOTECA_CACHE_URL"), environment.get(
            "LUDOTECA_LIMITS_URL")
        broker = environment["CELERY_BROKER_URL"]
        assert cache and limits, f"{name} lacks the shared cache or the limits' store"
        assert len({cache, limits, broker}) == 3, f"{name}: two stores share a database"
        assert _redis_policy(compose, cache) == "allkeys-lru"
        assert _redis_policy(compose, limits) == "noeviction"
        stores.add((cache, limits))
    assert len(stores) == 1, "every process must use the same stores"
    cache, limits = stores.pop()
    script = ("import django; django.setup(); from django.conf import settings; "
              "print(*(settings.CACHES[alias][key] for alias in ('default', 'sign-in-limits') "
              "for key in ('BACKEND', 'LOCATION')))")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings",
           "LUDOTECA_CACHE_URL": cache, "LUDOTECA_LIMITS_URL": limits}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["config.cache.RedisCache", cache,
                                     "config.cache.RedisCache", limits]
    alone = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                           text=True, env={**env, "LUDOTECA_LIMITS_URL": ""})
    assert alone.returncode != 0 and "LUDOTECA_LIMITS_URL" in alone.stderr


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
