"""A clause of a document as the interpreter holds it: a value (``Fixed``) or, where the
document names an interpretation point, one value per option (``Switch``).

Whoever needs the value says how the point is read: ``Consulting`` in ``apply`` (each point
read is a ``consulted`` flag, once per event), ``Reading`` in the offers (the reading's option,
noting which points decided).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core.points import Interpretation, InterpretationPoint
from games.core.referee import Referee

Read = Callable[[InterpretationPoint, str], str]


class Fixed:
    """A clause the document states outright."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def pick(self, read: Read) -> Any:
        return self.value

    def values(self) -> tuple:
        return (self.value,)


class Switch:
    """A clause that is an interpretation point: ``by_option`` maps each option to the value
    of its clause; ``why`` says, for the flag, what the point decides here."""

    __slots__ = ("by_option", "point", "why")

    def __init__(self, point: InterpretationPoint, by_option: Mapping[str, Any], why: str) -> None:
        self.point = point
        self.by_option = dict(by_option)
        self.why = why

    def pick(self, read: Read) -> Any:
        return self.by_option[read(self.point, self.why)]

    def values(self) -> tuple:
        return tuple(self.by_option.values())


Clause = Fixed | Switch


def agreed(clause: Clause, judge: Callable[[Any], Any], read: Read) -> Any:
    """``judge`` of the clause's value, reading the point only when its options disagree (a
    point whose every option gives the same answer decided nothing here)."""
    if isinstance(clause, Fixed):
        return judge(clause.value)
    answers = {option: judge(value) for option, value in clause.by_option.items()}
    found = list(answers.values())
    if found.count(found[0]) == len(found):
        return found[0]
    return answers[read(clause.point, clause.why)]


class Consulting:
    """Reads points through the referee of one event: each is consulted (flagged) once."""

    __slots__ = ("ref", "seen")

    def __init__(self, ref: Referee) -> None:
        self.ref = ref
        self.seen: dict[str, str] = {}

    def __call__(self, point: InterpretationPoint, why: str) -> str:
        option = self.seen.get(point.id)
        if option is None:
            option = self.seen[point.id] = self.ref.consult(point, why)
        return option


class Reading:
    """Reads points from a reading without flags, noting each point read (``points``)."""

    __slots__ = ("points", "reading")

    def __init__(self, reading: Interpretation) -> None:
        self.reading = reading
        self.points: dict[str, InterpretationPoint] = {}

    def __call__(self, point: InterpretationPoint, why: str) -> str:
        self.points[point.id] = point
        return self.reading.option(point.id)


def deciding_points(judge: Callable[[Read], Any], reading: Interpretation,
                    verdict: Callable[[Any], Any] = lambda answer: answer
                    ) -> tuple[Any, list[InterpretationPoint]]:
    """``judge(read)`` under ``reading``, and the points read whose other options would change
    its ``verdict`` (by default the answer itself): the points that decided it (those a
    referee consults)."""
    first = Reading(reading)
    answer = judge(first)
    if not first.points:  # the usual case: nothing read, nothing decided
        return answer, []
    return answer, deciding_of(judge, reading, first, verdict(answer), verdict)


def deciding_of(judge: Callable[[Read], Any], reading: Interpretation, first: Reading,
                decided: Any, verdict: Callable[[Any], Any] = lambda answer: answer
                ) -> list[InterpretationPoint]:
    """``deciding_points``'s second half, for a caller that judged once itself: of the points
    ``first`` read, those whose other options would change the ``verdict``, ``decided`` under
    ``reading`` (the hot handlers ask it only when a point was read)."""
    deciding = []
    read = first.points
    for point_id in sorted(read):
        point = read[point_id]
        taken = reading.option(point_id)
        for choice in point.options:  # their ids, without making option_ids' tuple
            option = choice.id
            if option == taken:
                continue
            other = _other_reading(reading, point_id, option)
            if verdict(judge(Reading(other))) != decided:
                deciding.append(point)
                break
    return deciding


# The readings one option away from another, made once each (a reading never changes): the
# second judgement of a point is asked after many events of a replay, under one reading. Each
# is kept with the reading it comes from, so the id in its key names no other while kept.
_OTHERS: dict[tuple[int, str, str], tuple[Interpretation, Interpretation]] = {}
MOST_OTHERS = 256


def _other_reading(reading: Interpretation, point_id: str, option: str) -> Interpretation:
    key = (id(reading), point_id, option)
    known = _OTHERS.get(key)
    if known is not None and known[0] is reading:
        return known[1]
    other = reading.with_option(point_id, option)
    if len(_OTHERS) >= MOST_OTHERS:
        _OTHERS.clear()
    _OTHERS[key] = (reading, other)
    return other
