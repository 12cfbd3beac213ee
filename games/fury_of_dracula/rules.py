"""La Furia di Dracula: the rules the Italian excerpts give, refereed event by event.

Each handler names the paragraph it implements (``fury-of-dracula/para-N``). What the excerpts
do not give (road and sea movement, Dracula's movement, health, item deck, turn order…) is
applied as recorded with an ``unchecked`` effect that says so, never silently.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.core.engine import Engine, Outcome, Step
from games.core.points import Interpretation
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.combat import CombatRules
from games.fury_of_dracula.common import TWILIGHT, _take, _Tx, _within, unchecked
from games.fury_of_dracula.events import DRACULA_EVENTS, EVENT_SPECS, HUNTER_EVENTS
from games.fury_of_dracula.state import (
    HIDDEN,
    NEXT_TIME,
    BoardIndex,
    build_initial_state,
    hunter_view,
)


class FuryOfDraculaEngine(CombatRules, Engine):
    slug = "fury-of-dracula"
    name = "La Furia di Dracula"
    version = "1"
    package_dir = Path(__file__).parent
    points = P.POINTS
    event_specs = EVENT_SPECS
    default_setup = {"dracula": None, "trail_length": 6, "starts": {}}
    # What the full game has that the excerpts do not give: the README's "Not in the excerpts"
    # list, word for word without its code marks (tests/games/fury_of_dracula/test_readme.py).
    out_of_scope = (
        (
            "road and sea movement (adjacency is compared with the reconstructed board only to "
            "say so in the note)"
        ),
        "when the action Prenota un biglietto may be taken, how many tickets a hunter may hold",
        (
            "Dracula's movement, his trail rules, the Location cards leaving the trail and what "
            "matures then; Dracula being hidden again after he moves; a due combat lapsing when "
            "he moves first"
        ),
        (
            "the item deck and the actions that give items, why a card is discarded or revealed "
            "by a hunter who is not WEAKENED"
        ),
        (
            "what an Encounter card does (ambush and Search record only which card; its results "
            "are recorded as further events: bite, damage, \u2026)"
        ),
        "health and damage, and a defeat caused by damage (hunter_defeated)",
        "how a hunter flees, what cancels the hunter's combat card, Dracula's health",
        (
            "end conditions of a combat other than the listed ones (the list is introduced by "
            "\u00abad esempio\u00bb; a combat_ends event records one, see combat-end-conditions)"
        ),
        "a bite outside combat (its cause)",
        (
            "a draw at dusk or dawn (the excerpts speak only of day and night; routed as a day "
            "draw if from the top, as a night draw if from the bottom)"
        ),
        "no hunter left in Dracula's city when the combat is due",
        (
            "the end of the match (by default the full game's: influence 13 or Dracula defeated, "
            "see victory); a game_over event; events recorded after the end"
        ),
        (
            "turn order, the actions a hunter has per day or night, the day/night rounds "
            "themselves \u2014 time passes only by time_passes events"
        ),
        (
            "combat card texts, the hunters' characters and their banners (each round records the"
            " banner's highlighted icons as observed)"
        ),
    )
    min_players = 2
    max_players = 5

    def __init__(self) -> None:
        self._index: BoardIndex | None = None
        self._handlers = {
            "time_passes": self._time_passes,
            "book_ticket": self._book_ticket,
            "move": self._move,
            "draw_event": self._draw_event,
            "gain_item": self._gain_item,
            "reveal_card": self._reveal_card,
            "discard": self._discard,
            "dracula_move": self._dracula_move,
            "ambush": self._ambush,
            "renounce": self._renounce,
            "search": self._search,
            "combat_round": self._combat_round,
            "bite": self._bite,
            "damage": self._damage,
            "hunter_defeated": self._hunter_defeated,
            "flee": self._flee,
            "combat_ends": self._combat_ends,
            "dracula_revealed": self._dracula_revealed,
            "influence": self._influence,
            "dracula_defeated": self._dracula_defeated,
            "hospital": self._hospital,
            "game_over": self._game_over,
        }

    @property
    def index(self) -> BoardIndex:
        if self._index is None:
            self._index = BoardIndex(self.board)
        return self._index

    # -- protocol ------------------------------------------------------------------------

    def initial_state(self, players, setup, board=None) -> dict:
        index = BoardIndex(board) if board is not None else self.index
        return build_initial_state(players, self.setup_with_defaults(setup), index)

    def view(self, state, viewer):
        return hunter_view(state, viewer)

    def outcome(self, state) -> Outcome:
        return Outcome(
            finished=bool(state["finished"]),
            winner=state["winner"],
            reason=state["reason"],
        )

    def simulate(self, *, seed, players=None, setup=None, max_events=None, min_events=None):
        from games.fury_of_dracula.simulate import simulate_match

        return simulate_match(
            self, seed=seed, players=players, setup=setup, max_events=max_events,
            min_events=min_events,
        )

    def apply_game_event(
        self, state: dict, event: Mapping[str, Any], interpretation: Interpretation
    ) -> Step:
        ref = Referee(interpretation)
        etype = event.get("type")
        handler = self._handlers.get(etype)
        actor = event.get("actor")
        data = event.get("data") or {}
        if handler is None:
            return ref.step(state, f"Unknown event type {etype!r}: nothing changes")
        if state["finished"] and etype != "game_over":
            unchecked(ref, "event after the end of the match: applied as recorded")
        if etype in HUNTER_EVENTS:
            if actor not in state["hunters"]:
                ref.violation(
                    _RULE_OF.get(etype, P.TRAIN),
                    f"{self._name(state, actor)} is not a hunter, and only a hunter can {etype.replace('_', ' ')}",
                )
                return ref.step(state, f"{self._name(state, actor)}: {etype} skipped")
            if state["hunters"][actor]["defeated"]:
                ref.violation(
                    P.BITES,
                    f"{self._name(state, actor)} is defeated and waits for the hospital at dawn",
                    citations=(P.C_HOSPITAL,),
                )
                return ref.step(state, f"{self._name(state, actor)} is defeated: {etype} skipped")
        elif etype in DRACULA_EVENTS and actor != state["dracula_player"]:
            ref.violation(
                _RULE_OF.get(etype, P.COMBAT),
                f"only Dracula's player ({self._name(state, state['dracula_player'])}) can record "
                f"{etype.replace('_', ' ')}",
            )
            return ref.step(state, f"{self._name(state, actor)}: {etype} skipped")
        return handler(state, actor, data, ref)

    # -- helpers -----------------------------------------------------------------------

    @staticmethod
    def _name(state, pid) -> str:
        return state["names"].get(pid, str(pid))

    def _target(self, state, data, ref, rule, what) -> str | None:
        """The hunter named in ``data.hunter`` if he is a hunter not defeated, else a violation."""
        pid = data.get("hunter")
        hunter = state["hunters"].get(pid)
        if hunter is None:
            ref.violation(rule, f"{pid!r} is not a hunter of this match, so cannot {what}")
            return None
        if hunter["defeated"]:
            ref.violation(
                P.BITES,
                f"{self._name(state, pid)} is defeated (out until the hospital at dawn), so cannot {what}",
                citations=(P.C_HOSPITAL,),
            )
            return None
        return pid

    def _trail_entry(self, state, space) -> int | None:
        for n, entry in enumerate(state["dracula"]["trail"]):
            if entry["space"] == space:
                return n
        return None

    def _is_hideout(self, state, space, ref) -> bool:
        """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio"."""
        n = self._trail_entry(state, space)
        if n is None or not state["dracula"]["trail"][n]["encounters"]:
            return False
        if self.index.kind(space) == "sea":
            return False
        if n == 0:
            return True
        return ref.consult(P.HIDEOUT_MEANING, f"{space} is an older trail city holding an Encounter") == "trail-encounter"

    def _reveals(self, state, space) -> bool:
        trail = state["dracula"]["trail"]
        return bool(trail) and not state["dracula"]["revealed"] and trail[0]["space"] == space

    def _triggers(self, state, space) -> bool:
        """Whether ending a movement in ``space`` could reveal Dracula or meet a hideout."""
        if self._reveals(state, space):
            return True
        n = self._trail_entry(state, space)
        return n is not None and bool(state["dracula"]["trail"][n]["encounters"])

    def _end_movement(self, tx: _Tx, pid: str, space: str, ref: Referee) -> list[str]:
        """fury-of-dracula/para-3 and para-4: what ending a movement in ``space`` triggers."""
        said = []
        state = tx.new
        if self._reveals(state, space):
            if self.index.kind(space) == "sea":
                ref.effect("not-revealed", space=space, why="Dracula cannot be revealed at sea")
                said.append("Dracula is there, but at sea he cannot be revealed")
            else:
                dr = tx.dracula()
                dr["revealed"] = True
                dr["space"] = space
                dr["combat_due"] = {"tick": state["tick"], "hunter": pid}
                ref.effect("dracula-revealed", space=space, by=pid)
                said.append(f"Dracula is revealed in {space}")
                if state["time"] in TWILIGHT:
                    when = ref.consult(P.TWILIGHT_REVEAL, f"Dracula revealed during the {state['time']}")
                    if when == "this-one":
                        said.append(self._start_combat(tx, ref))
        if self._is_hideout(state, space, ref):
            tx.new["hideouts"] = {**state["hideouts"], pid: {"space": space, "renounced": False}}
            ref.effect("hideout", hunter=pid, space=space)
            said.append(f"{space} is a hideout: Dracula may ambush")
        return said

    def _dracula_revealed(self, state, actor, data, ref):
        """fury-of-dracula/para-4: a reveal the record states. The engine reveals Dracula itself
        when a hunter ends his movement in the city of the first trail card; a recorded reveal
        it did not make is a violation and is skipped (Dracula stays hidden)."""
        space = data["space"]
        dr = state["dracula"]
        if self.index.kind(space) == "sea":
            ref.violation(
                P.REVEAL,
                f"the record reveals Dracula in {space}, a sea zone: Dracula cannot be revealed at sea",
                citations=(P.C_NOT_AT_SEA,),
            )
            return ref.step(state, f"Dracula is not revealed in {space}: he cannot be revealed at sea")
        if dr["revealed"] and dr["space"] == space:
            ref.effect("reveal-confirmed", space=space)
            return ref.step(state, f"the record confirms Dracula revealed in {space}")
        trail = dr["trail"]
        if not trail or trail[0]["space"] != space:
            why = f"{space} is not the city of the Location card on the first space of Dracula's trail"
        else:
            why = f"no hunter ended his movement in {space} since Dracula went there"
        ref.violation(P.REVEAL, f"Dracula cannot be revealed in {space}: {why}", citations=(P.C_REVEAL,))
        return ref.step(state, f"Dracula is not revealed in {space}")

    # -- time --------------------------------------------------------------------------

    def _time_passes(self, state, actor, data, ref):
        tx = _Tx(state)
        said = []
        if state["combat"] is not None:
            ref.violation(
                P.COMBAT,
                "time passes while a combat is under way: it continues until an end condition",
                citations=(P.C_CONTINUES,),
            )
        self._weakened_check(state, ref)
        now = state["time"]
        if now == "dawn":
            for pid in state["hunter_order"]:
                h = state["hunters"][pid]
                if h["defeated"] and h["defeated_at"] < state["tick"]:
                    ref.violation(
                        P.BITES,
                        f"{self._name(state, pid)} was defeated but not placed in a hospital at dawn",
                        citations=(P.C_HOSPITAL,),
                    )
        nxt = NEXT_TIME[now]
        tx.new["time"] = nxt
        tx.new["tick"] = state["tick"] + 1
        if state["hideouts"]:
            tx.new["hideouts"] = {}
        said.append(f"{now} gives way to {nxt}")
        if (
            nxt in TWILIGHT
            and state["dracula"]["combat_due"] is not None
            and state["combat"] is None
        ):
            said.append(self._start_combat(tx, ref))
        return ref.step(tx.new, "; ".join(said))

    def _weakened_check(self, state, ref):
        """fury-of-dracula/para-6: a WEAKENED hunter keeps an event and an item card revealed."""
        for pid in state["hunter_order"]:
            h = state["hunters"][pid]
            if not h["weakened"] or h["defeated"]:
                continue
            for kind in ("events", "items"):
                shown = len(h[f"shown_{kind}"])
                if h[kind] and not shown:
                    ref.violation(
                        P.BITES,
                        f"{self._name(state, pid)} is WEAKENED but keeps no {kind[:-1]} card revealed",
                        citations=(P.C_WEAKENED,),
                    )
                elif shown > 1:
                    if ref.consult(P.WEAKENED_REVEAL_COUNT, f"{self._name(state, pid)} shows {shown} {kind}") == "exactly-one":
                        ref.violation(
                            P.BITES,
                            f"{self._name(state, pid)} keeps {shown} {kind} revealed, not one",
                            point=P.WEAKENED_REVEAL_COUNT,
                        )

    # -- train and tickets (para-1) ----------------------------------------------------------

    def _book_ticket(self, state, actor, data, ref):
        tx = _Tx(state)
        h = tx.hunter(actor)
        ticket = {"white": data["white"], "yellow": data.get("yellow")}
        h["tickets"] = h["tickets"] + [ticket]
        unchecked(ref, "when Prenota un biglietto may be taken and how many tickets a hunter may hold is not in the excerpts")
        yellow = ticket["yellow"] if ticket["yellow"] is not None else "none"
        return ref.step(tx.new, f"{self._name(state, actor)} books a ticket (white {ticket['white']}, yellow {yellow})")

    def _fits(self, links: int, value: int, ref: Referee) -> bool:
        if links > value:
            return False
        if links == value:
            return True
        return ref.consult(P.TICKET_PARTIAL_USE, f"{links} link(s) on a ticket worth {value}") == "up-to"

    def _move(self, state, actor, data, ref):
        tx = _Tx(state)
        name = self._name(state, actor)
        path = data["path"]
        mode = data["mode"]
        h = tx.hunter(actor)
        combat = state["combat"]
        if combat and actor in combat["hunters"] and actor not in combat["out"]:
            ref.violation(P.COMBAT, f"{name} moves in the middle of a combat", citations=(P.C_CONTINUES,))
        if path[0] != h["space"]:
            if mode == "rail":
                ref.violation(P.TRAIN, f"{name} is in {h['space']}, not {path[0]}, where the train journey starts", citations=(P.C_TICKET,))
            else:
                unchecked(ref, f"the record starts the move in {path[0]} but {name} was in {h['space']}")
        said = [f"{name} moves by {mode} {' → '.join(path)}"]
        if mode == "rail":
            said.extend(self._rail(tx, h, actor, path, data, ref))
        else:
            links = self.index.roads if mode == "road" else self.index.sea
            missing = [f"{a}–{b}" for a, b in itertools.pairwise(path) if b not in links.get(a, ())]
            note = f"{mode} movement is not in the excerpts: applied as recorded"
            if missing:
                note += f" (no {mode} link {', '.join(missing)} on the reconstructed board)"
            unchecked(ref, note)
        h["space"] = path[-1]
        if actor in state["hideouts"]:
            tx.new["hideouts"] = {k: v for k, v in state["hideouts"].items() if k != actor}
        # which spaces count as the end of this movement (para-3, para-4)
        ends = [path[-1]]
        if mode == "rail" and any(self._triggers(state, s) for s in path[1:]):
            reading = ref.consult(P.TRAIN_ENDS_MOVEMENT, "a train journey stops at a trail city")
            ends = {"destination": [path[-1]], "every-city": path[1:], "not-movement": []}[reading]
        for space in ends:
            said.extend(self._end_movement(tx, actor, space, ref))
        return ref.step(tx.new, "; ".join(said))

    def _rail(self, tx, h, actor, path, data, ref) -> list[str]:
        """fury-of-dracula/para-1: a ticket spent, its white or yellow value, returned face down."""
        said = []
        colours = []
        for a, b in itertools.pairwise(path):
            colour = self.index.rail.get((a, b))
            if colour is None:
                ref.violation(P.TRAIN, f"there is no railway between {a} and {b}", citations=(P.C_TICKET_VALUE,))
            colours.append(colour)
        white = data.get("ticket_white")
        if white is None:
            ref.violation(P.TRAIN, "a train journey without a ticket token", citations=(P.C_TICKET,))
            return said
        ticket = {"white": white, "yellow": data.get("ticket_yellow")}
        if ticket not in h["tickets"]:
            ref.violation(
                P.TRAIN,
                f"{self._name(tx.new, actor)} holds no ticket (white {white}, yellow {ticket['yellow'] or 'none'})",
                citations=(P.C_TICKET,),
            )
        else:
            i = h["tickets"].index(ticket)
            h["tickets"] = h["tickets"][:i] + h["tickets"][i + 1 :]
            tx.new["tickets_returned"] = tx.new["tickets_returned"] + 1
            ref.effect("ticket-returned", hunter=actor, face="down", **ticket)
            said.append("the ticket returns to the reserve face down")
        links = len(path) - 1
        yellow = ticket["yellow"]
        if "yellow" in colours:
            if yellow is None:
                ref.violation(
                    P.TRAIN, "a ticket without a yellow number cannot be used on yellow railways",
                    citations=(P.C_NO_YELLOW,),
                )
                return said
            value, which = yellow, "yellow"
        else:
            value, which = white, "white"
            if yellow is not None and white < links <= yellow:
                if ref.consult(P.WHITE_ONLY_VALUE, "white railways only, yellow value higher") == "better-of-two":
                    value, which = yellow, "yellow"
        if not self._fits(links, value, ref):
            ref.violation(
                P.TRAIN,
                f"{links} railway link(s) on the {which} value {value}",
                citations=(P.C_YELLOW_VALUE if which == "yellow" else P.C_WHITE_VALUE, P.C_TICKET_VALUE),
                point=P.TICKET_PARTIAL_USE if links < value else None,
            )
        return said

    # -- the event deck (para-2) --------------------------------------------------------------

    def _draw_event(self, state, actor, data, ref):
        tx = _Tx(state)
        name = self._name(state, actor)
        time, end, icon = state["time"], data["end"], data["icon"]
        card = data.get("card") or HIDDEN
        if time == "day" and end != "top":
            ref.violation(P.EVENT_DECK, "by day the event deck is drawn from the top", citations=(P.C_DAY_TOP,))
        elif time == "night" and end != "bottom":
            ref.violation(P.EVENT_DECK, "by night the event deck is drawn from the bottom", citations=(P.C_NIGHT_BOTTOM,))
        elif time in TWILIGHT:
            unchecked(ref, f"a draw at {time}: the excerpts only speak of day and night (routed as a {'day' if end == 'top' else 'night'} draw)")
        as_day = time == "day" or (time in TWILIGHT and end == "top")
        if icon == "hunter":
            rule_to, cite = actor, (P.C_DAY_HUNTER if as_day else P.C_NIGHT_HUNTER)
        elif as_day:
            rule_to, cite = "discard", P.C_DAY_DRACULA
        else:
            rule_to, cite = state["dracula_player"], P.C_NIGHT_DRACULA
        to = data.get("to", rule_to)
        if to != "discard" and to not in state["names"]:
            ref.violation(P.EVENT_DECK, f"{to!r} is not a player: the card goes where the rule sends it", citations=(cite,))
            to = rule_to
        elif to != rule_to:
            allowed = (
                as_day
                and icon == "hunter"
                and to in state["hunters"]
                and ref.consult(P.DAY_HUNTER_RECIPIENT, f"by day a hunter card given to {self._name(state, to)}") == "any-hunter"
            )
            if not allowed:
                ref.violation(
                    P.EVENT_DECK,
                    f"a card with the {icon} icon goes to {self._name(state, rule_to) if rule_to != 'discard' else 'the discard pile face down'}, not {self._name(state, to) if to != 'discard' else 'the discard pile'}",
                    citations=(cite,),
                )
        if to == "discard":
            tx.discards(event_face_down=1)
            where = "the discard pile, face down"
        elif to == state["dracula_player"]:
            dr = tx.dracula()
            dr["events"] = dr["events"] + [card]
            where = "Dracula"
        elif to in state["hunters"]:
            h = tx.hunter(to)
            if h["defeated"]:
                ref.violation(P.BITES, f"{self._name(state, to)} is defeated and holds no cards until the hospital", citations=(P.C_DEFEAT,))
                tx.discards(event=1)
                where = "the discard pile"
            else:
                h["events"] = h["events"] + [card]
                where = self._name(state, to)
        else:  # a non-hunter, non-Dracula id cannot happen: every player is one or the other
            where = "nowhere"
        ref.effect("event-drawn", end=end, icon=icon, card=card, to=to)
        return ref.step(tx.new, f"{name} draws an event card from the {end} ({icon} icon): it goes to {where}")

    def _gain_item(self, state, actor, data, ref):
        tx = _Tx(state)
        h = tx.hunter(actor)
        card = data.get("card") or HIDDEN
        h["items"] = h["items"] + [card]
        unchecked(ref, "the item deck and the actions that give items are not in the excerpts")
        return ref.step(tx.new, f"{self._name(state, actor)} takes an item card ({card})")

    def _reveal_card(self, state, actor, data, ref):
        """fury-of-dracula/para-6: the cards a WEAKENED hunter keeps revealed."""
        tx = _Tx(state)
        kind = "events" if data["kind"] == "event" else "items"
        card = data["card"]
        name = self._name(state, actor)
        said = self._reveal(tx, actor, kind, card, ref)
        if not state["hunters"][actor]["weakened"]:
            unchecked(ref, f"{name} is not WEAKENED: why he reveals a card is not in the excerpts")
        return ref.step(tx.new, f"{name} reveals {said}")

    def _reveal(self, tx, pid, kind, card, ref) -> str:
        h = tx.hunter(pid)
        hand, shown = h[kind], h[f"shown_{kind}"]
        if hand.count(card) > shown.count(card):
            pass
        elif card != HIDDEN and hand.count(HIDDEN) > shown.count(HIDDEN):
            i = hand.index(HIDDEN)  # an unseen card turns out to be this one
            h[kind] = hand[:i] + [card] + hand[i + 1 :]
        else:
            ref.violation(
                P.BITES,
                f"{self._name(tx.new, pid)} cannot keep revealed a {kind[:-1]} card he does not hold ({card})",
                citations=(P.C_WEAKENED,),
            )
            return f"nothing ({card} not held)"
        h[f"shown_{kind}"] = shown + [card]
        ref.effect("card-revealed", hunter=pid, card_kind=kind[:-1], card=card)
        return f"the {kind[:-1]} card {card}"

    def _discard(self, state, actor, data, ref):
        tx = _Tx(state)
        kind = "events" if data["kind"] == "event" else "items"
        card = data["card"]
        name = self._name(state, actor)
        if actor == state["dracula_player"]:
            dr = tx.dracula()
            rest = _take(dr["events"], card) if kind == "events" else None
            if rest is None:
                unchecked(ref, f"Dracula does not hold the {kind[:-1]} card {card}: nothing discarded")
                return ref.step(tx.new, f"Dracula discards nothing ({card} not held)")
            dr["events"] = rest
        elif actor in state["hunters"]:
            h = tx.hunter(actor)
            rest = _take(h[kind], card)
            if rest is None:
                unchecked(ref, f"{name} does not hold the {kind[:-1]} card {card}: nothing discarded")
                return ref.step(tx.new, f"{name} discards nothing ({card} not held)")
            h[kind] = rest
            h[f"shown_{kind}"] = _within(rest, h[f"shown_{kind}"])
        else:
            ref.violation(P.EVENT_DECK, f"{actor!r} is not a player of this match")
            return ref.step(state, "discard skipped")
        tx.discards(**{kind[:-1]: 1})
        unchecked(ref, "when a card may be discarded (played, over a hand limit) is not in the excerpts")
        return ref.step(tx.new, f"{name} discards the {kind[:-1]} card {card}")

    # -- Dracula's trail, ambush and search (para-3, para-4) ------------------------------------

    def _dracula_move(self, state, actor, data, ref):
        tx = _Tx(state)
        dr = tx.dracula()
        space = data["space"]
        encounter = data.get("encounter")
        if state["combat"] is not None:
            ref.violation(P.COMBAT, "Dracula moves in the middle of a combat", citations=(P.C_CONTINUES,))
        note = "Dracula's movement and trail rules are not in the excerpts: placed as recorded"
        if space not in self.index.spaces:
            note += f" ({space} is not on the reconstructed board)"
        unchecked(ref, note)
        entry = {"space": space, "encounters": [encounter] if encounter else []}
        trail = [entry] + dr["trail"]
        if len(trail) > state["trail_length"]:
            left = trail[state["trail_length"] :]
            trail = trail[: state["trail_length"]]
            for gone in left:
                ref.effect("trail-card-leaves", space=gone["space"], encounters=len(gone["encounters"]))
            unchecked(ref, "a card leaves the trail: what matures or returns is not in the excerpts")
        dr["trail"] = trail
        if dr["revealed"]:
            dr["revealed"] = False
            dr["space"] = None
            unchecked(ref, "Dracula moves after being revealed: he is hidden again (not in the excerpts)")
        if dr["combat_due"] is not None:
            dr["combat_due"] = None
            unchecked(ref, "Dracula moves before the due combat: it lapses (not in the excerpts)")
        if state["hideouts"]:
            tx.new["hideouts"] = {}
        return ref.step(tx.new, f"Dracula places a Location card on his trail{' with an Encounter' if encounter else ''}")

    def _hideout_of(self, state, pid, ref, rule, cite, what):
        pending = state["hideouts"].get(pid)
        if pending is None:
            ref.violation(
                rule,
                f"{self._name(state, pid)} did not end his movement in a hideout, so {what}",
                citations=(P.C_HIDEOUT_END, cite),
            )
        return pending

    def _take_encounter(self, tx, space, card, ref, cite, discard=True) -> bool:
        n = self._trail_entry(tx.new, space)
        if n is None:
            ref.violation(P.HIDEOUT, f"no trail card in {space} any more", citations=(cite,))
            return False
        entry = tx.new["dracula"]["trail"][n]
        rest = _take(entry["encounters"], card)
        if rest is None:
            ref.violation(P.HIDEOUT, f"no Encounter {card} in {space}", citations=(cite,))
            return False
        if discard:
            dr = tx.dracula()
            trail = list(dr["trail"])
            trail[n] = {**entry, "encounters": rest}
            dr["trail"] = trail
            tx.discards(encounter=1)
        return True

    def _ambush(self, state, actor, data, ref):
        """fury-of-dracula/para-3: reveal and resolve an Encounter there, discard it at once."""
        pid = self._target(state, data, ref, P.HIDEOUT, "be ambushed")
        if pid is None:
            return ref.step(state, "ambush skipped")
        pending = self._hideout_of(state, pid, ref, P.HIDEOUT, P.C_AMBUSH, "there is no ambush")
        if pending is None:
            return ref.step(state, "ambush skipped")
        if pending["renounced"]:
            ref.violation(P.HIDEOUT, "Dracula already renounced the ambush", citations=(P.C_SEARCH,))
            return ref.step(state, "ambush skipped")
        tx = _Tx(state)
        if data.get("matured"):
            ref.violation(P.HIDEOUT, "an ambush ignores the matured effects", citations=(P.C_MATURED,))
        card = data["encounter"]
        self._take_encounter(tx, pending["space"], card, ref, P.C_AMBUSH)
        tx.new["hideouts"] = {k: v for k, v in state["hideouts"].items() if k != pid}
        ref.effect("ambush", hunter=pid, encounter=card, space=pending["space"])
        unchecked(ref, f"the effect of the Encounter {card} is not in the excerpts: record its results as events")
        return ref.step(tx.new, f"Dracula ambushes {self._name(state, pid)} in {pending['space']} with {card}, then discards it")

    def _renounce(self, state, actor, data, ref):
        pid = self._target(state, data, ref, P.HIDEOUT, "be spared an ambush")
        if pid is None:
            return ref.step(state, "renounce skipped")
        pending = self._hideout_of(state, pid, ref, P.HIDEOUT, P.C_SEARCH, "there is no ambush to renounce")
        if pending is None:
            return ref.step(state, "renounce skipped")
        new = dict(state)
        new["hideouts"] = {**state["hideouts"], pid: {**pending, "renounced": True}}
        return ref.step(new, f"Dracula renounces ambushing {self._name(state, pid)}; he may Search")

    def _search(self, state, actor, data, ref):
        """fury-of-dracula/para-3: the Search action resolves the Encounter once Dracula renounced."""
        name = self._name(state, actor)
        card = data.get("encounter")
        pending = state["hideouts"].get(actor)
        if pending is None:
            if card is not None:
                ref.violation(
                    P.HIDEOUT,
                    f"{name} is not in a hideout after his movement: no Encounter to resolve",
                    citations=(P.C_HIDEOUT_END, P.C_SEARCH),
                )
                return ref.step(state, f"{name} searches: skipped")
            unchecked(ref, "a Search outside a hideout is not in the excerpts")
            return ref.step(state, f"{name} searches")
        if not pending["renounced"]:
            if ref.consult(P.SEARCH_NEEDS_RENOUNCE, "Search before a recorded renounce") == "explicit":
                ref.violation(
                    P.HIDEOUT, "the hunter may Search only after Dracula renounces the ambush",
                    point=P.SEARCH_NEEDS_RENOUNCE,
                )
        tx = _Tx(state)
        if data.get("matured"):
            ref.violation(P.HIDEOUT, "a Search ignores the matured effects", citations=(P.C_MATURED,))
        card = card or HIDDEN
        n = self._trail_entry(state, pending["space"])
        present = n is not None and _take(state["dracula"]["trail"][n]["encounters"], card) is not None
        discard = present and ref.consult(P.SEARCH_DISCARDS, "an Encounter resolved by a Search") == "discard"
        self._take_encounter(tx, pending["space"], card, ref, P.C_SEARCH, discard=discard)
        tx.new["hideouts"] = {k: v for k, v in state["hideouts"].items() if k != actor}
        ref.effect("search", hunter=actor, encounter=card, space=pending["space"], discarded=discard)
        unchecked(ref, f"the effect of the Encounter {card} is not in the excerpts: record its results as events")
        return ref.step(tx.new, f"{name} searches {pending['space']} and resolves the Encounter {card}")

_RULE_OF = {
    "book_ticket": P.TRAIN,
    "move": P.TRAIN,
    "draw_event": P.EVENT_DECK,
    "gain_item": P.BITES,
    "reveal_card": P.BITES,
    "search": P.HIDEOUT,
    "flee": P.COMBAT,
    "dracula_move": P.REVEAL,
    "ambush": P.HIDEOUT,
    "renounce": P.HIDEOUT,
    "combat_round": P.COMBAT,
    "influence": P.COMBAT,
}

ENGINE = FuryOfDraculaEngine()
