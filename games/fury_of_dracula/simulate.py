"""Seeded bots that play La Furia di Dracula to the end, choosing among ``legal_events``.

The excerpts give no turn order, so the bots keep one: by day and by night every hunter takes
one action (move, book a ticket, draw an event card, take an item) and deals with a hideout he
ends in; at night Dracula moves first; at dusk and dawn the combat due is fought round by round
and defeated hunters go to a hospital at dawn; then time passes. Every card, ticket and combat
card is an observation the bots invent with ``random.Random(seed)``. With ``min_events`` the
bots stall (Dracula keeps his influence low and the hunters never finish him) until the log is
long enough, then play to the end.
"""

from __future__ import annotations

import random

from games.core.choices import Choice, matching_choice
from games.core.engine import default_players
from games.core.simulate import play
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.combat import ICONS
from games.fury_of_dracula.hideout import encounters_at

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
HAND_LIMIT = 3


def _event(type_, actor, **data) -> dict:
    return {"type": type_, "actor": actor, "data": data}


class Bots:
    """The strategy: what a sensible table records next, among the choices offered."""

    def __init__(self, dracula: str, hunters: list[str], rng_seed_banners) -> None:
        self.dracula = dracula
        self.banners = {pid: sorted(rng_seed_banners.sample(ICONS, 2)) for pid in hunters}
        self.acted: set[tuple[int, str]] = set()
        self.hideouts_seen: set[tuple[int, str, str]] = set()
        self.followed: tuple | None = None
        self.pending_influence = False

    def __call__(self, state, choices, rng, context):
        by_type: dict[str, list[Choice]] = {}
        for choice in choices:
            by_type.setdefault(choice.event["type"], []).append(choice)
        finishing = not context.stalling
        for step in (self.match_end, self.combat, self.hospital, self.hideout, self.keep_revealed, self.tidy,
                     self.dracula_turn, self.hunter_turn):
            picked = step(state, by_type, rng, finishing)
            if isinstance(picked, dict) and matching_choice(choices, picked) is None:
                picked = None  # not legal under this reading: the table does something else
            if picked is not None:
                return picked
        if "time_passes" in by_type:
            return by_type["time_passes"][0]
        # the end is written down by match_end once it is reached, never drawn at random
        return rng.choice([c for c in choices if c.event["type"] != "game_over"] or list(choices))

    def match_end(self, state, by_type, rng, finishing):
        """Under victory=recorded-only the table writes the end down once it is reached."""
        dr = state["dracula"]
        if dr["influence"] == 13:
            return _event("game_over", None, winner="dracula", reason="Dracula's influence reaches 13")
        if dr["defeated"]:
            return _event("game_over", None, winner="hunters", reason="the hunters defeat Dracula")
        return None

    # -- fights and their aftermath ---------------------------------------------------------------

    def combat(self, state, by_type, rng, finishing):
        combat = state["combat"]
        if combat is None:
            return None
        key = (state["tick"], combat["rounds"])
        if combat["rounds"] and self.followed != key:
            self.followed = key
            picked = self.after_round(state, by_type, rng, finishing)
            if picked is not None:
                return picked
        rounds = by_type.get("combat_round", ())
        if not rounds:
            return None
        pid = rng.choice(sorted(rounds[0].field("hunter").domain.values))
        icon = rng.choice(ICONS)
        banner = self.banners[pid]
        escape = icon in ESCAPES and icon not in banner and rng.random() < 0.3
        data = {"hunter": pid, "dracula_card": DRACULA_CARDS[icon], "dracula_icon": icon,
                "hunter_card": rng.choice(HUNTER_CARDS), "banner": banner,
                "dracula_resolved": icon not in banner}
        if escape and matching_choice(rounds, _event("combat_round", self.dracula, **data, escape=True)):
            data["escape"] = True
        return _event("combat_round", self.dracula, **data)

    def after_round(self, state, by_type, rng, finishing):
        combat = state["combat"]
        fighting = [pid for pid in combat["hunters"] if pid not in combat["out"]]
        if not fighting:
            return None
        pid = rng.choice(fighting)
        roll = rng.random()
        if roll < 0.25:
            return self.bite(state, pid, by_type, rng)
        if roll < 0.35:
            return _event("damage", self.dracula, hunter=pid, amount=rng.randint(1, 3))
        if roll < 0.4:
            return _event("flee", pid)
        if finishing and roll < 0.5:
            return _event("influence", self.dracula, to=min(13, state["dracula"]["influence"] + 1))
        if finishing and roll < 0.6:
            return _event("dracula_defeated", pid)
        if roll < 0.62:
            return _event("hunter_defeated", None, hunter=pid, cause="damage")
        return None

    def bite(self, state, pid, by_type, rng):
        """A bite; a hunter not yet keeping a card of a kind revealed reveals his first."""
        h = state["hunters"][pid]
        data = {"hunter": pid}
        for field, key in (("events", "reveal_event"), ("items", "reveal_item")):
            if h[field] and not h[f"shown_{field}"]:
                data[key] = h[field][0]
        return _event("bite", self.dracula, **data)

    def hospital(self, state, by_type, rng, finishing):
        offered = by_type.get("hospital")
        if not offered:
            return None
        choice = rng.choice(offered)
        spaces = choice.field("space").domain.values
        hospitals = [space for space in spaces if space in BOARD.hospitals] or list(spaces)
        return choice.filled({"actor": None, "hunter": choice.field("hunter").domain.values[0],
                              "space": rng.choice(hospitals)})

    # -- hideouts, hands -----------------------------------------------------------------------

    def hideout(self, state, by_type, rng, finishing):
        for pid, pending in sorted(state["hideouts"].items()):
            key = (state["tick"], pid, pending["space"], pending["renounced"])
            if key in self.hideouts_seen:
                continue
            self.hideouts_seen.add(key)
            cards = encounters_at(state, pending["space"])
            if not cards:
                continue
            card, roll = cards[0], rng.random()
            if pending["renounced"]:
                return _event("search", pid, encounter=card) if roll < 0.7 else None
            if roll < 0.4:
                return _event("ambush", self.dracula, hunter=pid, encounter=card)
            if roll < 0.5:
                return _event("search", pid, encounter=card)
            if roll < 0.85:
                return _event("renounce", self.dracula, hunter=pid)
        return None

    def keep_revealed(self, state, by_type, rng, finishing):
        for pid in state["hunter_order"]:
            h = state["hunters"][pid]
            if not h["weakened"] or h["defeated"]:
                continue
            for kind, field in (("event", "events"), ("item", "items")):
                if h[field] and not h[f"shown_{field}"]:
                    return _event("reveal_card", pid, kind=kind, card=h[field][0])
        return None

    def tidy(self, state, by_type, rng, finishing):
        for pid in state["hunter_order"]:
            h = state["hunters"][pid]
            for kind, field in (("event", "events"), ("item", "items")):
                if len(h[field]) > HAND_LIMIT:
                    spare = [c for c in h[field] if c not in h[f"shown_{field}"]] or h[field]
                    return _event("discard", pid, kind=kind, card=spare[0])
        if len(state["dracula"]["events"]) > HAND_LIMIT + 1:
            return _event("discard", self.dracula, kind="event", card=state["dracula"]["events"][0])
        return None

    # -- the turns -----------------------------------------------------------------------------

    def dracula_turn(self, state, by_type, rng, finishing):
        if state["time"] != "night" or (state["tick"], self.dracula) in self.acted:
            return None
        if "dracula_move" not in by_type:
            return None
        self.acted.add((state["tick"], self.dracula))
        trail = state["dracula"]["trail"]
        here = trail[0]["space"] if trail else "castle-dracula"
        options = sorted(set(BOARD.roads.get(here, ())) | set(BOARD.sea.get(here, ())))
        recent = {entry["space"] for entry in trail}
        fresh = [s for s in options if s not in recent] or options or ["castle-dracula"]
        space = rng.choice(fresh)
        data = {"space": space}
        if BOARD.kind(space) == "city" and rng.random() < 0.6:
            data["encounter"] = rng.choice(ENCOUNTERS)
        self.pending_influence = finishing and rng.random() < 0.3 or (
            state["dracula"]["influence"] < 10 and rng.random() < 0.05)
        return _event("dracula_move", self.dracula, **data)

    def hunter_turn(self, state, by_type, rng, finishing):
        if self.pending_influence:
            self.pending_influence = False
            return _event("influence", self.dracula, to=min(13, state["dracula"]["influence"] + 1))
        if state["time"] not in ("day", "night"):
            return None
        for pid in state["hunter_order"]:
            if state["hunters"][pid]["defeated"] or (state["tick"], pid) in self.acted:
                continue
            self.acted.add((state["tick"], pid))
            picked = self.action(state, pid, by_type, rng)
            if picked is not None:
                return picked
        return None

    def action(self, state, pid, by_type, rng):
        h = state["hunters"][pid]
        mine = lambda kind: [c for c in by_type.get(kind, ()) if c.may_act(pid)]
        roll = rng.random()
        trains = [c for c in mine("move") if c.event["data"].get("mode") == "rail"]
        if roll < 0.55 and trains and rng.random() < 0.35:
            train = rng.choice(trains)
            return train.filled({"path": train.field("path").domain.sample(rng)})
        if roll < 0.45:
            if not any(c.event["data"].get("mode") != "rail" for c in mine("move")):
                return None
            here = h["space"]
            sea, road = BOARD.sea.get(here, []), BOARD.roads.get(here, [])
            at_sea = BOARD.kind(here) == "sea"
            mode, pool = ("sea", sea) if at_sea or (sea and rng.random() < 0.1) else ("road", road)
            return _event("move", pid, mode=mode, path=[here, rng.choice(pool)]) if pool else None
        if roll < 0.6 and len(h["tickets"]) < 2:
            data = {"white": rng.randint(1, 3)}
            if rng.random() < 0.6:
                data["yellow"] = rng.randint(1, 3)
            return _event("book_ticket", pid, **data)
        if roll < 0.8:
            icon = "hunter" if rng.random() < 0.6 else "dracula"
            draws = [c for c in mine("draw_event") if c.event["data"]["icon"] == icon]
            if draws:
                data = {**rng.choice(draws).event["data"], "card": rng.choice(EVENT_CARDS)}
                if rng.random() < 0.5:
                    data["to"] = pid if icon == "hunter" else ("discard" if state["time"] == "day" else self.dracula)
                return _event("draw_event", pid, **data)
        if roll < 0.9:
            return _event("gain_item", pid, card=rng.choice(ITEM_CARDS))
        return None


def simulate_match(engine, *, seed, players=None, setup=None, max_events=None, min_events=None,
                   interpretation=None):
    """A random legal match as a ``ludoteca.match/1`` document; same seed, same document."""
    players = [dict(p) for p in (players or default_players(4))]
    setup = engine.setup_with_defaults(setup)
    if not setup.get("dracula"):
        setup["dracula"] = players[-1]["id"]
    interpretation = engine.reading(interpretation)
    dracula = setup["dracula"]
    hunters = [p["id"] for p in players if p["id"] != dracula]
    bots = Bots(dracula, hunters, random.Random(seed * 7919 + 1))
    events = play(engine, seed=seed, players=players, setup=setup, strategy=bots,
                  interpretation=interpretation, max_events=max_events, min_events=min_events)
    reading = ", ".join(f"{k}={v}" for k, v in sorted(interpretation.choices.items())
                        if v != engine.point(k).default)
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=events,
        source=f"fury_of_dracula.simulate seed={seed}" + (f" reading: {reading}" if reading else ""),
    )
