"""One drawing of a board: its frame (edges, spaces, labels) drawn once per layout and reused
by every step and the recorder; a step draws only its pieces on top. A board that turns (Dylan
Dog's nightmare plane) has one frame per position."""

from __future__ import annotations

import pytest
from django.urls import reverse

import games
from games.dylan_dog.board import SLOTS
from replay import boards
from replay.interchange import import_match
from replay.runs import read_step, replay_match


@pytest.fixture
def frames_drawn(monkeypatch):
    """The layouts whose frame was drawn, counted by the spaces they place."""
    boards._frame.cache_clear()
    drawn = []
    render = boards.render_to_string

    def counting(template, context=None, *args, **kwargs):
        if template == "replay/includes/board_frame.html":
            drawn.append(tuple((s.id, s.x, s.y) for s in context["spaces"]))
        return render(template, context, *args, **kwargs)

    monkeypatch.setattr(boards, "render_to_string", counting)
    yield drawn
    boards._frame.cache_clear()


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
