"""One registry of engines (games.registry): the seed games are entry points like any plugin,
a broken plugin is reported and never hides the others, and an engine registered in the
process or given by another source (a data game) is found by ``games.get`` like a seed."""

from __future__ import annotations

import ast
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import games
from games.registry import REGISTRY, EngineUnavailable, Registry, UnknownGame
from tests.studies import toy_race

SEEDS = {"dagon": "games.dagon.rules:ENGINE", "gothic": "games.gothic.rules:ENGINE",
         "dylan-dog": "games.dylan_dog.rules:ENGINE",
         "fury-of-dracula": "games.fury_of_dracula.rules:ENGINE"}
ROOT = Path(__file__).resolve().parents[2]


def test_the_seed_games_are_entry_points():
    declared = {point.name: point.value for point in entry_points(group="ludoteca.engines")}
    assert declared == SEEDS
    assert sorted(games.available()) == sorted(SEEDS)
    assert all(games.get(slug).slug == slug for slug in SEEDS)


def test_an_unknown_slug_is_named_with_the_known_ones():
    with pytest.raises(UnknownGame, match=r"unknown game 'chess' \(known: dagon, dylan-dog"):
        games.get("chess")
    assert games.find("chess") is None
    assert games.for_records("chess").slug != "chess"  # the annotated log steps through it


@pytest.fixture
def plugins(tmp_path):
    """Three more plugins installed: one whose module is not there, one naming another
    game's engine, one whose object is no engine."""
    info = tmp_path / "broken_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugins\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[ludoteca.engines]\n"
        "missing = no_such_plugin.rules:ENGINE\n"
        "impostor = games.dagon.rules:ENGINE\n"
        "nothing = games.dagon.rules:EVENT_PHASES\n", encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    registry = Registry()
    yield registry
    sys.path.remove(str(tmp_path))


def test_a_broken_plugin_is_reported_and_hides_no_other(plugins, caplog):
    registry = plugins
    assert sorted(registry.available()) == sorted(SEEDS)
    assert set(registry.slugs()) == {*SEEDS, "missing", "impostor", "nothing"}
    problems = registry.problems()
    assert "ModuleNotFoundError" in problems["missing"]
    assert "no_such_plugin" in problems["missing"]
    assert "gives the engine of 'dagon'" in problems["impostor"]
    assert "gives dict, not an Engine" in problems["nothing"]
    assert registry.find("missing") is None
    with pytest.raises(EngineUnavailable, match="the engine of 'missing' does not load"):
        registry.get("missing")
    assert "engine missing does not load" in caplog.text
    assert registry.get("dagon") is games.get("dagon")


def test_an_engine_registered_in_the_process_is_found_like_a_seed():
    assert games.find("toy-race") is None
    with REGISTRY.registering(toy_race.ENGINE):
        assert games.get("toy-race") is toy_race.ENGINE
        assert "toy-race" in games.available()
    assert games.find("toy-race") is None


class DataGames:
    """A source as the archive's data games would be: slugs from storage, an engine each."""

    def __init__(self, engines):
        self.engines = {engine.slug: engine for engine in engines}
        self.asked = 0

    def slugs(self):
        self.asked += 1
        return list(self.engines)

    def load(self, slug):
        return self.engines[slug]


def test_a_data_game_source_is_asked_at_every_lookup():
    source = DataGames([toy_race.ENGINE])
    REGISTRY.add_source(source)
    try:
        assert games.get("toy-race") is toy_race.ENGINE
        assert games.for_records("toy-race") is toy_race.ENGINE
        assert "toy-race" in games.available()
        source.engines.clear()  # removed from storage: no longer found
        assert games.find("toy-race") is None
        assert source.asked >= 4
    finally:
        REGISTRY.remove_source(source)


class Unreadable:
    def slugs(self):
        raise RuntimeError("the database is away")

    def load(self, slug):
        raise AssertionError("never asked")


def test_a_source_that_cannot_list_hides_no_other():
    registry = Registry()
    registry.add_source(Unreadable())
    assert sorted(registry.available()) == sorted(SEEDS)
    assert "the database is away" in registry.problems()["<Unreadable>"]


def test_no_dict_outside_an_engine_is_keyed_by_a_game_slug():
    """Facts about a game are declared on its engine: no list keyed by slug elsewhere (the
    seed games' own packages may name their slug; tests may too)."""
    inside = [ROOT / "games" / package for package in
              ("dagon", "gothic", "dylan_dog", "fury_of_dracula")]
    found = []
    for package in ("games", "archive", "replay", "studies", "trust", "search", "web",
                    "boundary", "background", "config", "bench"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if any(path.is_relative_to(folder) for folder in inside):
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Dict) and any(
                        isinstance(key, ast.Constant) and key.value in SEEDS
                        for key in node.keys):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
