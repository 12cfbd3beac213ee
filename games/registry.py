"""The one registry of engines: every game's engine, found by its slug, wherever it comes from.

Engines come from *sources*, asked in order; the first that names a slug gives its engine:

1. Python engines, installed as entry points of the group ``ludoteca.engines`` (the name is
   the game's slug, the object its engine), the four seed games as any plugin is::

       [project.entry-points."ludoteca.engines"]
       dagon = "games.dagon.rules:ENGINE"

2. engines registered in this process (``register``: a test's engine, or one built here);
3. any other source added with ``add_source``: an object with ``slugs()`` and
   ``load(slug)``. This is the hook for data games: a source that compiles the rules
   documents the archive stores into engines makes each of them found by ``games.get`` exactly
   like a seed game. A source is asked again at every lookup, so one backed by a database
   answers with what is stored now (and keeps whatever cache it needs).

An engine that does not load (an import error, an entry point naming no engine, a slug that
is not the engine's own) is reported, never fatal to the others: ``find`` and ``available``
pass over it, ``problems()`` says what went wrong, and the log says it once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint, entry_points
from typing import Protocol

from games.core.engine import Engine

ENTRY_POINT_GROUP = "ludoteca.engines"

log = logging.getLogger(__name__)


class Source(Protocol):
    """Where engines come from: the slugs it knows, and the engine of one of them."""

    def slugs(self) -> Iterable[str]: ...

    def load(self, slug: str) -> Engine: ...


class UnknownGame(KeyError):
    """No source knows the slug."""

    def __init__(self, slug: str, known: Iterable[str] = ()) -> None:
        super().__init__(slug)
        self.known = sorted(known)

    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(self.known) or 'none'})"


class EngineUnavailable(LookupError):
    """A source knows the slug, but its engine does not load."""

    def __init__(self, slug: str, problem: str) -> None:
        super().__init__(slug, problem)
        self.slug = slug
        self.problem = problem

    def __str__(self) -> str:
        return f"the engine of {self.slug!r} does not load: {self.problem}"


class EntryPoints:
    """The engines installed as entry points of ``group``, each loaded once when first asked
    for (one broken plugin costs nothing to the others)."""

    def __init__(self, group: str = ENTRY_POINT_GROUP) -> None:
        self.group = group
        self._points: dict[str, EntryPoint] | None = None
        self._loaded: dict[str, Engine] = {}
        self.duplicates: dict[str, str] = {}

    def _found(self) -> dict[str, EntryPoint]:
        if self._points is None:
            points: dict[str, EntryPoint] = {}
            for point in entry_points(group=self.group):
                if point.name in points:
                    self.duplicates[point.name] = (
                        f"declared twice ({points[point.name].value} and {point.value}); "
                        f"the first is used")
                    continue
                points[point.name] = point
            self._points = points
        return self._points

    def slugs(self) -> Iterable[str]:
        return list(self._found())

    def load(self, slug: str) -> Engine:
        if slug not in self._loaded:
            point = self._found()[slug]
            try:
                engine = point.load()
            except Exception as error:  # a plugin's import may fail in any way
                raise EngineUnavailable(
                    slug, f"entry point {slug} = {point.value}: "
                          f"{type(error).__name__}: {error}") from error
            self._loaded[slug] = checked(slug, engine, f"entry point {slug} = {point.value}")
        return self._loaded[slug]

    def refresh(self) -> None:
        """Read the installed entry points again (a plugin installed since)."""
        self._points = None
        self.duplicates = {}


class Registered:
    """Engines registered by hand in this process."""

    def __init__(self) -> None:
        self.engines: dict[str, Engine] = {}

    def slugs(self) -> Iterable[str]:
        return list(self.engines)

    def load(self, slug: str) -> Engine:
        return self.engines[slug]


def checked(slug: str, engine: object, where: str) -> Engine:
    """``engine`` if it is the engine of ``slug``, else ``EngineUnavailable`` saying why."""
    if not isinstance(engine, Engine):
        raise EngineUnavailable(slug, f"{where} gives {type(engine).__name__}, not an Engine")
    if engine.slug != slug:
        raise EngineUnavailable(slug, f"{where} gives the engine of {engine.slug!r}")
    return engine


class Registry:
    """Every source of engines, asked in order (see the module's docstring)."""

    def __init__(self, group: str = ENTRY_POINT_GROUP) -> None:
        self.installed = EntryPoints(group)
        self.registered = Registered()
        self.sources: list[Source] = [self.installed, self.registered]
        self._problems: dict[str, str] = {}

    # -- finding engines ---------------------------------------------------------------

    def slugs(self) -> list[str]:
        """Every slug some source knows, loadable or not, each once, in the sources' order."""
        return list(dict.fromkeys(slug for _, slug in self._named()))

    def get(self, slug: str) -> Engine:
        """The engine of ``slug``: ``UnknownGame`` when no source knows it,
        ``EngineUnavailable`` when its engine does not load."""
        source = self._source_of(slug)
        if source is None:
            raise UnknownGame(slug, self.slugs())
        return self._load(source, slug)

    def find(self, slug: str) -> Engine | None:
        """The engine of ``slug``, or None when there is none that loads (without listing
        every slug for an error nobody reads: an append to a game with no engine asks this)."""
        source = self._source_of(slug)
        if source is None:
            return None
        try:
            return self._load(source, slug)
        except EngineUnavailable:
            return None

    def available(self) -> list[str]:
        """The slugs whose engine loads."""
        return [slug for slug in self.slugs() if self.find(slug) is not None]

    def problems(self) -> dict[str, str]:
        """What went wrong with each engine that did not load (or was declared twice), by
        slug: every known slug is tried first."""
        for slug in self.slugs():
            self.find(slug)
        return {**self.installed.duplicates, **self._problems}

    # -- adding engines ----------------------------------------------------------------

    def register(self, engine: Engine) -> None:
        """Make ``engine`` found by its slug in this process (unless an installed engine has
        that slug already: the installed one is found first)."""
        if not engine.slug:
            raise ValueError("an engine needs a slug to be registered")
        self.registered.engines[engine.slug] = engine

    def unregister(self, slug: str) -> None:
        self.registered.engines.pop(slug, None)
        self._problems.pop(slug, None)

    @contextmanager
    def registering(self, engine: Engine) -> Iterator[Engine]:
        """``engine`` registered for a ``with`` block only (a test's engine)."""
        self.register(engine)
        try:
            yield engine
        finally:
            self.unregister(engine.slug)

    def add_source(self, source: Source) -> None:
        """Ask ``source`` after the installed and registered engines (data games)."""
        if source not in self.sources:
            self.sources.append(source)

    def remove_source(self, source: Source) -> None:
        if source in self.sources:
            self.sources.remove(source)

    def refresh(self) -> None:
        """Read the installed entry points again, and forget past problems."""
        self.installed.refresh()
        self._problems.clear()

    # -- inside ----------------------------------------------------------------------

    def _source_of(self, slug: str) -> Source | None:
        return next((source for source, known in self._named() if known == slug), None)

    def _named(self) -> Iterator[tuple[Source, str]]:
        for source in list(self.sources):
            try:
                slugs = list(source.slugs())
            except Exception as error:  # noqa: BLE001 (a source that cannot list must not hide the others)
                self._report(f"<{type(source).__name__}>", f"its slugs cannot be listed: "
                                                           f"{type(error).__name__}: {error}")
                continue
            for slug in slugs:
                yield source, slug

    def _load(self, source: Source, slug: str) -> Engine:
        try:
            return checked(slug, source.load(slug), type(source).__name__)
        except EngineUnavailable as error:
            self._report(slug, error.problem)
            raise
        except Exception as error:  # a source may fail in any way; the others go on
            problem = f"{type(source).__name__}: {type(error).__name__}: {error}"
            self._report(slug, problem)
            raise EngineUnavailable(slug, problem) from error

    def _report(self, slug: str, problem: str) -> None:
        if self._problems.get(slug) != problem:
            log.warning("engine %s does not load: %s", slug, problem)
        self._problems[slug] = problem


REGISTRY = Registry()
register = REGISTRY.register
unregister = REGISTRY.unregister
registering = REGISTRY.registering
add_source = REGISTRY.add_source
remove_source = REGISTRY.remove_source
