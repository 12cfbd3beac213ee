"""The reconstructed map (``board.json``) read once into lookups, and drawn as a labelled board.

The excerpts do not describe the board: ``board.json`` says so in its provenance, and every
decision it holds (which railways are yellow, which cities have a hospital) is listed there.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.core.board import BoardLayout, Space

BOARD_FILE = Path(__file__).with_name("board.json")
# The game's words for the kinds of space: "città", "zona di mare", "spazio ospedale".
SPACE_KINDS = {"city": "city", "sea": "sea zone"}


class BoardIndex:
    """The board data read once into lookups: railway colour of a link, road and sea
    neighbours, space kinds, hospitals and the distance of every space to each hospital."""

    __slots__ = (
        "data",
        "default_starts",
        "hospital_distance",
        "hospitals",
        "laid_out",
        "names",
        "rail",
        "rail_next",
        "roads",
        "sea",
        "spaces",
    )

    def __init__(self, board: Mapping[str, Any]) -> None:
        self.data = board
        self.spaces: dict[str, dict] = dict(board.get("spaces", {}))
        self.names = {sid: d.get("name") or sid for sid, d in self.spaces.items()}
        self.laid_out: BoardLayout | None = None  # drawn once: ``layout``
        self.rail: dict[tuple[str, str], str] = {}
        self.rail_next: dict[str, list[tuple[str, str]]] = {}
        for colour, links in sorted(board.get("railways", {}).items()):
            for a, b in links:
                self.rail[(a, b)] = colour
                self.rail[(b, a)] = colour
                self.rail_next.setdefault(a, []).append((b, colour))
                self.rail_next.setdefault(b, []).append((a, colour))
        self.roads = _neighbours(board.get("roads", []))
        self.sea = _neighbours(board.get("sea_links", []))
        self.hospitals = sorted(s for s, d in self.spaces.items() if d.get("hospital"))
        self.default_starts = list(board.get("default_starts", [])) or sorted(
            s for s, d in self.spaces.items() if d.get("kind") == "city"
        )
        everything: dict[str, set[str]] = {}
        for table in (self.roads, self.sea):
            for a, nbrs in table.items():
                everything.setdefault(a, set()).update(nbrs)
        for a, b in self.rail:
            everything.setdefault(a, set()).add(b)
        self.hospital_distance: dict[str, dict[str, int]] = {
            h: _distances(everything, h) for h in self.hospitals
        }

    def kind(self, space: str) -> str | None:
        data = self.spaces.get(space)
        return data.get("kind") if data else None

    def name(self, space: str | None) -> str:
        return self.names.get(space, str(space))

    def nearest_hospitals(self, space: str | None) -> list[str]:
        """Hospitals at the fewest links from ``space`` (all of them if it is unknown)."""
        if space is None or space not in self.spaces:
            return list(self.hospitals)
        best, found = None, []
        for h in self.hospitals:
            d = self.hospital_distance[h].get(space)
            if d is None:
                continue
            if best is None or d < best:
                best, found = d, [h]
            elif d == best:
                found.append(h)
        return found or list(self.hospitals)

    def layout(self) -> BoardLayout:
        """Every city and sea zone by its name where ``board.json`` draws it, every road,
        railway and sea link, and the file's provenance (a reconstruction, and says so).
        Made once: a page draws it on every step."""
        if self.laid_out is None:
            self.laid_out = self._layout()
        return self.laid_out

    def _layout(self) -> BoardLayout:
        spaces = tuple(
            Space(
                id=sid,
                name=self.names[sid],
                kind=("hospital city" if d.get("hospital") else SPACE_KINDS.get(d.get("kind"), "city")),
                x=float(d["x"]),
                y=float(d["y"]),
                colour=d.get("colour", ""),
            )
            for sid, d in self.spaces.items()
        )
        links = []
        for a, b in self.data.get("roads", []):
            links.append((a, b))
        for colour in sorted(self.data.get("railways", {})):
            links.extend((a, b) for a, b in self.data["railways"][colour])
        links.extend((a, b) for a, b in self.data.get("sea_links", []))
        seen, unique = set(), []
        for a, b in links:
            key = tuple(sorted((a, b)))
            if key not in seen:
                seen.add(key)
                unique.append((a, b))
        return BoardLayout(
            spaces=spaces,
            links=tuple(unique),
            width=1000.0,
            height=1000.0,
            provenance=dict(self.data.get("provenance", {})),
        )


def _neighbours(links) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for a, b in links:
        table.setdefault(a, []).append(b)
        table.setdefault(b, []).append(a)
    return {k: sorted(v) for k, v in table.items()}


def _distances(graph: Mapping[str, set[str]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in sorted(graph.get(here, ())):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


BOARD = BoardIndex(json.loads(BOARD_FILE.read_text(encoding="utf-8")))
