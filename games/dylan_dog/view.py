"""What one seat sees, and the states it cannot tell apart (dylan-dog/before-playing,
reaching-the-mystery-crypts).

Story cards lie "face down in front of them, without showing them to the other players"; a
shadow a player showed from them stays seen. A mystery card is kept "declared"; whether it
is useful "Only the player who drew it knows ... the others do not know (unless the card is
useful to them too)"; under dylan-dog.mystery-card-visibility = face-down the others do not
see the card either (``?``). Everything else lies on the table: pawns, the plane, shadow
cards ("must be kept face up"), horror and Dylan Dog cards held, what each crypt and deck
holds by count (their contents and order are never in the state: a draw is recorded).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.dylan_dog.board import BY_CATEGORY, CATEGORIES, ELEMENTS, STORY
from games.dylan_dog.state import story_complete

RESAMPLING_TRIES = 50


def useful(player: Mapping[str, Any], cards) -> list[str]:
    story = player.get("story") or []
    return sorted(c for c in cards if c in story)


def view(state: Mapping[str, Any], viewer: str | None) -> dict:
    out = dict(state)
    players = state["players"]
    if viewer is None:
        out["usefulness"] = {pid: useful(p, p["mystery"]) for pid, p in players.items()}
        out["viewer"] = None
        return out
    me = players.get(viewer)
    seen = {}
    for pid, p in players.items():
        if pid == viewer:
            seen[pid] = p
            continue
        q = dict(p)
        q["story"] = None
        q["story_hidden"] = p["story"] is not None
        q["mystery"] = sorted(("?" if c in p["mystery_hidden"] else c) for c in p["mystery"])
        q["mystery_hidden"] = []
        seen[pid] = q
    out["players"] = seen
    out["viewer"] = viewer
    usefulness = {}
    if me is not None:
        usefulness[viewer] = useful(me, me["mystery"])
        # cards others hold that the viewer knows are useful: those useful to the viewer
        others = {
            pid: useful(me, [c for c in seen[pid]["mystery"] if c != "?"])
            for pid in players
            if pid != viewer
        }
        out["useful_to_me_held_by_others"] = {pid: cards for pid, cards in others.items() if cards}
    out["usefulness"] = usefulness
    return out


def resample_hidden(state: Mapping[str, Any], seat: str, rng: random.Random) -> dict:
    """A state ``seat`` cannot tell from ``state``: the other players' stories drawn again
    among the story cards it does not hold (each still showing the shadows its player showed),
    and the mystery cards others hold face down drawn again among those it sees in nobody's
    hand; a draw that would leave another player holding their whole story, which the table
    would have seen end the game, is drawn again."""
    players = state["players"]
    mine = players.get(seat)
    others = [pid for pid in state["order"] if pid != seat]
    drawn = None
    for _try in range(RESAMPLING_TRIES):
        drawn = _draw(players, mine, others, rng)
        if drawn is not None and not any(story_complete(drawn[pid]) for pid in others):
            break
    if drawn is None:
        return dict(state)
    new = dict(state)
    new["players"] = {**players, **{pid: drawn[pid] for pid in others}}
    return new


def _draw(players, mine, others, rng) -> dict[str, dict] | None:
    own_story = set(mine["story"] or []) if mine else set()
    left = {kind: [c for c in BY_CATEGORY[kind] if c not in own_story] for kind in CATEGORIES}
    seen = set(mine["mystery"]) if mine else set()
    for pid in others:
        p = players[pid]
        seen.update(c for c in p["mystery"] if c not in p["mystery_hidden"])
    unseen = [e for e in ELEMENTS if e not in seen]
    rng.shuffle(unseen)
    drawn = {}
    for pid in others:
        p = dict(players[pid])
        if p["story"] is not None:
            story = _story(left, p["shown_shadows"], rng)
            if story is None:
                return None
            p["story"] = story
        if p["mystery_hidden"]:
            hidden = sorted(unseen[: len(p["mystery_hidden"])])
            del unseen[: len(hidden)]
            p["mystery"] = sorted([c for c in p["mystery"] if c not in p["mystery_hidden"]]
                                  + hidden)
            p["mystery_hidden"] = hidden
        drawn[pid] = p
    return drawn


def _story(left: dict[str, list[str]], shown, rng) -> list[str] | None:
    """One card of each kind from ``left`` (taken out of it), among them a card showing each
    shadow in ``shown``; None when ``left`` has none that fits."""
    picked: dict[str, str] = {}
    for shadow in sorted(shown):
        if any(STORY[c]["shadow"] == shadow for c in picked.values()):
            continue
        fitting = [(kind, c) for kind in CATEGORIES if kind not in picked
                   for c in left[kind] if STORY[c]["shadow"] == shadow]
        if not fitting:
            return None
        kind, card = rng.choice(fitting)
        picked[kind] = card
    for kind in CATEGORIES:
        if kind not in picked:
            if not left[kind]:
                return None
            picked[kind] = rng.choice(left[kind])
    for kind, card in picked.items():
        left[kind] = [c for c in left[kind] if c != card]
    return [picked[kind] for kind in CATEGORIES]
