"""A step-through that reads cleanly: each note once where it belongs, landmarks (where the
reading matters, violations, notes) that tell a consulted point from one that changes the step,
step 0 as the starting position, a change of reading that keeps the step, players and logs
in words."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from django.urls import reverse

import games
from archive.models import Annotation
from archive.parsing import REASON_CUES, REASON_WORDS
from replay.log.interchange import import_match
from replay.log.notes import note_add
from replay.models import ReplayFlag, ReplayStep
from replay.reading.notes import noted_steps
from replay.reading.steps import step_landmarks
from replay.runs.replaying import replay_match
from replay.runs.steps import changing_options
from web.words import event_in_words, field_names, in_words

LAGOON = Path(__file__).resolve().parents[2] / "games/dagon/samples/lagoon-dispute.json"
# The Lagoon dispute as first written, when a movement roll was the default: read as written
# today, some of its steps consult a point whose other options change nothing there.
ROLL_ERA = Path(__file__).resolve().parents[2] / "tests/games/records/dagon-lagoon-dispute-pre-fidelity.json"
LAGOON_NOTE = "the printed sheet is internally inconsistent on who chooses the Lagoon space"


@pytest.fixture
def lagoon_run(archive):
    match = import_match(raw=LAGOON.read_bytes())
    return replay_match(match=match, reading={"dagon.lagoon-chooser": "attacker"})


def step_page(client, run, seq, **params) -> str:
    url = reverse("replay-step", args=[run.match_id, run.pk, seq])
    response = client.get(url, params)
    assert response.status_code == 200
    return response.content.decode()


def visible_text(page: str) -> str:
    page = re.sub(r'<span class="visually-hidden">.*?</span>', " ", page, flags=re.DOTALL)
    page = re.sub(r"<(script|style|pre)\b.*?</\1>", " ", page, flags=re.DOTALL)
    return unescape(re.sub(r"<[^>]+>", " ", page))


def attack_seq(run) -> int:
    return ReplayStep.objects.get(run=run, event_type="attack").seq


def first_violation(run) -> int:
    flagged = ReplayFlag.objects.filter(run=run, kind="violation").values_list("seq", flat=True)
    illegal = ReplayStep.objects.filter(run=run, legal=False).values_list("seq", flat=True)
    return min([*flagged, *illegal])


def test_the_lagoon_editorial_note_is_written_once_on_the_attack_step(client, lagoon_run):
    """The Lagoon dispute's attack raises two flags citing the same three passages, two of
    which rest on the same editorial note: the note, and each quote, are shown once."""
    seq = attack_seq(lagoon_run)
    flags = list(ReplayFlag.objects.filter(run=lagoon_run, seq=seq))
    assert len(flags) >= 2
    cited = {(c["passage"], c["quote"]) for f in flags for c in f.citations}
    assert sum(len(f.citations) for f in flags) > len(cited)  # the flags share citations
    text = visible_text(step_page(client, lagoon_run, seq))
    assert text.count(LAGOON_NOTE) == 1
    for _, quote in cited:
        assert text.count(quote) == 1, quote
    assert "[Editorial note" not in text


def test_a_citation_note_with_no_passage_note_behind_it_is_still_shown(client, archive):
    from replay.reading.step_views import step_reading
    from replay.runs.steps import FlagRead

    flag = FlagRead(seq=1, index=0, kind="consulted", point=None, option=None, rule="x/y",
                    message="m", changing_options=[],
                    citations=[{"passage": "no/such-passage", "quote": "q",
                                "note": "[Legibility: the word is faded]"},
                               {"passage": "no/such-passage", "quote": "q2",
                                "note": "[Legibility: the word is faded]"}])
    reading = step_reading([flag])
    assert [(n["label"], n["body"]) for n in reading["notes"]] == [
        ("Legibility", "the word is faded")]
    assert [c["number"] for c in reading["flags"][0]["citations"]] == [1, 2]


@pytest.fixture
def roll_era_run(archive):
    """A run that consults points both where their other options change the step and where
    they change nothing (today's Lagoon dispute consults one point, once, where it matters)."""
    match = import_match(raw=ROLL_ERA.read_bytes())
    return replay_match(match=match)


def test_landmarks_tell_a_reading_that_matters_from_a_consulted_point(client, roll_era_run):
    flagged = ReplayFlag.objects.filter(run=roll_era_run, point__isnull=False).order_by("seq")
    matters = {f.seq for f in changing_options(run=roll_era_run, flags=flagged)
               if f.changing_options}
    consulted_only = sorted({f.seq for f in flagged} - matters)
    # A step whose next flag changes nothing, while a later one would change the step.
    start = next(s - 1 for s in consulted_only if any(m > s for m in matters))
    matter = min(m for m in matters if m > start)
    marks = step_landmarks(run=roll_era_run, seq=start)
    assert marks.next_flag == start + 1 and marks.next_matter == matter > start + 1
    page = step_page(client, roll_era_run, start)
    url = reverse("replay-step", args=[roll_era_run.match_id, roll_era_run.pk, matter])
    assert f'data-nav="next-matter" href="{url}"' in page
    assert 'aria-keyshortcuts="r"' in page and "<kbd>r</kbd>" in page
    later = step_landmarks(run=roll_era_run, seq=matter)
    assert later.prev_matter == max((m for m in matters if m < matter), default=None)


def test_a_finished_run_works_out_where_its_reading_matters_once(
        client, roll_era_run, monkeypatch):
    """The steps where a reading matters are worked out with the first step of a finished
    run read, and kept: a step read cold after it tries other options at its own flags
    only. Every step's landmarks are those the nearest consulted steps give."""
    from replay.runs import steps as runs

    flagged = ReplayFlag.objects.filter(run=roll_era_run, point__isnull=False).order_by("seq")
    matters = sorted({f.seq for f in changing_options(run=roll_era_run, flags=flagged)
                      if f.changing_options})
    steps = sorted({0, matters[0] - 1, matters[0], matters[-1], roll_era_run.progress})
    nearest = {seq: step_landmarks(run=roll_era_run, seq=seq) for seq in steps}
    tried = []
    work_out = runs.options_that_change
    monkeypatch.setattr(runs, "options_that_change", lambda **kwargs: tried.append(
        {seq for seq, _ in kwargs["consulted"]}) or work_out(**kwargs))
    for seq in steps:
        page = step_page(client, roll_era_run, seq)
        for name in ("next_matter", "prev_matter"):
            found = getattr(nearest[seq], name)
            link = re.search(rf'data-nav="{name.replace("_", "-")}" href="([^"]+)"', page)
            target = (reverse("replay-step", args=[roll_era_run.match_id, roll_era_run.pk, found])
                      if found is not None else None)
            assert (link[1] if link else None) == target
    assert len(tried[0]) > 2  # the first read tries the whole run
    assert all(seqs <= {seq} for seqs, seq in zip(tried[1:], steps[1:], strict=False))


def test_next_violation_and_next_note(client, lagoon_run):
    seq = first_violation(lagoon_run)
    marks = step_landmarks(run=lagoon_run, seq=0)
    assert marks.next_violation == seq
    noted = noted_steps(match=lagoon_run.match)
    assert marks.next_note == noted[0]
    page = step_page(client, lagoon_run, 0)
    for name, target, key in (("violation", seq, "v"), ("note", noted[0], "a")):
        url = reverse("replay-step", args=[lagoon_run.match_id, lagoon_run.pk, target])
        assert f'data-nav="next-{name}" href="{url}"' in page
        assert f"<kbd>{key}</kbd>" in page
    after = step_landmarks(run=lagoon_run, seq=lagoon_run.progress)
    assert after.next_violation is None and after.prev_violation is not None


def test_a_note_added_and_then_moved_is_found_where_it_now_is(curator_client, lagoon_run):
    match = lagoon_run.match
    note_add(match=match, step=2, text="the die bounced", expected_seq=match.last_seq)
    assert 2 in noted_steps(match=match)
    assert step_landmarks(run=lagoon_run, seq=0).next_note == 2


def test_home_is_step_0_the_starting_position(client, lagoon_run):
    page = step_page(client, lagoon_run, 5)
    home = reverse("replay-step", args=[lagoon_run.match_id, lagoon_run.pk, 0])
    assert f'data-nav="first" href="{home}"' in page
    start = visible_text(step_page(client, lagoon_run, 0))
    assert "Step 0: the starting position" in start


def test_replaying_with_another_reading_keeps_the_step_and_viewpoint(curator_client, lagoon_run):
    match = lagoon_run.match
    seq = attack_seq(lagoon_run)
    page = step_page(curator_client, lagoon_run, seq, viewer="p2")
    assert f'<input type="hidden" name="step" value="{seq}">' in page
    choices = {f"point:{p}": o for p, o in lagoon_run.interpretation.items()}
    choices["point:dagon.lagoon-chooser"] = "attacked"
    response = curator_client.post(reverse("run-start", args=[match.pk]),
                                   {**choices, "step": str(seq), "viewer": "p2"}, follow=True)
    other = match.runs.exclude(pk=lagoon_run.pk).get()
    assert other.interpretation["dagon.lagoon-chooser"] == "attacked"
    assert response.redirect_chain[-1][0] == reverse(
        "replay-step", args=[match.pk, other.pk, seq]) + "?viewer=p2"


def test_a_finished_run_opened_without_a_step_still_opens_at_its_first_flag(client, lagoon_run):
    response = client.get(reverse("run-detail", args=[lagoon_run.match_id, lagoon_run.pk]))
    first = ReplayFlag.objects.filter(run=lagoon_run).order_by("seq")[0].seq
    assert response.url == reverse("replay-step", args=[lagoon_run.match_id, lagoon_run.pk, first])


def test_player_cards_and_the_step_say_values_in_words(client, lagoon_run):
    page = step_page(client, lagoon_run, attack_seq(lagoon_run))
    cards = visible_text(page[page.index('class="panels"'):page.index('class="steplog"')])
    assert not re.search(r"\b(True|False|None)\b|[{}\[\]]", cards), cards
    assert "Lagoon of the South" in cards  # a space by its name, not its id
    current = visible_text(page[page.index('class="current"'):page.index('class="panels"')])
    assert not re.search(r'[{}]|"target"', current)


def test_the_match_page_event_log_is_in_words(client, lagoon_run):
    page = client.get(reverse("match-detail", args=[lagoon_run.match_id])).content.decode()
    log = visible_text(page[page.index("<h2>Event log</h2>"):])
    assert not re.search(r"[{}]|\b(True|False|None)\b|'", log), log
    assert re.search(r"attack by Ana — [^\n]*\btarget: Luis\b", log)  # any key order (jsonb)


def test_in_words():
    names = {"p1": "Ana", "lagoon-south": "Lagoon of the South"}
    assert in_words(False) == "no" and in_words(True) == "yes" and in_words(None) == "—"
    assert in_words(["p1", "lagoon-south"], names) == "Ana, Lagoon of the South"
    assert in_words({"p1": 2, "tail_end": []}, names) == "Ana: 2; tail end: none"
    assert event_in_words("roll", "p1", {"value": 4}, names) == "roll by Ana — value: 4"


def test_an_event_field_says_its_values_in_the_game_words():
    """Words, not identifiers: "Ana throws dylan-dog" is said in the game's words: a card by
    its name, a value the field allows in words, a space by its name."""
    fields = field_names(games.get("dylan-dog"), {})
    names = {"p1": "Ana", "p2": "Luis"}
    said = event_in_words("exchange", "p1", {"with": "p2", "give": "shadow:black-cat"},
                          names, fields)
    assert said == "exchange by Ana — with: Luis; give: the black cat shadow card"
    said = event_in_words("nightmare_card", "p1", {"kind": "back-to-reality"}, names, fields)
    assert said == "nightmare card by Ana — kind: back to reality"
    assert "R13" not in event_in_words("move", "p1", {"path": ["R12", "R13"]}, names, fields)


def test_every_reason_tag_has_words(archive):
    assert {token for _, token in REASON_CUES} == set(REASON_WORDS)
    note = Annotation.objects.exclude(reason="").first()
    assert note is not None and note.reason_words
    assert "-" not in note.reason_words.replace("–", "")


def test_transcription_shows_reasons_in_words(client, archive):
    note = Annotation.objects.filter(reason__contains="-").select_related("transcription").first()
    assert note is not None
    page = client.get(reverse("transcription-detail", args=[note.transcription_id])).content
    page = page.decode()
    item = page[page.index(f'id="note-{note.pk}"'):]
    item = item[:item.index("</li>")]
    assert note.reason_words in item and note.reason not in item


def test_the_date_picker_and_its_help_agree(curator_client, archive):
    page = curator_client.get(reverse("match-create"), {"game": "dagon"}).content.decode()
    field = re.search(r'<input type="date"[^>]*>', page).group(0)
    assert 'name="played_on"' in field
    help_text = page[page.index('id="id_played_on"'):][:800]
    assert "calendar" in help_text and "YYYY-MM-DD" in help_text
    response = curator_client.post(reverse("match-create"), {
        "game": "dagon", "title": "Dated", "played_on": "1987-03-14",
        "player": ["Ana", "Luis"]})
    assert response.status_code == 302
    from replay.models import Match

    assert Match.objects.get(title="Dated").played_on.isoformat() == "1987-03-14"
    wrong = curator_client.post(reverse("match-create"), {
        "game": "dagon", "title": "Misdated", "played_on": "14/03/1987",
        "player": ["Ana", "Luis"]})
    assert wrong.status_code == 400 and not Match.objects.filter(title="Misdated").exists()
