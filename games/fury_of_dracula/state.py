"""The state of a match of La Furia di Dracula as plain JSON data, and the board as an index.

Every key is documented in README.md ("State keys"). The state holds only dicts, lists, str,
int, bool and None, so ``json.loads(canonical_json(state)) == state``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

TIMES = ("day", "dusk", "night", "dawn")
NEXT_TIME = {"day": "dusk", "dusk": "night", "night": "dawn", "dawn": "day"}
HIDDEN = "?"


class BoardIndex:
    """The board data read once into lookups: railway colour of a link, road and sea
    neighbours, space kinds, hospitals and the distance of every space to each hospital."""

    __slots__ = (
        "default_starts",
        "hospital_distance",
        "hospitals",
        "rail",
        "rail_next",
        "roads",
        "sea",
        "spaces",
    )

    def __init__(self, board: Mapping[str, Any]) -> None:
        self.spaces: dict[str, dict] = dict(board.get("spaces", {}))
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


def new_hunter(space: str | None) -> dict:
    return {
        "space": space,
        "tickets": [],
        "events": [],
        "items": [],
        "shown_events": [],
        "shown_items": [],
        "bites": 0,
        "damage": 0,
        "weakened": False,
        "defeated": False,
        "defeated_at": None,
        "defeated_in": None,
    }


def build_initial_state(
    players: Sequence[Mapping[str, str]], setup: Mapping[str, Any], index: BoardIndex
) -> dict:
    """The state before the first event. ``setup["dracula"]`` names Dracula's player (the last
    seat if absent); every other player is one hunter. Raises ValueError on a setup that names
    no player of the match, since no replay could be meaningful from it."""
    ids = [p["id"] for p in players]
    if len(ids) < 2 or len(set(ids)) != len(ids):
        raise ValueError("a match needs at least two players with distinct ids")
    dracula = setup.get("dracula") or ids[-1]
    if dracula not in ids:
        raise ValueError(f"setup.dracula {dracula!r} is not a player of this match ({', '.join(ids)})")
    trail_length = setup.get("trail_length", 6)
    if isinstance(trail_length, bool) or not isinstance(trail_length, int) or trail_length < 1:
        raise ValueError("setup.trail_length must be a whole number of at least 1")
    starts = dict(setup.get("starts") or {})
    hunters = [pid for pid in ids if pid != dracula]
    defaults = index.default_starts
    hunter_states = {}
    for n, pid in enumerate(hunters):
        hunter_states[pid] = new_hunter(starts.get(pid) or defaults[n % len(defaults)])
    return {
        "players": [
            {
                "id": p["id"],
                "name": p.get("name") or p["id"],
                "seat": seat,
                "role": "dracula" if p["id"] == dracula else "hunter",
            }
            for seat, p in enumerate(players)
        ],
        "names": {p["id"]: (p.get("name") or p["id"]) for p in players},
        "dracula_player": dracula,
        "hunter_order": hunters,
        "time": "day",
        "tick": 0,
        "hunters": hunter_states,
        "dracula": {
            "trail": [],
            "revealed": False,
            "space": None,
            "events": [],
            "influence": 0,
            "defeated": False,
            "combat_due": None,
        },
        "combat": None,
        "hideouts": {},
        "discards": {"event_face_down": 0, "event": 0, "item": 0, "encounter": 0},
        "tickets_returned": 0,
        "trail_length": trail_length,
        "finished": False,
        "winner": None,
        "reason": "",
    }


def hunter_view(state: Mapping[str, Any], viewer: str | None) -> dict:
    """The state as a seat sees it: hunters do not see Dracula's hidden trail cards, their
    encounters or his hand; Dracula does not see the hunters' unrevealed cards."""
    if viewer is None:
        return dict(state)
    view = dict(state)
    if viewer == state["dracula_player"]:
        hunters = {}
        for pid, h in state["hunters"].items():
            h2 = dict(h)
            h2["events"] = list(h["shown_events"]) + [HIDDEN] * (
                len(h["events"]) - len(h["shown_events"])
            )
            h2["items"] = list(h["shown_items"]) + [HIDDEN] * (
                len(h["items"]) - len(h["shown_items"])
            )
            hunters[pid] = h2
        view["hunters"] = hunters
        return view
    dracula = dict(state["dracula"])
    trail = []
    for n, entry in enumerate(dracula["trail"]):
        shown = n == 0 and dracula["revealed"]
        trail.append(
            {
                "space": entry["space"] if shown else HIDDEN,
                "encounters": [HIDDEN] * len(entry["encounters"]),
            }
        )
    dracula["trail"] = trail
    dracula["events"] = [HIDDEN] * len(dracula["events"])
    if not dracula["revealed"]:
        dracula["space"] = None
    view["dracula"] = dracula
    return view
