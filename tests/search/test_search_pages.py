"""The search box in every page's header, the results page and ``/api/search/``."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from archive.services import load_archive


@pytest.fixture
def archive(db):
    load_archive()


def test_every_page_has_the_one_search_box_in_its_header(client, archive):
    for url in ("/", "/games/dagon/", "/matches/", "/search/"):
        page = client.get(url).content.decode()
        header = page[page.index('<header class="site">'):page.index("</header>")]
        assert 'role="search"' in header and 'action="/search/"' in header, url
    assert 'role="search"' not in client.get("/").content.decode().split("</header>", 1)[1]


def test_results_are_grouped_by_game_with_marked_snippets_and_links(client, archive):
    page = client.get(reverse("search"), {"q": "vampire"}).content.decode()
    headings = re.findall(r'<section class="search-game">\s*<h2><a href="/games/([\w-]+)/">', page)
    assert {"gothic", "dylan-dog"} <= set(headings) and len(headings) == len(set(headings))
    assert "<mark>Vampire</mark>" in page or "<mark>vampire</mark>" in page
    assert re.search(r'href="/transcriptions/\d+/#the-vault"', page)


def test_htmx_gets_only_the_results(client, archive):
    response = client.get(reverse("search"), {"q": "Lagoon"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "<html" not in body and body.strip().startswith('<section id="search-results"')


@pytest.mark.parametrize(
    ("params", "field"),
    [({"q": "x", "kind": "poem"}, "kind"), ({"q": "x", "game": "chess"}, "game"),
     ({"q": "x", "page": "0"}, "page"), ({"q": "x" * 201}, "q")],
)
def test_a_bad_filter_is_a_400_next_to_its_field(client, archive, params, field):
    response = client.get(reverse("search"), params)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()


def test_the_api_gives_the_same_results_a_page_at_a_time(client, archive):
    body = client.get("/api/search/", {"q": "vampire", "page_size": 2}).json()
    assert body["count"] >= 3 and len(body["results"]) == 2 and body["previous"] is None
    hit = body["results"][0]
    assert {"kind", "game", "title", "snippet", "url", "rank"} <= set(hit)
    again = client.get(body["next"]).json()
    assert again["previous"] and {r["url"] for r in again["results"]}.isdisjoint(
        {r["url"] for r in body["results"]})
    only = client.get("/api/search/", {"q": "Lagoon", "game": "dagon", "kind": "passage,point"})
    assert {(r["game"], r["kind"]) for r in only.json()["results"]} <= {
        ("dagon", "passage"), ("dagon", "point")}


@pytest.mark.parametrize(
    ("params", "field"),
    [({}, "q"), ({"q": "x", "kind": "poem"}, "kind"), ({"q": "x", "game": "chess"}, "game"),
     ({"q": "x", "page_size": "101"}, "page_size"), ({"q": "x", "page": "one"}, "page")],
)
def test_the_api_names_a_bad_parameter(client, archive, params, field):
    response = client.get("/api/search/", params)
    assert response.status_code == 400
    assert re.split(r"[.\[]", response.json()["field"])[0] == field


def test_the_api_is_in_the_openapi_schema(client, db):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/search/"]["get"]
    names = {p["name"] for p in operation["parameters"]}
    assert {"q", "game", "kind", "page", "page_size"} <= names


def test_matches_are_a_group_of_their_own_on_the_results_page(client, archive):
    from pathlib import Path

    from replay.log.interchange import import_match

    sample = Path(__file__).resolve().parents[2] / "games/dagon/samples/lagoon-dispute.json"
    match = import_match(raw=sample.read_bytes())
    page = client.get(reverse("search"), {"q": "Lagoon dispute"}).content.decode()
    group = page[page.index('<section class="search-matches">'):]
    group = group[:group.index("</section>")]
    assert "<h2>Recorded matches</h2>" in group
    assert f'href="/matches/{match.pk}/"' in group and "<mark>Lagoon</mark>" in group
    assert "Ana, Luis" in group
