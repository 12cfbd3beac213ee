"""La Furia di Dracula: the engine, its paragraphs' modules and who may act.

Each event type's handler and offer live side by side in the module of the paragraph they
implement (``train.py`` para-1, ``event_deck.py`` para-2, ``hideout.py`` para-3, ``reveal.py``
para-4, ``combat.py`` para-5, ``bites.py`` para-6, with ``cards.py`` and ``day_and_night.py``
for the full game's items and time); what the excerpts do not give (road and sea movement, Dracula's movement,
health, the item deck, turn order…) is applied as recorded with an ``unchecked`` effect that
says so, never silently.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.engine import Engine, Outcome, Refusal
from games.core.events import EventSchemaError, Field
from games.core.facts import PlayerFacts
from games.fury_of_dracula import (
    bites,
    cards,
    combat,
    day_and_night,
    event_deck,
    hideout,
    reveal,
    train,
    views,
)
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD, BoardIndex
from games.fury_of_dracula.certainties import CERTAINTIES
from games.fury_of_dracula.common import name
from games.fury_of_dracula.evaluation import EVALUATION
from games.fury_of_dracula.events import DRACULA_EVENTS, EVENT_SPECS, HUNTER_EVENTS
from games.fury_of_dracula.pieces import facts_of, pieces_of
from games.fury_of_dracula.renderings import SUPPLIED_RENDERINGS
from games.fury_of_dracula.state import build_initial_state

# The paragraph an actor's event belongs to, cited when someone else records it.
RULE_OF = {
    "book_ticket": P.TRAIN,
    "move": P.TRAIN,
    "draw_event": P.EVENT_DECK,
    "gain_item": P.BITES,
    "reveal_card": P.BITES,
    "discard": P.EVENT_DECK,
    "search": P.HIDEOUT,
    "flee": P.COMBAT,
    "dracula_move": P.REVEAL,
    "ambush": P.HIDEOUT,
    "renounce": P.HIDEOUT,
    "combat_round": P.COMBAT,
    "influence": P.COMBAT,
}


class FuryOfDraculaEngine(Engine):
    slug = "fury-of-dracula"
    name = "La Furia di Dracula"
    # version 4: a hunter's sheet has room for two bite tokens by default (bite-spaces = two, a
    # declared conjecture: under as-recorded, version 2 and 3's default, "se un cacciatore non
    # ha spazio per collocare un segnalino morso, viene sconfitto" never applied); a reveal the
    # record gives in the city of the first trail card where no hunter ended his movement is
    # taken as recorded (recorded-reveal, a new point: versions 1 to 3 refused it).
    # Version 3: a combat_ends with no combat under way is a violation (there is nothing to
    # end: "Il combattimento continua … finché"); version 2 took it as a note.
    # Version 5: a road or sea path that does not start where the hunter stands, or takes a step
    # no road (sea link) makes, is a violation (road-and-sea-paths = by-links, a new point whose
    # default is a declared conjecture; versions 1 to 4 noted it as recorded); the step
    # summaries say "by train" where they said "by rail".
    version = "5"
    package_dir = Path(__file__).parent
    points = P.POINTS
    certainties = CERTAINTIES
    # Version 1 took mechanisms the excerpts do not contain as defaults; version 2 follows their
    # words (README, "Every decision"). Version 1 also had three points whose other options
    # contradicted a sentence (white-only-value, twilight-reveal, combat-end-conditions): their
    # defaults are now certainties, so default runs of version 1 read them as today. Versions 2
    # and 3 gave a sheet unlimited room for bites; versions 1 to 3 refused every reveal no
    # hunter's movement made (recorded-reveal did not exist: its option named here is what
    # they did); versions 1 to 4 took any road or sea path as recorded (road-and-sea-paths did
    # not exist either).
    former_defaults = MappingProxyType({
        "1": {
            "fury-of-dracula.day-hunter-card-recipient": "drawing-hunter",
            "fury-of-dracula.search-discards-encounter": "discard",
            "fury-of-dracula.escape-allowed": "not-cancelled",
            "fury-of-dracula.bitten-leaves-combat": "leaves",
            "fury-of-dracula.bite-spaces": "two",
            "fury-of-dracula.weakened-after-defeat": "cured",
            "fury-of-dracula.hospital-space": "any-hospital",
            "fury-of-dracula.victory": "full-game",
            "fury-of-dracula.recorded-reveal": "hunters-movement-only",
            "fury-of-dracula.road-and-sea-paths": "as-recorded",
        },
        "2": {
            "fury-of-dracula.bite-spaces": "as-recorded",
            "fury-of-dracula.recorded-reveal": "hunters-movement-only",
            "fury-of-dracula.road-and-sea-paths": "as-recorded",
        },
        "3": {
            "fury-of-dracula.bite-spaces": "as-recorded",
            "fury-of-dracula.recorded-reveal": "hunters-movement-only",
            "fury-of-dracula.road-and-sea-paths": "as-recorded",
        },
        "4": {"fury-of-dracula.road-and-sea-paths": "as-recorded"},
    })
    event_specs = EVENT_SPECS
    evaluation = EVALUATION
    supplied_renderings = SUPPLIED_RENDERINGS
    # The excerpts end a match only by a recorded end (`fury-of-dracula.victory`, default
    # `recorded-only`): a `game_over` no player decides, which agents never draw, so under
    # that reading their matches never end by themselves. Under `full-game` influence 13
    # wins for Dracula and Dracula's defeat for the hunters, the full game's rule: duels are
    # played under it (README, "Agents").
    endless_under: Mapping[str, str] = MappingProxyType({"fury-of-dracula.victory": "recorded-only"})
    duel_reading: Mapping[str, str] = MappingProxyType({"fury-of-dracula.victory": "full-game"})
    # Under `full-game` a match agents play ends within some 130 events (README, "Agents").
    duel_length = 500
    rulebook = P.RULEBOOK
    # The paragraphs' modules, each declaring its events' handlers and offers (RULES); the
    # order is the order choices are offered in.
    sections = (train, event_deck, cards, hideout, reveal, combat, bites, day_and_night)
    default_setup = MappingProxyType({"dracula": None, "trail_length": 6, "starts": {}})
    setup_fields = MappingProxyType({
        "dracula": Field("str", required=False, refers="player",
                         description="who plays Dracula (the last seat when none is named); "
                         "every other player is a hunter"),
        "trail_length": Field("int", required=False, low=1, high=12,
                              description="how many Location cards Dracula's trail holds "
                              "(the full game's six; the excerpts speak only of its first)"),
        "starts": Field("object", required=False, refers="space",
                        description="where each hunter starts (the excerpts do not say; "
                        "by default the reconstructed board's starting cities in seat order)"),
    })
    # The excerpts give no turn order: a recording that names no rule of who acts cites the
    # first action they speak of (Prenota un biglietto, para-1).
    turn_rule = P.TRAIN
    end_rule = P.COMBAT
    # What the full game has that the excerpts do not give: the README's "Not in the excerpts"
    # list, word for word without its code marks (tests/games/fury_of_dracula/test_readme.py).
    out_of_scope = (
        (
            "road and sea movement (by default refereed link by link on the reconstructed "
            "board's roads and sea links, from where the hunter stands: the declared conjecture "
            "of road-and-sea-paths)"
        ),
        "when the action Prenota un biglietto may be taken, how many tickets a hunter may hold",
        (
            "Dracula's movement, his trail rules, the Location cards leaving the trail and what "
            "matures then; Dracula being hidden again after he moves; a due combat lapsing when "
            "he moves first"
        ),
        (
            "the item deck and the actions that give items, why a card is discarded or revealed "
            "by a hunter who is not WEAKENED (a card he does not hold is noted: nothing discarded "
            "or revealed)"
        ),
        (
            "what an Encounter card does (ambush and Search record only which card; its results "
            "are recorded as further events: bite, damage, \u2026)"
        ),
        "health and damage, and a defeat caused by damage (hunter_defeated)",
        "how a hunter flees, what cancels the hunter's combat card, Dracula's health",
        (
            "end conditions of a combat other than the listed ones (the list is introduced by "
            "\u00abad esempio\u00bb; a combat_ends event records one, see end-conditions-are-examples)"
        ),
        "a bite outside combat (its cause)",
        (
            "a draw at dusk or dawn (the excerpts speak only of day and night: the end and where "
            "the card went as recorded; a record naming no recipient sends it as a day draw would "
            "if from the top, as a night draw would if from the bottom)"
        ),
        "no hunter left in Dracula's city when the combat is due",
        (
            "the end of the match (by default only a game_over event ends it; under victory = "
            "full-game, influence 13 or Dracula defeated, the full game's rule)"
        ),
        (
            "turn order, the actions a hunter has per day or night, the day/night rounds "
            "themselves \u2014 time passes only by time_passes events"
        ),
        (
            "combat card texts, the hunters' characters and their banners (each round records the"
            " banner's highlighted icons as observed), and the icons themselves (the choices offer"
            " the reconstruction's six: fangs, claws, mist, bat, wolf, dodge; a round naming"
            " another is refereed as recorded, but no choice offers it)"
        ),
    )
    min_players = 2
    max_players = 5

    def seat_roles(self, players, setup) -> list[str]:
        """Every player is a hunter but the one who plays Dracula (by default the last)."""
        ids = [p["id"] for p in players]
        dracula = (setup or {}).get("dracula") or (ids[-1] if ids else None)
        return ["Dracula" if pid == dracula else "a hunter" for pid in ids]

    # -- the protocol ------------------------------------------------------------------------

    def initial_state(self, players, setup, board=None) -> dict:
        starts = BoardIndex(board).default_starts if board is not None else BOARD.default_starts
        return build_initial_state(players, self.setup_with_defaults(setup), starts)

    def view(self, state, viewer):
        """What a seat sees (views.py): the hunters do not see Dracula's trail, Encounters,
        hidden location or event cards; no one sees another's unrevealed cards."""
        return views.view(state, viewer)

    def resample_hidden(self, state, seat, rng: random.Random):
        return views.resample_hidden(state, seat, rng)

    def player_facts(self, state, viewer=None) -> list[PlayerFacts]:
        return facts_of(views.view(state, viewer))

    def outcome(self, state) -> Outcome:
        return Outcome(finished=bool(state["finished"]), winner=state["winner"], reason=state["reason"])

    def finished(self, state) -> bool:
        return bool(state["finished"])

    def may_not_act(self, state, event_type, actor) -> Refusal | None:
        """A hunter's action needs a hunter who is not defeated; Dracula's needs Dracula's
        player; a discard, a player. Whoever records the rest is not refereed."""
        if event_type in HUNTER_EVENTS:
            if actor not in state["hunters"]:
                return Refusal(
                    RULE_OF[event_type],
                    f"{name(state, actor)} is not a hunter, and only a hunter can {event_type.replace('_', ' ')}",
                )
            if state["hunters"][actor]["defeated"]:
                return Refusal(P.BITES, f"{name(state, actor)} is defeated and waits for the hospital at dawn")
        elif event_type in DRACULA_EVENTS and actor != state["dracula_player"]:
            return Refusal(
                RULE_OF[event_type],
                f"only Dracula's player ({name(state, state['dracula_player'])}) can record "
                f"{event_type.replace('_', ' ')}",
            )
        elif event_type == "discard" and actor not in state["names"]:
            return Refusal(P.EVENT_DECK, f"{actor!r} is not a player of this match")
        return None

    def referents(self, kind, setup):
        """Spaces are the reconstructed board's; the excerpts list no card, so card names are
        the record's to give."""
        if kind == "space":
            return BOARD.spaces.keys()
        return None

    def validate_event(self, event, player_ids=None, *, seq=None, setup=None) -> None:
        """The schema's checks, and a card drawn sent to a player of the match or the discard
        pile (``to`` names one or the other, never someone who is not there)."""
        super().validate_event(event, player_ids, seq=seq, setup=setup)
        if seq is None and isinstance(event.get("seq"), int):
            seq = event["seq"]
        _check_recipient(event, player_ids, seq, "data.to")
        if event.get("type") == "correction":
            _check_recipient(event["data"]["event"], player_ids, seq, "data.event.data.to")

    def layout(self, state=None) -> BoardLayout:
        return BOARD.layout()

    def pieces(self, state: Mapping[str, Any]) -> list[Piece]:
        return pieces_of(state)


def _check_recipient(event, player_ids, seq, path) -> None:
    data = event.get("data") or {}
    to = data.get("to")
    if event.get("type") != "draw_event" or to is None or player_ids is None:
        return
    if to != "discard" and to not in player_ids:
        raise EventSchemaError(seq, path, f"{to!r} is neither a player of this match nor 'discard'")


ENGINE = FuryOfDraculaEngine()
