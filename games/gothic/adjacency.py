"""The Power of Adjacency (gothic/adjacency): landing next to another player gives power over
them in one of three forms: a weapon, control of their next move, or something unpleasant from
a card. One option a landing; the victim may not attack back; a player already in someone
else's control may not be attacked."""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.cards import held, is_weapon, return_card, take_card
from games.gothic.stamina import change_stamina, eliminate
from games.gothic.work import Work, adjacent, name_of


def is_nasty(card) -> bool:
    return card["kind"] == "nasty"


def power_check(w: Work, ref, actor, target) -> bool:
    """Whether ``actor`` may use the Power of Adjacency on ``target`` now."""
    s = w.s
    name = name_of(s, actor)
    if s["interrupt"] is not None and s["interrupt"]["victim"] == actor:
        ref.violation("gothic/adjacency", f"{name} is under another player's control")
        return False
    if not s["go"]["moved"] or s["go"]["power"]:
        ref.violation(
            "gothic/adjacency",
            f"{name} has not just landed, or has already used the Power of Adjacency",
        )
        return False
    me = s["players"][actor]
    victim = s["players"].get(target)
    if victim is None or target == actor or victim["status"] != "alive":
        ref.violation("gothic/adjacency", f"{target!r} is not another player in the game")
        return False
    if victim["vampire"] is not None:
        ref.violation("gothic/the-vault", "Vampires are not affected by adjacency power")
        return False
    if me["vampire"] is not None and ref.consult(
        P.VAMPIRE_POWER, f"the Vampire {name} uses the Power of Adjacency"
    ) == "may-not":
        ref.violation("gothic/the-vault", f"the Vampire {name} has no Power of Adjacency",
                      point=P.VAMPIRE_POWER)
        return False
    if not adjacent(s, actor, target):
        ref.violation("gothic/adjacency", f"{name} is not on the square next to {victim['name']}")
        return False
    if me["held_by"] is not None and me["held_by"]["by"] == target:
        ref.violation(
            "gothic/adjacency", f"{victim['name']} has the advantage: {name} may not attack them"
        )
        return False
    hold = victim["held_by"]
    if (hold is not None and hold["by"] != actor) or victim["controlled_by"] not in (None, actor):
        ref.violation("gothic/adjacency", f"{victim['name']} is already in someone else's control")
        return False
    return True


def hold(w: Work, actor, target, form):
    w.go().update(power=True, green=False)  # one option a landing; a passage is taken at once
    if w.s["players"][target]["status"] == "alive":
        w.p(target)["held_by"] = {"by": actor, "form": form}


def on_attack(w: Work, ref, actor, data):
    """The first form: "You may use your weapon, and if they do not possess a card which
    protects them, you kill them." The weapon is used once and returned; a killer may search
    the body."""
    target = data["target"]
    if not power_check(w, ref, actor, target):
        return None
    s = w.s
    weapon = held(s, actor, data["weapon"], is_weapon)
    name, victim_name = name_of(s, actor), name_of(s, target)
    if weapon is None:
        ref.violation("gothic/adjacency", f"{name} holds no weapon {data['weapon']!r}")
        return None
    take = data.get("take", [])
    return_card(w, ref, take_card(w, actor, weapon["name"], is_weapon))  # used once only
    hold(w, actor, target, "attack")
    protection = [c for c in s["players"][target]["cards"] if c["kind"] == "protection"]
    if protection:
        ref.effect("attack", player=actor, target=target, killed=False)
        return f"{name} attacks {victim_name} with {weapon['name']}, but {victim_name} is protected"
    taken = []
    for card_name in take:
        card = take_card(w, target, card_name)
        if card is None:
            ref.violation("gothic/adjacency", f"{victim_name}'s body holds no card {card_name!r}")
            continue
        w.p(actor)["cards"] = [*w.s["players"][actor]["cards"], card]
        taken.append(card_name)
    ref.effect("attack", player=actor, target=target, killed=True, took=taken)
    eliminate(w, ref, target, "dead", f"killed by {name} with {weapon['name']}")
    return f"{name} kills {victim_name} with {weapon['name']}"


def on_control(w: Work, ref, actor, data):
    """The second form: "You may control their next move."."""
    target = data["target"]
    if not power_check(w, ref, actor, target):
        return None
    s = w.s
    hold(w, actor, target, "control")
    name, victim_name = name_of(s, actor), name_of(s, target)
    ref.effect("control", player=actor, target=target)
    if ref.consult(P.CONTROL_TIMING, f"{name} controls {victim_name}'s next move") == "at-once":
        s["interrupt"] = {"controller": actor, "victim": target, "go": dict(s["go"])}
        s["actor"] = target
        s["stage"] = "throw"
        s["throw"] = None
        return f"{name} takes control of {victim_name}, who throws now"
    w.p(target)["controlled_by"] = actor
    return f"{name} will direct {victim_name}'s next move"


def on_give(w: Work, ref, actor, data):
    """The third form: "you may give them something unpleasant, such as an asp"."""
    target = data["target"]
    if not power_check(w, ref, actor, target):
        return None
    card = held(w.s, actor, data["card"], is_nasty)
    if card is None:
        ref.violation(
            "gothic/adjacency", f"{name_of(w.s, actor)} holds no card {data['card']!r} to give"
        )
        return None
    return_card(w, ref, take_card(w, actor, card["name"], is_nasty))
    hold(w, actor, target, "give")
    change_stamina(w, ref, target, -data["loss"], f"{card['name']} from {name_of(w.s, actor)}")
    return f"{name_of(w.s, actor)} gives {name_of(w.s, target)} {card['name']}"
