"""The interpretation points: declared, cited word for word, each option changing something."""

from games.dagon.points import POINTS
from games.dagon.rules import ENGINE

from .helpers import passages


def test_every_quote_occurs_in_its_passage():
    """dagon/the-lagoon: "A player who is attacked by another player is moved by the attacking
    player" -- every citation's words (and note) are in the passage it names."""
    texts = passages()
    for point in POINTS:
        for citation in point.citations:
            assert citation.passage in texts, (point.id, citation.passage)
            assert citation.quote in texts[citation.passage], (point.id, citation.quote)
            if citation.note:
                assert citation.note in texts[citation.passage] or citation.note in "\n".join(texts.values())


def test_points_are_well_formed_and_prefixed():
    """dagon/attack-between-heroes: "The attacked player moves its Hero to a symbol (Lagoon) of
    its choice." -- ids are dagon.<kebab>, two options at least, a default among them."""
    ids = [p.id for p in POINTS]
    assert len(ids) == len(set(ids))
    for point in POINTS:
        assert point.id.startswith("dagon.") and point.id == point.id.lower()
        assert point.default in point.option_ids and len(point.option_ids) >= 2
    assert ENGINE.point("dagon.lagoon-chooser").option_ids == ("attacker", "attacked")


def test_lagoon_point_cites_both_passages_with_the_editorial_note():
    """dagon/attack-between-heroes: "[Editorial note: the printed sheet is internally
    inconsistent on who chooses the Lagoon space" """
    point = ENGINE.point("dagon.lagoon-chooser")
    cited = {c.passage for c in point.citations}
    assert {"dagon/the-lagoon", "dagon/attack-between-heroes"} <= cited
    assert all("internally inconsistent" in c.note for c in point.citations)
    assert point.doubt == "conflict"


def test_the_readme_table_lists_every_decision():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle along
    the route line, in either direction." -- the README's "Every decision" table names every
    point, every settled decision and every out-of-scope entry of the engine."""
    readme = (ENGINE.package_dir / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Every decision", 1)[1]
    for point in ENGINE.points:
        assert f"point `{point.id}`" in table and f"### `{point.id}`" in readme
        for option in point.option_ids:
            assert f"`{option}`" in readme
    for certainty in ENGINE.certainties:
        assert f"settled (`{certainty.id}`)" in table
    assert table.count("| out of scope |") == len(ENGINE.out_of_scope)


def row(table: str, marker: str) -> str:
    [line] = [line for line in table.splitlines() if marker in line]
    return line


def test_the_readme_table_says_what_decides_each_row():
    """dagon/starting-the-game: "The player whose turn it is must move" -- a settled row shows
    the words that settle it; a point's row its default's words, or "conjecture" and what it
    assumes."""
    table = (ENGINE.package_dir / "README.md").read_text(encoding="utf-8").split(
        "## Every decision", 1)[1].split("\n## ", 1)[0]
    for certainty in ENGINE.certainties:
        line = row(table, f"settled (`{certainty.id}`)")
        assert all(f'"{words}"' in line for words in certainty.deciding), certainty.id
    for point in ENGINE.points:
        line = row(table, f"point `{point.id}`")
        conjecture = point.option(point.default).conjecture
        if conjecture:
            assert f"**conjecture**: {conjecture}" in line, point.id
        else:
            assert f'the words "{point.default_words}"' in line and "conjecture" not in line


def test_rows_once_called_settled_are_points_with_version_3s_behaviour_as_conjectures():
    """dagon/starting-the-game: "The player whose turn it is must move (exception: the Hero is
    temporarily blocked and therefore does not play on that turn, because at that moment it
    holds the Wizard card)." and dagon/the-wizard-card: "but that space must be in another
    city" -- neither says what the engine did; both are points whose default is a declared
    conjecture, and the settled rows keep only what their words settle."""
    assert ENGINE.version == "4"
    assert [p.id for p, _ in ENGINE.conjectures()] == [
        "dagon.symbol-loss-sit-out", "dagon.delivery-weapons", "dagon.no-move-open",
        "dagon.lost-symbol-city"]
    certain = {c.id: c for c in ENGINE.certainties}
    assert "dagon.no-move-open" in certain["dagon.must-move"].decision
    assert "dagon.lost-symbol-city" in certain["dagon.lost-symbol-placed"].decision
    assert not any("another city" in words for words in certain["dagon.lost-symbol-placed"].deciding)


def test_the_move_length_default_is_the_sheets_own_words():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle along
    the route line, in either direction." -- the movement roll stays only as a conjecture, and
    version 1's default is recorded."""
    point = ENGINE.point("dagon.move-length")
    assert point.default == "one-circle" and point.doubt == "conflict"
    for option in point.options:
        if option.id != "one-circle":
            assert "conjecture" in option.description
    assert ENGINE.former_defaults["1"] == {"dagon.move-length": "roll-exact"}
    assert "dagon.city-early-stop" not in [p.id for p in ENGINE.points]
