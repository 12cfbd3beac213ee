"""The match interchange format ``ludoteca.match/1`` (DESIGN.md): import and export.

Export → import → export gives identical bytes. An import refuses a malformed document with
the JSON path or seq of the problem and stores nothing; a well-formed record of an illegal play
is stored as played (breaking a rule is what replays flag).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from archive.models import Game
from boundary import InputError, check_json_value, parse_json
from games.core.canonical import canonical_json
from replay.log.errors import DocumentError, MalformedEvent
from replay.log.matches import MatchCreation, match_create
from replay.models import Match
from trust.chain import GENESIS_HASH
from trust.reader import verified_log

FORMAT = "ludoteca.match/1"
TOP_LEVEL_FIELDS = (
    "format", "game", "title", "played_on", "source", "players", "setup", "branch_of", "events",
    "chain",
)
REQUIRED_FIELDS = ("format", "game", "title", "players", "events")
MAX_DOCUMENT_BYTES = 200 * 1024 * 1024


def parse_document(raw: bytes | str) -> dict:
    """Decode JSON text into a document through the input boundary, naming the line of a
    syntax error or the path of a value the archive cannot keep."""
    if isinstance(raw, bytes) and len(raw) > MAX_DOCUMENT_BYTES:
        raise DocumentError(f"document is larger than {MAX_DOCUMENT_BYTES} bytes", field="$")
    try:
        document = parse_json(raw)
    except InputError as error:
        message = "document " + error.message if error.field == "$" else error.message
        raise DocumentError(message, field=_json_path(error.field)) from None
    if not isinstance(document, dict):
        raise DocumentError("a match document is a JSON object", field="$")
    return document


def _json_path(field: str | None) -> str:
    """A field of the match (``players[1].id``) as a path in the document (``$.players…``)."""
    if not field or field == "$":
        return "$"
    return field if field.startswith("$") else "$." + field


def read_document(document: Mapping[str, Any], *, find_game=None) -> dict:
    """The document's own rules (format, fields, seq numbering, chain head); returns the
    keyword arguments of :func:`replay.log.matches.match_create`, which checks the rest.
    ``find_game(slug)`` looks a game up (by default in the database)."""
    try:
        check_json_value(document)
    except InputError as error:
        raise DocumentError(error.message, field=_json_path(error.field)) from None
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
    find_game = find_game or (lambda slug: Game.objects.filter(slug=slug).first())
    game = find_game(document["game"]) if isinstance(document["game"], str) else None
    if game is None:
        known = ", ".join(Game.objects.order_by("slug").values_list("slug", flat=True))
        raise DocumentError(
            f"unknown game {document['game']!r} (the archive has: {known or 'no games'})",
            field="$.game",
        )
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
    chain = document.get("chain")
    if chain is not None and (not isinstance(chain, dict) or chain.get("algorithm") != "sha256"
                              or not isinstance(chain.get("head"), str)):
        raise DocumentError(
            'chain must be {"algorithm": "sha256", "head": "<hex>"}', field="$.chain"
        )
    return {
        "events_head": chain["head"] if chain is not None else None,
        "game": game,
        "title": document["title"],
        "played_on": document.get("played_on"),
        "source": document.get("source", ""),
        "players": document["players"],
        "setup": document.get("setup", {}),
        "branch_of": document.get("branch_of"),
        "events": events,
    }


def create_from_document(
    *, raw: bytes | str | Mapping, created_by=None, is_private: bool = False,
    idempotency_key: str | None = None,
) -> MatchCreation:
    """Create a match and its log from a document, all or nothing; errors name the JSON
    path (``$.events[3].type``) and the seq."""
    document = parse_document(raw) if isinstance(raw, (bytes, str)) else raw
    fields = read_document(document)
    try:
        return match_create(**fields, created_by=created_by, is_private=is_private,
                            idempotency_key=idempotency_key)
    except MalformedEvent as error:
        field = f"$.events[{error.seq - 1}].{error.field}" if error.seq else "$.events"
        raise DocumentError(error.message, field=field, seq=error.seq) from None
    except DocumentError as error:
        raise DocumentError(error.message, field=_json_path(error.field), seq=error.seq) \
            from None


def import_match(*, raw: bytes | str | Mapping, created_by=None, is_private: bool = False) -> Match:
    """Create a match and its log from a document, all or nothing."""
    return create_from_document(raw=raw, created_by=created_by, is_private=is_private).match


def export_document(match: Match) -> dict:
    # Sorted keys inside data and setup: PostgreSQL's jsonb does not keep the written order,
    # and an export must be the same bytes whichever database holds the match.
    # An export is a copy others will trust: a log that does not verify is refused.
    events = [
        {"seq": e["seq"], "type": e["type"], "actor": e["actor"], "data": _sorted(e["data"])}
        for e in verified_log(match)
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
