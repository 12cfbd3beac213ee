"""The match interchange format ``ludoteca.match/1`` (DESIGN.md): import and export.

Export → import → export gives identical bytes. An import refuses a malformed document with
the JSON path or seq of the problem and stores nothing; a well-formed record of an illegal play
is stored as played (breaking a rule is what replays flag).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from typing import Any

from django.db import transaction

import games
from archive.models import Game
from games.core.canonical import canonical_json
from replay.chain import GENESIS_HASH, chain_head
from replay.errors import DocumentError, MalformedEvent
from replay.models import Match
from replay.services import append_events, check_events
from replay.variations import checked_branch_of, parent_in_archive

FORMAT = "ludoteca.match/1"
TOP_LEVEL_FIELDS = (
    "format", "game", "title", "played_on", "source", "players", "setup", "branch_of", "events",
    "chain",
)
REQUIRED_FIELDS = ("format", "game", "title", "players", "events")
MAX_DOCUMENT_BYTES = 200 * 1024 * 1024
IMPORT_BATCH = 5000  # events per append inside the import's one transaction


def parse_document(raw: bytes | str) -> dict:
    """Decode JSON text into a document, naming the line of a syntax error."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_DOCUMENT_BYTES:
            raise DocumentError(f"document is larger than {MAX_DOCUMENT_BYTES} bytes", field="$")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise DocumentError(
                f"document is not UTF-8 text (byte {error.start})", field="$"
            ) from None
    try:
        document = json.loads(raw)
    except json.JSONDecodeError as error:
        raise DocumentError(
            f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}", field="$"
        ) from None
    if not isinstance(document, dict):
        raise DocumentError("a match document is a JSON object", field="$")
    return document


def validate_document(document: Mapping[str, Any]) -> tuple[Game, dict]:
    """Check everything short of the database write; returns the game and the match fields."""
    for name in REQUIRED_FIELDS:
        if name not in document:
            raise DocumentError(f"missing field {name!r}", field=f"$.{name}")
    unknown = sorted(set(document) - set(TOP_LEVEL_FIELDS))
    if unknown:
        raise DocumentError(f"unknown field {unknown[0]!r}", field=f"$.{unknown[0]}")
    if document["format"] != FORMAT:
        raise DocumentError(
            f"format must be {FORMAT!r}, not {document['format']!r}", field="$.format"
        )
    game = Game.objects.filter(slug=document["game"]).first() if isinstance(
        document["game"], str
    ) else None
    if game is None:
        known = ", ".join(Game.objects.order_by("slug").values_list("slug", flat=True))
        raise DocumentError(
            f"unknown game {document['game']!r} (the archive has: {known or 'no games'})",
            field="$.game",
        )
    title = document["title"]
    if not isinstance(title, str) or not title.strip() or len(title) > 300:
        raise DocumentError("title must be a non-empty string of at most 300 characters",
                            field="$.title")
    played_on = document.get("played_on")
    if played_on is not None:
        if not isinstance(played_on, str):
            raise DocumentError("played_on must be a date YYYY-MM-DD or null", field="$.played_on")
        try:
            played_on = dt.date.fromisoformat(played_on)
        except ValueError:
            raise DocumentError(
                f"played_on {played_on!r} is not a date YYYY-MM-DD", field="$.played_on"
            ) from None
    source = document.get("source", "")
    if source is None:
        source = ""
    if not isinstance(source, str):
        raise DocumentError("source must be a string", field="$.source")
    players = validate_players(document["players"], game)
    setup = document.get("setup", {})
    if not isinstance(setup, dict):
        raise DocumentError("setup must be an object", field="$.setup")
    events = document["events"]
    if not isinstance(events, list):
        raise DocumentError("events must be a list", field="$.events")
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise DocumentError("an event must be an object", field=f"$.events[{index}]")
        seq = event.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise DocumentError(
                "seq must be a whole number", field=f"$.events[{index}].seq"
            )
        if seq != index + 1:
            problem = "duplicate seq" if seq <= index else "gap in seq"
            raise DocumentError(
                f"{problem}: event {index + 1} of the list has seq {seq}, expected {index + 1}",
                field=f"$.events[{index}].seq",
                seq=seq,
            )
    if events:
        try:
            check_events(
                game_slug=game.slug,
                player_ids=[p["id"] for p in players],
                events=events,
                first_seq=1,
                max_batch=None,
            )
        except MalformedEvent as error:
            field = f"$.events[{error.seq - 1}].{error.field}" if error.seq else "$.events"
            raise DocumentError(error.message, field=field, seq=error.seq) from None
    check_setup(game, players, setup)
    branch_of = document.get("branch_of")
    if branch_of is not None:
        branch_of = checked_branch_of(branch_of, events)
    chain = document.get("chain")
    if chain is not None:
        if not isinstance(chain, dict) or chain.get("algorithm") != "sha256" or not isinstance(
            chain.get("head"), str
        ):
            raise DocumentError(
                'chain must be {"algorithm": "sha256", "head": "<hex>"}', field="$.chain"
            )
        computed = chain_head(events)
        if computed != chain["head"]:
            raise DocumentError(
                "broken chain: the events do not hash to the document's chain head "
                "(an event was changed, added or removed after export)",
                field="$.chain.head",
            )
    return game, {
        "title": title.strip(),
        "played_on": played_on,
        "source": source,
        "players": players,
        "setup": setup,
        "branch_of": branch_of,
        "events": events,
    }


def check_setup(game: Game, players: list[dict], setup: dict) -> None:
    """The engine must be able to set the table: a setup it cannot start from is refused."""
    engine = games.find(game.slug)
    if engine is None:
        return
    try:
        engine.initial_state(players, setup)
    except (ValueError, KeyError, TypeError) as error:
        raise DocumentError(f"setup cannot start a {game.title} match: {error}",
                            field="$.setup") from None


def validate_players(players: Any, game: Game) -> list[dict]:
    if not isinstance(players, list) or not players:
        raise DocumentError("players must be a non-empty list", field="$.players")
    seen = set()
    cleaned = []
    for index, player in enumerate(players):
        path = f"$.players[{index}]"
        if not isinstance(player, dict):
            raise DocumentError("a player is an object with id and name", field=path)
        unknown = sorted(set(player) - {"id", "name"})
        if unknown:
            raise DocumentError(f"unknown field {unknown[0]!r}", field=f"{path}.{unknown[0]}")
        player_id, name = player.get("id"), player.get("name")
        if not isinstance(player_id, str) or not player_id or len(player_id) > 40:
            raise DocumentError("id must be a string of 1 to 40 characters", field=f"{path}.id")
        if player_id in seen:
            raise DocumentError(f"duplicate player id {player_id!r}", field=f"{path}.id")
        if not isinstance(name, str) or not name.strip():
            raise DocumentError("name must be a non-empty string", field=f"{path}.name")
        seen.add(player_id)
        cleaned.append({"id": player_id, "name": name})
    fewest, most = player_range(game)
    if len(cleaned) < fewest or (most is not None and len(cleaned) > most):
        allowed = f"{fewest} to {most}" if most is not None else f"at least {fewest}"
        raise DocumentError(
            f"{game.title} is played by {allowed} players, not {len(cleaned)}",
            field="$.players",
        )
    return cleaned


def player_range(game: Game) -> tuple[int, int | None]:
    """How many players a record may name: the rulebook's numbers where it gives them, narrowed
    to the table its engine can set (None: no upper bound)."""
    engine = games.find(game.slug)
    lows = [game.min_players, engine.min_players if engine else None]
    highs = [game.max_players, engine.max_players if engine else None]
    return max(filter(None, lows), default=1), min(filter(None, highs), default=None)


def import_match(*, raw: bytes | str | Mapping, created_by=None, is_private: bool = False) -> Match:
    """Create a match and its log from a document, all or nothing."""
    document = parse_document(raw) if isinstance(raw, (bytes, str)) else dict(raw)
    game, fields = validate_document(document)
    events = fields.pop("events")
    with transaction.atomic():
        parent = parent_in_archive(fields["branch_of"]) if fields["branch_of"] else None
        match = Match.objects.create(
            game=game, created_by=created_by, is_private=is_private, parent=parent, **fields
        )
        for start in range(0, len(events), IMPORT_BATCH):
            append_events(
                match=match, events=events[start : start + IMPORT_BATCH], expected_seq=start,
                recorded_by=created_by,
            )
    return match


def export_document(match: Match) -> dict:
    # Sorted keys inside data and setup: PostgreSQL's jsonb does not keep the written order,
    # and an export must be the same bytes whichever database holds the match.
    events = [
        {**event.as_record(), "data": _sorted(event.data)}
        for event in match.events.order_by("seq").iterator(chunk_size=2000)
    ]
    document = {
        "format": FORMAT,
        "game": match.game.slug,
        "title": match.title,
        "played_on": match.played_on.isoformat() if match.played_on else None,
        "source": match.source,
        "players": [{"id": p["id"], "name": p["name"]} for p in match.players],
        "setup": _sorted(match.setup),
    }
    if match.branch_of:
        branch = match.branch_of
        document["branch_of"] = {"match": branch["match"], "seq": branch["seq"],
                                 "hash": branch["hash"]}
    document["events"] = events
    document["chain"] = {"algorithm": "sha256", "head": match.head_hash if events else GENESIS_HASH}
    return document


def _sorted(value: Any) -> Any:
    return json.loads(canonical_json(value))


def export_match(match: Match) -> bytes:
    """The document as bytes: stable key order, two-space indent, one event per line."""
    document = export_document(match)
    events = document.pop("events")
    chain = document.pop("chain")
    head = json.dumps(document, ensure_ascii=False, indent=2)[:-2]  # drop the closing "\n}"
    lines = [head + ",", '  "events": [']
    for index, event in enumerate(events):
        comma = "," if index < len(events) - 1 else ""
        lines.append("    " + json.dumps(event, ensure_ascii=False) + comma)
    lines.append("  ],")
    lines.append('  "chain": ' + json.dumps(chain, ensure_ascii=False))
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")
