"""What export_tei and export_iiif share: the game filter, the output folder, the base URL."""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError

from archive.models import Game

DEFAULT_BASE_URL = "http://localhost:8000"


def default_out(kind: str) -> Path:
    return Path(getattr(settings, "VAR_DIR", Path.cwd() / "var")) / "exports" / kind


def chosen_game(slug: str | None) -> Game | None:
    if not slug:
        return None
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        known = ", ".join(Game.objects.order_by("slug").values_list("slug", flat=True)) or "none"
        raise CommandError(f"--game: unknown game {slug!r} (known: {known})")
    return game


def writable_out(path: str | Path) -> Path:
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise CommandError(f"--out: {out} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandError(f"--out: cannot create {out}: {error.strerror}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise CommandError(f"--out: cannot write to {out}: permission denied")
    return out


def checked_base_url(value: str | None) -> str | None:
    if value is None:
        return None
    url = value.strip().rstrip("/")
    if not url.startswith(("http://", "https://")) or len(url.split("://", 1)[1]) == 0:
        raise CommandError(
            f"--base-url: {value!r} is not an absolute http(s) URL, such as https://ludoteca.example"
        )
    return url


def write(out: Path, name: str, data: bytes) -> Path:
    target = out / name
    try:
        target.write_bytes(data)
    except OSError as error:
        raise CommandError(f"--out: cannot write {target}: {error.strerror}") from None
    return target
