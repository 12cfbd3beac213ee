"""The Dylan Dog engine: the rulebook's sections, each declaring the events it referees and
offers (see README.md), and the guards on who may act now.

Each handler names the passage it implements. An illegal event raises a ``violation`` flag and
the replay goes on from the defined state README.md gives for that case: out-of-turn events
(and cards the actor does not hold) are skipped, the rest apply as recorded.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.engine import Engine, Refusal
from games.core.facts import PlayerFacts
from games.core.step import Outcome
from games.dylan_dog import (
    before_playing,
    dylan_dog_cards,
    exchange,
    facts,
    horror_cards,
    later_turns,
    layout,
    moving_between_planes,
    nightmare_cards,
    points,
    reaching_the_mystery_crypts,
    shadow_squares,
    the_die,
    the_nightmare_plane,
    view,
)
from games.dylan_dog.board import ELEMENTS, HORROR_CARDS, SHADOWS, card_words, shadow_words
from games.dylan_dog.certainties import CERTAINTIES
from games.dylan_dog.evaluation import EVALUATION
from games.dylan_dog.events import EVENT_SPECS, referents
from games.dylan_dog.passages import HORROR, LATER_TURNS, PREAMBLE, RULEBOOK, STARTING, THE_END
from games.dylan_dog.state import initial_state, name

PLAYING = Outcome(False)


# The cards a record names, in the words of the cards (what a page shows, what is typed).
CARD_NAMES = {
    **{element: card_words(element) for element in ELEMENTS},
    "dylan-dog": "a Dylan Dog card",
    **{f"shadow:{symbol}": f"the {shadow_words(symbol)} shadow card" for symbol in SHADOWS},
    **{f"horror:{card['name']}": f"the horror card {card['name']}" for card in HORROR_CARDS},
}


class DylanDogEngine(Engine):
    slug = "dylan-dog"
    name = "Dylan Dog"
    # version 6: the step summaries and flags say squares, cards, shadows and faces by their
    # names on the board and the cards ("Marta moves 5 to reality square 13", "Ana throws
    # Dylan Dog's face"), never by their ids; what it decides is unchanged. The story in one
    # list (records older than the kind-by-kind form) is no longer offered, only refereed.
    # Version 5: a mixed move may turn the plane first (mixed-move-order defaults to
    # either-order: the rule names a mixed move without an order, and the pawn-first order is
    # "Example of a mixed move", dylan-dog/later-turns); the first turn's "the square where
    # their pawn now stands" is a point (first-turn-square), read as before by default.
    # Version 4: a card recorded with what it does not name (a crypt on a nightmare card with
    # no effect, a value on a mystery card, a landing square for a Dylan Dog card played
    # against a horror card or a shadow, a crypt for a card handed to a challenger) is a
    # violation: the record misreads the card; version 3 ignored those fields. So is a
    # mystery card that is not one of the 24. A mystery card owed by a player who holds none
    # (two lost at once) is no longer owed: the turn may end (it was a dead end). A story may
    # be recorded kind by kind. Version 3: a pawn back in reality goes on a white square
    # (dylan-dog/shadow-squares: "as always, on one of the white squares"). Runs of older
    # versions are listed by ``manage.py replay_changes`` where this changes a step.
    version = "6"
    package_dir = Path(__file__).parent
    points = points.POINTS
    certainties = CERTAINTIES
    # Version 1 took as defaults readings the text does not contain; versions 2 to 4 took the
    # example's order of a mixed move as the rule.
    former_defaults: Mapping[str, Mapping[str, str]] = {
        "1": {
            "dylan-dog.mixed-move-order": "either-order",
            "dylan-dog.horror-dylan-dog-possession": "possession",
            "dylan-dog.horror-success-return": "return",
            "dylan-dog.shadow-protection": "optional",
        },
        "2": {"dylan-dog.mixed-move-order": "pawn-then-rotate"},
        "3": {"dylan-dog.mixed-move-order": "pawn-then-rotate"},
        "4": {"dylan-dog.mixed-move-order": "pawn-then-rotate"},
    }
    event_specs = EVENT_SPECS
    evaluation = EVALUATION
    # A match ends once some 35 mystery cards have come out of the crypts: agents' matches
    # last 1,500 to 3,000 events (README, "Agents").
    duel_length = 5000
    default_setup: Mapping[str, Any] = {}
    out_of_scope = (
        ("the printed board, decks and cards, which the transcription describes in words only: "
        "board.json reconstructs the squares and their labels, the story elements and shadows, "
        "the nightmare deck's kinds and the horror cards' names and values (provenance there)"),
        "the individual text of the 66 nightmare cards (recorded by kind and what they named)",
        "the order of the nightmare deck (draws not checked against earlier draws)",
        "horror cards' individual effects beyond their value",
        "a mixed move split into more than one pawn segment (pawn-rotate-pawn)",
        ("how many exchanges a player may propose before their throw (the text says they are "
        "\"free to propose a card exchange\" and never how many; the engine accepts any number)"),
        ("whether the square a Dylan Dog climb lands on, or the white square a pawn is placed on, "
        "dictates anything (the text does not say; the engine has it dictate nothing)"),
        ("when within the turn a Dylan Dog climb may be played (accepted at any point of one's "
        "own turn outside a fight)"),
        ("which white square each marker starts on when a record's setup does not say (the text "
        "leaves it to the table; the engine uses seat order)"),
    )
    min_players = 3
    max_players = 6
    rulebook = RULEBOOK
    sections = (before_playing, the_die, later_turns, moving_between_planes,
                the_nightmare_plane, nightmare_cards, reaching_the_mystery_crypts, horror_cards,
                shadow_squares, dylan_dog_cards, exchange)
    turn_rule = STARTING
    end_rule = THE_END

    def initial_state(
        self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any], board=None
    ) -> dict:
        return initial_state(players, self.setup_with_defaults(setup))

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        if state["finished"]:
            return Outcome(True, state["winner"], (), state["reason"])
        return PLAYING

    def after_the_end(self, state, event_type, actor) -> Refusal:
        return Refusal(self.end_rule,
                       f"the game is already over: {name(state, state['winner'])} has won")

    def may_not_act(self, state, event_type, actor) -> Refusal | None:
        """Only the match's players act; the throw and the move are the turn player's (or,
        in a fight, the fighter's throw); only the turn player ends their turn."""
        if actor not in state["players"]:
            return Refusal(PREAMBLE, f"{actor!r} is not a player of this match")
        turn, fight = state["turn"], state["fight"]
        if event_type == "roll":
            if fight is not None:
                if actor != fight["fighter"]:
                    return Refusal(HORROR,
                                   f"{name(state, fight['fighter'])} must throw against the "
                                   f"horror card, not {name(state, actor)}")
            elif actor != turn["player"]:
                return _not_their_turn(state, actor)
            elif turn["phase"] not in ("setup", "before-roll"):
                return Refusal(LATER_TURNS, "the die was already thrown this turn")
        elif event_type == "move":
            if actor != turn["player"] or turn["phase"] != "action" or fight is not None:
                return Refusal(LATER_TURNS,
                               f"{name(state, actor)} moves without a throw of their own to spend")
        elif event_type == "end_turn" and actor != turn["player"]:
            return _not_their_turn(state, actor)
        return None

    def referents(self, kind: str, setup: Mapping[str, Any]) -> Collection[str] | None:
        return referents(kind)

    def referent_names(self, kind: str, setup: Mapping[str, Any]) -> Mapping[str, str]:
        if kind == "card":
            return CARD_NAMES
        if kind == "shadow":
            return {symbol: shadow_words(symbol) for symbol in SHADOWS}
        return super().referent_names(kind, setup)

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        return layout.pieces(state)

    def layout(self, state: Mapping[str, Any] | None = None) -> BoardLayout:
        return layout.board_layout(state)

    def view(self, state: Mapping[str, Any], viewer: str | None) -> dict:
        return view.view(state, viewer)

    def resample_hidden(self, state: Mapping[str, Any], seat: str, rng: random.Random) -> dict:
        return view.resample_hidden(state, seat, rng)

    def player_facts(self, state: Mapping[str, Any], viewer: str | None = None
                     ) -> list[PlayerFacts]:
        return facts.player_facts(view.view(state, viewer))


def _not_their_turn(state, actor) -> Refusal:
    return Refusal(STARTING,
                   f"it is {name(state, state['turn']['player'])}'s turn, not {name(state, actor)}'s")


ENGINE = DylanDogEngine()
