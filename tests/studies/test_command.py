"""manage.py study sweep|impact|archive: starts the study (or finds the identical one), and
prints a summary when it is done; manage.py agents duel: two agents' shares of wins with their
intervals; a bad argument is an error that names it."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import games
from studies.models import Study


def test_study_sweep_prints_combinations_beside_lines_of_play(dylan_dog, capsys):
    call_command("study", "sweep", str(dylan_dog.pk))
    out = capsys.readouterr().out
    study = Study.objects.get()
    sweep = study.result["sweep"]
    assert f"{sweep['combinations']:,} combinations" in out
    assert f"computed as {sweep['lines']:,} distinct lines of play" in out
    assert "default reading: Ana wins" in out
    assert "points that change the outcome alone:" in out
    call_command("study", "sweep", str(dylan_dog.pk))  # the same study, found again
    assert Study.objects.count() == 1 and f"study {study.pk}: done" in capsys.readouterr().out


def test_study_archive_prints_the_points_that_change_outcomes(lagoon, capsys):
    call_command("study", "archive", "dagon", "--points", "dagon.lagoon-chooser")
    out = capsys.readouterr().out
    assert "archive-wide study of dagon: 1 matches swept" in out
    assert "dagon.lagoon-chooser=attacked: changes 0 of 1 matches consulting it" in out


def test_agents_duel_says_the_seats_the_game_was_played_with(capsys):
    """Dylan Dog is played by three at least: a duel with no --players plays three seats and
    says so."""
    call_command("agents", "duel", "dylan-dog", "--agent", "random", "--against", "random",
                 "--matches", "1", "--max-events", "20")
    assert "dylan-dog: random against random, 1 matches of 3 seats" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "message"), [
    (["sweep", "x"], "MATCH must be a match id"),
    (["sweep", "999"], "no match with id 999"),
    (["archive", "dagon", "--points", "dagon.nothing"], "no interpretation point 'dagon.nothing'"),
    (["impact", "dagon", "dagon.lagoon-chooser", "--matches", "0"], "matches must be a whole"),
    (["impact", "nowhere", "x", "--matches", "3"], "nowhere has no rule engine"),
])
def test_bad_arguments_are_named(lagoon, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("study", *args)
    assert not Study.objects.exists()


def test_agents_duel_prints_each_agents_share_of_wins_with_its_interval(capsys):
    from tests.studies import toy_race

    with games.registry.registering(toy_race.ENGINE):
        call_command("agents", "duel", "toy-race", "--agent", "greedy", "--against", "random",
                     "--matches", "6", "--seed", "3")
    out = capsys.readouterr().out
    assert "toy-race: greedy against random, 6 matches of 2 seats (seeds 3 to 8)" in out
    shares = re.findall(r"  (greedy|random): wins (\d+) of 6 matches, ([\d.]+)% \(95% CI "
                        r"([\d.]+)–([\d.]+)%\)", out)
    assert [name for name, *_ in shares] == ["greedy", "random"]
    wins = {name: int(count) for name, count, *_ in shares}
    for _, _count, share, low, high in shares:
        assert float(low) <= float(share) <= float(high)
    assert re.search(r"draws (\d+), unfinished (\d+)", out)
    draws, unfinished = map(int, re.search(r"draws (\d+), unfinished (\d+)", out).groups())
    assert sum(wins.values()) + draws + unfinished == 6
    assert "decisions, " in out and " a second" in out


@pytest.mark.parametrize(("args", "message"), [
    (["duel", "nowhere", "--agent", "mcts", "--against", "random", "--matches", "2"],
     "'nowhere' has no rule engine"),
    (["duel", "dagon", "--agent", "mcts", "--against", "random", "--matches", "0"],
     "--matches must be at least 1"),
    (["duel", "dagon", "--agent", "mcts", "--against", "random", "--matches", "2",
      "--players", "9"], "--players: Dagon"),
])
def test_bad_duels_are_named(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("agents", *args)


@pytest.fixture
def toy_game(db):
    from tests.factories import GameFactory
    from tests.studies import toy_race

    GameFactory(slug="toy-race", title="Toy race")
    with games.registry.registering(toy_race.ENGINE):
        yield


def test_study_impact_with_an_agent_prints_the_measures_and_their_differences(toy_game,
                                                                                capsys):
    call_command("study", "impact", "toy-race", "toy-race.knock-chooser", "--matches", "12",
                 "--agent", "mcts", "--budget", "4")
    out = capsys.readouterr().out
    assert "played by the mcts agent in every seat (3 seats, 4 playouts a decision)" in out
    assert "measures: knocker | knocked" in out
    assert re.search(r"  Seat 1 wins: \d+ of 12: \d+% \(\d+–\d+%\) \| \d+ of 12", out)
    assert "  Matches that end: 12 of 12: 100%" in out
    assert "knocked against knocker:" in out
    assert re.search(r"  Duration: (Reading “knocked” (shortens|lengthens) matches by \d+% "
                     r"against “knocker” \(95% CI \d+–\d+%; Mann-Whitney U test p = |No "
                     r"difference in how long matches are this study can detect at 12 "
                     r"matches a reading)", out)


@pytest.mark.parametrize(("args", "message"), [
    (["--agent", "wizard"], "invalid choice: 'wizard'"),
    (["--agent", "greedy", "--budget", "5"], "budget is the playouts per decision of mcts"),
    (["--agent", "mcts", "--players", "9"], "players is the number of seats"),
    (["--agent", "bots", "--players", "2"], "players is the number of seats"),
])
def test_bad_impact_agents_are_named(toy_game, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("study", "impact", "toy-race", "toy-race.knock-chooser", "--matches", "2",
                     *args)
    assert not Study.objects.exists()
