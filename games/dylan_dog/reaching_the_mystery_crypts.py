"""dylan-dog/reaching-the-mystery-crypts: a card drawn in front of a crypt, and the jump back
to reality that follows (the pawn placed, "as always, on one of the white squares")."""

from __future__ import annotations

from games.core.choices import Choice, OneOf, OpenField, Text, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    CRYPT_SQUARE,
    DIMENSION,
    ELEMENTS,
    HORROR_CARDS,
    SQUARE_NAME,
    THRESHOLDS,
    WHITE,
    card_words,
    square_words,
    threshold_words,
)
from games.dylan_dog.events import NAME_MAX_LENGTH
from games.dylan_dog.exchange import unseen_mystery
from games.dylan_dog.passages import CRYPTS, HORROR, SETUP, SHADOW_SQUARES
from games.dylan_dog.state import (
    HORROR_CARDS_TOTAL,
    MYSTERY_CARDS,
    add_pending,
    drop_pending,
    find_pending,
    first_pending,
    holder_of,
    mystery_in_hands,
    name,
)
from games.dylan_dog.the_end_of_the_game import check_win

# what each kind of crypt card is recorded with; the other kind's fields do not belong
CARD_FIELDS = {"mystery": ("element",), "horror": ("name", "threshold")}


def send_to_reality(draft: Draft, pid: str) -> None:
    """The player's crypt/trap obligations and rights lapse; they must place on a white square."""
    keep = [i for i in draft.state["pending"]
            if i["player"] != pid or i["kind"] in ("forfeit", "place")]
    draft.state["pending"] = keep
    if find_pending(draft.state, pid, "place") < 0:
        add_pending(draft, {"kind": "place", "player": pid})


def on_crypt_card(state, actor, data, ref):
    """dylan-dog/reaching-the-mystery-crypts and horror-cards: a mystery card is kept and the
    player jumps back to reality; a horror card starts a fight."""
    who = name(state, actor)
    index = find_pending(state, actor, "crypt-draw")
    if index < 0 or state["fight"] is not None:
        ref.violation(CRYPTS, f"{who} is not in front of a crypt with cards to draw")
        return state, f"{who} draws a crypt card without cause (ignored)"
    crypt = state["pending"][index]["crypt"]
    if data.get("crypt") not in (None, crypt):
        ref.violation(CRYPTS, f"{who} stands at the {crypt} crypt, not {data['crypt']}")
    kind = data["kind"]
    stray = [f for other, fields in CARD_FIELDS.items() if other != kind for f in fields
             if f in data]
    if stray:
        ref.violation(CRYPTS if kind == "mystery" else HORROR,
                      f"a {kind} card has no {' or '.join(stray)}: only a "
                      f"{'horror' if kind == 'mystery' else 'mystery'} card has")
    draft = Draft(state)
    drop_pending(draft, index)
    draft.set("crypts", crypt, state["crypts"][crypt] - 1)
    if kind == "mystery":
        return _mystery_card(draft, actor, crypt, data.get("element"), ref)
    horror = data.get("name") or unread_horror(state)
    threshold = data.get("threshold")
    if threshold is None:
        ref.violation(HORROR,
                      "the horror card's value is not recorded (fought as 'Dylan Dog only')")
        threshold = "dylan-dog"
    if horror in state["horror_drawn"] or len(state["horror_drawn"]) >= HORROR_CARDS_TOTAL:
        ref.violation(HORROR,
                      f"the 12 horror cards are each different: {horror} was already drawn")
    draft.state["horror_drawn"] = sorted(set(state["horror_drawn"]) | {horror})
    draft.state["fight"] = {
        "fighter": actor,
        "name": horror,
        "threshold": threshold,
        "source": "crypt",
        "crypt": crypt,
        "challenger": None,
        "resume": state["turn"]["phase"],
    }
    ref.effect(
        "crypt-card", player=actor, crypt=crypt, card="horror", name=horror, threshold=threshold
    )
    return draft.state, (f"{who} draws the horror card {horror} ({threshold_words(threshold)}) "
                         f"from the {crypt} crypt")


def unread_horror(state) -> str:
    """The name a horror card recorded without its name goes by."""
    return f"horror-{len(state['horror_drawn']) + 1}"


def _mystery_card(draft, actor, crypt, element, ref):
    who = name(draft.state, actor)
    ref.effect("crypt-card", player=actor, crypt=crypt, card="mystery", element=element)
    if element is None:
        ref.violation(CRYPTS, "the mystery card's element is not recorded")
        send_to_reality(draft, actor)
        return draft.state, f"{who} draws an unread mystery card from the {crypt} crypt"
    if element not in ELEMENTS:
        ref.violation(SETUP, f"{card_words(element)} is not one of the 24 mystery cards")
        send_to_reality(draft, actor)
        return draft.state, f"{who} draws a mystery card that is not one (not kept)"
    holder = holder_of(draft.state, element)
    if holder is not None or mystery_in_hands(draft.state) >= MYSTERY_CARDS:
        ref.violation(
            SETUP,
            f"there is only one mystery card {card_words(element)}, and "
            f"{name(draft.state, holder)} holds it",
        )
        send_to_reality(draft, actor)
        return draft.state, f"{who} draws a second mystery card {card_words(element)} (not kept)"
    player = draft.edit("players", actor)
    if ref.consult(pts.MYSTERY_VISIBILITY, "a mystery card is kept declared") == "face-down":
        player["mystery_hidden"] = sorted(player["mystery_hidden"] + [element])
    player["mystery"] = sorted(player["mystery"] + [element])
    send_to_reality(draft, actor)
    check_win(draft, [actor], ref)
    return (
        draft.state,
        (f"{who} draws the mystery card {card_words(element)} from the {crypt} crypt and jumps "
         "back to reality"),
    )


def on_place(state, actor, data, ref):
    """dylan-dog/shadow-squares: back in reality, "as always, on one of the white squares"."""
    who = name(state, actor)
    square = data["square"]
    index = find_pending(state, actor, "place")
    if index < 0:
        ref.violation(SHADOW_SQUARES, f"{who} is not returning to reality")
        return state, f"{who} places their pawn without cause (ignored)"
    if square not in WHITE:
        ref.violation(SHADOW_SQUARES,
                      f"{square_words(square)} is not a white square: the pawn returns to reality "
                      "\"as always, on one of the white squares\"")
    occupied = {p["square"] for pid, p in state["players"].items() if pid != actor}
    if (
        square in occupied
        and any(w not in occupied for w in WHITE)
        and ref.consult(
            pts.WHITE_SQUARE_CHOICE,
            f"{square_words(square)} is occupied while another white square is free"
        )
        == "free-white"
    ):
        ref.violation(
            SHADOW_SQUARES,
            f"{square_words(square)} is occupied: a free white square must be chosen",
            point=pts.WHITE_SQUARE_CHOICE,
        )
    draft = Draft(state)
    drop_pending(draft, index)
    draft.update("players", actor, square=square, sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[square], jump=True)
    return draft.state, f"{who} returns to reality on {square_words(square)}"


# -- what may come next ----------------------------------------------------------------------

HORROR_NAMES = tuple(card["name"] for card in HORROR_CARDS)


def offer_crypt_card(at: Offering) -> list[Choice]:
    """A player in front of a crypt draws (not necessarily the top card): two chance choices,
    a mystery card (which one open: each card nobody is seen to hold, as likely as the next)
    or a horror card (its value open, by the reconstructed cards still in the crypts; its name
    as read, optional: the transcription never lists the twelve)."""
    state = at.state
    if state["fight"] is not None:
        return []
    offered = []
    drawn = state["horror_drawn"]
    for pid, item in first_pending(state, "crypt-draw").items():
        if at.viewer not in (None, pid):
            continue
        crypt = item["crypt"]
        where = f"from the crypt of {DIMENSION[crypt]}"
        named = OpenField("crypt", one_of((crypt,), label=lambda c: f"the crypt of "
                                          f"{DIMENSION[c]}", space=CRYPT_SQUARE.get),
                          prompt="The crypt, as the record names it", optional=True)
        spaces = (CRYPT_SQUARE[crypt],)
        who = name(state, pid)
        unseen = unseen_mystery(state)
        if mystery_in_hands(state) < MYSTERY_CARDS and unseen:
            offered.append(Choice(
                event("crypt_card", pid, kind="mystery"), f"{who} draws a mystery card {where}",
                chance=True, spaces=spaces, omitted=CARD_FIELDS["horror"],
                fields=(OpenField("element", one_of(unseen, label=card_words),
                                  prompt="The mystery card"), named)))
        if len(drawn) < HORROR_CARDS_TOTAL:
            offered.append(Choice(
                event("crypt_card", pid, kind="horror"), f"{who} draws a horror card {where}",
                chance=True, spaces=spaces, omitted=CARD_FIELDS["mystery"],
                fields=(OpenField("threshold", _values(drawn), prompt="The value on the card"),
                        _horror_name(state), named)))
    return offered


def _values(drawn) -> OneOf:
    left = [card for card in HORROR_CARDS if card["name"] not in drawn]

    return one_of(THRESHOLDS, label=threshold_words,
                  weight=lambda t: sum(card["threshold"] == t for card in left))


def _horror_name(state) -> OpenField:
    drawn = state["horror_drawn"]
    unread_free = unread_horror(state) not in drawn
    left = tuple(n for n in HORROR_NAMES if n not in drawn)
    excluded = tuple(drawn) + (() if unread_free else ("",))
    # the transcription never names the twelve horror cards: any name is taken as read, the
    # reconstruction's suggested, those already drawn excluded (the twelve are each different)
    return OpenField("name", Text(max_length=NAME_MAX_LENGTH, suggestions=left,
                                  excluded=tuple(name for name in excluded if name)),
                     prompt="The horror card's name, as read", optional=unread_free)


def offer_place(at: Offering) -> list[Choice]:
    """A player returning to reality puts the pawn on a white square, which is open."""
    state = at.state
    free_white = at.option(pts.WHITE_SQUARE_CHOICE) == "free-white"
    offered = []
    for pid in first_pending(state, "place"):
        if at.viewer not in (None, pid):
            continue
        occupied = {p["square"] for q, p in state["players"].items() if q != pid}
        some_free = any(w not in occupied for w in WHITE)
        squares = tuple(w for w in WHITE if not (w in occupied and some_free and free_white))
        crowded = some_free and any(w in occupied for w in squares)
        offered.append(Choice(
            event("place", pid), f"{name(state, pid)} returns to reality on a white square",
            fields=(OpenField("square", one_of(squares, label=SQUARE_NAME.get,
                                               space=lambda w: w),
                              prompt="The white square"),),
            spaces=squares,
            points=(pts.WHITE_SQUARE_CHOICE.id,) if crowded else ()))
    return offered


RULES = {
    "crypt_card": (on_crypt_card, offer_crypt_card),
    "place": (on_place, offer_place),
}
