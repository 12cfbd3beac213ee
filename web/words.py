"""Values of a game's state and of its events, said in words for a page: yes/no for a truth
value, a player's name for their id, a space's name for its id, a list as a list, never a
Python or JSON literal."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

NOTHING = "—"
FLAG_KIND_WORDS = {
    "violation": "rule broken",
    "consulted": "reading consulted",
    "uncertain-text": "uncertain text",
}


def label(key: str) -> str:
    """``lagoon_chosen_by`` → ``lagoon chosen by``."""
    return str(key).replace("_", " ").replace("-", " ").strip()


def in_words(value, names: Mapping[str, str] | None = None) -> str:
    """One value in words; ``names`` says players and spaces by name instead of by id."""
    names = names or {}
    if value is None:
        return NOTHING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return names.get(value, value) if value else NOTHING
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return "; ".join(f"{names.get(str(k), label(k))}: {in_words(v, names)}"
                         for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        if not value:
            return "none"
        said = [in_words(item, names) for item in value]
        # Items whose own words hold a comma ("the west battlements, 4th square from the
        # north") are kept apart by semicolons.
        return ("; " if any("," in words for words in said) else ", ").join(said)
    return str(value)


def spoken_names(engine, players: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """Ids a page says by name: the board's spaces (when the engine draws a board) and the
    match's players."""
    names: dict[str, str] = {}
    if engine is not None:
        with contextlib.suppress(NotImplementedError):
            names.update(engine.layout(None).names())
    names.update({p["id"]: p.get("name") or p["id"] for p in players})
    return names


def field_names(engine, setup: Mapping | None) -> dict[str, dict[str, str]]:
    """What each event field's values are said as, by field name: the ids a field refers to
    by the engine's names for them (``A2`` → "the ghost"), and a value it allows that is made
    of words joined by hyphens in those words (``back-to-reality`` → "back to reality")."""
    said: dict[str, dict[str, str]] = {}
    if engine is None:
        return said
    setup = engine.setup_with_defaults(setup or {})
    named: dict[str, Mapping[str, str]] = {}
    for spec in engine.event_schema.values():
        for name, field in spec.fields.items():
            words = said.setdefault(name, {})
            if field.refers not in (None, "player"):
                if field.refers not in named:
                    named[field.refers] = engine.referent_names(field.refers, setup) or {}
                words.update(named[field.refers])
            for value in field.allowed or ():
                if isinstance(value, str) and value not in words and ("-" in value or "_" in value):
                    words[value] = label(value)
    return {name: words for name, words in said.items() if words}


def facts(data: Mapping | None, names: Mapping[str, str] | None = None,
          *, skip: tuple[str, ...] = (),
          fields: Mapping[str, Mapping[str, str]] | None = None) -> list[tuple[str, str]]:
    """A mapping as (label, value in words) rows; ``fields`` (``field_names``) says each
    field's values in the game's words."""
    names, fields = names or {}, fields or {}
    return [(label(key), in_words(value, {**names, **fields[key]} if key in fields else names))
            for key, value in (data or {}).items() if key not in skip]


def event_in_words(event_type: str, actor: str | None, data: Mapping | None,
                   names: Mapping[str, str] | None = None,
                   fields: Mapping[str, Mapping[str, str]] | None = None) -> str:
    """``attack`` by p1 with {"target": "p2"} → ``attack by Ana — target: Luis``."""
    names = names or {}
    said = label(event_type)
    if actor:
        said += f" by {names.get(actor, actor)}"
    details = "; ".join(f"{key}: {value}" for key, value in facts(data, names, fields=fields))
    return f"{said} — {details}" if details else said


def flag_kind_in_words(kind: str) -> str:
    return FLAG_KIND_WORDS.get(kind, label(kind))


def outcome_in_words(outcome: Mapping | None, names: Mapping[str, str] | None = None
                     ) -> list[tuple[str, str]]:
    """A run's outcome as (what, in words) rows, in one order whatever the run stored:
    whether the game ended, who won, who was eliminated, why it ended, how many events."""
    outcome, names = outcome or {}, names or {}
    eliminated = outcome.get("eliminated") or []
    length = outcome.get("length")
    return [
        ("Ended", "yes" if outcome.get("finished") else "no, the record stops before the end"),
        ("Winner", names.get(outcome["winner"], outcome["winner"]) if outcome.get("winner")
         else "nobody" if outcome.get("finished") else NOTHING),
        ("Eliminated", in_words(eliminated, names) if eliminated else "nobody"),
        ("How it ended", str(outcome.get("reason") or NOTHING)),
        ("Events replayed", NOTHING if length is None else str(length)),
    ]
