"""The Gothic Game rule engine (slug ``gothic``): the rulebook sections, each declaring the
events it referees and offers (see README.md), the guard of who may act now, and what each
seat sees.

Illegal events are skipped: the state stays as it was, a ``violation`` flag names the rule,
and the replay waits for the event the rules expected (README, "After an illegal event").
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from games.core.board import BoardLayout, Piece
from games.core.engine import Engine, Outcome, Refusal
from games.core.facts import PlayerFacts
from games.gothic import (
    adjacency,
    moves,
    passages,
    rooms,
    seats,
    squares,
    staircase,
    tower,
    vault,
)
from games.gothic import points as P
from games.gothic import state as S
from games.gothic.certainties import CERTAINTIES
from games.gothic.evaluation import EVALUATION
from games.gothic.events import EVENT_SPECS
from games.gothic.layout import board_layout, pieces_of
from games.gothic.turns import opens_next_go

# The stage of a go at which each event type may be recorded, by the player who must act.
# A throw is also an entry throw (stage "order") or a second throw ("act"); a move may be made
# by the player directing it; the next player opens their go while the one before waits
# ("act"); cards are returned and traded "at any stage of the game".
STAGES = {
    "throw": ("throw",),
    "move": ("move",),
    "miss_turn": ("move",),
    "stay": ("throw",),
    "end_turn": ("act",),
    "draw": ("draw",),
    "passage": ("act",),
    "attack": ("act",),
    "search": ("act",),
    "control": ("act",),
    "give": ("act",),
    "stake": ("act",),
    "oil": ("act",),
    "blow_pipe": ("throw", "act"),
    "staircase": ("stairs",),
}
OPENINGS = ("throw", "stay", "blow_pipe")
ACTIONS = {
    "throw": "throw",
    "move": "move",
    "miss_turn": "miss the turn",
    "stay": "stay",
    "end_turn": "end the go",
    "draw": "draw a card",
    "passage": "take a secret passage",
    "attack": "attack",
    "search": "search a body",
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
    # version 3: the engine core's idiom. Changes to what a record can mean: the next
    # player's throw (or stay, or blow pipe) ends the go before it, as end_turn does; a kill
    # with no "take" leaves the body to its killer's "search" (a new event) as the next
    # event, its cards going back under their piles with any other event; a "take" naming
    # cards of a victim who was protected, and lives, is a violation (gothic/adjacency: "if
    # you do succeed in killing someone with a weapon, you may search their body").
    # version 4: gothic.vampire-corridors defaults to battlements-too ("Vampires are not
    # affected by ... red squares", which lie on the battlements); four decisions once called
    # settled or never named are points, their defaults version 3's behaviour
    # (gothic.vampire-throws, gothic.advantage, gothic.sneak-past, gothic.next-to), and the
    # steps that depend on them consult them.
    version = "4"
    package_dir = Path(__file__).parent
    points = P.POINTS
    certainties = CERTAINTIES
    former_defaults: Mapping[str, Mapping[str, str]] = MappingProxyType({
        "1": {"gothic.room-cards": "as-recorded", "gothic.arrow-target-occupied": "stay-on-arrow"},
        "2": {"gothic.vampire-corridors": "corridors-only"},
        "3": {"gothic.vampire-corridors": "corridors-only"},
    })
    event_specs = EVENT_SPECS
    evaluation = EVALUATION
    out_of_scope = (
        ("the cards themselves: never listed by the text, each is recorded as read (name, "
        "stamina, corner number, kind, goes it detains)"),
        ("the order of each pile: only the last cards returned under it are remembered, so when "
        "a returned card (the Iron Maiden among them) comes round again is not judged"),
        ("the plan of the castle: the text does not describe the board; board.json is a "
        "documented reconstruction (squares, doors, colours, the squares below the Tower, the "
        "staircase's 12 steps, where the Lavatory stands) that a photograph may replace"),
        "which player keeps the tally (no seat is modelled as the scorer)",
        "the order of several players in one room",
        "chat and table talk, and whether a drawn card was declared",
        ("limits on what a recorded card says (stamina -100 to 100, a corner number up to 100, "
        "up to 12 goes detained): bounds on the record, not rules"),
    )
    min_players = 2
    max_players = 6
    rulebook = passages.RULEBOOK
    sections = (moves, rooms, squares, adjacency, vault, staircase, tower)
    turn_rule = passages.MOVES
    end_rule = passages.PLAY

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
            f"the game is over; {ACTIONS.get(event_type, event_type)} by "
            f"{S.name_of(state, actor)} comes after the end",
        )

    def may_not_act(self, state: Mapping, event_type: str, actor: str | None) -> Refusal | None:
        """gothic/moves: "Players proceed in turn": only the player whose go it is acts, at
        the stage the go has reached (the next player may open theirs while it waits); an
        eliminated player never acts again."""
        player = state["players"].get(actor)
        if player is None:
            return Refusal(passages.PREPARATION, f"{actor!r} is not a player of this match")
        if player["status"] != "alive":
            return Refusal(passages.STAMINA, f"{player['name']} is out of the game and cannot act")
        stage = state["stage"]
        if event_type not in STAGES:  # cards are returned and traded at any stage
            return None
        if event_type == "throw" and (
            stage == "order" or (stage == "act" and state["actor"] == actor)
        ):
            return None
        if event_type in OPENINGS and opens_next_go(state, actor):
            return None
        if stage not in STAGES[event_type]:
            return Refusal(
                passages.MOVES,
                f"{player['name']} cannot {ACTIONS[event_type]} now (the game awaits: "
                f"{seats.STAGE_WORDS.get(stage, stage)})",
            )
        if state["actor"] != actor and not (
            event_type == "move" and moves.director(state, actor)
        ):
            return Refusal(
                passages.MOVES,
                f"it is {S.name_of(state, state['actor'])}'s go, not {player['name']}'s",
            )
        return None

    def referents(self, kind: str, setup: Mapping) -> Collection[str] | None:
        """The castle's places for ``space``; the cards are never listed by the text, so a
        card is named as the collector read it."""
        if kind == "space":
            return S.ALL_PLACES
        return None

    def pieces(self, state) -> list[Piece]:
        return pieces_of(state)

    def layout(self, state=None) -> BoardLayout:
        return board_layout()

    def view(self, state: Mapping, viewer: str | None) -> dict:
        """gothic/rooms: "You are not obliged to declare this card": another player's cards
        show only how many there are and their piles (``seats.py``)."""
        return seats.view(state, viewer)

    def resample_hidden(self, state: Mapping, seat: str, rng: random.Random) -> dict:
        return seats.resample_hidden(state, seat, rng)

    def player_facts(self, state: Mapping, viewer: str | None = None) -> list[PlayerFacts]:
        """Where each player is, their stamina (the tally is public: "you must inform the
        scorer"), their cards as ``viewer`` may see them, and what holds them."""
        return seats.facts_of(state, viewer)


ENGINE = GothicEngine()
