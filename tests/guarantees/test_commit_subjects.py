"""Commit subjects are under 72 characters, so ``git log --oneline`` and every tool that shows
one line per commit shows it whole. Checked on every commit after ``LAST_LONG_SUBJECT``, the
last one written before the rule. CI clones with the history (``.ci/run``), so the test skips
only outside a git checkout (an image or an archive of the files)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAST_LONG_SUBJECT = "5745ec4"
SUBJECT_LIMIT = 72  # a subject has fewer characters than this


def git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          encoding="utf-8", check=False)


def in_git_checkout() -> bool:
    if shutil.which("git") is None:
        return False
    top = git("rev-parse", "--show-toplevel")
    return top.returncode == 0 and Path(top.stdout.strip()).resolve() == ROOT


def long_subjects(log: str) -> list[str]:
    """Each ``<hash> <subject>`` line of ``log`` whose subject is too long, with its length."""
    found = []
    for line in log.splitlines():
        commit, _, subject = line.partition(" ")
        if len(subject) >= SUBJECT_LIMIT:
            found.append(f"{commit} ({len(subject)} characters): {subject}")
    return found


def test_every_commit_subject_since_the_rule_is_under_72_characters():
    if not in_git_checkout():
        pytest.skip("not a git checkout: no history to read")
    log = git("log", "--format=%h %s", f"{LAST_LONG_SUBJECT}..HEAD")
    assert log.returncode == 0, (
        f"git log {LAST_LONG_SUBJECT}..HEAD failed (a shallow clone lacks that commit): "
        f"{log.stderr.strip()}"
    )
    too_long = long_subjects(log.stdout)
    assert not too_long, (
        f"commit subjects must be under {SUBJECT_LIMIT} characters:\n" + "\n".join(too_long)
    )


def test_the_checker_names_a_long_subject_and_passes_a_short_one():
    long_one = ("A step asked for past any stored seq reads no log with its run, rather than "
                "overflow SQLite's integer")
    at_limit = "x" * (SUBJECT_LIMIT - 1)
    log = "\n".join([
        f"aaaaaaa {at_limit}",
        f"bbbbbbb {long_one}",
        "ccccccc Short subject",
        f"ddddddd {at_limit}é",  # 72 characters
    ])
    assert long_subjects(log) == [
        f"bbbbbbb (101 characters): {long_one}",
        f"ddddddd (72 characters): {at_limit}é",
    ]


def test_the_checker_counts_characters_not_bytes():
    assert long_subjects("eeeeeee " + "é" * (SUBJECT_LIMIT - 1)) == []
