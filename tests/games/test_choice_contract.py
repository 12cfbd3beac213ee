"""Every engine keeps the contract of what it offers (tests/games/contract.py): sound,
complete, no dead end, small, whole, and per seat. The engines are the registered ones, so a
fifth game is held to it as soon as it is registered, and so are the data games of the seed
archive (rules documents, ``tests/games/rules/seeds.py``)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.core.canonical import canonical_bytes
from games.core.choices import Choice, Number, OneOf, OpenField, SomeOf, covering
from games.core.choices import event as choice_event
from games.core.engine import Engine
from tests.games import contract, replay_baseline
from tests.games.rules.seeds import DATA_SLUGS, data_samples, engine_for
from tests.games.simulated import simulated as shared

SLUGS = games.available() + DATA_SLUGS
SEEDS = (1, 2, 3)
ROOT = Path(__file__).resolve().parents[2]


def simulated(slug: str, seed: int, reading=None, max_events: int = 300) -> dict:
    return shared(slug, seed, max_events=max_events,
                  reading=None if reading is None else engine_for(slug).reading(reading).options)


def test_every_engine_offers_through_the_core():
    """One idiom: the core builds dispatch and offers from the sections' tables; no engine
    builds its own list of choices."""
    for slug in SLUGS:
        engine = engine_for(slug)
        assert engine.sections, f"{slug} lists no rulebook sections"
        assert type(engine).legal_events is Engine.legal_events, slug
        assert set(engine.rules) == set(engine.event_schema) - {"annotation", "correction"}, slug
        assert set(engine.handlers) == set(engine.rules)


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_offers_are_sound_complete_small_and_never_a_dead_end(slug, seed):
    engine = engine_for(slug)
    document = simulated(slug, seed)
    problems = contract.offer_problems(engine, document, engine.interpretation(),
                                       random.Random(seed))
    assert problems == [], "\n".join(problems[:12])


@pytest.mark.parametrize("slug", SLUGS)
def test_offers_under_every_other_reading_are_sound_and_complete(slug):
    """A match played under each other option of each point: what that reading offers is
    sound and complete under it."""
    engine = engine_for(slug)
    problems = []
    for point in engine.points:
        for option in point.option_ids:
            if option == point.default:
                continue
            reading = engine.interpretation({point.id: option})
            document = simulated(slug, 3, reading, max_events=120)
            problems += [f"{point.id}={option}: {p}" for p in contract.offer_problems(
                engine, document, reading, random.Random(3), most=None)]
    assert problems == [], "\n".join(problems[:12])


@pytest.mark.parametrize("slug", SLUGS)
def test_every_legal_event_of_the_stored_records_is_covered_once(slug):
    """The samples and frozen records under every single-option reading: an event that
    applies without a violation is covered by exactly one choice of that reading (but one in
    a form kept only for older records, which no choice offers)."""
    engine = engine_for(slug)
    problems = []
    for path in [*replay_baseline.record_paths(), *data_samples()]:
        document = json.loads(path.read_text(encoding="utf-8"))
        if document["game"] != slug:
            continue
        for name, choices in replay_baseline.readings(engine):
            reading = engine.interpretation(choices)
            for state, event, step in contract.states_of(engine, document, reading):
                if event["type"] in ("annotation", "correction") or contract.violations(step) \
                        or contract.uses_a_former_field(engine, event):
                    continue
                found = covering(engine.legal_events(state, reading), event)
                if len(found) != 1:
                    problems.append(f"{path.name}, {name}, seq {event['seq']}: covered by "
                                    f"{len(found)} choices")
    assert problems == [], "\n".join(problems[:12])


@pytest.mark.parametrize("slug", SLUGS)
def test_a_seat_is_offered_only_what_its_view_shows(slug):
    """Equal views, equal choices: a state whose hidden parts are drawn again gives a seat the
    same choices, and its own events are among them. A game that hides something must
    actually redraw it (else this proves nothing)."""
    engine = engine_for(slug)
    rng = random.Random(5)
    problems, redrawn = [], 0
    for seed in SEEDS[:2]:
        found, count = contract.seat_problems(engine, simulated(slug, seed, max_events=200),
                                              engine.interpretation(), rng)
        problems += found
        redrawn += count
    assert problems == [], "\n".join(problems[:12])
    document = simulated(slug, 1, max_events=200)
    hides = any(engine.view(state, seat) != engine.view(state, None)
                for state, _e, _s in contract.states_of(engine, document,
                                                         engine.interpretation())
                for seat in [p["id"] for p in document["players"]])
    if hides:
        assert redrawn > 0, f"{slug} hides something but resample_hidden never redraws it"


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_well_formed_event_that_applies_without_a_violation_is_covered_once(slug, data):
    engine = engine_for(slug)
    document = simulated(slug, data.draw(st.integers(1, 40), label="seed"), max_events=200)
    reading = engine.interpretation()
    states = [state for state, _e, _s in contract.states_of(engine, document, reading)]
    state = data.draw(st.sampled_from(states), label="state")
    players = [p["id"] for p in document["players"]]
    event = data.draw(contract.schema_event(engine, players, document.get("setup", {})),
                      label="event")
    step = engine.apply(state, event, reading)
    if not contract.violations(step):
        assert len(covering(engine.legal_events(state, reading), event)) == 1, event


SIMULATE = (
    "import hashlib, sys\n"
    "from games.core.canonical import canonical_bytes\n"
    "from tests.games.rules.seeds import engine_for\n"
    "for slug in sys.argv[1:]:\n"
    "    for seed in (1, 2):\n"
    "        doc = engine_for(slug).simulate(seed=seed, max_events=300)\n"
    "        print(slug, seed, hashlib.sha256(canonical_bytes(doc)).hexdigest())\n"
)


def test_a_simulated_match_is_the_same_bytes_in_every_process():
    """Reproducible byte for byte: two processes with different hash seeds (the order of sets
    and of str-keyed hashing changes with them) simulate the same documents."""
    outputs = []
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run([sys.executable, "-c", SIMULATE, *SLUGS], cwd=ROOT, env=env,
                                capture_output=True, text=True, check=True, timeout=600)
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1]
    here = "\n".join(
        f"{slug} {seed} " + hashlib.sha256(canonical_bytes(
            shared(slug, seed, max_events=300))).hexdigest()
        for slug in SLUGS for seed in (1, 2))
    assert outputs[0].strip() == here


class _OneOfEachKind(SomeOf):
    """Any four of the pool as its shape says, but only one card of each letter allowed: the
    shape a page shows lets through what the domain refuses (Dylan Dog's story in one list
    was such a domain: I1, I2, A1, L1 passed the page and the server refused it)."""

    def allows(self, value) -> bool:
        return super().allows(value) and len({card[0] for card in value}) == len(value)


def test_the_contract_catches_a_domain_that_refuses_what_its_shape_offers():
    pool = tuple(f"{kind}{n}" for kind in "IALF" for n in range(1, 7))
    narrow = Choice(choice_event("story_cards", "p1"), "Ana draws four cards",
                    fields=(OpenField("cards", _OneOfEachKind(pool, least=4, most=4)),))
    assert contract.refused_values(narrow, random.Random(1))
    honest = Choice(choice_event("story_cards", "p1"), "Ana draws four cards",
                    fields=(OpenField("cards", SomeOf(pool, least=4, most=4)),))
    assert contract.refused_values(honest, random.Random(1)) == []


def test_the_contract_tries_every_value_of_a_one_of_domain():
    spaces = tuple(f"s{n}" for n in range(40))
    choice = Choice(choice_event("move", "p1"), "Ana moves", fields=(
        OpenField("to", OneOf(spaces)), OpenField("amount", Number(1, 9))))
    tried = {filled["data"]["to"] for filled in contract.fillings(choice, random.Random(2))}
    assert tried == set(spaces)
