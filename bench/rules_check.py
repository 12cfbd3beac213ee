"""How long the whole check of a rules document takes, as the browser's editor will ask for it
on every change: parse, schema, the checks the schema cannot make (references, loops of
effects, ends no move reaches, citations), compile and layout, for a generated document of 200
spaces (a race with effects, links and two points). Target: well under 300 ms. Also printed:
the same in JSON, and the simulated sample match a check shows besides (not in the target).

Usage: .venv/bin/python bench/rules_check.py [--spaces N] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

import yaml

from games.rules import check_rules

TARGET_MS = 300


def generated(spaces: int) -> dict:
    """A race of ``spaces`` spaces on a grid, with a bridge, a goose or an inn every few
    spaces, a well, links between grid neighbours, and two interpretation points."""
    width = 20
    ids = [f"s{i}" for i in range(spaces)]
    cite = {"passage": "big/rules", "quote": "Throw, then move."}
    board_spaces = []
    for i, space_id in enumerate(ids):
        space = {"id": space_id, "name": str(i), "kind": "plain",
                 "at": [40 * (i % width) + 20, 40 * (i // width) + 20]}
        if i == 0:
            space.update(kind="start", shared=True)
        elif i % 17 == 3 and i + 6 < spaces - 1:
            space.update(kind="bridge", effect={"jump": ids[i + 6]})
        elif i % 9 == 5:
            space.update(kind="goose", effect={"repeat": True})
        elif i % 23 == 11:
            space.update(kind="inn", effect={"point": "big.inn"})
        elif i == spaces // 2:
            space.update(kind="well", effect={"wait": True})
        board_spaces.append(space)
    links = [[ids[i], ids[i + width]] for i in range(spaces - width)]
    return {
        "format": "ludoteca.rules/1", "game": "big", "name": f"A race of {spaces} spaces",
        "players": {"min": 2, "max": 6}, "out_of_scope": ["nothing: generated for a bench"],
        "board": {"width": 40 * width, "height": 40 * (spaces // width + 1),
                  "provenance": {"source": "generated"}, "spaces": board_spaces,
                  "tracks": [{"id": "lane", "spaces": ids}], "links": {"rows": links}},
        "pieces": [{"kind": "pawn", "name": "pawn", "start": ids[0]}],
        "dice": [{"id": "dice", "name": "the dice", "count": 2, "faces": [1, 2, 3, 4, 5, 6]}],
        "turn": {"stages": [{"throw": "dice"}, {"act": ["advance"]}],
                 "all_waiting": "release", "cite": cite},
        "actions": [{"id": "advance", "kind": "race", "track": "lane", "dice": "dice",
                     "past_end": {"point": "big.past-end"}, "occupied": "swap",
                     "cite": cite}],
        "end": [{"reach": ids[-1], "winner": "player", "cite": cite}],
        "points": [
            {"id": "big.inn", "question": "How long at the inn?", "doubt": "conflict",
             "default": "two", "default_words": "Throw",
             "options": [{"id": "two", "description": "two", "clause": {"lose_turns": 2}},
                         {"id": "one", "description": "one", "clause": {"lose_turns": 1}}],
             "cite": cite},
            {"id": "big.past-end", "question": "Past the end?", "doubt": "unspecified",
             "default": "bounce",
             "options": [{"id": "bounce", "description": "bounce", "clause": "bounce",
                          "conjecture": "bounce"},
                         {"id": "exact", "description": "exact", "clause": "exact"}],
             "cite": cite},
        ],
    }


def timed(text: str, runs: int, **options) -> list[float]:
    found = []
    for _ in range(runs):
        started = time.process_time()
        check = check_rules(text, **options)
        found.append((time.process_time() - started) * 1000)
        assert check.ok, check.problems[:3]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spaces", type=int, default=200)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    document = generated(args.spaces)
    as_yaml = yaml.safe_dump(document, sort_keys=False)
    as_json = json.dumps(document, indent=1)
    print(f"load average {os.getloadavg()[0]:.2f}; a document of {args.spaces} spaces: "
          f"{len(as_yaml):,} characters of YAML, {len(as_json):,} of JSON")
    ok = True
    for name, text in (("YAML", as_yaml), ("JSON", as_json)):
        times = timed(text, args.runs, sample=False)
        median = statistics.median(times)
        ok = ok and median < TARGET_MS
        print(f"check {name}: parse, schema, checks, compile, layout: median {median:6.1f} ms, "
              f"max {max(times):6.1f} ms ({'ok' if median < TARGET_MS else 'ABOVE'} target "
              f"{TARGET_MS} ms)")
    sampled = timed(as_yaml, max(3, args.runs // 4))
    print(f"check YAML with its simulated sample match: median {statistics.median(sampled):6.1f} "
          "ms (the sample is not in the target)")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
