"""The step page shows a note at its step as revised, and a curator revises it there; the
run stays the same."""

from __future__ import annotations

from django.urls import reverse

from replay.models import Event
from replay.runs.replaying import replay_match


def test_a_note_is_revised_on_its_step_page_and_the_run_stays(curator_client, dagon_run):
    match = dagon_run.match
    step_url = reverse("replay-step", args=[match.pk, dagon_run.pk, 5])
    curator_client.post(reverse("step-annotate", args=[match.pk, dagon_run.pk, 5]),
                        {"text": "the die rolld off", "expected_seq": match.last_seq})
    note = Event.objects.get(match=match, type="annotation")
    revise = reverse("step-note-revise", args=[match.pk, dagon_run.pk, 5, note.seq])
    response = curator_client.post(revise, {f"note-{note.seq}-text": "the die rolled off",
                                            f"note-{note.seq}-expected_seq": note.seq})
    assert response.status_code == 302
    page = curator_client.get(step_url).content.decode()
    assert "the die rolled off" in page and "the die rolld off" not in page
    assert page.count("the die rolled off</strong>") == 1 and "revised 1 time" in page
    assert replay_match(match=match).pk == dagon_run.pk
    stale = curator_client.post(revise, {f"note-{note.seq}-text": "third wording",
                                         f"note-{note.seq}-expected_seq": note.seq})
    assert stale.status_code == 400
    assert b"Conflict" in stale.content and b"third wording" in stale.content


def test_only_curators_revise_notes(reader_client, dagon_run):
    url = reverse("step-note-revise", args=[dagon_run.match.pk, dagon_run.pk, 5, 1])
    assert reader_client.post(url, {"note-1-text": "x"}).status_code == 403


def test_revising_a_move_is_refused_naming_it(curator_client, dagon_run):
    match = dagon_run.match
    url = reverse("step-note-revise", args=[match.pk, dagon_run.pk, 5, 2])
    response = curator_client.post(url, {"note-2-text": "x", "note-2-expected_seq": match.last_seq})
    assert response.status_code == 400 and b"event 2 is not a note" in response.content
