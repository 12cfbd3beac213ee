"""What an impact study's page says: figures to the precision their intervals support, lines
that agree with each other, what unfinished matches do to its figures (and a game whose text
gives a match no end, as La Furia di Dracula's excerpts), how many matches a difference of a
given size needs, and a study that runs until its intervals are as narrow as asked."""

from __future__ import annotations

import html
import re

import pytest
from django.test import RequestFactory
from django.urls import reverse

import games
from archive.models import Game
from studies.models import Study, StudyPart
from studies.plans import PLANS
from studies.report import impact_report, summary_lines
from studies.services import study_impact
from studies.statistics import decimals_for, figure, matches_needed, wilson


def test_a_figure_has_the_precision_its_interval_supports():
    """The issue's own line: "1.8055 (1.7725–1.981)" is 1.8 (1.8–2.0)."""
    assert figure(1.8055, 1.7725, 1.981) == "1.8 (1.8–2.0)"
    assert figure(246, 233.5, 578.5) == "246 (234–578)"
    assert figure(1 / 6, 0.0301, 0.5635, percent=True) == "17% (3–56%)"
    assert figure(0.5, 0.496, 0.504, percent=True) == "50.0% (49.6–50.4%)"
    assert figure(0.0295) == "0.0295" and figure(0.0295, percent=True) == "3%"
    assert decimals_for(0.2085 * 0, 0) is None and decimals_for(1.7725, 1.981) == 1


def test_matches_needed_agree_with_the_textbook():
    """Fleiss (3rd ed., 4.2) without continuity correction, 80% power, 5% two-sided: 20% vs
    30% needs 294 a group; 50% vs 60%, 388."""
    assert matches_needed(0.2, 0.1) == 294
    assert matches_needed(0.5, 0.1) == 388
    assert matches_needed(0.95, 0.1) == matches_needed(0.85, 0.1)  # the rate moves down
    assert matches_needed(0.5, 0) is None


def _measured(option: str, other: str, *, finished: bool, seat: int | None = None,
              other_violations: int = 0, divergence: int | None = None) -> dict:
    """One simulated match as ``games.core.impact.measure_match`` measures it."""
    return {
        "played_under": option, "events": 400 if finished else 2000, "rounds": 100.0,
        "players": 3, "outcome": {"finished": finished, "winner": f"p{seat}" if seat else None},
        "winner_name": {1: "Ana", 2: "Luis", 3: "Carla"}.get(seat), "winner_seat": seat,
        "winning_seats": [seat] if seat else [], "violations": 0, "consultations": 1,
        "offered": 1.8, "clear_after": 0.3 if finished and seat else None,
        "readings": {other: {"outcome_changed": False, "violations": other_violations,
                             "first_divergence": divergence}},
    }


def _stored_study(slug: str, point_id: str, matches: list[dict]) -> Study:
    parameters = {"game": slug, "point": point_id, "matches": 6, "first_seed": 1,
                  "max_events": 2000, "agent": "greedy", "players": 3}
    study = Study(kind=Study.IMPACT, game=Game.objects.get(slug=slug), engine=slug,
                  engine_version="test", parameters=parameters,
                  fingerprint=f"test-{slug}-{point_id}",
                  status=Study.DONE)
    study.result = PLANS["impact"].gather(study, [{"matches": matches}])
    study.save()
    return study


@pytest.fixture
def lagoon_study(archive):
    """Six greedy matches a reading of dagon.lagoon-chooser as the issue found them: one of
    six ends under "attacker", three under "attacked"; each reading flags the other's moves
    while leaving every state alone."""
    found = [_measured("attacker", "attacked", finished=i == 0, seat=2 if i == 0 else None,
                       other_violations=8) for i in range(6)]
    found += [_measured("attacked", "attacker", finished=i < 3, seat=(i % 2) + 1 if i < 3
                        else None, other_violations=4) for i in range(6)]
    return _stored_study("dagon", "dagon.lagoon-chooser", found)


def _page(client, study, **query) -> str:
    return client.get(reverse("study-detail", args=[study.pk]), query).content.decode()


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_every_figure_of_the_measures_has_the_precision_of_its_interval(client, lagoon_study):
    page = _page(client, lagoon_study)
    table = page[page.index('class="list measures"'):]
    table = table[:table.index("</table>")]
    cells = re.findall(r"<td>(.*?)</td>", table)
    checked = 0
    for cell in cells:
        for value, low, high in re.findall(r"([\d.]+)%? \(([\d.]+)–([\d.]+)%?\)", cell):
            places = [len(n.split(".")[1]) if "." in n else 0 for n in (value, low, high)]
            wanted = decimals_for(float(low), float(high))
            assert places == [wanted] * 3 if wanted is not None else True, cell
            checked += 1
    assert checked >= 10
    assert "(one match)" in page  # a median of one match is not a spread


def test_no_line_contradicts_another(client, lagoon_study):
    """"median first divergence: never" stood beside "20 matches with violations"."""
    page = _page(client, lagoon_study)
    table = page[page.index("The same records under the other readings"):]
    table = table[:table.index("</table>")]
    assert "First state that differs (median)" in table
    rows = [[_text(cell) for cell in re.findall(r"<td>(.*?)</td>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1])]
    assert len(rows) == 2
    for row in rows:
        assert row[3] == "6 of 6"  # matches with violations
        assert row[5] == ("never (the states stay the same; this reading differs only in what "
                          "it calls illegal)")
    lines = summary_lines(lagoon_study)
    assert any("differs only in what it calls illegal" in line for line in lines)


def test_figures_of_finished_matches_say_how_few_they_rest_on(client, lagoon_study):
    page = _text(_page(client, lagoon_study))
    assert ("Only 1 of the 6 matches played under “attacker” ended: its figures of finished "
            "matches (length, rounds, how early the winner is clear) rest on 1 match.") in page
    assert "Only 3 of the 6 matches played under “attacked” ended" in page
    assert any(line.startswith("Only 1 of the 6 matches") for line in summary_lines(lagoon_study))


def test_a_game_whose_text_gives_no_end_says_so(client, archive):
    """La Furia di Dracula's excerpts end a match only by a recorded end, which no agent
    records (fury-of-dracula.victory, default "recorded-only")."""
    found = [_measured(option, other, finished=False)
             for option, other in (("up-to", "exactly"), ("exactly", "up-to")) for _ in range(2)]
    study = _stored_study("fury-of-dracula", "fury-of-dracula.ticket-partial-use", found)
    page = _text(_page(client, study))
    assert ("Under every reading of this study, La Furia di Dracula's text gives a match no "
            "end its players can reach (it reads “Nothing the text does not say: only a "
            "recorded end of the game ends the match.”): no match can finish") in page
    victory = [_measured(option, other, finished=option == "full-game",
                         seat=1 if option == "full-game" else None)
               for option, other in (("full-game", "recorded-only"),
                                     ("recorded-only", "full-game")) for _ in range(2)]
    study = _stored_study("fury-of-dracula", "fury-of-dracula.victory", victory)
    said = impact_report(study, request=RequestFactory().get("/"))["endings"]
    assert len(said) == 1 and said[0].startswith("Under “recorded-only”, La Furia di Dracula's")


def test_the_page_says_how_many_matches_a_difference_needs(client, lagoon_study):
    for size in (10, 20):
        page = _text(_page(client, lagoon_study, difference=str(size)))
        base = lagoon_study.result["measures"]["attacker"]["completion"]["share"]
        needed = matches_needed(base, size / 100)
        assert (f"To tell how often matches end moving {size} points from 17% (under "
                f"“attacker”): about {needed} matches a reading") in page
    assert "this study played 6 matches a reading" in page


def test_the_game_page_links_its_studies(client, archive):
    page = client.get(reverse("game-detail", args=["dagon"])).content.decode()
    assert f'href="{reverse("game-studies", args=["dagon"])}"' in page


@pytest.fixture
def toy_race(db):
    from tests.factories import GameFactory
    from tests.studies import toy_race

    GameFactory(slug="toy-race", title="Toy race")
    with games.registry.registering(toy_race.ENGINE) as engine:
        yield engine


def test_a_study_runs_until_its_intervals_are_as_narrow_as_asked(toy_race):
    study = study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=60,
                         agent="random", until_width=0.55)
    assert study.status == Study.DONE, study.error
    until = study.result["until"]
    assert until["reached"] and until["widest"] <= 0.55
    kept = until["rounds"] * 10
    assert kept < 60 and study.result["simulated_matches"] == 2 * kept
    # The rounds after the first that sufficed compute nothing, and count for nothing.
    skipped = [p for p in study.parts.all() if p.result.get("skipped")]
    assert skipped and all(p.payload["round"] >= until["rounds"] for p in skipped)
    assert all(p.status == StudyPart.DONE for p in study.parts.all())
    # The same matches as a study of that many, read as one.
    plain = study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=kept,
                         agent="random")
    assert plain.result["options"] == study.result["options"]
    for row in study.result["options"]:
        sample = row["samples"]
        assert wilson(row["finished"], row["matches"]).high - \
            wilson(row["finished"], row["matches"]).low <= 0.55 or sample


def test_a_study_that_reaches_its_cap_says_so(toy_race, client):
    study = study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=10,
                         agent="random", until_width=0.05)
    until = study.result["until"]
    assert not until["reached"] and until["rounds"] == 1
    page = _text(_page(client, study))
    assert "It played its cap of 10 matches a reading before its intervals were 5 points " \
        "wide" in page


def test_how_narrow_is_checked_where_a_study_is_asked(toy_race, client):
    from studies.plans import StudyError

    for wrong in (0, 2, "wide", True):
        with pytest.raises(StudyError) as refused:
            study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=10,
                         agent="random", until_width=wrong)
        assert refused.value.field == "until_width"
