"""Combat: fury-of-dracula/para-4 (when a combat starts) and para-5 (rounds, cancellation by
the banner, the end conditions), with the full game's victory (point victory) and a recorded
end of the match."""

from __future__ import annotations

from functools import lru_cache

from games.core.choices import Choice, Number, OneOf, OpenField, SomeOf, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.common import fighting_hunters, name, place, unchecked
from games.fury_of_dracula.domains import ONLY_NO, YES_OR_NO, acting, read, recorder

# The icons of combat cards and banners: the excerpts name none ("un’icona evidenziata sullo
# stendardo del cacciatore"), so these are the reconstruction's, each with its Italian word. A
# round naming another icon is refereed as recorded; no choice offers it (README, "Choices").
ICONS = ("fangs", "claws", "mist", "bat", "wolf", "dodge")
ICON_WORDS = {"fangs": "fangs (zanne)", "claws": "claws (artigli)", "mist": "mist (nebbia)",
              "bat": "bat (pipistrello)", "wolf": "wolf (lupo)", "dodge": "dodge (schivata)"}


def start_combat(draft: Draft, ref: Referee) -> str:
    """fury-of-dracula/para-4: "il combattimento avviene quindi all’alba o al tramonto successivi"."""
    state = draft.state
    dr = draft.edit("dracula")
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
    draft.state["combat"] = {
        "hunters": involved,
        "space": here,
        "rounds": 0,
        "cards": 0,
        "out": {},
        "time": state["time"],
    }
    ref.effect("combat-start", hunters=involved, space=here)
    return f"combat in {place(here)} against {', '.join(name(state, p) for p in involved)}"


def end_combat(draft: Draft, ref: Referee, reason: str) -> str:
    draft.state["combat"] = None
    ref.effect("combat-end", reason=reason)
    return f"the combat ends ({reason})"


def check_all_out(draft: Draft, ref: Referee) -> str | None:
    """fury-of-dracula/para-5: "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti"."""
    combat = draft.state["combat"]
    if combat and all(pid in combat["out"] for pid in combat["hunters"]):
        return end_combat(draft, ref, "all hunters involved bitten, defeated or fled")
    return None


def mark_out(draft: Draft, pid: str, why: str) -> None:
    combat = draft.state["combat"]
    if combat and pid in combat["hunters"] and pid not in combat["out"]:
        draft.state["combat"] = {**combat, "out": {**combat["out"], pid: why}}


def win(draft: Draft, ref: Referee, side: str, reason: str) -> str:
    """The full game's victory (point victory): see README."""
    if ref.consult(P.VICTORY, f"{reason}: does this end the match?") != "full-game":
        return ""
    new = draft.state
    new["finished"] = True
    new["winner"] = new["dracula_player"] if side == "dracula" else "hunters"
    new["reason"] = reason
    ref.effect("match-end", winner=new["winner"], reason=reason)
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
    draft = Draft(state)
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
    draft.state["combat"] = {**combat, "rounds": rounds, "cards": cards}
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
            said.append(end_combat(draft, ref, "Dracula escapes"))
            return draft.state, "; ".join(said)
    if cards >= 6:
        said.append(end_combat(draft, ref, "Dracula has played six combat cards"))
    return draft.state, "; ".join(said)


def flee(state, actor, data, ref):
    combat = state["combat"]
    who = name(state, actor)
    if not combat or actor not in combat["hunters"] or actor in combat["out"]:
        ref.violation(P.COMBAT, f"{who} is not fighting, so cannot flee", citations=(P.C_ALL_OUT,))
        return state, "flee skipped"
    draft = Draft(state)
    unchecked(ref, "how a hunter flees a combat is not in the excerpts")
    mark_out(draft, actor, "fled")
    said = [f"{who} flees the combat"]
    ended = check_all_out(draft, ref)
    if ended:
        said.append(ended)
    return draft.state, "; ".join(said)


def combat_ends(state, actor, data, ref):
    """fury-of-dracula/para-5: "una delle varie condizioni di fine (ad esempio, …)". The listed
    conditions end the combat as the events that meet them are applied; the record may end it
    for another of the "varie condizioni", which the excerpts do not give (unchecked). With no
    combat under way there is nothing to end ("Il combattimento continua … finché")."""
    reason = data["reason"]
    if state["combat"] is None:
        ref.violation(P.COMBAT, f"the record ends a combat when none is under way ({reason})",
                      citations=(P.C_CONTINUES,))
        return state, f"the record says a combat ended ({reason}); none was under way"
    draft = Draft(state)
    unchecked(ref, f"an end of combat not in the excerpts' list, which is given \u201cad esempio\u201d ({reason}): accepted as recorded")
    return draft.state, end_combat(draft, ref, reason)


def influence(state, actor, data, ref):
    """fury-of-dracula/para-5: "Dracula fa avanzare l’influenza fino allo spazio 13"."""
    draft = Draft(state)
    dr = draft.edit("dracula")
    to = data["to"]
    if to < dr["influence"]:
        unchecked(ref, "influence moves back: the excerpts only speak of advancing it")
    dr["influence"] = to
    said = [f"Dracula's influence goes to {to}"]
    if to == 13:
        if state["combat"] is not None:
            said.append(end_combat(draft, ref, "Dracula's influence reaches 13"))
        said.append(win(draft, ref, "dracula", "Dracula's influence reaches space 13"))
    return draft.state, "; ".join(s for s in said if s)


def dracula_defeated(state, actor, data, ref):
    """fury-of-dracula/para-5: "i cacciatori sconfiggono Dracula" ends a combat."""
    if state["combat"] is None:
        ref.violation(P.COMBAT, "Dracula can be defeated only in a combat", citations=(P.C_DRACULA_DEFEATED,))
        return state, "defeat of Dracula skipped"
    draft = Draft(state)
    unchecked(ref, "Dracula's health is not in the excerpts: his defeat is recorded as observed")
    draft.update("dracula", defeated=True)
    said = [end_combat(draft, ref, "the hunters defeat Dracula")]
    said.append(win(draft, ref, "hunters", "the hunters defeat Dracula"))
    return draft.state, "; ".join(s for s in said if s)


def game_over(state, actor, data, ref):
    new = dict(state)
    winner = state["dracula_player"] if data["winner"] == "dracula" else "hunters"
    unchecked(ref, "the end of the match is recorded as observed")
    new.update(finished=True, winner=winner, reason=data.get("reason") or "recorded end of the match")
    return new, f"The match ends: {data['winner']} win"


# -- what may come next ------------------------------------------------------------------------


HUNTER_RESOLVED = OpenField("hunter_resolved", YES_OR_NO, optional=True,
                            prompt="The hunter's card took effect (yes unless the record says no)")


@lru_cache(maxsize=64)
def _banners(icon: str) -> tuple[OpenField, OpenField]:
    """The banner (stendardo) with ``icon`` highlighted, and without it."""
    others = tuple(i for i in ICONS if i != icon)
    prompt = "The icons highlighted on the hunter's banner (stendardo)"
    first = (icon, *others)
    with_it = SomeOf(pool=first, least=1, labels=tuple(ICON_WORDS[i] for i in first),
                     required=(icon,))
    without = SomeOf(pool=others, labels=tuple(ICON_WORDS[i] for i in others))
    return OpenField("banner", with_it, prompt=prompt), OpenField("banner", without, prompt=prompt)


@lru_cache(maxsize=1024)
def _rounds(dracula: str, fighters: tuple[tuple[str, str], ...], space: str, first: bool,
            escape_now: bool, points: tuple[str, ...]) -> tuple[Choice, ...]:
    """The rounds Dracula may record: for each icon his card may show, cancelled by a banner
    highlighting it, or resolved under a banner that does not (the two depend on each other,
    so each is a choice of its own)."""
    hunter = OpenField("hunter", OneOf(tuple(pid for pid, _ in fighters),
                                       labels=tuple(who for _, who in fighters)),
                       prompt="Against which hunter")
    cards = (read("dracula_card", "Dracula's combat card (carta combattimento), as revealed"),
             read("hunter_card", "The hunter's combat card, as revealed"))
    may_escape = OpenField("escape", YES_OR_NO if escape_now else ONLY_NO, optional=True,
                           prompt="Dracula's card is an Escape (carta Fuga) that ends the combat")
    ignored_escape = OpenField("escape", YES_OR_NO, optional=True,
                               prompt="Dracula's card is an Escape (cancelled, it has no effect)")
    found = []
    for icon in ICONS:
        on_banner, off_banner = _banners(icon)
        words = ICON_WORDS[icon]
        found.append(Choice(
            {"type": "combat_round", "actor": dracula,
             "data": {"dracula_icon": icon, "dracula_resolved": False}},
            f"A round of combat (round di combattimento): Dracula's card shows {words}, "
            "highlighted on the hunter's banner: it is cancelled (annullata)",
            fields=(hunter, *cards, on_banner, HUNTER_RESOLVED, ignored_escape),
            spaces=(space,), target=space, points=points))
        found.append(Choice(
            {"type": "combat_round", "actor": dracula,
             "data": {"dracula_icon": icon, "dracula_resolved": True}},
            f"A round of combat (round di combattimento): Dracula's card shows {words}, not on "
            "the hunter's banner: its effect resolves (si risolve)",
            fields=(hunter, *cards, off_banner, HUNTER_RESOLVED, may_escape),
            spaces=(space,), target=space,
            points=tuple(sorted({*points, P.ESCAPE_ALLOWED.id})) if first else points))
    return tuple(found)


def offer_combat_round(at: Offering) -> list[Choice]:
    """In a combat, a round against any hunter still fighting (a bitten one as
    bitten-leaves-combat reads), Dracula's card cancelled exactly when its icon is highlighted
    on the banner; an Escape in the first round as escape-allowed reads."""
    state = at.state
    combat = state["combat"]
    if combat is None:
        return []
    fighters, points = [], set()
    for pid in combat["hunters"]:
        allowed, decided = fighting(state, pid, at.reading)
        if allowed:
            fighters.append((pid, name(state, pid)))
            points.update(decided)
    if not fighters:
        return []
    first = combat["rounds"] == 0
    escape_now = not first or at.option(P.ESCAPE_ALLOWED) != "not-first-round"
    return list(_rounds(state["dracula_player"], tuple(fighters), combat["space"], first,
                        escape_now, tuple(sorted(points))))


def offer_flee(at: Offering) -> list[Choice]:
    """A hunter still fighting may flee (how is not in the excerpts)."""
    state = at.state
    fleeing = fighting_hunters(state)
    if not fleeing:
        return []
    return [Choice(event("flee", None), "A hunter flees the combat (fugge)",
                   fields=(acting(state, fleeing),))]


def offer_combat_ends(at: Offering) -> list[Choice]:
    """The record may end the combat under way for a reason of its own: the excerpts list the
    end conditions «ad esempio»."""
    state = at.state
    if state["combat"] is None:
        return []
    reason = read("reason", "The reason, as the record gives it")
    return [Choice(event("combat_ends", None),
                   "The combat ends for another of its end conditions (condizioni di fine), as "
                   "the record says", fields=(recorder(state), reason),
                   spaces=(state["combat"]["space"],))]


TRACK = OpenField("to", Number(0, 13), prompt="The space of the influence track (13 ends it)")


def offer_influence(at: Offering) -> list[Choice]:
    """Dracula moves his influence marker (influenza) to any space of the track (back is
    unchecked: the excerpts only speak of advancing it)."""
    return [Choice(event("influence", at.state["dracula_player"]),
                   "Dracula moves his influence marker (influenza) along the track",
                   fields=(TRACK,))]


def offer_dracula_defeated(at: Offering) -> list[Choice]:
    """In a combat the hunters may defeat Dracula (i cacciatori sconfiggono Dracula)."""
    state = at.state
    if state["combat"] is None:
        return []
    space = state["combat"]["space"]
    return [Choice(event("dracula_defeated", None), "The hunters defeat Dracula (sconfiggono Dracula)",
                   fields=(recorder(state),), spaces=(space,), target=space)]


WINNER = OpenField("winner", OneOf(("hunters", "dracula"), labels=("the hunters win", "Dracula wins")),
                   prompt="Who won")


def offer_game_over(at: Offering) -> list[Choice]:
    """The record may say the match ended (how a match ends is not in the excerpts)."""
    state = at.state
    reason = read("reason", "Why, as the record says it", optional=True)
    return [Choice(event("game_over", None), "The record says the match ended",
                   fields=(recorder(state), WINNER, reason))]


RULES = {
    "combat_round": (combat_round, offer_combat_round),
    "flee": (flee, offer_flee),
    "combat_ends": (combat_ends, offer_combat_ends),
    "influence": (influence, offer_influence),
    "dracula_defeated": (dracula_defeated, offer_dracula_defeated),
    "game_over": (game_over, offer_game_over),
}
