"""The state of a match of La Furia di Dracula as plain JSON data (what each seat sees of it:
``views.py``).

Every key is documented in README.md ("State keys"). The state holds only dicts, lists, str,
int, bool and None, so ``json.loads(canonical_json(state)) == state``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

TIMES = ("day", "dusk", "night", "dawn")
NEXT_TIME = {"day": "dusk", "dusk": "night", "night": "dawn", "dawn": "day"}
# The times in the game's words, as labels say them.
TIME_WORDS = {"day": "day (giorno)", "dusk": "dusk (tramonto)", "night": "night (notte)",
              "dawn": "dawn (alba)"}
HIDDEN = "?"


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
    players: Sequence[Mapping[str, str]], setup: Mapping[str, Any], default_starts: Sequence[str]
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
    defaults = list(default_starts)
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
