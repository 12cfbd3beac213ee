"""Problems of a rules document, as values: each says where (the line, and the path of keys and
indexes such as ``board.spaces[6].effect``) and what is wrong, in a collector's words. A check
collects every problem it finds, never only the first."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Path = tuple  # keys (str) and indexes (int) from the document's root


def path_text(path: Sequence) -> str:
    """``("board", "spaces", 6, "effect")`` -> ``board.spaces[6].effect``."""
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text += f".{step}" if text else str(step)
    return text


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a document: ``line`` (1-based; None when the text has no line for
    it), ``path`` (where in the document, "" for the whole of it) and ``message``."""

    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = [f"line {self.line}"] if self.line is not None else []
        if self.path:
            where.append(self.path)
        return f"{', '.join(where)}: {self.message}" if where else self.message

    def as_dict(self) -> dict:
        return {"line": self.line, "path": self.path, "message": self.message}


class RulesError(ValueError):
    """A document that cannot be read, validated or compiled, with all its problems."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(problem) for problem in self.problems))


def in_order(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """Problems by line (those without one last), then by path (``spaces[3]`` before
    ``spaces[11]``), each said once."""
    unique = dict.fromkeys(problems)
    return tuple(sorted(unique, key=lambda p: (p.line is None, p.line or 0, _natural(p.path))))


def _natural(path: str) -> list:
    return [(0, int(part), "") if part.isdigit() else (1, 0, part)
            for part in re.split(r"(\d+)", path)]
