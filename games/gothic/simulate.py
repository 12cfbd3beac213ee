"""Seeded bots that play legal matches of The Gothic Game, as match documents.

The bots roll the die and "read" the cards with ``random.Random(seed)``: the throws and the
cards are events in the log (observations), never hidden randomness. Before ``min_events``
events the bots stall legally (they wander, avoid every deadly square, draw mild cards and trade
numbered cards for stamina); after it they play to kill, and the match ends.
"""

from __future__ import annotations

from collections import deque
from random import Random

from games.core.engine import default_players
from games.gothic.movement import legal_paths, occupants
from games.gothic.state import (
    ADJ,
    GREEN_SQUARES,
    LAVATORY,
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
    "den": [
        ("Asp", "nasty"),
        ("Card Game", "other"),
        ("Locked Door", "detain"),
        ("Cigar", "other"),
    ],
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
DANGER_KINDS = ("red", "oubliette")


class Bots:
    def __init__(self, engine, rng: Random, min_events: int) -> None:
        self.engine = engine
        self.rng = rng
        self.min_events = min_events
        self.interp = engine.interpretation()
        self.options = {
            "double_back": self.interp.option("gothic.double-back"),
            "pass_occupied": self.interp.option("gothic.pass-occupied"),
            "vampire_passing": self.interp.option("gothic.vampire-passing"),
            "vampire_goes": self.interp.option("gothic.vampire-goes"),
            "arrow_occupied": self.interp.option("gothic.arrow-target-occupied"),
            "tower_leave": self.interp.option("gothic.tower-leave"),
        }

    def next_event(self, state: dict, count: int) -> dict:
        stall = count < self.min_events
        stage = state["stage"]
        if stage == "order":
            pid = next(p for p in state["contenders"] if p not in state["order_throws"])
            return self.throw(pid)
        actor = state["actor"]
        player = state["players"][actor]
        if stage == "throw":
            return self.on_throw(state, actor, player, stall)
        if stage == "move":
            return self.on_move(state, actor, player, stall)
        if stage == "stairs":
            return {
                "type": "staircase",
                "actor": actor,
                "data": {"direction": "up" if stall else self.rng.choice(["up", "down"])},
            }
        if stage == "draw":
            return self.on_draw(state, actor, player, stall)
        return self.on_act(state, actor, player, stall)

    def throw(self, pid):
        return {"type": "throw", "actor": pid, "data": {"value": self.rng.randint(1, 6)}}

    def on_throw(self, state, actor, player, stall):
        if player["at"] == TOWER and self.options["tower_leave"] == "never-leave":
            pipe = next((c for c in player["cards"] if c["kind"] == "blow-pipe"), None)
            if pipe is not None and not stall:
                targets = [
                    p
                    for p in state["seats"]
                    if p != actor
                    and state["players"][p]["status"] == "alive"
                    and state["players"][p]["at"] not in ROOMS
                    and state["players"][p]["vampire"] is None
                ]
                if targets:
                    return {
                        "type": "blow_pipe",
                        "actor": actor,
                        "data": {"target": self.rng.choice(targets), "card": pipe["name"]},
                    }
            return {"type": "stay", "actor": actor, "data": {}}
        if player["detained"] > 0 and player["at"] in ROOMS:
            return {"type": "stay", "actor": actor, "data": {}}
        return self.throw(actor)

    def on_move(self, state, mover, player, stall):
        paths = legal_paths(state, mover, state["throw"], **self.options)
        actor = mover
        if (
            player["controlled_by"] is not None
            and state["go"]["bonus"] == 0
            and self.rng.random() < 0.5
        ):
            actor = player["controlled_by"]
        if state["interrupt"] is not None and self.rng.random() < 0.5:
            actor = state["interrupt"]["controller"]
        if not paths:
            return {"type": "miss_turn", "actor": mover, "data": {}}
        scored = [
            (self.score(state, mover, player, path, stall), i) for i, path in enumerate(paths)
        ]
        best = max(s for s, _ in scored)
        doomed = best <= -100 or (
            player["vampire"] is not None
            and all(self.passed(state, mover, p) for p in paths if p[-1] != VAULT)
            and not any(p[-1] == VAULT for p in paths)
        )
        if doomed and stall and self.engine._throw_lands_on_player(state, mover, state["throw"]):
            return {"type": "miss_turn", "actor": mover, "data": {}}  # rather than a deadly square
        choices = [paths[i] for s, i in scored if s >= best - 1]
        return {"type": "move", "actor": actor, "data": {"path": self.rng.choice(choices)}}

    def score(self, state, pid, player, path, stall) -> float:
        last = path[-1]
        rng = self.rng
        vampire = player["vampire"]
        if vampire is not None:
            if last == VAULT:
                return 100
            go_number = vampire["goes"] + 1
            near = -VAULT_DIST.get(last, 20) * (3 if go_number >= 4 else 1)
            kills = len(self.passed(state, pid, path))
            return near + (-50 * kills if stall else 5 * kills) + rng.random()
        if last in ROOMS:
            if (
                last == TOWER
                and self.options["tower_leave"] == "never-leave"
                and (stall or any(p["at"] == TOWER for p in state["players"].values()))
            ):
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

    def passed(self, state, pid, path):
        occ = occupants(state)
        return [occ[n] for n in path[:-1] if occ.get(n) not in (None, pid)] + [
            occ[m] for n in path for m in SQUARE_ADJ.get(n, ()) if occ.get(m) not in (None, pid)
        ]

    def on_draw(self, state, actor, player, stall):
        rng = self.rng
        room = player["at"]
        name, kind = rng.choice(CARD_NAMES[room])
        data = {"room": room, "card": name, "kind": kind}
        if kind in WEAPON_KINDS and room == "kitchen":
            if any(
                c["room"] == "kitchen" and c["kind"] in WEAPON_KINDS
                for p in state["players"].values()
                for c in p["cards"]
            ):
                data["kind"] = kind = "other"
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
        return {"type": "draw", "actor": actor, "data": data}

    def on_act(self, state, actor, player, stall):
        rng, go = self.rng, state["go"]
        players = state["players"]
        cards = player["cards"]
        # Tower oil, as soon as you arrive
        if go["tower"] and not player["oil_used"] and not stall:
            reach = [
                p
                for p in state["seats"]
                if p != actor
                and players[p]["status"] == "alive"
                and players[p]["vampire"] is None
                and (players[p]["at"] in TOWER_BELOW or players[p]["at"] == LAVATORY)
            ]
            below = [p for p in reach if players[p]["at"] in TOWER_BELOW]
            if below:
                return {"type": "oil", "actor": actor, "data": {"target": below[0]}}
        # a stake for a Vampire passed or beside you
        stake = next((c for c in cards if c["kind"] == "stake"), None)
        if stake is not None and not stall and player["at"] in SQUARES:
            for p in state["seats"]:
                v = players[p]
                if (
                    v["status"] == "alive"
                    and v["vampire"] is not None
                    and (p in go["passed"] or (v["at"] in SQUARE_ADJ.get(player["at"], ())))
                ):
                    return {"type": "stake", "actor": actor, "data": {"target": p}}
        # the Power of Adjacency
        if (
            go["moved"]
            and not go["power"]
            and player["vampire"] is None
            and player["at"] in SQUARES
        ):
            victims = [
                p
                for p in state["seats"]
                if p != actor
                and players[p]["status"] == "alive"
                and players[p]["vampire"] is None
                and players[p]["at"] in SQUARE_ADJ[player["at"]]
                and (players[p]["held_by"] is None or players[p]["held_by"]["by"] == actor)
                and players[p]["controlled_by"] in (None, actor)
                and not (player["held_by"] is not None and player["held_by"]["by"] == p)
            ]
            if victims:
                target = rng.choice(victims)
                weapon = next((c for c in cards if c["kind"] in WEAPON_KINDS), None)
                nasty = next((c for c in cards if c["kind"] == "nasty"), None)
                if not stall and weapon is not None:
                    take = [
                        c["name"] for c in players[target]["cards"] if c["kind"] in WEAPON_KINDS
                    ][:2]
                    return {
                        "type": "attack",
                        "actor": actor,
                        "data": {"target": target, "weapon": weapon["name"], "take": take},
                    }
                if nasty is not None and rng.random() < 0.5:
                    loss = rng.randint(0, 3) if stall else rng.randint(5, 30)
                    return {
                        "type": "give",
                        "actor": actor,
                        "data": {"target": target, "card": nasty["name"], "loss": loss},
                    }
                if rng.random() < 0.3:
                    return {"type": "control", "actor": actor, "data": {"target": target}}
        # secret passages
        if go["green"] and player["vampire"] is None and rng.random() < 0.6:
            occ = occupants(state)
            free = [g for g in GREEN_SQUARES if g != player["at"] and g not in occ]
            if free:
                return {"type": "passage", "actor": actor, "data": {"to": rng.choice(free)}}
        # cards: trade numbered ones when stamina runs low, return the useless ones
        numbered = [c for c in cards if c["number"] is not None or c["numbered"]]
        if numbered and (player["stamina"] < 80 or len(cards) > 4):
            return {"type": "trade", "actor": actor, "data": {"card": numbered[0]["name"]}}
        useless = [c for c in cards if c["kind"] in ("other", "detain")]
        if useless:
            return {"type": "return_card", "actor": actor, "data": {"card": useless[0]["name"]}}
        # A hand that only grows would make a long match's state grow with it: keep four.
        if len(cards) > 4:
            return {"type": "return_card", "actor": actor, "data": {"card": cards[0]["name"]}}
        # second throws
        if player["vampire"] is not None:
            if go["segment"] == 1 and state["interrupt"] is None:
                return self.throw(actor)
        elif (
            go["six"]
            and go["bonus"] == 0
            and state["interrupt"] is None
            and (player["at"] not in ROOMS or player["depth"] is not None)
            and rng.random() < 0.8
        ):
            return self.throw(actor)
        return {"type": "end_turn", "actor": actor, "data": {}}


def simulate_match(
    engine, *, seed, players=None, setup=None, max_events=None, min_events=None
) -> dict:
    rng = Random(seed)
    players = [dict(p) for p in (players or default_players(4))]
    setup = engine.setup_with_defaults(setup)
    min_events = min_events or 0
    cap = max_events if max_events is not None else min_events + 200_000
    bots = Bots(engine, rng, min_events)
    state = engine.initial_state(players, setup)
    events: list[dict] = []
    while len(events) < cap and state["stage"] != "over":
        event = bots.next_event(state, len(events))
        step = engine.apply(state, event, bots.interp)
        if not step.legal:  # a bot bug: stop rather than record an illegal match
            raise AssertionError(f"bot event {len(events) + 1} {event} was illegal: {step.flags}")
        state = step.state
        events.append(event)
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=events,
        source=f"games.gothic.simulate seed={seed} min_events={min_events}",
    )
