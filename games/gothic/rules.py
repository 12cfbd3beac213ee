"""The Gothic Game rule engine (slug ``gothic``): stamina, moves by die, rooms and their cards,
the Power of Adjacency, the coloured squares, the moat, the Vault and the Vampire, the Great
Spiral Staircase, the Tower and the Lavatory. Each handler names the passage it implements.

Illegal events are skipped: the state stays as it was, a ``violation`` flag names the rule,
and the replay waits for the event the rules expected (README, "After an illegal event").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from games.core.engine import Engine, Outcome, Step
from games.core.events import EventSpec, Field
from games.core.points import Interpretation
from games.core.referee import Referee
from games.gothic import points as P
from games.gothic import state as S
from games.gothic.movement import check_path, legal_paths, occupants
from games.gothic.state import (
    ALL_PLACES,
    CARD_KINDS,
    GREEN_SQUARES,
    LAVATORY,
    MOAT,
    PILE_MEMORY,
    PILE_ROOMS,
    ROOMS,
    SOUTH_GATE,
    SQUARE_ADJ,
    SQUARES,
    STAIRCASE,
    STAIRCASE_STEPS,
    TOWER,
    TOWER_BELOW,
    VAULT,
    WEAPON_KINDS,
    WEAPON_ROOMS,
    WEST_GATE,
    new_go,
)

BITE = 20
MOAT_FALL = 10
MOAT_GO = 5
VAMPIRE_DRAUGHT = 20

_target = Field("str", description="the player id of the victim")
_card = Field("str", description="the card's name as recorded when it was drawn")

EVENT_SPECS = (
    EventSpec(
        "throw",
        "A throw of the die, as seen at the table.",
        {
            "value": Field("int", low=1, high=6, description="the face thrown"),
        },
    ),
    EventSpec(
        "move",
        "The pawn's walk for the throw, square by square (not the start).",
        {
            "path": Field(
                "list[str]",
                min_items=1,
                max_items=12,
                choices=ALL_PLACES,
                description="squares/room entered, in order",
            ),
        },
    ),
    EventSpec("miss_turn", "The mover's throw is blocked: the turn is missed."),
    EventSpec(
        "stay", "The player stays put this go (forcibly detained, in the Tower, or the Lavatory)."
    ),
    EventSpec("end_turn", "The player ends the go (declining a second throw or any other option)."),
    EventSpec(
        "draw",
        "The top card of the room's pile, as the collector read it.",
        {
            "room": Field("str", choices=PILE_ROOMS),
            "card": Field("str", description="the card's printed name"),
            "stamina": Field(
                "int",
                required=False,
                low=-100,
                high=100,
                description="stamina gained (+) or lost (-) by obeying the card",
            ),
            "number": Field(
                "int",
                required=False,
                low=1,
                high=100,
                description="the number in the top left-hand corner, if any",
            ),
            "numbered": Field(
                "bool",
                required=False,
                description="a corner number is printed but could not be read",
            ),
            "kind": Field("str", required=False, choices=CARD_KINDS),
            "deadly": Field("bool", required=False, description="the card kills (the Iron Maiden)"),
            "detain": Field(
                "int",
                required=False,
                low=0,
                high=12,
                description="goes the card detains the player in the room",
            ),
        },
    ),
    EventSpec(
        "return_card",
        "A card no longer needed is shown and put under its room's pile.",
        {"card": _card},
    ),
    EventSpec("trade", "A numbered card traded in for stamina.", {"card": _card}),
    EventSpec(
        "passage",
        "From a green square through the secret passages to another.",
        {
            "to": Field("str", choices=GREEN_SQUARES),
        },
    ),
    EventSpec(
        "attack",
        "Power of Adjacency: a weapon used on the player next to you.",
        {
            "target": _target,
            "weapon": _card,
            "take": Field(
                "list[str]",
                required=False,
                max_items=30,
                description="cards taken from the body after a kill",
            ),
        },
    ),
    EventSpec(
        "control", "Power of Adjacency: you control the victim's next move.", {"target": _target}
    ),
    EventSpec(
        "give",
        "Power of Adjacency: something unpleasant from a card (an asp, a wet rat).",
        {
            "target": _target,
            "card": _card,
            "loss": Field("int", low=0, high=100, description="stamina the victim loses"),
        },
    ),
    EventSpec("stake", "A stake driven through a Vampire's heart.", {"target": _target}),
    EventSpec(
        "oil",
        "Boiling oil poured from the Tower.",
        {
            "target": Field(
                "str", required=False, description="the victim (all victims under 'everyone')"
            ),
        },
    ),
    EventSpec(
        "blow_pipe", "The Blow pipe used from the Tower.", {"target": _target, "card": _card}
    ),
    EventSpec(
        "staircase",
        "After a six on the Great Spiral Staircase: the direction of the six and its second throw.",
        {"direction": Field("str", choices=("up", "down"))},
    ),
)


class Work:
    """A copy-on-write view of the state for one event: only what changes is copied."""

    __slots__ = ("copied", "go_copied", "s")

    def __init__(self, state: dict) -> None:
        self.s = dict(state)
        self.s["players"] = dict(state["players"])
        self.copied: set = set()
        self.go_copied = False

    def p(self, pid: str) -> dict:
        if pid not in self.copied:
            self.s["players"][pid] = dict(self.s["players"][pid])
            self.copied.add(pid)
        return self.s["players"][pid]

    def go(self) -> dict:
        if not self.go_copied:
            self.s["go"] = dict(self.s["go"])
            self.go_copied = True
        return self.s["go"]


def _name(state, pid) -> str:
    player = state["players"].get(pid)
    return player["name"] if player else str(pid)


def _place(node) -> str:
    if node in ROOMS:
        return f"the {ROOMS[node]['name']}"
    if node in S.GATES:
        return f"outside the {S.GATES[node]['name']}"
    if node == MOAT:
        return "the moat"
    return str(node)


# -- bookkeeping shared by the handlers -------------------------------------------------------


def _return_card(w: Work, ref, card: dict) -> None:
    """gothic/rooms: "returned to the bottom of the pile in the room from which it came"."""
    room = card["room"]
    piles = dict(w.s["piles"])
    pile = [*piles.get(room, []), card["name"]]
    piles[room] = pile[-PILE_MEMORY:]
    w.s["piles"] = piles
    ref.effect("card-returned", card=card["name"], room=room)


def _take_card(w: Work, pid: str, name: str, fits=None) -> dict | None:
    """Remove and return the first card of that name (that ``fits``, if given) from a hand."""
    for i, card in enumerate(w.s["players"][pid]["cards"]):
        if card["name"] == name and (fits is None or fits(card)):
            player = w.p(pid)
            player["cards"] = player["cards"][:i] + player["cards"][i + 1 :]
            return card
    return None


def _held(state, pid, name, fits=None) -> dict | None:
    for card in state["players"][pid]["cards"]:
        if card["name"] == name and (fits is None or fits(card)):
            return card
    return None


def _is_weapon(card) -> bool:
    return card["kind"] in WEAPON_KINDS


def _is_numbered(card) -> bool:
    return card["number"] is not None or card["numbered"]


def _card_value(card, ref) -> int:
    if card["number"] is not None:
        return card["number"]
    option = ref.consult(P.CIRCLED_CARD_NUMBER, f"the corner number of {card['name']} was not read")
    return {"six": 6, "five": 5, "eight": 8}[option]


def _stamina(w: Work, ref, pid: str, delta: int, reason: str) -> None:
    """gothic/stamina: every change is logged as an effect; stamina never goes below 0."""
    player = w.p(pid)
    if player["status"] != "alive" or delta == 0:
        return
    before = player["stamina"]
    if before + delta <= 0:
        numbered = [c for c in player["cards"] if c["number"] is not None or c["numbered"]]
        if (
            numbered
            and ref.consult(P.TRADE_AT_DEATH, f"{player['name']} would have no stamina left")
            == "trade-first"
        ):
            values = sorted(((_card_value(c, ref), c["name"]) for c in numbered), reverse=True)
            need, chosen = -(before + delta) + 1, []
            for value, name in values:
                if need <= 0:
                    break
                chosen.append(name)
                need -= value
            if need <= 0:
                for name in chosen:
                    _trade(w, ref, pid, _take_card(w, pid, name))
                before = player["stamina"]
    after = max(0, before + delta)
    player["stamina"] = after
    ref.effect(
        "stamina", player=pid, before=before, change=after - before, after=after, reason=reason
    )
    if after == 0:
        _eliminate(w, ref, pid, "dead", "no stamina left")


def _trade(w: Work, ref, pid: str, card: dict) -> None:
    ref.uncertain(
        P.CITE_TRADE, f"{card['name']} traded in: the card number rests on a legibility note"
    )
    value = _card_value(card, ref)
    player = w.p(pid)
    before = player["stamina"]
    player["stamina"] = before + value
    ref.effect(
        "stamina",
        player=pid,
        before=before,
        change=value,
        after=before + value,
        reason=f"traded {card['name']}",
    )
    _return_card(w, ref, card)


def _eliminate(w: Work, ref, pid: str, status: str, cause: str) -> None:
    """gothic/stamina: "This is a game of elimination." Cards go back under their piles."""
    player = w.p(pid)
    if player["status"] != "alive":
        return
    for card in player["cards"]:
        _return_card(w, ref, card)
    was_vampire = player["vampire"] is not None
    player.update(
        status=status,
        cause=cause,
        at=None,
        depth=None,
        cards=[],
        vampire=None,
        held_by=None,
        controlled_by=None,
    )
    ref.effect("eliminated", player=pid, status=status, cause=cause)
    for other, data in w.s["players"].items():  # a dead player controls no one
        if data["controlled_by"] == pid or (
            data["held_by"] is not None and data["held_by"]["by"] == pid
        ):
            w.p(other).update(controlled_by=None, held_by=None)
    if was_vampire or w.s["dracula"] == pid:
        w.s["dracula"] = None
        ref.effect("dracula", to="coffin")
    _check_end(w, ref)


def _check_end(w: Work, ref) -> None:
    """gothic/play: "The only survivor is the winner of the game." """
    if w.s["stage"] == "over":
        return
    alive = [pid for pid in w.s["seats"] if w.s["players"][pid]["status"] == "alive"]
    if len(alive) > 1:
        return
    w.s["stage"] = "over"
    w.s["actor"] = None
    w.s["interrupt"] = None
    w.s["winner"] = alive[0] if alive else None
    w.s["reason"] = f"{_name(w.s, alive[0])} is the only survivor" if alive else "no one survived"
    if (
        ref.consult(P.GOOD_LUCK, "the game ends; the booklet's last section is empty")
        == "lost-text"
    ):
        ref.uncertain(
            P.CITE_GOOD_LUCK, "the end of the game: the booklet's last section has no text"
        )
    ref.effect("game-over", winner=w.s["winner"])


def _bite(w: Work, ref, pid: str) -> None:
    """gothic/the-vault: "losing 20 stamina points ... you become a Vampire". The goes are
    counted from the next one ("for the next 6 goes"): ``fresh`` marks the go of the bite."""
    _stamina(w, ref, pid, -BITE, "bitten by Dracula in the Vault")
    player = w.p(pid)
    if player["status"] == "alive":
        player["vampire"] = {"goes": 0, "kills": 0, "fresh": pid == w.s["turn"]}
        player["held_by"] = None
        player["controlled_by"] = None
        w.s["dracula"] = pid
        ref.effect("vampire", player=pid)


def _enter_vault(w: Work, ref, pid: str) -> None:
    player = w.s["players"][pid]
    if player["vampire"] is not None:
        _vampire_returns(w, ref, pid)
    elif w.s["dracula"] is None:
        _bite(w, ref, pid)


def _vampire_returns(w: Work, ref, pid: str) -> None:
    """gothic/the-vault: "the black Dracula pawn is replaced in his coffin"."""
    w.p(pid)["vampire"] = None
    w.s["dracula"] = None
    ref.effect("dracula", to="coffin", cured=pid)
    others = [
        o
        for o in w.s["seats"]
        if o != pid and w.s["players"][o]["status"] == "alive" and w.s["players"][o]["at"] == VAULT
    ]
    if others:
        option = ref.consult(
            P.DRACULA_RETURNS_OCCUPIED, "Dracula returns while a player is in the Vault"
        )
        for i, other in enumerate(others):
            if option == "falls-prey" and i == 0:
                _bite(w, ref, other)
            else:
                _stamina(w, ref, other, -BITE, "caught in the Vault as Dracula returns")


def _fall_in_moat(w: Work, ref, pid: str) -> bool:
    """gothic/the-moat: "When you fall in the moat you lose 10 stamina points." Ends the go."""
    player = w.p(pid)
    player["at"] = MOAT
    ref.effect("moat", player=pid)
    _stamina(w, ref, pid, -MOAT_FALL, "fell in the moat")
    return True


def _land(w: Work, ref, pid: str, node: str) -> str:
    """The laws of the square or room landed on. Returns "act", "draw" or "end" (the go ends)."""
    player = w.s["players"][pid]
    if node in ROOMS:
        if node == VAULT:
            _enter_vault(w, ref, pid)
            return "act"
        if node == STAIRCASE:
            w.p(pid)["depth"] = 0
            return "act"
        if node == TOWER:
            if not player["oil_used"]:
                w.go()["tower"] = True
            return "act"
        return "draw" if ROOMS[node]["pile"] else "act"
    if player["vampire"] is not None:
        return "act"  # gothic/the-vault: vampires ignore arrows, red, green and the Oubliette
    kind = SQUARES[node]["kind"]
    if kind == "yellow":
        target = SQUARES[node]["arrow_to"]
        if occupants(w.s).get(target) not in (None, pid):
            ref.effect("arrow-blocked", player=pid, square=node)
            return "act"
        w.p(pid)["at"] = target
        ref.effect("arrow", player=pid, to=target)
        node, kind = target, SQUARES[target]["kind"]
    if kind == "green":
        w.go()["green"] = True
    elif kind == "oubliette":
        _eliminate(w, ref, pid, "out", "fell into the Oubliette")
        return "end"
    elif kind == "red":
        _fall_in_moat(w, ref, pid)
        return "end"
    return "act"


def _begin_go(w: Work, pid: str) -> None:
    w.s["turn"] = pid
    w.s["actor"] = pid
    w.s["stage"] = "throw"
    w.s["throw"] = None
    w.s["go"] = new_go()
    w.go_copied = True
    w.s["goes"] = w.s["goes"] + 1


def _end_go(w: Work, ref) -> None:
    """The go of the player whose turn it is ends: count a Vampire's goes, then the next seat."""
    if w.s["stage"] == "over":
        return
    if w.s["interrupt"] is not None:
        _end_interrupt(w, ref)
        return
    pid = w.s["turn"]
    player = w.s["players"][pid]
    if player["status"] == "alive":
        if player["held_by"] is not None or player["controlled_by"] is not None:
            w.p(pid).update(held_by=None, controlled_by=None)
        if player["vampire"] is not None:
            vampire = dict(player["vampire"])
            if vampire["fresh"]:
                vampire["fresh"] = False
            else:
                vampire["goes"] += 1
            w.p(pid)["vampire"] = vampire
            _dawn_check(w, ref, pid)
    if w.s["stage"] == "over":
        return
    seats = w.s["seats"]
    start = seats.index(pid)
    for k in range(1, len(seats) + 1):
        nxt = seats[(start + k) % len(seats)]
        if w.s["players"][nxt]["status"] == "alive":
            _begin_go(w, nxt)
            return


def _dawn_check(w: Work, ref, pid: str) -> None:
    """gothic/the-vault: "If not, the sun rises and you wither away and die." """
    vampire = w.s["players"][pid]["vampire"]
    extra = 2 * vampire["kills"]
    if vampire["goes"] < 6 + extra:
        return
    option = ref.consult(
        P.VAMPIRE_GOES, f"Vampire {_name(w.s, pid)} has had {vampire['goes']} goes"
    )
    limit = (6 if option == "return-on-sixth" else 7) + extra
    if vampire["goes"] >= limit:
        _eliminate(w, ref, pid, "dead", "the sun rose before the Vampire reached the Vault")


def _end_interrupt(w: Work, ref) -> None:
    intr = w.s["interrupt"]
    w.s["interrupt"] = None
    w.s["go"] = intr["go"]
    w.go_copied = True
    w.s["throw"] = None
    w.s["stage"] = "act"
    w.s["actor"] = intr["controller"]
    ref.effect("control-over", player=intr["victim"])


def _finalize(w: Work, ref) -> None:
    """After an event: a dead mover's go ends; a finished control gives the go back."""
    if w.s["stage"] == "over":
        return
    intr = w.s["interrupt"]
    if intr is not None:
        if w.s["players"][intr["controller"]]["status"] != "alive":
            w.s["interrupt"] = None
            w.s["actor"] = w.s["turn"]
        elif w.s["players"][intr["victim"]]["status"] != "alive" or w.s["stage"] == "act":
            _end_interrupt(w, ref)  # the victim's controlled move is over
    turn = w.s["turn"]
    if turn is not None and w.s["players"][turn]["status"] != "alive":
        _end_go(w, ref)


def _adjacent(state, a: str, b: str) -> bool:
    pa, pb = state["players"][a]["at"], state["players"][b]["at"]
    return pa in SQUARE_ADJ and pb in SQUARE_ADJ[pa]


# -- the engine ---------------------------------------------------------------------------------


class GothicEngine(Engine):
    slug = "gothic"
    name = "The Gothic Game"
    version = "1"
    package_dir = Path(__file__).parent
    points = P.POINTS
    event_specs = EVENT_SPECS
    default_setup = {"stamina": 100}
    out_of_scope = (
        "the cards themselves: never listed by the text, recorded as read; the pile order is not checked",
        "which player keeps the tally (no seat is modelled as the scorer)",
        "the order of several players in one room",
        "chat and table talk",
    )
    min_players = 2
    max_players = 6

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping, board=None
    ) -> dict:
        """gothic/preparation and gothic/stamina: everyone outside the West Gate with 100
        stamina, Dracula in his coffin. ``board`` is ignored: the castle is ``board.json``."""
        return S.initial_state(players, self.setup_with_defaults(setup))

    def outcome(self, state: Mapping) -> Outcome:
        out = tuple(pid for pid in state["seats"] if state["players"][pid]["status"] != "alive")
        finished = state["stage"] == "over"
        return Outcome(
            finished=finished,
            winner=state["winner"] if finished else None,
            eliminated=out,
            reason=state["reason"],
        )

    def view(self, state: Mapping, viewer: str | None) -> dict:
        """gothic/rooms: "You are not obliged to declare this card": others see a count."""
        if viewer is None:
            return dict(state)
        players = {}
        for pid, player in state["players"].items():
            if pid == viewer:
                players[pid] = player
            else:
                players[pid] = {**player, "cards": [{"hidden": True} for _ in player["cards"]]}
        return {**state, "players": players}

    def simulate(
        self, *, seed: int, players=None, setup=None, max_events=None, min_events=None
    ) -> dict:
        from games.gothic.simulate import simulate_match

        return simulate_match(
            self,
            seed=seed,
            players=players,
            setup=setup,
            max_events=max_events,
            min_events=min_events,
        )

    # -- apply ---------------------------------------------------------------------------------

    def apply_game_event(self, state: dict, event: Mapping, interpretation: Interpretation) -> Step:
        ref = Referee(interpretation)
        kind = event["type"]
        actor = event.get("actor")
        data = event.get("data") or {}
        if state["stage"] == "over":
            ref.violation(
                "gothic/play",
                f"the game is over; {kind} by {_name(state, actor)} comes after the end",
            )
            return ref.step(state, f"{kind} after the end of the game (ignored)")
        if actor not in state["players"]:
            ref.violation("gothic/preparation", f"{actor!r} is not a player of this match")
            return ref.step(state, f"{kind} by an unknown player (ignored)")
        if state["players"][actor]["status"] != "alive":
            ref.violation(
                "gothic/stamina", f"{_name(state, actor)} is out of the game and cannot act"
            )
            return ref.step(state, f"{_name(state, actor)} is out of the game (ignored)")
        handler = getattr(self, "_on_" + kind)
        w = Work(state)
        summary = handler(w, ref, actor, data)
        if summary is None:  # refused: the state is unchanged
            return ref.step(state, f"{kind} by {_name(state, actor)} ignored")
        _finalize(w, ref)
        return ref.step(w.s, summary)

    def _turn_check(self, w: Work, ref, actor, stages, what) -> bool:
        s = w.s
        if s["stage"] not in stages:
            ref.violation(
                "gothic/moves",
                f"{_name(s, actor)} cannot {what} now (the game awaits: {s['stage']})",
            )
            return False
        if s["actor"] != actor:
            ref.violation(
                "gothic/moves", f"it is {_name(s, s['actor'])}'s go, not {_name(s, actor)}'s"
            )
            return False
        return True

    # gothic/preparation, gothic/moves, gothic/the-moat, gothic/the-great-spiral-staircase
    def _on_throw(self, w: Work, ref, actor, data):
        s, value = w.s, data["value"]
        name = _name(s, actor)
        if s["stage"] == "order":
            return self._order_throw(w, ref, actor, value)
        if s["stage"] == "act" and s["actor"] == actor:
            return self._second_throw(w, ref, actor, value)
        if not self._turn_check(w, ref, actor, ("throw",), "throw"):
            return None
        player = s["players"][actor]
        if (
            player["at"] == TOWER
            and ref.consult(P.TOWER_LEAVE, f"{name} throws in the Tower") == "never-leave"
        ):
            ref.violation("gothic/the-tower", f"{name} may not leave the Tower; the go is a stay")
            return None
        if player["at"] == MOAT:
            return self._moat_throw(w, ref, actor, value)
        if player["depth"] is not None:
            return self._stairs_throw(w, ref, actor, value, None)
        if player["detained"] > 0 and player["at"] in ROOMS:
            ref.violation("gothic/rooms", f"{name} is detained in {_place(player['at'])} by a card")
            return None
        s["throw"] = value
        s["stage"] = "move"
        w.go()["six"] = value == 6
        ref.effect("throw", player=actor, value=value)
        return f"{name} throws a {value}"

    def _order_throw(self, w: Work, ref, actor, value):
        s, name = w.s, _name(w.s, actor)
        if actor not in s["contenders"] or actor in s["order_throws"]:
            ref.violation(
                "gothic/preparation", f"{name} has no throw due to decide who enters first"
            )
            return None
        throws = {**s["order_throws"], actor: value}
        s["order_throws"] = throws
        ref.effect("throw", player=actor, value=value)
        if len(throws) < len(s["contenders"]):
            return f"{name} throws a {value} to decide who enters first"
        top = max(throws.values())
        tied = [pid for pid in s["seats"] if throws.get(pid) == top]
        if (
            len(tied) > 1
            and ref.consult(P.ENTRY_TIES, f"{len(tied)} players tie with {top}") == "rethrow-tied"
        ):
            s["contenders"] = tied
            s["order_throws"] = {}
            return (
                f"{name} throws a {value}; " + ", ".join(_name(s, t) for t in tied) + " throw again"
            )
        first = tied[0]
        s["contenders"] = []
        s["order_throws"] = {}
        s["goes"] = 0
        _begin_go(w, first)
        return f"{name} throws a {value}; {_name(s, first)} enters first"

    def _second_throw(self, w: Work, ref, actor, value):
        """gothic/moves: "An optional second throw is granted if you throw a six." A Vampire's
        second throw of its go (gothic/the-vault: "two throws of the die for each go")."""
        s, go, name = w.s, w.s["go"], _name(w.s, actor)
        player = s["players"][actor]
        if s["interrupt"] is not None:
            ref.violation(
                "gothic/adjacency",
                f"{name} is being moved by another player and has no second throw",
            )
            return None
        if player["vampire"] is not None:
            if go["segment"] != 1:
                ref.violation("gothic/the-vault", f"Vampire {name} has had both throws of this go")
                return None
            w.go()["segment"] = 2
            w.go()["six"] = False
            s["throw"], s["stage"] = value, "move"
            ref.effect("throw", player=actor, value=value)
            return f"Vampire {name} throws a {value} (second throw)"
        if not go["six"]:
            ref.violation("gothic/moves", f"{name} did not throw a six and has no second throw")
            return None
        if player["at"] in ROOMS and player["depth"] is None:
            ref.violation(
                "gothic/rooms", f"{name} is inside {_place(player['at'])} and may go no further"
            )
            return None
        if (
            go["bonus"] >= 1
            and ref.consult(P.SIX_CHAIN, f"{name} threw another six") == "one-extra"
        ):
            ref.violation("gothic/moves", f"{name} has already taken the second throw of this go")
            return None
        g = w.go()
        g["bonus"] += 1
        g["six"] = value == 6
        g["power"] = False
        if player["depth"] is not None:
            return self._stairs_throw(w, ref, actor, value, go["stairs"])
        s["throw"], s["stage"] = value, "move"
        ref.effect("throw", player=actor, value=value)
        return f"{name} throws a {value} (second throw)"

    def _moat_throw(self, w: Work, ref, actor, value):
        """gothic/the-moat: 4, 5 or 6 climbs out; otherwise a further 5 points each go."""
        name = _name(w.s, actor)
        ref.effect("throw", player=actor, value=value)
        player = w.p(actor)
        if value == 6:
            player["at"] = WEST_GATE
            w.s["stage"] = "throw"
            w.go()["bonus"] = 1  # "enter with your second throw"
            return f"{name} throws a 6, climbs out of the moat and waits outside the West Gate"
        if value == 5:
            player["at"] = SOUTH_GATE
            _end_go(w, ref)
            return f"{name} throws a 5 and waits outside the South Gate"
        if value == 4:
            player["at"] = VAULT
            ref.effect("grating", player=actor)
            _enter_vault(w, ref, actor)
            _end_go(w, ref)
            return f"{name} throws a 4 and the rusty grating leads into the Vault"
        _stamina(w, ref, actor, -MOAT_GO, "floundering in the moat")
        _end_go(w, ref)
        return f"{name} throws a {value} and flounders in the moat"

    def _stairs_throw(self, w: Work, ref, actor, value, direction):
        """gothic/the-great-spiral-staircase: down, unless a six (and its second throw) go up."""
        name = _name(w.s, actor)
        ref.effect("throw", player=actor, value=value)
        if direction is None and value == 6:
            w.s["throw"] = 6
            w.s["stage"] = "stairs"
            return f"{name} throws a 6 on the Great Spiral Staircase"
        self._stairs_step(w, ref, actor, value, direction or "down")
        if w.s["stage"] != "over" and w.s["players"][actor]["status"] == "alive":
            if direction is None:
                _end_go(w, ref)
            else:
                w.s["stage"] = "act"
                w.s["throw"] = None
        return f"{name} throws a {value} on the Great Spiral Staircase"

    def _stairs_step(self, w: Work, ref, actor, value, direction):
        player = w.p(actor)
        if direction == "up":
            depth = player["depth"] - value
            if depth < 0:
                door = ROOMS[STAIRCASE]["doors"][0]
                if occupants(w.s).get(door) is None:
                    player["at"], player["depth"] = door, None
                    ref.effect("staircase", player=actor, to=door)
                    return
                depth = 0
            player["depth"] = depth
            ref.effect("staircase", player=actor, depth=depth)
            return
        depth = player["depth"] + value
        if depth >= STAIRCASE_STEPS:
            ref.uncertain(
                P.CITE_STAIRCASE_BOTTOM,
                f"{player['name']} reaches the bottom of the Great Spiral Staircase",
            )
            option = ref.consult(P.SPIRAL_STAIRCASE_BOTTOM, f"{player['name']} reaches the bottom")
            if option == "out-of-the-game":
                _eliminate(
                    w,
                    ref,
                    actor,
                    "out",
                    "never returned from the bottom of the Great Spiral Staircase",
                )
                return
            depth = STAIRCASE_STEPS
        player["depth"] = depth
        ref.effect("staircase", player=actor, depth=depth)

    def _on_staircase(self, w: Work, ref, actor, data):
        if not self._turn_check(w, ref, actor, ("stairs",), "choose a direction on the staircase"):
            return None
        direction = data["direction"]
        w.go()["stairs"] = direction
        w.go()["six"] = True
        self._stairs_step(w, ref, actor, 6, direction)
        if w.s["stage"] == "stairs":
            w.s["stage"] = "act"
            w.s["throw"] = None
        return f"{_name(w.s, actor)} counts the six {direction} the Great Spiral Staircase"

    # gothic/moves, gothic/rooms, gothic/squares, gothic/the-vault
    def _on_move(self, w: Work, ref, actor, data):
        s = w.s
        mover = s["actor"]
        if s["stage"] != "move":
            ref.violation(
                "gothic/moves", f"{_name(s, actor)} cannot move now (the game awaits: {s['stage']})"
            )
            return None
        directed = None
        if actor != mover:
            ctl = s["players"][mover]["controlled_by"]
            intr = s["interrupt"]
            if (intr is not None and intr["controller"] == actor) or (
                ctl == actor and s["go"]["bonus"] == 0 and s["go"]["segment"] == 1
            ):
                directed = actor
            else:
                ref.violation(
                    "gothic/moves", f"it is {_name(s, mover)}'s move, not {_name(s, actor)}'s"
                )
                return None
        path = data["path"]
        problem, rule, passed = check_path(s, mover, path, s["throw"], ref)
        if problem is not None:
            ref.violation(rule, f"{_name(s, mover)} cannot move so: {problem}")
            return None
        player = w.p(mover)
        last = path[-1]
        player["at"] = last
        player["depth"] = None
        if player["controlled_by"] is not None and s["interrupt"] is None:
            player["controlled_by"] = None  # the controlled move is spent
        g = w.go()
        g.update(moved=True, power=False, green=False, tower=False, passed=passed)
        s["throw"] = None
        ref.effect("move", player=mover, path=list(path), directed_by=directed)
        name = _name(s, mover)
        summary = f"{name} moves to {_place(last)}" + (
            f", directed by {_name(s, directed)}" if directed else ""
        )
        if player["vampire"] is not None and passed:
            summary += self._vampire_kills(w, ref, mover, passed)
        result = _land(w, ref, mover, last)
        if s["stage"] == "over":
            return summary
        if result == "end":
            _end_go(w, ref)
        elif result == "draw":
            s["stage"] = "draw"
        else:
            s["stage"] = "act"
        return summary

    def _vampire_kills(self, w: Work, ref, pid, passed) -> str:
        """gothic/the-vault: "kill any other player simply by passing them in the corridor"."""
        names = []
        for victim in passed:
            if w.s["players"][victim]["status"] != "alive":
                continue
            if w.s["players"][victim]["vampire"] is not None:
                continue
            names.append(_name(w.s, victim))
            _eliminate(w, ref, victim, "dead", f"killed by the Vampire {_name(w.s, pid)}")
            if (
                w.s["players"][pid]["status"] == "alive"
                and w.s["players"][pid]["vampire"] is not None
            ):
                vampire = dict(w.s["players"][pid]["vampire"])
                vampire["kills"] += 1
                w.p(pid)["vampire"] = vampire
                _stamina(w, ref, pid, VAMPIRE_DRAUGHT, "a draught of the victim's blood")
        return f"; the Vampire kills {', '.join(names)}" if names else ""

    def _on_miss_turn(self, w: Work, ref, actor, data):
        """gothic/moves: "you must move in another direction or miss your turn"."""
        s = w.s
        if not self._turn_check(w, ref, actor, ("move",), "miss the turn"):
            return None
        mover = s["actor"]
        name = _name(s, mover)
        chooses = ref.consult(P.BLOCKED_CHOICE, f"{name} misses the turn") == "player-chooses"
        options = {
            "double_back": ref.consult(P.DOUBLE_BACK, "which moves the throw allows"),
            "pass_occupied": ref.consult(P.PASS_OCCUPIED, "which moves the throw allows"),
        }
        if s["players"][mover]["vampire"] is not None:
            options["vampire_goes"] = ref.consult(P.VAMPIRE_GOES, "whether the Vault is open")
        if s["players"][mover]["at"] == TOWER:
            options["tower_leave"] = ref.consult(P.TOWER_LEAVE, "whether the Tower may be left")
        legal = legal_paths(s, mover, s["throw"], **options, limit=1)
        blocked = not legal
        if not blocked and chooses:
            blocked = self._throw_lands_on_player(s, mover, s["throw"])
        if not blocked:
            ref.violation(
                "gothic/moves", f"{name} is not blocked: a throw of {s['throw']} can be moved"
            )
            return None
        ref.effect("miss-turn", player=mover)
        _end_go(w, ref)
        return f"{name} is blocked and misses the turn"

    @staticmethod
    def _throw_lands_on_player(state, pid, steps) -> bool:
        occ = {k: v for k, v in occupants(state).items() if v != pid and k in SQUARES}
        start = state["players"][pid]["at"]
        frontier = {start}
        for _ in range(steps):
            frontier = {n for node in frontier for n in S.ADJ.get(node, ()) if n in SQUARES}
        return any(node in occ for node in frontier)

    def _on_stay(self, w: Work, ref, actor, data):
        """gothic/rooms: "You may not linger in a room unless you are forcibly detained." """
        s = w.s
        if not self._turn_check(w, ref, actor, ("throw",), "stay"):
            return None
        player, name = s["players"][actor], _name(s, actor)
        if player["detained"] > 0 and player["at"] in ROOMS:
            w.p(actor)["detained"] = player["detained"] - 1
        elif player["at"] == TOWER:
            if ref.consult(P.TOWER_LEAVE, f"{name} stays in the Tower") != "never-leave":
                ref.violation("gothic/rooms", f"{name} may not linger in the Tower")
                return None
        elif player["at"] == LAVATORY:
            if ref.consult(P.LAVATORY, f"{name} stays in the Lavatory") != "may-stay":
                ref.violation("gothic/rooms", f"{name} may not linger in the Lavatory")
                return None
        else:
            ref.violation("gothic/rooms", f"{name} is not detained and must throw")
            return None
        ref.effect("stay", player=actor)
        _end_go(w, ref)
        return f"{name} stays in {_place(player['at'])}"

    def _on_end_turn(self, w: Work, ref, actor, data):
        if not self._turn_check(w, ref, actor, ("act",), "end the go"):
            return None
        _end_go(w, ref)
        return f"{_name(w.s, actor)} ends the go"

    # gothic/rooms
    def _on_draw(self, w: Work, ref, actor, data):
        s = w.s
        if not self._turn_check(w, ref, actor, ("draw",), "draw a card"):
            return None
        player, name, room = s["players"][actor], _name(s, actor), data["room"]
        if player["at"] != room:
            ref.violation(
                "gothic/rooms", f"{name} is in {_place(player['at'])}, not {_place(room)}"
            )
            return None
        kind = data.get("kind", "other")
        if kind in WEAPON_KINDS:
            kitchen_out = room == S.KITCHEN and any(
                c["room"] == S.KITCHEN and c["kind"] in WEAPON_KINDS
                for p in s["players"].values()
                for c in p["cards"]
            )
            if room not in WEAPON_ROOMS or kitchen_out:
                if (
                    ref.consult(P.ROOM_CARDS, f"a weapon is drawn in {_place(room)}")
                    == "weapons-where-named"
                ):
                    ref.violation(
                        "gothic/play",
                        f"{_place(room)} holds no (further) weapon: {data['card']}",
                        point=P.ROOM_CARDS,
                    )
                    return None
        card = {
            "name": data["card"],
            "room": room,
            "kind": kind,
            "number": data.get("number"),
            "numbered": bool(data.get("numbered", False) or data.get("number") is not None),
            "stamina": data.get("stamina", 0),
        }
        ref.effect("draw", player=actor, room=room, card=card["name"])
        s["stage"] = "act"
        if data.get("deadly"):
            _eliminate(w, ref, actor, "dead", f"killed by the {card['name']}")
            return f"{name} draws {card['name']} in {_place(room)} and dies"
        w.p(actor)["cards"] = [*player["cards"], card]
        if data.get("detain"):
            w.p(actor)["detained"] = data["detain"]
        _stamina(w, ref, actor, card["stamina"], f"obeyed {card['name']}")
        return f"{name} draws a card in {_place(room)}"

    def _on_return_card(self, w: Work, ref, actor, data):
        card = _take_card(w, actor, data["card"])
        if card is None:
            ref.violation("gothic/rooms", f"{_name(w.s, actor)} holds no card {data['card']!r}")
            return None
        _return_card(w, ref, card)
        return f"{_name(w.s, actor)} shows {card['name']} and returns it under the {ROOMS[card['room']]['name']} pile"

    def _on_trade(self, w: Work, ref, actor, data):
        """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game"."""
        held = _held(w.s, actor, data["card"])
        if held is None:
            ref.violation("gothic/rooms", f"{_name(w.s, actor)} holds no card {data['card']!r}")
            return None
        card = _take_card(w, actor, data["card"], _is_numbered)
        if card is None:
            ref.violation(
                "gothic/rooms", f"{held['name']} has no number in its corner and cannot be traded"
            )
            return None
        _trade(w, ref, actor, card)
        return f"{_name(w.s, actor)} trades in {card['name']} for stamina"

    # gothic/squares
    def _on_passage(self, w: Work, ref, actor, data):
        s = w.s
        if not self._turn_check(w, ref, actor, ("act",), "take a secret passage"):
            return None
        player, name, to = s["players"][actor], _name(s, actor), data["to"]
        if not s["go"]["green"] or player["vampire"] is not None:
            ref.violation("gothic/squares", f"{name} has not just landed on a green square")
            return None
        if to == player["at"] or occupants(s).get(to) is not None:
            ref.violation(
                "gothic/squares",
                f"{name} cannot take the passage to {to}: it is occupied or the same square",
            )
            return None
        w.p(actor)["at"] = to
        w.go().update(green=False, power=False, moved=True)
        ref.effect("passage", player=actor, to=to)
        return f"{name} takes the secret passage to {to}"

    # gothic/adjacency
    def _power_check(self, w: Work, ref, actor, target, form) -> bool:
        s = w.s
        if not self._turn_check(w, ref, actor, ("act",), form):
            return False
        name = _name(s, actor)
        if s["interrupt"] is not None and s["interrupt"]["victim"] == actor:
            ref.violation("gothic/adjacency", f"{name} is under another player's control")
            return False
        if not s["go"]["moved"] or s["go"]["power"]:
            ref.violation(
                "gothic/adjacency",
                f"{name} has not just landed, or has already used the Power of Adjacency",
            )
            return False
        me = s["players"][actor]
        victim = s["players"].get(target)
        if victim is None or target == actor or victim["status"] != "alive":
            ref.violation("gothic/adjacency", f"{target!r} is not another player in the game")
            return False
        if me["vampire"] is not None or victim["vampire"] is not None:
            ref.violation("gothic/the-vault", "Vampires are not affected by adjacency power")
            return False
        if not _adjacent(s, actor, target):
            ref.violation(
                "gothic/adjacency", f"{name} is not on the square next to {victim['name']}"
            )
            return False
        if me["held_by"] is not None and me["held_by"]["by"] == target:
            ref.violation(
                "gothic/adjacency",
                f"{victim['name']} has the advantage: {name} may not attack them",
            )
            return False
        held = victim["held_by"]
        if (held is not None and held["by"] != actor) or (
            victim["controlled_by"] not in (None, actor)
        ):
            ref.violation(
                "gothic/adjacency", f"{victim['name']} is already in someone else's control"
            )
            return False
        return True

    def _hold(self, w: Work, actor, target, form):
        w.go()["power"] = True
        if w.s["players"][target]["status"] == "alive":
            w.p(target)["held_by"] = {"by": actor, "form": form}

    def _on_attack(self, w: Work, ref, actor, data):
        target = data["target"]
        if not self._power_check(w, ref, actor, target, "attack"):
            return None
        s = w.s
        weapon = _held(s, actor, data["weapon"], _is_weapon)
        name, victim_name = _name(s, actor), _name(s, target)
        if weapon is None:
            ref.violation("gothic/adjacency", f"{name} holds no weapon {data['weapon']!r}")
            return None
        take = data.get("take", [])
        _return_card(
            w, ref, _take_card(w, actor, weapon["name"], _is_weapon)
        )  # weapons are used once only
        self._hold(w, actor, target, "attack")
        protection = [c for c in s["players"][target]["cards"] if c["kind"] == "protection"]
        if protection:
            ref.effect("attack", player=actor, target=target, killed=False)
            return f"{name} attacks {victim_name} with {weapon['name']}, but {victim_name} is protected"
        taken = []
        for card_name in take:
            card = _take_card(w, target, card_name)
            if card is None:
                ref.violation(
                    "gothic/adjacency", f"{victim_name}'s body holds no card {card_name!r}"
                )
                continue
            w.p(actor)["cards"] = [*w.s["players"][actor]["cards"], card]
            taken.append(card_name)
        ref.effect("attack", player=actor, target=target, killed=True, took=taken)
        _eliminate(w, ref, target, "dead", f"killed by {name} with {weapon['name']}")
        return f"{name} kills {victim_name} with {weapon['name']}"

    def _on_control(self, w: Work, ref, actor, data):
        target = data["target"]
        if not self._power_check(w, ref, actor, target, "control"):
            return None
        s = w.s
        self._hold(w, actor, target, "control")
        name, victim_name = _name(s, actor), _name(s, target)
        ref.effect("control", player=actor, target=target)
        if ref.consult(P.CONTROL_TIMING, f"{name} controls {victim_name}'s next move") == "at-once":
            s["interrupt"] = {"controller": actor, "victim": target, "go": dict(s["go"])}
            s["actor"] = target
            s["stage"] = "throw"
            s["throw"] = None
            return f"{name} takes control of {victim_name}, who throws now"
        w.p(target)["controlled_by"] = actor
        return f"{name} will direct {victim_name}'s next move"

    def _on_give(self, w: Work, ref, actor, data):
        target = data["target"]
        if not self._power_check(w, ref, actor, target, "give"):
            return None
        card = _held(w.s, actor, data["card"], lambda c: c["kind"] == "nasty")
        if card is None:
            ref.violation(
                "gothic/adjacency", f"{_name(w.s, actor)} holds no card {data['card']!r} to give"
            )
            return None
        _return_card(w, ref, _take_card(w, actor, card["name"], lambda c: c["kind"] == "nasty"))
        self._hold(w, actor, target, "give")
        _stamina(w, ref, target, -data["loss"], f"{card['name']} from {_name(w.s, actor)}")
        return f"{_name(w.s, actor)} gives {_name(w.s, target)} {card['name']}"

    # gothic/the-vault
    def _on_stake(self, w: Work, ref, actor, data):
        s = w.s
        if not self._turn_check(w, ref, actor, ("act",), "use a stake"):
            return None
        target, name = data["target"], _name(s, actor)
        victim = s["players"].get(target)
        if victim is None or victim["status"] != "alive" or victim["vampire"] is None:
            ref.violation("gothic/the-vault", f"{target!r} is not a Vampire")
            return None
        stake = next((c for c in s["players"][actor]["cards"] if c["kind"] == "stake"), None)
        if stake is None:
            ref.violation("gothic/the-vault", f"{name} possesses no stake")
            return None
        if target not in s["go"]["passed"] and not _adjacent(s, actor, target):
            ref.violation(
                "gothic/the-vault", f"{name} has not passed the Vampire {victim['name']} this go"
            )
            return None
        _return_card(w, ref, _take_card(w, actor, stake["name"], lambda c: c["kind"] == "stake"))
        ref.effect("stake", player=actor, target=target)
        _eliminate(w, ref, target, "dead", f"staked through the heart by {name}")
        return f"{name} drives a stake through the Vampire {victim['name']}'s heart"

    # gothic/the-tower
    def _on_oil(self, w: Work, ref, actor, data):
        s = w.s
        if not self._turn_check(w, ref, actor, ("act",), "pour the oil"):
            return None
        name = _name(s, actor)
        if (
            s["players"][actor]["at"] != TOWER
            or not s["go"]["tower"]
            or s["players"][actor]["oil_used"]
        ):
            ref.violation(
                "gothic/the-tower", f"{name} has not just arrived in the Tower, or has used the oil"
            )
            return None
        ref.uncertain(P.CITE_OIL, "the oil's victims rest on words read from a soft-focus print")
        option = ref.consult(P.TOWER_OIL_VICTIMS, f"{name} pours the oil")
        below = [
            p
            for p in s["seats"]
            if s["players"][p]["status"] == "alive"
            and p != actor
            and s["players"][p]["vampire"] is None
            and s["players"][p]["at"] in TOWER_BELOW
        ]
        lav = [
            p
            for p in s["seats"]
            if s["players"][p]["status"] == "alive"
            and p != actor
            and s["players"][p]["at"] == LAVATORY
        ]
        reach = below if option == "one-below-only" else below + lav
        target = data.get("target")
        if option == "everyone-below-and-lavatory":
            if target is not None and target not in reach:
                ref.violation(
                    "gothic/the-tower",
                    f"{_name(s, target)} is not below the Tower or in the Lavatory",
                    point=P.TOWER_OIL_VICTIMS,
                )
                return None
            victims = reach
        else:
            if target not in reach:
                ref.violation(
                    "gothic/the-tower",
                    f"{_name(s, target)} cannot be reached by the oil",
                    point=P.TOWER_OIL_VICTIMS,
                )
                return None
            victims = [target]
        w.p(actor)["oil_used"] = True
        w.go()["tower"] = False
        ref.effect("oil", player=actor, victims=list(victims))
        for victim in victims:
            _eliminate(w, ref, victim, "dead", f"boiling oil poured by {name}")
        killed = ", ".join(_name(s, v) for v in victims) or "no one"
        return f"{name} pours the boiling oil: {killed} killed"

    def _on_blow_pipe(self, w: Work, ref, actor, data):
        s = w.s
        if not self._turn_check(w, ref, actor, ("throw", "act"), "use the blow pipe"):
            return None
        name, target = _name(s, actor), data["target"]
        if s["players"][actor]["at"] != TOWER:
            ref.violation("gothic/the-tower", f"{name} is not in the Tower")
            return None
        card = _held(s, actor, data["card"])
        if card is None:
            ref.violation("gothic/the-tower", f"{name} holds no card {data['card']!r}")
            return None
        ref.uncertain(P.CITE_BLOW_PIPE, "the weapon's name is hard to confirm from the photo")
        option = ref.consult(P.BLOW_PIPE_CARD, f"{name} uses {card['name']} from the Tower")
        lowered = card["name"].lower()
        if option == "recorded-kind":
            ok = card["kind"] == "blow-pipe"
        else:
            ok = card["kind"] in WEAPON_KINDS and ("blow pipe" in lowered or "blowpipe" in lowered)
        if not ok:
            ref.violation(
                "gothic/the-tower", f"{card['name']} is not the Blow pipe", point=P.BLOW_PIPE_CARD
            )
            return None
        victim = s["players"].get(target)
        if victim is None or target == actor or victim["status"] != "alive":
            ref.violation("gothic/the-tower", f"{target!r} is not another player in the game")
            return None
        if victim["at"] in ROOMS or victim["vampire"] is not None:
            ref.violation("gothic/the-tower", f"{victim['name']} is in a room or is a Vampire")
            return None
        _return_card(w, ref, _take_card(w, actor, card["name"]))
        ref.effect("blow-pipe", player=actor, target=target)
        _eliminate(w, ref, target, "dead", f"shot with the blow pipe by {name}")
        return f"{name} shoots {victim['name']} with the blow pipe from the Tower"


ENGINE = GothicEngine()
