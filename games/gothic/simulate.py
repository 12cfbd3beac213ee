"""Seeded bots for The Gothic Game: a strategy choosing among ``legal_events``, played by
``games.core.simulate.play``, so every simulated match is legal by construction.

The throws are chance choices (or the thrower's open face, filled at random by the same
seeded generator) and the bots "read" the cards they draw from invented lists: throws and
cards are events in the log, never hidden randomness. Before ``min_events`` events the bots
stall legally (they wander, avoid every deadly square, draw mild cards and trade numbered
cards for stamina); after it they play to kill, and the match ends.
"""

from __future__ import annotations

from collections import deque
from random import Random

from games.core.choices import Choice
from games.core.engine import default_players
from games.core.simulate import PlayContext, fill, play
from games.gothic.cards import NOT_READ, lying_body
from games.gothic.movement import occupants
from games.gothic.state import (
    ADJ,
    KITCHEN,
    ROOMS,
    SQUARE_ADJ,
    SQUARES,
    STAIRCASE,
    TOWER,
    TOWER_BELOW,
    VAULT,
    WEAPON_KINDS,
)

# Invented for simulation only: the rulebook never lists the cards (see README).
CARD_NAMES = {
    "torture-chamber": [
        ("Iron Maiden", "other"),
        ("Thumbscrews", "weapon"),
        ("Rack", "other"),
        ("Axe", "weapon"),
        ("Garlic Wreath", "protection"),
        ("Ashwood Stake", "stake"),
    ],
    "trophy-room": [
        ("Crossbow", "weapon"),
        ("Congolese Blow pipe", "blow-pipe"),
        ("Stuffed Bear", "other"),
        ("Rapier", "weapon"),
        ("Shield", "protection"),
    ],
    "kitchen": [
        ("Carving Knife", "weapon"),
        ("Rotten Stew", "other"),
        ("Brandy", "other"),
        ("Wet Rat", "nasty"),
        ("Wooden Spoon Stake", "stake"),
    ],
    "den": [("Asp", "nasty"), ("Card Game", "other"), ("Locked Door", "detain"), ("Cigar", "other")],
    "great-hall": [
        ("Chandelier", "other"),
        ("Banquet", "other"),
        ("Ghost", "other"),
        ("Crucifix", "protection"),
    ],
    "bedrooms": [
        ("Feather Bed", "other"),
        ("Sleepwalk", "other"),
        ("Warm Milk", "other"),
        ("Nightcap", "other"),
    ],
}
DANGER_KINDS = ("red", "oubliette")


def _distances(targets) -> dict:
    dist = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        node = queue.popleft()
        for nxt in ADJ[node]:
            if nxt in SQUARES and nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


VAULT_DIST = _distances(ROOMS[VAULT]["doors"])


def simulate_match(
    engine, *, seed, players=None, setup=None, max_events=None, min_events=None,
    interpretation=None,
) -> dict:
    players = [dict(p) for p in (players or default_players(4))]
    setup = engine.setup_with_defaults(setup)
    interpretation = engine.reading(interpretation)
    events = play(engine, seed=seed, players=players, setup=setup, strategy=strategy,
                  interpretation=interpretation, max_events=max_events, min_events=min_events)
    changed = [f"{pid}={option}" for pid, option in interpretation.choices.items()
               if option != engine.point(pid).default]
    reading = ",".join(changed) or "default"
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=events,
        source=f"games.gothic.simulate seed={seed} min_events={min_events or 0} reading={reading}",
    )


def strategy(state, choices, rng: Random, context: PlayContext) -> Choice | dict:
    """What a bot records next, from the legal ``choices``."""
    stall = context.stalling
    stage = state["stage"]
    if stage == "order":
        return rng.choice([c for c in choices if c.type == "throw"])
    actor = state["actor"]
    mine = [c for c in choices if c.actor == actor]
    by_type: dict[str, list[Choice]] = {}
    for choice in mine:
        by_type.setdefault(choice.type, []).append(choice)
    if stage == "throw":
        return _opening(by_type, rng, stall)
    if stage == "move":
        return _move(state, choices, rng, stall)
    if stage == "stairs":
        direction = "up" if stall else rng.choice(["up", "down"])
        return by_type["staircase"][0].filled({"direction": direction})
    if stage == "draw":
        return _draw(state, actor, by_type["draw"], rng, stall)
    return _act(state, actor, by_type, choices, rng, stall)


def _opening(by_type, rng, stall) -> Choice | dict:
    """The first event of a go: the blow pipe when the bots play to kill, else the throw, else
    the stay that is all a detained (or Tower-bound) player may do."""
    pipes = by_type.get("blow_pipe", [])
    if pipes and not stall:
        return rng.choice(pipes)
    if by_type.get("throw"):
        return rng.choice(by_type["throw"])
    return by_type["stay"][0]


def _move(state, choices, rng, stall):
    mover = state["actor"]
    player = state["players"][mover]
    moves = [c for c in choices if c.type == "move"]
    missed = [c for c in choices if c.type == "miss_turn"]
    if not moves:
        return missed[0]
    paths: dict[tuple, Choice] = {}
    for choice in moves:
        fixed = choice.event["data"].get("path")
        for path in ([fixed] if fixed else choice.field("path").domain.values):
            paths[tuple(path)] = choice
    scored = [(_score(state, mover, player, list(path), stall, rng), path) for path in paths]
    best = max(score for score, _ in scored)
    doomed = best <= -100 or (
        player["vampire"] is not None
        and all(_passed(state, mover, list(p)) for p in paths if p[-1] != VAULT)
        and not any(p[-1] == VAULT for p in paths)
    )
    if doomed and stall and missed:
        return missed[0]  # rather than a deadly square
    path = rng.choice([p for score, p in scored if score >= best - 1])
    choice = paths[path]
    values = {} if "path" in choice.event["data"] else {"path": list(path)}
    # a Vampire spares everyone while the bots stall, and kills all it passed otherwise
    if "kill" in choice.open_fields and not stall:
        values["kill"] = list(choice.field("kill").domain.pool)
    return choice.filled(values)


def _score(state, pid, player, path, stall, rng) -> float:
    last = path[-1]
    vampire = player["vampire"]
    if vampire is not None:
        if last == VAULT:
            return 100
        go_number = vampire["goes"] + 1
        near = -VAULT_DIST.get(last, 20) * (3 if go_number >= 4 else 1)
        kills = len(_passed(state, pid, path))
        return near + (-50 * kills if stall else 5 * kills) + rng.random()
    if last in ROOMS:
        if last == TOWER and (stall or any(p["at"] == TOWER for p in state["players"].values())):
            return -200  # two players shut in the Tower could never finish the game
        if last in (VAULT, STAIRCASE, TOWER):
            return -100 if stall else rng.uniform(-5, 5)
        return (2 if ROOMS[last]["pile"] else 0) + rng.random() * 3
    kind = SQUARES[last]["kind"]
    if kind == "yellow":
        kind = SQUARES[SQUARES[last]["arrow_to"]]["kind"]
    if kind in DANGER_KINDS:
        return -100 if stall else rng.uniform(-6, 4)
    score = rng.random() * 3
    if not stall:
        occ = occupants(state)
        if any(occ.get(n) not in (None, pid) for n in SQUARE_ADJ[last]):
            score += 3
    return score


def _passed(state, pid, path):
    occ = occupants(state)
    return [occ[n] for n in path[:-1] if occ.get(n) not in (None, pid)] + [
        occ[m] for n in path for m in SQUARE_ADJ.get(n, ()) if occ.get(m) not in (None, pid)
    ]


def _draw(state, actor, offered, rng, stall) -> dict:
    """A card "read" from the invented lists, recorded as the bots' collector would (now and
    then only its stamina, the card not declared)."""
    room = state["players"][actor]["at"]
    name, kind = rng.choice(CARD_NAMES[room])
    if rng.random() < 0.05:
        name, kind = NOT_READ, "other"
    data = {"room": room, "card": name, "kind": kind}
    if kind in WEAPON_KINDS and room == KITCHEN and any(
        c["room"] == KITCHEN and c["kind"] in WEAPON_KINDS
        for p in state["players"].values()
        for c in p["cards"]
    ):
        data["kind"] = kind = "other"  # the Kitchen hides one weapon
    if stall:
        if name == "Iron Maiden":
            data["card"] = "Empty Iron Maiden"
        data["stamina"] = rng.randint(-4, 10)
    else:
        if name == "Iron Maiden":
            data["deadly"] = True
        data["stamina"] = rng.randint(-35, 10)
    if rng.random() < 0.5:
        data["number"] = rng.randint(2, 12)
    elif rng.random() < 0.1:
        data["numbered"] = True
    if kind == "detain":
        data["detain"] = rng.randint(1, 2)
    event = {"type": "draw", "actor": actor, "data": data}
    if not any(choice.matches(event) for choice in offered):
        data.pop("kind")  # a kind this reading forbids here: recorded as a plain card
    return event


def _act(state, actor, of, choices, rng, stall):
    players = state["players"]
    player = players[actor]
    cards = player["cards"]
    go = state["go"]
    if of.get("search"):
        body = players[lying_body(state)]["cards"]
        weapons = [card["name"] for card in body if card["kind"] in WEAPON_KINDS]
        return of["search"][0].filled({"take": weapons[:2]})
    if not stall:
        oil = of.get("oil", [])
        if oil:
            victims = _oil_victims(state, oil[0])
            if victims:
                return oil[0].filled({"target": victims[0]})
        if of.get("stake") and player["at"] in SQUARES:
            return of["stake"][0]
    powers = of.get("attack", []) + of.get("give", []) + of.get("control", [])
    if powers and player["at"] in SQUARES:
        target = rng.choice(sorted({c.event["data"]["target"] for c in powers}))
        attacks = [c for c in of.get("attack", []) if c.event["data"]["target"] == target]
        gives = [c for c in of.get("give", []) if c.event["data"]["target"] == target]
        controls = [c for c in of.get("control", []) if c.event["data"]["target"] == target]
        if not stall and attacks:
            weapon = attacks[0].field("weapon").domain.values[0]
            return attacks[0].filled({"weapon": weapon})  # the body is searched next
        if gives and rng.random() < 0.5:
            loss = rng.randint(0, 3) if stall else rng.randint(5, 30)
            return gives[0].filled({"card": gives[0].field("card").domain.values[0],
                                    "loss": loss})
        if controls and rng.random() < 0.3:
            return controls[0]
    if of.get("passage") and rng.random() < 0.6:
        return fill(of["passage"][0], rng)
    trades = of.get("trade", [])
    if trades and (player["stamina"] < 80 or len(cards) > 4):
        return trades[0].filled({"card": trades[0].field("card").domain.values[0]})
    returns = of.get("return_card", [])
    useless = [c["name"] for c in cards if c["kind"] in ("other", "detain")]
    if useless:
        return returns[0].filled({"card": useless[0]})
    if len(cards) > 4:  # a hand that only grows would make a long match's state grow with it
        return returns[0].filled({"card": cards[0]["name"]})
    throws = of.get("throw", [])
    if throws and state["interrupt"] is None and (
        player["vampire"] is not None
        or (go["six"] and go["bonus"] == 0 and rng.random() < 0.8)
    ):
        return rng.choice(throws)
    # the go ends: half the time said, else by the next player's first event
    opening = {}
    for choice in choices:
        if choice.actor != actor and choice.type in ("throw", "stay", "blow_pipe"):
            opening.setdefault(choice.type, []).append(choice)
    if opening and rng.random() < 0.5:
        return _opening(opening, rng, stall)
    return of["end_turn"][0]


def _oil_victims(state, choice) -> list[str]:
    """The players the oil may be poured on who stand below the Tower."""
    if "target" not in choice.open_fields:
        return []
    return [p for p in choice.field("target").domain.values
            if state["players"][p]["at"] in TOWER_BELOW]

