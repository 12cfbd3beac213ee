"""What an append sends PostgreSQL is what it hashed: the chain is ``event_hash``'s, link by link,
and the one JSON parameter holds each record with its two hashes, whatever the numbers."""

from __future__ import annotations

import orjson

from replay.log.append import chain_links, postgres_batch
from trust.chain import GENESIS_HASH, event_hash

RECORDS = [
    {"seq": 1, "type": "move", "actor": "p1", "data": {"path": ["a", "b"], "é": "ü"}},
    {"seq": 2, "type": "annotation", "actor": None, "data": {"text": "x", "step": 1}},
    # Past the input boundary no whole number is this large; the chain still reads it as the
    # double it stands for, and the data goes as given.
    {"seq": 3, "type": "roll", "actor": "p2", "data": {"value": 2**60, "half": 0.5}},
    {"seq": 4, "type": "pass", "actor": "p2", "data": {}},
]


def test_the_chain_is_event_hash_link_by_link():
    head, expected = GENESIS_HASH, []
    for record in RECORDS:
        head = event_hash(head, record)
        expected.append(head)
    assert chain_links(RECORDS, GENESIS_HASH) == (expected, head)
    assert chain_links([], GENESIS_HASH) == ([], GENESIS_HASH)


def test_the_batch_parameter_holds_each_record_and_its_hashes():
    hashes, head = chain_links(RECORDS, GENESIS_HASH)
    payload, new_head = postgres_batch(RECORDS, GENESIS_HASH)
    assert new_head == head
    assert orjson.loads(payload) == [
        {**record, "prev_hash": prev, "hash": digest}
        for record, prev, digest in zip(RECORDS, [GENESIS_HASH, *hashes[:-1]], hashes,
                                        strict=True)
    ]
    assert "1152921504606846976" in payload  # 2**60 as given, not as a double
