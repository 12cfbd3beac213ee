"""Two texts compared word by word, as a page shows them with ``<ins>`` and ``<del>``.

Pure (Python's ``difflib``): the lines are matched first, then the words of each run of lines
that changed, so a long text costs what its changes cost. A word is a run of letters or digits,
a run of spaces, or one other character (a bracket, a quote, a dash), so a note that gains a
word shows that word, and its brackets stay where they were.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

__all__ = ["DELETED", "EQUAL", "INSERTED", "Piece", "word_diff", "words"]

EQUAL, INSERTED, DELETED = "equal", "ins", "del"
_WORD = re.compile(r"\w+|\s+|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Piece:
    kind: str  # EQUAL, INSERTED or DELETED
    text: str


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def word_diff(old: str, new: str) -> list[Piece]:
    """``new`` against ``old``: runs of equal, inserted and deleted text, in reading order
    (a deletion before the insertion that replaces it), adjacent runs of a kind merged."""
    pieces: list[Piece] = []
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    lines = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in lines.get_opcodes():
        before, after = "".join(old_lines[i1:i2]), "".join(new_lines[j1:j2])
        if tag == "equal":
            _add(pieces, EQUAL, before)
        elif tag == "replace":
            _words(pieces, before, after)
        else:
            _add(pieces, DELETED, before)
            _add(pieces, INSERTED, after)
    return pieces


def _words(pieces: list[Piece], old: str, new: str) -> None:
    a, b = words(old), words(new)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _add(pieces, EQUAL, "".join(a[i1:i2]))
        else:
            _add(pieces, DELETED, "".join(a[i1:i2]))
            _add(pieces, INSERTED, "".join(b[j1:j2]))


def _add(pieces: list[Piece], kind: str, text: str) -> None:
    if not text:
        return
    if pieces and pieces[-1].kind == kind:
        pieces[-1] = Piece(kind, pieces[-1].text + text)
    elif kind == DELETED and pieces and pieces[-1].kind == INSERTED:
        # keep "deleted, then inserted" when runs meet the other way round
        inserted = pieces.pop()
        _add(pieces, DELETED, text)
        pieces.append(inserted)
    else:
        pieces.append(Piece(kind, text))
