"""What can happen next (legal_events), where everything stands (pieces, layout), what a record
may name (referents), and the package's shape."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from games.core.choices import covering, matching_choice
from games.core.events import EventSchemaError
from games.core.replay import replay_document
from games.dylan_dog import rules
from tests.games.dylan_dog.helpers import (
    E,
    act,
    at,
    ev,
    interp,
    put,
    started,
    turn_of,
    violations,
)

PACKAGE = Path(rules.__file__).parent


def offered(state, interpretation=None):
    return E.legal_events(state, interpretation or E.interpretation())


def types(choices, actor=None):
    return sorted({c.event["type"] for c in choices if actor in (None, c.event["actor"])})


def test_the_package_is_small_files_without_import_circles():
    """dylan-dog/the-game-board: "The board is made of 3 superimposed planes, representing 3
    different "dimensions":" """
    imports = {}
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 600, path.name
        found = set()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "games.dylan_dog"):
                module = node.module.removeprefix("games.dylan_dog").lstrip(".")
                found |= {module} if module else {alias.name for alias in node.names}
        imports[path.stem] = found

    def reaches(start, goal, seen=()):
        return any(nxt == goal or (nxt not in seen and reaches(nxt, goal, (*seen, nxt)))
                   for nxt in imports.get(start, ()))

    assert not [module for module in imports if reaches(module, module)]
    assert "rules" not in {m for found in imports.values() for m in found}


def test_a_throw_is_one_chance_choice_beside_the_exchanges():
    """dylan-dog/exchange: "Before making their own die throw, each player is free to propose a
    card exchange to the others." """
    s = put(put(turn_of(started(), "p1"), "p1", mystery=["I2"]), "p2", mystery=["A1"])
    choices = offered(s)
    (roll,) = [c for c in choices if c.type == "roll"]
    assert roll.chance and roll.open_fields == ("face",)
    assert roll.field("face").domain.values == ("2", "3", "4", "5", "6", "dylan-dog")
    assert roll.field("face").domain.odds() == (1 / 6,) * 6
    swap = ev("exchange", "p1", **{"with": "p2", "give": ["I2"], "receive": ["A1"]})
    gift = ev("exchange", "p1", **{"with": "p2", "give": [], "receive": ["A1"]})
    assert len(covering(choices, swap)) == 1 and len(covering(choices, gift)) == 1
    assert not covering(choices, ev("exchange", "p1",
                                    **{"with": "p2", "give": ["I3"], "receive": ["A1"]}))
    even = offered(s, interp(exchange_balance="one-for-one"))
    assert len(covering(even, swap)) == 1 and not covering(even, gift)


def test_a_mixed_move_is_one_choice_with_its_path_and_turn_open():
    """dylan-dog/later-turns: "Example of a mixed move: the die shows 5. The player moves their
    pawn 3 squares and then rotates the nightmare plane by 2." """
    s = turn_of(started(), "p1", phase="action", die="5", square="R1")
    choices = offered(s)
    mixed = ev("move", "p1", path=["R2", "R3", "R4"], rotation=2)
    (choice,) = covering(choices, mixed)
    assert choice.open_fields == ("path", "rotation", "rotate_first")
    assert choice.field("rotation").domain.values == (2, -2)
    assert "R4" in choice.field("path").domain.spaces and choice.origin == "R1"
    assert len(covering(choices, dict(mixed, data={**mixed["data"], "rotation": -2}))) == 1
    assert not covering(choices, ev("move", "p1", path=["R2", "R3", "R4"], rotation=1))
    assert not covering(choices, ev("move", "p1", path=["R2", "R4", "R3"], rotation=2))
    # a handful of choices stand for every path with every turn the throw allows: a dozen for
    # the pawn first, as many again for the plane first (mixed-move-order's default)
    moves = [c for c in choices if c.type == "move"]
    assert len(moves) <= 24
    assert any(c.event["data"].get("rotate_first") for c in moves)
    pawn_first = offered(s, interp(mixed_move_order="pawn-then-rotate"))
    assert len([c for c in pawn_first if c.type == "move"]) <= 12
    assert sum(len(c.field("path").domain.values) for c in moves if "path" in c.open_fields) > 100
    rng = random.Random(3)
    for choice in moves:
        for _ in range(10):
            drawn = choice.sampled(rng, leave_out=0.5)
            assert not violations(E.apply(s, drawn, E.interpretation())), drawn


def test_direct_entry_is_offered_only_after_stopping_on_entra():
    """dylan-dog/moving-between-planes: "a player may enter a crypt immediately only if they stop
    on the square "ENTRA NELLA CRIPTA DEL MISTERO" at the end of their move (that is, with an
    exact throw), and that square lines up with a crypt." """
    s = at(turn_of(started(), "p1", phase="action", die="2", square="N3"), 4)
    stopped = act(s, "move", "p1", path=["N4", "N5"], rotation=0).state
    assert "enter_crypt" in types(offered(stopped), "p1")
    assert matching_choice(offered(stopped), ev("enter_crypt", "p1", crypt="PARANORMALE"))
    assert not matching_choice(offered(stopped), ev("enter_crypt", "p1", crypt="TEMPO"))
    past = act(at(turn_of(started(), "p1", phase="action", die="3", square="N3"), 4), "move",
               "p1", path=["N4", "N5", "N6"], rotation=0).state
    assert "enter_crypt" not in types(offered(past))


def test_a_fight_offers_only_the_fighters_throw_and_card():
    """dylan-dog/horror-cards: "A horror card can also be defeated by playing a "Dylan Dog" card.
    In this second case, the player must of course declare it before attempting the die
    throw." """
    s = turn_of(started(), "p1", phase="resolve", square="CRIPTA-MENTE", dylan_dog=1)
    s = dict(s, pending=[{"kind": "crypt-draw", "player": "p1", "crypt": "MENTE"}])
    fighting = act(s, "crypt_card", "p1", kind="horror", name="Zombi", threshold="4+").state
    choices = offered(fighting)
    assert types(choices, "p1") == ["play_dylan_dog", "roll", "show_shadow"]
    assert types(choices, "p2") == ["show_shadow"]
    assert "end_turn" not in types(choices)


def test_layout_turns_the_nightmare_plane_with_the_state():
    """dylan-dog/the-game-board: "the middle plane (the rotating plane) is the nightmare
    (incubo);" """
    still, turned = E.layout(None), E.layout(at(started(), 6))
    assert (still.space("N0").x, still.space("N0").y) == (500, 220)
    assert (round(turned.space("N0").x), round(turned.space("N0").y)) == (780, 500)
    assert turned.space("R0") == still.space("R0")
    assert turned.space("CRIPTA-MENTE") == still.space("CRIPTA-MENTE")
    assert turned.space("CRIPTA-MENTE").name == "the crypt of the mind (MENTE)"
    assert ("N0", "R0") not in turned.links  # no passage through a white square
    assert ("N18", "R0") not in still.links and ("N1", "R1") in still.links
    assert "6 slot(s)" in turned.provenance["nightmare_plane"]


def test_pieces_say_where_every_pawn_and_card_pile_is():
    """dylan-dog/starting-the-game: "place the markers (segnalini) on the white squares of the
    upper plane, which is reality." """
    s = started()
    by_id = {piece.id: piece for piece in E.pieces(s)}
    assert [by_id[f"pawn-p{i}"].space for i in (1, 2, 3)] == ["R0", "R4", "R8"]
    assert by_id["crypt-TEMPO"].space == "CRIPTA-TEMPO" and "9 card" in by_id["crypt-TEMPO"].label
    assert by_id["dragger"].space is None


def test_a_record_may_name_only_what_the_game_has():
    """dylan-dog/exchange: "All cards may be exchanged, except story cards." """
    players = ["p1", "p2", "p3"]
    E.validate_event(ev("exchange", "p1", **{"with": "p2", "give": ["horror:Dracula"],
                                             "receive": ["shadow:bat", "I2"]}), players)
    for bad in (
        ev("exchange", "p1", **{"with": "p2", "give": ["I9"], "receive": []}),
        ev("exchange", "p1", **{"with": "p9", "give": ["I2"], "receive": []}),
        ev("exchange", "p1", **{"with": "p2", "give": ["shadow:moon"], "receive": []}),
        ev("nightmare_card", "p1", kind="move-other", target="p7", square="R1"),
    ):
        with pytest.raises(EventSchemaError, match="is not"):
            E.validate_event(bad, players)


def test_a_match_simulated_under_a_reading_is_legal_under_it():
    """dylan-dog/exchange: "Before making their own die throw, each player is free to propose a
    card exchange to the others." """
    reading = {"dylan-dog.exchange-balance": "one-for-one", "dylan-dog.partial-move": "up-to"}
    document = E.simulate(seed=5, max_events=300, interpretation=reading)
    assert "exchange-balance=one-for-one" in document["source"]
    steps = replay_document(E, document, E.interpretation(reading))
    assert not [f for _event, step in steps for f in step.flags if f.kind == "violation"]


def test_the_story_draw_is_one_chance_choice_a_player_with_a_card_of_each_kind_open():
    """dylan-dog/before-playing: "Each player draws 4 story cards (carte-racconto): 1
    investigator card (carta-indagatore) 1 action card (carta-azione) 1 location card
    (carta-luogo) 1 fear card (carta-paura)" """
    s = E.initial_state([{"id": p, "name": p.upper()} for p in ("p1", "p2", "p3")], {})
    choices = offered(s)
    assert len(choices) <= 40  # one draw a player, never every hand (6 x 6 x 6 x 6 each)
    draws = [c for c in choices if c.type == "story_cards" and c.chance]
    assert [c.actor for c in draws] == ["p1", "p2", "p3"]
    kinds = ("investigator", "action", "location", "fear")
    for draw in draws:
        assert draw.open_fields == kinds and draw.omitted == ("cards",)
        for kind, letter in zip(kinds, "IALF", strict=True):
            domain = draw.field(kind).domain
            assert domain.values == tuple(f"{letter}{n}" for n in range(1, 7))
            assert domain.odds() == (1 / 6,) * 6
    drawn = act(s, "story_cards", "p1", investigator="I1", action="A1", location="L1",
                fear="F1")
    assert not violations(drawn) and drawn.state["players"]["p1"]["story"] == [
        "I1", "A1", "L1", "F1"]
    # the cards that can still come: Luis's draw lacks Ana's cards, as far as the table sees;
    # Luis himself does not see Ana's story, so to him any card of each kind can still come
    (archivist,) = [c for c in offered(drawn.state) if c.actor == "p2" and c.chance]
    assert archivist.field("fear").domain.values == ("F2", "F3", "F4", "F5", "F6")
    (seat,) = [c for c in E.legal_events(drawn.state, E.interpretation(), "p2") if c.chance]
    assert seat.field("fear").domain.values == ("F1", "F2", "F3", "F4", "F5", "F6")
    # older records give the four cards in one list: a former form, refereed as before but
    # never offered (no choice lets a page send two investigators and no fear card)
    listed = ev("story_cards", "p2", cards=["F2", "L2", "A2", "I2"])
    assert not violations(act(drawn.state, "story_cards", "p2", cards=["F2", "L2", "A2", "I2"]))
    assert E.event_schema["story_cards"].fields["cards"].former
    assert not covering(offered(drawn.state), listed)
    assert [c.type for c in offered(drawn.state)].count("story_cards") == 2  # Luis's, Carla's


def test_a_story_of_the_wrong_kinds_names_what_is_doubled_and_what_is_missing():
    """dylan-dog/before-playing: "Each player draws 4 story cards (carte-racconto): 1
    investigator card (carta-indagatore) 1 action card (carta-azione) 1 location card
    (carta-luogo) 1 fear card (carta-paura)" """
    s = E.initial_state([{"id": p, "name": p.upper()} for p in ("p1", "p2", "p3")], {})
    drawn = act(s, "story_cards", "p1", cards=["I1", "I2", "A1", "L1"])
    assert [f.message for f in violations(drawn)] == [
        ("the 4 story cards must be one investigator, one action, one location and one fear "
        "card, not two investigator cards (“you”, “the detective”) and no fear card "
        "(dylan-dog/before-playing)")]


def test_a_draw_takes_the_words_of_a_card_and_the_name_of_a_horror_card_as_read():
    """dylan-dog/nightmare-cards: "Nightmare cards (carte-incubo) number 66, and anything can
    happen when one is drawn." """
    # the transcription never gives the cards' words, nor the horror cards' names: a record's
    # are taken as read, the reconstructed deck's are listed
    s = turn_of(started(), "p1", phase="resolve", square="N1")
    s = dict(s, pending=[{"kind": "nightmare-card", "player": "p1"}])
    choices = offered(s)
    read = ev("nightmare_card", "p1", kind="go-to-crypt", crypt="TEMPO",
              text="Vai nella cripta del Tempo")
    (card,) = covering(choices, read)
    assert card.chance and card.field("text").domain.suggestions == (
        "Go to the crypt of ... (two for each crypt)",)
    assert not violations(E.apply(s, read, E.interpretation()))
    # a card naming what it does not (a crypt on a card with no effect) misreads it
    misread = ev("nightmare_card", "p1", kind="nothing", crypt="TEMPO")
    assert not covering(choices, misread) and violations(E.apply(s, misread, E.interpretation()))
    crypt = turn_of(started(), "p1", phase="resolve", square="CRIPTA-MENTE")
    crypt = dict(crypt, pending=[{"kind": "crypt-draw", "player": "p1", "crypt": "MENTE"}],
                 horror_drawn=["Zombi"])
    draws = offered(crypt)
    unlisted = ev("crypt_card", "p1", kind="horror", name="Il Mostro di Londra", threshold="5+")
    assert len(covering(draws, unlisted)) == 1
    assert not violations(E.apply(crypt, unlisted, E.interpretation()))
    again = ev("crypt_card", "p1", kind="horror", name="Zombi", threshold="4+")
    assert not covering(draws, again) and violations(E.apply(crypt, again, E.interpretation()))
    valued = ev("crypt_card", "p1", kind="mystery", element="I2", threshold="4+")
    assert not covering(draws, valued) and violations(E.apply(crypt, valued,
                                                              E.interpretation()))
