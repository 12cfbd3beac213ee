"""Records name only what exists: the one append path asks the game's engine what a field
marked ``refers=`` may name (``Engine.referents``), before anything is written."""

from __future__ import annotations

import pytest

import games
from games.core.engine import Engine
from games.core.events import EventSpec, Field
from replay.log.append import append_events
from replay.log.errors import MalformedEvent
from replay.log.matches import match_create
from replay.models import Event, Match
from tests.factories import GameFactory


class SpacesEngine(Engine):
    """A game of two fixed spaces, plus any the setup adds, and two cards."""

    slug = "test-spaces"
    name = "Spaces"
    min_players, max_players = 2, 2
    event_specs = (
        EventSpec("move", "a pawn moves", {"to": Field("str", refers="space"),
                                            "via": Field("list[str]", required=False,
                                                         refers="space")}),
        EventSpec("play", "a card is played", {"card": Field("str", refers="card"),
                                                "target": Field("str", required=False,
                                                                refers="player")}),
    )

    def referents(self, kind, setup):
        if kind == "space":
            return {"harbour", "tower", *setup.get("extra_spaces", [])}
        if kind == "card":
            return {"storm", "calm"}
        return None

    def initial_state(self, players, setup, board=None):
        return {}


@pytest.fixture
def spaces_game(db):
    engine = SpacesEngine()
    with games.registry.registering(engine):
        yield GameFactory(slug=engine.slug, title="Spaces", min_players=2, max_players=2)


@pytest.fixture
def spaces_match(spaces_game):
    return match_create(game=spaces_game, title="t",
                        players=[{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}],
                        setup={"extra_spaces": ["lagoon"]}).match


@pytest.mark.parametrize(
    ("data", "event_type", "field", "value"),
    [
        ({"to": "atlantis"}, "move", "data.to", "atlantis"),
        ({"to": "tower", "via": ["harbour", "nowhere"]}, "move", "data.via[1]", "nowhere"),
        ({"card": "joker"}, "play", "data.card", "joker"),
        ({"card": "storm", "target": "p9"}, "play", "data.target", "p9"),
    ],
)
def test_an_event_naming_what_the_game_lacks_is_refused(spaces_match, data, event_type, field,
                                                         value):
    """Proves: append_events refuses, naming the seq, the field and the unknown value, and
    writes nothing."""
    good = {"type": "move", "actor": "p1", "data": {"to": "harbour"}}
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=spaces_match, expected_seq=0,
                      events=[good, {"type": event_type, "actor": "p1", "data": data}])
    assert (raised.value.seq, raised.value.field) == (2, field)
    assert repr(value) in raised.value.message
    assert not Event.objects.exists()


def test_what_the_setup_adds_may_be_named(spaces_match):
    append_events(match=spaces_match, expected_seq=0,
                  events=[{"type": "move", "actor": "p1", "data": {"to": "lagoon"}}])
    assert spaces_match.events.count() == 1


def test_a_corrections_inner_event_is_held_to_the_same_referents(spaces_match):
    append_events(match=spaces_match, expected_seq=0,
                  events=[{"type": "move", "actor": "p1", "data": {"to": "tower"}}])
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=spaces_match, expected_seq=1, events=[{
            "type": "correction", "data": {"supersedes": 1, "event": {
                "type": "move", "actor": "p1", "data": {"to": "atlantis"}}}}])
    assert raised.value.field == "data.event.data.to"


def test_the_api_answers_400_naming_field_and_value(spaces_match, db):
    from rest_framework.test import APIClient

    from tests.factories import make_curator

    client = APIClient()
    client.force_login(make_curator())
    response = client.post(f"/api/matches/{spaces_match.pk}/events/", {
        "expected_seq": 0, "events": [{"type": "move", "actor": "p1", "data": {"to": "x"}}]},
        format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "data.to" and "'x' is not a space" in \
        response.json()["detail"]


def test_an_import_naming_an_unknown_space_stores_nothing(spaces_game):
    from replay.log.errors import DocumentError
    from replay.log.interchange import import_match

    document = {"format": "ludoteca.match/1", "game": spaces_game.slug, "title": "t",
                "players": [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}],
                "events": [{"seq": 1, "type": "move", "actor": "p1", "data": {"to": "moon"}}]}
    with pytest.raises(DocumentError) as raised:
        import_match(raw=document)
    assert raised.value.field == "$.events[0].data.to"
    assert not Match.objects.exists()
