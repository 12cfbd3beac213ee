"""The Dagon rule engine: each handler names the passage it referees (see README.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from games.core.engine import Engine, Outcome, Step
from games.core.points import Interpretation
from games.core.referee import Referee
from games.dagon import board as board_module
from games.dagon.board import Board
from games.dagon.movement import legal_ends, path_report
from games.dagon.points import (
    ATTACK_ON_SYMBOLIC_SPACE,
    CITY_EARLY_STOP,
    DELIVERY_WEAPONS,
    DUEL_PASS_OVER,
    LAGOON_CHOOSER,
    MOVE_LENGTH,
    OCCUPIED_CITY,
    ONE_WEAPON_ON_SPELL,
    POINTS,
    SYMBOL_DESTINATION,
    SYMBOL_LOSS_SIT_OUT,
    SYMBOL_REPLACEMENT,
    UNARMED_ON_SPELL,
    WIZARD_TURNS,
)
from games.dagon.state import (
    ATTACK,
    DUEL_ROLL,
    EXTRA_MOVE,
    MOVE,
    MOVE_TOWER,
    OVER,
    PLACE_SYMBOL,
    PLACE_TOWER,
    SPELL_CARD,
    START,
    TAKE_SYMBOL,
    WEAPONS_MAX,
    new_state,
    occupants,
    player_name,
)
from games.dagon.vocabulary import EVENT_SPECS

STARTING = "dagon/starting-the-game"
WEAPONS = "dagon/weapons"
SYMBOL = "dagon/the-dagon-symbol-ark"
SPELLS = "dagon/the-spells"
WIZARD = "dagon/the-wizard-card"
LAGOON = "dagon/the-lagoon"
CITIES = "dagon/the-cities-of-the-thrones"
TOWER = "dagon/the-black-tower"
WHISTLE = "dagon/the-whistle"
ATTACKS = "dagon/attack-between-heroes"
END = "dagon/end-of-the-game"

# Which phase each event type belongs to (a pass fits several).
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
    START: "start a turn (roll, return the Wizard card or sit out)",
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


def _with_hero(new: dict, pid: str, **changes: Any) -> dict:
    """Replace one Hero's record in ``new`` (a fresh top-level copy) without touching the old."""
    heroes = dict(new["heroes"])
    heroes[pid] = {**heroes[pid], **changes}
    new["heroes"] = heroes
    return heroes[pid]


def _end_turn(new: dict) -> None:
    order = new["order"]
    new["turn"] = order[(order.index(new["turn"]) + 1) % len(order)]
    new["turn_number"] = new["turn_number"] + 1
    new["phase"] = START
    new["roll"] = None
    new["pending"] = None


def _free_white(board: Board, state: Mapping[str, Any], space: str) -> str | None:
    """Why ``space`` cannot take a Black Tower or the Symbol, or None if it can."""
    if space not in board.kind:
        return f"{space!r} is not a space of the board"
    if board.kind[space] != "white":
        return f"{board.name[space]} is a symbolic space, not a free white space"
    if space in state["towers"]["spaces"]:
        return f"{board.name[space]} already holds a Black Tower"
    if any(h["space"] == space for h in state["heroes"].values()):
        return f"a Hero stands on {board.name[space]}"
    return None


class DagonEngine(Engine):
    slug = "dagon"
    name = "Dagon contra el Hechicero de los Reinos Negros"
    version = "1"
    package_dir = Path(__file__).parent
    points = POINTS
    event_specs = EVENT_SPECS
    default_setup = {"thrones_to_win": 3}
    out_of_scope = (
        "the Spell cards' identity and the pile's reshuffle",
        "the Knight cards as objects (only the cities that knighted a Hero)",
        "who starts (the first seat starts)",
        "any distance other than the reconstruction's",
        "reachability of the Symbol beyond \"no tower on its space\"",
        "the sheet's physical \"free space\" notion for cities at the start",
    )
    min_players = 2
    max_players = 4

    # -- the protocol ---------------------------------------------------------------------

    def initial_state(self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
                      board: Mapping[str, Any] | None = None) -> dict:
        chosen = board_module.register(dict(board)) if board else board_module.default_board()
        return new_state(players, self.setup_with_defaults(setup), chosen)

    def outcome(self, state: Mapping[str, Any]) -> Outcome:
        winner = state.get("winner")
        if winner is None:
            return Outcome(finished=False)
        cities = sorted(set(state["heroes"][winner]["knighted"]))
        return Outcome(
            finished=True,
            winner=winner,
            reason=f"{player_name(state, winner)} has been knighted by {len(cities)} different "
            f"cities ({', '.join(cities)})",
        )

    def simulate(self, *, seed: int, players=None, setup=None, max_events=None,
                 min_events=None) -> dict:
        from games.dagon.simulate import simulate_match

        return simulate_match(self, seed=seed, players=players, setup=setup,
                              max_events=max_events, min_events=min_events)

    def board_of(self, state: Mapping[str, Any]) -> Board:
        return board_module.board_for(state.get("board_id"))

    # -- apply ----------------------------------------------------------------------------

    def apply_game_event(self, state: dict, event: Mapping[str, Any],
                         interpretation: Interpretation) -> Step:
        ref = Referee(interpretation)
        etype = event["type"]
        actor = event.get("actor")
        data = event.get("data") or {}
        who = player_name(state, actor)
        if state["phase"] == OVER:
            ref.violation(END, f"{who} plays after the match has ended")
            return ref.step(state, f"{who}: {etype} after the end (ignored)")
        if actor != state["turn"]:
            ref.violation(STARTING, f"it is {player_name(state, state['turn'])}'s turn, not "
                          f"{who}'s; the event is skipped")
            return ref.step(state, f"{who}: {etype} out of turn (skipped)")
        if state["phase"] not in EVENT_PHASES[etype]:
            ref.violation(STARTING, f"{who} must {PHASE_WORDS[state['phase']]}, not record a "
                          f"{etype}; the event is skipped")
            return ref.step(state, f"{who}: {etype} out of place (skipped)")
        board = self.board_of(state)
        new = dict(state)
        summary = getattr(self, "_on_" + etype)(new, actor, data, ref, board)
        return ref.step(new, summary)

    # -- turn start: dagon/starting-the-game, dagon/the-wizard-card -----------------------

    def _start_checks(self, new: dict, pid: str, ref: Referee) -> None:
        """A Hero that holds the Wizard card or sits out, but plays: flagged, then the record
        is followed (the card counts as returned, the sit-out as served)."""
        hero = new["heroes"][pid]
        if hero["wizard_card"]:
            ref.violation(WIZARD, f"{player_name(new, pid)} holds the Wizard card and may only "
                          "return it this turn")
            _with_hero(new, pid, wizard_card=False, sit_out=0, symbol_penalty=0)
        elif hero["sit_out"] > 0:
            ref.violation(WIZARD, f"{player_name(new, pid)} sits out this turn")
            _with_hero(new, pid, sit_out=0)

    def _on_roll(self, new, pid, data, ref, board) -> str:
        """dagon/starting-the-game: the roll that sets the move's length (dagon.move-length)."""
        self._start_checks(new, pid, ref)
        value = data["value"]
        if ref.consult(MOVE_LENGTH, "a movement roll") == "one-circle":
            ref.violation(STARTING, "a Hero moves one circle a turn; there is no movement roll",
                          point=MOVE_LENGTH)
        new["roll"] = value
        new["phase"] = MOVE
        ref.effect("roll", player=pid, value=value)
        return f"{player_name(new, pid)} rolls {value}"

    def _on_return_wizard_card(self, new, pid, data, ref, board) -> str:
        """dagon/the-wizard-card: the only thing it can do is return the card."""
        hero = new["heroes"][pid]
        name = player_name(new, pid)
        if not hero["wizard_card"]:
            ref.violation(WIZARD, f"{name} returns a Wizard card it does not hold; its turn ends")
            _end_turn(new)
            return f"{name} returns a Wizard card it does not hold"
        extra = 1 if ref.consult(WIZARD_TURNS, "how long the Wizard card keeps a Hero") == "two" else 0
        _with_hero(new, pid, wizard_card=False, sit_out=extra + hero["symbol_penalty"],
                   symbol_penalty=0)
        ref.effect("return_wizard_card", player=pid)
        _end_turn(new)
        return f"{name} returns the Wizard card"

    def _on_pass(self, new, pid, data, ref, board) -> str:
        """dagon/starting-the-game: "The player whose turn it is must move" unless blocked."""
        name = player_name(new, pid)
        hero = new["heroes"][pid]
        phase = new["phase"]
        if phase == START:
            if hero["wizard_card"]:
                ref.violation(WIZARD, f"{name} must return the Wizard card, not pass")
                summary = f"{name} passes without returning the Wizard card"
            elif hero["sit_out"] > 0:
                _with_hero(new, pid, sit_out=hero["sit_out"] - 1)
                summary = f"{name} sits out a turn"
            else:
                option = ref.consult(MOVE_LENGTH, "whether the Hero could move")
                if option != "one-circle":
                    ref.violation(STARTING, f"{name} must roll and move, not pass", point=MOVE_LENGTH)
                elif self._ways_out(new, pid, board, 1, exact=True):
                    ref.violation(STARTING, f"{name} could move one circle and must move",
                                  point=MOVE_LENGTH)
                summary = f"{name} passes"
        elif phase == MOVE:
            option = ref.consult(MOVE_LENGTH, "whether the Hero is blocked")
            exact = option != "roll-up-to"
            steps = 1 if option == "one-circle" else new["roll"]
            if self._ways_out(new, pid, board, steps, exact=exact):
                ref.violation(STARTING, f"{name} can move {steps} and must move")
            summary = f"{name} is blocked and does not move"
        elif phase == EXTRA_MOVE:
            summary = f"{name} does not take the extra move"
        elif phase == TAKE_SYMBOL:
            summary = f"{name} leaves the Dagon Symbol where it lies"
        elif phase == PLACE_TOWER:
            if self._free_whites(new, board):
                ref.violation(TOWER, f"{name} stopped on a Tower space and must introduce a Black Tower")
            summary = f"{name} places no Black Tower"
        else:  # MOVE_TOWER
            if self._free_whites(new, board):
                ref.violation(WHISTLE, f"{name} reached the Whistle and must move a Black Tower")
            summary = f"{name} moves no Black Tower"
        if phase in (MOVE, START):
            _with_hero(new, pid, pass_right=False)
        _end_turn(new)
        return summary

    def _ways_out(self, state, pid, board, steps, *, exact) -> bool:
        hero = state["heroes"][pid]
        bearer = state["symbol"]["bearer"] == pid
        _layers, ends = legal_ends(board, state, pid, steps, can_pass=bearer,
                                   exact=exact, early_city=bearer)
        return bool(ends) or hero["space"] not in board.kind

    def _free_whites(self, state, board) -> list[str]:
        symbol_space = state["symbol"]["space"]
        return [s for s in board.white
                if s != symbol_space and _free_white(board, state, s) is None]

    # -- moving: dagon/starting-the-game ------------------------------------------------

    def _on_move(self, new, pid, data, ref, board) -> str:
        path = data["path"]
        name = player_name(new, pid)
        phase = new["phase"]
        if phase == START:
            self._start_checks(new, pid, ref)
            if ref.consult(MOVE_LENGTH, "a move without a roll") != "one-circle":
                ref.violation(STARTING, f"{name} moves without rolling the fetish die",
                              point=MOVE_LENGTH)
        hero = new["heroes"][pid]
        problems, obstacles, ends_on_tower = path_report(board, new, pid, path)
        for problem in problems:
            ref.violation(STARTING, problem)
        end = path[-1]
        if end not in board.kind:
            _end_turn(new)
            return f"{name} moves to an unknown space (the Hero stays where it was)"
        steps = len(path) - 1
        bearer = new["symbol"]["bearer"] == pid
        self._check_length(new, pid, phase, steps, end, bearer, ref, board)
        # Passing obstacles: the bearer always, a duel winner on its extra move, or later
        # under dagon.duel-pass-over.
        if (obstacles or ends_on_tower) and not bearer and phase != EXTRA_MOVE:
            allowed = False
            if hero["pass_right"]:
                allowed = ref.consult(DUEL_PASS_OVER, "a duel winner passes an obstacle on a "
                                      "later move") == "next-move"
            if not allowed:
                for space in obstacles:
                    ref.violation(STARTING, f"{name} may not pass over {board.name[space]}",
                                  point=DUEL_PASS_OVER if hero["pass_right"] else None)
                if ends_on_tower:
                    ref.violation(TOWER, f"{name} may not stop on the Black Tower on "
                                  f"{board.name[end]}",
                                  point=DUEL_PASS_OVER if hero["pass_right"] else None)
        changes = {"space": end}
        if phase != EXTRA_MOVE:
            changes["pass_right"] = False
        _with_hero(new, pid, **changes)
        new["roll"] = None
        ref.effect("move", player=pid, path=list(path))
        summary = f"{name} moves to {board.name[end]}"
        others = occupants(new, end, exclude=pid)
        if others:
            if board.kind[end] == "city":
                if ref.consult(OCCUPIED_CITY, "a Hero stops in a city where another stands") == "forbidden":
                    ref.violation(CITIES, f"{name} may not stop in {board.name[end]}: "
                                  f"{player_name(new, others[0])} is there and may not be "
                                  "attacked", point=OCCUPIED_CITY)
                return summary + "; " + self._arrive(new, pid, end, ref, board)
            new["phase"] = ATTACK
            new["pending"] = {"target": others[0], "space": end}
            return summary + f" and attacks {player_name(new, others[0])}"
        return summary + self._join(self._arrive(new, pid, end, ref, board))

    @staticmethod
    def _join(text: str) -> str:
        return "; " + text if text else ""

    def _check_length(self, new, pid, phase, steps, end, bearer, ref, board) -> None:
        name = player_name(new, pid)
        if phase == EXTRA_MOVE:
            if steps != 1:
                ref.violation(SPELLS, f"the duel winner moves one more space, not {steps}")
            return
        if phase == START:  # one-circle reading (or a missing roll, already flagged)
            if steps != 1:
                ref.violation(STARTING, f"{name} moves {steps} circles, not one", point=MOVE_LENGTH)
            return
        roll = new["roll"]
        option = ref.consult(MOVE_LENGTH, "the length of the move")
        if option == "one-circle":
            if steps != 1:
                ref.violation(STARTING, f"{name} moves {steps} circles, not one", point=MOVE_LENGTH)
        elif option == "roll-up-to":
            if steps > roll:
                ref.violation(STARTING, f"{name} moves {steps} spaces with a roll of {roll}",
                              point=MOVE_LENGTH)
        elif steps > roll:
            ref.violation(STARTING, f"{name} moves {steps} spaces with a roll of {roll}",
                          point=MOVE_LENGTH)
        elif steps < roll:
            if board.kind[end] != "city":
                ref.violation(STARTING, f"{name} moves {steps} spaces with a roll of {roll}",
                              point=MOVE_LENGTH)
            elif ref.consult(CITY_EARLY_STOP, "a move ends in a city short of the roll") == "bearer" \
                    and not bearer:
                ref.violation(CITIES, f"only the bearer of the Symbol stops in a city short of its "
                              f"roll; {name} moved {steps} of {roll}", point=CITY_EARLY_STOP)

    # -- stopping on a space: the symbolic spaces take effect --------------------------

    def _arrive(self, new, pid, space, ref, board) -> str:
        """The effect of the space a Hero stops on; sets the next phase or ends the turn."""
        kind = board.kind[space]
        name = player_name(new, pid)
        if kind == "city":
            return self._reach_city(new, pid, space, ref, board)
        if kind == "spell":
            if new["heroes"][pid]["weapons"] < 1:
                if ref.consult(UNARMED_ON_SPELL, "a Hero with no weapons stops on a Spell") == "may-not-stop":
                    ref.violation(WEAPONS, f"{name} has no weapons and may not fight the Spell on "
                                  f"{board.name[space]}", point=UNARMED_ON_SPELL)
                _end_turn(new)
                return f"{name} has no weapon to fight the Spell"
            new["phase"] = SPELL_CARD
            new["pending"] = {"space": space}
            return f"{name} must fight the Spell"
        if kind == "tower":
            if new["towers"]["reserve"] > 0 and self._free_whites(new, board):
                new["phase"] = PLACE_TOWER
                return f"{name} must introduce a Black Tower"
            _end_turn(new)
            return "no Black Tower can be placed"
        if kind == "whistle":
            if new["towers"]["spaces"]:
                new["phase"] = MOVE_TOWER
                return f"{name} must move a Black Tower"
            _end_turn(new)
            return "no Black Tower is on the board to move"
        symbol = new["symbol"]
        if symbol["bearer"] is None and symbol["space"] == space:
            new["phase"] = TAKE_SYMBOL
            return f"{name} may take the Dagon Symbol"
        _end_turn(new)
        return ""

    def _reach_city(self, new, pid, city, ref, board) -> str:
        """dagon/the-cities-of-the-thrones: weapons back, and the Symbol delivered."""
        hero = new["heroes"][pid]
        name = player_name(new, pid)
        city_name = board.name[city]
        if new["symbol"]["bearer"] != pid:
            weapons = min(WEAPONS_MAX, hero["weapons"] + 1)
            _with_hero(new, pid, weapons=weapons)
            ref.effect("weapons", player=pid, weapons=weapons)
            _end_turn(new)
            return f"{name} recovers strength in {city_name} ({weapons} weapons)"
        if city != board.kromt and new["deliveries"] == 0:
            if ref.consult(SYMBOL_DESTINATION, "the first Symbol reaches a city other than "
                           "KROMT") == "kromt-first":
                weapons = min(WEAPONS_MAX, hero["weapons"] + 1)
                _with_hero(new, pid, weapons=weapons)
                _end_turn(new)
                return f"{name} reaches {city_name}, but the Symbol must go to KROMT first"
        gain = 2
        if hero["weapons"] == 0 and ref.consult(
                DELIVERY_WEAPONS, "a Hero with no weapons delivers the Symbol") == "two-plus-one":
            gain = 3
        weapons = min(WEAPONS_MAX, hero["weapons"] + gain)
        knighted = hero["knighted"] + [city]
        _with_hero(new, pid, weapons=weapons, knighted=knighted)
        new["symbol"] = {"space": None, "bearer": None}
        new["deliveries"] = new["deliveries"] + 1
        ref.effect("knighted", player=pid, city=city, weapons=weapons)
        summary = f"{name} brings the Dagon Symbol to {city_name} and is knighted"
        if len(set(knighted)) >= new["thrones_to_win"]:
            new["winner"] = pid
            new["phase"] = OVER
            new["roll"] = None
            new["pending"] = None
            ref.effect("victory", player=pid)
            return summary + f"; {name} wins with {len(set(knighted))} thrones"
        new["phase"] = PLACE_SYMBOL
        new["pending"] = {"reason": "delivered", "city": city}
        return summary

    # -- the attack: dagon/attack-between-heroes, dagon/the-lagoon ------------------------

    def _on_attack(self, new, pid, data, ref, board) -> str:
        name = player_name(new, pid)
        pending = new["pending"]
        space = pending["space"]
        target = data["target"]
        if target not in new["heroes"] or new["heroes"][target]["space"] != space:
            ref.violation(ATTACKS, f"{player_name(new, target)} is not on {board.name[space]}; "
                          f"the attack falls on {player_name(new, pending['target'])}")
            target = pending["target"]
        tname = player_name(new, target)
        attacker = new["heroes"][pid]
        # who chooses the Lagoon space: the sheet says both (dagon.lagoon-chooser)
        option = ref.consult(LAGOON_CHOOSER, "who chose the Lagoon space")
        chooser = data["lagoon_chosen_by"]
        expected = pid if option == "attacker" else target
        if chooser != expected:
            rule = LAGOON if option == "attacker" else ATTACKS
            ref.violation(rule, f"the Lagoon space was chosen by {player_name(new, chooser)}, but "
                          f"the {option} player ({player_name(new, expected)}) chooses it",
                          point=LAGOON_CHOOSER)
        if attacker["weapons"] < 1:
            ref.violation(WEAPONS, f"{name} has no weapons and cannot attack")
        kind = board.kind[space]
        if kind == "spell":
            ref.uncertain(ONE_WEAPON_ON_SPELL, "the rule on attacking a Hero on a Spell rests "
                          "on a sentence printed without its closing parenthesis")
            if attacker["weapons"] == 1:
                ref.violation(WEAPONS, f"{name} has only one weapon and may not attack "
                              f"{tname} on a Spell", citations=(ONE_WEAPON_ON_SPELL,))
        if kind == "city":
            ref.violation(CITIES, f"{tname} is in a city and may not be attacked")
        lagoon = data["lagoon"]
        if lagoon not in board.kind or board.kind[lagoon] != "lagoon":
            ref.violation(LAGOON, f"{lagoon!r} is not a Lagoon space")
        elif occupants(new, lagoon, exclude=target):
            ref.violation(LAGOON, f"{board.name[lagoon]} is not free")
        if lagoon not in board.kind:
            free = [s for s in board.lagoons if not occupants(new, s, exclude=target)]
            lagoon = free[0] if free else board.lagoons[0]
        _with_hero(new, pid, weapons=max(0, attacker["weapons"] - 1))
        _with_hero(new, target, space=lagoon)
        ref.effect("attack", player=pid, target=target, lagoon=lagoon, chosen_by=chooser)
        summary = (f"{name} attacks {tname}; {tname} goes to {board.name[lagoon]} "
                   f"(chosen by {player_name(new, chooser)})")
        if new["symbol"]["bearer"] == target:
            new["symbol"] = {"space": None, "bearer": pid}
            ref.effect("capture_symbol", player=pid, target=target)
            summary += f"; {name} captures the Dagon Symbol"
        new["pending"] = None
        if kind in ("spell", "tower", "whistle"):
            if ref.consult(ATTACK_ON_SYMBOLIC_SPACE, "the attacker stays on a symbolic space") == "no-effect":
                _end_turn(new)
                return summary
        return summary + self._join(self._arrive(new, pid, space, ref, board))

    # -- the Spells: dagon/the-spells, dagon/the-wizard-card ----------------------------

    def _on_spell_card(self, new, pid, data, ref, board) -> str:
        strength = data["strength"]
        new["pending"] = {**new["pending"], "strength": strength}
        new["phase"] = DUEL_ROLL
        ref.effect("spell_card", player=pid, strength=strength)
        return f"{player_name(new, pid)} turns over a Spell of strength {strength}"

    def _on_duel_roll(self, new, pid, data, ref, board) -> str:
        value = data["value"]
        strength = new["pending"]["strength"]
        space = new["pending"]["space"]
        name = player_name(new, pid)
        hero = new["heroes"][pid]
        if value >= strength:
            _with_hero(new, pid, pass_right=True)
            new["phase"] = EXTRA_MOVE
            new["pending"] = None
            ref.effect("duel", player=pid, won=True)
            return f"{name} rolls {value} against {strength} and wins the duel"
        _with_hero(new, pid, weapons=max(0, hero["weapons"] - 1), wizard_card=True,
                   pass_right=False)
        ref.effect("duel", player=pid, won=False)
        summary = f"{name} rolls {value} against {strength}, loses the duel and a weapon"
        if new["symbol"]["bearer"] == pid:
            if ref.consult(SYMBOL_LOSS_SIT_OUT, "the bearer loses the Symbol in a duel") == "extra-turn":
                _with_hero(new, pid, symbol_penalty=1)
            new["symbol"] = {"space": None, "bearer": None}
            new["phase"] = PLACE_SYMBOL
            new["pending"] = {"reason": "lost", "kingdom": board.kingdom[space]}
            return summary + ", and the Dagon Symbol"
        _end_turn(new)
        return summary

    # -- the Symbol: dagon/the-dagon-symbol-ark ----------------------------------------

    def _on_take_symbol(self, new, pid, data, ref, board) -> str:
        new["symbol"] = {"space": None, "bearer": pid}
        ref.effect("take_symbol", player=pid)
        _end_turn(new)
        return f"{player_name(new, pid)} takes the Dagon Symbol"

    def _on_place_symbol(self, new, pid, data, ref, board) -> str:
        space = data["space"]
        name = player_name(new, pid)
        pending = new["pending"]
        problem = _free_white(board, new, space)
        point = None
        if pending["reason"] == "lost":
            rule = WIZARD
            if problem is None and (board.kingdom[space] is None
                                    or board.kingdom[space] == pending["kingdom"]):
                problem = f"{board.name[space]} is not in another city"
        else:
            rule = CITIES
            if problem is None:
                option = ref.consult(SYMBOL_REPLACEMENT, "where the delivered Symbol goes")
                kingdom = board.kingdom[space]
                if kingdom == pending["city"] or (option == "other-city-territory" and kingdom is None):
                    problem = f"{board.name[space]} is not in another kingdom"
                    point = SYMBOL_REPLACEMENT
        if problem:
            ref.violation(rule, f"{name} may not place the Symbol there: {problem}", point=point)
        if space not in board.kind:
            space = board.tail
        new["symbol"] = {"space": space, "bearer": None}
        ref.effect("place_symbol", player=pid, space=space)
        _end_turn(new)
        return f"{name} places the Dagon Symbol on {board.name[space]}"

    # -- Black Towers: dagon/the-black-tower, dagon/the-whistle ---------------------------

    def _tower_problem(self, new, space, board) -> str | None:
        problem = _free_white(board, new, space)
        if problem is None and space == new["symbol"]["space"]:
            problem = "the Dagon Symbol lies there"
        return problem

    def _on_place_tower(self, new, pid, data, ref, board) -> str:
        space = data["space"]
        name = player_name(new, pid)
        problem = self._tower_problem(new, space, board)
        if problem:
            ref.violation(TOWER, f"a Black Tower may not go there: {problem}")
        towers = new["towers"]
        if space in board.kind and space not in towers["spaces"]:
            new["towers"] = {"reserve": towers["reserve"] - 1,
                             "spaces": sorted(towers["spaces"] + [space])}
            ref.effect("place_tower", player=pid, space=space)
        _end_turn(new)
        return f"{name} places a Black Tower on {board.name.get(space, space)}"

    def _on_move_tower(self, new, pid, data, ref, board) -> str:
        origin, space = data["from"], data["to"]
        name = player_name(new, pid)
        towers = new["towers"]
        if origin not in towers["spaces"]:
            ref.violation(WHISTLE, f"there is no Black Tower on {board.name.get(origin, origin)}")
            _end_turn(new)
            return f"{name} moves a Black Tower that is not there"
        problem = self._tower_problem(new, space, board)
        if problem:
            ref.violation(WHISTLE, f"the Black Tower may not go there: {problem}")
        if space in board.kind and space not in towers["spaces"]:
            rest = [s for s in towers["spaces"] if s != origin]
            new["towers"] = {"reserve": towers["reserve"], "spaces": sorted(rest + [space])}
            ref.effect("move_tower", player=pid, origin=origin, space=space)
        _end_turn(new)
        return (f"{name} moves the Black Tower from {board.name[origin]} to "
                f"{board.name.get(space, space)}")


ENGINE = DagonEngine()
