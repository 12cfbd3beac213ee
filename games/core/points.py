"""Interpretation points: the places where a rulebook leaves a referee to decide."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

CONFLICT = "conflict"
ILLEGIBLE = "illegible"
UNSPECIFIED = "unspecified"
TRANSLATION = "translation"
DOUBT_KINDS = (CONFLICT, ILLEGIBLE, UNSPECIFIED, TRANSLATION)


class InterpretationError(ValueError):
    """An interpretation names a point or an option the engine does not declare."""


@dataclass(frozen=True)
class Citation:
    """A passage of a rulebook, by its stable slug (``dagon/the-lagoon``), and the words quoted.

    ``note`` carries the transcription's legibility or editorial note when the quoted words
    rest on one, so a flag can show it beside the rule; ``page`` the printed page citation
    ("pag. 12") where the transcription gives one.
    """

    passage: str
    quote: str
    note: str = ""
    page: str = ""

    def as_dict(self) -> dict[str, Any]:
        data = {"passage": self.passage, "quote": self.quote}
        if self.note:
            data["note"] = self.note
        if self.page:
            data["page"] = self.page
        return data


@dataclass(frozen=True)
class Option:
    """One reading of a point. ``conjecture`` says what it assumes that no sentence of the
    text gives (empty: the text's own words allow it)."""

    id: str
    description: str
    conjecture: str = ""


@dataclass(frozen=True)
class InterpretationPoint:
    """A doubt the text leaves to a referee, with the readings it allows.

    The default is either the reading the text's words give, ``default_words`` quoting them
    (they occur in one of the citations), or a conjecture, its option's ``conjecture`` saying
    what it assumes: never a conjecture wearing the text's clothes.
    """

    id: str
    question: str
    options: tuple[Option, ...]
    default: str
    doubt: str
    citations: tuple[Citation, ...]
    default_words: str = ""

    def __post_init__(self) -> None:
        if self.doubt not in DOUBT_KINDS:
            raise ValueError(f"{self.id}: doubt must be one of {DOUBT_KINDS}, not {self.doubt!r}")
        ids = [option.id for option in self.options]
        if len(ids) < 2 or len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: needs at least two distinct options")
        if self.default not in ids:
            raise ValueError(f"{self.id}: default {self.default!r} is not one of its options")
        if not self.citations:
            raise ValueError(f"{self.id}: an interpretation point must cite its passage")

    @property
    def option_ids(self) -> tuple[str, ...]:
        return tuple(option.id for option in self.options)

    def option(self, option_id: str) -> Option:
        for option in self.options:
            if option.id == option_id:
                return option
        raise KeyError(option_id)

    @property
    def default_is_conjecture(self) -> bool:
        return bool(self.option(self.default).conjecture)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "question": self.question,
            "options": [{"id": o.id, "description": o.description,
                         "conjecture": o.conjecture} for o in self.options],
            "default": self.default,
            "default_words": self.default_words,
            "default_is_conjecture": self.default_is_conjecture,
            "doubt": self.doubt,
            "citations": [c.as_dict() for c in self.citations],
        }


@dataclass(frozen=True)
class Certainty:
    """A decision the engine makes that the text settles, with the sentence that settles it:
    the counterpart of a point, so that no judgement of an engine goes uncited.

    ``topic`` says what is decided ("how far a Hero moves"), ``decision`` what the engine does,
    ``deciding`` the words of the quoted sentences that decide it (each occurs in a citation).
    """

    id: str
    topic: str
    decision: str
    citations: tuple[Citation, ...]
    deciding: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.citations:
            raise ValueError(f"{self.id}: a certainty must cite the sentence that settles it")

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "topic": self.topic,
            "decision": self.decision,
            "deciding": list(self.deciding),
            "citations": [c.as_dict() for c in self.citations],
        }


@dataclass(frozen=True)
class Interpretation:
    """A reading: the option taken at every point an engine declares (``options``, point id to
    option id); unchosen points take their defaults. (A *choice* is something else: an event a
    player may record next, ``games.core.choices.Choice``.)

    Build one with :meth:`from_options`, which refuses an unknown point or option with a
    message that names it.
    """

    options: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_options(
        cls, points: Iterable[InterpretationPoint], options: Mapping[str, str] | None = None
    ) -> Interpretation:
        by_id = {point.id: point for point in points}
        options = dict(options or {})
        for point_id, option_id in options.items():
            point = by_id.get(point_id)
            if point is None:
                known = ", ".join(sorted(by_id)) or "none"
                raise InterpretationError(
                    f"unknown interpretation point {point_id!r} (this game declares: {known})"
                )
            if option_id not in point.option_ids:
                raise InterpretationError(
                    f"{point_id}: unknown option {option_id!r} "
                    f"(choose one of: {', '.join(point.option_ids)})"
                )
        full = {point_id: options.get(point_id, point.default) for point_id, point in by_id.items()}
        return cls(options=dict(sorted(full.items())))

    def option(self, point_id: str) -> str:
        try:
            return self.options[point_id]
        except KeyError:
            raise InterpretationError(f"the reading takes no option at {point_id!r}") from None

    def with_option(self, point_id: str, option_id: str) -> Interpretation:
        options = dict(self.options)
        options[point_id] = option_id
        return Interpretation(options=options)

    def as_dict(self) -> dict[str, str]:
        return dict(self.options)
