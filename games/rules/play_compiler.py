"""The play of a document compiled: its actions (what each kind of move may say), the stages
of a turn, and the ends of the game, resolved against the board and the pieces the compiler
has already read (``compiler``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from games.rules.clauses import Clause
from games.rules.compiler import ACTION_KEYS, CLAUSE_KEYS, REQUIRED, Compiler
from games.rules.model import Action, Dice, End, Keep, Special, Stage


def compile_actions(c: Compiler) -> None:
    for index, raw in enumerate(c.doc["actions"]):
        path = ("actions", index)
        if raw["id"] in c.actions:
            c.problem((*path, "id"), f"the action {raw['id']!r} is defined twice")
            continue
        action = _action(c, raw, path)
        if action is not None:
            c.actions[action.id] = action


def _action(c: Compiler, raw: Mapping[str, Any], path: tuple) -> Action | None:
    kind = raw["kind"]
    keys = ACTION_KEYS[kind]
    ok = True
    for key in raw:
        if key not in keys and key not in ("id", "kind", "cite"):
            c.problem((*path, key), f"a {kind} action has no {key!r} (its keys: "
                         f"{', '.join(sorted(keys)) or 'none besides id, kind and cite'})")
            ok = False
    for key, default in keys.items():
        if default is REQUIRED and key not in raw:
            c.problem(path, f"a {kind} action needs {key!r}")
            ok = False
    if not ok:
        return None
    citations = c.citing.cites(raw["cite"], (*path, "cite"))
    if not citations:
        return None
    kinds = None
    if "pieces" in raw:
        unknown = [kind_ for kind_ in raw["pieces"] if kind_ not in c.kinds]
        for name in unknown:
            c.problem((*path, "pieces"), f"{name!r} is not a kind of piece")
        if unknown:
            return None
        kinds = frozenset(raw["pieces"])
    track = raw.get("track")
    if track is not None and track not in c.tracks:
        c.absent("track", track, (*path, "track"), f"{track!r} is not a track of the board")
        return None
    dice = raw.get("dice")
    if dice is not None and dice not in c.dice:
        c.absent("dice", dice, (*path, "dice"), f"{dice!r} are not dice of the game")
        return None
    origin = raw.get("from")
    if origin is not None and origin not in c.regions:
        c.absent("region", origin, (*path, "from"), f"{origin!r} is not a region of the board")
        return None
    cards = None
    if "cards" in raw:
        cards = frozenset(raw["cards"])
        for name in raw["cards"]:
            if name not in c.cards:
                c.absent("card", name, (*path, "cards"), f"{name!r} is not a card")
                ok = False
    params: dict[str, Clause] = {}
    for key in CLAUSE_KEYS:
        if key not in keys:
            continue
        given = raw.get(key, keys[key])
        if given is None:
            continue
        def judged(v: Any, p: tuple, key: str = key) -> Any:
            return _parameter(c, key, v, p, raw)

        clause = c.clause(given, (*path, key), judged, f"{raw['id']}: {key.replace('_', ' ')}")
        if clause is None:
            ok = False
        else:
            params[key] = clause
    if not ok:
        return None
    return Action(raw["id"], kind, kinds, citations[0].passage, citations, params,
                  track=track, dice=dice, over=raw.get("over", "others"), origin=origin,
                  cards=cards)


def _parameter(c: Compiler, key: str, value: Any, path: tuple, raw: Mapping[str, Any]) -> Any:
    """One action clause's value, checked against the board and the dice."""
    if key == "along":
        unknown = [name for name in value if name not in c.links]
        for name in unknown:
            c.problem(path, f"{name!r} is not a set of links of the board (links: "
                         f"{', '.join(c.links) or 'none'})")
        return None if unknown else tuple(value)
    if key == "headings":
        return frozenset(value)
    if key == "throws":
        return _totals_only(c, value, path, _totals_shown(c), "the dice")
    if key == "to":
        if value not in c.spaces and value not in c.regions:
            c.problem(path, f"{value!r} is not a space or region")
            return None
        return value
    if key == "special_throws":
        return _specials(c, value, path, raw)
    if key == "stay_in":
        return _keeps(c, value, path, raw)
    return value


def _keeps(c: Compiler, value: str | list, path: tuple, raw: Mapping[str, Any]
           ) -> tuple[Keep, ...] | None:
    """The regions an action's pieces may not leave: a region's id (every piece the action
    moves), or a list of ``{region, pieces}``; a space or a kind the action never moves is
    a problem (the piece could never be kept)."""
    items = [{"region": value}] if isinstance(value, str) else value
    moved = raw.get("pieces")
    found, ok = [], True
    for index, item in enumerate(items):
        at = path if isinstance(value, str) else (*path, index)
        region = item["region"]
        if region not in c.regions:
            where = (at if isinstance(value, str) else (*at, "region"))
            if region in c.spaces:
                c.problem(where, f"stay_in needs a region to stay in; {region!r} is a space")
            else:
                c.absent("region", region, where, f"{region!r} is not a region of the board")
            ok = False
            continue
        kinds = item.get("pieces")
        strangers = [kind for kind in kinds or () if kind not in c.kinds or (
            moved is not None and kind not in moved)]
        for kind in strangers:
            c.problem((*at, "pieces"), f"{kind!r} is not a kind of piece this action moves")
        if strangers:
            ok = False
            continue
        found.append(Keep(region, frozenset(c.regions[region].spaces),
                          None if kinds is None else frozenset(kinds)))
    return tuple(found) if ok else None


def _totals_shown(c: Compiler) -> frozenset[int] | None:
    """Every total a throw of the document's dice can show (None when it has no dice): a
    clause that waits for another total could never be met."""
    if not c.dice:
        return None
    shown: set[int] = set()
    for dice in c.dice.values():
        shown |= _totals_of(dice)
    return frozenset(shown)


def _totals_only(c: Compiler, value: list, path: tuple, shown: frozenset[int] | None,
                 dice_words: str) -> frozenset[int] | None:
    """The totals ``value`` lists, when ``shown`` (None: anything) has each; else None, a
    problem named at each other (a clause that waits for it could never be met)."""
    impossible = [(index, total) for index, total in enumerate(value)
                  if shown is not None and total not in shown]
    for index, total in impossible:
        c.problem((*path, index), f"{total} is not a total {dice_words} can show "
                                  f"({', '.join(str(t) for t in sorted(shown or ()))})")
    return None if impossible else frozenset(value)


def _totals_of(dice: Dice) -> frozenset[int]:
    """Every total one throw of ``dice`` can show."""
    if dice.combine in ("highest", "lowest"):
        return frozenset(dice.faces)
    sums = {0}
    for _ in range(dice.count):
        sums = {total + face for total in sums for face in dice.faces}
    return frozenset(sums)


def _specials(c: Compiler, value: list, path: tuple, raw: Mapping[str, Any]) -> tuple | None:
    dice_id = raw.get("dice")
    dice = c.dice.get(dice_id) if isinstance(dice_id, str) else None
    found, ok = [], True
    for index, item in enumerate(value):
        at = (*path, index)
        if dice is not None and (len(item["dice"]) != dice.count or
                                 any(face not in dice.faces for face in item["dice"])):
            c.problem((*at, "dice"), f"{item['dice']} is not a throw of "
                         f"{dice.count} dice with faces {list(dice.faces)}")
            ok = False
        for key in ("to", "from"):
            if key in item and item[key] not in c.spaces:
                c.problem((*at, key), f"{item[key]!r} is not a space of the board")
                ok = False
        found.append(Special(tuple(sorted(item["dice"])), item["to"], item.get("from"),
                             item.get("first_throw", False)))
    return tuple(found) if ok else None


def compile_turn(c: Compiler) -> tuple[tuple[Stage, ...], Clause | None, Clause | None]:
    turn = c.doc["turn"]
    c.turn_citations = c.citing.cites(turn["cite"], ("turn", "cite"))
    stages = []
    for index, raw in enumerate(turn["stages"]):
        stage = _stage(c, raw, ("turn", "stages", index), index)
        if stage is not None:
            stages.append(stage)
    first = c.clause(turn.get("first", "seat-order"), ("turn", "first"),
                        lambda v, p: _first_player(c, v, p), "who plays first")
    all_waiting = None
    if "all_waiting" in turn:
        all_waiting = c.clause(turn["all_waiting"], ("turn", "all_waiting"),
                                  lambda v, p: v, "what happens when every player waits")
    return tuple(stages), first, all_waiting


def _first_player(c: Compiler, value: Any, path: tuple) -> str | None:
    if value == "seat-order":
        return "seat-order"
    if value["role"] not in c.roles:
        c.problem(path, f"{value['role']!r} is not a role")
        return None
    return value["role"]


def _stage(c: Compiler, raw: Mapping[str, Any], path: tuple, index: int) -> Stage | None:
    kinds = [kind for kind in ("throw", "draw", "act") if kind in raw]
    if len(kinds) != 1:
        c.problem(path, "a stage is one of throw, draw or act (it gives "
                     f"{' and '.join(kinds) or 'none'})")
        return None
    kind = kinds[0]
    rule = c.rule_of(raw.get("cite"), (*path, "cite"), c.turn_rule)
    again_on = None
    if "again_on" in raw:
        if kind != "throw":
            c.problem((*path, "again_on"), "again_on belongs to a throw stage")
            return None
        dice = c.dice.get(raw["throw"]) if isinstance(raw.get("throw"), str) else None
        # Unknown dice: said below, so any total stands here.
        shown = _totals_of(dice) if dice is not None else None
        again_on = c.clause(raw["again_on"], (*path, "again_on"),
                            lambda value, at: _totals_only(c, value, at, shown,
                                                           dice.name if dice else ""),
                            "which throws are thrown again")
        if again_on is None:
            return None
    if kind == "throw":
        if raw["throw"] not in c.dice:
            c.absent("dice", raw["throw"], (*path, "throw"),
                     f"{raw['throw']!r} are not dice of the game")
            return None
        return Stage(index, kind, raw["throw"], (), raw.get("optional", False), again_on,
                     rule)
    if kind == "draw":
        if raw["draw"] not in c.decks:
            c.absent("deck", raw["draw"], (*path, "draw"), f"{raw['draw']!r} is not a deck")
            return None
        return Stage(index, kind, raw["draw"], (), raw.get("optional", False), None, rule)
    actions = []
    for number, name in enumerate(raw["act"]):
        if name in c.actions:
            actions.append(c.actions[name])
        else:
            c.absent("action", name, (*path, "act", number), f"{name!r} is not an action")
    if len(actions) != len(raw["act"]):
        return None
    return Stage(index, kind, None, tuple(actions), raw.get("optional", False), None, rule)


def compile_ends(c: Compiler) -> tuple[End, ...]:
    ends = []
    two = c.doc["players"]["max"] == 2
    for index, raw in enumerate(c.doc["end"]):
        path = ("end", index)
        kinds = [kind for kind in ("reach", "fewer", "blocked") if kind in raw]
        if len(kinds) != 1:
            c.problem(path, "an end is one of reach, fewer or blocked (it gives "
                         f"{' and '.join(kinds) or 'none'})")
            continue
        kind = kinds[0]
        if kind != "reach" and ("all" in raw or "full" in raw or "pieces" in raw):
            c.problem(path, "all, full and pieces belong to a reach end")
            continue
        citations = c.citing.cites(raw["cite"], (*path, "cite"))
        winner = c.clause(raw["winner"], (*path, "winner"),
                             lambda v, p: _winner(c, v, p, two), "who wins")
        if not citations or winner is None:
            continue
        end = End(kind, citations[0].passage, citations, winner)
        if kind == "reach":
            target = c.clause(raw["reach"], (*path, "reach"), lambda v, p: _place(c, v, p),
                              "where wins")
            kinds_ = _piece_kinds(c, raw.get("pieces"), (*path, "pieces"))
            full = c.clause(raw.get("full", False), (*path, "full"),
                            partial(_full, c, target=raw["reach"]), "whether a full place wins")
            if target is None or kinds_ is False or full is None:
                continue
            end = End(kind, end.rule, citations, winner, target=target,
                      all=raw.get("all", False), full=full, kinds=kinds_)
        elif kind == "fewer":
            kinds_ = _piece_kinds(c, raw["fewer"]["pieces"], (*path, "fewer", "pieces"))
            than = c.clause(raw["fewer"]["than"], (*path, "fewer", "than"),
                               lambda v, p: v, "how few pieces end the game")
            if kinds_ is False or than is None:
                continue
            end = End(kind, end.rule, citations, winner, kinds=kinds_, than=than)
        else:
            role = None if raw["blocked"] == "any" else raw["blocked"]["role"]
            if role is not None and role not in c.roles:
                c.problem((*path, "blocked"), f"{role!r} is not a role")
                continue
            end = End(kind, end.rule, citations, winner, role=role)
        ends.append(end)
    return tuple(ends)


def _full(c: Compiler, value: bool, path: tuple, *, target: object) -> bool | None:
    """A full place wins only a region's end (a space is full as soon as it is reached)."""
    if value and isinstance(target, str) and target in c.spaces:
        c.problem(path, f"full: true needs a region to fill; {target!r} is a space")
        return None
    return value


def _place(c: Compiler, value: str, path: tuple) -> str | None:
    if value not in c.spaces and value not in c.regions:
        c.problem(path, f"{value!r} is not a space or region")
        return None
    return value


def _piece_kinds(c: Compiler, names, path: tuple):
    if names is None:
        return None
    unknown = [name for name in names if name not in c.kinds]
    for name in unknown:
        c.problem(path, f"{name!r} is not a kind of piece")
    return False if unknown else frozenset(names)


def _winner(c: Compiler, value: Any, path: tuple, two: bool) -> Any:
    if value == "other" and not two:
        c.problem(path, "'other' names the one other player: only for a game of at "
                     "most two players")
        return None
    if isinstance(value, dict):
        if value["role"] not in c.roles:
            c.problem(path, f"{value['role']!r} is not a role")
            return None
        return ("role", value["role"])
    return value
