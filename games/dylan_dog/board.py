"""The three planes as lookup tables, read once from board.json (a documented reconstruction).

Square ids: reality ``R0``..``R23``; nightmare ``N0``..``N23`` (they ride the rotation);
mystery access squares by their label (``MENTE-INFINITO``), path squares
``MENTE-INFINITO>MENTE/1``..``/3``, crypts ``CRIPTA-MENTE``. A slot is an angular position
shared by the three planes; nightmare square ``Ni`` sits over slot ``(i + rotation) % SLOTS``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

BOARD = json.loads((Path(__file__).parent / "board.json").read_text(encoding="utf-8"))

SLOTS: int = BOARD["slots"]
CRYPT_NAMES = ("MENTE", "INFINITO", "PARANORMALE", "TEMPO")

REALITY = tuple(sq["id"] for sq in BOARD["reality"])
REALITY_SLOT = {sq["id"]: sq["slot"] for sq in BOARD["reality"]}
REALITY_AT_SLOT = {sq["slot"]: sq["id"] for sq in BOARD["reality"]}
WHITE = tuple(sq["id"] for sq in BOARD["reality"] if sq["kind"] == "white")
WHITE_SET = frozenset(WHITE)

NIGHTMARE = tuple(sq["id"] for sq in BOARD["nightmare"])
NIGHTMARE_INDEX = {sq["id"]: sq["index"] for sq in BOARD["nightmare"]}
NIGHTMARE_KIND = {sq["id"]: sq["kind"] for sq in BOARD["nightmare"]}
NIGHTMARE_LABEL = {sq["id"]: sq["label"] for sq in BOARD["nightmare"]}

ACCESS = {sq["id"]: sq for sq in BOARD["mystery"]["access"]}
ACCESS_SLOT = {name: sq["slot"] for name, sq in ACCESS.items()}
ACCESS_AT_SLOT = {sq["slot"]: name for name, sq in ACCESS.items()}
CRYPT_SQUARE = {c["crypt"]: c["id"] for c in BOARD["mystery"]["crypts"]}
CRYPT_OF_SQUARE = {c["id"]: c["crypt"] for c in BOARD["mystery"]["crypts"]}
CRYPT_SLOT = {c["crypt"]: c["slot"] for c in BOARD["mystery"]["crypts"]}
CRYPT_AT_SLOT = {c["slot"]: c["crypt"] for c in BOARD["mystery"]["crypts"]}
SCAMBIO_SLOTS = frozenset(m["slot"] for m in BOARD["mystery"]["marks"] if m["kind"] == "scambio")
FACE_SLOTS = frozenset(
    m["slot"] for m in BOARD["mystery"]["marks"] if m["kind"] == "dylan-dog-face"
)

# mystery plane: a static graph (access - path squares - crypt); which crypts a square leads to
MYSTERY_NEIGHBOURS: dict[str, tuple[str, ...]] = {}
LEADS_TO: dict[str, tuple[str, ...]] = {}
SHADOW_SQUARES: frozenset[str]
PATH_FIRST: dict[str, list[str]] = {name: [] for name in CRYPT_NAMES}  # crypt -> first path squares
ACCESS_TO: dict[str, list[str]] = {name: [] for name in CRYPT_NAMES}  # crypt -> access squares
_adj: dict[str, list[str]] = {}
_shadows = []
for _path in BOARD["mystery"]["paths"]:
    _chain = [_path["from"]] + [sq["id"] for sq in _path["squares"]] + [CRYPT_SQUARE[_path["to"]]]
    for _a, _b in itertools.pairwise(_chain):
        _adj.setdefault(_a, []).append(_b)
        _adj.setdefault(_b, []).append(_a)
    for _sq in _path["squares"]:
        LEADS_TO[_sq["id"]] = (_path["to"],)
        if _sq["kind"] == "shadow":
            _shadows.append(_sq["id"])
    PATH_FIRST[_path["to"]].append(_path["squares"][0]["id"])
    ACCESS_TO[_path["to"]].append(_path["from"])
for _name, _sq in ACCESS.items():
    LEADS_TO[_name] = tuple(_sq["leads_to"])
for _crypt, _sqid in CRYPT_SQUARE.items():
    LEADS_TO[_sqid] = (_crypt,)
MYSTERY_NEIGHBOURS = {k: tuple(sorted(v)) for k, v in _adj.items()}
SHADOW_SQUARES = frozenset(_shadows)
MYSTERY = tuple(sorted(MYSTERY_NEIGHBOURS))

ALL_SQUARES = REALITY + NIGHTMARE + MYSTERY
PLANE = {
    **dict.fromkeys(REALITY, "reality"),
    **dict.fromkeys(NIGHTMARE, "nightmare"),
    **dict.fromkeys(MYSTERY, "mystery"),
}

SHADOWS = tuple(BOARD["shadows"])
STORY = {card["element"]: card for card in BOARD["story_cards"]}
ELEMENTS = tuple(STORY)
CATEGORIES = ("investigator", "action", "location", "fear")
BY_CATEGORY = {kind: tuple(e for e in ELEMENTS if STORY[e]["category"] == kind)
               for kind in CATEGORIES}
NIGHTMARE_KINDS = tuple(entry["kind"] for entry in BOARD["nightmare_deck"])
NIGHTMARE_DECK_SIZE = sum(entry["count"] for entry in BOARD["nightmare_deck"])
HORROR_CARDS = tuple(BOARD["horror_cards"])
THRESHOLDS = ("2+", "3+", "4+", "5+", "6", "dylan-dog")
FACES = ("2", "3", "4", "5", "6", "dylan-dog")

# ring neighbours for reality and nightmare (index +-1 around the ring)
RING_NEXT = {}
for _ring in (REALITY, NIGHTMARE):
    for _i, _sq in enumerate(_ring):
        RING_NEXT[_sq] = (_ring[(_i + 1) % len(_ring)], _ring[(_i - 1) % len(_ring)])


def nightmare_slot(square: str, rotation: int) -> int:
    return (NIGHTMARE_INDEX[square] + rotation) % SLOTS


def nightmare_at_slot(slot: int, rotation: int) -> str:
    return NIGHTMARE[(slot - rotation) % SLOTS]


def beneath(reality_square: str, rotation: int) -> str:
    """The nightmare square now under a reality square."""
    return NIGHTMARE[(REALITY_SLOT[reality_square] - rotation) % SLOTS]


def aligned_access(square: str, rotation: int) -> str | None:
    """The mystery access square a PASSAGGIO DIMENSIONALE square now lines up with, if any."""
    if NIGHTMARE_KIND.get(square) != "passaggio":
        return None
    return ACCESS_AT_SLOT.get(nightmare_slot(square, rotation))


def aligned_crypt(square: str, rotation: int) -> str | None:
    """The crypt an ENTRA NELLA CRIPTA DEL MISTERO square now lines up with, if any."""
    if NIGHTMARE_KIND.get(square) != "cripta":
        return None
    return CRYPT_AT_SLOT.get(nightmare_slot(square, rotation))


def scambio_aligned(square: str, rotation: int) -> bool:
    return (
        NIGHTMARE_KIND.get(square) == "scambio"
        and nightmare_slot(square, rotation) in SCAMBIO_SLOTS
    )


def window_shows_face(square: str, rotation: int) -> bool:
    return (
        NIGHTMARE_KIND.get(square) == "finestra" and nightmare_slot(square, rotation) in FACE_SLOTS
    )


def crypts_led_to(square: str) -> tuple[str, ...]:
    return LEADS_TO.get(square, ())


# -- the squares named in the rulebook's words ------------------------------------------------

DIMENSION = {  # "enter the infinite, time, the mind and the paranormal" (dylan-dog/the-game-board)
    "MENTE": "the mind",
    "INFINITO": "the infinite",
    "PARANORMALE": "the paranormal",
    "TEMPO": "time",
}


def _square_names() -> dict[str, str]:
    names = {}
    white_number = {sq: index for index, sq in enumerate(WHITE, start=1)}
    for sq in REALITY:
        names[sq] = (f"white square {white_number[sq]} of reality" if sq in WHITE_SET
                     else f"reality square {REALITY_SLOT[sq]}")
    for sq in NIGHTMARE:
        number = NIGHTMARE_INDEX[sq]
        label = NIGHTMARE_LABEL[sq]
        names[sq] = f"{label}, nightmare square {number}" if label else f"nightmare square {number}"
    for access in ACCESS:
        names[access] = access
    for crypt, sq in CRYPT_SQUARE.items():
        names[sq] = f"the crypt of {DIMENSION[crypt]} ({crypt})"
    for path in BOARD["mystery"]["paths"]:
        for number, square in enumerate(path["squares"], start=1):
            where = f"the path from {path['from']} to the crypt of {path['to']}"
            names[square["id"]] = (f"shadow square (casella-ombra) on {where}"
                                   if square["kind"] == "shadow" else f"square {number} of {where}")
    return names


def _step_names() -> dict[str, str]:
    """Shorter names, for the squares a path passes by."""
    names = {}
    white_number = {sq: index for index, sq in enumerate(WHITE, start=1)}
    for sq in REALITY:
        names[sq] = (f"white square {white_number[sq]}" if sq in WHITE_SET
                     else f"reality {REALITY_SLOT[sq]}")
    for sq in NIGHTMARE:
        names[sq] = f"nightmare {NIGHTMARE_INDEX[sq]}"
    for access in ACCESS:
        names[access] = access
    for crypt, sq in CRYPT_SQUARE.items():
        names[sq] = f"the crypt of {DIMENSION[crypt]}"
    for path in BOARD["mystery"]["paths"]:
        for number, square in enumerate(path["squares"], start=1):
            names[square["id"]] = f"square {number} from {path['from']} towards {path['to']}"
    return names


SQUARE_NAME = _square_names()
STEP_NAME = _step_names()


def card_words(element: str) -> str:
    """A story or mystery card by the element printed on it ("the detective"); a name the
    record gives that is no element, as it is."""
    return f"“{STORY[element]['name']}”" if element in STORY else element


def square_words(square: str | None) -> str:
    """A square by its name on the board ("reality square 13"); one the board does not have,
    as the record gives it."""
    return SQUARE_NAME.get(square, str(square)) if square is not None else "None"


def face_words(face: str) -> str:
    """A face of the die: "a 5", or "Dylan Dog's face"."""
    return "Dylan Dog's face" if face == "dylan-dog" else f"a {face}"


def shadow_words(symbol: str) -> str:
    """A shadow by its picture: "black cat"."""
    return symbol.replace("-", " ")


def threshold_words(threshold: str) -> str:
    """The value printed on a horror card: what beats it."""
    if threshold == "dylan-dog":
        return "Dylan Dog's face only"
    return f"{threshold[:-1]} or more" if threshold.endswith("+") else f"{threshold} only"
