"""What a record could hold next: the choices ``Engine.legal_events`` offers.

As OpenSpiel's legal actions with chance nodes: a player's decision and each outcome of a die
or a draw are separate choices, and a choice carries exactly the event ``append_events`` takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.flags import CONSULTED, VIOLATION


@dataclass(frozen=True)
class Choice:
    """One event a correct record could hold next.

    ``event`` is ``{"type", "actor", "data"}`` as appended, without the ``open_fields``: data
    keys the record must supply because the rules cannot enumerate them (a card the rulebook
    never lists). ``optional_fields`` are data keys the record may give or leave out, with any
    value its schema allows (a card's printed number, when the rules leave it to the record).
    ``label`` is one sentence in the game's words ("Ana moves to KROMT").
    ``chance`` marks an outcome of a die or a draw rather than a decision. ``spaces`` are the
    board spaces it touches (a page highlights them); ``points`` the interpretation points
    whose reading decided that this choice is legal.
    """

    event: Mapping[str, Any]
    label: str
    chance: bool = False
    open_fields: tuple[str, ...] = ()
    spaces: tuple[str, ...] = ()
    points: tuple[str, ...] = ()
    optional_fields: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {
            "event": {
                "type": self.event["type"],
                "actor": self.event.get("actor"),
                "data": dict(self.event.get("data") or {}),
            },
            "label": self.label,
            "chance": self.chance,
            "open_fields": list(self.open_fields),
            "spaces": list(self.spaces),
            "points": list(self.points),
            "optional_fields": list(self.optional_fields),
        }

    def matches(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` is this choice: same type, actor and data, with every open field
        supplied (its value is the record's to give) and any of the optional fields."""
        if event.get("type") != self.event["type"]:
            return False
        if event.get("actor") != self.event.get("actor"):
            return False
        given = event.get("data") or {}
        fixed = self.event.get("data") or {}
        if any(name not in given for name in self.open_fields):
            return False
        keys = set(given) - set(self.open_fields) - set(self.optional_fields)
        return keys == set(fixed) and all(given[key] == fixed[key] for key in keys)

    def filled(self, values: Mapping[str, Any]) -> dict:
        """The event with its open fields given ``values``."""
        data = {**(self.event.get("data") or {}), **{k: values[k] for k in self.open_fields}}
        return {"type": self.event["type"], "actor": self.event.get("actor"), "data": data}


def event(type_: str, actor: str | None, **data: Any) -> dict:
    """An event as a choice carries it."""
    return {"type": type_, "actor": actor, "data": data}


def matching_choice(choices: Iterable[Choice], event: Mapping[str, Any]) -> Choice | None:
    for choice in choices:
        if choice.matches(event):
            return choice
    return None


def keep_legal(engine, state: dict, choices: Sequence[Choice], interpretation) -> list[Choice]:
    """The choices that apply without a violation under ``interpretation``, each naming the
    points its application consulted. Choices with open fields cannot be tried without their
    values and pass through as the game built them."""
    kept = []
    for choice in choices:
        if choice.open_fields:
            kept.append(choice)
            continue
        step = engine.apply(state, choice.event, interpretation)
        if any(flag.kind == VIOLATION for flag in step.flags):
            continue
        consulted = tuple(sorted({flag.point for flag in step.flags
                                  if flag.kind == CONSULTED and flag.point}))
        if consulted != choice.points:
            choice = Choice(event=choice.event, label=choice.label, chance=choice.chance,
                            open_fields=choice.open_fields, spaces=choice.spaces,
                            points=consulted, optional_fields=choice.optional_fields)
        kept.append(choice)
    return kept
