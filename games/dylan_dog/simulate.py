"""Seeded bots that play random legal Dylan Dog matches to the end (a ``ludoteca.match/1`` document).

The simulator is the table: it deals the hidden story cards and crypt contents, shuffles the
nightmare deck and throws the die with ``random.Random(seed)``; every throw and every card
drawn is an event of the record. With ``min_events`` the bots stall (they only turn the plane
and wander, never seeking a crypt) until that many events exist, then play to win.
"""

from __future__ import annotations

from collections import deque
from random import Random

from games.core.engine import default_players
from games.dylan_dog.board import (
    ACCESS_TO,
    BOARD,
    CATEGORIES,
    CRYPT_NAMES,
    CRYPT_OF_SQUARE,
    ELEMENTS,
    FACES,
    HORROR_CARDS,
    LEADS_TO,
    NIGHTMARE,
    NIGHTMARE_KIND,
    PLANE,
    SHADOW_SQUARES,
    SHADOWS,
    STORY,
    WHITE,
    aligned_access,
    aligned_crypt,
    crypts_led_to,
)
from games.dylan_dog.moves import enumerate_paths
from games.dylan_dog.rules import can_escape, valid_shadow

SCAMBIO_SQUARES = [sq for sq in NIGHTMARE if NIGHTMARE_KIND[sq] == "scambio"]


class SimulationError(RuntimeError):
    """The bots produced an event the engine flags: a bug in the bots or the engine."""


def simulate(engine, *, seed, players=None, setup=None, max_events=None, min_events=None) -> dict:
    rng = Random(seed)
    players = [dict(p) for p in (players or default_players(rng.randint(3, 6)))]
    setup = engine.setup_with_defaults(setup)
    table = Table(engine, rng, players, setup, min_events or 0, max_events)
    table.play()
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=table.events,
        source="games/dylan_dog/simulate.py: seeded random legal bots",
    )


def _nightmare_deck(rng: Random) -> deque:
    cards = []
    for entry in BOARD["nightmare_deck"]:
        kind, count = entry["kind"], entry["count"]
        for i in range(count):
            card = {"kind": kind, "text": entry["text"]}
            if kind == "shadow":
                card["shadow"] = SHADOWS[i % len(SHADOWS)]
            if kind in ("go-to-crypt", "enter-dimension"):
                card["crypt"] = CRYPT_NAMES[i % len(CRYPT_NAMES)]
            cards.append(card)
    rng.shuffle(cards)
    return deque(cards)


class Table:
    def __init__(self, engine, rng, players, setup, min_events, max_events):
        self.engine = engine
        self.rng = rng
        self.players = players
        self.ids = [p["id"] for p in players]
        self.interpretation = engine.interpretation()
        self.state = engine.initial_state(players, setup)
        self.events: list[dict] = []
        self.min_events = min_events
        self.cap = max_events if max_events is not None else max(200_000, min_events * 2 + 100_000)
        # the hidden world
        pool = [("mystery", e) for e in ELEMENTS] + [
            ("horror", h["name"], h["threshold"]) for h in HORROR_CARDS
        ]
        rng.shuffle(pool)
        self.crypts = {name: pool[i * 9 : (i + 1) * 9] for i, name in enumerate(CRYPT_NAMES)}
        self.deck = _nightmare_deck(rng)
        self.stories = {}
        by_cat = {c: [e for e in ELEMENTS if STORY[e]["category"] == c] for c in CATEGORIES}
        for c in CATEGORIES:
            rng.shuffle(by_cat[c])
        for i, pid in enumerate(self.ids):
            self.stories[pid] = [by_cat[c][i] for c in CATEGORIES]

    # -- plumbing ------------------------------------------------------------------------

    @property
    def stalling(self) -> bool:
        return len(self.events) < self.min_events

    @property
    def over(self) -> bool:
        return self.state["finished"] or len(self.events) >= self.cap

    def emit(self, etype, actor, /, **data):
        event = {"type": etype, "actor": actor, "data": data}
        step = self.engine.apply(self.state, event, self.interpretation)
        bad = [f.message for f in step.flags if f.kind == "violation"]
        if bad:
            raise SimulationError(f"event {len(self.events) + 1} {event}: {bad}")
        self.events.append(event)
        self.state = step.state

    def trial(self, etype, actor, /, **data) -> bool:
        """True if the event would be legal now (used to pick among candidate moves)."""
        event = {"type": etype, "actor": actor, "data": data}
        step = self.engine.apply(self.state, event, self.interpretation)
        return step.legal

    def needs(self, pid) -> list[str]:
        held = self.state["players"][pid]["mystery"]
        return [e for e in self.stories[pid] if e not in held]

    def completes(self, pid, card) -> bool:
        need = self.needs(pid)
        return need == [card]

    # -- the match -----------------------------------------------------------------------

    def play(self):
        for pid in self.ids:
            self.emit("story_cards", pid, cards=list(self.stories[pid]))
        while not self.over:
            self.turn()

    def turn(self):
        pid = self.state["turn"]["player"]
        if not self.stalling:
            if self.rng.random() < 0.6:
                self.exchanges(pid)
            if self.over:
                return
            if self.maybe_challenge(pid):
                self.resolve(pid)
                if not self.over:
                    self.emit("end_turn", pid)
                return
        face = self.rng.choice(FACES)
        self.emit("roll", pid, face=face)
        if self.over:
            return
        self.move(pid, face)
        if self.over:
            return
        self.resolve(pid)
        if not self.over:
            self.emit("end_turn", pid)

    # -- before the throw ----------------------------------------------------------------

    def spare_card(self, pid, avoid_for=None):
        p = self.state["players"][pid]
        spares = [
            c
            for c in p["mystery"]
            if c not in self.stories[pid] and not (avoid_for and self.completes(avoid_for, c))
        ]
        spares += [f"shadow:{s}" for s in p["shadow"] if not valid_shadow(p, s)]
        return spares[0] if spares else None

    def exchanges(self, pid):
        for card in self.needs(pid):
            holder = next(
                (q for q in self.ids if q != pid and card in self.state["players"][q]["mystery"]),
                None,
            )
            if holder is None:
                continue
            spare = self.spare_card(pid, avoid_for=holder)
            give = [spare] if spare else []
            self.emit("exchange", pid, **{"with": holder, "give": give, "receive": [card]})
            if self.over:
                return

    def maybe_challenge(self, pid) -> bool:
        p = self.state["players"][pid]
        if not p["horror"] or self.rng.random() < 0.5:
            return False
        plane = PLANE[p["square"]]
        targets = [
            q for q in self.ids if q != pid and PLANE[self.state["players"][q]["square"]] == plane
        ]
        if not targets:
            return False
        need = set(self.needs(pid))
        targets.sort(key=lambda q: -len(need & set(self.state["players"][q]["mystery"])))
        self.emit("challenge", pid, target=targets[0], horror=p["horror"][0]["name"])
        return True

    # -- the move ------------------------------------------------------------------------

    def rotation_allowed(self, square) -> bool:
        if PLANE[square] != "mystery":
            return True
        return all(self.state["crypts"][c] == 0 for c in crypts_led_to(square))

    def candidates(self, square, rotation, value):
        out = []
        can_turn = self.rotation_allowed(square)
        for path, _free in enumerate_paths(square, rotation, value):
            rest = value - len(path)
            if rest == 0 or path[-1] in CRYPT_OF_SQUARE:
                out.append((path, 0, False))
            elif can_turn:
                out.append((path, rest, False))
                out.append((path, -rest, False))
        if can_turn:
            out.append(([], value, False))
            out.append(([], -value, False))
            for k in range(1, value):
                for sign in (1, -1):
                    for path, _free in enumerate_paths(
                        square, (rotation + sign * k) % 24, value - k
                    ):
                        if len(path) == value - k or path[-1] in CRYPT_OF_SQUARE:
                            out.append((path, sign * k, True))
        return out

    def score(self, pid, path, turn, first):
        st = self.state
        square = path[-1] if path else st["players"][pid]["square"]
        r = (st["rotation"] + turn) % 24
        crypts = st["crypts"]
        plane = PLANE[square]
        noise = self.rng.random() * 8
        if self.stalling:
            return (
                noise
                - (50 if plane == "mystery" and square not in ("",) else 0)
                - (80 if square in CRYPT_OF_SQUARE else 0)
            )
        if square in CRYPT_OF_SQUARE:
            return 100 + noise if crypts[CRYPT_OF_SQUARE[square]] > 0 else noise - 20
        if plane == "mystery":
            live = any(crypts[c] > 0 for c in LEADS_TO[square])
            base = 55 if live else 0
            if square in SHADOW_SQUARES and not can_escape(st["players"][pid]):
                base -= 15
            return base + noise + (int(square[-1]) * 6 if square[-1].isdigit() else 0)
        if plane == "nightmare":
            base = 20
            crypt = aligned_crypt(square, r)
            if crypt and crypts[crypt] > 0:
                base += 45
            access = aligned_access(square, r)
            if access and any(crypts[c] > 0 for c in LEADS_TO[access]):
                base += 25
            return base + noise
        return noise + (0 if square in WHITE else 5)

    def move(self, pid, face):
        p = self.state["players"][pid]
        square, rotation = p["square"], self.state["rotation"]
        value = None if face == "dylan-dog" else int(face)
        if p["turns"] == 0:
            v = value or self.rng.randint(1, 6)
            self.emit("move", pid, path=[], rotation=self.rng.choice((v, -v)))
            return
        values = [value] if value else list(range(1, 7))
        if self.stalling and PLANE[square] != "mystery" and self.rng.random() < 0.75:
            v = value or self.rng.randint(1, 6)
            self.emit("move", pid, path=[], rotation=self.rng.choice((v, -v)))
            return
        cands = []
        for v in values:
            cands.extend(self.candidates(square, rotation, v))
        scored = sorted(
            ((self.score(pid, path, turn, False), i) for i, (path, turn, _f) in enumerate(cands)),
            reverse=True,
        )
        for _s, i in scored[:40]:
            path, turn, first = cands[i]
            data = {"path": path, "rotation": turn}
            if first:
                data["rotate_first"] = True
            if self.trial("move", pid, **data):
                self.emit("move", pid, **data)
                return
        raise SimulationError(f"no legal move found for {pid} on {square} with {face}")

    # -- after the move ------------------------------------------------------------------

    def resolve(self, pid):
        declined = set()
        while not self.over:
            st = self.state
            if st["fight"] is not None:
                self.fight()
                continue
            todo = [
                i for i in st["pending"] if (i["kind"], i["player"], i.get("crypt")) not in declined
            ]
            if not todo:
                return
            item = todo[0]
            key = (item["kind"], item["player"], item.get("crypt"))
            handler = getattr(self, "do_" + item["kind"].replace("-", "_"))
            if handler(item) is False:
                declined.add(key)

    def fight(self):
        fight = self.state["fight"]
        who = fight["fighter"]
        p = self.state["players"][who]
        if p["dylan_dog"] > 0 and (
            fight["threshold"] in ("6", "dylan-dog") or self.rng.random() < 0.3
        ):
            self.emit("play_dylan_dog", who, use="horror")
        else:
            self.emit("roll", who, face=self.rng.choice(FACES))

    def do_nightmare_card(self, item):
        pid = item["player"]
        card = self.deck.popleft()
        kind = card["kind"]
        data = {"kind": kind, "text": card["text"]}
        if kind == "shadow":
            data["shadow"] = card["shadow"]
        else:
            self.deck.append(card)
        if kind in ("go-to-crypt", "enter-dimension"):
            data["crypt"] = card["crypt"]
        if kind == "enter-dimension":
            data["square"] = self.rng.choice(ACCESS_TO[card["crypt"]])
        elif kind == "go-to-exchange":
            data["square"] = self.rng.choice(SCAMBIO_SQUARES)
        elif kind == "move-self":
            data["square"] = self.rng.choice(NIGHTMARE)
        elif kind == "move-other":
            data["target"] = self.rng.choice([q for q in self.ids if q != pid])
            data["square"] = self.rng.choice(WHITE)
        self.emit("nightmare_card", pid, **data)

    def do_crypt_draw(self, item):
        pid, crypt = item["player"], item["crypt"]
        cards = self.crypts[crypt]
        choices = list(range(len(cards)))
        if self.stalling:
            safe = [
                i
                for i in choices
                if not (cards[i][0] == "mystery" and self.completes(pid, cards[i][1]))
            ]
            choices = safe or choices
        card = cards.pop(self.rng.choice(choices))
        if card[0] == "mystery":
            self.emit("crypt_card", pid, kind="mystery", crypt=crypt, element=card[1])
        else:
            self.emit(
                "crypt_card", pid, kind="horror", crypt=crypt, name=card[1], threshold=card[2]
            )

    def do_shadow_trap(self, item):
        pid = item["player"]
        p = self.state["players"][pid]
        valid = [s for s in p["shadow"] if valid_shadow(p, s)]
        if p["dylan_dog"] > 0 and (not valid or self.rng.random() < 0.5):
            self.emit("play_dylan_dog", pid, use="shadow")
        elif valid:
            symbol = valid[0]
            self.emit("play_shadow", pid, shadow=symbol)
            self.deck.append(
                {"kind": "shadow", "shadow": symbol, "text": "Shadow card (carta-ombra)"}
            )
        else:
            self.emit("accept_trap", pid)

    def do_place(self, item):
        self.emit("place", item["player"], square=self.rng.choice(WHITE))

    def do_forfeit(self, item):
        giver = item["player"]
        held = self.state["players"][giver]["mystery"]
        if item["to"] == "crypt":
            spare = [c for c in held if c not in self.stories[giver]] or list(held)
            card = self.rng.choice(spare)
            self.emit("forfeit", giver, card=card, crypt=item["crypt"])
            self.crypts[item["crypt"]].append(("mystery", card))
        else:
            wanted = [c for c in held if c in self.stories[item["to"]]] or list(held)
            self.emit("forfeit", item["to"], card=wanted[0])

    def do_crypt_entry(self, item):
        if self.stalling or self.state["crypts"][item["crypt"]] == 0:
            return False
        self.emit("enter_crypt", item["player"], crypt=item["crypt"])
        return None

    def do_dylan_dog_card(self, item):
        self.emit("take_dylan_dog", item["player"])

    def do_forced_exchange(self, item):
        pid = item["player"]
        mine = self.state["players"][pid]
        give = self.spare_card(pid) or (f"shadow:{mine['shadow'][0]}" if mine["shadow"] else None)
        if give is None and mine["dylan_dog"] > 0:
            give = "dylan-dog"
        if give is None:
            return False
        for card in [] if self.stalling else self.needs(pid):
            for q in self.ids:
                if (
                    q != pid
                    and card in self.state["players"][q]["mystery"]
                    and card_safe(self, q, give)
                ):
                    self.emit(
                        "exchange",
                        pid,
                        **{"with": q, "give": [give], "receive": [card], "forced": True},
                    )
                    return None
        for q in self.ids:
            theirs = self.state["players"][q]["mystery"]
            if (
                q != pid
                and theirs
                and card_safe(self, q, give)
                and not self.completes(pid, theirs[0])
                and (self.stalling or not self.completes(q, give))
            ):
                self.emit(
                    "exchange",
                    pid,
                    **{"with": q, "give": [give], "receive": [theirs[0]], "forced": True},
                )
                return None
        return False


def card_safe(table: Table, receiver: str, card: str) -> bool:
    """A card handed over in passing must not end the match for the receiver."""
    return not (card in STORY and table.completes(receiver, card))
