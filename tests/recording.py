"""Re-recording a simulated match on the recorder page, as a person with the score sheet would:
for each event of the document, the choice the page offers for it and the answers to its open
fields in the page's words (the labels it shows), and where the board picks it.

Everything here comes from the engine's choices (their fields, domains, origins and targets),
never from knowledge of one game, so a fifth game is re-recorded with no change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from archive.models import Game
from games.core.canonical import state_checksum
from games.core.choices import ACTOR, Choice, OneOf, covering
from games.core.engine import Engine
from games.core.replay import replay_document
from replay.log.interchange import export_document
from replay.log.matches import match_create
from replay.recorder.questions import Question, choice_key, questions, typed
from replay.runs.replaying import replay_match


@dataclass
class Answer:
    """One open field as a person answers it: ``labels`` the option texts to pick (one for a
    one-of, each item in order for a some-of), ``text`` what to type otherwise."""

    question: Question
    value: Any
    labels: list[str]
    text: str = ""
    details: Sequence[tuple[str, str]] = ()


@dataclass
class BoardPick:
    """Picking a choice on the board: the piece on ``origin`` (None: no piece, a highlighted
    space alone), then ``target``; ``submits`` when that click records it with nothing more to
    answer (the one choice and value the space leads to, and no other open field); ``asks``
    the words of the values the page then asks among, where several of the choice's values
    stand for that one space."""

    origin: str | None
    target: str
    submits: bool
    field: str | None = None
    asks: tuple[str, ...] = ()
    shared: bool = False  # other choices lead to that space too: the person picks the row


@dataclass
class Entry:
    choice: Choice
    key: str
    answers: list[Answer]
    board: BoardPick | None

    @property
    def outcome_buttons(self) -> bool:
        """A throw or draw with one open field of a list short enough to show: a row of
        outcome buttons (a longer one, such as two dice's 36 throws, is typed)."""
        return (self.choice.chance and len(self.choice.fields) == 1
                and isinstance(self.choice.fields[0].domain, OneOf)
                and not typed(self.choice.fields[0].domain))


def names_at(engine: Engine, state, players: Sequence[Mapping[str, str]]) -> dict[str, str]:
    """Players and spaces by name, as the page says values a domain gives no words for."""
    names = engine.layout(state).names()
    names.update({p["id"]: p.get("name") or p["id"] for p in players})
    return names


def entry_for(choices: list[Choice], event: Mapping[str, Any], names: Mapping[str, str],
              owners: Mapping[str, set[str | None]]) -> Entry:
    """The one choice that stands for ``event`` and how a person records it; ``owners`` maps
    each space to the owners of the pieces on it (None for a piece nobody owns)."""
    found = covering(choices, event)
    assert len(found) == 1, (event, [c.label for c in found])
    choice = found[0]
    asked = {q.name: q for q in questions(choice, names)}
    answers = []
    for spec in choice.fields:
        value = event.get("actor") if spec.name == ACTOR else (event.get("data") or {}).get(
            spec.name, _LEFT_OUT)
        if value is _LEFT_OUT:
            continue
        answers.append(_answer(asked[spec.name], spec.domain, value, names))
    return Entry(choice=choice, key=choice_key(choice), answers=answers,
                 board=_board_pick(choice, choices, answers, owners))


_LEFT_OUT = object()


def _answer(question: Question, domain, value, names: Mapping[str, str]) -> Answer:
    if question.kind == "one-of":
        index = next(i for i, v in enumerate(domain.values) if OneOf((v,)).allows(value))
        label = question.options[index].label
        return Answer(question, value, [label], text=label if question.typed else "")
    if question.kind == "path":
        return Answer(question, value, [names.get(s, s) for s in value],
                      text=" → ".join(names.get(s, s) for s in value))
    if question.kind == "some-of":
        by_item = {domain.pool[int(o.value)]: o.label for o in question.options}
        return Answer(question, value, [by_item[item] for item in value])
    if question.kind == "details":
        return Answer(question, value, [], details=[(k, str(v)) for k, v in value.items()])
    return Answer(question, value, [], text=str(value))


def board_targets(choice: Choice) -> list[tuple[str, int | None]]:
    """Where the board leads to ``choice``: its fixed target, or the spaces of its first
    one-of field whose values stand for spaces (with the value's place in the domain)."""
    if choice.target:
        return [(choice.target, None)]
    for spec in choice.fields:
        if isinstance(spec.domain, OneOf) and any(spec.domain.spaces or ()):
            return [(space, i) for i, space in enumerate(spec.domain.spaces) if space]
    return []


def _board_field(choice: Choice) -> str | None:
    if choice.target:
        return None
    for spec in choice.fields:
        if isinstance(spec.domain, OneOf) and any(spec.domain.spaces or ()):
            return spec.name
    return None


def _board_pick(choice: Choice, choices: list[Choice], answers: list[Answer],
                owners: Mapping[str, set[str | None]]) -> BoardPick | None:
    if choice.chance:
        return None
    field = _board_field(choice)
    if choice.target:
        target = choice.target
    elif field is not None:
        answer = next((a for a in answers if a.question.name == field), None)
        if answer is None:
            return None
        spec = choice.field(field)
        index = next(i for i, v in enumerate(spec.domain.values) if OneOf((v,)).allows(answer.value))
        target = spec.domain.spaces[index]
        if not target:
            return None
    else:
        return None
    if choice.origin is not None:
        owner = _piece_owner(choice, owners)
        if owner is _NO_PIECE:
            return None
        pool = [c for c in choices if not c.chance and c.origin == choice.origin
                and _may_move(c, owner)]
    else:
        pool = [c for c in choices if not c.chance]
    leading = [(c, i) for c in pool for space, i in board_targets(c) if space == target]
    others = [spec for spec in choice.fields if spec.name != field]
    mine = [i for c, i in leading if c is choice and i is not None]
    asked = next((a.question for a in answers if a.question.name == field), None)
    return BoardPick(origin=choice.origin, target=target, field=field,
                     submits=len(leading) == 1 and not others,
                     asks=tuple(asked.options[i].label for i in mine) if len(mine) > 1 else (),
                     shared=len({id(c) for c, _ in leading}) > 1)


_NO_PIECE = object()


def _may_move(choice: Choice, owner: str | None) -> bool:
    open_actor = any(spec.name == ACTOR for spec in choice.fields)
    return not owner or open_actor or owner == choice.actor


def _piece_owner(choice: Choice, owners: Mapping[str, set[str | None]]):
    """The owner of the piece a person picks on the choice's origin: the actor's own, else
    one nobody owns (the page lets only those be picked for it)."""
    there = owners.get(choice.origin, set())
    if choice.actor in there:
        return choice.actor
    if None in there:
        return None
    if any(spec.name == ACTOR for spec in choice.fields) and there:
        return min(o for o in there if o)
    return _NO_PIECE


def empty_match(engine: Engine, document: Mapping[str, Any]):
    """A new match with the document's players and setup, and no event yet."""
    return match_create(game=Game.objects.get(slug=engine.slug), title="Recorded from the sheet",
                        players=document["players"], setup=document["setup"]).match


def assert_recorded_as(match, engine: Engine, document: Mapping[str, Any]) -> None:
    """The match's exported log holds the document's events, and its replay gives the
    checksums the document's own replay gives under the default reading."""
    match.refresh_from_db()
    recorded = export_document(match)["events"]
    assert [(e["type"], e["actor"], e["data"]) for e in recorded] == [
        (e["type"], e["actor"], e["data"]) for e in document["events"]]
    run = replay_match(match=match)
    assert list(run.steps.order_by("seq").values_list("checksum", flat=True)) == [
        state_checksum(step.state) for _event, step in replay_document(engine, document)]
