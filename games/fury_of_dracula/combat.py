"""Combat, bites, defeat and the hospital: fury-of-dracula/para-4 (when a combat starts),
para-5 (rounds, cancellation, end conditions) and para-6 (bites, WEAKENED, defeat, hospital)."""

from __future__ import annotations

from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.common import _Tx, unchecked


class CombatRules:
    """Mixed into the engine: the handlers and helpers of combat and its consequences."""

    def _start_combat(self, tx: _Tx, ref: Referee) -> str:
        """fury-of-dracula/para-4: "il combattimento avviene quindi all’alba o al tramonto successivi"."""
        state = tx.new
        dr = tx.dracula()
        due = dr["combat_due"]
        dr["combat_due"] = None
        who = ref.consult(P.COMBAT_HUNTERS, "a combat starts: which hunters are involved")
        here = dr["space"]
        if who == "revealing-hunter":
            candidates = [due["hunter"]] if due else []
        else:
            candidates = state["hunter_order"]
        involved = [
            pid
            for pid in candidates
            if pid in state["hunters"]
            and not state["hunters"][pid]["defeated"]
            and state["hunters"][pid]["space"] == here
        ]
        if not involved:
            unchecked(ref, "no hunter is in Dracula's city when the combat is due: no combat (the excerpts do not say)")
            return "no hunter faces Dracula: no combat"
        tx.new["combat"] = {
            "hunters": involved,
            "space": here,
            "rounds": 0,
            "cards": 0,
            "out": {},
            "time": state["time"],
        }
        ref.effect("combat-start", hunters=involved, space=here)
        return f"combat in {here} against {', '.join(self._name(state, p) for p in involved)}"

    def _end_combat(self, tx: _Tx, ref: Referee, reason: str) -> str:
        tx.new["combat"] = None
        ref.effect("combat-end", reason=reason)
        return f"the combat ends ({reason})"

    def _check_all_out(self, tx: _Tx, ref: Referee) -> str | None:
        """fury-of-dracula/para-5: "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti"."""
        combat = tx.new["combat"]
        if combat and all(pid in combat["out"] for pid in combat["hunters"]):
            return self._end_combat(tx, ref, "all hunters involved bitten, defeated or fled")
        return None

    def _mark_out(self, tx: _Tx, pid: str, why: str) -> None:
        combat = tx.new["combat"]
        if combat and pid in combat["hunters"] and pid not in combat["out"]:
            tx.new["combat"] = {**combat, "out": {**combat["out"], pid: why}}

    def _defeat(self, tx: _Tx, pid: str, ref: Referee, cause: str) -> str:
        """fury-of-dracula/para-6: discards, returned tokens, hospital at dawn."""
        h = tx.hunter(pid)
        if h["weakened"]:
            after = ref.consult(P.WEAKENED_AFTER_DEFEAT, "a WEAKENED hunter is defeated and returns his bite tokens")
            h["weakened"] = after == "stays-weakened"
        tx.discards(event=len(h["events"]), item=len(h["items"]))
        tx.new["tickets_returned"] = tx.new["tickets_returned"] + len(h["tickets"])
        ref.effect(
            "defeated",
            hunter=pid,
            cause=cause,
            discarded_events=len(h["events"]),
            discarded_items=len(h["items"]),
            returned_tickets=len(h["tickets"]),
            returned_bites=h["bites"],
            returned_damage=h["damage"],
        )
        h.update(
            events=[], items=[], shown_events=[], shown_items=[], tickets=[], bites=0,
            damage=0, defeated=True, defeated_at=tx.new["tick"], defeated_in=h["space"],
            space=None,
        )
        if pid in tx.new["hideouts"]:
            tx.new["hideouts"] = {k: v for k, v in tx.new["hideouts"].items() if k != pid}
        self._mark_out(tx, pid, "defeated")
        said = f"{self._name(tx.new, pid)} is defeated ({cause}): discards his cards and returns his tokens"
        ended = self._check_all_out(tx, ref)
        return f"{said}; {ended}" if ended else said

    def _win(self, tx: _Tx, ref: Referee, side: str, reason: str) -> str:
        """The full game's victory (point victory): see README."""
        if ref.consult(P.VICTORY, f"{reason}: does this end the match?") != "full-game":
            return ""
        tx.new["finished"] = True
        tx.new["winner"] = tx.new["dracula_player"] if side == "dracula" else "hunters"
        tx.new["reason"] = reason
        ref.effect("match-end", winner=tx.new["winner"], reason=reason)
        return f"; the match ends: {'Dracula' if side == 'dracula' else 'the hunters'} win"

    # -- combat (para-5) ---------------------------------------------------------------------

    def _combat_round(self, state, actor, data, ref):
        combat = state["combat"]
        pid = data["hunter"]
        name = self._name(state, pid)
        if combat is None:
            ref.violation(P.COMBAT, "a combat round with no combat under way", citations=(P.C_ROUND, P.C_REVEAL_COMBAT))
            return ref.step(state, "combat round skipped")
        if pid not in combat["hunters"]:
            ref.violation(P.COMBAT, f"{name} is not involved in this combat", citations=(P.C_ALL_OUT,))
            return ref.step(state, "combat round skipped")
        out = combat["out"].get(pid)
        if out in ("defeated", "fled") or (
            out == "bitten"
            and ref.consult(P.BITTEN_LEAVES_COMBAT, f"{name} was bitten in this combat") == "leaves"
        ):
            ref.violation(P.COMBAT, f"{name} is out of the combat ({out})", citations=(P.C_ALL_OUT,))
            return ref.step(state, "combat round skipped")
        tx = _Tx(state)
        icon = data["dracula_icon"]
        cancelled = icon in data["banner"]
        resolved = data["dracula_resolved"]
        if cancelled and resolved:
            ref.violation(P.COMBAT, f"the icon {icon} is highlighted on {name}'s banner: Dracula's card is cancelled and has no effect", citations=(P.C_CANCEL,))
        elif not cancelled and not resolved:
            ref.violation(P.COMBAT, f"the icon {icon} is not highlighted on the banner: Dracula's card resolves", citations=(P.C_RESOLVE,))
        if data.get("hunter_resolved") is False:
            unchecked(ref, "what cancels the hunter's card is on the cards, not in the excerpts")
        counts = not cancelled or ref.consult(P.SIX_CARDS_COUNT, "Dracula's card was cancelled") == "every-card"
        rounds = combat["rounds"] + 1
        cards = combat["cards"] + (1 if counts else 0)
        tx.new["combat"] = {**combat, "rounds": rounds, "cards": cards}
        ref.effect(
            "combat-round", hunter=pid, dracula_card=data["dracula_card"], hunter_card=data["hunter_card"],
            cancelled=cancelled, round=rounds, cards=cards,
        )
        said = [
            (f"round {rounds}: Dracula plays {data['dracula_card']} ({icon}"
            f"{', cancelled by the banner' if cancelled else ''}), {name} plays {data['hunter_card']}")
        ]
        if data.get("escape") and not cancelled:
            allowed = ref.consult(P.ESCAPE_ALLOWED, "Dracula resolves an Escape")
            if allowed == "not-first-round" and rounds == 1:
                ref.violation(P.COMBAT, "an Escape is not allowed in the first round", point=P.ESCAPE_ALLOWED)
            else:
                if allowed == "as-recorded":
                    unchecked(ref, "whether this Escape was allowed is for the full game's rules")
                said.append(self._end_combat(tx, ref, "Dracula escapes"))
                return ref.step(tx.new, "; ".join(said))
        if cards >= 6:
            said.append(self._end_combat(tx, ref, "Dracula has played six combat cards"))
        return ref.step(tx.new, "; ".join(said))

    # -- bites, defeat, hospital (para-6) ------------------------------------------------------

    def _bite(self, state, actor, data, ref):
        pid = self._target(state, data, ref, P.BITES, "be bitten")
        if pid is None:
            return ref.step(state, "bite skipped")
        tx = _Tx(state)
        h = tx.hunter(pid)
        name = self._name(state, pid)
        combat = state["combat"]
        if not (combat and pid in combat["hunters"]):
            unchecked(ref, "a bite outside combat: its cause (an Encounter?) is not in the excerpts")
        room = True
        if h["bites"] >= 1:
            spaces = {"one": 1, "two": 2, "three": 3}[ref.consult(P.BITE_SPACES, f"{name} already has {h['bites']} bite token(s)")]
            room = h["bites"] < spaces
        if not room:
            ref.effect("no-room-for-bite", hunter=pid)
            return ref.step(tx.new, self._defeat(tx, pid, ref, "no room for a bite token"))
        h["bites"] = h["bites"] + 1
        h["weakened"] = True
        ref.effect("bitten", hunter=pid, bites=h["bites"])
        said = [f"{name} is bitten ({h['bites']} bite token(s)) and is WEAKENED"]
        for field, kind in (("reveal_event", "events"), ("reveal_item", "items")):
            if field in data:
                said.append("reveals " + self._reveal(tx, pid, kind, data[field], ref))
        self._mark_out(tx, pid, "bitten")
        ended = self._check_all_out(tx, ref)
        if ended:
            said.append(ended)
        return ref.step(tx.new, "; ".join(said))

    def _damage(self, state, actor, data, ref):
        pid = self._target(state, data, ref, P.BITES, "take damage")
        if pid is None:
            return ref.step(state, "damage skipped")
        tx = _Tx(state)
        h = tx.hunter(pid)
        h["damage"] = h["damage"] + data["amount"]
        unchecked(ref, "health and damage are not in the excerpts: record a defeat by damage as hunter_defeated")
        return ref.step(tx.new, f"{self._name(state, pid)} takes {data['amount']} damage")

    def _hunter_defeated(self, state, actor, data, ref):
        pid = self._target(state, data, ref, P.BITES, "be defeated")
        if pid is None:
            return ref.step(state, "defeat skipped")
        tx = _Tx(state)
        cause = data.get("cause") or "as recorded"
        unchecked(ref, f"a defeat by {cause} follows the full game's rules, not the excerpts")
        return ref.step(tx.new, self._defeat(tx, pid, ref, cause))

    def _flee(self, state, actor, data, ref):
        combat = state["combat"]
        name = self._name(state, actor)
        if not combat or actor not in combat["hunters"] or actor in combat["out"]:
            ref.violation(P.COMBAT, f"{name} is not fighting, so cannot flee", citations=(P.C_ALL_OUT,))
            return ref.step(state, "flee skipped")
        tx = _Tx(state)
        unchecked(ref, "how a hunter flees a combat is not in the excerpts")
        self._mark_out(tx, actor, "fled")
        said = [f"{name} flees the combat"]
        ended = self._check_all_out(tx, ref)
        if ended:
            said.append(ended)
        return ref.step(tx.new, "; ".join(said))

    def _combat_ends(self, state, actor, data, ref):
        """fury-of-dracula/para-5: "una delle varie condizioni di fine (ad esempio, …)". The listed
        conditions end the combat as the events that meet them are applied; a combat the record
        ends while it is still open ends for a reason not in the list (point combat-end-conditions)."""
        reason = data["reason"]
        if state["combat"] is None:
            unchecked(ref, f"the record ends a combat when none is under way ({reason}): taken as a note")
            return ref.step(state, f"the record says a combat ended ({reason}); none was under way")
        option = ref.consult(P.COMBAT_END_CONDITIONS, f"the record ends the combat for a reason not in the list ({reason})")
        if option == "listed-only":
            ref.violation(
                P.COMBAT,
                f"{reason!r} is not one of the listed end conditions: the combat continues round after round",
                point=P.COMBAT_END_CONDITIONS,
            )
            return ref.step(state, f"the combat goes on ({reason} is not an end condition)")
        tx = _Tx(state)
        unchecked(ref, f"an end of combat not in the excerpts' list, which is given \u201cad esempio\u201d ({reason}): accepted as recorded")
        return ref.step(tx.new, self._end_combat(tx, ref, reason))

    def _influence(self, state, actor, data, ref):
        tx = _Tx(state)
        dr = tx.dracula()
        to = data["to"]
        if to < dr["influence"]:
            unchecked(ref, "influence moves back: the excerpts only speak of advancing it")
        dr["influence"] = to
        said = [f"Dracula's influence goes to {to}"]
        if to == 13:
            if state["combat"] is not None:
                said.append(self._end_combat(tx, ref, "Dracula's influence reaches 13"))
            said.append(self._win(tx, ref, "dracula", "Dracula's influence reaches space 13"))
        return ref.step(tx.new, "; ".join(s for s in said if s))

    def _dracula_defeated(self, state, actor, data, ref):
        if state["combat"] is None:
            ref.violation(P.COMBAT, "Dracula can be defeated only in a combat", citations=(P.C_DRACULA_DEFEATED,))
            return ref.step(state, "defeat of Dracula skipped")
        tx = _Tx(state)
        unchecked(ref, "Dracula's health is not in the excerpts: his defeat is recorded as observed")
        tx.dracula()["defeated"] = True
        said = [self._end_combat(tx, ref, "the hunters defeat Dracula")]
        said.append(self._win(tx, ref, "hunters", "the hunters defeat Dracula"))
        return ref.step(tx.new, "; ".join(s for s in said if s))

    def _hospital(self, state, actor, data, ref):
        """fury-of-dracula/para-6: "all’alba, viene collocato in uno spazio ospedale"."""
        pid = data["hunter"]
        h0 = state["hunters"].get(pid)
        space = data["space"]
        if h0 is None or not h0["defeated"]:
            ref.violation(P.BITES, f"only a defeated hunter goes to a hospital ({pid})", citations=(P.C_HOSPITAL,))
            return ref.step(state, "hospital skipped")
        name = self._name(state, pid)
        if state["time"] != "dawn":
            ref.violation(P.BITES, f"{name} is placed in a hospital at {state['time']}, not at dawn", citations=(P.C_HOSPITAL,))
        elif h0["defeated_at"] == state["tick"]:
            if ref.consult(P.HOSPITAL_DAWN, f"{name} was defeated during this dawn") == "following":
                ref.violation(P.BITES, f"{name} was defeated during this dawn: the hospital waits for the next", point=P.HOSPITAL_DAWN)
        which = ref.consult(P.HOSPITAL_SPACE, "a defeated hunter goes to a hospital")
        if which == "as-recorded":
            unchecked(ref, f"{space} taken as the hospital the full rules describe")
        elif which == "any-hospital" and space not in self.index.hospitals:
            ref.violation(P.BITES, f"{space} is not a hospital space", point=P.HOSPITAL_SPACE)
        elif which == "nearest-hospital":
            nearest = self.index.nearest_hospitals(h0["defeated_in"])
            if space not in nearest:
                ref.violation(P.BITES, f"{space} is not the hospital nearest to {h0['defeated_in']} ({', '.join(nearest)})", point=P.HOSPITAL_SPACE)
        tx = _Tx(state)
        h = tx.hunter(pid)
        h.update(space=space, defeated=False, defeated_at=None, defeated_in=None)
        ref.effect("hospital", hunter=pid, space=space)
        return ref.step(tx.new, f"{name} is placed in the hospital at {space}")

    def _game_over(self, state, actor, data, ref):
        new = dict(state)
        winner = state["dracula_player"] if data["winner"] == "dracula" else "hunters"
        if state["finished"]:
            unchecked(ref, "the match had already ended")
        else:
            unchecked(ref, "the end of the match is recorded as observed")
            new.update(finished=True, winner=winner, reason=data.get("reason") or "recorded end of the match")
        return ref.step(new, f"The match ends: {data['winner']} win")
