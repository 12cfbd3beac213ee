"""Changing a stored log behind the database's guards, as someone with database access
would: one event's content, optionally with every later hash and the match's head
recomputed so the chain is consistent again."""

from __future__ import annotations

import json

from django.db import connection

from replay.log.db_guards import install_event_guards, remove_event_guards
from trust.chain import event_hash


def tamper(match, seq: int, data: dict, *, recompute: bool = False) -> None:
    remove_event_guards(connection)
    try:
        with connection.cursor() as cursor:
            cursor.execute("UPDATE replay_event SET data = %s WHERE match_id = %s AND seq = %s",
                           [json.dumps(data), match.pk, seq])
            if recompute:
                cursor.execute("SELECT seq, type, actor, data, prev_hash FROM replay_event "
                               "WHERE match_id = %s AND seq >= %s ORDER BY seq", [match.pk, seq])
                rows = cursor.fetchall()
                prev = rows[0][4]
                for row_seq, event_type, actor, stored, _ in rows:
                    value = json.loads(stored) if isinstance(stored, str) else stored
                    digest = event_hash(prev, {"seq": row_seq, "type": event_type,
                                               "actor": actor, "data": value})
                    cursor.execute("UPDATE replay_event SET prev_hash = %s, hash = %s "
                                   "WHERE match_id = %s AND seq = %s",
                                   [prev, digest, match.pk, row_seq])
                    prev = digest
                cursor.execute("UPDATE replay_match SET head_hash = %s WHERE id = %s",
                               [prev, match.pk])
    finally:
        install_event_guards(connection)
    match.refresh_from_db()
