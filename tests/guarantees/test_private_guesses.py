"""Private means private: an import's ``branch_of`` that names a private match the importer may
not read is answered exactly as one naming a match that does not exist, so guessing its
events teaches nothing."""

from __future__ import annotations

import itertools
import json

import pytest
from django.test import Client

from replay.log.interchange import import_match
from replay.models import Match
from tests.factories import GameFactory, make_curator
from trust.chain import chain_head

PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]


def rolls(first: int, second: int) -> list[dict]:
    return [{"seq": 1, "type": "move", "actor": "p1", "data": {"text": f"rolled {first}"}},
            {"seq": 2, "type": "move", "actor": "p2", "data": {"text": f"rolled {second}"}}]


def guess(parent_id: int, first: int, second: int) -> str:
    """A public variation that claims to share its first two events with ``parent_id``."""
    events = rolls(first, second)
    return json.dumps({
        "format": "ludoteca.match/1", "game": "dice-night", "title": "A guess",
        "players": PLAYERS, "events": events,
        "branch_of": {"match": parent_id, "seq": 2, "hash": chain_head(events)},
    })


def answer(client: Client, document: str) -> dict:
    response = client.post("/api/matches/import/", document, content_type="application/json")
    assert response.status_code == 201, response.content[:300]
    body = response.json()
    # What differs between two imports whatever they name: the new match's own id and time,
    # and the id the document itself gave.
    body.pop("id"), body.pop("created_at")
    body["branch_of"].pop("match")
    return body


@pytest.mark.slow
@pytest.mark.django_db
def test_a_thousand_guesses_at_a_private_match_learn_nothing():
    """Tries: another curator imports a thousand variations, each claiming a different first
    two rolls of someone else's private match (the right ones among them), and the same
    documents naming a match id that does not exist. Proves: every answer, whole, is the
    same for the private match as for no match at all; none links the private parent. Its
    owner, who may read it, does get the link for the right rolls."""
    GameFactory(slug="dice-night", title="Dice night", min_players=2, max_players=2)
    owner, prober = make_curator("owner"), make_curator("prober")
    document = json.loads(guess(1, 4, 6))
    del document["branch_of"]
    private = import_match(raw=document, created_by=owner, is_private=True)
    missing = Match.objects.order_by("-pk").first().pk + 10_000
    client = Client()
    client.force_login(prober)
    guesses = list(itertools.product(range(1, 41), range(1, 26)))
    assert len(guesses) == 1000 and (4, 6) in guesses
    for first, second in guesses:
        named = answer(client, guess(private.pk, first, second))
        nothing = answer(client, guess(missing, first, second))
        assert named == nothing, (first, second)
        assert named["parent"] is None
    assert not private.variations.exists()
    owner_client = Client()
    owner_client.force_login(owner)
    assert answer(owner_client, guess(private.pk, 4, 6))["parent"] == private.pk
