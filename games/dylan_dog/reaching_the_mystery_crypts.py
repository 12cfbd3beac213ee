"""dylan-dog/reaching-the-mystery-crypts: a card drawn in front of a crypt, and the jump back
to reality that follows (the pawn placed, "as always, on one of the white squares")."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    CRYPT_SQUARE,
    DIMENSION,
    ELEMENTS,
    SQUARE_NAME,
    STORY,
    THRESHOLDS,
    WHITE,
)
from games.dylan_dog.passages import P
from games.dylan_dog.state import (
    HORROR_CARDS_TOTAL,
    MYSTERY_CARDS,
    drop_pending,
    find_pending,
    holder_of,
    mystery_in_hands,
    name,
    with_player,
)
from games.dylan_dog.the_end_of_the_game import check_win


def send_to_reality(state: dict, pid: str) -> dict:
    """The player's crypt/trap obligations and rights lapse; they must place on a white square."""
    keep = [i for i in state["pending"] if i["player"] != pid or i["kind"] in ("forfeit", "place")]
    new = dict(state)
    new["pending"] = keep
    if find_pending(new, pid, "place") < 0:
        new["pending"] = keep + [{"kind": "place", "player": pid}]
    return new


def on_crypt_card(state, actor, data, ref):
    """dylan-dog/reaching-the-mystery-crypts and horror-cards: a mystery card is kept and the
    player jumps back to reality; a horror card starts a fight."""
    who = name(state, actor)
    index = find_pending(state, actor, "crypt-draw")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            P + "reaching-the-mystery-crypts",
            f"{who} is not in front of a crypt with cards to draw",
        )
        return state, f"{who} draws a crypt card without cause (ignored)"
    crypt = state["pending"][index]["crypt"]
    if data.get("crypt") not in (None, crypt):
        ref.violation(
            P + "reaching-the-mystery-crypts",
            f"{who} stands at the {crypt} crypt, not {data['crypt']}",
        )
    state = drop_pending(state, index)
    new = dict(state)
    new["crypts"] = {**state["crypts"], crypt: state["crypts"][crypt] - 1}
    if data["kind"] == "mystery":
        return _mystery_card(new, actor, crypt, data.get("element"), ref)
    horror = data.get("name") or f"horror-{len(state['horror_drawn']) + 1}"
    threshold = data.get("threshold")
    if threshold is None:
        ref.violation(
            P + "horror-cards",
            "the horror card's value is not recorded (fought as 'Dylan Dog only')",
        )
        threshold = "dylan-dog"
    if horror in state["horror_drawn"] or len(state["horror_drawn"]) >= HORROR_CARDS_TOTAL:
        ref.violation(
            P + "horror-cards",
            f"the 12 horror cards are each different: {horror} was already drawn",
        )
    new["horror_drawn"] = sorted(set(state["horror_drawn"]) | {horror})
    new["fight"] = {
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
    return new, f"{who} draws the horror card {horror} ({threshold}) from the {crypt} crypt"


def _mystery_card(new, actor, crypt, element, ref):
    who = name(new, actor)
    player = new["players"][actor]
    ref.effect("crypt-card", player=actor, crypt=crypt, card="mystery", element=element)
    if element is None:
        ref.violation(
            P + "reaching-the-mystery-crypts", "the mystery card's element is not recorded"
        )
        return (
            send_to_reality(new, actor),
            f"{who} draws an unread mystery card from the {crypt} crypt",
        )
    holder = holder_of(new, element)
    if holder is not None or mystery_in_hands(new) >= MYSTERY_CARDS:
        ref.violation(
            P + "setup",
            f"there is only one mystery card {element}, and {name(new, holder)} holds it",
        )
        return send_to_reality(new, actor), f"{who} draws a second {element} mystery card (not kept)"
    hidden = player["mystery_hidden"]
    if ref.consult(pts.MYSTERY_VISIBILITY, "a mystery card is kept declared") == "face-down":
        hidden = sorted(hidden + [element])
    new = with_player(
        new, actor, mystery=sorted(player["mystery"] + [element]), mystery_hidden=hidden
    )
    new = send_to_reality(new, actor)
    new = check_win(new, [actor], ref)
    return (
        new,
        f"{who} draws the mystery card {element} from the {crypt} crypt and jumps back to reality",
    )


def on_place(state, actor, data, ref):
    """dylan-dog/shadow-squares: back in reality, "as always, on one of the white squares"."""
    who = name(state, actor)
    square = data["square"]
    index = find_pending(state, actor, "place")
    if index < 0:
        ref.violation(P + "shadow-squares", f"{who} is not returning to reality")
        return state, f"{who} places their pawn without cause (ignored)"
    if square not in WHITE:
        ref.violation(P + "shadow-squares",
                      f"{square} is not a white square: the pawn returns to reality "
                      "\"as always, on one of the white squares\"")
    occupied = {p["square"] for pid, p in state["players"].items() if pid != actor}
    if (
        square in occupied
        and any(w not in occupied for w in WHITE)
        and ref.consult(
            pts.WHITE_SQUARE_CHOICE, f"{square} is occupied while another white square is free"
        )
        == "free-white"
    ):
        ref.violation(
            P + "shadow-squares",
            f"{square} is occupied: a free white square must be chosen",
            point=pts.WHITE_SQUARE_CHOICE,
        )
    new = drop_pending(state, index)
    new = with_player(new, actor, square=square, sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[square], jump=True)
    return new, f"{who} returns to reality on {square}"


def offer_crypt_card(state, interpretation) -> list[Choice]:
    """A player in front of a crypt draws: each mystery card nobody holds, or a horror card of
    each value, is a chance outcome. A horror card's name is open: the transcription never
    lists the twelve (a name already drawn is flagged when replayed)."""
    if state["fight"] is not None:
        return []
    offered = []
    drawers: dict[str, str] = {}
    for item in state["pending"]:
        if item["kind"] == "crypt-draw":
            drawers.setdefault(item["player"], item["crypt"])
    for pid, crypt in drawers.items():
        where = f"from the crypt of {DIMENSION[crypt]}"
        spaces = (CRYPT_SQUARE[crypt],)
        held = {c for p in state["players"].values() for c in p["mystery"]}
        outcomes = []
        if mystery_in_hands(state) < MYSTERY_CARDS:
            outcomes += [
                ({"kind": "mystery", "element": e}, ("name", "threshold"), (),
                 f"{name(state, pid)} draws the mystery card {e} ({STORY[e]['name']}) {where}")
                for e in ELEMENTS if e not in held
            ]
        drawn = state["horror_drawn"]
        if len(drawn) < HORROR_CARDS_TOTAL:
            unnamed = f"horror-{len(drawn) + 1}"
            for threshold in THRESHOLDS:
                words = f"{name(state, pid)} draws a horror card of value {threshold} {where}"
                outcomes.append(({"kind": "horror", "threshold": threshold}, ("element",),
                                 ("name",), words + " (its name as read)"))
                if unnamed not in drawn:
                    outcomes.append(({"kind": "horror", "threshold": threshold}, ("element",),
                                     (), words))
        for data, ignored, open_fields, label in outcomes:
            for named_crypt in ({}, {"crypt": crypt}):
                offered.append(Choice(event=event("crypt_card", pid, **data, **named_crypt),
                                      label=label, chance=True, open_fields=open_fields,
                                      optional_fields=ignored, spaces=spaces))
    return offered


def offer_place(state, interpretation) -> list[Choice]:
    """A player returning to reality puts the pawn on a white square."""
    free_white = interpretation.option(pts.WHITE_SQUARE_CHOICE.id) == "free-white"
    offered = []
    for pid in dict.fromkeys(i["player"] for i in state["pending"] if i["kind"] == "place"):
        occupied = {p["square"] for q, p in state["players"].items() if q != pid}
        some_free = any(w not in occupied for w in WHITE)
        for square in WHITE:
            crowded = square in occupied and some_free
            if crowded and free_white:
                continue
            offered.append(Choice(
                event=event("place", pid, square=square),
                label=f"{name(state, pid)} returns to reality on {SQUARE_NAME[square]}",
                spaces=(square,),
                points=(pts.WHITE_SQUARE_CHOICE.id,) if crowded else (),
            ))
    return offered
