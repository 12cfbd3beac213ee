"""The open fields this game's choices share, in its words: who records a happening, which
hunter, a card's name as read (the excerpts list no card), a space of the board, the links a
path crosses (roads, sea links, white and yellow railways of the reconstructed board), a path
as recorded (road and sea movement are not in the excerpts).

Domains that depend only on who plays (names) or on the board are built once and kept, so
that ``legal_events`` stays cheap.
"""

from __future__ import annotations

from functools import lru_cache

from games.core.choices import ACTOR, OneOf, OpenField, Text
from games.core.paths import Path
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.state import HIDDEN

# The archive's bound on one string of an event's data (the input boundary refuses longer):
# a card's name or a reason as read may be anything up to it.
TEXT_LIMIT = 10_000
# A recorded path holds at most this many spaces (the schema's bound, events.py).
LONGEST_PATH = 12

SPACES = tuple(BOARD.spaces)
EVERY_SPACE = OneOf(SPACES, labels=tuple(BOARD.name(s) for s in SPACES), spaces=SPACES)
NAMES = {space: BOARD.name(space) for space in SPACES}
# Any path the schema lets a record give: 2 to 12 spaces of the board, any space after any
# (road and sea movement as recorded, under road-and-sea-paths = as-recorded).
ANY_PATH = Path(None, least=1, most=LONGEST_PATH - 1, names=tuple(NAMES.items()), free=True)
# The links a path crosses, by kind: each space's next spaces and the kind of each link.
ROADS = {a: tuple((b, "road") for b in sorted(nbrs)) for a, nbrs in BOARD.roads.items()}
SEA_LINKS = {a: tuple((b, "sea") for b in sorted(nbrs)) for a, nbrs in BOARD.sea.items()}
RAILWAYS = {a: tuple(sorted(nbrs)) for a, nbrs in BOARD.rail_next.items()}
WHITE_RAILWAYS = {a: tuple(link for link in nbrs if link[1] == "white")
                  for a, nbrs in RAILWAYS.items()}
YES_OR_NO = OneOf((True, False), labels=("yes", "no"))
ONLY_NO = OneOf((False,), labels=("no",))


def players_of(state) -> tuple[tuple[str, str], ...]:
    """(id, name) of every player, in seat order: the key the kept domains are built from."""
    return tuple((p["id"], p["name"]) for p in state["players"])


@lru_cache(maxsize=256)
def _recorders(players: tuple[tuple[str, str], ...]) -> OpenField:
    values = (*(pid for pid, _ in players), None)
    labels = (*(who for _, who in players), "nobody (the record names no one)")
    return OpenField(ACTOR, OneOf(values, labels=labels), prompt="Who records it")


def recorder(state) -> OpenField:
    """The actor of a happening nobody decides (time passing, a bite, a recorded end): any
    player, or none (the excerpts do not say who records it)."""
    return _recorders(players_of(state))


@lru_cache(maxsize=4096)
def _people(entries: tuple[tuple[str, str], ...]) -> OneOf:
    return OneOf(tuple(pid for pid, _ in entries), labels=tuple(who for _, who in entries))


def people(state, pids) -> OneOf:
    """Some players, each by name."""
    return _people(tuple((pid, state["names"].get(pid, pid)) for pid in pids))


def acting(state, pids, prompt: str = "Which hunter") -> OpenField:
    """The actor open among ``pids`` (hunters who may take the action)."""
    return OpenField(ACTOR, people(state, pids), prompt=prompt)


def which_hunter(state, pids, prompt: str = "Which hunter") -> OpenField:
    """The data key ``hunter`` open among ``pids``."""
    return OpenField("hunter", people(state, pids), prompt=prompt)


@lru_cache(maxsize=1024)
def _read(field: str, prompt: str, optional: bool, suggestions: tuple[str, ...]) -> OpenField:
    return OpenField(field, Text(max_length=TEXT_LIMIT, suggestions=suggestions), prompt=prompt,
                     optional=optional)


def read(field: str, prompt: str, suggestions=(), *, optional: bool = False) -> OpenField:
    """A name or words as the record reads them (free text; ``suggestions`` are names met in
    the match)."""
    return _read(field, prompt, optional, tuple(suggestions))


@lru_cache(maxsize=1024)
def _names(field: str, prompt: str, optional: bool, values: tuple[str, ...]) -> OpenField:
    labels = tuple("a card nobody saw" if value == HIDDEN else value for value in values)
    return OpenField(field, OneOf(values, labels=labels), prompt=prompt, optional=optional)


def names(field: str, prompt: str, values, *, optional: bool = False) -> OpenField:
    """One of the names a hand or a trail card holds ('?' a card nobody saw)."""
    return _names(field, prompt, optional, tuple(values))


def card_field(field: str, prompt: str, found: tuple[list[str], bool], *,
               optional: bool = False) -> OpenField | None:
    """The card a rule accepts from a hand or a trail card (``takeable``/``revealable``): one of
    its names, or any name where it holds a card nobody saw; None when it holds none."""
    values, any_name = found
    if any_name:
        return read(field, prompt, [v for v in values if v != HIDDEN], optional=optional)
    if values:
        return names(field, prompt, values, optional=optional)
    return None


def in_play(state, *kinds: str) -> list[str]:
    """The card names the state shows (hands, Dracula's events, the trail's Encounters), for
    suggestions: ``kinds`` among ``events``, ``items``, ``encounters``."""
    found = set()
    for hunter in state["hunters"].values():
        for kind in kinds:
            if kind in ("events", "items"):
                found.update(hunter[kind])
    dracula = state["dracula"]
    if "events" in kinds:
        found.update(dracula["events"])
    if "encounters" in kinds:
        for entry in dracula["trail"]:
            found.update(entry["encounters"])
    found.discard(HIDDEN)
    return sorted(found)
