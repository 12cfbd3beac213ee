"""What each seat sees of a match, and a state it cannot tell apart from the real one.

The excerpts hide from the hunters what Dracula keeps face down: his trail and its Encounters
(«Dracula può scegliere di tenderti un’imboscata rivelando … una carta Incontro lì presente»:
an Encounter is seen when it is revealed), his location while hidden («Dracula viene
rivelato e la sua miniatura viene posizionata sul tabellone», «Dracula non può essere rivelato
mentre si trova in una zona di mare»: until then his miniature is not on the board), the event
cards that go to him by night («le carte con l’icona di Dracula vanno a Dracula»); and the
combat cards both sides choose «segretamente» (a round is recorded once both are revealed, so
no state holds a chosen card). A hunter's event and item cards are seen by the others only
once he reveals them («tenere rivelata una carta evento e una carta oggetto»). What a seat does
not see is shown as '?' (a card nobody saw), counted.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.state import HIDDEN

SPACES = tuple(BOARD.spaces)
CITIES = tuple(s for s in SPACES if BOARD.kind(s) == "city")


def view(state: Mapping[str, Any], viewer: str | None) -> dict:
    """The state as ``viewer`` sees it (everything for an archivist, ``viewer`` None)."""
    if viewer is None:
        return dict(state)
    seen = dict(state)
    seen["hunters"] = {pid: (hunter if pid == viewer else _face_down(hunter))
                       for pid, hunter in state["hunters"].items()}
    if viewer != state["dracula_player"]:
        seen["dracula"] = _dracula_as_hunters_see_him(state["dracula"])
    return seen


def resample_hidden(state: Mapping[str, Any], seat: str, rng: random.Random) -> dict:
    """A state ``seat`` cannot tell from ``state`` (an equal :func:`view`): the cards it does
    not see become cards nobody saw ('?'), and, for a hunter, the hidden Location cards of
    Dracula's trail are drawn again at random, each hunter waiting in a hideout (which he
    knows) keeping one on a trail card that holds an Encounter."""
    other = dict(state)
    other["hunters"] = {pid: (hunter if pid == seat else _face_down(hunter))
                        for pid, hunter in state["hunters"].items()}
    if seat != state["dracula_player"]:
        other["dracula"] = _redrawn(state, rng)
    return other


def _face_down(hunter: Mapping[str, Any]) -> dict:
    """A hunter's hand as another seat sees it: the revealed cards, then one '?' a card."""
    seen = dict(hunter)
    for kind in ("events", "items"):
        shown = hunter[f"shown_{kind}"]
        seen[kind] = list(shown) + [HIDDEN] * (len(hunter[kind]) - len(shown))
    return seen


def _dracula_as_hunters_see_him(dracula: Mapping[str, Any]) -> dict:
    seen = dict(dracula)
    seen["trail"] = [
        {"space": entry["space"] if n == 0 and dracula["revealed"] else HIDDEN,
         "encounters": [HIDDEN] * len(entry["encounters"])}
        for n, entry in enumerate(dracula["trail"])
    ]
    seen["events"] = [HIDDEN] * len(dracula["events"])
    if not dracula["revealed"]:
        seen["space"] = None
    return seen


def _redrawn(state: Mapping[str, Any], rng: random.Random) -> dict:
    """Dracula with his hidden trail spaces drawn again and his hidden cards unseen."""
    dracula = dict(state["dracula"])
    trail = dracula["trail"]
    shown = trail[0]["space"] if trail and dracula["revealed"] else None
    hidden = [n for n in range(len(trail)) if not (n == 0 and dracula["revealed"])]
    holding = [n for n in hidden if trail[n]["encounters"]]
    rng.shuffle(holding)
    waited_in = sorted({p["space"] for p in state["hideouts"].values()} - {shown})
    placed = dict(zip(holding, waited_in, strict=False))
    taken = set(placed.values()) | {shown}
    for n in hidden:
        if n in placed:
            continue
        pool = [s for s in (CITIES if trail[n]["encounters"] else SPACES) if s not in taken]
        placed[n] = rng.choice(pool or list(SPACES))
        taken.add(placed[n])
    dracula["trail"] = [
        {"space": placed.get(n, entry["space"]), "encounters": [HIDDEN] * len(entry["encounters"])}
        for n, entry in enumerate(trail)
    ]
    dracula["events"] = [HIDDEN] * len(dracula["events"])
    if not dracula["revealed"]:
        dracula["space"] = None
    return dracula
