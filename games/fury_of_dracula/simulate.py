"""Seeded bots that play random legal matches of La Furia di Dracula to the end.

Every card drawn, ticket taken and combat card revealed is an event of the log (an observation),
chosen here with ``random.Random(seed)``. The bots read the engine's own state after each event,
so what they record is legal under the default interpretation. With ``min_events`` they stall
(Dracula keeps his influence below 13 and the hunters never finish him) until the log is long
enough, then play to the end.
"""

from __future__ import annotations

from random import Random

from games.core.engine import default_players

ICONS = ("fangs", "claws", "mist", "bat", "wolf", "dodge")
DRACULA_CARDS = {
    "fangs": "Morso",
    "claws": "Artigli",
    "mist": "Fuga come nebbia",
    "bat": "Fuga come pipistrello",
    "wolf": "Forma di lupo",
    "dodge": "Schivata",
}
ESCAPES = ("mist", "bat")
HUNTER_CARDS = ("Pugno", "Schivata", "Fuga", "Coltello", "Pistola", "Crocifisso")
EVENT_CARDS = ("Buona fortuna", "Telegramma", "Sangue di vampiro", "Lupi", "Nebbia", "Ritardo")
ITEM_CARDS = ("Aglio", "Crocifisso", "Acqua santa", "Fucile", "Pistola", "Paletto")
ENCOUNTERS = ("Topi", "Lupi", "Zingari", "Imboscata", "Nebbia", "Nuova vittima")


class _Done(Exception):
    pass


class _Match:
    def __init__(self, engine, rng, players, setup, max_events, min_events):
        self.engine = engine
        self.rng = rng
        self.state = engine.initial_state(players, setup)
        self.interpretation = engine.interpretation()
        self.events: list[dict] = []
        self.max_events = max_events
        self.min_events = min_events or 0
        self.index = engine.index
        self.dracula = self.state["dracula_player"]
        self.hunters = list(self.state["hunter_order"])
        self.banners = {pid: sorted(rng.sample(ICONS, 2)) for pid in self.hunters}

    @property
    def finishing(self) -> bool:
        return len(self.events) >= self.min_events

    def emit(self, etype, actor=None, **data):
        event = {"type": etype, "actor": actor, "data": data}
        self.state = self.engine.apply(self.state, event, self.interpretation).state
        self.events.append(event)
        if self.state["finished"] or (self.max_events and len(self.events) >= self.max_events):
            raise _Done

    # -- the phases ---------------------------------------------------------------------

    def play(self):
        try:
            while True:
                time = self.state["time"]
                if time == "night":
                    self.dracula_turn()
                if time in ("day", "night"):
                    for pid in self.hunters:
                        if not self.state["hunters"][pid]["defeated"]:
                            self.hunter_turn(pid)
                else:
                    self.fight()
                    if time == "dawn":
                        self.hospitals()
                for pid in self.hunters:
                    self.keep_revealed(pid)
                self.emit("time_passes")
        except _Done:
            pass

    def dracula_turn(self):
        rng, state = self.rng, self.state
        trail = state["dracula"]["trail"]
        here = trail[0]["space"] if trail else "castle-dracula"
        options = sorted(set(self.index.roads.get(here, ())) | set(self.index.sea.get(here, ())))
        recent = {entry["space"] for entry in trail}
        fresh = [s for s in options if s not in recent] or options or ["castle-dracula"]
        space = rng.choice(fresh)
        data = {"space": space}
        if self.index.kind(space) == "city" and rng.random() < 0.6:
            data["encounter"] = rng.choice(ENCOUNTERS)
        self.emit("dracula_move", self.dracula, **data)
        influence = self.state["dracula"]["influence"]
        if self.finishing and rng.random() < 0.3:
            self.emit("influence", self.dracula, to=min(13, influence + 1))
        elif influence < 10 and rng.random() < 0.05:
            self.emit("influence", self.dracula, to=influence + 1)
        hand = self.state["dracula"]["events"]
        if len(hand) > 4:
            self.emit("discard", self.dracula, kind="event", card=hand[0])

    def hunter_turn(self, pid):
        rng = self.rng
        h = self.state["hunters"][pid]
        roll = rng.random()
        if roll < 0.4:
            self.move_by_land_or_sea(pid, h)
        elif roll < 0.55 and h["tickets"]:
            if not self.move_by_rail(pid, h):
                self.move_by_land_or_sea(pid, h)
        elif roll < 0.65 and len(h["tickets"]) < 2:
            data = {"white": rng.randint(1, 3)}
            if rng.random() < 0.6:
                data["yellow"] = rng.randint(1, 3)
            self.emit("book_ticket", pid, **data)
        elif roll < 0.82:
            self.draw(pid)
        elif roll < 0.92:
            self.emit("gain_item", pid, card=rng.choice(ITEM_CARDS))
        self.tidy_hand(pid)
        self.hideout(pid)

    def move_by_land_or_sea(self, pid, h):
        here = h["space"]
        if self.index.kind(here) == "sea" or (self.index.sea.get(here) and self.rng.random() < 0.1):
            mode, table = "sea", self.index.sea
        else:
            mode, table = "road", self.index.roads
        options = table.get(here)
        if not options:
            return
        self.emit("move", pid, mode=mode, path=[here, self.rng.choice(options)])

    def move_by_rail(self, pid, h) -> bool:
        rng = self.rng
        ticket = rng.choice(h["tickets"])
        white, yellow = ticket["white"], ticket["yellow"]
        path, colours = [h["space"]], []
        for _ in range(rng.randint(1, max(white, yellow or 0))):
            nexts = [
                (b, c)
                for b, c in self.index.rail_next.get(path[-1], ())
                if b not in path and (c == "white" or yellow is not None)
            ]
            if not nexts:
                break
            b, c = rng.choice(nexts)
            path.append(b)
            colours.append(c)
        while len(path) > 1:
            value = yellow if "yellow" in colours else white
            if len(path) - 1 <= value:
                break
            path.pop()
            colours.pop()
        if len(path) < 2:
            return False
        data = {"mode": "rail", "path": path, "ticket_white": white}
        if yellow is not None:
            data["ticket_yellow"] = yellow
        self.emit("move", pid, **data)
        return True

    def draw(self, pid):
        rng = self.rng
        day = self.state["time"] == "day"
        icon = "hunter" if rng.random() < 0.6 else "dracula"
        data = {"end": "top" if day else "bottom", "icon": icon, "card": rng.choice(EVENT_CARDS)}
        if rng.random() < 0.5:
            data["to"] = pid if icon == "hunter" else ("discard" if day else self.dracula)
        self.emit("draw_event", pid, **data)

    def tidy_hand(self, pid):
        h = self.state["hunters"][pid]
        for kind, field in (("event", "events"), ("item", "items")):
            if len(h[field]) > 3:
                spare = [c for c in h[field] if c not in h[f"shown_{field}"]] or h[field]
                self.emit("discard", pid, kind=kind, card=spare[0])
                h = self.state["hunters"][pid]

    def keep_revealed(self, pid):
        h = self.state["hunters"][pid]
        if not h["weakened"] or h["defeated"]:
            return
        if h["events"] and not h["shown_events"]:
            self.emit("reveal_card", pid, kind="event", card=h["events"][0])
            h = self.state["hunters"][pid]
        if h["items"] and not h["shown_items"]:
            self.emit("reveal_card", pid, kind="item", card=h["items"][0])

    def hideout(self, pid):
        pending = self.state["hideouts"].get(pid)
        if pending is None:
            return
        trail = self.state["dracula"]["trail"]
        entry = next(e for e in trail if e["space"] == pending["space"])
        card = entry["encounters"][0]
        roll = self.rng.random()
        if roll < 0.4:
            self.emit("ambush", self.dracula, hunter=pid, encounter=card)
        elif roll < 0.5:
            self.emit("search", pid, encounter=card)
        elif roll < 0.85:
            self.emit("renounce", self.dracula, hunter=pid)
            if self.rng.random() < 0.7:
                self.emit("search", pid, encounter=card)

    # -- combat and hospital ----------------------------------------------------------------

    def fight(self):
        rng = self.rng
        while self.state["combat"] is not None:
            combat = self.state["combat"]
            active = [p for p in combat["hunters"] if p not in combat["out"]]
            pid = rng.choice(active)
            icon = rng.choice(ICONS)
            banner = self.banners[pid]
            resolved = icon not in banner
            data = {
                "hunter": pid,
                "dracula_card": DRACULA_CARDS[icon],
                "dracula_icon": icon,
                "hunter_card": rng.choice(HUNTER_CARDS),
                "banner": banner,
                "dracula_resolved": resolved,
            }
            if icon in ESCAPES and rng.random() < 0.3:
                data["escape"] = True
            self.emit("combat_round", self.dracula, **data)
            if self.state["combat"] is None:
                return
            roll = rng.random()
            if resolved and icon == "fangs" and roll < 0.6:
                self.bite(pid)
            elif roll < 0.15:
                self.emit("damage", self.dracula, hunter=pid, amount=rng.randint(1, 3))
            elif roll < 0.2:
                self.emit("flee", pid)
            elif self.finishing and roll < 0.3:
                influence = self.state["dracula"]["influence"]
                self.emit("influence", self.dracula, to=min(13, influence + 1))
            elif self.finishing and roll < 0.4:
                self.emit("dracula_defeated", pid)
            elif roll < 0.42:
                self.emit("hunter_defeated", None, hunter=pid, cause="damage")

    def bite(self, pid):
        h = self.state["hunters"][pid]
        data = {"hunter": pid}
        if h["bites"] == 0:
            if h["events"]:
                data["reveal_event"] = h["events"][0]
            if h["items"]:
                data["reveal_item"] = h["items"][0]
        self.emit("bite", self.dracula, **data)

    def hospitals(self):
        for pid in self.hunters:
            if self.state["hunters"][pid]["defeated"]:
                space = self.rng.choice(self.index.hospitals)
                self.emit("hospital", None, hunter=pid, space=space)


def simulate_match(engine, *, seed, players=None, setup=None, max_events=None, min_events=None):
    """A random legal match as a ``ludoteca.match/1`` document; same seed, same document."""
    rng = Random(seed)
    players = [dict(p) for p in (players or default_players(4))]
    setup = engine.setup_with_defaults(setup)
    if not setup.get("dracula"):
        setup["dracula"] = players[-1]["id"]
    match = _Match(engine, rng, players, setup, max_events, min_events)
    match.play()
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=match.events,
        source=f"fury_of_dracula.simulate seed={seed}",
    )
