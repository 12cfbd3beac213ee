"""Pages for variations (what-if): try another move from a step, and compare a variation
with the line it branched from."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from replay.log.errors import LogError
from replay.models import ReplayRun
from replay.reading import selectors
from replay.reading.forms import VariationForm
from replay.runs.replaying import replay_match
from replay.variations.lines import variation_create
from trust.errors import BrokenChain
from web.pages import curator_only


def _visible_match(request, match_id: int):
    return get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)


@curator_only
def variation_add(request, match_id: int, run_id: int, seq: int):
    """"Try another move here": a variation of the match after step ``seq``, recorded under the
    reading of the run it was tried from."""
    match = _visible_match(request, match_id)
    run = get_object_or_404(ReplayRun, pk=run_id, match=match)
    step_url = reverse("replay-step", args=[match.pk, run.pk, seq])
    if request.method != "POST":
        return redirect(step_url)
    form = VariationForm(request.POST, prefix="variation")
    if not form.is_valid():
        messages.error(request, "Name the variation (at most 300 characters).")
        return redirect(step_url)
    try:
        variation = variation_create(
            parent=match, from_seq=seq, title=form.cleaned_data["title"],
            created_by=request.user, reading=run.interpretation,
        )
    except (LogError, BrokenChain) as error:
        messages.error(request, error.message)
        return redirect(step_url)
    messages.success(request, f"Variation “{variation.title}” begins after event {seq}: "
                     "record its moves.")
    return redirect(variation_next_url(variation))


def variation_next_url(variation) -> str:
    """Where a new variation is recorded."""
    return reverse("match-record", args=[variation.pk])


@curator_only
def compare_with_parent(request, match_id: int):
    """Replay a variation and its parent under the variation's reading, then compare them."""
    match = _visible_match(request, match_id)
    if request.method != "POST" or match.parent_id is None:
        return redirect("match-detail", match.pk)
    parent = _visible_match(request, match.parent_id)
    try:
        mine = replay_match(match=match, reading=match.reading, requested_by=request.user)
        theirs = replay_match(match=parent, reading=match.reading, requested_by=request.user)
    except (LogError, BrokenChain) as error:
        messages.error(request, error.message)
        return redirect("match-detail", match.pk)
    return redirect(reverse("compare", args=[match.pk]) + "?"
                    + urlencode({"a": theirs.pk, "b": mine.pk}))
