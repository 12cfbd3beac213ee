"""The Dylan Dog rule engine: turns, the three planes, cards, horror fights, exchanges, victory.

Each handler names the passage it implements. An illegal event raises a ``violation`` flag and
the replay goes on from the defined state README.md gives for that case: out-of-turn events
(and cards the actor does not hold) are skipped, the rest apply as recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from games.core.engine import Engine, Outcome, Step
from games.core.points import Interpretation
from games.core.referee import Referee
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    ACCESS_TO,
    CATEGORIES,
    CRYPT_OF_SQUARE,
    CRYPT_SLOT,
    CRYPT_SQUARE,
    NIGHTMARE_KIND,
    PATH_FIRST,
    PLANE,
    SHADOW_SQUARES,
    SLOTS,
    STORY,
    WHITE,
    WHITE_SET,
    aligned_crypt,
    beneath,
    crypts_led_to,
    nightmare_at_slot,
    scambio_aligned,
    window_shows_face,
)
from games.dylan_dog.events import EVENT_SPECS
from games.dylan_dog.moves import walk
from games.dylan_dog.state import (
    HORROR_CARDS_TOTAL,
    MYSTERY_CARDS,
    holder_of,
    initial_state,
    mystery_in_hands,
    name,
    story_complete,
    with_player,
)

G = "dylan-dog/"
OBLIGATIONS = ("place", "forfeit", "nightmare-card", "crypt-draw", "shadow-trap")
RIGHTS = ("crypt-entry", "forced-exchange", "dylan-dog-card")


# -- small helpers ------------------------------------------------------------------------


def face_value(face: str) -> int | None:
    return None if face == "dylan-dog" else int(face)


def beats(face: str, threshold: str) -> bool:
    """dylan-dog/horror-cards: 4+ is 4, more than 4 or Dylan Dog; 6 is 6 or Dylan Dog."""
    if face == "dylan-dog":
        return True
    if threshold == "dylan-dog":
        return False
    if threshold.endswith("+"):
        return int(face) >= int(threshold[:-1])
    return int(face) >= int(threshold)


def set_turn(state: dict, **changes) -> dict:
    new = dict(state)
    new["turn"] = {**state["turn"], **changes}
    return new


def find_pending(state: Mapping, pid: str, kind: str) -> int:
    for index, item in enumerate(state["pending"]):
        if item["player"] == pid and item["kind"] == kind:
            return index
    return -1


def drop_pending(state: dict, index: int) -> dict:
    new = dict(state)
    new["pending"] = state["pending"][:index] + state["pending"][index + 1 :]
    return new


def add_pending(state: dict, *items: dict) -> dict:
    new = dict(state)
    new["pending"] = state["pending"] + list(items)
    return new


def card_kind(card: str) -> str:
    if card == "dylan-dog":
        return "dylan-dog"
    if card.startswith("shadow:"):
        return "shadow"
    if card.startswith("horror:"):
        return "horror"
    return "mystery" if card in STORY else "unknown"


def valid_shadow(player: Mapping, symbol: str) -> bool:
    """dylan-dog/shadow-cards: usable only if the shadow matches one on one's own story cards."""
    story = player["story"]
    if story is None:
        return True  # the record does not say: the collector's record is trusted
    return any(STORY[e]["shadow"] == symbol for e in story)


def can_escape(player: Mapping) -> bool:
    return player["dylan_dog"] > 0 or any(valid_shadow(player, s) for s in player["shadow"])


# -- the engine ---------------------------------------------------------------------------


class DylanDogEngine(Engine):
    slug = "dylan-dog"
    name = "Dylan Dog"
    version = "1"
    package_dir = Path(__file__).parent
    points = pts.POINTS
    event_specs = EVENT_SPECS
    default_setup: Mapping[str, Any] = {}
    out_of_scope = (
        "the individual text of the 66 nightmare cards (recorded by kind and what they named)",
        "the order of the nightmare deck (draws not checked against earlier draws)",
        "horror cards' individual effects beyond their threshold",
        "a mixed move split into more than one pawn segment (pawn-rotate-pawn)",
        "the square a Dylan Dog climb lands on, or a pawn placed on a white square (not triggered)",
        "when a Dylan Dog climb may be played within the turn",
    )
    min_players = 3
    max_players = 6

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any], board=None
    ) -> dict:
        return initial_state(players, self.setup_with_defaults(setup))

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        if state["finished"]:
            return Outcome(True, state["winner"], (), state["reason"])
        return Outcome(False)

    def apply_game_event(
        self, state: dict, event: Mapping[str, Any], interpretation: Interpretation
    ) -> Step:
        ref = Referee(interpretation)
        kind = event.get("type")
        actor = event.get("actor")
        data = event.get("data") or {}
        if state["finished"]:
            ref.violation(
                G + "the-end-of-the-game",
                f"the game is already over: {name(state, state['winner'])} has won",
            )
            return ref.step(state, f"{kind} after the end of the game (ignored)")
        if actor not in state["players"]:
            ref.violation(G + "preamble", f"{actor!r} is not a player of this match")
            return ref.step(state, f"{kind} by an unknown player (ignored)")
        handler = HANDLERS.get(kind)
        if handler is None:
            ref.violation(G + "preamble", f"{kind!r} is not a Dylan Dog event")
            return ref.step(state, f"unknown event {kind} (ignored)")
        new, summary = handler(state, actor, data, ref)
        return ref.step(new, summary)

    def view(self, state: Mapping[str, Any], viewer: str | None) -> dict:
        from games.dylan_dog.view import view

        return view(state, viewer)

    def simulate(
        self, *, seed: int, players=None, setup=None, max_events=None, min_events=None
    ) -> dict:
        from games.dylan_dog.simulate import simulate

        return simulate(
            self,
            seed=seed,
            players=players,
            setup=setup,
            max_events=max_events,
            min_events=min_events,
        )


# -- arrival: what the square one ends on dictates ----------------------------------------


def arrive(
    state: dict,
    pid: str,
    ref: Referee,
    *,
    pawn_moved: bool,
    first_turn: bool,
    path: list[str] | None = None,
) -> dict:
    """Obligations and rights from a player's own move (or a card that moved them).

    dylan-dog/the-nightmare-plane: rights come "only by being on the right squares after
    one's own move"; callers never call this for a pawn another player moved.
    """
    player = state["players"][pid]
    sq = player["square"]
    rotation = state["rotation"]
    plane = PLANE[sq]
    adds = []
    if path:
        if sq in SHADOW_SQUARES or (
            any(s in SHADOW_SQUARES for s in path[:-1])
            and ref.consult(pts.SHADOW_LANDING, "the pawn passed over a shadow square") == "passing"
        ):
            adds.append({"kind": "shadow-trap", "player": pid})
    elif pawn_moved and sq in SHADOW_SQUARES:
        adds.append({"kind": "shadow-trap", "player": pid})
    crypt = CRYPT_OF_SQUARE.get(sq)
    if crypt is not None:
        if state["crypts"][crypt] > 0:
            adds.append({"kind": "crypt-draw", "player": pid, "crypt": crypt})
    elif plane == "nightmare":
        kind = NIGHTMARE_KIND[sq]
        if kind == "incubo":
            if (
                pawn_moved
                or ref.consult(
                    pts.NIGHTMARE_CARD_TRIGGER,
                    "the move ended on PRENDI UNA CARTA INCUBO without the pawn moving",
                )
                == "end-of-own-move"
            ):
                adds.append({"kind": "nightmare-card", "player": pid})
        elif kind == "cripta":
            target = aligned_crypt(sq, rotation)
            if target is not None and (
                pawn_moved
                or ref.consult(
                    pts.CRYPT_ENTRY_BY_ROTATION,
                    "ENTRA NELLA CRIPTA was lined up by rotating, not by the pawn stopping",
                )
                == "allowed"
            ):
                adds.append({"kind": "crypt-entry", "player": pid, "crypt": target})
        elif kind == "scambio":
            if scambio_aligned(sq, rotation):
                adds.append({"kind": "forced-exchange", "player": pid})
        elif (
            kind == "finestra"
            and window_shows_face(sq, rotation)
            and ref.consult(pts.WINDOW_PLANE, "Dylan Dog's face shows in a nightmare-plane window")
            == "nightmare-window"
            and state["dylan_dog_deck"] > 0
        ):
            adds.append({"kind": "dylan-dog-card", "player": pid})
    elif plane == "reality" and sq in WHITE_SET:
        under = NIGHTMARE_KIND[beneath(sq, rotation)]
        if under == "incubo":
            if (
                first_turn
                or ref.consult(
                    pts.NIGHTMARE_CARD_TRIGGER,
                    "PRENDI UNA CARTA INCUBO is under the pawn's white square",
                )
                == "end-of-own-move"
            ):
                adds.append({"kind": "nightmare-card", "player": pid})
        elif (
            under == "finestra"
            and ref.consult(
                pts.WINDOW_PLANE, "the nightmare plane's Dylan Dog square is under a white square"
            )
            == "reality-window"
            and state["dylan_dog_deck"] > 0
        ):
            adds.append({"kind": "dylan-dog-card", "player": pid})
    if adds:
        for item in adds:
            ref.effect(
                item["kind"], player=pid, **({"crypt": item["crypt"]} if "crypt" in item else {})
            )
        state = add_pending(state, *adds)
    return state


def check_win(state: dict, gainers: list[str], ref: Referee) -> dict:
    """dylan-dog/the-end-of-the-game: the first to hold the 4 matching mystery cards wins."""
    current = state["turn"]["player"]
    winners = []
    for pid in gainers:
        if not story_complete(state["players"][pid]):
            continue
        if (
            pid == current
            or ref.consult(
                pts.WIN_TIMING,
                f"{name(state, pid)} completed their story during another player's turn",
            )
            == "immediately"
        ):
            winners.append(pid)
    if not winners:
        return state
    winner = winners[0]
    if len(winners) > 1:
        acting = current if current in winners else winners[0]
        other = next(w for w in winners if w != acting)
        choice = ref.consult(pts.SIMULTANEOUS_WIN, "one exchange completed two stories at once")
        winner = acting if choice == "acting-player" else other
    new = dict(state)
    new["finished"] = True
    new["winner"] = winner
    new["reason"] = f"{name(state, winner)} holds the 4 mystery cards of their story and escapes"
    ref.effect("victory", player=winner)
    return new


def send_to_reality(state: dict, pid: str) -> dict:
    """The player's crypt/trap obligations and rights lapse; they must place on a white square."""
    keep = [i for i in state["pending"] if i["player"] != pid or i["kind"] in ("forfeit", "place")]
    new = dict(state)
    new["pending"] = keep
    if find_pending(new, pid, "place") < 0:
        new["pending"] = keep + [{"kind": "place", "player": pid}]
    return new


# -- handlers (one per event type) --------------------------------------------------------


def on_story_cards(state, actor, data, ref):
    """dylan-dog/before-playing: one investigator, action, location and fear card, hidden."""
    cards = list(data.get("cards") or [])
    player = state["players"][actor]
    if player["story"] is not None:
        ref.violation(G + "before-playing", f"{player['name']} already drew their 4 story cards")
        return state, f"{player['name']} records story cards again (ignored)"
    if state["turn"]["phase"] != "setup":
        ref.violation(G + "before-playing", "story cards are drawn before playing")
    kinds = sorted(STORY[c]["category"] for c in cards if c in STORY)
    if kinds != sorted(CATEGORIES):
        ref.violation(
            G + "before-playing",
            "the 4 story cards must be one investigator, one action, one location and one fear card",
        )
    taken = [c for p in state["players"].values() if p["story"] for c in p["story"] if c in cards]
    if taken:
        ref.violation(G + "before-playing", f"story card {taken[0]} is already another player's")
    return with_player(state, actor, story=cards), f"{player['name']} draws 4 story cards"


def on_roll(state, actor, data, ref):
    """dylan-dog/the-die: 2-6 or Dylan Dog; also the throw against a horror card."""
    face = data.get("face")
    if state["fight"] is not None:
        fight = state["fight"]
        if actor != fight["fighter"]:
            ref.violation(
                G + "horror-cards",
                f"{name(state, fight['fighter'])} must throw against the horror card, not {name(state, actor)}",
            )
            return state, f"{name(state, actor)} throws out of turn (ignored)"
        return resolve_fight(state, ref, won=beats(face, fight["threshold"]), face=face)
    turn = state["turn"]
    if actor != turn["player"]:
        ref.violation(
            G + "starting-the-game",
            f"it is {name(state, turn['player'])}'s turn, not {name(state, actor)}'s",
        )
        return state, f"{name(state, actor)} throws out of turn (ignored)"
    if turn["phase"] not in ("setup", "before-roll"):
        ref.violation(G + "later-turns", "the die was already thrown this turn")
        return state, f"{name(state, actor)} throws again (ignored)"
    if turn["phase"] == "setup":
        missing = [p["name"] for p in state["players"].values() if p["story"] is None]
        if missing:
            ref.violation(G + "before-playing", "no story cards recorded for " + ", ".join(missing))
    ref.effect("roll", player=actor, face=face)
    return set_turn(state, phase="action", die=face), f"{name(state, actor)} throws {face}"


def on_move(state, actor, data, ref):
    """dylan-dog/first-turn, later-turns, moving-between-planes, final-notes-before-starting."""
    turn = state["turn"]
    who = name(state, actor)
    if actor != turn["player"] or turn["phase"] != "action" or state["fight"] is not None:
        ref.violation(G + "later-turns", f"{who} moves without a throw of their own to spend")
        return state, f"{who} moves out of turn (ignored)"
    path = list(data.get("path") or [])
    rotation = data.get("rotation", 0)
    rotate_first = bool(data.get("rotate_first", False))
    value = face_value(turn["die"])
    player = state["players"][actor]
    first_turn = player["turns"] == 0
    r0 = state["rotation"]
    start = player["square"]
    if first_turn:
        if path:
            ref.violation(
                G + "first-turn", "on the first turn the player only rotates the nightmare plane"
            )
        if rotation == 0:
            ref.violation(G + "first-turn", "on the first turn the nightmare plane must be rotated")
        elif value is not None and abs(rotation) != value:
            ref.violation(
                G + "first-turn",
                f"the plane must turn exactly {value} squares, not {abs(rotation)}",
            )
    else:
        if (
            path
            and rotation
            and rotate_first
            and (
                ref.consult(pts.MIXED_MOVE_ORDER, "the plane was rotated before the pawn moved")
                == "pawn-then-rotate"
            )
        ):
            ref.violation(
                G + "later-turns",
                "in a mixed move the pawn moves first, then the plane rotates",
                point=pts.MIXED_MOVE_ORDER,
            )
        if rotation and PLANE[start] == "mystery":
            led = crypts_led_to(start)
            if (
                any(state["crypts"][c] > 0 for c in led)
                and ref.consult(
                    pts.MYSTERY_ROTATION, "a pawn on the mystery plane rotated the nightmare plane"
                )
                == "only-when-crypt-empty"
            ):
                ref.violation(
                    G + "later-turns",
                    "on the mystery plane a player may only move their pawn "
                    "while the crypt ahead still has cards",
                    point=pts.MYSTERY_ROTATION,
                )
    pawn_rotation = (r0 + rotation) % SLOTS if rotate_first else r0
    if path:
        error, entered, free, in_crypt = walk(start, path, pawn_rotation)
        if error:
            ref.violation(
                G
                + (
                    "final-notes-before-starting"
                    if "reverses" in error or "turns back" in error
                    else "moving-between-planes"
                ),
                error,
            )
        if not first_turn:
            _check_count(state, ref, value, entered, free, abs(rotation), in_crypt)
    elif not first_turn:
        if rotation == 0:
            ref.violation(
                G + "later-turns",
                "the throw was not used: the pawn did not move and the plane did not turn",
            )
        else:
            _check_count(state, ref, value, 0, 0, abs(rotation), False)
    new = dict(state)
    new["rotation"] = (r0 + rotation) % SLOTS
    changes = {"turns": player["turns"] + 1}
    if path:
        changes["square"] = path[-1]
        changes["sent_to_crypt"] = False
    new = with_player(new, actor, **changes)
    new = set_turn(new, phase="resolve")
    if rotation:
        ref.effect("rotate", by=rotation, rotation=new["rotation"])
    if path:
        ref.effect("pawn", player=actor, path=path)
    new = arrive(new, actor, ref, pawn_moved=bool(path), first_turn=first_turn, path=path)
    parts = []
    if path:
        parts.append(f"moves {len(path)} to {path[-1]}")
    if rotation:
        parts.append(
            f"turns the nightmare plane {abs(rotation)} {'clockwise' if rotation > 0 else 'anticlockwise'}"
        )
    return new, f"{who} " + (" and ".join(parts) if parts else "does nothing")


def _check_count(state, ref, value, entered, free, turned, in_crypt):
    """The squares used against the throw (dylan-dog/later-turns, reaching-the-mystery-crypts)."""

    def used(option):
        return entered - (free if option == "only-dimensional-passage" else 0) + turned

    def verdict(total):
        if total < 1:
            return "zero"
        if value is None:
            return "ok" if total <= 6 else "over"
        if total > value:
            return "over"
        if total == value or in_crypt:
            return "ok"
        return "short"

    totals = {o: used(o) for o in pts.PASSAGE_STEP.option_ids}
    verdicts = {o: verdict(t) for o, t in totals.items()}
    if free and len(set(verdicts.values())) > 1:
        option = ref.consult(
            pts.PASSAGE_STEP, "the move changed plane outside a dimensional passage"
        )
    else:
        option = pts.PASSAGE_STEP.default
    total, result = totals[option], verdicts[option]
    limit = "6" if value is None else str(value)
    if result == "over":
        ref.violation(
            G + "the-die",
            f"the move uses {total} squares but the throw allows {limit}",
            point=pts.PASSAGE_STEP if free else None,
        )
    elif result == "zero":
        ref.violation(G + "later-turns", "the move uses no square of the throw")
    elif (
        result == "short"
        and ref.consult(pts.PARTIAL_MOVE, f"the move uses {total} of {value} squares") == "exact"
    ):
        ref.violation(
            G + "later-turns",
            f"the move uses {total} squares but the die shows {value}",
            point=pts.PARTIAL_MOVE,
        )


def on_nightmare_card(state, actor, data, ref):
    """dylan-dog/nightmare-cards: draw and follow the instruction; others moved gain nothing."""
    who = name(state, actor)
    index = find_pending(state, actor, "nightmare-card")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            G + "nightmare-cards", f"{who} is not on a PRENDI UNA CARTA INCUBO square to draw from"
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
            ref.violation(G + "shadow-cards", "a shadow card is recorded without its shadow")
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
                G + "nightmare-cards", "the card's other player or square is missing or wrong"
            )
            return (
                state,
                f"{who} draws a card that moves another pawn (unreadable record, no effect)",
            )
        new = with_player(state, target, square=square, sent_to_crypt=False)
        ref.effect("pawn", player=target, path=[square], by_card=True)
        return new, f"{who} moves {name(state, target)}'s pawn to {square}"
    # the card moves the drawing player: the new square's behaviour follows
    square = data.get("square")
    crypt = data.get("crypt")
    sent = False
    if kind == "go-to-crypt":
        if crypt is None:
            ref.violation(G + "nightmare-cards", "the card's crypt is not recorded")
            return state, f"{who} is sent to an unrecorded crypt (no effect)"
        square, sent = CRYPT_SQUARE[crypt], True
    elif kind == "enter-dimension":
        if crypt is None:
            ref.violation(G + "nightmare-cards", "the card's dimension is not recorded")
            return state, f"{who} enters an unrecorded dimension (no effect)"
        option = ref.consult(pts.ENTER_DIMENSION_SQUARE, "a card says to enter a dimension")
        allowed = ACCESS_TO[crypt] if option == "access-square" else PATH_FIRST[crypt]
        if square is None:
            square = allowed[0]
        elif square not in allowed:
            ref.violation(
                G + "nightmare-cards",
                f"{square} is not the entry square of a path to the {crypt} crypt",
                point=pts.ENTER_DIMENSION_SQUARE,
            )
    elif square is None:
        ref.violation(G + "nightmare-cards", "the card's destination square is not recorded")
        return state, f"{who} draws a card with an unrecorded destination (no effect)"
    elif kind == "go-to-exchange" and NIGHTMARE_KIND.get(square) != "scambio":
        ref.violation(G + "nightmare-cards", f"{square} is not a SCAMBIO OBBLIGATORIO square")
    new = with_player(state, actor, square=square, sent_to_crypt=sent)
    ref.effect("pawn", player=actor, path=[square], by_card=True)
    new = arrive(new, actor, ref, pawn_moved=True, first_turn=False)
    return new, f"{who} is moved by a nightmare card to {square}"


def on_crypt_card(state, actor, data, ref):
    """dylan-dog/reaching-the-mystery-crypts and horror-cards."""
    who = name(state, actor)
    index = find_pending(state, actor, "crypt-draw")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            G + "reaching-the-mystery-crypts",
            f"{who} is not in front of a crypt with cards to draw",
        )
        return state, f"{who} draws a crypt card without cause (ignored)"
    crypt = state["pending"][index]["crypt"]
    if data.get("crypt") not in (None, crypt):
        ref.violation(
            G + "reaching-the-mystery-crypts",
            f"{who} stands at the {crypt} crypt, not {data['crypt']}",
        )
    state = drop_pending(state, index)
    new = dict(state)
    new["crypts"] = {**state["crypts"], crypt: state["crypts"][crypt] - 1}
    if data["kind"] == "mystery":
        element = data.get("element")
        player = new["players"][actor]
        ref.effect("crypt-card", player=actor, crypt=crypt, card="mystery", element=element)
        if element is None:
            ref.violation(
                G + "reaching-the-mystery-crypts", "the mystery card's element is not recorded"
            )
            return send_to_reality(
                new, actor
            ), f"{who} draws an unread mystery card from the {crypt} crypt"
        holder = holder_of(new, element)
        if holder is not None or mystery_in_hands(new) >= MYSTERY_CARDS:
            ref.violation(
                G + "setup",
                f"there is only one mystery card {element}, and {name(new, holder)} holds it",
            )
            return send_to_reality(
                new, actor
            ), f"{who} draws a second {element} mystery card (not kept)"
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
    # a horror card: the fight begins
    horror = data.get("name") or f"horror-{len(state['horror_drawn']) + 1}"
    threshold = data.get("threshold")
    if threshold is None:
        ref.violation(
            G + "horror-cards",
            "the horror card's value is not recorded (fought as 'Dylan Dog only')",
        )
        threshold = "dylan-dog"
    if horror in state["horror_drawn"] or len(state["horror_drawn"]) >= HORROR_CARDS_TOTAL:
        ref.violation(
            G + "horror-cards",
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


def resolve_fight(state, ref, *, won: bool, face: str | None = None, dylan_dog: bool = False):
    """dylan-dog/horror-cards: possession, defeat, or the penalty."""
    fight = state["fight"]
    fighter = fight["fighter"]
    who = name(state, fighter)
    new = dict(state)
    new["fight"] = None
    new = set_turn(new, phase=fight["resume"])
    how = "a Dylan Dog card" if dylan_dog else f"a throw of {face}"
    ref.effect(
        "fight", player=fighter, horror=fight["name"], won=won, face=face, dylan_dog=dylan_dog
    )
    if fight["source"] == "crypt":
        if won:
            keep = True
            if dylan_dog:
                keep = (
                    ref.consult(
                        pts.HORROR_DYLAN_DOG, "a horror card was defeated with a Dylan Dog card"
                    )
                    == "possession"
                )
            if keep:
                p = new["players"][fighter]
                new = with_player(
                    new,
                    fighter,
                    horror=p["horror"] + [{"name": fight["name"], "threshold": fight["threshold"]}],
                )
            text = f"{who} beats {fight['name']} with {how}" + (
                " and takes possession of it" if keep else ""
            )
            if (
                ref.consult(
                    pts.HORROR_SUCCESS_RETURN, "a horror card drawn from a crypt was beaten"
                )
                == "return"
            ):
                new = send_to_reality(new, fighter)
                text += ", then returns to reality"
            return new, text
        new = send_to_reality(new, fighter)
        if new["players"][fighter]["mystery"]:
            new = add_pending(
                new, {"kind": "forfeit", "player": fighter, "to": "crypt", "crypt": fight["crypt"]}
            )
        return (
            new,
            f"{who} loses to {fight['name']} ({how}): back to reality, and a mystery card goes back into the crypt",
        )
    challenger = fight["challenger"]
    if won:
        return (
            new,
            f"{who} beats {name(state, challenger)}'s {fight['name']} with {how}; the card leaves the game",
        )
    text = f"{who} loses to {name(state, challenger)}'s {fight['name']} ({how})"
    if new["players"][fighter]["mystery"]:
        new = add_pending(new, {"kind": "forfeit", "player": fighter, "to": challenger})
        text += " and must hand over a mystery card"
    if (
        ref.consult(pts.CHALLENGE_FAILURE_RETURN, "a challenged player lost the fight")
        == "return-to-reality"
    ):
        new = send_to_reality(new, fighter)
        text += ", and returns to reality"
    return new, text


def on_enter_crypt(state, actor, data, ref):
    """dylan-dog/moving-between-planes: direct access on an exact throw, after one's own move."""
    who = name(state, actor)
    index = find_pending(state, actor, "crypt-entry")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            G + "the-nightmare-plane",
            f"{who} has no right to enter a crypt directly now "
            "(ENTRA NELLA CRIPTA must line up with a crypt after their own move)",
        )
        return state, f"{who} enters a crypt without the right (ignored)"
    crypt = state["pending"][index]["crypt"]
    if data.get("crypt") not in (None, crypt):
        ref.violation(
            G + "moving-between-planes",
            f"the square lines up with the {crypt} crypt, not {data['crypt']}",
        )
    state = drop_pending(state, index)
    new = with_player(state, actor, square=CRYPT_SQUARE[crypt], sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[CRYPT_SQUARE[crypt]])
    new = arrive(new, actor, ref, pawn_moved=True, first_turn=False)
    return new, f"{who} enters the {crypt} crypt directly"


def on_take_dylan_dog(state, actor, data, ref):
    """dylan-dog/the-nightmare-plane: Dylan Dog's face in a window, after one's own move."""
    who = name(state, actor)
    index = find_pending(state, actor, "dylan-dog-card")
    if index < 0 or state["dylan_dog_deck"] <= 0:
        ref.violation(
            G + "the-nightmare-plane",
            f"{who} has not made Dylan Dog's face appear in a window "
            "with their own move (or the Dylan Dog deck is empty)",
        )
        return state, f"{who} takes a Dylan Dog card without the right (ignored)"
    new = drop_pending(state, index)
    new["dylan_dog_deck"] = state["dylan_dog_deck"] - 1
    new = with_player(new, actor, dylan_dog=state["players"][actor]["dylan_dog"] + 1)
    return new, f"{who} takes a Dylan Dog card"


def _holds(player, card):
    kind = card_kind(card)
    if kind == "mystery":
        return card in player["mystery"]
    if kind == "dylan-dog":
        return player["dylan_dog"] > 0
    if kind == "shadow":
        return card[7:] in player["shadow"]
    if kind == "horror":
        return any(h["name"] == card[7:] for h in player["horror"])
    return False


def _take(player, card):
    """(player without the card, the card's payload) for one held card."""
    kind = card_kind(card)
    p = dict(player)
    if kind == "mystery":
        p["mystery"] = [c for c in player["mystery"] if c != card]
        hidden = card in player["mystery_hidden"]
        p["mystery_hidden"] = [c for c in player["mystery_hidden"] if c != card]
        return p, ("mystery", card, hidden)
    if kind == "dylan-dog":
        p["dylan_dog"] = player["dylan_dog"] - 1
        return p, ("dylan-dog", None, False)
    if kind == "shadow":
        rest = list(player["shadow"])
        rest.remove(card[7:])
        p["shadow"] = rest
        return p, ("shadow", card[7:], False)
    found = next(h for h in player["horror"] if h["name"] == card[7:])
    p["horror"] = [h for h in player["horror"] if h is not found]
    return p, ("horror", found, False)


def _give(player, payload):
    kind, value, hidden = payload
    p = dict(player)
    if kind == "mystery":
        p["mystery"] = sorted(player["mystery"] + [value])
        if hidden:
            p["mystery_hidden"] = sorted(player["mystery_hidden"] + [value])
    elif kind == "dylan-dog":
        p["dylan_dog"] = player["dylan_dog"] + 1
    elif kind == "shadow":
        p["shadow"] = sorted(player["shadow"] + [value])
    else:
        p["horror"] = player["horror"] + [value]
    return p


def transfer(state, giver, taker, cards):
    """Move the cards ``giver`` actually holds to ``taker``; returns (state, cards missing)."""
    g, t = state["players"][giver], state["players"][taker]
    missing = []
    for card in cards:
        if not _holds(g, card):
            missing.append(card)
            continue
        g, payload = _take(g, card)
        t = _give(t, payload)
    new = dict(state)
    new["players"] = {**state["players"], giver: g, taker: t}
    return new, missing


def on_exchange(state, actor, data, ref):
    """dylan-dog/exchange: before one's own throw, or forced on SCAMBIO OBBLIGATORIO."""
    who = name(state, actor)
    other = data["with"]
    give, receive = list(data.get("give") or []), list(data.get("receive") or [])
    forced = bool(data.get("forced", False))
    if other not in state["players"] or other == actor:
        ref.violation(G + "exchange", f"{other!r} is not another player of this match")
        return state, f"{who} exchanges with nobody (ignored)"
    if state["fight"] is not None:
        ref.violation(G + "exchange", "no exchange while a horror card is being fought")
        return state, f"{who} exchanges during a fight (ignored)"
    if forced:
        index = find_pending(state, actor, "forced-exchange")
        if index < 0:
            ref.violation(
                G + "the-nightmare-plane",
                f"{who} is not on SCAMBIO OBBLIGATORIO lined up with its twin after their own move",
            )
            return state, f"{who} forces an exchange without the right (ignored)"
        state = drop_pending(state, index)
        if (len(give), len(receive)) != (1, 1) and ref.consult(
            pts.FORCED_EXCHANGE_TERMS, f"the forced exchange is {len(give)} for {len(receive)}"
        ) == "one-for-one":
            ref.violation(
                G + "exchange",
                "a forced exchange is one card for one card",
                point=pts.FORCED_EXCHANGE_TERMS,
            )
    else:
        turn = state["turn"]
        if actor != turn["player"] or turn["phase"] not in ("setup", "before-roll"):
            ref.violation(
                G + "exchange", f"{who} may propose an exchange only before their own throw"
            )
            return state, f"{who} exchanges out of turn (ignored)"
        if not give and not receive:
            ref.violation(G + "exchange", "an exchange of no cards")
            return state, f"{who} exchanges nothing (ignored)"
        if (len(give) != len(receive) or not give) and ref.consult(
            pts.EXCHANGE_BALANCE, f"the exchange is {len(give)} for {len(receive)}"
        ) == "one-for-one":
            ref.violation(
                G + "exchange",
                "an exchange gives as many cards as it takes",
                point=pts.EXCHANGE_BALANCE,
            )
    for card in give + receive:
        held = (
            card in state["players"][actor]["mystery"] or card in state["players"][other]["mystery"]
        )
        if (
            card in STORY
            and not held
            and any(card in (p["story"] or []) for p in state["players"].values())
        ):
            ref.violation(
                G + "exchange",
                f"{card} is a story card: all cards may be exchanged except story cards",
            )
    new, missing_g = transfer(state, actor, other, give)
    new, missing_r = transfer(new, other, actor, receive)
    if missing_g:
        ref.violation(G + "exchange", f"{who} does not hold {', '.join(missing_g)}")
    if missing_r:
        ref.violation(G + "exchange", f"{name(state, other)} does not hold {', '.join(missing_r)}")
    ref.effect("exchange", player=actor, other=other, give=give, receive=receive, forced=forced)
    new = check_win(new, [actor, other], ref)
    verb = "forces an exchange on" if forced else "exchanges with"
    return new, (
        f"{who} {verb} {name(state, other)}: gives {', '.join(give) or 'nothing'}, "
        f"takes {', '.join(receive) or 'nothing'}"
    )


def on_show_shadow(state, actor, data, ref):
    """dylan-dog/shadow-cards: show the matching shadow on one of one's story cards."""
    symbol = data["shadow"]
    player = state["players"][actor]
    if player["story"] is not None and not valid_shadow(player, symbol):
        ref.violation(
            G + "shadow-cards", f"none of {player['name']}'s story cards shows the {symbol} shadow"
        )
        return state, f"{player['name']} shows a shadow they do not have (ignored)"
    if symbol in player["shown_shadows"]:
        return state, f"{player['name']} shows the {symbol} shadow again"
    return with_player(
        state, actor, shown_shadows=sorted(player["shown_shadows"] + [symbol])
    ), f"{player['name']} shows the {symbol} shadow on a story card"


def on_play_dylan_dog(state, actor, data, ref):
    """dylan-dog/dylan-dog-cards: shadow squares, horror cards, or out of an empty crypt."""
    who = name(state, actor)
    use = data["use"]
    player = state["players"][actor]
    if player["dylan_dog"] <= 0:
        ref.violation(G + "dylan-dog-cards", f"{who} holds no Dylan Dog card")
        return state, f"{who} plays a Dylan Dog card they do not hold (ignored)"
    spent = with_player(state, actor, dylan_dog=player["dylan_dog"] - 1)
    spent["dylan_dog_deck"] = state["dylan_dog_deck"] + 1
    if use == "horror":
        fight = state["fight"]
        if fight is None or fight["fighter"] != actor:
            ref.violation(G + "horror-cards", f"{who} is not fighting a horror card")
            return state, f"{who} plays a Dylan Dog card against no horror card (ignored)"
        return resolve_fight(spent, ref, won=True, dylan_dog=True)
    if state["fight"] is not None:
        ref.violation(G + "horror-cards", "a horror card is being fought")
        return state, f"{who} plays a Dylan Dog card during a fight (ignored)"
    if use == "shadow":
        index = find_pending(state, actor, "shadow-trap")
        if index < 0:
            ref.violation(G + "shadow-squares", f"{who} is not caught on a shadow square")
            return state, f"{who} plays a Dylan Dog card against no shadow (ignored)"
        return drop_pending(spent, index), f"{who} escapes the shadow square with a Dylan Dog card"
    # use == "climb"
    crypt = CRYPT_OF_SQUARE.get(player["square"])
    if crypt is None or state["crypts"][crypt] > 0 or actor != state["turn"]["player"]:
        ref.violation(G + "dylan-dog-cards", f"{who} is not in an empty crypt on their own turn")
        return state, f"{who} climbs out of no empty crypt (ignored)"
    if (
        not player["sent_to_crypt"]
        and ref.consult(
            pts.CLIMB_WHO, "the player walked into the empty crypt: no nightmare card sent them"
        )
        == "sent-by-card-only"
    ):
        ref.violation(
            G + "dylan-dog-cards",
            "only a player sent by a nightmare card to an empty crypt may climb out "
            "with a Dylan Dog card",
            point=pts.CLIMB_WHO,
        )
    above = nightmare_at_slot(CRYPT_SLOT[crypt], state["rotation"])
    square = data.get("square") or above
    if PLANE[square] != "nightmare":
        ref.violation(G + "dylan-dog-cards", f"{square} is not on the nightmare plane")
        square = above
    elif (
        square != above
        and ref.consult(
            pts.CLIMB_SQUARE, f"the climb lands on {square}, not {above} over the crypt"
        )
        == "square-above"
    ):
        ref.violation(
            G + "dylan-dog-cards",
            f"the climb lands on {above}, the square over the crypt",
            point=pts.CLIMB_SQUARE,
        )
    new = with_player(spent, actor, square=square, sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[square], by_card=True)
    return new, f"{who} climbs out of the empty {crypt} crypt to {square} with a Dylan Dog card"


def on_play_shadow(state, actor, data, ref):
    """dylan-dog/shadow-cards: a shadow card matching one's story cards beats a shadow square."""
    who = name(state, actor)
    symbol = data["shadow"]
    player = state["players"][actor]
    index = find_pending(state, actor, "shadow-trap")
    if index < 0 or state["fight"] is not None:
        ref.violation(G + "shadow-squares", f"{who} is not caught on a shadow square")
        return state, f"{who} plays a shadow card against no shadow (ignored)"
    if symbol not in player["shadow"]:
        ref.violation(G + "shadow-cards", f"{who} holds no {symbol} shadow card")
        return state, f"{who} plays a shadow card they do not hold (ignored)"
    if not valid_shadow(player, symbol):
        ref.violation(
            G + "shadow-cards", f"the {symbol} shadow matches none of {who}'s story cards"
        )
        return state, f"{who} plays a shadow card that is not valid (no effect)"
    shown = player["shown_shadows"]
    if symbol not in shown:
        if (
            ref.consult(pts.SHADOW_SHOW_TIMING, "the matching shadow had not been shown before")
            == "in-advance"
        ):
            ref.violation(
                G + "shadow-cards",
                f"{who} never showed the matching {symbol} shadow",
                point=pts.SHADOW_SHOW_TIMING,
            )
            return state, f"{who} plays an unshown shadow card (no effect)"
        shown = sorted(shown + [symbol])
    rest = list(player["shadow"])
    rest.remove(symbol)
    new = drop_pending(state, index)
    new["nightmare_deck"] = state["nightmare_deck"] + 1
    new = with_player(new, actor, shadow=rest, shown_shadows=shown)
    return new, f"{who} escapes the shadow square with the {symbol} shadow card"


def on_accept_trap(state, actor, data, ref):
    """dylan-dog/shadow-squares: without a card, back to reality."""
    who = name(state, actor)
    index = find_pending(state, actor, "shadow-trap")
    if index < 0 or state["fight"] is not None:
        ref.violation(G + "shadow-squares", f"{who} is not caught on a shadow square")
        return state, f"{who} accepts no trap (ignored)"
    if (
        can_escape(state["players"][actor])
        and ref.consult(
            pts.SHADOW_PROTECTION, f"{who} could escape the shadow square but plays no card"
        )
        == "compulsory"
    ):
        ref.violation(
            G + "shadow-squares",
            f"{who} holds a card that escapes the shadow square and must play it",
            point=pts.SHADOW_PROTECTION,
        )
    return send_to_reality(
        state, actor
    ), f"{who} is caught by the shadow square and returns to reality"


def on_challenge(state, actor, data, ref):
    """dylan-dog/horror-cards: a held horror card against a player on the same plane."""
    who = name(state, actor)
    target, horror = data["target"], data["horror"]
    if target not in state["players"] or target == actor:
        ref.violation(G + "horror-cards", f"{target!r} is not another player of this match")
        return state, f"{who} challenges nobody (ignored)"
    if state["fight"] is not None:
        ref.violation(G + "horror-cards", "a horror card is already being fought")
        return state, f"{who} challenges during a fight (ignored)"
    player = state["players"][actor]
    card = next((h for h in player["horror"] if h["name"] == horror), None)
    if card is None:
        ref.violation(G + "horror-cards", f"{who} does not hold the horror card {horror}")
        return state, f"{who} challenges with a horror card they do not hold (ignored)"
    turn = state["turn"]
    timing = ref.consult(pts.CHALLENGE_TIMING, f"{who} challenges with a horror card")
    resume = turn["phase"]
    if timing == "instead-of-throw":
        if actor != turn["player"] or turn["phase"] not in ("setup", "before-roll"):
            ref.violation(
                G + "horror-cards",
                "a challenge takes the place of one's own throw",
                point=pts.CHALLENGE_TIMING,
            )
        resume = "resolve" if actor == turn["player"] else turn["phase"]
    planes = []
    for pid in (actor, target):
        sq = state["players"][pid]["square"]
        plane = PLANE[sq]
        if (
            sq in CRYPT_OF_SQUARE
            and ref.consult(pts.CRYPT_PLANE, "a pawn in a crypt is part of a challenge") == "none"
        ):
            plane = None
        planes.append(plane)
    if planes[0] is None or planes[0] != planes[1]:
        ref.violation(
            G + "horror-cards", f"{name(state, target)} is not on the same plane as {who}"
        )
    new = with_player(state, actor, horror=[h for h in player["horror"] if h is not card])
    new["fight"] = {
        "fighter": target,
        "name": horror,
        "threshold": card["threshold"],
        "source": "challenge",
        "crypt": None,
        "challenger": actor,
        "resume": resume,
    }
    ref.effect("challenge", player=actor, target=target, horror=horror)
    return (
        new,
        f"{who} challenges {name(state, target)} with the horror card {horror} ({card['threshold']})",
    )


def on_forfeit(state, actor, data, ref):
    """dylan-dog/horror-cards: a mystery card back into the crypt, or to the challenger on request."""
    who = name(state, actor)
    card = data["card"]
    index, item = -1, None
    for i, cand in enumerate(state["pending"]):
        if cand["kind"] != "forfeit":
            continue
        if cand["to"] == "crypt":
            if cand["player"] == actor:
                index, item = i, cand
                break
        elif actor in (cand["player"], cand["to"]):
            chooser = ref.consult(
                pts.FORFEIT_CHOOSER, "a lost challenge: a mystery card is handed over on request"
            )
            expected = cand["to"] if chooser == "challenger-chooses" else cand["player"]
            if actor != expected:
                ref.violation(
                    G + "horror-cards",
                    f"{name(state, expected)} chooses the card handed over",
                    point=pts.FORFEIT_CHOOSER,
                )
            index, item = i, cand
            break
    if item is None or state["fight"] is not None:
        ref.violation(G + "horror-cards", f"{who} owes no mystery card now")
        return state, f"{who} gives up a mystery card without cause (ignored)"
    giver = item["player"]
    if card not in state["players"][giver]["mystery"]:
        ref.violation(
            G + "horror-cards", f"{name(state, giver)} does not hold the mystery card {card}"
        )
        return state, f"{name(state, giver)} gives up a card they do not hold (ignored)"
    new = drop_pending(state, index)
    if item["to"] == "crypt":
        crypt = data.get("crypt") or item["crypt"]
        if (
            crypt != item["crypt"]
            and ref.consult(
                pts.HORROR_PENALTY_CRYPT,
                f"the card goes into the {crypt} crypt, not {item['crypt']}",
            )
            == "same-crypt"
        ):
            ref.violation(
                G + "horror-cards",
                f"the card goes back into the {item['crypt']} crypt",
                point=pts.HORROR_PENALTY_CRYPT,
            )
        g = new["players"][giver]
        new = with_player(
            new,
            giver,
            mystery=[c for c in g["mystery"] if c != card],
            mystery_hidden=[c for c in g["mystery_hidden"] if c != card],
        )
        new["crypts"] = {**new["crypts"], crypt: new["crypts"][crypt] + 1}
        ref.effect("forfeit", player=giver, card=card, crypt=crypt)
        return new, f"{name(state, giver)} puts the mystery card {card} back into the {crypt} crypt"
    new, _ = transfer(new, giver, item["to"], [card])
    ref.effect("forfeit", player=giver, card=card, to=item["to"])
    new = check_win(new, [item["to"]], ref)
    return new, f"{name(state, giver)} hands the mystery card {card} to {name(state, item['to'])}"


def on_place(state, actor, data, ref):
    """dylan-dog/shadow-squares: back in reality, "as always, on one of the white squares"."""
    who = name(state, actor)
    square = data["square"]
    index = find_pending(state, actor, "place")
    if index < 0:
        ref.violation(G + "shadow-squares", f"{who} is not returning to reality")
        return state, f"{who} places their pawn without cause (ignored)"
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
            G + "shadow-squares",
            f"{square} is occupied: a free white square must be chosen",
            point=pts.WHITE_SQUARE_CHOICE,
        )
    new = drop_pending(state, index)
    new = with_player(new, actor, square=square, sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[square], jump=True)
    return new, f"{who} returns to reality on {square}"


def on_end_turn(state, actor, data, ref):
    """dylan-dog/starting-the-game: play passes in the decided order."""
    who = name(state, actor)
    turn = state["turn"]
    if actor != turn["player"]:
        ref.violation(
            G + "starting-the-game", f"it is {name(state, turn['player'])}'s turn, not {who}'s"
        )
        return state, f"{who} ends a turn that is not theirs (ignored)"
    new = state
    if new["fight"] is not None:
        ref.violation(
            G + "horror-cards",
            f"the fight against {new['fight']['name']} was not finished; the card leaves the game",
        )
        new = dict(new)
        new["fight"] = None
    if turn["phase"] in ("setup", "before-roll"):
        ref.violation(G + "later-turns", f"{who} ends the turn without throwing the die")
    elif turn["phase"] == "action":
        ref.violation(G + "later-turns", f"{who} threw the die but did not move")
    owed = [i for i in new["pending"] if i["kind"] in OBLIGATIONS]
    if owed:
        ref.violation(
            G + "final-notes-before-starting",
            "left undone: " + ", ".join(f"{i['kind']} ({name(state, i['player'])})" for i in owed),
        )
        for item in owed:
            new = _default_obligation(new, item)
    new = dict(new)
    new["pending"] = []
    order = state["order"]
    nxt = order[(order.index(actor) + 1) % len(order)]
    new = set_turn(new, player=nxt, number=turn["number"] + 1, phase="before-roll", die=None)
    summary = f"{who} ends the turn; {name(state, nxt)} plays"
    if story_complete(new["players"][nxt]):
        new["finished"] = True
        new["winner"] = nxt
        new["reason"] = (
            f"{name(state, nxt)} begins their turn holding the 4 mystery cards of their story"
        )
        ref.effect("victory", player=nxt)
    return new, summary


def _default_obligation(state, item):
    """The defined state for an obligation left undone at the end of a turn (README.md)."""
    pid = item["player"]
    kind = item["kind"]
    if kind in ("place", "shadow-trap"):
        occupied = {p["square"] for q, p in state["players"].items() if q != pid}
        square = next((w for w in WHITE if w not in occupied), WHITE[0])
        return with_player(state, pid, square=square, sent_to_crypt=False)
    if kind == "forfeit":
        held = state["players"][pid]["mystery"]
        if not held:
            return state
        card = held[0]
        if item["to"] == "crypt":
            g = state["players"][pid]
            new = with_player(
                state,
                pid,
                mystery=held[1:],
                mystery_hidden=[c for c in g["mystery_hidden"] if c != card],
            )
            new["crypts"] = {**state["crypts"], item["crypt"]: state["crypts"][item["crypt"]] + 1}
            return new
        new, _ = transfer(state, pid, item["to"], [card])
        return new
    return state  # an undrawn card is simply not drawn


HANDLERS = {
    "story_cards": on_story_cards,
    "roll": on_roll,
    "move": on_move,
    "nightmare_card": on_nightmare_card,
    "crypt_card": on_crypt_card,
    "enter_crypt": on_enter_crypt,
    "take_dylan_dog": on_take_dylan_dog,
    "exchange": on_exchange,
    "show_shadow": on_show_shadow,
    "play_dylan_dog": on_play_dylan_dog,
    "play_shadow": on_play_shadow,
    "accept_trap": on_accept_trap,
    "challenge": on_challenge,
    "forfeit": on_forfeit,
    "place": on_place,
    "end_turn": on_end_turn,
}

ENGINE = DylanDogEngine()
