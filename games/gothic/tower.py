"""The Tower (gothic/the-tower): the boiling oil, poured once as soon as you arrive, and the
Congolese Blow pipe used from the Tower on any player not in a room."""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.cards import held, return_card, take_card
from games.gothic.stamina import eliminate
from games.gothic.state import LAVATORY, ROOMS, TOWER, TOWER_BELOW, WEAPON_KINDS
from games.gothic.work import Work, name_of


def on_oil(w: Work, ref, actor, data):
    """gothic/the-tower: "ready to be poured over the battlements as soon as you arrive"."""
    s = w.s
    name = name_of(s, actor)
    if s["players"][actor]["at"] != TOWER or not s["go"]["tower"] or s["players"][actor]["oil_used"]:
        ref.violation(
            "gothic/the-tower", f"{name} has not just arrived in the Tower, or has used the oil"
        )
        return None
    ref.uncertain(P.CITE_OIL, "the oil's victims rest on words read from a soft-focus print")
    option = ref.consult(P.TOWER_OIL_VICTIMS, f"{name} pours the oil")
    reach = oil_reach(s, actor, option)
    target = data.get("target")
    if option == "everyone-below-and-lavatory":
        if target is not None and target not in reach:
            ref.violation(
                "gothic/the-tower",
                f"{name_of(s, target)} is not below the Tower or in the Lavatory",
                point=P.TOWER_OIL_VICTIMS,
            )
            return None
        victims = reach
    else:
        if target not in reach:
            ref.violation(
                "gothic/the-tower",
                f"{name_of(s, target)} cannot be reached by the oil",
                point=P.TOWER_OIL_VICTIMS,
            )
            return None
        victims = [target]
    w.p(actor)["oil_used"] = True
    w.go()["tower"] = False
    victims = [v for v in victims if not saved_from_afar(s, v, ref)]
    ref.effect("oil", player=actor, victims=list(victims))
    for victim in victims:
        eliminate(w, ref, victim, "dead", f"boiling oil poured by {name}")
    killed = ", ".join(name_of(s, v) for v in victims) or "no one"
    return f"{name} pours the boiling oil: {killed} killed"


def saved_from_afar(state, pid, ref) -> bool:
    """Whether a card which protects ``pid`` saves them from the oil or the blow pipe."""
    if not any(card["kind"] == "protection" for card in state["players"][pid]["cards"]):
        return False
    return ref.consult(
        P.PROTECTION_FROM_AFAR, f"{name_of(state, pid)} holds a card which protects"
    ) == "protection-saves"


def oil_reach(state, actor, option) -> list:
    """The players the oil can reach under the reading ``option``, in seat order."""
    players = state["players"]
    below = [
        p
        for p in state["seats"]
        if players[p]["status"] == "alive"
        and p != actor
        and players[p]["vampire"] is None
        and players[p]["at"] in TOWER_BELOW
    ]
    if option == "one-below-only":
        return below
    lavatory = [
        p
        for p in state["seats"]
        if players[p]["status"] == "alive" and p != actor and players[p]["at"] == LAVATORY
    ]
    return below + lavatory


def is_blow_pipe(card, option) -> bool:
    """gothic/the-tower: which recorded card is "the Congolese Blow pipe" under ``option``."""
    if option == "recorded-kind":
        return card["kind"] == "blow-pipe"
    lowered = card["name"].lower()
    return card["kind"] in WEAPON_KINDS and ("blow pipe" in lowered or "blowpipe" in lowered)


def on_blow_pipe(w: Work, ref, actor, data):
    """gothic/the-tower: "may use it from the Tower to kill any player not in a room"."""
    s = w.s
    name, target = name_of(s, actor), data["target"]
    if s["players"][actor]["at"] != TOWER:
        ref.violation("gothic/the-tower", f"{name} is not in the Tower")
        return None
    card = held(s, actor, data["card"])
    if card is None:
        ref.violation("gothic/the-tower", f"{name} holds no card {data['card']!r}")
        return None
    ref.uncertain(P.CITE_BLOW_PIPE, "the weapon's name is hard to confirm from the photo")
    option = ref.consult(P.BLOW_PIPE_CARD, f"{name} uses {card['name']} from the Tower")
    if not is_blow_pipe(card, option):
        ref.violation(
            "gothic/the-tower", f"{card['name']} is not the Blow pipe", point=P.BLOW_PIPE_CARD
        )
        return None
    victim = s["players"].get(target)
    if victim is None or target == actor or victim["status"] != "alive":
        ref.violation("gothic/the-tower", f"{target!r} is not another player in the game")
        return None
    if victim["at"] in ROOMS or victim["vampire"] is not None:
        ref.violation("gothic/the-tower", f"{victim['name']} is in a room or is a Vampire")
        return None
    return_card(w, ref, take_card(w, actor, card["name"]))  # used once, as every weapon
    if saved_from_afar(s, target, ref):
        ref.effect("blow-pipe", player=actor, target=target, killed=False)
        return f"{name} shoots at {victim['name']} with the blow pipe, but {victim['name']} is protected"
    ref.effect("blow-pipe", player=actor, target=target, killed=True)
    eliminate(w, ref, target, "dead", f"shot with the blow pipe by {name}")
    return f"{name} shoots {victim['name']} with the blow pipe from the Tower"
