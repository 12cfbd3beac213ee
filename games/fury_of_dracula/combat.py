"""Combat: fury-of-dracula/para-4 (when a combat starts) and para-5 (rounds, cancellation by
the banner, the end conditions), with the full game's victory (point victory) and a recorded
end of the match."""

from __future__ import annotations

from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.common import Tx, name, place, unchecked


def start_combat(tx: Tx, ref: Referee) -> str:
    """fury-of-dracula/para-4: "il combattimento avviene quindi all’alba o al tramonto successivi"."""
    state = tx.new
    dr = tx.dracula()
    due = dr["combat_due"]
    dr["combat_due"] = None
    who = ref.consult(P.COMBAT_HUNTERS, "a combat starts: which hunters are involved")
    here = dr["space"]
    candidates = ([due["hunter"]] if due else []) if who == "revealing-hunter" else state["hunter_order"]
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
    return f"combat in {place(here)} against {', '.join(name(state, p) for p in involved)}"


def end_combat(tx: Tx, ref: Referee, reason: str) -> str:
    tx.new["combat"] = None
    ref.effect("combat-end", reason=reason)
    return f"the combat ends ({reason})"


def check_all_out(tx: Tx, ref: Referee) -> str | None:
    """fury-of-dracula/para-5: "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti"."""
    combat = tx.new["combat"]
    if combat and all(pid in combat["out"] for pid in combat["hunters"]):
        return end_combat(tx, ref, "all hunters involved bitten, defeated or fled")
    return None


def mark_out(tx: Tx, pid: str, why: str) -> None:
    combat = tx.new["combat"]
    if combat and pid in combat["hunters"] and pid not in combat["out"]:
        tx.new["combat"] = {**combat, "out": {**combat["out"], pid: why}}


def win(tx: Tx, ref: Referee, side: str, reason: str) -> str:
    """The full game's victory (point victory): see README."""
    if ref.consult(P.VICTORY, f"{reason}: does this end the match?") != "full-game":
        return ""
    tx.new["finished"] = True
    tx.new["winner"] = tx.new["dracula_player"] if side == "dracula" else "hunters"
    tx.new["reason"] = reason
    ref.effect("match-end", winner=tx.new["winner"], reason=reason)
    return f"; the match ends: {'Dracula' if side == 'dracula' else 'the hunters'} win"


def fighting(state, pid, interpretation) -> tuple[bool, tuple[str, ...]]:
    """Whether ``pid`` may play a round of the combat under way, and the point that decided it
    (a hunter bitten in this combat, under bitten-leaves-combat)."""
    combat = state["combat"]
    if combat is None or pid not in combat["hunters"]:
        return False, ()
    out = combat["out"].get(pid)
    if out is None:
        return True, ()
    if out == "bitten":
        return interpretation.option(P.BITTEN_LEAVES_COMBAT.id) != "leaves", (P.BITTEN_LEAVES_COMBAT.id,)
    return False, ()


# -- the handlers (para-5) ---------------------------------------------------------------------


def combat_round(state, actor, data, ref):
    """fury-of-dracula/para-5: "In ogni round di combattimento, entrambe le parti scelgono
    segretamente una carta e poi la rivelano"; Dracula's card cancelled by the banner."""
    combat = state["combat"]
    pid = data["hunter"]
    who = name(state, pid)
    if combat is None:
        ref.violation(P.COMBAT, "a combat round with no combat under way", citations=(P.C_ROUND, P.C_REVEAL_COMBAT))
        return state, "combat round skipped"
    if pid not in combat["hunters"]:
        ref.violation(P.COMBAT, f"{who} is not involved in this combat", citations=(P.C_ALL_OUT,))
        return state, "combat round skipped"
    out = combat["out"].get(pid)
    if out in ("defeated", "fled") or (
        out == "bitten"
        and ref.consult(P.BITTEN_LEAVES_COMBAT, f"{who} was bitten in this combat") == "leaves"
    ):
        ref.violation(P.COMBAT, f"{who} is out of the combat ({out})", citations=(P.C_ALL_OUT,))
        return state, "combat round skipped"
    tx = Tx(state)
    icon = data["dracula_icon"]
    cancelled = icon in data["banner"]
    resolved = data["dracula_resolved"]
    if cancelled and resolved:
        ref.violation(P.COMBAT, f"the icon {icon} is highlighted on {who}'s banner: Dracula's card is cancelled and has no effect", citations=(P.C_CANCEL,))
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
    cancel_words = ", cancelled by the banner" if cancelled else ""
    said = [f"round {rounds}: Dracula plays {data['dracula_card']} ({icon}{cancel_words}), {who} plays {data['hunter_card']}"]
    if data.get("escape") and not cancelled:
        allowed = ref.consult(P.ESCAPE_ALLOWED, "Dracula resolves an Escape")
        if allowed == "not-first-round" and rounds == 1:
            ref.violation(P.COMBAT, "an Escape is not allowed in the first round", point=P.ESCAPE_ALLOWED)
        else:
            if allowed == "as-recorded":
                unchecked(ref, "whether this Escape was allowed is for the full game's rules")
            said.append(end_combat(tx, ref, "Dracula escapes"))
            return tx.new, "; ".join(said)
    if cards >= 6:
        said.append(end_combat(tx, ref, "Dracula has played six combat cards"))
    return tx.new, "; ".join(said)


def flee(state, actor, data, ref):
    combat = state["combat"]
    who = name(state, actor)
    if not combat or actor not in combat["hunters"] or actor in combat["out"]:
        ref.violation(P.COMBAT, f"{who} is not fighting, so cannot flee", citations=(P.C_ALL_OUT,))
        return state, "flee skipped"
    tx = Tx(state)
    unchecked(ref, "how a hunter flees a combat is not in the excerpts")
    mark_out(tx, actor, "fled")
    said = [f"{who} flees the combat"]
    ended = check_all_out(tx, ref)
    if ended:
        said.append(ended)
    return tx.new, "; ".join(said)


def combat_ends(state, actor, data, ref):
    """fury-of-dracula/para-5: "una delle varie condizioni di fine (ad esempio, …)". The listed
    conditions end the combat as the events that meet them are applied; the record may end it
    for another of the "varie condizioni", which the excerpts do not give (unchecked)."""
    reason = data["reason"]
    if state["combat"] is None:
        unchecked(ref, f"the record ends a combat when none is under way ({reason}): taken as a note")
        return state, f"the record says a combat ended ({reason}); none was under way"
    tx = Tx(state)
    unchecked(ref, f"an end of combat not in the excerpts' list, which is given \u201cad esempio\u201d ({reason}): accepted as recorded")
    return tx.new, end_combat(tx, ref, reason)


def influence(state, actor, data, ref):
    """fury-of-dracula/para-5: "Dracula fa avanzare l’influenza fino allo spazio 13"."""
    tx = Tx(state)
    dr = tx.dracula()
    to = data["to"]
    if to < dr["influence"]:
        unchecked(ref, "influence moves back: the excerpts only speak of advancing it")
    dr["influence"] = to
    said = [f"Dracula's influence goes to {to}"]
    if to == 13:
        if state["combat"] is not None:
            said.append(end_combat(tx, ref, "Dracula's influence reaches 13"))
        said.append(win(tx, ref, "dracula", "Dracula's influence reaches space 13"))
    return tx.new, "; ".join(s for s in said if s)


def dracula_defeated(state, actor, data, ref):
    """fury-of-dracula/para-5: "i cacciatori sconfiggono Dracula" ends a combat."""
    if state["combat"] is None:
        ref.violation(P.COMBAT, "Dracula can be defeated only in a combat", citations=(P.C_DRACULA_DEFEATED,))
        return state, "defeat of Dracula skipped"
    tx = Tx(state)
    unchecked(ref, "Dracula's health is not in the excerpts: his defeat is recorded as observed")
    tx.dracula()["defeated"] = True
    said = [end_combat(tx, ref, "the hunters defeat Dracula")]
    said.append(win(tx, ref, "hunters", "the hunters defeat Dracula"))
    return tx.new, "; ".join(s for s in said if s)


def game_over(state, actor, data, ref):
    new = dict(state)
    winner = state["dracula_player"] if data["winner"] == "dracula" else "hunters"
    unchecked(ref, "the end of the match is recorded as observed")
    new.update(finished=True, winner=winner, reason=data.get("reason") or "recorded end of the match")
    return new, f"The match ends: {data['winner']} win"
