"""Seeded bots that play Dylan Dog matches from the engine's legal events, to the end.

The bots sit at a table that keeps what the state never holds: the hidden story cards dealt,
the contents of the four crypts and the order of the nightmare deck, all from
``random.Random`` seeded by the match's seed. A throw is any face at random; a draw is the
choice that matches the card the table turns up. With ``min_events`` the bots stall (they
mostly turn the plane and keep away from the crypts) until that many events exist, then
play to win.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from random import Random

from games.core.choices import Choice, matching_choice
from games.core.engine import default_players
from games.core.points import Interpretation
from games.core.simulate import PlayContext, play
from games.dylan_dog.board import (
    BOARD,
    CATEGORIES,
    CRYPT_NAMES,
    CRYPT_OF_SQUARE,
    ELEMENTS,
    HORROR_CARDS,
    LEADS_TO,
    NIGHTMARE,
    PLANE,
    SHADOW_SQUARES,
    SHADOWS,
    STORY,
    WHITE,
    aligned_access,
    aligned_crypt,
)
from games.dylan_dog.shadow_squares import can_escape, valid_shadow


def simulate(
    engine, *, seed, players=None, setup=None, max_events=None, min_events=None,
    interpretation=None,
) -> dict:
    """A match document of a match the bots play under ``interpretation`` (a reading or its
    choices; the default reading when None); its ``source`` names the reading."""
    rng = Random(seed)
    players = [dict(p) for p in (players or default_players(rng.randint(3, 6)))]
    setup = engine.setup_with_defaults(setup)
    interpretation = engine.reading(interpretation)
    table = Table(Random(seed * 7919 + 17), [p["id"] for p in players])
    events = play(engine, seed=seed, players=players, setup=setup, strategy=table.choose,
                  interpretation=interpretation, max_events=max_events, min_events=min_events)
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=events,
        source=f"games/dylan_dog/simulate.py: seeded bots choosing among the legal events, "
        f"{reading(engine, interpretation)}",
    )


def reading(engine, interpretation: Interpretation) -> str:
    changed = [f"{point}={option}" for point, option in interpretation.choices.items()
               if option != engine.point(point).default]
    return "reading " + ", ".join(changed) if changed else "default reading"


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


def of_type(choices: Sequence[Choice], *types: str) -> list[Choice]:
    return [c for c in choices if c.event["type"] in types]


def values(choice: Choice, field: str) -> list:
    """The values an open field of ``choice`` lists."""
    return list(choice.field(field).domain.values)


class Table:
    """The hidden world of one match and the bots' way of choosing among legal events."""

    def __init__(self, rng: Random, ids: list[str]):
        self.ids = ids
        pool = [("mystery", e) for e in ELEMENTS] + [
            ("horror", h["name"], h["threshold"]) for h in HORROR_CARDS
        ]
        rng.shuffle(pool)
        self.crypts = {name: pool[i * 9 : (i + 1) * 9] for i, name in enumerate(CRYPT_NAMES)}
        self.deck = _nightmare_deck(rng)
        by_kind = {c: [e for e in ELEMENTS if STORY[e]["category"] == c] for c in CATEGORIES}
        for kind in CATEGORIES:
            rng.shuffle(by_kind[kind])
        self.stories = {pid: [by_kind[c][i] for c in CATEGORIES] for i, pid in enumerate(ids)}

    # -- what each player still needs ----------------------------------------------------

    def needs(self, state, pid) -> list[str]:
        held = state["players"][pid]["mystery"]
        return [e for e in self.stories[pid] if e not in held]

    def completes(self, state, pid, card) -> bool:
        return self.needs(state, pid) == [card]

    # -- the strategy ----------------------------------------------------------------------

    def choose(self, state: Mapping, choices: Sequence[Choice], rng: Random,
               context: PlayContext) -> Choice | dict:
        stall = context.stalling
        stories = [c for c in of_type(choices, "story_cards") if c.chance]
        if stories:
            return self.deal_story(stories)
        if state["fight"] is not None:
            return self.fight(state, choices, rng)
        phase = state["turn"]["phase"]
        if phase in ("setup", "before-roll"):
            return self.before_throw(state, choices, rng, stall)
        if phase == "action":
            return self.move(state, choices, rng, stall)
        return self.resolve(state, choices, rng, stall)

    def deal_story(self, stories: list[Choice]) -> dict:
        """The first player without a story draws the one the table dealt them."""
        pid = next(pid for pid in self.ids if any(c.event["actor"] == pid for c in stories))
        dealt = next(c for c in stories if c.event["actor"] == pid)
        return dealt.filled(dict(zip(CATEGORIES, self.stories[pid], strict=True)))

    def fight(self, state, choices, rng) -> Choice:
        fight = state["fight"]
        card = of_type(choices, "play_dylan_dog")
        if card and (fight["threshold"] in ("6", "dylan-dog") or rng.random() < 0.3):
            return card[0]
        return of_type(choices, "roll")[0]

    def before_throw(self, state, choices, rng, stall) -> Choice | dict:
        pid = state["turn"]["player"]
        player = state["players"][pid]
        for symbol in player["shadow"]:
            if valid_shadow(player, symbol) and symbol not in player["shown_shadows"]:
                shown = {"type": "show_shadow", "actor": pid, "data": {"shadow": symbol}}
                if matching_choice(choices, shown) is not None:
                    return shown
        if not stall:
            wanted = self.wanted_exchange(state, pid, choices) if rng.random() < 0.6 else None
            if wanted is not None:
                return wanted
            challenges = [c for c in of_type(choices, "challenge") if c.actor == pid]
            if challenges and rng.random() < 0.5:
                need = set(self.needs(state, pid))
                choice = challenges[0]
                target = max(values(choice, "target"), key=lambda t: len(
                    need & set(state["players"][t]["mystery"])))
                return choice.filled({"target": target, "horror": values(choice, "horror")[0]})
        return of_type(choices, "roll")[0]

    def spare_card(self, state, pid, avoid_for=None) -> str | None:
        player = state["players"][pid]
        spares = [c for c in player["mystery"] if c not in self.stories[pid]
                  and not (avoid_for and self.completes(state, avoid_for, c))]
        spares += [f"shadow:{s}" for s in player["shadow"] if not valid_shadow(player, s)]
        return spares[0] if spares else None

    def wanted_exchange(self, state, pid, choices) -> dict | None:
        for card in self.needs(state, pid):
            holder = next((q for q in self.ids if q != pid
                           and card in state["players"][q]["mystery"]), None)
            if holder is None:
                continue
            spare = self.spare_card(state, pid, avoid_for=holder)
            event = {"type": "exchange", "actor": pid,
                     "data": {"with": holder, "give": [spare] if spare else [],
                              "receive": [card]}}
            if matching_choice(choices, event) is not None:
                return event
        return None

    # -- the move ------------------------------------------------------------------------

    def move(self, state, choices, rng, stall) -> Choice | dict:
        moves = of_type(choices, "move")
        pid = state["turn"]["player"]
        square = state["players"][pid]["square"]
        turns = [c for c in moves if "path" in c.event["data"]]
        if state["players"][pid]["turns"] == 0 or (
            stall and turns and PLANE[square] != "mystery" and rng.random() < 0.75
        ):
            return rng.choice(turns)
        # each place the pawn may end on, with the plane as it will be turned, and the moves
        # that lead there
        ways: dict[tuple[str, int], list[tuple[Choice, dict]]] = {}
        for choice in moves:
            fixed = choice.event["data"]
            paths = [tuple(fixed["path"])] if "path" in fixed else values(choice, "path")
            turned = [fixed["rotation"]] if "rotation" in fixed else values(choice, "rotation")
            for path in paths:
                for rotation in turned:
                    filling = {} if "path" in fixed else {"path": list(path)}
                    if "rotation" not in fixed:
                        filling["rotation"] = rotation
                    end = path[-1] if path else square
                    ways.setdefault((end, rotation), []).append((choice, filling))
        best = max(ways, key=lambda way: self.score(state, pid, way[0],
                                                    (state["rotation"] + way[1]) % 24, rng, stall))
        choice, filling = rng.choice(ways[best])
        return choice.filled(filling)

    def score(self, state, pid, square, rotation, rng, stall) -> float:
        crypts = state["crypts"]
        plane = PLANE[square]
        noise = rng.random() * 8
        if stall:
            return noise - (50 if plane == "mystery" else 0) - (80 if square in CRYPT_OF_SQUARE
                                                               else 0)
        if square in CRYPT_OF_SQUARE:
            return 100 + noise if crypts[CRYPT_OF_SQUARE[square]] > 0 else noise - 20
        if plane == "mystery":
            live = any(crypts[c] > 0 for c in LEADS_TO[square])
            base = 55 if live else 0
            if square in SHADOW_SQUARES and not can_escape(state["players"][pid]):
                base -= 15
            return base + noise + (int(square[-1]) * 6 if square[-1].isdigit() else 0)
        if plane == "nightmare":
            base = 20
            crypt = aligned_crypt(square, rotation)
            if crypt and crypts[crypt] > 0:
                base += 45
            access = aligned_access(square, rotation)
            if access and any(crypts[c] > 0 for c in LEADS_TO[access]):
                base += 25
            return base + noise
        return noise + (0 if square in WHITE else 5)

    # -- after the move ------------------------------------------------------------------

    def resolve(self, state, choices, rng, stall) -> Choice | dict:
        draws = of_type(choices, "nightmare_card")
        if draws:
            return self.draw_nightmare_card(state, draws, rng)
        draws = of_type(choices, "crypt_card")
        if draws:
            return self.draw_crypt_card(state, draws, rng, stall)
        escape = self.shadow_square(state, choices, rng)
        if escape is not None:
            return escape
        places = of_type(choices, "place")
        if places:
            return places[0]
        forfeits = of_type(choices, "forfeit")
        if forfeits:
            return self.forfeit(state, forfeits, rng)
        taken = of_type(choices, "take_dylan_dog")
        if taken:
            return taken[0]
        entries = of_type(choices, "enter_crypt")
        if entries and not stall:
            crypt = next(i["crypt"] for i in state["pending"] if i["kind"] == "crypt-entry")
            if state["crypts"][crypt] > 0:
                return entries[0]
        forced = self.forced_exchange(state, choices, stall)
        if forced is not None:
            return forced
        ending = of_type(choices, "end_turn")
        return ending[0] if ending else rng.choice(list(choices))

    def draw_nightmare_card(self, state, draws, rng) -> dict:
        card = self.deck.popleft()
        if card["kind"] != "shadow":
            self.deck.append(card)
        kind = [c for c in draws if c.event["data"]["kind"] == card["kind"]]
        fitting = [c for c in kind if c.event["data"].get("crypt", card.get("crypt"))
                   == card.get("crypt")]
        choice = rng.choice(fitting)
        filling = {"text": card["text"]}
        for field in choice.open_fields:
            if field in card:
                filling[field] = card[field]
            elif field == "square":
                if choice.field("square").optional and rng.random() < 0.5:
                    continue
                squares = values(choice, "square")
                if card["kind"] in ("move-self", "move-other"):
                    squares = WHITE if card["kind"] == "move-other" else NIGHTMARE
                filling["square"] = rng.choice(squares)
            elif field == "target":
                filling["target"] = rng.choice(values(choice, "target"))
        return choice.filled(filling)

    def draw_crypt_card(self, state, draws, rng, stall) -> dict:
        pid = draws[0].event["actor"]
        crypt = next(i["crypt"] for i in state["pending"]
                     if i["kind"] == "crypt-draw" and i["player"] == pid)
        cards = self.crypts[crypt]
        indexes = list(range(len(cards)))
        if stall:
            safe = [i for i in indexes
                    if not (cards[i][0] == "mystery" and self.completes(state, pid, cards[i][1]))]
            indexes = safe or indexes
        card = cards.pop(rng.choice(indexes))
        if card[0] == "mystery":
            return {"type": "crypt_card", "actor": pid,
                    "data": {"kind": "mystery", "crypt": crypt, "element": card[1]}}
        return {"type": "crypt_card", "actor": pid,
                "data": {"kind": "horror", "crypt": crypt, "name": card[1],
                         "threshold": card[2]}}

    def shadow_square(self, state, choices, rng) -> Choice | dict | None:
        shadows = of_type(choices, "play_shadow")
        cards = [c for c in of_type(choices, "play_dylan_dog")
                 if c.event["data"]["use"] == "shadow"]
        if cards and (not shadows or rng.random() < 0.5):
            return cards[0]
        if shadows:
            played = shadows[0]
            symbol = values(played, "shadow")[0]
            self.deck.append({"kind": "shadow", "shadow": symbol,
                              "text": "Shadow card (carta-ombra), two for each shadow"})
            return played.filled({"shadow": symbol})
        caught = of_type(choices, "accept_trap")
        return caught[0] if caught else None

    def forfeit(self, state, forfeits, rng) -> dict:
        choice = forfeits[0]
        pending = next(i for i in state["pending"] if i["kind"] == "forfeit")
        cards = values(choice, "card")
        if pending["to"] == "crypt":
            spare = [c for c in cards if c not in self.stories[pending["player"]]]
            card = rng.choice(spare or cards)
            self.crypts[pending["crypt"]].append(("mystery", card))
            filling = {"card": card}
            if rng.random() < 0.5:
                filling["crypt"] = pending["crypt"]
            return choice.filled(filling)
        wanted = [c for c in cards if c in self.stories[pending["to"]]]
        return choice.filled({"card": (wanted or cards)[0]})

    def forced_exchange(self, state, choices, stall) -> dict | None:
        forced = [c for c in of_type(choices, "exchange") if c.event["data"].get("forced")]
        if not forced:
            return None
        pid = forced[0].event["actor"]
        mine = state["players"][pid]
        give = self.spare_card(state, pid) or (
            f"shadow:{mine['shadow'][0]}" if mine["shadow"] else None)
        if give is None and mine["dylan_dog"] > 0:
            give = "dylan-dog"
        if give is None:
            return None
        candidates = []
        for card in [] if stall else self.needs(state, pid):
            candidates += [(q, card) for q in self.ids
                           if q != pid and card in state["players"][q]["mystery"]]
        for q in self.ids:
            theirs = state["players"][q]["mystery"]
            if q != pid and theirs and not self.completes(state, pid, theirs[0]) and (
                    stall or not self.completes(state, q, give)):
                candidates.append((q, theirs[0]))
        for q, card in candidates:
            if give in STORY and self.completes(state, q, give):
                continue
            event = {"type": "exchange", "actor": pid,
                     "data": {"with": q, "give": [give], "receive": [card], "forced": True}}
            if matching_choice(forced, event) is not None:
                return event
        return None
