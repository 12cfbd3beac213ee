"""Citations and interpretation points of a document: every citation names a passage of the
game's transcription (``game/heading-slug``), and, when the transcription is given, quotes it
word for word; a point's default is the quoted words or a declared conjecture, never both."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.points import Citation, InterpretationPoint, Option

# What a collector is shown of the known passages when a citation names another.
SHOWN_PASSAGES = 8


class Citing:
    """Turns ``cite`` values into citations, reporting through ``problem(path, message)``."""

    def __init__(self, game: str, passages: Mapping[str, str] | None, problem) -> None:
        self.game = game
        self.passages = passages
        self.problem = problem
        self.cited: set[str] = set()
        # Per cited clause: (path, citations, deciding words), for the engine's certainties.
        self.settled: list[tuple[tuple, tuple[Citation, ...], tuple[str, ...]]] = []

    def cites(self, raw: Any, path: tuple, *, settles: bool = True) -> tuple[Citation, ...]:
        if raw is None:
            return ()
        items = raw if isinstance(raw, list) else [raw]
        found, deciding = [], []
        for index, item in enumerate(items):
            where = (*path, index) if isinstance(raw, list) else path
            citation = self.citation(item, where)
            if citation is not None:
                found.append(citation)
                words = item.get("deciding", item["quote"])
                if words not in item["quote"]:
                    self.problem((*where, "deciding"),
                                 f"the deciding words {words!r} are not in the quote")
                deciding.append(words)
        if settles and found:
            self.settled.append((path, tuple(found), tuple(deciding)))
        return tuple(found)

    def citation(self, item: Mapping[str, Any], path: tuple) -> Citation | None:
        passage, quote = item["passage"], item["quote"]
        if not passage.startswith(f"{self.game}/"):
            self.problem((*path, "passage"), f"{passage!r} is not a passage of {self.game!r} "
                         f"(a passage id starts with '{self.game}/')")
            return None
        if self.passages is not None:
            text = self.passages.get(passage)
            if text is None:
                known = sorted(self.passages)
                shown = ", ".join(known[:SHOWN_PASSAGES]) + (", …" if len(known) >
                                                             SHOWN_PASSAGES else "")
                self.problem((*path, "passage"), f"there is no passage {passage!r} in the "
                             f"transcription (its passages: {shown or 'none'})")
                return None
            if quote not in text:
                self.problem((*path, "quote"), f"the quote is not in {passage} word for word: "
                             f"{_short(quote)!r}")
                return None
        self.cited.add(passage)
        return Citation(passage=passage, quote=quote, note=item.get("note", ""),
                        page=item.get("page", ""))

    def point(self, raw: Mapping[str, Any], path: tuple) -> InterpretationPoint | None:
        """One point, or None (its problems reported)."""
        ok = True
        point_id = raw["id"]
        if point_id.split(".", 1)[0] != self.game:
            self.problem((*path, "id"), f"a point of {self.game!r} is named "
                         f"'{self.game}.<slug>', not {point_id!r}")
            ok = False
        options = raw["options"]
        ids = [option["id"] for option in options]
        for index, option_id in enumerate(ids):
            if option_id in ids[:index]:
                self.problem((*path, "options", index, "id"),
                             f"the option {option_id!r} is given twice")
                ok = False
        default = raw["default"]
        if default not in ids:
            self.problem((*path, "default"), f"the default {default!r} is not one of its "
                         f"options ({', '.join(ids)})")
            return None
        citations = self.cites(raw["cite"], (*path, "cite"), settles=False)
        if not citations:
            return None
        chosen = options[ids.index(default)]
        words = raw.get("default_words", "")
        conjecture = chosen.get("conjecture", "")
        if words and conjecture:
            self.problem((*path, "default_words"), "the default is both the text's words and "
                         "a conjecture: give default_words or the default option's "
                         "conjecture, not both")
            ok = False
        elif not words and not conjecture:
            self.problem((*path, "default"), "the default needs either default_words (the "
                         "words of a quote that give it) or a conjecture on its option (what "
                         "it assumes that no sentence gives)")
            ok = False
        elif words and not any(words in citation.quote for citation in citations):
            self.problem((*path, "default_words"), f"{_short(words)!r} is in none of the "
                         "point's quotes")
            ok = False
        for index, option in enumerate(options):
            if "point" in (option["clause"] if isinstance(option["clause"], dict) else {}):
                self.problem((*path, "options", index, "clause"),
                             "an option's clause is a clause of the rules, not another point")
                ok = False
        if not ok:
            return None
        return InterpretationPoint(
            id=point_id, question=raw["question"],
            options=tuple(Option(option["id"], option["description"],
                                 option.get("conjecture", "")) for option in options),
            default=default, doubt=raw["doubt"], citations=citations, default_words=words)


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:77] + "…"
