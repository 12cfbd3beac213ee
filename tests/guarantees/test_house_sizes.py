"""The house keeps the sizes issue 35 set, so that it stays easy to change: no file of the
project's own code (Python, tests included, and the pages' scripts) over 600 lines, at most 15
modules side by side in ``replay/``, and a README a newcomer reads (under 300 lines)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 600
OWN_CODE = ("archive", "background", "bench", "boundary", "config", "games", "harvest",
            "replay", "search", "studies", "tests", "trust", "web")


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def own_files() -> list[Path]:
    python = [path for folder in OWN_CODE for path in (ROOT / folder).rglob("*.py")]
    scripts = [path for path in (ROOT / "static" / "js").glob("*.js")
               if not path.name.endswith(".min.js")]
    return sorted(python + scripts)


def test_no_file_of_the_project_is_over_600_lines():
    files = own_files()
    assert len(files) > 300 and ROOT / "static" / "js" / "recorder.js" in files  # the walk sees
    too_long = {str(path.relative_to(ROOT)): _lines(path) for path in files
                if _lines(path) > MOST_LINES}
    assert too_long == {}


def test_replay_keeps_at_most_15_modules_side_by_side():
    modules = sorted(path.name for path in (ROOT / "replay").glob("*.py"))
    assert len(modules) <= 15, modules


def test_the_readme_is_under_300_lines():
    assert _lines(ROOT / "README.md") < 300
