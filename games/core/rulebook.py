"""How an engine names the passages it implements: ``game/slug``, the slug of a heading of the
game's transcription (``dagon/the-lagoon``), which ``archive`` resolves to the text.

An engine declares the passages it cites once (``Rulebook``); citing one it did not declare
is an error at import, and a test checks every declared passage against the transcription.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.core.points import Citation


class Rulebook:
    """The passages of one game's rulebook an engine cites, by slug."""

    __slots__ = ("game", "ids")

    def __init__(self, game: str, slugs: Iterable[str]) -> None:
        self.game = game
        self.ids = frozenset(f"{game}/{slug}" for slug in slugs)

    def __call__(self, slug: str) -> str:
        """The passage id of ``slug``, which must be declared."""
        passage = f"{self.game}/{slug}"
        if passage not in self.ids:
            raise KeyError(f"{passage} is not a passage this engine declares")
        return passage

    def cite(self, slug: str, quote: str, *, note: str = "", page: str = "") -> Citation:
        return Citation(passage=self(slug), quote=quote, note=note, page=page)
