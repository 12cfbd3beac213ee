"""One drawing of a board: its frame (edges, spaces, labels) drawn once per layout and reused
by every step and the recorder; a step draws only its pieces on top. A board that turns (Dylan
Dog's nightmare plane) has one frame per position."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import lxml.html
import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse

import games
from games.dylan_dog.board import SLOTS
from replay.log.interchange import import_match
from replay.reading import boards
from replay.runs.replaying import replay_match
from replay.runs.steps import read_step


@pytest.fixture
def lagoon_run(archive):
    sample = Path(__file__).resolve().parents[2] / "games/dagon/samples/lagoon-dispute.json"
    return replay_match(match=import_match(raw=sample.read_bytes()))


@pytest.fixture
def frames_drawn(monkeypatch):
    """The layouts whose frame was drawn, counted by the spaces they place."""
    boards._frame.cache_clear()
    boards._frames_by_layout.clear()
    drawn = []
    draw = boards.frame_markup

    def counting(frame):
        drawn.append(tuple((s.id, s.x, s.y) for s in frame.spaces))
        return draw(frame)

    monkeypatch.setattr(boards, "frame_markup", counting)
    yield drawn
    boards._frame.cache_clear()
    boards._frames_by_layout.clear()


def test_a_layout_is_drawn_once_whatever_its_pieces(frames_drawn):
    engine = games.get("dagon")
    document = engine.simulate(seed=3, max_events=30)
    state = engine.initial_state(document["players"], document.get("setup", {}))
    layout, pieces = engine.layout(state), engine.pieces(state)
    first = boards.draw_board(layout, pieces, document["players"])
    second = boards.draw_board(engine.layout(state), pieces[1:], document["players"])
    assert len(frames_drawn) == 1 and first.frame is second.frame
    assert len(first.pieces) == len(second.pieces) + 1
    assert first.frame.svg.count('class="space ') == len(layout.spaces)
    assert "piece" not in first.frame.svg  # pieces are drawn per step, on top


def test_stepping_through_a_match_draws_its_board_once(client, dagon_run, frames_drawn):
    for seq in range(12):
        page = client.get(reverse("replay-step", args=[dagon_run.match_id, dagon_run.pk, seq]))
        assert page.status_code == 200
        assert page.content.decode().count('class="space ') > 0
    assert len(frames_drawn) == 1


def test_a_turning_board_has_one_frame_per_position(client, archive, frames_drawn):
    engine = games.get("dylan-dog")
    match = import_match(raw=engine.simulate(seed=1, max_events=40))
    run = replay_match(match=match)
    rotations = set()
    for seq in range(run.progress + 1):
        rotations.add(read_step(run=run, seq=seq).state["rotation"] % SLOTS)
        page = client.get(reverse("replay-step", args=[match.pk, run.pk, seq]))
        assert page.status_code == 200
    assert len(rotations) > 1, "the simulated match never turns the plane"
    assert len(frames_drawn) == len(set(frames_drawn)) == len(rotations)
    turned = {rotation: boards.board_frame(engine.layout({"rotation": rotation}))
              for rotation in rotations}
    assert len({frame.svg for frame in turned.values()}) == len(rotations)
    assert len(frames_drawn) == len(rotations)  # asked again, each position is kept


def test_spaces_are_drawn_in_their_kinds_colours_with_a_legend(client, dagon_run, archive):
    page = client.get(reverse("replay-step", args=[dagon_run.match_id, dagon_run.pk, 1]))
    tree = lxml.html.fromstring(page.content.decode())
    board = games.get("dagon").board
    for space in board["spaces"]:
        (circle,) = tree.xpath(
            f"//g[starts-with(@class, 'space ')][@data-space='{space['id']}']/circle")
        assert circle.get("fill") == space["colour"], space["id"]
    legend = {" ".join(li.text_content().split()): li.xpath(".//circle")[0].get("fill")
              for li in tree.xpath("//div[@class='board-legend']//li")}
    assert legend == {
        f"{board['kinds'][kind][:1].upper()}{board['kinds'][kind][1:]} ({count})": colour
        for (kind, colour), count in Counter(
            (s["kind"], s["colour"]) for s in board["spaces"]).items()}
    gothic = games.get("gothic").layout()
    drawn = boards.board_frame(gothic)
    assert {entry.words: entry.colour for entry in drawn.legend}["room"] == "brown"
    assert 'fill="brown"' in drawn.svg


def test_a_colour_that_is_not_a_plain_css_colour_is_never_drawn():
    assert boards.space_colour('red" onclick="x') == boards.PLAIN_SPACE
    assert boards.space_colour("#2a7fbf") == "#2a7fbf"
    assert boards.space_colour("") == boards.PLAIN_SPACE


def test_the_step_board_marks_the_last_move(client, lagoon_run):
    url = reverse("replay-step", args=[lagoon_run.match_id, lagoon_run.pk, 11])
    tree = lxml.html.fromstring(client.get(url).content.decode())
    # Step 11: Ana attacks Luis, whose Hero goes from Route 1 to the Lagoon of the South.
    (left,) = tree.xpath("//g[@class='last-move']/circle[@class='moved-from']")
    (reached,) = tree.xpath("//g[@class='last-move']/circle[@class='moved-to']")
    assert (left.get("data-space"), reached.get("data-space")) == ("r1",
                                                                   "lagoon-south")
    (moved,) = tree.xpath("//g[contains(@class, 'piece') and contains(@class, 'moved')]")
    assert moved.get("data-space") == "lagoon-south"
    words = " ".join(tree.xpath("//p[@class='last-move-words']")[0].text_content().split())
    assert words == "Last move: Luis's Hero from Route 1 to Lagoon of the South."
    start = reverse("replay-step", args=[lagoon_run.match_id, lagoon_run.pk, 0])
    assert not lxml.html.fromstring(client.get(start).content.decode()).xpath(
        "//g[@class='last-move']")


def test_the_board_writes_its_numbers_as_the_template_filter_wrote_them():
    """Coordinates are written once as the board is laid out, in the very bytes
    ``floatformat:'1u'`` wrote: half up, one decimal, no sign on zero."""
    coordinates = [float(value) for slug in ("dagon", "gothic", "dylan-dog", "fury-of-dracula")
                   for space in games.get(slug).layout(None).spaces
                   for value in (space.x, space.y)]
    edges = [0, -0.0, -0.04, 0.05, 0.25, 12.25, -12.25, 2.675, 1e15, 7]
    for value in coordinates + edges:
        assert boards.svg_number(value) == floatformat(value, "1u"), value


@pytest.mark.parametrize("slug", ["dagon", "gothic", "dylan-dog", "fury-of-dracula"])
def test_every_board_names_its_spaces_in_play_and_says_itself_in_words(client, archive, slug):
    """No board named a space until a piece was picked: a crowded board names the spaces in
    play at every step (the others on hover and focus), and lists every space and who stands
    there, for a reader who cannot see the drawing."""
    engine = games.get(slug)
    run = replay_match(match=import_match(raw=engine.simulate(seed=2, max_events=12)))
    page = client.get(reverse("replay-step", args=[run.match_id, run.pk, 6])).content.decode()
    tree = lxml.html.fromstring(page)
    (svg,) = tree.xpath("//svg[contains(@class, 'board-svg')]")
    assert svg.get("role") == "img" and "crowded" in svg.get("class")
    frame = svg.getparent()
    assert frame.get("class") == "board-frame" and frame.get("tabindex") == "0"
    state = read_step(run=run, seq=6).state
    layout = engine.layout(state)
    names = {space.id: space.name for space in layout.spaces}
    occupied = {piece.space for piece in engine.pieces(state) if piece.space in names}
    labelled = tree.xpath("//g[@class='names-in-play']/text/text()")
    assert occupied and {names[s] for s in occupied} <= set(labelled)
    listed = tree.xpath("//details[@class='board-in-words']//li")
    assert len(listed) == len(occupied)
    said = {li.xpath("./strong")[0].text_content(): li.text_content() for li in listed}
    for piece in engine.pieces(state):
        if piece.space in names:
            assert piece.label in said[names[piece.space]], piece
    (nobody,) = tree.xpath("//details[@class='board-in-words']/p[@class='nobody']")
    empty = [names[space.id] for space in layout.spaces if space.id not in occupied]
    assert nobody.text_content() == f"No one stands on {', '.join(empty)}."


def test_pieces_are_drawn_nine_tenths_of_their_space(archive):
    engine = games.get("dagon")
    document = engine.simulate(seed=3, max_events=4)
    state = engine.initial_state(document["players"], document.get("setup", {}))
    drawing = boards.draw_board(engine.layout(state), engine.pieces(state), document["players"])
    radius = drawing.frame.radius
    assert {float(p.r) for p in drawing.pieces} == {round(radius * boards.PIECE_RADIUS, 1)}
