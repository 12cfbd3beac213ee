"""Agents over legal_events (games.agents): who decides each decision, what they pick, the
same seed giving the same play, and decisions that never depend on what a seat cannot see."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import games
from games.agents import play_match
from games.agents.decisions import DecisionTree, Node, nobody_decides
from games.agents.duel import duel_reading
from games.agents.evaluation import evaluation_for
from games.agents.match import make_agent
from games.core.playable import default_players
from games.dylan_dog.board import STORY
from studies.statistics import rates_difference, wilson
from tests.studies import toy_race

# Engines on the engine core (the others join when their ports are merged).
ON_THE_CORE = [slug for slug in games.available() if games.get(slug).sections]
TOY = toy_race.ENGINE
ROOT = Path(__file__).resolve().parents[2]
PLAYERS = default_players(3)


def knock_state():
    """Luis (p2) has just landed on Carla (p3), on square 6: the knock is next."""
    state = TOY.initial_state(PLAYERS, {})
    return {**state, "turn": "p2", "phase": "knock", "roll": 3, "pending": {"target": "p3"},
            "positions": {"p1": 2, "p2": 6, "p3": 6}}


def fill_the_knock(reading: str, agent: str, seed: int = 1):
    tree = DecisionTree.for_match(TOY, {"toy-race.knock-chooser": reading}, PLAYERS)
    node = Node(knock_state())
    decision = tree.decision(node)
    node, event = tree.advance(node, decision, decision.options[0], random.Random(seed))
    assert event is None  # the knock waits for where the knocked player goes
    field = tree.decision(node)
    picked = make_agent(agent, TOY, seed=seed).decide(tree, node, field)
    return decision, field, tree.advance(node, field, picked, random.Random(seed))[1]


@pytest.mark.parametrize(("reading", "decider", "back_to"),
                         [("knocker", "p2", 0), ("knocked", "p3", 5)])
def test_the_reading_that_hands_a_choice_to_another_player_hands_it_to_its_agent(
        reading, decider, back_to):
    """The knock is Luis's choice of event; where Carla goes is decided by whom the reading
    names: Luis sends her to the start, Carla goes one square back."""
    decision, field, event = fill_the_knock(reading, "greedy")
    assert decision.seat == "p2"
    assert field.seat == decider
    assert {option.value for option in field.options} == {0, 5}
    assert event["data"] == {"chosen_by": decider, "to": back_to}


def test_players_who_care_show_who_decides_and_random_ones_do_not():
    """Over many knocks, how often the knocked player goes back to the start: all or none
    with greedy players, as the reading gives the choice; the same half with random ones."""
    def to_the_start(reading, agent):
        sent = [fill_the_knock(reading, agent, seed)[2]["data"]["to"] == 0
                for seed in range(40)]
        return wilson(sum(sent), len(sent))

    greedy = rates_difference(to_the_start("knocker", "greedy"), to_the_start("knocked", "greedy"))
    assert greedy.detected and greedy.estimate == -1
    chance = rates_difference(to_the_start("knocker", "random"), to_the_start("knocked", "random"))
    assert not chance.detected


def dagon_attack(reading: str):
    """Ana has landed on Luis on a white circle of the ring: the attack is next."""
    engine = games.get("dagon")
    players = default_players(3)
    state = engine.initial_state(players, {})
    heroes = {pid: dict(hero) for pid, hero in state["heroes"].items()}
    heroes["p1"]["space"] = heroes["p2"]["space"] = "r20"
    heroes["p3"]["space"] = "r40"
    state = {**state, "heroes": heroes, "phase": "attack",
             "pending": {"target": "p2", "space": "r20"}}
    return engine, DecisionTree.for_match(engine, {"dagon.lagoon-chooser": reading}, players), state


@pytest.mark.parametrize(("reading", "decider", "best_for_victim"),
                         [("attacker", "p1", False), ("attacked", "p2", True)])
def test_dagon_the_lagoon_is_picked_by_whom_the_reading_names_for_that_player_s_sake(
        reading, decider, best_for_victim):
    """Under 'the attacker chooses' Ana sends Luis to the Lagoon worst for him; under 'the
    attacked chooses' Luis picks the one best for himself (by Dagon's evaluation)."""
    engine, tree, state = dagon_attack(reading)
    evaluation = evaluation_for(engine)
    node = Node(state)
    attack = tree.decision(node)
    assert attack.seat == "p1"
    node, _ = tree.advance(node, attack, attack.options[0], random.Random(0))
    lagoon = tree.decision(node)
    assert lagoon.seat == decider
    standing = {}
    for option in lagoon.options:
        after, _ = tree.advance(node, lagoon, option, random.Random(0))
        standing[option.value] = evaluation.standings(after.state, tree.seats, tree.reading)["p2"]
    assert len(set(standing.values())) > 1, "the Lagoons should not all be worth the same"
    picked = make_agent("greedy", engine, seed=3).decide(tree, node, lagoon)
    wanted = max(standing.values()) if best_for_victim else min(standing.values())
    assert standing[picked.value] == wanted


@pytest.mark.parametrize("agent", ["random", "greedy", "mcts"])
def test_the_same_seed_gives_the_same_match(agent):
    first = play_match(TOY, agents=dict.fromkeys(["p1", "p2", "p3"], agent), seed=7,
                       players=PLAYERS, budget=8)
    again = play_match(TOY, agents=dict.fromkeys(["p1", "p2", "p3"], agent), seed=7,
                       players=PLAYERS, budget=8)
    other = play_match(TOY, agents=dict.fromkeys(["p1", "p2", "p3"], agent), seed=8,
                       players=PLAYERS, budget=8)
    assert first.document == again.document
    assert first.document["events"] != other.document["events"]


PLAY = (
    "import hashlib, sys, games\n"
    "from games.agents import play_match\n"
    "from games.core.canonical import canonical_bytes\n"
    "from games.core.playable import default_players\n"
    "for slug in sys.argv[1:]:\n"
    "    played = play_match(games.get(slug), agents={'p1': 'mcts', 'p2': 'greedy',\n"
    "                        'p3': 'random'}, seed=5, players=default_players(3), budget=4,\n"
    "                        max_events=40)\n"
    "    print(slug, hashlib.sha256(canonical_bytes(played.document)).hexdigest())\n"
)


def test_a_seeded_match_is_the_same_in_every_process():
    """Agents' play is reproducible byte for byte across processes whose hash seeds differ
    (the order of sets and of str-keyed hashing changes with them)."""
    outputs = [subprocess.run([sys.executable, "-c", PLAY, *ON_THE_CORE], cwd=ROOT,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed},
                              capture_output=True, text=True, check=True, timeout=600).stdout
               for hash_seed in ("1", "4242")]
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == len(ON_THE_CORE)


@pytest.mark.parametrize("slug", ON_THE_CORE)
def test_a_match_agents_play_is_legal_under_its_reading_and_reproducible(slug):
    engine = games.get(slug)
    point = engine.points[0]
    reading = engine.interpretation({point.id: point.option_ids[-1]})
    agents = {"p1": "mcts", "p2": "greedy", "p3": "random"}
    played = play_match(engine, agents=agents, seed=2, players=default_players(3),
                        reading=reading, budget=4, max_events=60)
    state = engine.initial_state(played.document["players"], played.document["setup"])
    for event in played.document["events"]:
        step = engine.apply(state, event, reading)
        assert step.legal, event
        state = step.state
    assert state == played.state
    again = play_match(engine, agents=agents, seed=2, players=default_players(3),
                       reading=reading, budget=4, max_events=60)
    assert again.document == played.document


@pytest.mark.parametrize("slug", ON_THE_CORE)
@pytest.mark.parametrize("agent", ["greedy", "mcts"])
def test_decisions_never_depend_on_what_the_seat_cannot_see(slug, agent):
    """At states of a match, a seat's agent (same seed) decides the same on the real state
    and on a state it cannot tell apart (``resample_hidden``). Whether another seat is asked
    first (something to do at any time) is that seat's own affair: both nodes say the seats
    not acting have let play go on."""
    engine = games.get(slug)
    players = default_players(3)
    played = play_match(engine, agents=dict.fromkeys(["p1", "p2", "p3"], "random"), seed=4,
                        players=players, max_events=80)
    tree = DecisionTree.for_match(engine, None, players)
    rng = random.Random(5)
    state = engine.initial_state(players, played.document["setup"])
    checked = 0
    for event in played.document["events"]:
        decision = tree.decision(Node(state))
        if decision is not None and decision.seat is not None and len(decision.options) > 1:
            waited = frozenset(tree.offers(state).others) - {decision.seat}
            node = Node(state, waited=waited)
            assert tree.decision(node) == decision
            other = Node(engine.resample_hidden(state, decision.seat, rng), waited=waited)
            assert engine.view(other.state, decision.seat) == engine.view(state, decision.seat)
            same = tree.decision(other)
            assert [o.key for o in same.options] == [o.key for o in decision.options]
            mine = make_agent(agent, engine, seed=9, budget=4).decide(tree, node, decision)
            theirs = make_agent(agent, engine, seed=9, budget=4).decide(tree, other, same)
            assert mine.key == theirs.key
            checked += 1
        state = engine.apply(state, event, engine.interpretation()).state
    assert checked > 5


def test_happenings_and_throws_nobody_makes_are_nobody_s_decision():
    from games.core.choices import ACTOR, Choice, OneOf, OpenField

    anyone = OpenField(ACTOR, OneOf(("p1", "p2", None)))
    assert nobody_decides(Choice({"type": "time_passes", "actor": None, "data": {}}, "Time"))
    assert nobody_decides(Choice({"type": "time_passes", "actor": None, "data": {}}, "Time",
                                 fields=(anyone,)))
    assert not nobody_decides(Choice({"type": "move", "actor": "p1", "data": {}}, "Ana moves"))


def test_the_table_never_ends_a_match_by_a_happening_nobody_decides():
    """Under the excerpts' reading La Furia di Dracula ends only by a recorded ``game_over``:
    the engine offers it with nobody as actor, the agents' decision tree never draws it; its duels
    are played under the full game's victory, where a match ends by play."""
    engine = games.get("fury-of-dracula")
    players = default_players(3)
    state = engine.initial_state(players, {})
    recorded_only = engine.reading({})
    offered = {c.type for c in engine.legal_events(state, recorded_only) if nobody_decides(c)}
    assert "game_over" in offered
    tree = DecisionTree.for_match(engine, recorded_only, players)
    drawn = {choice.type for choice in tree.offers(state).nature}
    assert "game_over" not in drawn
    assert duel_reading(engine).options["fury-of-dracula.victory"] == "full-game"


def dracula_in_combat(rounds: int):
    """Ana (p1) fights Dracula (p3) in Paris; Bea (p2) is elsewhere."""
    engine = games.get("fury-of-dracula")
    players = default_players(3)
    state = engine.initial_state(players, {})
    hunters = {**state["hunters"], "p1": {**state["hunters"]["p1"], "space": "paris"}}
    dracula = {**state["dracula"], "revealed": True, "space": "paris",
               "trail": [{"space": "paris", "encounters": []}]}
    combat = {"hunters": ["p1"], "space": "paris", "rounds": rounds, "cards": rounds,
              "out": {}, "time": "dawn"}
    state = {**state, "hunters": hunters, "dracula": dracula, "combat": combat,
             "time": "dawn"}
    tree = DecisionTree.for_match(engine, duel_reading(engine), players)
    return engine, tree, state


def test_dracula_happenings_the_excerpts_give_no_cause_for_are_never_drawn():
    """Damage, a defeat for a reason of the full game, a recorded end and a reveal no
    hunter's movement made are offered to a record but never drawn by the agents' decision tree;
    outside a combat nobody is bitten."""
    engine = games.get("fury-of-dracula")
    players = default_players(3)
    state = engine.initial_state(players, {})
    offered = {c.type for c in engine.legal_events(state, duel_reading(engine))
               if nobody_decides(c)}
    assert {"bite", "damage", "hunter_defeated", "game_over"} <= offered
    offers = DecisionTree.for_match(engine, duel_reading(engine), players).offers(state)
    assert {choice.type for choice in offers.nature} == {"time_passes"}
    assert not any(choice.type in {"bite", "dracula_defeated", "damage"}
                   for mine in offers.seats.values() for choice in mine)


def test_dracula_advances_his_influence_one_space_at_a_time():
    engine = games.get("fury-of-dracula")
    players = default_players(3)
    state = engine.initial_state(players, {})
    state = {**state, "dracula": {**state["dracula"], "influence": 4}}
    offers = DecisionTree.for_match(engine, duel_reading(engine), players).offers(state)
    influence = [c for c in offers.seats["p3"] if c.type == "influence"]
    assert [(c.event["data"], c.fields) for c in influence] == [({"to": 5}, ())]


def test_blows_of_a_round_fought_are_decided_by_the_side_that_strikes_them():
    """In a combat, once a round is fought, Dracula decides the bite of a hunter still in it
    and the hunters decide Dracula's defeat; before the first round, neither."""
    _engine, tree, state = dracula_in_combat(rounds=0)
    offers = tree.offers(state)
    blows = {"bite", "dracula_defeated"}
    assert not any(c.type in blows for mine in offers.seats.values() for c in mine)
    _engine, tree, state = dracula_in_combat(rounds=1)
    offers = tree.offers(state)
    assert {c.type for c in offers.seats["p3"]} & blows == {"bite"}
    assert [c.event["data"]["hunter"] for c in offers.seats["p3"] if c.type == "bite"] == ["p1"]
    assert {c.type for c in offers.seats["p1"]} & blows == {"dracula_defeated"}
    assert not {c.type for c in offers.seats["p2"]} & blows
    assert not {c.type for c in offers.nature} & blows


def test_a_hunter_s_blow_ends_the_match_as_his_own_decision():
    engine, tree, state = dracula_in_combat(rounds=1)
    node = Node(state, last="p3")
    decision = tree.decision(node)
    assert decision.seat == "p1"
    defeat = next(o for o in decision.options if o.choice and o.choice.type == "dracula_defeated")
    node, event = tree.advance(node, decision, defeat, random.Random(1))
    assert event == {"type": "dracula_defeated", "actor": "p1", "data": {}}
    assert engine.finished(node.state) and node.state["winner"] == "hunters"


def test_revealed_dracula_stays_for_the_combat_that_follows():
    """«il combattimento avviene quindi all’alba o al tramonto successivi»: a record may move
    him away (a lapse the excerpts do not give), his agent does not."""
    engine = games.get("fury-of-dracula")
    players = default_players(3)
    state = engine.initial_state(players, {})
    tree = DecisionTree.for_match(engine, duel_reading(engine), players)
    assert any(c.type == "dracula_move" for c in tree.offers(state).seats["p3"])
    due = {**state, "dracula": {**state["dracula"], "revealed": True, "space": "paris",
                                "trail": [{"space": "paris", "encounters": []}],
                                "combat_due": {"tick": 0, "hunter": "p1"}}}
    assert any(c.type == "dracula_move" for c in engine.legal_events(due, duel_reading(engine)))
    assert not any(c.type == "dracula_move" for c in tree.offers(due).seats["p3"])


def dylan_dog_before_a_throw():
    """A state of a simulated Dylan Dog match where the turn player may propose exchanges
    before the throw, every player holding a mystery card."""
    engine = games.get("dylan-dog")
    document = engine.simulate(seed=3, max_events=2000)
    state = engine.initial_state(document["players"], document["setup"])
    reading = engine.reading({})
    for event in document["events"]:
        state = engine.apply(state, event, reading).state
        turn = state["turn"]
        if turn["phase"] == "before-roll" and all(p["mystery"] for p in state["players"].values()):
            return engine, document["players"], state
    raise AssertionError("no exchange before a throw in the simulated match")


def test_dylan_dog_an_exchange_proposed_is_answered_by_the_player_it_is_proposed_to():
    """"each player is free to propose a card exchange to the others": the proposer picks what
    it gives, the other what it gives back; nobody takes without giving."""
    engine, players, state = dylan_dog_before_a_throw()
    proposer = state["turn"]["player"]
    voluntary = [c for c in engine.legal_events(state, engine.reading({}))
                 if c.type == "exchange" and not c.event["data"].get("forced")]
    assert any(c.event["data"].get("give") == [] for c in voluntary)  # the record may hold it
    tree = DecisionTree.for_match(engine, None, players)
    mine = [c for c in tree.offers(state).seats[proposer] if c.type == "exchange"]
    assert mine and not any(c.event["data"].get("give") == [] for c in mine)
    for choice in mine:
        answer = choice.field("receive")
        assert choice.decider_of(answer) == choice.event["data"]["with"] != proposer
    others = frozenset(p["id"] for p in players if p["id"] != proposer)
    node = Node(state, waited=others, last=proposer)
    decision = tree.decision(node)
    assert decision.seat == proposer
    picked = next(o for o in decision.options if o.choice in mine)
    node, _ = tree.advance(node, decision, picked, random.Random(2))
    deciders = {}
    while node.pending is not None:
        decided = dict(node.values)
        name = next(f.name for f in node.pending.fields if f.name not in decided)
        field = tree.decision(node)
        deciders[name] = field.seat
        node, _ = tree.advance(node, field, field.options[0], random.Random(2))
    assert deciders.get("give", proposer) == proposer
    assert deciders["receive"] == picked.choice.event["data"]["with"]


def test_dylan_dog_agents_show_only_the_shadows_not_shown_yet():
    """The record may show a shadow again (the engine offers each of the story's shadows,
    "again too"), but that changes nothing: agents are offered only the shadows not shown yet,
    and a player who has shown them all is never asked whether to show one."""
    engine, players, state = dylan_dog_before_a_throw()
    reading = engine.reading({})
    tree = DecisionTree.for_match(engine, None, players)
    shadows = {pid: sorted({STORY[element]["shadow"] for element in player["story"]})
               for pid, player in state["players"].items()}
    seat = next(pid for pid in tree.offers(state).others if len(shadows[pid]) > 1)

    def showing(state, offered):
        return [c for c in offered if c.type == "show_shadow" and c.actor == seat]

    def shown(symbols):
        player = {**state["players"][seat], "shown_shadows": symbols}
        return {**state, "players": {**state["players"], seat: player}}

    partly = shown(shadows[seat][:1])
    [offered] = showing(partly, engine.legal_events(partly, reading))
    assert list(offered.field("shadow").domain.values) == shadows[seat]
    [as_played] = showing(partly, tree.offers(partly).seats[seat])
    assert list(as_played.field("shadow").domain.values) == shadows[seat][1:]

    every = shown(shadows[seat])
    assert showing(every, engine.legal_events(every, reading))  # the record may hold it
    assert not showing(every, tree.offers(every).seats[seat])
    asked = set()
    node = Node(every)
    for _ in range(len(players)):
        decision = tree.decision(node)
        asked.add(decision.seat)
        waiting = [option for option in decision.options if option.waits]
        if not waiting:
            break
        node, _ = tree.advance(node, decision, waiting[0], random.Random(1))
    assert seat not in asked
    assert decision.seat == state["turn"]["player"]



def test_a_stop_asked_for_stops_a_searching_agent_within_its_decision():
    """A cancelled study stops within seconds (issue 36): an mcts decision at a large budget
    searches for seconds, so ``stop`` is asked between its playouts, not only between
    decisions."""
    from games.agents import Stopped
    from games.agents.players import STOP_ASKED_EVERY

    tree = DecisionTree.for_match(TOY, {"toy-race.knock-chooser": "knocker"}, PLAYERS)
    node = Node(knock_state())
    knock = tree.decision(node)
    node, _ = tree.advance(node, knock, knock.options[0], random.Random(1))
    decision = tree.decision(node)  # where Carla goes: the start or one square back
    assert len(decision.options) > 1  # a decision the agent searches
    agent = make_agent("mcts", TOY, seed=1, budget=10_000)
    played = []
    search = agent.playout
    agent.playout = lambda *args: (played.append(1), search(*args))[1]
    agent.stop = lambda: len(played) >= 2 * STOP_ASKED_EVERY
    with pytest.raises(Stopped):
        agent.decide(tree, node, decision)
    assert len(played) == 2 * STOP_ASKED_EVERY, "stopped at the first look after the stop"
