"""The Tower (gothic/the-tower): the boiling oil, poured once as soon as you arrive, and the
Congolese Blow pipe used from the Tower on any player not in a room."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.cards import held, is_protection, return_card, take_card
from games.gothic.stamina import eliminate
from games.gothic.state import (
    LAVATORY,
    ROOMS,
    TOWER,
    TOWER_BELOW,
    WEAPON_KINDS,
    name_of,
    others_alive,
    place_name,
)
from games.gothic.turns import begin_next_go, next_go, opening, opens_next_go, refereed


def oil_ready(state, actor) -> bool:
    """gothic/the-tower: "ready to be poured over the battlements as soon as you arrive"."""
    player = state["players"][actor]
    return player["at"] == TOWER and state["go"]["tower"] and not player["oil_used"]


@refereed("oil")
def oil(draft: Draft, ref, actor, data):
    """gothic/the-tower: "ready to be poured over the battlements as soon as you arrive"."""
    state = draft.state
    name = name_of(state, actor)
    if not oil_ready(state, actor):
        ref.violation(
            rule.THE_TOWER, f"{name} has not just arrived in the Tower, or has used the oil"
        )
        return None
    ref.uncertain(P.CITE_OIL, "the oil's victims rest on words read from a soft-focus print")
    option = ref.consult(P.TOWER_OIL_VICTIMS, f"{name} pours the oil")
    reach = oil_reach(state, actor, option)
    target = data.get("target")
    if option == "everyone-below-and-lavatory":
        if target is not None and target not in reach:
            ref.violation(
                rule.THE_TOWER,
                f"{name_of(state, target)} is not below the Tower or in the Lavatory",
                point=P.TOWER_OIL_VICTIMS,
            )
            return None
        victims = reach
    else:
        if target not in reach:
            ref.violation(
                rule.THE_TOWER,
                f"{name_of(state, target)} cannot be reached by the oil",
                point=P.TOWER_OIL_VICTIMS,
            )
            return None
        victims = [target]
    draft.edit("players", actor)["oil_used"] = True
    draft.edit("go")["tower"] = False
    victims = [v for v in victims if not saved_from_afar(state, v, ref)]
    ref.effect("oil", player=actor, victims=list(victims))
    for victim in victims:
        eliminate(draft, ref, victim, "dead", f"boiling oil poured by {name}")
    killed = ", ".join(name_of(state, v) for v in victims) or "no one"
    return f"{name} pours the boiling oil: {killed} killed"


def saved_from_afar(state, pid, ref) -> bool:
    """Whether a card which protects ``pid`` saves them from the oil or the blow pipe."""
    if not any(is_protection(card) for card in state["players"][pid]["cards"]):
        return False
    return ref.consult(
        P.PROTECTION_FROM_AFAR, f"{name_of(state, pid)} holds a card which protects"
    ) == "protection-saves"


def oil_reach(state, actor, option) -> list:
    """The players the oil can reach under the reading ``option``, in seat order."""
    players = state["players"]
    below = [p for p in others_alive(state, actor)
             if players[p]["vampire"] is None and players[p]["at"] in TOWER_BELOW]
    if option == "one-below-only":
        return below
    lavatory = [p for p in others_alive(state, actor) if players[p]["at"] == LAVATORY]
    return below + lavatory


def offer_oil(at: Offering) -> list[Choice]:
    """The oil, on arrival in the Tower: on one player it reaches, or (under the reading
    'everyone') on all it reaches, a victim named or not."""
    state = at.state
    if state["stage"] != "act" or not oil_ready(state, state["actor"]):
        return []
    actor = state["actor"]
    option = at.option(P.TOWER_OIL_VICTIMS)
    reach = oil_reach(state, actor, option)
    everyone = option == "everyone-below-and-lavatory"
    name = name_of(state, actor)
    spaces = (TOWER, *dict.fromkeys(state["players"][p]["at"] for p in reach))
    points = (P.TOWER_OIL_VICTIMS.id,)
    label = f"{name} pours the boiling oil"
    if everyone:
        label += " on everyone it reaches"
    if not reach:
        if not everyone:
            return []
        return [Choice(event("oil", actor), label, omitted=("target",), spaces=spaces,
                       origin=TOWER, points=points)]
    victim = OpenField("target", one_of(reach, label=lambda p: _victim_words(state, p),
                                        space=lambda p: state["players"][p]["at"]),
                       prompt="The player the oil is poured on", optional=everyone)
    return [Choice(event("oil", actor), label, fields=(victim,), spaces=spaces, origin=TOWER,
                   points=points)]


def _victim_words(state, pid) -> str:
    return f"{name_of(state, pid)}, {place_name(state['players'][pid]['at'])}"


def is_blow_pipe(card, option) -> bool:
    """gothic/the-tower: which recorded card is "the Congolese Blow pipe" under ``option``."""
    if option == "recorded-kind":
        return card["kind"] == "blow-pipe"
    lowered = (card["name"] or "").lower()
    return card["kind"] in WEAPON_KINDS and ("blow pipe" in lowered or "blowpipe" in lowered)


def blow_pipe_target(state, actor, target) -> bool:
    """gothic/the-tower: "to kill any player not in a room" (a Vampire is killed no other way
    than by a stake)."""
    victim = state["players"].get(target)
    return (victim is not None and target != actor and victim["status"] == "alive"
            and victim["at"] not in ROOMS and victim["vampire"] is None)


@refereed("blow_pipe")
def blow_pipe(draft: Draft, ref, actor, data):
    """gothic/the-tower: "may use it from the Tower to kill any player not in a room"."""
    if opens_next_go(draft.state, actor) and not begin_next_go(draft, ref, actor):
        return None
    state = draft.state
    name, target = name_of(state, actor), data["target"]
    if state["players"][actor]["at"] != TOWER:
        ref.violation(rule.THE_TOWER, f"{name} is not in the Tower")
        return None
    card = held(state, actor, data["card"])
    if card is None:
        ref.violation(rule.THE_TOWER, f"{name} holds no card {data['card']!r}")
        return None
    ref.uncertain(P.CITE_BLOW_PIPE, "the weapon's name is hard to confirm from the photo")
    option = ref.consult(P.BLOW_PIPE_CARD, f"{name} uses {card['name']} from the Tower")
    if not is_blow_pipe(card, option):
        ref.violation(
            rule.THE_TOWER, f"{card['name']} is not the Blow pipe", point=P.BLOW_PIPE_CARD
        )
        return None
    if not blow_pipe_target(state, actor, target):
        ref.violation(rule.THE_TOWER, f"{name_of(state, target)} is not another player on a "
                      "square, a gate or in the moat")
        return None
    victim = state["players"][target]
    return_card(draft, ref, take_card(draft, actor, card["name"]))  # used once, as every weapon
    if saved_from_afar(state, target, ref):
        ref.effect("blow-pipe", player=actor, target=target, killed=False)
        return f"{name} shoots at {victim['name']} with the blow pipe, but {victim['name']} is protected"
    ref.effect("blow-pipe", player=actor, target=target, killed=True)
    eliminate(draft, ref, target, "dead", f"shot with the blow pipe by {name}")
    return f"{name} shoots {victim['name']} with the blow pipe from the Tower"


def blow_pipe_choices(state, option) -> list[Choice]:
    """The blow pipe, in its holder's own go in the Tower: any such card, on any player in
    reach."""
    if state["stage"] not in ("throw", "act"):
        return []
    actor = state["actor"]
    player = state["players"][actor]
    if player["at"] != TOWER:
        return []
    names = dict.fromkeys(card["name"] for card in player["cards"] if card["name"] is not None)
    pipes = [name for name in names if is_blow_pipe(held(state, actor, name), option)]
    targets = [p for p in others_alive(state, actor) if blow_pipe_target(state, actor, p)]
    if not pipes or not targets:
        return []
    card = OpenField("card", one_of(pipes), prompt="The blow pipe")
    victim = OpenField("target", one_of(targets, label=lambda p: _victim_words(state, p),
                                        space=lambda p: state["players"][p]["at"]),
                       prompt="The player shot")
    spaces = (TOWER, *dict.fromkeys(state["players"][p]["at"] for p in targets))
    return [Choice(event("blow_pipe", actor), f"{player['name']} uses the blow pipe from the "
                   "Tower", fields=(card, victim), spaces=spaces, origin=TOWER,
                   points=(P.BLOW_PIPE_CARD.id,))]


def offer_blow_pipe(at: Offering) -> list[Choice]:
    """The blow pipe in the holder's go, at its throw or after landing; by the next player
    too, whose go it opens."""
    found = blow_pipe_choices(at.state, at.option(P.BLOW_PIPE_CARD))
    after = next_go(at)
    if after is not None:
        state, points = after
        found += [opening(choice, at.state, points)
                  for choice in blow_pipe_choices(state, at.option(P.BLOW_PIPE_CARD))]
    return found


RULES = {
    "oil": (oil, offer_oil),
    "blow_pipe": (blow_pipe, offer_blow_pipe),
}
