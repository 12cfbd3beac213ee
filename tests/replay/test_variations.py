"""Variations (what-if): a match that begins with its parent's events up to a step, with the
same hashes, then goes its own way; kept by export and import; compared with its parent."""

from __future__ import annotations

import json

import pytest

import games
from archive.services import load_archive
from replay.log.append import append_events
from replay.log.errors import DocumentError, LogError
from replay.log.interchange import export_document, export_match, import_match
from replay.models import Event, Match
from replay.reading.policy import visible_matches
from replay.runs.comparisons import compare_runs
from replay.runs.replaying import replay_match
from replay.variations.lines import shared_prefix, variation_create, variation_tree
from tests.factories import make_curator


@pytest.fixture
def parent(db):
    load_archive()
    document = games.get("dagon").simulate(seed=3, max_events=30)
    document["title"] = "Club night"
    return import_match(raw=document, is_private=False)


def hashes(match, upto):
    return list(Event.objects.filter(match=match, seq__lte=upto).order_by("seq")
                .values_list("seq", "type", "actor", "data", "hash"))


def test_a_variation_begins_with_its_parents_events_and_hashes(parent):
    variation = variation_create(parent=parent, from_seq=5, title="What if")
    assert hashes(variation, 5) == hashes(parent, 5) and variation.last_seq == 5
    assert variation.branch_of == {"match": parent.pk, "seq": 5,
                                   "hash": Event.objects.get(match=parent, seq=5).hash}
    assert variation.parent == parent and variation.head_hash == variation.branch_of["hash"]
    assert (variation.players, variation.setup) == (parent.players, parent.setup)
    assert shared_prefix(parent, variation) == 5


def test_a_variation_from_the_start_shares_nothing_but_the_setup(parent):
    variation = variation_create(parent=parent, from_seq=0, title="From the start")
    assert variation.last_seq == 0 and variation.branch_of["hash"] == "0" * 64


@pytest.mark.parametrize(("from_seq", "title", "field"), [
    (31, "x", "from_seq"), (-1, "x", "from_seq"), (True, "x", "from_seq"), (3, " ", "title"),
])
def test_a_bad_variation_is_refused_naming_the_field(parent, from_seq, title, field):
    before = Match.objects.count()
    with pytest.raises(LogError) as raised:
        variation_create(parent=parent, from_seq=from_seq, title=title)
    assert raised.value.field == field and Match.objects.count() == before


def test_a_variation_of_a_private_match_is_private_and_still_names_its_parent(parent):
    Match.objects.filter(pk=parent.pk).update(is_private=True, reading={"dagon.x": "y"})
    parent.refresh_from_db()
    variation = variation_create(parent=parent, from_seq=2, title="x")
    assert variation.is_private and variation.parent == parent
    assert variation.reading == {"dagon.x": "y"}


def test_export_and_import_keep_branch_of(parent):
    variation = variation_create(parent=parent, from_seq=5, title="What if")
    append_events(match=variation, expected_seq=5, events=[
        {"type": "annotation", "data": {"text": "here it goes its own way"}}])
    exported = export_match(variation)
    document = json.loads(exported)
    assert document["branch_of"] == variation.branch_of
    again = import_match(raw=exported)
    assert again.branch_of == variation.branch_of and again.parent == parent
    assert export_match(again) == exported


def test_an_import_without_the_parent_keeps_branch_of_as_recorded(parent):
    variation = variation_create(parent=parent, from_seq=5, title="What if")
    document = export_document(variation)
    document["branch_of"] = {**document["branch_of"], "match": 10_000}
    imported = import_match(raw=document)
    assert imported.parent is None and imported.branch_of["match"] == 10_000


@pytest.mark.parametrize(("branch_of", "field"), [
    ({"match": 1, "seq": 5}, "$.branch_of"),
    ({"match": 0, "seq": 5, "hash": "0" * 64}, "$.branch_of.match"),
    ({"match": 1, "seq": 99, "hash": "0" * 64}, "$.branch_of.seq"),
    ({"match": 1, "seq": 5, "hash": "xyz"}, "$.branch_of.hash"),
    ({"match": 1, "seq": 5, "hash": "0" * 64}, "$.branch_of.hash"),  # not the chain at 5
])
def test_a_bad_branch_of_is_refused_naming_its_path(parent, branch_of, field):
    document = export_document(variation_create(parent=parent, from_seq=5, title="x"))
    document["branch_of"] = branch_of
    before = Match.objects.count()
    with pytest.raises(DocumentError) as raised:
        import_match(raw=document)
    assert raised.value.field == field and Match.objects.count() == before


def test_a_variation_compared_with_its_parent_diverges_right_after_the_branch(parent):
    variation = variation_create(parent=parent, from_seq=5, title="What if")
    other = Event.objects.get(match=parent, seq=7)  # another move than the parent's sixth
    append_events(match=variation, expected_seq=5, events=[
        {"type": other.type, "actor": other.actor, "data": other.data}])
    comparison = compare_runs(run_a=replay_match(match=parent),
                              run_b=replay_match(match=variation))
    assert comparison.branch_point == 5 and comparison.first_divergence == 6


def test_runs_of_unrelated_matches_do_not_compare(parent):
    document = export_document(parent)
    document.pop("chain")
    stranger = import_match(raw={**document, "title": "Unrelated"})
    with pytest.raises(LogError, match="variation"):
        compare_runs(run_a=replay_match(match=parent), run_b=replay_match(match=stranger))


def test_variations_form_a_tree_of_what_is_visible(parent):
    owner = make_curator("owner")
    first = variation_create(parent=parent, from_seq=5, title="first")
    variation_create(parent=parent, from_seq=9, title="second")
    nested = variation_create(parent=first, from_seq=3, title="nested")
    hidden = variation_create(parent=first, from_seq=4, title="hidden", created_by=owner)
    Match.objects.filter(pk=hidden.pk).update(is_private=True)
    tree = variation_tree(match=parent, visible=visible_matches(user=None))
    assert [(n.match.title, [c.match.title for c in n.children]) for n in tree] == [
        ("first", ["nested"]), ("second", [])]
    assert nested.branch_of["match"] == first.pk
