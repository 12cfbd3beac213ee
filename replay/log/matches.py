"""Creating a match: ``match_create`` is the only way a match is made, with its first events
in one transaction, every field checked before it opens."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

import games
from archive.models import Game
from archive.rules_documents import latest_published
from boundary import InputError, check_json_value, check_text
from replay.log.append import append_events, check_events, check_idempotency_key
from replay.log.errors import (
    DocumentError,
    IdempotencyMismatch,
)
from replay.models import Match
from replay.reading.policy import visible_matches
from trust.chain import chain_head
from trust.reader import stored_hash

# -- creating a match ---------------------------------------------------------------------------

MAX_TITLE = 300
MAX_SOURCE = 10_000
MAX_PLAYER_ID = 40
MAX_PLAYER_NAME = 200
HASH_RE = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class MatchCreation:
    match: Match
    repeated: bool = False  # True when an idempotency key returned an earlier creation


def match_create(
    *,
    game: Game,
    title: Any,
    players: Any,
    setup: Any = None,
    played_on: Any = None,
    source: Any = "",
    is_private: Any = False,
    created_by=None,
    events: Sequence[Any] = (),
    events_head: str | None = None,
    branch_of: Any = None,
    parent: Match | None = None,
    reading: Mapping[str, str] | None = None,
    idempotency_key: str | None = None,
) -> MatchCreation:
    """Create a match and its first events in one transaction: a refusal writes nothing, and
    a creation is never half done. Everything is checked before the transaction opens.

    Errors are :class:`DocumentError` naming the field (``players[1].id``) or, for an event,
    :class:`MalformedEvent` naming its seq. A repeated ``idempotency_key`` returns the match
    it created (``repeated``), or :class:`IdempotencyMismatch` if the request differs.
    ``events_head``, when given, is the chain head the events must hash to (a document's);
    ``branch_of`` (``{"match", "seq", "hash"}``) makes it a variation, its first events the
    parent's, linked to the parent when this archive has it and ``created_by`` may read it,
    or to ``parent`` when the caller holds it already (a variation made here from a match its
    maker was shown). ``reading`` is the reading the recorder offers choices under.
    """
    check_idempotency_key(idempotency_key, DocumentError)
    fields: dict[str, Any] = {  # Match's fields, each checked
        "title": _checked_text(title, "title", MAX_TITLE, single_line=True).strip(),
        "played_on": _checked_date(played_on),
        "source": _checked_text("" if source is None else source, "source", MAX_SOURCE,
                                required=False),
        "players": checked_players(players, game),
        "setup": _checked_setup(setup),
        "reading": dict(reading or {}),
    }
    if not isinstance(is_private, bool):
        raise DocumentError("is_private must be true or false", field="is_private")
    if not isinstance(events, (list, tuple)):
        raise DocumentError("events must be a list", field="events")
    check_setup(game, fields["players"], fields["setup"])
    records = []
    if events:
        records = check_events(
            game_slug=game.slug, player_ids=[p["id"] for p in fields["players"]],
            events=events, first_seq=1, setup=fields["setup"], max_batch=None,
            rules_version=_rules_version(game, parent),
        )
    if branch_of is not None:
        fields["branch_of"] = checked_branch_of(branch_of, records)
    if parent is not None and (branch_of is None or parent.pk != fields["branch_of"]["match"]):
        raise ValueError("a parent is linked only through the branch_of that names it")
    if events_head is not None and chain_head(records) != events_head:
        raise DocumentError(
            "broken chain: the events do not hash to the document's chain head "
            "(an event was changed, added or removed after export)",
            field="chain.head",
        )
    if idempotency_key is not None:
        earlier = Match.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            return _repeated_creation(earlier, game, fields, is_private, created_by, records)
    try:
        with transaction.atomic():
            if parent is None and branch_of is not None:
                parent = parent_in_archive(fields["branch_of"], reader=created_by)
            match = Match.objects.create(
                game=game, created_by=created_by, is_private=is_private,
                idempotency_key=idempotency_key, parent=parent,
                rules_version=_rules_version(game, parent), **fields,
            )
            for start in range(0, len(records), CREATE_BATCH):
                append_events(
                    match=match, events=records[start : start + CREATE_BATCH],
                    expected_seq=start, recorded_by=created_by,
                )
    except IntegrityError:
        # Two creations with one key raced; the other committed first.
        earlier = Match.objects.filter(idempotency_key=idempotency_key).first()
        if idempotency_key is None or earlier is None:
            raise
        return _repeated_creation(earlier, game, fields, is_private, created_by, records)
    return MatchCreation(match)


CREATE_BATCH = 5000  # events per append inside the creation's one transaction


def _rules_version(game: Game, parent: Match | None) -> str:
    """The rules version a new match is refereed under: its parent's for a variation, else
    the latest published version of a data game's rules ("" for a game whose engine is code)."""
    if parent is not None:
        return parent.rules_version
    document = latest_published(game)
    return str(document.version) if document is not None else ""


def checked_branch_of(value: Any, events: Sequence[Mapping[str, Any]]) -> dict:
    """The ``branch_of`` of a match document: its shape, and the document's own chain at the
    branch point (a variation's prefix must hash to what it says it shares)."""
    if not isinstance(value, dict) or set(value) != {"match", "seq", "hash"}:
        raise DocumentError('branch_of must be {"match": <id>, "seq": <n>, "hash": "<hex>"}',
                            field="$.branch_of")
    parent_id, seq, digest = value["match"], value["seq"], value["hash"]
    if isinstance(parent_id, bool) or not isinstance(parent_id, int) or parent_id < 1:
        raise DocumentError("branch_of.match must be a match id", field="$.branch_of.match")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= len(events):
        raise DocumentError(f"branch_of.seq must be a seq of the log, 0 to {len(events)}",
                            field="$.branch_of.seq")
    if not isinstance(digest, str) or not HASH_RE.fullmatch(digest):
        raise DocumentError("branch_of.hash must be a sha256 in hex", field="$.branch_of.hash")
    if chain_head(events[:seq]) != digest:
        raise DocumentError(
            f"the first {seq} events do not hash to branch_of.hash: the shared part of the "
            "log was changed", field="$.branch_of.hash",
        )
    return {"match": parent_id, "seq": seq, "hash": digest}


def parent_in_archive(branch_of: Mapping[str, Any], *, reader) -> Match | None:
    """The parent a ``branch_of`` names, when this archive has it, ``reader`` may read it, and
    its chain at the branch point has the same hash; else None (the record keeps
    ``branch_of`` as it came). A match the reader may not read is looked up exactly as one
    that does not exist, so an import never tells whether a private match has those events."""
    parent = visible_matches(user=reader).filter(pk=branch_of["match"]).first()
    if parent is None or parent.last_seq < branch_of["seq"]:
        return None
    return parent if stored_hash(parent.pk, branch_of["seq"]) == branch_of["hash"] else None


def _checked_text(value, field, max_length, *, required=True, single_line=False) -> str:
    try:
        return check_text(value, field=field, max_length=max_length, required=required,
                          single_line=single_line)
    except InputError as error:
        raise DocumentError(f"{field} {error.message}", field=field) from None


def _checked_date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    if not isinstance(value, str):
        raise DocumentError("played_on must be a date YYYY-MM-DD or null", field="played_on")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise DocumentError(f"played_on {value[:40]!r} is not a date YYYY-MM-DD",
                            field="played_on") from None


def _checked_setup(setup) -> dict:
    if setup is None:
        return {}
    if not isinstance(setup, dict):
        raise DocumentError("setup must be an object", field="setup")
    try:
        return check_json_value(setup, field="setup")
    except InputError as error:
        raise DocumentError(f"{error.field}: {error.message}", field=error.field) from None


def checked_players(players: Any, game: Game) -> list[dict]:
    """``[{"id", "name"}, ...]`` with distinct ids, as many as the game is played by."""
    if not isinstance(players, list) or not players:
        raise DocumentError("players must be a non-empty list", field="players")
    seen = set()
    cleaned = []
    for index, player in enumerate(players):
        path = f"players[{index}]"
        if not isinstance(player, dict):
            raise DocumentError("a player is an object with id and name", field=path)
        unknown = sorted(set(player) - {"id", "name"}, key=str)
        if unknown:
            raise DocumentError(f"unknown field {str(unknown[0])[:100]!r}",
                                field=f"{path}.{str(unknown[0])[:100]}")
        if "name" not in player:
            raise DocumentError("name must be a non-empty string", field=f"{path}.name")
        player_id = _checked_text(player.get("id"), f"{path}.id", MAX_PLAYER_ID,
                                  single_line=True)
        if player_id != player_id.strip():
            raise DocumentError("id must not begin or end with spaces", field=f"{path}.id")
        if player_id in seen:
            raise DocumentError(f"duplicate player id {player_id!r}", field=f"{path}.id")
        name = _checked_text(player["name"], f"{path}.name", MAX_PLAYER_NAME, single_line=True)
        seen.add(player_id)
        cleaned.append({"id": player_id, "name": name})
    fewest, most = player_range(game)
    if len(cleaned) < fewest or (most is not None and len(cleaned) > most):
        allowed = f"{fewest} to {most}" if most is not None else f"at least {fewest}"
        raise DocumentError(
            f"{game.title} is played by {allowed} players, not {len(cleaned)}",
            field="players",
        )
    return cleaned


def player_range(game: Game) -> tuple[int, int | None]:
    """How many players a record may name: the rulebook's numbers where it gives them, narrowed
    to the table its engine can set (None: no upper bound)."""
    engine = games.find(game.slug)
    lows = [game.min_players, engine.min_players if engine else None]
    highs = [game.max_players, engine.max_players if engine else None]
    return max(filter(None, lows), default=1), min(filter(None, highs), default=None)


def check_setup(game: Game, players: list[dict], setup: dict) -> None:
    """The engine must be able to set the table: a setup it cannot start from is refused."""
    engine = games.find(game.slug)
    if engine is None:
        return
    try:
        engine.initial_state(players, setup)
    except (ValueError, KeyError, TypeError) as error:
        raise DocumentError(f"setup cannot start a {game.title} match: {error}",
                            field="setup") from None


def _repeated_creation(earlier, game, fields, is_private, created_by, records) -> MatchCreation:
    asked = (game.pk, fields, is_private, getattr(created_by, "pk", None),
             len(records), chain_head(records))
    stored_head = (earlier.head_hash if earlier.last_seq == len(records) else None)
    stored = (earlier.game_id, {name: getattr(earlier, name) for name in fields},
              earlier.is_private, earlier.created_by_id, earlier.last_seq, stored_head)
    if asked != stored:
        raise IdempotencyMismatch(
            f"idempotency key {earlier.idempotency_key!r} already created match {earlier.pk} "
            "with other content", field="idempotency_key",
        )
    return MatchCreation(earlier, repeated=True)


