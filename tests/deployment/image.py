"""The image's files laid out as `docker build` lays them out, without a Docker engine.

The build context is the checkout less what `.dockerignore` excludes, matched by docker-py's
`PatternMatcher` (Docker's own Python client, a port of the engine's pattern matcher: a
pattern is anchored at the context's root, `*` stays within a folder, `**` crosses folders,
`!` re-includes). The Dockerfile is read by dockerfile-parse (continuation lines,
comments, ENV substitution), and each COPY copies from that context into a folder standing
for the image's root, relative to the WORKDIR in force, as Docker's COPY does: a folder's
contents, not the folder; a file into a destination ending in `/`, or to that name.
"""

from __future__ import annotations

import json
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from docker.utils.build import PatternMatcher
from docker.utils.fnmatch import fnmatch
from dockerfile_parse import DockerfileParser

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = "docker/Dockerfile"


class BuildFailed(Exception):
    """What `docker build` would stop on, in its words."""


@dataclass
class LaidOutImage:
    root: Path  # stands for the image's /
    workdir: Path  # the last WORKDIR, under root
    env: dict[str, str]  # the image's ENV, absolute paths moved under root


def dockerignore_patterns(context: Path) -> list[str]:
    """The patterns of the context's .dockerignore, read as docker-py's build reads them."""
    path = context / ".dockerignore"
    if not path.exists():
        return []
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def build_context(context: Path) -> set[str]:
    """Every path (files and folders, relative, POSIX) a COPY can see. Docker sends the
    Dockerfile to the engine even when .dockerignore excludes it (docker-py's `exclude_paths`
    adds it back), but COPY does not copy it then: the matcher's own walk is what COPY sees."""
    return set(PatternMatcher(dockerignore_patterns(context)).walk(str(context)))


def lay_out(*, context: Path, into: Path, dockerfile: str = DOCKERFILE) -> LaidOutImage:
    parser = DockerfileParser(str(context / dockerfile))
    if parser.is_multistage:
        raise NotImplementedError("a multi-stage Dockerfile: lay out each stage")
    sent = build_context(context)
    workdir = PurePosixPath("/")
    for instruction in parser.structure:
        name, value = instruction["instruction"], instruction["value"]
        if name == "WORKDIR":
            workdir = workdir / value
        elif name in ("COPY", "ADD"):
            sources, destination = _copy_arguments(value, line=instruction["startline"] + 1)
            target = PurePosixPath(destination)
            if not target.is_absolute():
                target = workdir / target
            into_folder = destination.endswith("/") or destination in (".", "./") or \
                len(sources) > 1
            for source in sources:
                _copy(context, sent, source, into, target, into_folder=into_folder)
    env = {key: _under(into, value) for key, value in parser.envs.items()}
    return LaidOutImage(root=into, workdir=_under_path(into, workdir), env=env)


def _copy_arguments(value: str, *, line: int) -> tuple[list[str], str]:
    words = json.loads(value) if value.lstrip().startswith("[") else shlex.split(value)
    flags = [word for word in words if word.startswith("--")]
    if any(flag.startswith("--from") for flag in flags):
        raise NotImplementedError(f"Dockerfile line {line}: COPY --from")
    paths = [word for word in words if not word.startswith("--")]
    if len(paths) < 2:
        raise BuildFailed(f"Dockerfile line {line}: COPY needs a source and a destination")
    return paths[:-1], paths[-1]


def _copy(context: Path, sent: set[str], source: str, root: Path, target: PurePosixPath,
          *, into_folder: bool) -> None:
    pattern = str(PurePosixPath(source)).lstrip("/")
    pattern = "" if pattern == "." else pattern
    if any(character in pattern for character in "*?["):
        matched = sorted(path for path in sent if fnmatch(path, pattern))  # * stays in a folder
        into_folder = True
    else:
        matched = [pattern] if pattern == "" or pattern in sent else []
    if not matched:
        raise BuildFailed(f"COPY failed: {source!r} not found in the build context or "
                          "excluded by .dockerignore")
    for path in matched:
        if path == "" or (context / path).is_dir():
            prefix = f"{path}/" if path else ""
            for inner in sorted(p for p in sent if p.startswith(prefix)):
                _place(context / inner, _under_path(root, target / inner.removeprefix(prefix)))
        else:
            name = target / PurePosixPath(path).name if into_folder else target
            _place(context / path, _under_path(root, name))


def _place(source: Path, destination: Path) -> None:
    if source.is_dir():
        destination.mkdir(parents=True, exist_ok=True)
    else:
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)


def _under_path(root: Path, image_path: PurePosixPath) -> Path:
    return root / str(image_path).lstrip("/")


def _under(root: Path, value: str) -> str:
    """An ENV value that is an absolute path names a place in the image: move it under root."""
    return str(_under_path(root, PurePosixPath(value))) if value.startswith("/") else value
