"""What a compiled clause says, in words: the decisions the engine lists as certainties (each
with the sentence it cites), and the names pages and labels use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.clauses import Clause, Fixed

# Words whose plural is not made by adding s or es (a document may also give ``plural``).
IRREGULAR = {"goose": "geese", "mouse": "mice", "man": "men", "woman": "women", "die": "dice",
             "child": "children", "ox": "oxen", "sheep": "sheep", "deer": "deer",
             "wolf": "wolves", "calf": "calves", "knife": "knives", "thief": "thieves",
             "leaf": "leaves", "half": "halves", "foot": "feet", "tooth": "teeth"}


def plural_of(word: str) -> str:
    """``word`` for more than one, as English makes it (of a phrase, its last word)."""
    head, _, last = word.rpartition(" ")
    lower = last.lower()
    if lower in IRREGULAR:
        many = IRREGULAR[lower]
        many = many.capitalize() if last[:1].isupper() else many
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def plural(count: int, word: str, many: str = "") -> str:
    return f"{count} {word if count == 1 else many or plural_of(word)}"


def effect_words(effects: tuple, spaces: Mapping[str, Any], decks: Mapping[str, Any]) -> str:
    said = []
    for operation, argument in effects:
        if operation == "jump":
            said.append(f"go on to {spaces[argument].name}")
        elif operation == "repeat":
            said.append("move again by the same throw")
        elif operation == "back_to_start":
            said.append("go back to the start")
        elif operation == "move":
            said.append(f"move {plural(abs(argument), 'space')} "
                        f"{'on' if argument > 0 else 'back'}")
        elif operation == "swap":
            said.append(f"swap places with the {'last' if argument == 'last' else 'leading'} "
                        "piece")
        elif operation == "lose_turns":
            said.append(f"lose {plural(argument, 'turn')}")
        elif operation == "wait":
            said.append("wait until another piece arrives")
        elif operation == "extra_turn":
            said.append("play again")
        elif operation == "draw":
            said.append(f"draw from {decks[argument].name}")
        elif operation == "stop":
            said.append("stop here")
        elif operation == "keep":
            said.append("kept in hand and played later")
    return "; ".join(said) or "nothing happens"


def clause_words(clause: Clause | None, say) -> str:
    """``say(value)``, or the point that decides it."""
    if clause is None:
        return ""
    if isinstance(clause, Fixed):
        return say(clause.value)
    return f"as the reading of {clause.point.id} says"


def action_words(action, game) -> str:
    said = _action_words(action, game)
    stay = action.params.get("stay_in")
    return said if stay is None else f"{said}; {_staying(stay, game)}"


def _staying(stay: Clause, game) -> str:
    """An action's ``stay_in``: which pieces may not leave which regions."""
    def kept(keep) -> str:
        kinds = sorted(piece.plural for piece in game.pieces
                       if keep.kinds is None or piece.kind in keep.kinds)
        return f"{' or '.join(kinds)} in {game.regions[keep.region].name} may not leave it"

    def say(keeps) -> str:
        return "; ".join(kept(keep) for keep in keeps) or "a piece may leave any region"

    if isinstance(stay, Fixed):
        return say(stay.value)
    return f"leaving a region: {clause_words(stay, say)}"


def _action_words(action, game) -> str:
    params = action.params

    def said(key: str) -> str:
        return clause_words(params.get(key), lambda value: (
            ("yes" if value else "no") if isinstance(value, bool)
            else str(value).replace("_", " ")))

    if action.kind == "race":
        track = game.tracks[action.track]
        return (f"a piece moves along {track.name} by the throw of {game.dice[action.dice].name};"
                f" past the end: {said('past_end')}; onto another's piece: {said('occupied')};"
                f" onto one's own: {said('own')}")
    if action.kind == "step":
        headings = clause_words(params.get("headings"), lambda value: ", ".join(
            str(heading).replace("-", " ") for heading in value))
        toward = f" ({headings})" if headings else " (any heading)"
        return (f"a piece steps to a neighbouring space{toward}; onto a piece: "
                f"{said('occupied')}")
    if action.kind == "jump":
        taken = clause_words(params.get("capture"), lambda value: {
            "remove": "taken off the board", "send_home": "sent back to where it started",
            "none": "left where it is"}.get(value, str(value)))
        return (f"a piece jumps over a neighbouring piece to the space beyond; the piece "
                f"jumped is {taken}; several jumps: {said('multiple')}; compulsory: "
                f"{said('must')}")
    if action.kind == "enter":
        to = clause_words(params.get("to"), lambda value: place_name(game, value))
        return f"a piece enters from {game.regions[action.origin].name} to {to}"
    if action.kind == "play":
        return "a card kept in hand is played"
    return "the player may pass"


def end_words(end, game) -> str:
    winner = clause_words(end.winner, lambda value: {
        "player": "that player wins", "other": "the other player wins",
        "none": "nobody wins"}.get(value) if isinstance(value, str)
        else f"the game is won by {game.roles_by_id[value[1]]}")
    if end.kind == "reach":
        where = clause_words(end.target, lambda value: place_name(game, value))
        if isinstance(end.full, Fixed) and not end.full.value:
            return f"{_reaching(end, game)} {where}: {winner}"
        full = f"{where} full with some of the player's pieces in it"
        if not isinstance(end.full, Fixed):
            full = f"{clause_words(end.full, str)}, {full}"
        return f"{_reaching(end, game)} {where}, or {full}: {winner}"
    if end.kind == "fewer":
        many = " or ".join(sorted({piece.plural for piece in game.pieces
                                   if end.kinds is None or piece.kind in end.kinds})) or "pieces"
        if isinstance(end.than, Fixed):
            return f"fewer than {end.than.value} {many} remain: {winner}"
        return f"fewer {many} remain than the reading of {end.than.point.id} says: {winner}"
    whose = "a player" if end.role is None else game.roles_by_id[end.role]
    return f"{whose} cannot move: {winner}"


def _reaching(end, game) -> str:
    """Who must reach the place, as the clause says: which kinds, and all of them or one."""
    chosen = [piece for piece in game.pieces if end.kinds is None or piece.kind in end.kinds]
    if end.kinds is None or not chosen:
        return "all of a player's pieces reach" if end.all else "a piece reaches"
    if end.all:
        return f"all of a player's {' and '.join(sorted({p.plural for p in chosen}))} reach"
    what = " or ".join(sorted({piece.name for piece in chosen}))
    return f"{'an' if what[:1] in 'aeiou' else 'a'} {what} reaches"


def place_name(game, place: str) -> str:
    if place in game.spaces:
        return game.spaces[place].name
    return game.regions[place].name
