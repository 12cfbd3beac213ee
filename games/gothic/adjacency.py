"""The Power of Adjacency (gothic/adjacency): landing next to another player gives power over
them in one of three forms: a weapon, control of their next move, or something unpleasant from
a card. One option a landing; the victim may not attack back; a player already in someone
else's control may not be attacked. A killer may search the body."""

from __future__ import annotations

from games.core.choices import Choice, Number, OneOf, OpenField, SomeOf, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.cards import (
    held,
    is_nasty,
    is_protection,
    is_weapon,
    lying_body,
    return_body,
    return_card,
    take_card,
)
from games.gothic.stamina import change_stamina, eliminate
from games.gothic.state import (
    ADVANTAGE_OF,
    adjacent,
    joined,
    name_of,
    others_alive,
    place_name,
)
from games.gothic.turns import read_points, refereed

LOSS = Number(0, 100)


def power_refusal(state, actor, target, consult) -> tuple[str, str, object] | None:
    """Why ``actor`` may not use the Power of Adjacency on ``target`` now: (passage, message,
    point), or None. ``consult(point, why)`` reads the points it depends on."""
    name = name_of(state, actor)
    if state["interrupt"] is not None and state["interrupt"]["victim"] == actor:
        return rule.ADJACENCY, f"{name} is under another player's control", None
    if not state["go"]["moved"] or state["go"]["power"]:
        return (rule.ADJACENCY, (f"{name} has not just landed, or has already used the Power of "
                "Adjacency"), None)
    me = state["players"][actor]
    victim = state["players"].get(target)
    if victim is None or target == actor or victim["status"] != "alive":
        return (rule.ADJACENCY, (f"{name_of(state, target)} is not another player in the "
                "game"), None)
    if victim["vampire"] is not None:
        return rule.THE_VAULT, "Vampires are not affected by adjacency power", None
    if me["vampire"] is not None and consult(
        P.VAMPIRE_POWER, f"the Vampire {name} uses the Power of Adjacency"
    ) == "may-not":
        return rule.THE_VAULT, f"the Vampire {name} has no Power of Adjacency", P.VAMPIRE_POWER
    if not adjacent(state, actor, target):
        if not joined(state, actor, target):
            return rule.ADJACENCY, f"{name} is not on the square next to {victim['name']}", None
        if consult(P.NEXT_TO, f"{victim['name']} is in a place joined to {name}'s square") \
                == "squares-only":
            return (rule.ADJACENCY, (f"{name} is not on the square next to {victim['name']}, "
                    f"who is {place_name(victim['at'])}"), P.NEXT_TO)
    if me["held_by"] is not None and me["held_by"]["by"] == target:
        return (rule.ADJACENCY, (f"{victim['name']} has the advantage: {name} may not attack "
                "them"), None)
    if target in me.get(ADVANTAGE_OF, ()) and consult(
        P.ADVANTAGE, f"{victim['name']} used the power on {name} in an earlier go"
    ) == "for-good":
        return (rule.ADJACENCY, (f"{victim['name']} has the advantage for good: {name} may not "
                "attack them"), P.ADVANTAGE)
    hold = victim["held_by"]
    if victim["controlled_by"] not in (None, actor) or (
        hold is not None and hold["by"] != actor and (hold["form"] == "control" or consult(
            P.SOMEONE_ELSES_CONTROL, f"{victim['name']} is under another player's power")
            == "any-form")):
        return (rule.ADJACENCY, f"{victim['name']} is already in someone else's control",
                None if hold is None or hold["form"] == "control" else P.SOMEONE_ELSES_CONTROL)
    return None


def power_check(draft: Draft, ref, actor, target) -> bool:
    """Whether ``actor`` may use the Power of Adjacency on ``target`` now (flagged if not)."""
    refusal = power_refusal(draft.state, actor, target, ref.consult)
    if refusal is None:
        return True
    passage, message, point = refusal
    ref.violation(passage, message, point=point)
    return False


def spend_power(draft: Draft) -> None:
    draft.edit("go").update(power=True, green=False)  # one option a landing; a passage at once


def hold(draft: Draft, ref, actor, target, form):
    """The power used: the victim is held (and may not attack its user) until the end of its
    next go; under gothic.advantage's for-good, never again (``ADVANTAGE_OF``)."""
    spend_power(draft)
    if draft.state["players"][target]["status"] != "alive":
        return
    victim = draft.edit("players", target)
    victim["held_by"] = {"by": actor, "form": form}
    if ref.consult(P.ADVANTAGE, f"{name_of(draft.state, actor)} has the advantage over "
                   f"{victim['name']}") == "for-good":
        victim[ADVANTAGE_OF] = sorted({*victim.get(ADVANTAGE_OF, ()), actor})


@refereed("attack")
def attack(draft: Draft, ref, actor, data):
    """The first form: "You may use your weapon, and if they do not possess a card which
    protects them, you kill them." The weapon is used once and returned. A killer may search
    the body: at once (the record's ``take``), or as the next event (``search``)."""
    target = data["target"]
    if not power_check(draft, ref, actor, target):
        return None
    state = draft.state
    weapon = held(state, actor, data["weapon"], is_weapon)
    name, victim_name = name_of(state, actor), name_of(state, target)
    if weapon is None:
        ref.violation(rule.ADJACENCY, f"{name} holds no weapon {data['weapon']!r}")
        return None
    take = data.get("take")
    return_card(draft, ref, take_card(draft, actor, weapon["name"], is_weapon))  # used once only
    if any(is_protection(card) for card in state["players"][target]["cards"]):
        hold(draft, ref, actor, target, "attack")
        if take:
            ref.violation(rule.ADJACENCY, f"{victim_name} is protected and lives: there is no "
                          "body to search")
        ref.effect("attack", player=actor, target=target, killed=False)
        return f"{name} attacks {victim_name} with {weapon['name']}, but {victim_name} is protected"
    spend_power(draft)
    if take is None:
        ref.effect("attack", player=actor, target=target, killed=True)
        eliminate(draft, ref, target, "dead", f"killed by {name} with {weapon['name']}", body=True)
        if draft.state["stage"] == "over":  # the last killing: no one is left to search it
            return_body(draft, ref, target)
        return f"{name} kills {victim_name} with {weapon['name']}"
    taken = take_from_body(draft, ref, actor, target, take)
    ref.effect("attack", player=actor, target=target, killed=True, took=taken)
    eliminate(draft, ref, target, "dead", f"killed by {name} with {weapon['name']}")
    return f"{name} kills {victim_name} with {weapon['name']}"


def take_from_body(draft: Draft, ref, actor, body, take) -> list[str]:
    """gothic/adjacency: "you may search their body and take any weapons they possess, plus
    any other cards which are of use to you"."""
    taken = []
    for card_name in take:
        card = take_card(draft, body, card_name)
        if card is None:
            ref.violation(rule.ADJACENCY, f"{name_of(draft.state, body)}'s body holds no card "
                          f"{card_name!r}")
            continue
        player = draft.edit("players", actor)
        player["cards"] = [*player["cards"], card]
        taken.append(card_name)
    return taken


@refereed("search")
def search(draft: Draft, ref, actor, data):
    """The body of the player just killed with a weapon, searched by the killer: the cards
    taken join the killer's hand, the rest go back under their piles."""
    body = lying_body(draft.state)
    if body is None:
        ref.violation(rule.ADJACENCY, "there is no body to search: the killer searches it at "
                      "once, or not at all")
        return None
    taken = take_from_body(draft, ref, actor, body, data["take"])
    return_body(draft, ref, body)
    ref.effect("search", player=actor, body=body, took=taken)
    state = draft.state
    what = ", ".join(taken) if taken else "nothing"
    return f"{name_of(state, actor)} searches {name_of(state, body)}'s body and takes {what}"


@refereed("control")
def control(draft: Draft, ref, actor, data):
    """The second form: "You may control their next move."."""
    target = data["target"]
    if not power_check(draft, ref, actor, target):
        return None
    state = draft.state
    hold(draft, ref, actor, target, "control")
    name, victim_name = name_of(state, actor), name_of(state, target)
    ref.effect("control", player=actor, target=target)
    if ref.consult(P.CONTROL_TIMING, f"{name} controls {victim_name}'s next move") == "at-once":
        state["interrupt"] = {"controller": actor, "victim": target, "go": dict(state["go"])}
        state["actor"] = target
        state["stage"] = "throw"
        state["throw"] = None
        return f"{name} takes control of {victim_name}, who throws now"
    draft.edit("players", target)["controlled_by"] = actor
    return f"{name} will direct {victim_name}'s next move"


@refereed("give")
def give(draft: Draft, ref, actor, data):
    """The third form: "you may give them something unpleasant, such as an asp"."""
    target = data["target"]
    if not power_check(draft, ref, actor, target):
        return None
    card = held(draft.state, actor, data["card"], is_nasty)
    if card is None:
        ref.violation(
            rule.ADJACENCY, f"{name_of(draft.state, actor)} holds no card {data['card']!r} to give"
        )
        return None
    return_card(draft, ref, take_card(draft, actor, card["name"], is_nasty))
    change_stamina(draft, ref, target, -data["loss"],
                   f"{card['name']} from {name_of(draft.state, actor)}")
    hold(draft, ref, actor, target, "give")
    return f"{name_of(draft.state, actor)} gives {name_of(draft.state, target)} {card['name']}"


# -- what may come next ------------------------------------------------------------------------


def _victims(at: Offering) -> list[tuple[str, tuple[str, ...]]]:
    """The players the actor may use the Power of Adjacency on now, with the points that
    decided it."""
    state = at.state
    if state["stage"] != "act" or not state["go"]["moved"] or state["go"]["power"]:
        return []
    actor = state["actor"]
    found = []
    for target in others_alive(state, actor):
        if not adjacent(state, actor, target) and not joined(state, actor, target):
            continue
        probe = Referee(at.reading)
        if power_refusal(state, actor, target, probe.consult) is None:
            found.append((target, read_points(probe)))
    return found


def _names(cards, fits) -> tuple[str, ...]:
    return tuple(dict.fromkeys(card["name"] for card in cards if fits(card)))


def _seen(cards) -> bool:
    return all(card["name"] is not None for card in cards)


def offer_attack(at: Offering) -> list[Choice]:
    """A weapon used on a player beside: which weapon open; for whoever sees the victim's
    hand, what the killer takes from the body may be named at once (``take``, optional);
    a seat that cannot see it searches the body afterwards."""
    state = at.state
    if state["stage"] != "act":
        return []
    actor = state["actor"]
    me = state["players"][actor]
    weapons = _names(me["cards"], is_weapon)
    if not weapons:
        return []
    found = []
    for target, points in _victims(at):
        victim = state["players"][target]
        fields = [OpenField("weapon", OneOf(weapons), prompt="The weapon used")]
        omitted: tuple[str, ...] = ()
        label = f"{me['name']} attacks {victim['name']} with a weapon"
        if _seen(victim["cards"]):
            protected = any(is_protection(card) for card in victim["cards"])
            pool = () if protected else tuple(card["name"] for card in victim["cards"])
            prompt = (f"{victim['name']} is protected: nothing can be taken" if protected
                      else f"The cards taken from {victim['name']}'s body at once")
            fields.append(OpenField("take", SomeOf(pool), prompt=prompt, optional=True))
            if protected:
                label += f" ({victim['name']} is protected)"
        else:
            omitted = ("take",)
        found.append(Choice(event("attack", actor, target=target), label, fields=tuple(fields),
                            omitted=omitted, spaces=(me["at"], victim["at"]), origin=me["at"],
                            points=points))
    return found


def offer_control(at: Offering) -> list[Choice]:
    """Control of the next move of a player beside."""
    state = at.state
    found = []
    for target, points in _victims(at):
        me, victim = state["players"][state["actor"]], state["players"][target]
        found.append(Choice(event("control", state["actor"], target=target),
                            f"{me['name']} takes control of {victim['name']}'s next move",
                            spaces=(me["at"], victim["at"]), origin=me["at"],
                            points=points))
    return found


def offer_give(at: Offering) -> list[Choice]:
    """Something unpleasant from a card, to a player beside: which card, and the stamina it
    takes (as the card says), open."""
    state = at.state
    if state["stage"] != "act":
        return []
    actor = state["actor"]
    me = state["players"][actor]
    nasty = _names(me["cards"], is_nasty)
    if not nasty:
        return []
    found = []
    for target, points in _victims(at):
        victim = state["players"][target]
        fields = (OpenField("card", OneOf(nasty), prompt="The card given"),
                  OpenField("loss", LOSS, prompt=f"The stamina {victim['name']} loses"))
        found.append(Choice(event("give", actor, target=target),
                            f"{me['name']} gives {victim['name']} something unpleasant",
                            fields=fields, spaces=(me["at"], victim["at"]), origin=me["at"],
                            points=points))
    return found


def offer_search(at: Offering) -> list[Choice]:
    """The body of the player just killed with a weapon, searched by the killer, who sees
    what it holds: any of its cards may be taken, or none."""
    state = at.state
    body = lying_body(state) if state["stage"] == "act" else None
    if body is None or not _seen(state["players"][body]["cards"]):
        return []
    actor = state["actor"]
    here = state["players"][actor]["at"]
    pool = tuple(card["name"] for card in state["players"][body]["cards"])
    take = OpenField("take", SomeOf(pool), prompt="The cards taken from the body")
    return [Choice(event("search", actor), f"{name_of(state, actor)} searches "
                   f"{name_of(state, body)}'s body", fields=(take,), spaces=(here,),
                   origin=here)]


RULES = {
    "attack": (attack, offer_attack),
    "search": (search, offer_search),
    "control": (control, offer_control),
    "give": (give, offer_give),
}
