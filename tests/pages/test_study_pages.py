"""Study pages: a GET reads what is stored and says what is missing; a curator's POST starts
the study; the report speaks the game's words (questions, player names) and each row links to
the replay of its reading."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from archive.services import load_archive
from replay.models import ReplayRun
from studies.models import Study
from studies.services import study_sweep


@pytest.fixture
def queued(settings, monkeypatch):
    from studies import services

    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[int] = []
    monkeypatch.setattr(services, "_send", lambda part_ids, wait=False: sent.extend(part_ids))
    return sent


def test_the_sweep_page_says_what_is_missing_and_computes_nothing(client, dagon_match):
    page = client.get(reverse("sweep", args=[dagon_match.pk])).content.decode()
    assert "has not been swept yet" in page and "A curator can start the sweep" in page
    assert "<form" not in page.split("<main")[1]
    assert not Study.objects.exists()
    assert client.post(reverse("sweep", args=[dagon_match.pk])).status_code == 403
    assert not Study.objects.exists()


def test_a_curator_starts_a_sweep_and_reads_it_in_the_games_words(curator_client, dagon_match):
    started = curator_client.post(reverse("sweep", args=[dagon_match.pk]))
    study = Study.objects.get()
    assert started.status_code == 302 and started["Location"] == reverse("study-detail",
                                                                         args=[study.pk])
    page = curator_client.get(started["Location"]).content.decode()
    sweep = study.result["sweep"]
    assert f"{sweep['combinations']} combinations" in page
    assert f"{sweep['lines']} distinct line" in page
    assert "Ana wins" in page or "Luis wins" in page or "unfinished" in page
    headers = re.findall(r'<th scope="col"[^>]*><a href="[^"]*">([^<]*)</a>', page)
    from games import get

    questions = {get("dagon").point(p).question for p in sweep["points"]}
    assert questions <= {h.replace("&#x27;", "'").replace("&quot;", '"') for h in headers}
    links = re.findall(r'href="(/matches/\d+/reading/[^"]*)"', page)
    assert links and all(str(dagon_match.pk) in link for link in links)
    # The sweep page now points at the stored study.
    again = curator_client.get(reverse("sweep", args=[dagon_match.pk])).content.decode()
    assert reverse("study-detail", args=[study.pk]) in again


def test_the_rows_sort_by_any_column(client, dagon_match):
    study = study_sweep(match=dagon_match)
    url = reverse("study-detail", args=[study.pk])

    def violations(query):
        page = client.get(url, query).content.decode()
        table = page.split('class="list sweep"')[1].split("</table>")[0]
        return [int(v) for v in re.findall(r"</a></td><td>(\d+)</td>", table)]

    ascending, descending = violations({"sort": "violations"}), violations({"sort": "-violations"})
    assert ascending == sorted(ascending) and descending == sorted(descending, reverse=True)
    assert len(ascending) == len(study.result["sweep"]["rows"])


def test_a_reading_without_a_run_offers_a_curator_to_start_it(curator_client, dagon_run):
    from django.test import Client

    client = Client()
    match = dagon_run.match
    url = reverse("study-reading", args=[match.pk]) + "?dagon.move-length=roll-up-to"
    page = client.get(url).content.decode()
    main = page[page.index('<main id="main">'):]  # the header has its search button
    assert "has not been replayed yet" in main and "<button" not in main
    assert ReplayRun.objects.count() == 1
    page = curator_client.get(url).content.decode()
    assert f'action="{reverse("run-start", args=[match.pk])}"' in page
    assert 'name="point:dagon.move-length" value="roll-up-to"' in page
    default = client.get(reverse("study-reading", args=[match.pk]))
    assert default.status_code == 302
    assert default["Location"] == reverse("run-detail", args=[match.pk, dagon_run.pk])
    refused = client.get(reverse("study-reading", args=[match.pk]) + "?dagon.move-length=x")
    assert refused.status_code == 400 and b"unknown option" in refused.content


def test_progress_updates_through_htmx_and_a_curator_cancels(curator_client, dagon_match,
                                                             queued):
    study = study_sweep(match=dagon_match)
    url = reverse("study-detail", args=[study.pk])
    fragment = curator_client.get(url, {"part": "progress"}, HTTP_HX_REQUEST="true")
    text = fragment.content.decode()
    assert text.strip().startswith('<section id="study-progress"')
    assert 'hx-trigger="every 2s"' in text and "<progress" in text
    assert reverse("study-cancel", args=[study.pk]) in text
    assert curator_client.post(reverse("study-cancel", args=[study.pk])).status_code == 302
    study.refresh_from_db()
    assert study.status == Study.CANCELLED
    done = curator_client.get(url, {"part": "progress"}, HTTP_HX_REQUEST="true")
    assert done["HX-Refresh"] == "true" and "hx-trigger" not in done.content.decode()


def test_the_game_studies_page_lists_and_starts_studies(curator_client, dagon_match):
    from django.test import Client

    page = Client().get(reverse("game-studies", args=["dagon"])).content.decode()
    assert "No impact study stored yet" in page and "No archive-wide study" in page
    started = curator_client.post(reverse("game-studies", args=["dagon"]),
                                  {"kind": "archive", "points": ["dagon.lagoon-chooser"]})
    assert started.status_code == 302
    study = Study.objects.get(kind=Study.ARCHIVE)
    assert study.parameters["points"] == ["dagon.lagoon-chooser"]
    report = curator_client.get(started["Location"]).content.decode()
    assert dagon_match.title in report
    refused = curator_client.post(reverse("game-studies", args=["dagon"]),
                                  {"kind": "impact", "point": "dagon.lagoon-chooser",
                                   "simulated": "many"})
    assert refused.status_code == 400
    assert b"simulated matches must be a whole number" in refused.content


def test_the_compare_view_names_runs_by_their_reading_and_offers_the_missing_run(
        curator_client, dagon_run):
    from django.test import Client

    from replay.log.append import append_events

    match = dagon_run.match
    url = reverse("compare", args=[match.pk])
    alone = Client().get(url).content.decode()
    assert "Two finished runs of this match are needed" in alone
    assert reverse("study-reading", args=[match.pk]) + "?dagon.lagoon-chooser=attacked" in alone
    append_events(match=match, events=[{"type": "roll", "actor": "p1", "data": {"value": 4}}],
                  expected_seq=match.last_seq)
    from replay.runs.replaying import replay_match

    longer = replay_match(match=match, reading={"dagon.move-length": "roll-up-to"})
    page = curator_client.get(url, {"a": longer.pk, "b": dagon_run.pk}).content.decode()
    assert "How far does a Hero move on its turn?" in page and "the default reading" in page
    default = "the default reading, with 4 conjectures"
    assert f"Run {dagon_run.pk} ({default}) reads the log only up to seq" in page
    assert f"Replay “{default}” on the whole log" in page
    assert "First divergence" not in page  # no comparison of logs of different lengths


@pytest.mark.django_db(transaction=True)
def test_with_no_broker_a_study_answers_at_once_and_computes_off_the_request(client, settings):
    """make demo has no broker: the curator's request returns before the study is computed
    (it used to hold the request 36 to 44 s, then call the brand-new study "already made"),
    and the study then completes in the web process's background thread."""
    import time

    from tests.factories import make_curator

    load_archive()
    settings.LUDOTECA_TASKS_INLINE = False
    client.force_login(make_curator("curator"))
    started = client.post(reverse("game-studies", args=["dagon"]),
                          {"kind": "impact", "point": "dagon.lagoon-chooser", "simulated": "4"})
    study = Study.objects.get()
    assert started.status_code == 302 and study.status == Study.RUNNING
    assert study.parts_done < study.parts_total
    said = client.get(started["Location"]).content.decode()
    assert "already made" not in said and "has started" in said
    assert 'hx-trigger' in said  # the progress bar follows it
    deadline = time.monotonic() + 120
    while Study.objects.get().status == Study.RUNNING and time.monotonic() < deadline:
        time.sleep(0.2)
    assert Study.objects.get().status == Study.DONE
    again = client.post(reverse("game-studies", args=["dagon"]),
                        {"kind": "impact", "point": "dagon.lagoon-chooser", "simulated": "4"})
    assert "already made" in client.get(again["Location"]).content.decode()


@pytest.fixture
def toy_game(db):
    from games import registry
    from tests.factories import GameFactory
    from tests.studies.toy_race import ENGINE

    GameFactory(slug="toy-race", title="Toy race")
    with registry.registering(ENGINE):
        yield


def test_an_impact_study_shows_each_readings_measures_side_by_side_with_charts_and_words(
        client, toy_game):
    from studies.services import study_impact

    study = study_impact(game_slug="toy-race", point_id="toy-race.knock-chooser", matches=10,
                         agent="greedy")
    page = client.get(reverse("study-detail", args=[study.pk])).content.decode()
    main = page[page.index('<main id="main">'):]
    assert "played by the greedy agent in every seat (3 seats)" in main
    table = main.split('class="list measures"')[1].split("</table>")[0]
    assert re.findall(r'<th scope="col">([^<]+)</th>', table) == ["Measure", "knocker",
                                                                   "knocked"]
    for what in ("Seat 1 wins", "Seat 3 wins", "Matches that end", "Events (finished matches)",
                 "Rounds (finished matches)", "Winner clear after", "Choices when deciding",
                 "Matches consulting the point"):
        assert f'<th scope="row">{what}' in table
    charts = re.findall(r'<svg class="intervals" viewBox="0 0 360 \d+"', main)
    assert len(charts) == 6
    # Each reading's estimate is a dot on its interval, drawn in the SVG (no inline style).
    assert main.count('<circle class="estimate"') >= 2 * 6
    assert main.count('<line class="range"') == main.count('<circle class="estimate"')
    assert "style=" not in main
    words = re.findall(r'<li class="(detected|noise)"><strong>([^<]+)</strong> ([^<]+)</li>',
                       main)
    assert {name for _, name, _ in words} == {"Balance.", "Completion.", "Duration.",
                                              "Rounds.", "Decisiveness.", "Branching.",
                                              "The point consulted."}
    for kind, _, said in words:
        said = said.replace("&#x27;", "'")
        if kind == "noise":
            assert said.startswith("No difference in ") and "at 10 matches a reading" in said
        else:
            assert "95% CI" in said


def test_a_curator_starts_an_impact_study_played_by_mcts(curator_client, toy_game):
    started = curator_client.post(reverse("game-studies", args=["toy-race"]), {
        "kind": "impact", "point": "toy-race.six-again", "simulated": "2", "agent": "mcts",
        "budget": "3"})
    assert started.status_code == 302
    study = Study.objects.get()
    assert study.parameters["agent"] == "mcts" and study.parameters["budget"] == 3
    refused = curator_client.post(reverse("game-studies", args=["toy-race"]), {
        "kind": "impact", "point": "toy-race.six-again", "simulated": "2", "agent": "mcts",
        "budget": "lots"})
    assert refused.status_code == 400 and b"playouts a decision must be a whole" in refused.content
