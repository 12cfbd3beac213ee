"""One address for each page with ids: a number written one way (no leading zero) and within the
database's range, so a huge id is a 404 before any SQL, never a 500; and a step's one address,
to which every other spelling of it is sent, so nothing is drawn or kept twice."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

HUGE = "9223372036854775808"  # 2**63: past a bigint


def _paths(run) -> list[str]:
    match = run.match_id
    return [
        f"/matches/{HUGE}/",
        f"/matches/{HUGE}/export.json",
        f"/matches/{HUGE}/runs/1/step/1/",
        f"/matches/{match}/runs/{HUGE}/step/1/",
        f"/matches/{match}/runs/{run.pk}/step/{HUGE}/",
        f"/matches/{match}/runs/{run.pk}/step/{2**31}/",
        f"/matches/{match}/runs/{HUGE}/",
        f"/matches/{HUGE}/score-sheet/",
        f"/matches/{HUGE}/sweep/",
        f"/studies/{HUGE}/",
        f"/scans/{HUGE}/",
        f"/transcriptions/{HUGE}/",
        f"/transcriptions/1/pages/{HUGE}/",
        f"/rulebooks/{HUGE}/manifest.json",
        f"/api/matches/{match}/compare/".replace(str(match), HUGE),
    ]


def test_a_huge_id_is_a_404_before_any_sql(client, dagon_run):
    """Tries: ids and seqs past the columns' range on every kind of page, signed out (the
    fast paths for public pages). Proves: 404, and not one query made."""
    for path in _paths(dagon_run):
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
        assert response.status_code == 404, path
        assert len(queries) == 0, (path, [q["sql"] for q in queries])


def test_a_number_with_a_leading_zero_names_nothing(client, dagon_run):
    """Tries: the match, the run and the step written with leading zeros. Proves: 404 (the
    one spelling is the one the site writes), where the plain spelling answers 200."""
    match, run = dagon_run.match_id, dagon_run.pk
    assert client.get(f"/matches/{match}/runs/{run}/step/12/").status_code == 200
    for path in (f"/matches/0{match}/", f"/matches/{match}/runs/00{run}/step/12/",
                 f"/matches/{match}/runs/{run}/step/012/", f"/api/matches/0{match}/",
                 f"/api/runs/{run}/steps/012/"):
        assert client.get(path).status_code == 404, path


@pytest.mark.parametrize(("query", "canonical"), [
    ("?viewer=archivist", ""),
    ("?viewer=", ""),
    ("?viewer=p1&viewer=p1", "?viewer=p1"),
    ("?viewer=p2&viewer=p1", "?viewer=p1"),
    ("?utm_source=x", ""),
    ("?viewer=p1&x=1", "?viewer=p1"),
    ("?x=1&viewer=p1", "?viewer=p1"),
])
def test_every_other_spelling_of_a_step_is_sent_to_its_address(client, dagon_run, query,
                                                                 canonical):
    """Tries: a step asked with the viewpoint empty, named "archivist", repeated, or with
    other parameters. Proves: a redirect to the step's one address, made before anything is
    read (no query) or kept (the cache as empty as before); that address answers 200."""
    step = f"/matches/{dagon_run.match_id}/runs/{dagon_run.pk}/step/12/"
    with CaptureQueriesContext(connection) as queries:
        response = client.get(step + query)
    assert response.status_code == 302 and response["Location"] == step + canonical
    assert len(queries) == 0
    assert not list(caches["default"]._cache)
    assert client.get(step + canonical).status_code == 200


def test_a_viewpoint_no_seat_has_is_refused_before_anything_is_drawn(client, dagon_run,
                                                                     monkeypatch):
    """Tries: a step from a seat the match does not have. Proves: 404, nothing drawn, nothing
    kept."""
    from replay.reading import step_views

    drawn = []
    monkeypatch.setattr(step_views, "_render_panel", lambda *a, **k: drawn.append(a))
    step = f"/matches/{dagon_run.match_id}/runs/{dagon_run.pk}/step/12/?viewer=p9"
    assert client.get(step).status_code == 404
    assert drawn == [] and not list(caches["default"]._cache)


def test_the_viewpoint_form_lands_on_the_steps_address(client, dagon_run):
    """The viewpoint form sends ``viewer=archivist`` for everything, and a seat's id for a
    seat: both land on the step's one address, whose page links to the others as written."""
    step = f"/matches/{dagon_run.match_id}/runs/{dagon_run.pk}/step/12/"
    landed = client.get(step, {"viewer": "archivist"}, follow=True)
    assert landed.redirect_chain == [(step, 302)] and landed.status_code == 200
    assert client.get(step, {"viewer": "p1"}).status_code == 200
