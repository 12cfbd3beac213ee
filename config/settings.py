"""Settings for Ludoteca.

Embedded default (LUDOTECA_ENV unset or "development"): SQLite under var/, Celery eager, DEBUG
on, a development secret. DEBUG is on in development only: any other LUDOTECA_ENV turns it off.
Production (LUDOTECA_ENV=production): secrets and hosts from the environment, secure cookies,
HSTS; `manage.py check --deploy` passes. DATABASE_URL switches to PostgreSQL (psycopg 3);
CELERY_BROKER_URL sends tasks to workers through Redis.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("LUDOTECA_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

ENVIRONMENT = os.environ.get("LUDOTECA_ENV", "development")
PRODUCTION = ENVIRONMENT == "production"


def _env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


if PRODUCTION:
    try:
        SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
    except KeyError:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set in production") from None
    DEBUG = False
    ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS")
    CSRF_TRUSTED_ORIGINS = _env_list("DJANGO_CSRF_TRUSTED_ORIGINS")
    SECURE_SSL_REDIRECT = os.environ.get("DJANGO_SECURE_SSL_REDIRECT", "true") == "true"
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
else:
    SECRET_KEY = os.environ.get(
        "DJANGO_SECRET_KEY", "dev-only-insecure-key-ludoteca-never-use-in-production"
    )
    # A 404 with DEBUG lists the URLconf: on in development only, and DJANGO_DEBUG=false there
    # turns it off too.
    DEBUG = ENVIRONMENT == "development" and os.environ.get("DJANGO_DEBUG", "true") == "true"
    ALLOWED_HOSTS = _env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")

SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    # DRF itself is not an installed app: its template tags (the browsable API's) would be
    # imported by the pages' template engine, and DRF with them, at a page's first request.
    # The API answers JSON; /api/docs/ is the explorer.
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "template_partials",
    "archive",
    "replay",
    "trust",
    "studies",
    "search",
    "harvest",
]

MIDDLEWARE = [
    "config.urlconf.PagesUrlconfMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "boundary.body_limit.APIBodyLimitMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.csp.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# The hot fragments of a step (its board, log, landmarks and panels) are Jinja2 templates
# under templates/jinja2, drawn by web.jinja on its own environment, not a backend here.
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# psycopg prepares a query run this many times: never, in effect, unless it asks.
EXPLICIT_PREPARE_ONLY = 2**31 - 1
_default_sqlite = f"sqlite:///{VAR_DIR / 'ludoteca.sqlite3'}"
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", _default_sqlite), conn_max_age=60
    )
}
# A kept-alive connection is checked before each request reuses it, so a database restart
# costs no failed request (appends outside requests recover in replay.log.append).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django leaves psycopg's prepared statements off (None), which also ignores a query's own
    # ``prepare=True``: a threshold no query reaches prepares only the statements that ask
    # (the append's, planned once per connection instead of at every append).
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "prepare_threshold", EXPLICIT_PREPARE_ONLY
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and a busy timeout let the web process and an eager replay share the file.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not shared-cache memory: concurrent-writer tests need real locking.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-ludoteca-{os.getpid()}.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("LUDOTECA_MEDIA_ROOT", VAR_DIR / "media"))
STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Media (scans, and whatever is derived from them and stored through the default storage) in
# an S3-compatible bucket shared by every machine, when one is named; the local folder above
# otherwise. Credentials: the standard AWS variables (or the machine's role). The bucket stays
# private: the application serves every file (config/media.py, config/storage.py).
if os.environ.get("LUDOTECA_MEDIA_S3_BUCKET"):
    STORAGES["default"] = {
        "BACKEND": "config.storage.PrivateS3Storage",
        "OPTIONS": {
            "bucket_name": os.environ["LUDOTECA_MEDIA_S3_BUCKET"],
            "endpoint_url": os.environ.get("LUDOTECA_MEDIA_S3_ENDPOINT_URL") or None,
            "region_name": os.environ.get("LUDOTECA_MEDIA_S3_REGION") or None,
            "file_overwrite": False,  # as the local folder: a taken name gets another
            "max_memory_size": 5 * 1024 * 1024,  # a larger file read spills to disk
        },
    }

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Uploads: scans are checked by content, and bounded.
SCAN_MAX_BYTES = int(os.environ.get("LUDOTECA_SCAN_MAX_BYTES", str(20 * 1024 * 1024)))
SCAN_MAX_PIXELS = int(os.environ.get("LUDOTECA_SCAN_MAX_PIXELS", str(80_000_000)))
# IIIF manifests name the archive as their provider: its name, and its home page (by default
# the address the manifest was asked at).
IIIF_PROVIDER_NAME = os.environ.get("LUDOTECA_PROVIDER_NAME", "Ludoteca")
IIIF_PROVIDER_URL = os.environ.get("LUDOTECA_PROVIDER_URL", "")
# OAI-PMH (harvest, docs/workbench.md): the repository's identifier in its records' oai:
# identifiers (a domain name the archive may use), who answers for it, records a page, and how
# long a resumption token lasts.
OAI_REPOSITORY_IDENTIFIER = os.environ.get("LUDOTECA_OAI_IDENTIFIER", "ludoteca.example")
OAI_ADMIN_EMAIL = os.environ.get("LUDOTECA_OAI_ADMIN_EMAIL", "archive@ludoteca.example")
OAI_PAGE_SIZE = int(os.environ.get("LUDOTECA_OAI_PAGE_SIZE", "100"))
OAI_TOKEN_SECONDS = int(os.environ.get("LUDOTECA_OAI_TOKEN_SECONDS", "3600"))
DATA_UPLOAD_MAX_MEMORY_SIZE = 25 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

# Celery: eager in-process unless a broker is configured.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
# With no broker, work a request sends off (a study) runs in a thread of the web process after
# the request answers (background.send); True runs it inline, as the tests do.
LUDOTECA_TASKS_INLINE = os.environ.get("LUDOTECA_TASKS_INLINE", "").lower() in ("1", "true", "yes")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# An unacknowledged task (its worker died) is handed to another worker after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("LUDOTECA_VISIBILITY_TIMEOUT", "3600"))
}
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "ludoteca")
# Celery beat (one process for the whole deployment) sends a signed checkpoint to the workers
# every LUDOTECA_CHECKPOINT_EVERY seconds; one is signed only when the archive has grown.
CELERY_BEAT_SCHEDULE = {
    "checkpoint": {
        "task": "trust.tasks.sign_checkpoint",
        "schedule": float(os.environ.get("LUDOTECA_CHECKPOINT_EVERY", "3600")),
    }
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# The logs the hash chain guards (trust.logs): the trust layer names no app of its own.
LUDOTECA_LOG_MODEL = "replay.Match"
LUDOTECA_LOG_EVENT_MODEL = "replay.Event"

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["web.api_access.ReadOnlyOrCurator"],
    "DEFAULT_SCHEMA_CLASS": "web.openapi.ReadableByAnyone",
    "DEFAULT_PAGINATION_CLASS": "web.pagination.WholePages",
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "web.negotiation.NamedFormats",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "replay.api.errors.json_exception_handler",
    # Every JSON body passes the input boundary (boundary/): depth, duplicate keys, numbers,
    # text that can be stored.
    "DEFAULT_PARSER_CLASSES": [
        "boundary.drf.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ludoteca API",
    # A request body has its own component ("MatchCreateRequest"), so what it refuses
    # (unknown fields) is said of it alone, not of the answers.
    "COMPONENT_SPLIT_REQUEST": True,
    "DESCRIPTION": "Archive and replay service for obscure board games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and Redoc served from this site, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Two models have a "status" and two serializers a "kind": one named enum each.
    # Every error answer an operation can give, documented (web/openapi.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "web.openapi.document_error_answers",
    ],
    "ENUM_NAME_OVERRIDES": {
        "RunStatusEnum": "replay.models.ReplayRun.STATUSES",
        "StudyStatusEnum": "studies.models.Study.STATUSES",
        "StudyKindEnum": "studies.models.Study.KINDS",
        "ReviewStateEnum": "archive.models.Transcription.STATES",
        "RulesDocumentStateEnum": "archive.models.RulesDocument.STATES",
    },
}

CURATORS_GROUP = "curators"
# Django's model backend, loading a signed-in user with whether they are a curator.
AUTHENTICATION_BACKENDS = ["web.auth.CuratorAwareBackend"]

# Sign-in limits (config/ratelimit.py): failures per username and address per window, after
# which that username waits out the window; failures per address whatever the usernames,
# after which the address may try once every LOGIN_ADDRESS_SLOWDOWN seconds.
LOGIN_FAILURE_LIMIT = int(os.environ.get("LUDOTECA_LOGIN_FAILURE_LIMIT", "5"))
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LUDOTECA_LOGIN_ADDRESS_FAILURE_LIMIT", "20"))
LOGIN_FAILURE_WINDOW = int(os.environ.get("LUDOTECA_LOGIN_FAILURE_WINDOW", "900"))
LOGIN_ADDRESS_SLOWDOWN = int(os.environ.get("LUDOTECA_LOGIN_ADDRESS_SLOWDOWN", "30"))
# The proxies (addresses or networks) whose X-Forwarded-For names the client: from anyone
# else the header is ignored, as anyone can write it.
TRUSTED_PROXIES = _env_list("LUDOTECA_TRUSTED_PROXIES")
# Two stores, never one: drawn pages and steps in the cache ("default"), which may evict
# what is least used; the limiter's counts in their own ("sign-in-limits"), which nothing a
# reader's requests fill can evict. Local memory by default (one process); Redis shared by
# every web process when LUDOTECA_CACHE_URL (an LRU Redis) and LUDOTECA_LIMITS_URL (a Redis
# set to noeviction, as docker/compose.yml runs it) are set: the one without the other is
# refused, as counts kept apart in each process would let each process try its own share.
_cache_url = os.environ.get("LUDOTECA_CACHE_URL", "")
_limits_url = os.environ.get("LUDOTECA_LIMITS_URL", "")
if bool(_cache_url) != bool(_limits_url):
    raise ImproperlyConfigured(
        "set LUDOTECA_CACHE_URL and LUDOTECA_LIMITS_URL together: the cache of drawn pages and "
        "the sign-in limits' counts are shared by every web process, in two stores "
        "(docs/deployment.md)")
CACHES: dict[str, dict[str, Any]]
if _cache_url:
    CACHES = {
        "default": {"BACKEND": "config.cache.RedisCache", "LOCATION": _cache_url},
        "sign-in-limits": {"BACKEND": "config.cache.RedisCache", "LOCATION": _limits_url},
        # Each web process's memory in front of Redis for the stored steps readers signed
        # out get (replay.reading.step_cache): a hit asks Redis nothing. About 60 KB a step.
        "near": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                 "LOCATION": "ludoteca-near", "TIMEOUT": None,
                 "OPTIONS": {"MAX_ENTRIES": 500}},
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                    "LOCATION": "ludoteca-pages"},
        # Counts only, each a few bytes and gone when its window passes: never culled.
        "sign-in-limits": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                           "LOCATION": "ludoteca-sign-in-limits",
                           "OPTIONS": {"MAX_ENTRIES": 10_000_000}},
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LUDOTECA_LOG_LEVEL", "WARNING")},
}
