"""The tab's title follows the step: the page and every htmx fragment name their step."""

from __future__ import annotations

import re

import pytest


def _title(body: str) -> str:
    return re.search(r"<title>(.*?)</title>", body, re.DOTALL).group(1)


@pytest.mark.parametrize("seq", [0, 3, 7])
def test_each_steps_fragment_names_its_step_in_a_title_htmx_reads(client, dagon_run, seq):
    match = dagon_run.match
    url = f"/matches/{match.pk}/runs/{dagon_run.pk}/step/{seq}/"
    page = client.get(url).content.decode()
    assert _title(page) == f"Club night, table 2 · step {seq} · Ludoteca"
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    # htmx sets the tab's title from the first <title> of the answer when it is at the top
    # level: before the panel, whose board carries SVG titles of its own.
    assert fragment.lstrip().startswith(f"<title>Club night, table 2 · step {seq} · Ludoteca"
                                        "</title>")
    assert fragment.index("</title>") < fragment.index('<div id="step-panel"')


def test_a_signed_out_readers_stored_fragment_keeps_its_title(client, dagon_run):
    match = dagon_run.match
    url = f"/matches/{match.pk}/runs/{dagon_run.pk}/step/4/"
    first = client.get(url, HTTP_HX_REQUEST="true")
    again = client.get(url, HTTP_HX_REQUEST="true")
    assert first.content == again.content
    assert _title(again.content.decode()) == "Club night, table 2 · step 4 · Ludoteca"
