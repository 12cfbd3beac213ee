"""The Gothic Game rule engine (slug ``gothic``): the table from each event type to the handler
of the rulebook section it belongs to, and the guard of who may act now.

Illegal events are skipped: the state stays as it was, a ``violation`` flag names the rule,
and the replay waits for the event the rules expected (README, "After an illegal event").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from games.core.engine import Engine, Outcome, Refusal
from games.gothic import adjacency, moves, rooms, squares, staircase, tower, vault
from games.gothic import points as P
from games.gothic import state as S
from games.gothic.certainties import CERTAINTIES
from games.gothic.events import EVENT_SPECS
from games.gothic.layout import board_layout, pieces_of
from games.gothic.legal import legal_choices
from games.gothic.simulate import simulate_match
from games.gothic.turns import finalize
from games.gothic.work import Work, name_of


def refereed(event_type, handle):
    """A handler on the core's table: ``handle`` edits a working copy and returns a summary,
    or None when it refused the event (the state given is then returned unchanged)."""

    def handler(state, actor, data, ref):
        w = Work(state)
        summary = handle(w, ref, actor, data)
        if summary is None:
            return state, f"{event_type} by {name_of(state, actor)} ignored"
        finalize(w, ref)
        return w.s, summary

    handler.__doc__ = handle.__doc__
    return handler


HANDLERS = {
    event_type: refereed(event_type, handle)
    for event_type, handle in {
        "throw": moves.on_throw,
        "move": moves.on_move,
        "miss_turn": moves.on_miss_turn,
        "end_turn": moves.on_end_turn,
        "stay": rooms.on_stay,
        "draw": rooms.on_draw,
        "return_card": rooms.on_return_card,
        "trade": rooms.on_trade,
        "passage": squares.on_passage,
        "attack": adjacency.on_attack,
        "control": adjacency.on_control,
        "give": adjacency.on_give,
        "stake": vault.on_stake,
        "oil": tower.on_oil,
        "blow_pipe": tower.on_blow_pipe,
        "staircase": staircase.on_staircase,
    }.items()
}

# The stage of a go at which each event type may be recorded, by the player who must act.
# A throw is also an entry throw (stage "order") or a second throw ("act"); a move may be made
# by the player directing it; cards are returned and traded "at any stage of the game".
STAGES = {
    "throw": ("throw",),
    "move": ("move",),
    "miss_turn": ("move",),
    "stay": ("throw",),
    "end_turn": ("act",),
    "draw": ("draw",),
    "passage": ("act",),
    "attack": ("act",),
    "control": ("act",),
    "give": ("act",),
    "stake": ("act",),
    "oil": ("act",),
    "blow_pipe": ("throw", "act"),
    "staircase": ("stairs",),
}
ACTIONS = {
    "throw": "throw",
    "move": "move",
    "miss_turn": "miss the turn",
    "stay": "stay",
    "end_turn": "end the go",
    "draw": "draw a card",
    "passage": "take a secret passage",
    "attack": "attack",
    "control": "control",
    "give": "give",
    "stake": "use a stake",
    "oil": "pour the oil",
    "blow_pipe": "use the blow pipe",
    "staircase": "choose a direction on the staircase",
}


class GothicEngine(Engine):
    slug = "gothic"
    name = "The Gothic Game"
    version = "2"
    package_dir = Path(__file__).parent
    points = P.POINTS
    certainties = CERTAINTIES
    former_defaults: Mapping[str, Mapping[str, str]] = MappingProxyType({
        "1": {"gothic.room-cards": "as-recorded", "gothic.arrow-target-occupied": "stay-on-arrow"}
    })
    event_specs = EVENT_SPECS
    out_of_scope = (
        "the cards themselves: never listed by the text, each is recorded as read (name, "
        "stamina, corner number, kind, goes it detains)",
        "the order of each pile: only the last cards returned under it are remembered, so when "
        "a returned card (the Iron Maiden among them) comes round again is not judged",
        "the plan of the castle: the text does not describe the board; board.json is a "
        "documented reconstruction (squares, doors, colours, the squares below the Tower, the "
        "staircase's 12 steps, where the Lavatory stands) that a photograph may replace",
        "which player keeps the tally (no seat is modelled as the scorer)",
        "the order of several players in one room",
        "chat and table talk, and whether a drawn card was declared",
        "limits on what a recorded card says (stamina -100 to 100, a corner number up to 100, "
        "up to 12 goes detained): bounds on the record, not rules",
    )
    min_players = 2
    max_players = 6
    handlers = HANDLERS
    turn_rule = "gothic/moves"
    end_rule = "gothic/play"

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping, board=None
    ) -> dict:
        """gothic/preparation and gothic/stamina: everyone outside the West Gate with 100
        stamina, Dracula in his coffin. ``board`` is ignored: the castle is ``board.json``;
        the setup has nothing the text leaves to a match."""
        return S.initial_state(players)

    def outcome(self, state: Mapping) -> Outcome:
        out = tuple(pid for pid in state["seats"] if state["players"][pid]["status"] != "alive")
        finished = state["stage"] == "over"
        return Outcome(
            finished=finished,
            winner=state["winner"] if finished else None,
            eliminated=out,
            reason=state["reason"],
        )

    def finished(self, state: Mapping) -> bool:
        return state["stage"] == "over"

    def after_the_end(self, state, event_type, actor) -> Refusal:
        return Refusal(
            self.end_rule,
            f"the game is over; {event_type} by {name_of(state, actor)} comes after the end",
        )

    def may_not_act(self, state: Mapping, event_type: str, actor: str | None) -> Refusal | None:
        """gothic/moves: "Players proceed in turn": only the player whose go it is acts, at
        the stage the go has reached; an eliminated player never acts again."""
        player = state["players"].get(actor)
        if player is None:
            return Refusal("gothic/preparation", f"{actor!r} is not a player of this match")
        if player["status"] != "alive":
            return Refusal("gothic/stamina", f"{player['name']} is out of the game and cannot act")
        stage = state["stage"]
        if event_type not in STAGES:  # cards are returned and traded at any stage
            return None
        if event_type == "throw" and (
            stage == "order" or (stage == "act" and state["actor"] == actor)
        ):
            return None
        if stage not in STAGES[event_type]:
            return Refusal(
                "gothic/moves",
                f"{player['name']} cannot {ACTIONS[event_type]} now (the game awaits: {stage})",
            )
        if state["actor"] != actor and not (event_type == "move" and moves.director(state, actor)):
            return Refusal(
                "gothic/moves",
                f"it is {name_of(state, state['actor'])}'s go, not {player['name']}'s",
            )
        return None

    def referents(self, kind: str, setup: Mapping) -> Collection[str] | None:
        """The castle's places for ``space``; the cards are never listed by the text, so a
        card is named as the collector read it."""
        if kind == "space":
            return S.ALL_PLACES
        return None

    def legal_events(self, state, interpretation):
        return legal_choices(self, state, interpretation)

    def pieces(self, state):
        return pieces_of(state)

    def layout(self, state=None):
        return board_layout()

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
        self,
        *,
        seed: int,
        players=None,
        setup=None,
        max_events=None,
        min_events=None,
        interpretation=None,
    ) -> dict:
        """A seeded match played from ``legal_events`` by the bots of ``simulate.py``, under
        ``interpretation`` (an ``Interpretation`` or a mapping of choices; the default reading
        if None)."""
        return simulate_match(
            self,
            seed=seed,
            players=players,
            setup=setup,
            max_events=max_events,
            min_events=min_events,
            interpretation=interpretation,
        )


ENGINE = GothicEngine()
