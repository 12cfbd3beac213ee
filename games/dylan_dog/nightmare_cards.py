"""dylan-dog/nightmare-cards: a card drawn on PRENDI UNA CARTA INCUBO, recorded by its kind and
what its instruction named (the 66 cards' texts are not in the transcription)."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, Text, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    ACCESS_TO,
    ALL_SQUARES,
    BOARD,
    CRYPT_NAMES,
    CRYPT_SQUARE,
    DIMENSION,
    NIGHTMARE,
    NIGHTMARE_KIND,
    PATH_FIRST,
    SHADOWS,
    SQUARE_NAME,
    shadow_words,
    square_words,
)
from games.dylan_dog.events import WORDS_MAX_LENGTH
from games.dylan_dog.passages import NIGHTMARE_CARDS, SHADOW_CARDS
from games.dylan_dog.reaching_the_mystery_crypts import send_to_reality
from games.dylan_dog.state import drop_pending, find_pending, first_pending, name
from games.dylan_dog.the_nightmare_plane import arrive

# what each kind of card names besides its words; a record naming anything else misreads it
NAMES = {
    "nothing": (),
    "shadow": ("shadow",),
    "go-to-crypt": ("crypt",),
    "enter-dimension": ("crypt", "square"),
    "back-to-reality": (),
    "go-to-exchange": ("square",),
    "move-self": ("square",),
    "move-other": ("target", "square"),
}
NAMED = ("crypt", "square", "target", "shadow")
WORDS = {entry["kind"]: entry["text"] for entry in BOARD["nightmare_deck"]}


def dimension_entries(crypt: str, option: str) -> list[str]:
    """The squares an "enter a dimension" card may send a pawn to, under ``option`` of
    dylan-dog.enter-dimension-square."""
    return ACCESS_TO[crypt] if option == "access-square" else PATH_FIRST[crypt]


def on_nightmare_card(state, actor, data, ref):
    """dylan-dog/nightmare-cards: draw and follow the instruction; others moved gain nothing."""
    who = name(state, actor)
    index = find_pending(state, actor, "nightmare-card")
    if index < 0 or state["fight"] is not None:
        ref.violation(NIGHTMARE_CARDS, f"{who} is not on a PRENDI UNA CARTA INCUBO square to "
                      "draw from")
        return state, f"{who} draws a nightmare card without cause (ignored)"
    kind = data["kind"]
    stray = [field for field in NAMED if field in data and field not in NAMES.get(kind, ())]
    if stray:
        ref.violation(NIGHTMARE_CARDS, f"a {kind} card names no {' or '.join(stray)}: the "
                      "record misreads it")
    draft = Draft(state)
    drop_pending(draft, index)
    ref.effect("nightmare-card", player=actor, card=kind, text=data.get("text", ""))
    player = state["players"][actor]
    if kind == "nothing":
        return draft.state, f"{who} draws a nightmare card with no effect"
    if kind == "shadow":
        symbol = data.get("shadow")
        if symbol is None:
            ref.violation(SHADOW_CARDS, "a shadow card is recorded without its shadow")
            return draft.state, f"{who} draws a shadow card (shadow unread)"
        draft.update("players", actor, shadow=sorted(player["shadow"] + [symbol]))
        draft.state["nightmare_deck"] = state["nightmare_deck"] - 1
        return draft.state, (f"{who} draws a shadow card ({shadow_words(symbol)}) and keeps it "
                             "face up")
    if kind == "back-to-reality":
        send_to_reality(draft, actor)
        return draft.state, f"{who} must return to reality"
    if kind == "move-other":
        target, square = data.get("target"), data.get("square")
        if target not in state["players"] or target == actor or square is None:
            ref.violation(NIGHTMARE_CARDS, "the card's other player or square is missing or "
                          "wrong")
            return (
                draft.state,
                f"{who} draws a card that moves another pawn (unreadable record, no effect)",
            )
        draft.update("players", target, square=square, sent_to_crypt=False)
        ref.effect("pawn", player=target, path=[square], by_card=True)
        return draft.state, f"{who} moves {name(state, target)}'s pawn to {square_words(square)}"
    return _moves_the_drawer(draft, actor, kind, data, ref)


def _moves_the_drawer(draft, actor, kind, data, ref):
    """The card moves the drawing player: the new square's behaviour follows."""
    who = name(draft.state, actor)
    square = data.get("square")
    crypt = data.get("crypt")
    sent = False
    if kind == "go-to-crypt":
        if crypt is None:
            ref.violation(NIGHTMARE_CARDS, "the card's crypt is not recorded")
            return draft.state, f"{who} is sent to an unrecorded crypt (no effect)"
        square, sent = CRYPT_SQUARE[crypt], True
    elif kind == "enter-dimension":
        if crypt is None:
            ref.violation(NIGHTMARE_CARDS, "the card's dimension is not recorded")
            return draft.state, f"{who} enters an unrecorded dimension (no effect)"
        option = ref.consult(pts.ENTER_DIMENSION_SQUARE, "a card says to enter a dimension")
        allowed = dimension_entries(crypt, option)
        if square is None:
            square = allowed[0]
        elif square not in allowed:
            ref.violation(
                NIGHTMARE_CARDS,
                f"{square_words(square)} is not the entry square of a path to the {crypt} crypt",
                point=pts.ENTER_DIMENSION_SQUARE,
            )
    elif square is None:
        ref.violation(NIGHTMARE_CARDS, "the card's destination square is not recorded")
        return draft.state, f"{who} draws a card with an unrecorded destination (no effect)"
    elif kind == "go-to-exchange" and NIGHTMARE_KIND.get(square) != "scambio":
        ref.violation(NIGHTMARE_CARDS, f"{square_words(square)} is not a SCAMBIO OBBLIGATORIO square")
    draft.update("players", actor, square=square, sent_to_crypt=sent)
    ref.effect("pawn", player=actor, path=[square], by_card=True)
    arrive(draft, actor, ref, pawn_moved=True, first_turn=False, by_card=True)
    return draft.state, f"{who} is moved by a nightmare card to {square_words(square)}"


# -- what may come next ----------------------------------------------------------------------

SCAMBIO_SQUARES = tuple(sq for sq in NIGHTMARE if NIGHTMARE_KIND[sq] == "scambio")


def _squares(prompt: str, squares) -> OpenField:
    return OpenField("square", one_of(squares, label=SQUARE_NAME.get, space=lambda sq: sq),
                     prompt=prompt)


CRYPT = OpenField("crypt", one_of(CRYPT_NAMES, label=lambda c: f"the crypt of {DIMENSION[c]}",
                                  space=CRYPT_SQUARE.get), prompt="The crypt the card names")
SHADOW = OpenField("shadow", one_of(SHADOWS, label=lambda s: f"the {shadow_words(s)} shadow"),
                   prompt="The shadow on the card")
ANY_SQUARE = _squares("The square the card names", ALL_SQUARES)
# The transcription never gives the 66 cards' words: any words are taken as read, those of the
# reconstructed deck (board.json) suggested.
TEXT = {kind: OpenField("text", Text(max_length=WORDS_MAX_LENGTH, suggestions=(words,)),
                        prompt="The card's words, as read",
                        optional=True) for kind, words in WORDS.items()}


def offer_nightmare_card(at: Offering) -> list[Choice]:
    """A nightmare card drawn: one chance choice for each kind of card, with what its
    instruction names open (the crypt, the shadow, the square, the other player) and its
    words as read (the transcription never gives the 66 cards' texts)."""
    state = at.state
    if state["fight"] is not None:
        return []
    offered = []
    for pid in first_pending(state, "nightmare-card"):
        if at.viewer in (None, pid):
            offered += _card_outcomes(state, pid, at)
    return offered


def _card(pid, kind, label, *fields, points=(), **fixed) -> Choice:
    open_ = {field.name for field in fields}
    omitted = tuple(f for f in NAMED if f not in open_ and f not in fixed)
    return Choice(event("nightmare_card", pid, kind=kind, **fixed), label, chance=True,
                  fields=(*fields, TEXT[kind]), omitted=omitted, points=points)


def _card_outcomes(state, pid, at: Offering) -> list[Choice]:
    drawn = f"{name(state, pid)} draws a nightmare card"
    entries_option = at.option(pts.ENTER_DIMENSION_SQUARE)
    others = [other for other in state["order"] if other != pid]
    outcomes = [
        _card(pid, "nothing", f"{drawn} with no effect"),
        _card(pid, "shadow", f"{drawn}: a shadow card", SHADOW),
        _card(pid, "go-to-crypt", f"{drawn}: go to a crypt", CRYPT),
    ]
    for crypt in CRYPT_NAMES:
        outcomes.append(_card(
            pid, "enter-dimension", f"{drawn}: enter the dimension of {DIMENSION[crypt]}",
            OpenField("square", one_of(dimension_entries(crypt, entries_option),
                                       label=SQUARE_NAME.get, space=lambda sq: sq),
                      prompt="The entry square the pawn is placed on", optional=True),
            crypt=crypt, points=(pts.ENTER_DIMENSION_SQUARE.id,)))
    outcomes += [
        _card(pid, "back-to-reality", f"{drawn}: return to reality"),
        _card(pid, "go-to-exchange", f"{drawn}: go to SCAMBIO OBBLIGATORIO",
              _squares("The SCAMBIO OBBLIGATORIO square", SCAMBIO_SQUARES)),
        _card(pid, "move-self", f"{drawn} that moves their own pawn", ANY_SQUARE),
    ]
    if others:
        outcomes.append(_card(
            pid, "move-other", f"{drawn} that moves another player's pawn",
            OpenField("target", one_of(others, label=lambda other: name(state, other)),
                      prompt="The player whose pawn it moves"), ANY_SQUARE))
    return outcomes


RULES = {"nightmare_card": (on_nightmare_card, offer_nightmare_card)}
