"""The Dagon rule engine: the sections of the sheet, each declaring the events it referees and
offers (see README.md), with the guards on whose turn and which phase it is."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.engine import Engine, Outcome, Refusal
from games.core.facts import PlayerFacts
from games.dagon import (
    attacks,
    black_towers,
    dagon_symbol,
    spells,
    starting_the_game,
    wizard_card,
)
from games.dagon import board as board_module
from games.dagon.board import Board, layout_of
from games.dagon.certainties import CERTAINTIES
from games.dagon.evaluation import EVALUATION
from games.dagon.events import EVENT_SPECS
from games.dagon.passages import END, RULEBOOK, STARTING
from games.dagon.pieces import facts_of, pieces_of
from games.dagon.points import POINTS
from games.dagon.state import (
    ATTACK,
    DUEL_ROLL,
    EXTRA_MOVE,
    MOVE,
    MOVE_TOWER,
    PLACE_SYMBOL,
    PLACE_TOWER,
    SPELL_CARD,
    START,
    TAKE_SYMBOL,
    new_state,
    player_name,
)

# Which phases of a turn each event type belongs to (a pass fits several).
EVENT_PHASES = {
    "roll": (START,),
    "move": (START, MOVE, EXTRA_MOVE),
    "attack": (ATTACK,),
    "spell_card": (SPELL_CARD,),
    "duel_roll": (DUEL_ROLL,),
    "take_symbol": (TAKE_SYMBOL,),
    "place_symbol": (PLACE_SYMBOL,),
    "place_tower": (PLACE_TOWER,),
    "move_tower": (MOVE_TOWER,),
    "return_wizard_card": (START,),
    "pass": (START, MOVE, EXTRA_MOVE, TAKE_SYMBOL, PLACE_TOWER, MOVE_TOWER),
}
PHASE_WORDS = {
    START: "start a turn (move, roll, return the Wizard card or sit out)",
    MOVE: "move",
    ATTACK: "record the attack",
    SPELL_CARD: "turn over a Spell card",
    DUEL_ROLL: "roll the fetish die against the Spell",
    EXTRA_MOVE: "make the extra move won in the duel (or pass)",
    TAKE_SYMBOL: "take the Symbol (or pass)",
    PLACE_SYMBOL: "place the Symbol",
    PLACE_TOWER: "place a Black Tower",
    MOVE_TOWER: "move a Black Tower",
}


class DagonEngine(Engine):
    slug = "dagon"
    name = "Dagon contra el Hechicero de los Reinos Negros"
    # version 3: a move onto another Hero that the mover's weapons forbid it to attack is a
    # violation ("Only free spaces may be moved onto (exception: to attack another Hero)";
    # without weapons it "may not ... attack"); runs of version 2 are listed by
    # ``manage.py replay_changes`` where this changes a step.
    # version 4: two decisions once called settled are points, their defaults what version 3
    # did: the pass of a Hero with no move open (dagon.no-move-open: "must move" names only the
    # Wizard card as exception) and where a lost Symbol goes (dagon.lost-symbol-city: "in
    # another city" names no city). Such a pass, and a lost Symbol placed outside another
    # city's territory, now consult them.
    version = "4"
    package_dir = Path(__file__).parent
    points = POINTS
    certainties = CERTAINTIES
    # Version 1 took the fetish die for the length of a move, a mechanism the sheet never gives
    # (its point dagon.city-early-stop, which only that roll needed, is withdrawn: README,
    # "Every decision"); version 2 follows "one circle along the route line".
    former_defaults: Mapping[str, Mapping[str, str]] = MappingProxyType({
        "1": {"dagon.move-length": "roll-exact"},
    })
    event_specs = EVENT_SPECS
    default_setup: Mapping[str, Any] = MappingProxyType({"thrones_to_win": 3})
    evaluation = EVALUATION
    out_of_scope = (
        ("the Spell cards' identity, how many of each strength the 22 hold, and the pile's "
        "reshuffle: a turned card is recorded as read"),
        ("the Knight cards as objects, and the 16 of them running short (only the cities that "
        "knighted a Hero are kept)"),
        ("the faces of the magic fetish die: the sheet never describes it; a recorded face is "
        "taken from 1 to 6, the Spells' range"),
        "the fewest players: the sheet gives none (a match is refereed from two Heroes)",
        ("the board: the sheet does not describe it; board.json is a documented reconstruction "
        "(the route, which circles are Spells, Tower spaces, the Whistle, Lagoons and cities, "
        "the two unnamed cities, the kingdoms) that the real board may replace"),
        "reachability of the Symbol beyond \"no tower on its space\"",
        ("\"The twelve Black Towers, the 4 Wizard cards and the fetish die are prepared in the "
        "same way\": what shuffling them would mean is not refereed"),
    )
    min_players = 2
    max_players = 4
    rulebook = RULEBOOK
    sections = (starting_the_game, attacks, spells, wizard_card, dagon_symbol, black_towers)
    turn_rule = STARTING
    end_rule = END

    def initial_state(self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
                      board: Mapping[str, Any] | None = None) -> dict:
        chosen = board_module.register(dict(board)) if board else board_module.default_board()
        return new_state(players, self.setup_with_defaults(setup), chosen)

    def board_of(self, state: Mapping[str, Any]) -> Board:
        return board_module.board_for(state.get("board_id"))

    def may_not_act(self, state: Mapping[str, Any], event_type: str,
                    actor: str | None) -> Refusal | None:
        """dagon/starting-the-game: "The players begin one after another"; within a turn,
        each event in its phase."""
        if actor != state["turn"]:
            return Refusal(STARTING, f"it is {player_name(state, state['turn'])}'s turn, not "
                           f"{player_name(state, actor)}'s; the event is skipped")
        if state["phase"] not in EVENT_PHASES[event_type]:
            return Refusal(STARTING, f"{player_name(state, actor)} must {PHASE_WORDS[state['phase']]}, not record "
                           f"a {event_type}; the event is skipped")
        return None

    def after_the_end(self, state: Mapping[str, Any], event_type: str,
                      actor: str | None) -> Refusal:
        return Refusal(END, f"{player_name(state, actor)} plays a {event_type} after the match "
                       "has ended")

    def finished(self, state: Mapping[str, Any]) -> bool:
        return state.get("winner") is not None

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        winner = state.get("winner")
        if winner is None:
            return Outcome(finished=False)
        board = self.board_of(state)
        cities = sorted({board.name.get(c, c) for c in state["heroes"][winner]["knighted"]})
        return Outcome(
            finished=True,
            winner=winner,
            reason=f"{player_name(state, winner)} has been knighted by {len(cities)} different "
            f"cities ({', '.join(cities)})",
        )

    # -- what can happen next, and where everything stands -----------------------------

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        return pieces_of(state, self.board_of(state))

    def player_facts(self, state: Mapping[str, Any], viewer: str | None = None
                     ) -> list[PlayerFacts]:
        """Nothing of a Hero is hidden: weapons, cards held, turns to sit out, cities."""
        return facts_of(state, self.board_of(state))

    def layout(self, state: Mapping[str, Any] | None = None) -> BoardLayout:
        return layout_of(self.board_of(state or {}))

    def referents(self, kind: str, setup: Mapping[str, Any]) -> Collection[str] | None:
        """A space must be one of the board's (``board.json``)."""
        if kind == "space":
            return board_module.default_board().kind.keys()
        return None


ENGINE = DagonEngine()
