"""dylan-dog/nightmare-cards: a card drawn on PRENDI UNA CARTA INCUBO, recorded by its kind and
what its instruction named (the 66 cards' texts are not in the transcription)."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    ACCESS_TO,
    CRYPT_NAMES,
    CRYPT_SQUARE,
    DIMENSION,
    NIGHTMARE,
    NIGHTMARE_KIND,
    NIGHTMARE_KINDS,
    PATH_FIRST,
    SHADOWS,
    SQUARE_NAME,
)
from games.dylan_dog.passages import P
from games.dylan_dog.reaching_the_mystery_crypts import send_to_reality
from games.dylan_dog.state import drop_pending, find_pending, name, with_player
from games.dylan_dog.the_nightmare_plane import arrive


def dimension_entries(crypt: str, option: str) -> list[str]:
    """The squares an "enter a dimension" card may send a pawn to, under ``option`` of
    dylan-dog.enter-dimension-square."""
    return ACCESS_TO[crypt] if option == "access-square" else PATH_FIRST[crypt]


def on_nightmare_card(state, actor, data, ref):
    """dylan-dog/nightmare-cards: draw and follow the instruction; others moved gain nothing."""
    who = name(state, actor)
    index = find_pending(state, actor, "nightmare-card")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            P + "nightmare-cards", f"{who} is not on a PRENDI UNA CARTA INCUBO square to draw from"
        )
        return state, f"{who} draws a nightmare card without cause (ignored)"
    state = drop_pending(state, index)
    kind = data["kind"]
    ref.effect("nightmare-card", player=actor, card=kind, text=data.get("text", ""))
    player = state["players"][actor]
    if kind == "nothing":
        return state, f"{who} draws a nightmare card with no effect"
    if kind == "shadow":
        symbol = data.get("shadow")
        if symbol is None:
            ref.violation(P + "shadow-cards", "a shadow card is recorded without its shadow")
            return state, f"{who} draws a shadow card (shadow unread)"
        new = with_player(state, actor, shadow=sorted(player["shadow"] + [symbol]))
        new["nightmare_deck"] = state["nightmare_deck"] - 1
        return new, f"{who} draws a shadow card ({symbol}) and keeps it face up"
    if kind == "back-to-reality":
        return send_to_reality(state, actor), f"{who} must return to reality"
    if kind == "move-other":
        target, square = data.get("target"), data.get("square")
        if target not in state["players"] or target == actor or square is None:
            ref.violation(
                P + "nightmare-cards", "the card's other player or square is missing or wrong"
            )
            return (
                state,
                f"{who} draws a card that moves another pawn (unreadable record, no effect)",
            )
        new = with_player(state, target, square=square, sent_to_crypt=False)
        ref.effect("pawn", player=target, path=[square], by_card=True)
        return new, f"{who} moves {name(state, target)}'s pawn to {square}"
    return _moves_the_drawer(state, actor, kind, data, ref)


def _moves_the_drawer(state, actor, kind, data, ref):
    """The card moves the drawing player: the new square's behaviour follows."""
    who = name(state, actor)
    square = data.get("square")
    crypt = data.get("crypt")
    sent = False
    if kind == "go-to-crypt":
        if crypt is None:
            ref.violation(P + "nightmare-cards", "the card's crypt is not recorded")
            return state, f"{who} is sent to an unrecorded crypt (no effect)"
        square, sent = CRYPT_SQUARE[crypt], True
    elif kind == "enter-dimension":
        if crypt is None:
            ref.violation(P + "nightmare-cards", "the card's dimension is not recorded")
            return state, f"{who} enters an unrecorded dimension (no effect)"
        option = ref.consult(pts.ENTER_DIMENSION_SQUARE, "a card says to enter a dimension")
        allowed = dimension_entries(crypt, option)
        if square is None:
            square = allowed[0]
        elif square not in allowed:
            ref.violation(
                P + "nightmare-cards",
                f"{square} is not the entry square of a path to the {crypt} crypt",
                point=pts.ENTER_DIMENSION_SQUARE,
            )
    elif square is None:
        ref.violation(P + "nightmare-cards", "the card's destination square is not recorded")
        return state, f"{who} draws a card with an unrecorded destination (no effect)"
    elif kind == "go-to-exchange" and NIGHTMARE_KIND.get(square) != "scambio":
        ref.violation(P + "nightmare-cards", f"{square} is not a SCAMBIO OBBLIGATORIO square")
    new = with_player(state, actor, square=square, sent_to_crypt=sent)
    ref.effect("pawn", player=actor, path=[square], by_card=True)
    new = arrive(new, actor, ref, pawn_moved=True, first_turn=False, by_card=True)
    return new, f"{who} is moved by a nightmare card to {square}"


CARD_FIELDS = ("text", "crypt", "square", "target", "shadow")
SCAMBIO_SQUARES = tuple(sq for sq in NIGHTMARE if NIGHTMARE_KIND[sq] == "scambio")


def offer_nightmare_card(state, interpretation) -> list[Choice]:
    """Each kind of nightmare card is a chance outcome, with what its instruction names; the
    square a "move" card names is open (the cards' texts are not in the transcription)."""
    if state["fight"] is not None:
        return []
    drawers = dict.fromkeys(i["player"] for i in state["pending"] if i["kind"] == "nightmare-card")
    offered = []
    for pid in drawers:
        for kind in NIGHTMARE_KINDS:
            offered += _card_outcomes(state, pid, kind, interpretation)
    return offered


def _card(pid, label, used=(), open_fields=(), spaces=(), points=(), **data) -> Choice:
    fixed = {"kind": data.pop("kind"), **data}
    ignored = tuple(f for f in CARD_FIELDS if f not in fixed and f not in open_fields
                    and f not in used)
    return Choice(event=event("nightmare_card", pid, **fixed), label=label, chance=True,
                  open_fields=open_fields, optional_fields=ignored, spaces=spaces, points=points)


def _card_outcomes(state, pid, kind, interpretation) -> list[Choice]:
    who = name(state, pid)
    drawn = f"{who} draws a nightmare card"
    if kind == "nothing":
        return [_card(pid, f"{drawn} with no effect", kind=kind)]
    if kind == "back-to-reality":
        return [_card(pid, f"{drawn}: return to reality", kind=kind)]
    if kind == "shadow":
        return [_card(pid, f"{drawn}: a shadow card ({s})", kind=kind, shadow=s) for s in SHADOWS]
    if kind == "go-to-crypt":
        return [_card(pid, f"{drawn}: go to the crypt of {DIMENSION[c]}", kind=kind, crypt=c,
                      spaces=(CRYPT_SQUARE[c],)) for c in CRYPT_NAMES]
    if kind == "enter-dimension":
        entries_option = interpretation.option(pts.ENTER_DIMENSION_SQUARE.id)
        outcomes = []
        for crypt in CRYPT_NAMES:
            words = f"{drawn}: enter the dimension of {DIMENSION[crypt]}"
            entries = dimension_entries(crypt, entries_option)
            outcomes.append(_card(pid, words, used=("square",), kind=kind, crypt=crypt,
                                  spaces=(entries[0],)))
            outcomes += [_card(pid, f"{words}, on {SQUARE_NAME[sq]}", kind=kind, crypt=crypt,
                               square=sq, spaces=(sq,), points=(pts.ENTER_DIMENSION_SQUARE.id,))
                         for sq in entries]
        return outcomes
    if kind == "go-to-exchange":
        return [_card(pid, f"{drawn}: go to {SQUARE_NAME[sq]}", kind=kind, square=sq,
                      spaces=(sq,)) for sq in SCAMBIO_SQUARES]
    if kind == "move-self":
        return [_card(pid, f"{drawn} that moves their pawn (to the square it names)", kind=kind,
                      open_fields=("square",))]
    if kind == "move-other":
        return [_card(pid, f"{drawn} that moves {name(state, other)}'s pawn "
                      "(to the square it names)", kind=kind, target=other,
                      open_fields=("square",))
                for other in state["order"] if other != pid]
    return []
