"""From a step, "try another move here" makes a variation; the match page shows the tree;
a variation is compared with the line it branched from."""

from __future__ import annotations

from django.urls import reverse

from replay.log.append import append_events
from replay.models import Event, Match


def test_try_another_move_from_a_step_then_compare_with_the_parent(curator_client, dagon_run):
    match = dagon_run.match
    step = curator_client.get(reverse("replay-step", args=[match.pk, dagon_run.pk, 5]))
    assert b"Try another move here" in step.content
    response = curator_client.post(reverse("variation-add", args=[match.pk, dagon_run.pk, 5]),
                                   {"variation-title": "What if Ana waited"})
    variation = Match.objects.get(title="What if Ana waited")
    assert response.status_code == 302 and variation.last_seq == 5 and variation.parent == match
    assert variation.reading == dagon_run.interpretation
    parent_page = curator_client.get(reverse("match-detail", args=[match.pk])).content.decode()
    assert "What if Ana waited" in parent_page and "after event 5" in parent_page
    other = Event.objects.get(match=match, seq=7)
    append_events(match=variation, expected_seq=5,
                  events=[{"type": other.type, "actor": other.actor, "data": other.data}])
    compared = curator_client.post(reverse("compare-with-parent", args=[variation.pk]))
    assert compared.status_code == 302
    page = curator_client.get(compared["Location"]).content.decode()
    assert "two lines of play sharing their first 5 events" in page
    assert "First divergence at step 6" in page


def test_the_variation_page_names_its_parent(curator_client, dagon_run):
    match = dagon_run.match
    curator_client.post(reverse("variation-add", args=[match.pk, dagon_run.pk, 3]),
                        {"variation-title": "Another"})
    variation = Match.objects.get(title="Another")
    page = curator_client.get(reverse("match-detail", args=[variation.pk])).content.decode()
    assert f'href="/matches/{match.pk}/"' in page and "after event 3" in page


def test_readers_cannot_make_variations(reader_client, dagon_run):
    url = reverse("variation-add", args=[dagon_run.match.pk, dagon_run.pk, 3])
    assert reader_client.post(url, {"variation-title": "x"}).status_code == 403
    assert Match.objects.count() == 1
