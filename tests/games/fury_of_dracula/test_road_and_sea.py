"""Road and sea movement, which the excerpts do not give: by default a path from where the
hunter stands, one road (or sea link) a step, as the point road-and-sea-paths reads it; and the
ordered paths the choices offer for it and for the train."""

from __future__ import annotations

from games.core.paths import Path
from games.fury_of_dracula.rules import ENGINE

from .helpers import consulted, ev, interp, run, start, unchecked, violations

POINT = "fury-of-dracula.road-and-sea-paths"


def road(path, who="p2", mode="road"):
    return ev("move", who, mode=mode, path=path)


def moves(state, reading=None):
    return [c for c in ENGINE.legal_events(state, reading or interp()) if c.type == "move"]


def test_a_path_that_neither_starts_where_he_stands_nor_crosses_a_road_is_flagged():
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — a movement is the hunter's own: Luis, in London, moving «Amsterdam → Amsterdam → Amsterdam → Amsterdam» by road breaks the default reading four times, and is still applied as recorded"""
    state, steps = run(start(), road(["amsterdam"] * 4))
    broken = [f.message for f in violations(steps[0])]
    assert broken[0].startswith("Luis is in London, not Amsterdam, where his movement by road")
    assert broken[1:] == [("no road leads from Amsterdam to Amsterdam on the reconstructed board "
                          "(fury-of-dracula/para-1)")] * 3
    assert {f.point for f in violations(steps[0])} == {POINT}
    assert consulted(steps[0]) == [POINT]
    assert state["hunters"]["p2"]["space"] == "amsterdam"  # the defined state: as recorded


def test_as_recorded_the_same_path_is_only_noted():
    """fury-of-dracula/para-1: "quanti collegamenti ferroviari puoi percorrere" — the excerpts count links only for the train: under as-recorded a road path is noted, never a violation (engine versions 1 to 4)"""
    _, steps = run(start(), road(["amsterdam"] * 4), choices={"road_and_sea_paths": "as-recorded"})
    assert not violations(steps[0]) and consulted(steps[0]) == [POINT]
    notes = unchecked(steps[0])
    assert "the record starts the move in Amsterdam but Luis was in London" in notes
    assert any("no road from Amsterdam to Amsterdam" in note for note in notes)


def test_a_path_along_the_roads_from_his_space_reads_no_point():
    """fury-of-dracula/para-1: "quanti collegamenti ferroviari puoi percorrere" — a path that goes link by link from where he stands is a movement under every reading; the point is not read"""
    for reading in ("by-links", "as-recorded"):
        state, steps = run(start(), road(["paris", "brussels", "paris", "le-havre"], who="p1"),
                           choices={"road_and_sea_paths": reading})
        assert not violations(steps[0]) and consulted(steps[0]) == []
        assert state["hunters"]["p1"]["space"] == "le-havre"
    _, steps = run(start(), road(["london", "english-channel"], mode="sea"))
    assert not violations(steps[0])
    _, steps = run(start(), road(["london", "english-channel"]))  # no road to a sea zone
    assert [f.point for f in violations(steps[0])] == [POINT]


def test_the_choice_is_a_path_from_his_space_grown_along_the_links():
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — each hunter is offered his own way by road (and by sea where he has a sea link), starting where he stands"""
    offered = {c.label: c for c in moves(start())}
    by_road = offered["Luis moves by road from London"].field("path").domain
    assert isinstance(by_road, Path) and by_road.start == "london"
    assert by_road.allows(["london", "plymouth", "london"])  # a space may come back
    assert not by_road.allows(["amsterdam", "amsterdam"])
    assert not by_road.allows(["london", "london"])
    assert not by_road.allows(["london", "english-channel"])  # a sea link, not a road
    assert by_road.problem(["amsterdam", "amsterdam"]) == "it starts from London"
    assert by_road.problem(["london", "paris"]) == "no link from London to Paris"
    by_sea = offered["Luis moves by sea from London"].field("path").domain
    assert by_sea.allows(["london", "english-channel"])
    assert "Ana moves by sea from Paris" not in offered  # Paris has no sea link
    assert offered["Ana moves by road from Paris"].origin == "paris"


def test_as_recorded_one_choice_covers_any_path():
    """fury-of-dracula/para-1: "quanti collegamenti ferroviari puoi percorrere" — under as-recorded any path of the board is a record's to give, so one choice covers them all"""
    reading = interp(road_and_sea_paths="as-recorded")
    (choice,) = [c for c in moves(start(), reading) if c.event["data"].get("mode") != "rail"]
    event = road(["amsterdam"] * 4)
    assert choice.matches(event) and choice.points == (POINT,)
    assert choice.field("path").domain.free


def test_zigzag_journeys_are_offered_by_the_count_of_links():
    """fury-of-dracula/para-1: "usare il valore riportato sulla sua faccia per determinare quanti collegamenti ferroviari puoi percorrere" — a journey is counted in links, so one that comes back through a city is a journey of its links; the white value counts journeys on white railways only, the yellow value those using a yellow one"""
    state, _ = run(start(), ev("book_ticket", "p1", white=2, yellow=3))
    trains = [c for c in moves(state) if c.event["data"]["mode"] == "rail"]
    white, yellow = (c.field("path").domain for c in trains)
    assert [c.label for c in trains] == [
        ("Ana travels by train from Paris on white railways only, spending the ticket "
        "(white 2, yellow 3): up to 2 links"),
        ("Ana travels by train from Paris using a yellow railway, spending the ticket "
        "(white 2, yellow 3): up to 3 links")]
    assert white.allows(["paris", "brussels", "paris"])  # a zigzag of two white links
    assert not white.allows(["paris", "marseilles", "genoa"])  # a yellow link
    assert yellow.allows(["paris", "marseilles", "genoa"])
    assert not yellow.allows(["paris", "brussels"])  # no yellow railway: the white value's
    for path in (["paris", "brussels", "paris"], ["paris", "marseilles", "genoa"]):
        data = {"mode": "rail", "path": path, "ticket_white": 2, "ticket_yellow": 3}
        _, steps = run(state, ev("move", "p1", **data))
        assert not violations(steps[0])


def test_a_ticket_with_no_yellow_number_offers_no_yellow_journey():
    """fury-of-dracula/para-1: "un biglietto senza un numero giallo non può essere usato per le ferrovie gialle" """
    state, _ = run(start(), ev("book_ticket", "p1", white=3))
    trains = [c for c in moves(state) if c.event["data"]["mode"] == "rail"]
    assert len(trains) == 1 and "white railways only" in trains[0].label
    assert trains[0].omitted == ("ticket_yellow",)
    exactly = [c for c in moves(state, interp(ticket_partial_use="exactly"))
               if c.event["data"]["mode"] == "rail"]
    domain = exactly[0].field("path").domain
    assert (domain.least, domain.most) == (3, 3)
