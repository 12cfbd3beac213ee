"""Checks of the whole document, once its parts are compiled: the turn's stages (what each
can take, in what order), what is declared and never used, effects that would move a piece for
ever (6 → 12 → 6), ends no move can ever bring about, and the certainties the citations
settle. ``assemble`` runs the compiler and these, and gives the game or the problems."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.core.points import Certainty
from games.core.rulebook import Rulebook
from games.rules.clauses import Clause, Fixed, Switch
from games.rules.compiler import Compiler
from games.rules.geometry import walk
from games.rules.model import MOTION, RulesGame, Stage
from games.rules.play_compiler import compile_actions, compile_ends, compile_turn
from games.rules.problems import Problem, in_order
from games.rules.source import Source
from games.rules.words import action_words, clause_words, effect_words, end_words, plural

MOST_READINGS = 256  # combinations of the points on effects tried for loops


def assemble(document: Mapping[str, Any], source: Source,
             passages: Mapping[str, str] | None) -> tuple[RulesGame | None, tuple[Problem, ...]]:
    compiler = Compiler(document, source, passages)
    compiler.compile_roles()
    compiler.compile_board()
    compiler.compile_points()
    pieces = compiler.compile_pieces()
    compiler.compile_dice()
    compiler.compile_decks()
    compiler.space_effects()
    compile_actions(compiler)
    finish_lines(compiler)
    stages, first, all_waiting = compile_turn(compiler)
    ends = compile_ends(compiler)
    if compiler.problems:
        return None, in_order(compiler.problems)
    check_stages(compiler, stages)
    check_use(compiler, stages, all_waiting)
    check_loops(compiler, pieces)
    check_ends(compiler, pieces, ends)
    if compiler.problems:
        return None, in_order(compiler.problems)
    assert first is not None  # a turn whose first player is unreadable is a problem above
    game = RulesGame(
        game=compiler.game, name=document["name"], document=dict(document),
        min_players=document["players"]["min"], max_players=document["players"]["max"],
        roles=tuple(compiler.roles.items()), spaces=compiler.spaces,
        space_order=tuple(compiler.spaces), tracks=compiler.tracks, links=compiler.links,
        regions=compiler.regions, pieces=tuple(pieces), dice=compiler.dice,
        decks=compiler.decks, cards=compiler.cards, stages=stages, actions=compiler.actions,
        ends=ends, first=first, all_waiting=all_waiting or Fixed("release"),
        points=tuple(point for point, _ in compiler.points.values()), certainties=(),
        rulebook=Rulebook(compiler.game, sorted(p.split("/", 1)[1]
                                                for p in compiler.citing.cited)),
        turn_rule=compiler.turn_rule, turn_citations=compiler.turn_citations,
        end_rule=ends[0].rule,
        out_of_scope=tuple(document["out_of_scope"]), board=dict(document["board"]),
        hides=any(card.keep for card in compiler.cards.values()),
        region_of={})
    for region in game.regions.values():
        for space in region.spaces:
            game.region_of.setdefault(space, region.id)
    game.certainties = certainties(compiler, game)
    return game, ()


# -- the turn --------------------------------------------------------------------------------


def check_stages(compiler: Compiler, stages: tuple[Stage, ...]) -> None:
    """An optional stage is skipped by recording the next stage's event, so the stages a
    record may be at together must take different events; a move counted by a throw needs
    that throw earlier in the turn."""
    for start, stage in enumerate(stages):
        seen: dict[str, int] = {}
        for later in stages[start:]:
            for event_type in sorted(later.event_types - {"pass"}):
                if event_type in seen:
                    compiler.problem(("turn", "stages", later.index),
                                     f"stages {seen[event_type] + 1} and {later.index + 1} "
                                     f"could both take the next {event_type} (an optional "
                                     "stage is skipped by the next stage's event)")
                seen[event_type] = later.index
            if not later.optional:
                break
        for action in stage.actions:
            thrown = {earlier.target for earlier in stages[:start] if earlier.kind == "throw"}
            needs = action.dice if action.kind == "race" else (
                "any" if action.kind == "enter" and "throws" in action.params else None)
            if (needs == "any" and not thrown) or (needs not in (None, "any") and needs not in thrown):
                compiler.problem(("turn", "stages", stage.index),
                                 f"the action {action.id!r} counts a throw, but no earlier "
                                 "stage of the turn throws "
                                 f"{'dice' if needs == 'any' else repr(needs)}")


def check_use(compiler: Compiler, stages: tuple[Stage, ...], all_waiting: Clause | None) -> None:
    acted = {action.id for stage in stages for action in stage.actions}
    for index, raw in enumerate(compiler.doc["actions"]):
        if raw["id"] not in acted:
            compiler.problem(("actions", index), f"the action {raw['id']!r} is in no stage of "
                             "the turn")
    thrown = {stage.target for stage in stages if stage.kind == "throw"}
    for index, raw in enumerate(compiler.doc.get("dice", [])):
        if raw["id"] not in thrown:
            compiler.problem(("dice", index), f"the dice {raw['id']!r} are thrown at no stage")
    kinds = {action.kind for action in compiler.actions.values()}
    keeps = [card.id for card in compiler.cards.values() if card.keep]
    if keeps and "play" not in kinds:
        compiler.problem(("decks",), f"{keeps[0]!r} is kept in a hand, but no play action "
                         "lets anyone play it")
    if "play" in kinds and not keeps:
        compiler.problem(("actions",), "a play action, but no card is kept in a hand")
    waits = any(("wait", True) in effects for space in compiler.spaces.values()
                for clause in (space.effect,) if clause is not None
                for effects in clause.values())
    if waits and all_waiting is None:
        compiler.problem(("turn",), "with wait effects every player may end up waiting: say "
                         "what happens then (all_waiting: end or release, or a point)")
    for point_id, (_point, index) in compiler.points.items():
        if point_id not in compiler.point_uses:
            compiler.problem(("points", index), f"no clause names the point {point_id!r}, so "
                             "no reading of it can change anything")


def finish_lines(compiler: Compiler) -> None:
    """A race's last space holds the pieces that have run their race, as many as come: as a
    ``shared`` space, nothing is blocked, swapped or taken there (a counter home does not stop
    the next)."""
    for action in compiler.actions.values():
        if action.kind == "race" and action.track in compiler.tracks:
            last = compiler.tracks[action.track].spaces[-1]
            if last in compiler.spaces and not compiler.spaces[last].shared:
                compiler.spaces[last] = replace(compiler.spaces[last], shared=True,
                                                shared_by=None)


# -- effects that never stop -----------------------------------------------------------------


def check_loops(compiler: Compiler, pieces) -> None:
    """Follow every chain of moving effects (jump, repeat, move, back to the start) from every
    space, for every count a race throw gives and every reading of the points on effects: one
    that comes back where it was would move a piece for ever."""
    spaces = compiler.spaces
    moving = [space for space in spaces.values() if space.effect is not None and any(
        operation in MOTION for effects in space.effect.values() for operation, _ in effects)]
    if not moving:
        return
    races = [action for action in compiler.actions.values() if action.kind == "race"]
    counts = sorted({compiler.dice[action.race_dice].total(values) for action in races
                     for values in compiler.dice[action.race_dice].outcomes.values})
    ends = sorted({value for action in races for value in action.params["past_end"].values()})
    effects_of = {space.id: space.effect for space in moving if space.effect is not None}
    uses_repeat = any(operation == "repeat" for clause in effects_of.values()
                      for effects in clause.values() for operation, _ in effects)
    if uses_repeat and not races:
        at = compiler.space_paths[moving[0].id]
        compiler.problem(at, "repeat moves again by the same throw: the game needs a race "
                         "action")
        return
    starts = sorted({start for piece in pieces for start in piece.starts})
    moving_ids = {space.id for space in moving}
    switches = {clause.point.id: clause for clause in effects_of.values()
                if isinstance(clause, Switch)}
    options = [list(switch.by_option) for switch in switches.values()]
    for combination in itertools.islice(itertools.product(*options), MOST_READINGS):
        chosen = dict(zip(switches, combination, strict=True))

        def effect_of(space_id: str, chosen=chosen) -> tuple:
            if space_id not in moving_ids:
                return ()
            clause = effects_of[space_id]
            if isinstance(clause, Fixed):
                return clause.value
            return clause.by_option[chosen[clause.point.id]]

        for count in counts or [0]:
            for past_end in ends or ["stop"]:
                loop = _first_loop(compiler, moving, effect_of, count, past_end, starts)
                if loop:
                    reading = ", ".join(f"{p}={o}" for p, o in chosen.items())
                    compiler.problem(compiler.space_paths[loop[0]],
                                     "the effects loop for ever: " + " → ".join(loop) +
                                     (f" (a throw of {count})" if uses_repeat else "") +
                                     (f" under {reading}" if reading else ""))
                    return


def _first_loop(compiler, moving, effect_of, count, past_end, starts) -> list[str] | None:
    tracks = list(compiler.tracks.values())

    def next_spaces(space: str, direction: int) -> list[tuple[str, int]]:
        for operation, argument in effect_of(space):
            if operation == "jump":
                return [(argument, direction)]
            if operation == "back_to_start":
                return [(start, 1) for start in starts]
            if operation in ("repeat", "move"):
                steps = count if operation == "repeat" else argument
                for track in tracks:
                    if space in track.index:
                        walked = walk(track.spaces, track.index[space], steps, direction,
                                      past_end)
                        return [] if walked is None else [(track.spaces[walked[0]], walked[1])]
                return []
        return []

    for space in moving:
        found = _cycle_from((space.id, 1), next_spaces)
        if found:
            return found
    return None


def _cycle_from(start: tuple[str, int], following) -> list[str] | None:
    """The spaces of a cycle reachable from ``start`` (depth first), or None."""
    trail: list[tuple[str, int]] = []
    on_trail: set[tuple[str, int]] = set()
    finished: set[tuple[str, int]] = set()
    stack = [(start, iter(following(*start)))]
    trail.append(start)
    on_trail.add(start)
    while stack:
        node, onward = stack[-1]
        step = next(onward, None)
        if step is None:
            stack.pop()
            trail.pop()
            on_trail.discard(node)
            finished.add(node)
            continue
        if step in on_trail:
            return [space for space, _ in trail[trail.index(step):]] + [step[0]]
        if step not in finished:
            trail.append(step)
            on_trail.add(step)
            stack.append((step, iter(following(*step))))
    return None


# -- ends that cannot come ------------------------------------------------------------------


def check_ends(compiler: Compiler, pieces, ends) -> None:
    reachable = _reachable(compiler, pieces)
    for index, end in enumerate(ends):
        path = ("end", index)
        if end.kind == "reach":
            for place in end.target.values():
                spaces = compiler.regions[place].spaces if place in compiler.regions else (place,)
                if not reachable & set(spaces):
                    compiler.problem((*path, "reach"), f"no piece can ever reach {place!r}: no "
                                     "move or effect leads there from a starting space")
        elif end.kind == "fewer":
            takers = [action for action in compiler.actions.values()
                      if (action.kind == "jump" and "remove" in action.params["capture"].values())
                      or "capture" in action.params.get("occupied", Fixed(None)).values()]
            if not takers:
                compiler.problem((*path, "fewer"), "this end can never come: no action takes a "
                                 "piece off the board (a jump that removes, or occupied: capture)")
            counted = sum(len(piece.starts) for piece in pieces
                          if piece.owner is not None and piece.kind in end.kinds)
            for than in end.than.values():
                if counted and counted < than:
                    compiler.problem((*path, "fewer", "than"), f"there are only {counted} at the "
                                     f"start: fewer than {than} holds before the first move")


def _reachable(compiler: Compiler, pieces) -> set[str]:
    """Every space some piece could ever stand on, generously: links both ways, tracks both
    ways, every reading's clauses at once."""
    edges: dict[str, set[str]] = {space: set() for space in compiler.spaces}

    def join(a: str, b: str, both: bool = True) -> None:
        edges[a].add(b)
        if both:
            edges[b].add(a)

    starts = {start for piece in pieces for start in piece.starts}
    for action in compiler.actions.values():
        if action.kind == "race":
            track = compiler.tracks[action.race_track]
            for a, b in itertools.pairwise(track.spaces):
                join(a, b)
            for specials in action.params["special_throws"].values():
                for special in specials:
                    for space in (special.origin and (special.origin,)) or track.spaces:
                        join(space, special.to, both=False)
        elif action.kind in ("step", "jump"):
            for names in action.params["along"].values():
                for name in names:
                    for a, others in compiler.links[name].items():
                        for b in others:
                            join(a, b)
        elif action.kind == "enter":
            for to in action.params["to"].values():
                targets = compiler.regions[to].spaces if to in compiler.regions else (to,)
                for a in compiler.regions[action.entry_region].spaces:
                    for b in targets:
                        join(a, b, both=False)
    for space in compiler.spaces.values():
        for clause in (space.effect,):
            for effects in clause.values() if clause is not None else ():
                for operation, argument in effects:
                    if operation == "jump":
                        join(space.id, argument, both=False)
                    elif operation == "back_to_start":
                        for start in starts:
                            join(space.id, start, both=False)
    seen, frontier = set(starts), list(starts)
    while frontier:
        for following in edges[frontier.pop()]:
            if following not in seen:
                seen.add(following)
                frontier.append(following)
    return seen


# -- certainties -----------------------------------------------------------------------------


def certainties(compiler: Compiler, game: RulesGame) -> tuple[Certainty, ...]:
    """Every clause that cites a sentence and is not a point: what it decides, in words."""
    found = []
    for path, citations, deciding in compiler.citing.settled:
        topic, decision = _decided(compiler, game, path[:-1])
        slug = ".".join(str(step) for step in path[:-1])
        found.append(Certainty(f"{game.game}.{slug}", topic, decision, citations, deciding))
    return tuple(found)


def _decided(compiler: Compiler, game: RulesGame, path: tuple) -> tuple[str, str]:
    doc = compiler.doc
    head = path[0]
    if head == "board":
        raw = doc["board"][path[1]][path[2]]
        if path[1] == "spaces":
            space = game.spaces[raw["id"]]
            said = clause_words(space.effect, lambda e: effect_words(e, game.spaces, game.decks))
            safe = ("safe: a piece there is not taken, and no other player's piece may end there"
                    if space.safe and space.safe_by is None else
                    f"safe {clause_words(space.safe_by, str)}" if space.safe else "")
            said = "; ".join(words for words in (said, safe) if words)
            return (f"the space {space.name}",
                    f"a {space.kind} space" + (f": {said}" if said else ""))
        spaces = raw["spaces"]
        ends = f"from {game.spaces[spaces[0]].name} to {game.spaces[spaces[-1]].name}"
        return (f"the {path[1][:-1]} {raw.get('name', raw['id'])}",
                f"{plural(len(spaces), 'space')}, {ends}")
    if head == "roles":
        raw = doc["roles"][path[1]]
        return f"the role {raw['name']}", f"seat {path[1] + 1} plays {raw['name']}"
    if head == "pieces":
        piece = doc["pieces"][path[1]]
        owner = piece.get("owner", "each")
        whose = "each player" if owner == "each" else game.roles_by_id[owner]
        compiled = game.pieces[path[1]]
        return (f"the {piece['name']} pieces",
                f"{whose}: {plural(len(compiled.starts), piece['name'], compiled.plural)}")
    if head == "dice":
        dice = game.dice[doc["dice"][path[1]]["id"]]
        faces = ", ".join(map(str, dice.faces))
        return (f"the dice {dice.name}",
                f"{dice.count} with faces {faces}, combined by {dice.combine}")
    if head == "decks":
        deck = game.decks[doc["decks"][path[1]]["id"]]
        if len(path) > 3:
            card = game.cards[doc["decks"][path[1]]["cards"][path[3]]["id"]]
            said = clause_words(card.effect, lambda e: effect_words(e, game.spaces, game.decks))
            return (f"the card {card.name}",
                    f"{plural(card.count, 'copy')}; {said or 'no effect'}")
        again = "reshuffled when empty" if deck.reshuffle else "never reshuffled"
        return f"the deck {deck.name}", f"{sum(card.count for card in deck.cards)} cards; {again}"
    if head == "turn":
        if len(path) > 2:
            stage = game.stages[path[2]]
            what = {"throw": "a throw", "draw": "a draw",
                    "act": "one of " + ", ".join(a.id for a in stage.actions)}[stage.kind]
            return f"stage {path[2] + 1} of a turn", what + (" (optional)" if stage.optional
                                                             else "")
        return "the turn", "players play one after another in seat order, " + \
            plural(len(game.stages), "stage") + " a turn"
    if head == "actions":
        action = game.actions[doc["actions"][path[1]]["id"]]
        return f"the action {action.id}", action_words(action, game)
    end = game.ends[path[1]]
    return f"end {path[1] + 1}", end_words(end, game)

