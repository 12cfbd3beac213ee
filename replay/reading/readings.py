"""A reading of the rules as a page names it: the options it takes otherwise than the defaults
and the points it reads by a conjecture (``Engine.conjectures``), each in the rulebook's words
("the default reading, with 3 conjectures"), never as point and option ids."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.http import QueryDict

from games.core.engine import Engine
from games.core.points import InterpretationError, InterpretationPoint, Option
from replay.log.errors import LogError
from web.words import flag_kind_in_words


def question_of(point: InterpretationPoint) -> str:
    """The point's question, its first sentence (what follows explains the doubt)."""
    question = point.question.strip()
    for end in ("? ", ". "):
        at = question.find(end)
        if at != -1:
            return question[:at + 1]
    return question


@dataclass(frozen=True)
class PointRead:
    """One point as a reading reads it: the question, the option and its words, and what the
    option assumes that no sentence gives (its conjecture, or "")."""

    point: str
    question: str
    option: str
    words: str
    conjecture: str = ""

    @property
    def said(self) -> str:
        return f"{self.question} {self.words}"


def _read(point: InterpretationPoint, option: Option) -> PointRead:
    return PointRead(point=point.id, question=question_of(point), option=option.id,
                     words=option.description, conjecture=option.conjecture)


@dataclass(frozen=True)
class ReadingWords:
    """What a page says of a reading. ``refereed`` is False for a game with no rule engine
    (its log steps through as recorded, under no reading)."""

    refereed: bool
    departures: tuple[PointRead, ...] = ()
    conjectures: tuple[PointRead, ...] = ()

    @property
    def is_default(self) -> bool:
        return self.refereed and not self.departures

    @property
    def conjecture_count(self) -> str:
        """"with 3 conjectures", "with 1 conjecture"; for a reading that reads by none, what
        its engine declares of it ("with no declared conjecture")."""
        count = len(self.conjectures)
        if not count:
            return "with no declared conjecture"
        return f"with {count} conjecture{'s' if count != 1 else ''}"

    @property
    def label(self) -> str:
        """A few words naming the reading: the default one with its conjectures counted, or
        the options it takes otherwise (and its conjectures, when it has any)."""
        if not self.refereed:
            return "the log as recorded (no rule engine referees it)"
        if not self.departures:
            return f"the default reading, {self.conjecture_count}"
        changed = "; ".join(read.said for read in self.departures)
        if self.conjectures:
            return f"{changed} ({self.conjecture_count})"
        return changed

    @property
    def heading(self) -> str:
        """The reading named above its list of points: the default one with its conjectures
        counted, or how many points it reads otherwise."""
        if not self.refereed or not self.departures:
            return self.label
        n = len(self.departures)
        said = f"another reading: {n} point{'s' if n != 1 else ''} otherwise than the default"
        return f"{said}, {self.conjecture_count}" if self.conjectures else said

    @property
    def short(self) -> str:
        """The label in a line: "the default reading, …", or how many points it reads
        otherwise (a select, a table cell)."""
        if not self.refereed or not self.departures:
            return self.label
        n = len(self.departures)
        first = self.departures[0]
        more = f" and {n - 1} more point{'s' if n > 2 else ''}" if n > 1 else ""
        return f"{first.question} {first.words}{more}"


def reading_words(engine: Engine | None, choices: Mapping[str, str] | None) -> ReadingWords:
    """The reading ``choices`` names (points left out at their defaults; points or options an
    older engine version had are read as today's engine has them, as a replay would)."""
    if engine is None:
        return ReadingWords(refereed=False)
    reading = engine.nearest_interpretation(dict(choices or {}))
    departures = tuple(
        _read(point, point.option(reading.option(point.id))) for point in engine.points
        if reading.option(point.id) != point.default
    )
    conjectures = tuple(_read(point, option) for point, option in engine.conjectures(reading))
    return ReadingWords(refereed=True, departures=departures, conjectures=conjectures)


@dataclass(frozen=True)
class FlagWords:
    """A flag as a page says it: what happened, without the ids the engine appends to its
    message ("(dagon.lagoon-chooser read as 'attacker')", "(dagon/the-lagoon)"); for a flag
    of a point, the point's question and the option read, in the rulebook's words."""

    said: str
    question: str = ""
    reading: str = ""
    conjecture: str = ""


def flag_words(engine: Engine | None, flag) -> FlagWords:
    """``flag`` (a stored flag, or one an engine just raised) in words."""
    message, rule, point, option = flag.message, flag.rule, flag.point, flag.option
    said = message.removesuffix(f" ({rule})") if rule else message
    if point:
        said = said.removesuffix(f" ({point} read as {option!r})")
    if engine is None or not point:
        return FlagWords(said=said)
    try:
        found = engine.point(point)
        read = found.option(option) if option else None
    except KeyError:  # a point or option an older engine version had
        return FlagWords(said=said, question=point, reading=option or "")
    return FlagWords(said=said, question=question_of(found),
                     reading=read.description if read else "",
                     conjecture=read.conjecture if read else "")


def flag_rows(flags, engine: Engine | None) -> list[dict]:
    """Flags as the pages list them: each with its kind and itself in words."""
    return [{"flag": flag, "kind": flag_kind_in_words(flag.kind),
             "words": flag_words(engine, flag)} for flag in flags]


def option_words(engine: Engine | None, point: str, option: str) -> str:
    """An option of a point in the rulebook's words (its id when the engine no longer has
    it)."""
    try:
        return engine.point(point).option(option).description if engine else option
    except KeyError:
        return option


def points_read_differently(engine: Engine | None, reading_a: Mapping[str, str],
                            reading_b: Mapping[str, str]) -> list[dict]:
    """The points two readings read differently, each with its question and both options in
    the rulebook's words (``point``, ``question``, ``a``, ``b``)."""
    if engine is None:
        return []
    a = engine.nearest_interpretation(dict(reading_a))
    b = engine.nearest_interpretation(dict(reading_b))
    return [{"point": point.id, "question": question_of(point),
             "a": point.option(a.option(point.id)).description,
             "b": point.option(b.option(point.id)).description}
            for point in engine.points if a.option(point.id) != b.option(point.id)]


def reading_key(interpretation: Mapping[str, str]) -> str:
    """One reading however its points are ordered."""
    return json.dumps(dict(interpretation), sort_keys=True)


# -- the one reading parser -------------------------------------------------------------------


class ReadingError(LogError):
    """A reading that names a point the game does not have, or an option its point does
    not have; ``field`` says where it was given."""

    code = "invalid_reading"


def parse_reading(engine: Engine | None, pairs: Iterable[tuple[object, object]], *,
                  field: str = "reading") -> dict[str, str]:
    """A reading as its choices (point id → option id), from the (point, option) pairs a page,
    the recorder, a study, a command or the API was given, however each names them
    (``form_pairs``, ``query_pairs``, ``argument_pairs``, or a JSON object's items). An
    option left empty takes its point's default; a point given twice, a point the game does
    not have, or an option its point does not have is refused, naming it."""
    choices: dict[str, str] = {}
    for point, option in pairs:
        if not isinstance(point, str) or not isinstance(option, str):
            raise ReadingError("a reading names each point and option by its id, as text",
                               field=field)
        if option == "":
            continue
        if point in choices:
            raise ReadingError(f"{point} is chosen twice", field=f"{field}.{point}")
        choices[point] = option
    if engine is None:
        if choices:
            raise ReadingError("this game has no rule engine, so no point to read",
                               field=field)
        return choices
    try:
        engine.interpretation(choices)
    except InterpretationError as error:
        raise ReadingError(str(error), field=field) from None
    return choices


def form_pairs(data: QueryDict, *, prefix: str = "point:") -> list[tuple[str, str]]:
    """The pairs of a form's ``point:<id>`` fields (every value of each, so a point sent
    twice is refused, not silently the last)."""
    return [(key.removeprefix(prefix), value)
            for key in data if key.startswith(prefix) for value in data.getlist(key)]


def query_pairs(query: QueryDict, *, leave: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The pairs of an address's ``<point>=<option>`` parameters (but those in ``leave``)."""
    return [(key, value) for key in query if key not in leave for value in query.getlist(key)]


def argument_pairs(values: Iterable[str], *, option: str = "--choose") -> list[tuple[str, str]]:
    """The pairs of command-line ``POINT=OPTION`` arguments, naming a malformed one."""
    pairs = []
    for value in values:
        point, sep, chosen = value.partition("=")
        if not sep or not point or not chosen:
            raise ReadingError(f"{option}: expected POINT=OPTION, got {value!r}", field=option)
        pairs.append((point, chosen))
    return pairs
