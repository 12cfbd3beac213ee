"""La Furia di Dracula's plain evaluation for the agents (README, "Evaluation"): how near each
side is to its end of the match, as far as the excerpts give one.

Dracula stands on his influence (13 wins, in the full game) and on the harm done to the
hunters (bites, damage, defeats); the hunters, as one side, on Dracula defeated, revealed and
fought, and on his influence kept low. A hunter's standing is its side's. The match's end is
recorded (``game_over``): its winner is Dracula's player or ``"hunters"``, every hunter then
winning. State keys as README, "State keys".

What the agents play of the engine's offers (README, "Agents"): the engine offers everything a
correct record could hold; agents play what the excerpts give a cause for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.core.choices import ACTOR, Choice, OneOf, event
from games.core.evaluation import Evaluation
from games.core.points import Interpretation

INFLUENCE_TO_WIN = 13
MOST_TICKETS = 2  # tickets a hunter holds before its agent books another
HARM_PER_HUNTER = 3  # bites, a quarter of the damage, a defeat: a hunter's harm counts to this


def evaluate(state: Mapping[str, Any], seat: str, reading: Interpretation) -> float:
    dracula = state["dracula"]
    influence = min(dracula["influence"], INFLUENCE_TO_WIN) / INFLUENCE_TO_WIN
    hunters = list(state["hunters"].values())
    harm = sum(min(1.0, (h["bites"] + h["damage"] / 4 + (1 if h["defeated"] else 0))
                   / HARM_PER_HUNTER) for h in hunters) / max(1, len(hunters))
    if seat == state["dracula_player"]:
        return 0.6 * influence + 0.4 * harm
    if dracula["defeated"]:
        return 0.95
    return 0.35 * (1 - influence) + 0.25 * (1 - harm) + 0.2 * bool(dracula["revealed"]) \
        + 0.2 * bool(state["combat"])


def winners(state: Mapping[str, Any], outcome) -> frozenset[str]:
    """The players who won: Dracula's, or every hunter when the hunters win."""
    if outcome.winner == "hunters":
        return frozenset(state["hunters"])
    return frozenset({outcome.winner}) if outcome.winner else frozenset()


# Happenings the excerpts give no cause for: health and damage, a defeat for a reason of the
# full game, an end of combat or of the match not in their list, a reveal no hunter's
# movement made (and the confirmation of one the engine made, which changes nothing).
NO_CAUSE = frozenset({"damage", "hunter_defeated", "combat_ends", "game_over",
                      "dracula_revealed"})
# Blows of a combat round (para-5, p. 12–13: the combat ends when «i cacciatori sconfiggono
# Dracula» or «tutti i cacciatori coinvolti sono stati morsi»; para-6: «Quando viene morso»).
BLOWS = frozenset({"bite", "dracula_defeated"})


def as_agents_play(state: Mapping[str, Any], choice: Choice) -> Choice | None:
    """The choice as agents play it: a hunter books a ticket only while holding fewer than
    two; Dracula advances his influence one space at a time
    («Dracula fa avanzare l’influenza fino allo spazio 13»: the excerpts give no other
    amount) and, once revealed, stays for the combat they say follows (a due combat lapsing
    when he moves is not in the excerpts); a bite and Dracula's defeat only as the blows of a round fought in the combat
    under way, against a hunter still in it; never a happening of ``NO_CAUSE``."""
    if choice.type in NO_CAUSE:
        return None
    if choice.type == "book_ticket":
        return _short_of_tickets(state, choice)
    if choice.type == "dracula_move" and state["dracula"]["combat_due"] is not None:
        return None  # «il combattimento avviene quindi all’alba o al tramonto successivi»
    if choice.type == "influence":
        now = state["dracula"]["influence"]
        if now >= INFLUENCE_TO_WIN:
            return None
        return Choice(event("influence", choice.actor, to=now + 1),
                      f"Dracula advances his influence (influenza) to {now + 1}")
    if choice.type in BLOWS and _in_combat(state, choice) is None:
        return None
    return choice


def _short_of_tickets(state: Mapping[str, Any], choice: Choice) -> Choice | None:
    """A ticket booked only by a hunter holding fewer than ``MOST_TICKETS``: each journey by
    rail spends one («devi spendere un gettone biglietto»), and a hand of tickets piled up
    for no journey only multiplies the journeys a record could hold (one choice a ticket)."""
    if ACTOR not in choice.open_fields:  # a seat's own choice: its actor fixed
        short = len(state["hunters"][choice.actor]["tickets"]) < MOST_TICKETS
        return choice if short else None
    domain = choice.field(ACTOR).domain
    if not isinstance(domain, OneOf):
        return choice
    kept = [index for index, pid in enumerate(domain.values)
            if len(state["hunters"][pid]["tickets"]) < MOST_TICKETS]
    if not kept:
        return None
    if len(kept) == len(domain.values):
        return choice
    fewer = OneOf(tuple(domain.values[i] for i in kept),
                  labels=tuple(domain.labels[i] for i in kept) if domain.labels else ())
    return replace(choice, fields=tuple(replace(field, domain=fewer) if field.name == ACTOR
                                        else field for field in choice.fields))


def happening_decider(state: Mapping[str, Any], happening: Choice) -> str | None:
    """Who decides a blow: Dracula bites, the hunters (the first still fighting) defeat
    Dracula; time passing and the hospital at dawn are no player's."""
    if happening.type not in BLOWS:
        return None
    return _in_combat(state, happening)


def _in_combat(state: Mapping[str, Any], choice: Choice) -> str | None:
    """The seat that strikes ``choice``'s blow, when a round has been fought in the combat under
    way and the hunter it concerns is still in it; else None."""
    combat = state["combat"]
    if combat is None or not combat["rounds"]:
        return None
    standing = [pid for pid in combat["hunters"] if pid not in combat["out"]]
    if choice.type == "bite":
        bitten = (choice.event.get("data") or {}).get("hunter")
        return state["dracula_player"] if bitten in standing else None
    return standing[0] if standing else None


EVALUATION = Evaluation(evaluate=evaluate, winners=winners,
                        as_agents_play=as_agents_play, happening_decider=happening_decider)
