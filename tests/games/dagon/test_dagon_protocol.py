"""What Dagon's engine says beyond judging a record: the labelled board, where the pieces
stand, and the choices a correct record could hold next."""

import pytest

from games.core.choices import matching_choice
from games.core.replay import replay_document
from games.dagon.rules import ENGINE
from tests.games import replay_baseline

from .helpers import apply, ev, fresh, put, violations

LAYOUT = ENGINE.layout()


def space(name):
    return next(s for s in LAYOUT.spaces if s.name == name)


def test_the_board_is_drawn_with_north_at_the_top():
    """dagon/the-dagon-symbol-ark: "The symbol must be carried to the city of KROMT." -- the
    cities stand on the sides their names say, around the Creature of the Lagoon in the centre
    ("This 'symbol' is located in the center of the board"), and so do the Lagoons of the
    North and of the South."""
    tail = LAYOUT.space("tail")
    assert (tail.x, tail.y) == (LAYOUT.width / 2, LAYOUT.height / 2)
    assert space("KROMT").y < tail.y < space("Zharot").y
    assert space("City of the West").x < tail.x < space("City of the East").x
    assert space("Lagoon of the North").y < tail.y < space("Lagoon of the South").y


def test_a_lagoon_is_named_after_its_id_and_drawn_where_the_route_puts_it():
    """A stored record names a Lagoon by its id: the page says the same place ("lagoon-west"
    is the Lagoon of the West). The route puts the Lagoon of the West on the shore between the
    roads of Zharot and of the City of the East (and the Lagoon of the East between those of
    KROMT and of the City of the West), so with the cities on their sides it is drawn there,
    and the board's provenance says why."""
    board = ENGINE.board_of({})
    for lagoon in board.lagoons:
        side = lagoon.removeprefix("lagoon-")
        assert board.name[lagoon] == f"Lagoon of the {side.capitalize()}"
    tail = LAYOUT.space("tail")

    def shore_between(lagoon):
        """The cities whose roads reach the shore circles on either side of ``lagoon``."""
        cities = set()
        for shore in board.neighbours[lagoon]:
            for near in (shore, *board.neighbours[shore]):
                for road in board.neighbours[near]:
                    if road.endswith("-road-4") and not road.startswith("r"):
                        cities.add(road.removesuffix("-road-4"))
        return cities

    assert shore_between("lagoon-west") == {"zharot", "east-city"}
    assert shore_between("lagoon-east") == {"kromt", "west-city"}
    west, east = LAYOUT.space("lagoon-west"), LAYOUT.space("lagoon-east")
    assert west.x > tail.x and west.y > tail.y  # south-east of the Creature
    assert east.x < tail.x and east.y < tail.y  # north-west of it
    assert "Lagoon of the West" in LAYOUT.provenance["ids"]
    assert "route" in LAYOUT.provenance["ids"]


def test_every_space_is_named_and_linked_as_the_route_line_runs():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle
    along the route line, in either direction." -- the links drawn are the route's."""
    board = ENGINE.board_of({})
    assert {s.id for s in LAYOUT.spaces} == set(board.ids)
    assert all(s.name and s.name != s.id for s in LAYOUT.spaces if s.kind != "white")
    for a, b in LAYOUT.links:
        assert board.adjacent(a, b)
    assert {s.kind for s in LAYOUT.spaces} == {"white", "city", "spell", "tower", "whistle", "lagoon"}
    assert LAYOUT.space("r2").area == "kingdom of Zharot" and LAYOUT.space("tail").area == ""
    assert LAYOUT.provenance["status"] == "documented reconstruction"


def test_pieces_say_where_heroes_symbol_and_towers_stand():
    """dagon/how-to-play: "The Heroes start on the starting space (Zharot)." and "The Dagon
    Symbol (ark) is placed at the tail of the "Creature of the Lagoon." " """
    start = {p.id: p for p in ENGINE.pieces(fresh())}
    assert start["hero-p1"].space == "zharot" and start["hero-p1"].owner == "p1"
    assert "3 of 3 weapons" in start["hero-p1"].detail
    assert start["dagon-symbol"].space == "tail"
    assert start["black-tower-reserve"].space is None and "12 of 12" in start["black-tower-reserve"].detail
    later = put(fresh(), p1={"space": "r4", "wizard_card": True}, symbol={"space": None, "bearer": "p2"},
                p2={"space": "r9"}, towers={"reserve": 11, "spaces": ["r8"]})
    found = {p.id: p for p in ENGINE.pieces(later)}
    assert found["dagon-symbol"].space == "r9" and found["dagon-symbol"].owner == "p2"
    assert found["black-tower-r8"].space == "r8"
    assert found["wizard-card-p1"].owner == "p1" and found["wizard-card-p1"].space is None


def test_chance_choices_are_every_face_of_the_die_and_every_spell_strength():
    """dagon/the-spells: "The number on the Spell shows its strength (1 to 6)." """
    state = apply(put(fresh(), p1={"space": "r2"}, phase="move", roll=1),
                  ev("move", "p1", path=["r2", "r3"])).state
    (card,) = ENGINE.legal_events(state, ENGINE.interpretation())
    assert card.chance and card.open_fields == ("strength",)
    assert list(card.field("strength").domain.values) == [1, 2, 3, 4, 5, 6]
    duel = ENGINE.apply(state, card.filled({"strength": 4}), ENGINE.interpretation()).state
    (roll,) = ENGINE.legal_events(duel, ENGINE.interpretation())
    assert roll.chance and list(roll.field("value").domain.values) == [1, 2, 3, 4, 5, 6]
    assert roll.field("value").domain.labels[2:4] == ("3: loses the duel", "4: wins the duel")


def test_attack_choices_follow_the_lagoon_reading():
    """dagon/the-lagoon: "moved by the attacking player to a symbol (Lagoon) space of the
    attacker's choice." against dagon/attack-between-heroes: "The attacked player moves its
    Hero to a symbol (Lagoon) of its choice." """
    state = apply(put(fresh(), p1={"space": "r1"}, p2={"space": "r2"}, phase="move", roll=1),
                  ev("move", "p1", path=["r1", "r2"])).state
    for option, chooser in (("attacker", "p1"), ("attacked", "p2")):
        reading = ENGINE.interpretation({"dagon.lagoon-chooser": option})
        (attack,) = ENGINE.legal_events(state, reading)
        assert attack.event["data"] == {"target": "p2", "lagoon_chosen_by": chooser}
        assert attack.points == ("dagon.lagoon-chooser",)
        lagoons = attack.field("lagoon").domain
        assert len(lagoons.values) == 4 and all("Lagoon of the" in w for w in lagoons.labels)
        assert f"chosen by {'Ana' if chooser == 'p1' else 'Luis'}" in attack.field("lagoon").prompt


def test_a_hero_is_never_offered_a_move_onto_a_hero_it_may_not_attack():
    """dagon/starting-the-game: "Only free spaces may be moved onto (exception: to attack another
    Hero)"; dagon/weapons: without weapons a Hero "may not ... attack another Hero", and with one
    "may not attack any other Hero that is standing on a Spell". Such a move is a violation;
    offering it left the record with nothing legal to hold next."""
    reading = ENGINE.interpretation()
    unarmed = put(fresh(), p1={"space": "r1", "weapons": 0}, p2={"space": "r2"})
    assert "r2" not in {c.target for c in ENGINE.legal_events(unarmed, reading)}
    step = apply(unarmed, ev("move", "p1", path=["r1", "r2"]))
    assert [f.rule for f in violations(step)] == ["dagon/weapons"]
    on_spell = put(fresh(), p1={"space": "r2", "weapons": 1}, p2={"space": "r3"})
    assert ENGINE.board_of(on_spell).kind["r3"] == "spell"
    assert "r3" not in {c.target for c in ENGINE.legal_events(on_spell, reading)}
    step = apply(on_spell, ev("move", "p1", path=["r2", "r3"]))
    assert [f.kind for f in step.flags if f.kind != "consulted"] == ["uncertain-text", "violation"]
    armed = put(fresh(), p1={"space": "r2", "weapons": 2}, p2={"space": "r3"})
    assert "r3" in {c.target for c in ENGINE.legal_events(armed, reading)}


def candidate_events(state):
    """Every well-formed event naming the Hero whose turn it is and spaces of the board,
    paths of up to three steps: the brute force that ``legal_events`` must agree with."""
    pid = state["turn"]
    board = ENGINE.board_of(state)
    here = state["heroes"][pid]["space"]
    yield from (ev("roll", pid, value=v) for v in range(1, 7))
    yield from (ev("spell_card", pid, strength=v) for v in range(1, 7))
    yield from (ev("duel_roll", pid, value=v) for v in range(1, 7))
    for kind in ("take_symbol", "return_wizard_card", "pass"):
        yield ev(kind, pid)
    paths = [[here]]
    for _ in range(3):
        paths = [p + [n] for p in paths for n in board.neighbours.get(p[-1], ())]
        yield from (ev("move", pid, path=p) for p in paths)
    for target in state["order"]:
        for lagoon in board.lagoons:
            for chooser in state["order"]:
                yield ev("attack", pid, target=target, lagoon=lagoon, lagoon_chosen_by=chooser)
    for space_id in board.ids:
        yield ev("place_symbol", pid, space=space_id)
        yield ev("place_tower", pid, space=space_id)
        for origin in state["towers"]["spaces"]:
            yield ev("move_tower", pid, **{"from": origin, "to": space_id})


@pytest.mark.parametrize("reading", [name for name, _ in replay_baseline.readings(ENGINE)])
def test_legal_events_are_exactly_the_events_that_apply_without_a_violation(reading):
    """dagon/starting-the-game: "The player whose turn it is must move" -- at the states of a
    match played under each reading, an event applies without a violation exactly when it is
    offered, and each offered choice names the points its application consulted."""
    choices_of = dict(replay_baseline.readings(ENGINE))[reading]
    interpretation = ENGINE.interpretation(choices_of)
    document = ENGINE.simulate(seed=11, max_events=120, interpretation=interpretation)
    states = [ENGINE.initial_state(document["players"], document["setup"])]
    states += [step.state for _e, step in replay_document(ENGINE, document, interpretation)]
    for state in states[::3]:
        offered = ENGINE.legal_events(state, interpretation)
        for choice in offered:
            if choice.open_fields:
                continue
            step = ENGINE.apply(state, choice.event, interpretation)
            assert not violations(step), (choice, violations(step))
        for event in candidate_events(state):
            if not violations(ENGINE.apply(state, event, interpretation)):
                assert matching_choice(offered, event) is not None, (reading, event)
