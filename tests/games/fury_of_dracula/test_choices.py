"""legal_events offers exactly what a correct record could hold next: checked state by state
against many events built from what each state holds (its players, spaces, hands, trail cards),
under every single-option reading."""

from __future__ import annotations

import json
import random

import pytest

from games.core.choices import matching_choice
from games.core.replay import replay_document
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.rules import ENGINE
from tests.games import replay_baseline

ABSENT = object()
READINGS = list(replay_baseline.readings(ENGINE))


def documents():
    docs = [ENGINE.simulate(seed=seed, max_events=300) for seed in (5, 8)]
    for path in replay_baseline.record_paths():
        document = json.loads(path.read_text(encoding="utf-8"))
        if document["game"] == ENGINE.slug:
            docs.append(document)
    return docs


def sampled_states(every=11):
    found = []
    for document in documents():
        state = ENGINE.initial_state(document["players"], document["setup"])
        found.append(state)
        for n, (_event, step) in enumerate(replay_document(ENGINE, document)):
            if n % every == 0:
                found.append(step.state)
    return found


STATES = sampled_states()


def pools(state):
    """Values an event at this state could plausibly name, legal or not."""
    hunters = state["hunter_order"]
    players = [p["id"] for p in state["players"]]
    spaces = {h["space"] for h in state["hunters"].values() if h["space"]}
    spaces |= {entry["space"] for entry in state["dracula"]["trail"]}
    spaces |= set(BOARD.hospitals) | {"tyrrhenian-sea"}
    near = set()
    for space in list(spaces):
        near |= set(BOARD.roads.get(space, ())) | {b for b, _c in BOARD.rail_next.get(space, ())}
    cards = {"?", "Zz"}
    for h in state["hunters"].values():
        cards |= set(h["events"]) | set(h["items"])
    cards |= set(state["dracula"]["events"])
    for entry in state["dracula"]["trail"]:
        cards |= set(entry["encounters"])
    paths = []
    for h in state["hunters"].values():
        if h["space"]:
            for b, _c in BOARD.rail_next.get(h["space"], ()):
                paths.append([h["space"], b])
                paths += [[h["space"], b, c] for c, _c2 in BOARD.rail_next.get(b, ())]
            paths += [[h["space"], b] for b in BOARD.roads.get(h["space"], ())]
    return {
        "actor": players + [None],
        "hunter": hunters + [state["dracula_player"]],
        "to": players + ["discard"],
        "space": sorted(spaces | near),
        "card": sorted(cards),
        "path": paths or [["paris", "brussels"]],
        "bool": [True, False],
        "small": [1, 2, 3],
    }


FIELD_POOL = {
    "hunter": "hunter", "to": "to", "space": "space", "path": "path", "card": "card",
    "encounter": "card", "reveal_event": "card", "reveal_item": "card", "dracula_card": "card",
    "hunter_card": "card", "reason": "card", "cause": "card", "white": "small", "yellow": "small",
    "ticket_white": "small", "ticket_yellow": "small", "amount": "small",
}


def candidates(state, rng, per_type=60):
    values = pools(state)
    for spec in ENGINE.event_specs:
        fields = []
        for field_name, field in spec.fields.items():
            if field.choices:
                options = list(field.choices)
            elif field.kind == "bool":
                options = values["bool"]
            elif field_name == "to" and spec.type == "influence":
                options = [0, 5, 12, 13]
            elif field_name == "dracula_icon":
                options = ["fangs", "mist"]
            elif field_name == "banner":
                options = [[], ["mist"], ["fangs", "dodge"]]
            else:
                options = values[FIELD_POOL[field_name]]
            if not field.required:
                options = [ABSENT, *options]
            fields.append((field_name, options))
        actors = values["actor"] if not spec.actor_required else values["actor"][:-1]
        for _ in range(per_type):
            data = {}
            for field_name, options in fields:
                value = rng.choice(options)
                if value is not ABSENT:
                    data[field_name] = value
            yield {"type": spec.type, "actor": rng.choice(actors), "data": data}


@pytest.mark.parametrize("reading", READINGS, ids=[name for name, _c in READINGS])
def test_offered_exactly_when_legal(reading):
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — what a record may hold next, and nothing else, is offered at every state"""
    name, choices = reading
    interpretation = ENGINE.interpretation(choices)
    rng = random.Random(name)
    players_of = {}
    states = STATES if name == "default" else STATES[::6]
    for state in states:
        offered = ENGINE.legal_events(state, interpretation)
        ids = [p["id"] for p in state["players"]]
        players_of.setdefault(tuple(ids), ids)
        for event in candidates(state, rng, per_type=30 if name == "default" else 10):
            step = ENGINE.apply(state, event, interpretation)
            matched = matching_choice(offered, event)
            legal = step.legal
            assert legal == (matched is not None), (
                f"{name}: {event} is {'legal' if legal else 'a violation'} but "
                f"{'not offered' if matched is None else 'offered as ' + matched.label}: "
                f"{[f.message for f in step.flags if f.kind == 'violation']}"
            )


def test_a_choice_built_fast_equals_one_built_by_its_constructor():
    """fury-of-dracula/para-2: "Durante il giorno peschi dalla cima del mazzo degli eventi" — the offered draw is the same value however it is built"""
    from games.fury_of_dracula.choices import offer
    from games.fury_of_dracula.offers import Offer

    fast = offer("draw_event", "p1", {"end": "top", "icon": "hunter"}, "Ana draws",
                 optional=(("card", None), ("to", ("p1",))), points=("x",))
    slow = Offer(event={"type": "draw_event", "actor": "p1", "data": {"end": "top", "icon": "hunter"}},
                 label="Ana draws", optional_fields=("card", "to"), optional_values=(("to", ("p1",)),),
                 points=("x",))
    assert fast == slow and fast.as_dict() == slow.as_dict()
