"""Curators add and edit notes as new transcription versions, never by overwriting."""

from __future__ import annotations

import pytest

from archive.models import Annotation, Transcription
from archive.services import ArchiveError, add_annotation, load_archive, revise_annotation


@pytest.fixture
def gothic(db):
    load_archive()
    return Transcription.objects.get(rulebook__game__slug="gothic")


def _snapshot(transcription):
    transcription.refresh_from_db()
    return (
        transcription.text,
        transcription.sha256,
        sorted(
            (a.kind, a.start, a.end, a.body, a.target, a.certainty, a.responsible)
            for a in transcription.annotations.all()
        ),
    )


def _blow_pipe(transcription):
    return transcription.annotations.get(kind="legibility", target="Congolese Blow pipe")


def test_revising_a_note_creates_version_2_and_leaves_version_1_unchanged(gothic):
    before = _snapshot(gothic)
    note = _blow_pipe(gothic)
    result = revise_annotation(
        annotation=note,
        editor="Marta",
        body='"Congolese Blow pipe" is the printed phrase; the second word is torn away',
    )
    v2 = result.transcription
    assert result.created and v2.version == 2 and v2.pk != gothic.pk
    assert _snapshot(gothic) == before
    revised = _blow_pipe(v2)
    assert revised.body.endswith("the second word is torn away")
    assert revised.reason == "damage" and revised.responsible == "Marta"
    # the notes nobody touched keep their words, spans and who is responsible
    others = v2.annotations.exclude(pk=revised.pk)
    assert {a.responsible for a in others} == {"Ludoteca seed archive"}
    assert others.count() == gothic.annotations.count() - 1
    assert "Marta" in v2.change_note and v2.transcriber == "Marta"


@pytest.mark.parametrize("certainty", ["high", "medium", "low"])
def test_a_certainty_the_words_do_not_say_is_added_in_words(gothic, certainty):
    note = gothic.annotations.get(
        kind="reading", body__contains="circled"
    )  # "… probably 6": medium
    note_without_cue = revise_annotation(
        annotation=note, editor="Marta", body="a circled number in the photo, 6"
    ).transcription.annotations.get(kind="reading", body__contains="circled")
    assert note_without_cue.certainty == "unknown"
    result = revise_annotation(annotation=note_without_cue, editor="Marta", certainty=certainty)
    assert (
        result.transcription.annotations.get(kind="reading", body__contains="circled").certainty
        == certainty
    )
    assert result.transcription.version == 3


def test_a_certainty_against_the_notes_own_words_is_refused(gothic):
    note = gothic.annotations.get(kind="reading", body__contains="circled")  # says "probably"
    with pytest.raises(ArchiveError, match=r"probabl.*medium") as caught:
        revise_annotation(annotation=note, editor="Marta", certainty="high")
    assert caught.value.field == "certainty"
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 1


def test_certainty_can_be_changed_again(gothic):
    tower = gothic.annotations.get(kind="legibility", body__contains="any one player")
    lowered = revise_annotation(annotation=tower, editor="Marta", certainty="low").transcription
    note = lowered.annotations.get(kind="legibility", body__contains="any one player")
    assert note.certainty == "low"
    assert note.target == tower.target and note.target_spans != []


def test_adding_a_legibility_note_on_words(gothic):
    result = add_annotation(
        transcription=gothic,
        passage="gothic/the-tower",
        words="cauldron of oil",
        body="partly obscured by a fold in the page",
        editor="Marta",
    )
    v2 = result.transcription
    new = v2.annotations.get(target="cauldron of oil")
    assert new.kind == "legibility" and new.certainty == "low"
    assert new.reason == "partly-obscured" and new.responsible == "Marta"
    assert v2.text[new.target_spans[0][0] : new.target_spans[0][1]] == "cauldron of oil"
    assert v2.annotations.count() == gothic.annotations.count() + 1
    assert "[Legibility:" not in gothic.text.split("cauldron of oil")[1][:3]


def test_adding_an_editorial_note_with_a_chosen_certainty(gothic):
    result = add_annotation(
        transcription=gothic,
        passage="gothic/moves",
        words="second throw",
        occurrence=1,
        kind="editorial",
        body="the booklet never says whether a second six grants a third throw",
        certainty="high",
        editor="Marta",
    )
    note = result.transcription.annotations.get(kind="editorial")
    assert note.certainty == "high" and note.target == "second throw"


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"passage": "gothic/nowhere"}, "passage", "no passage"),
        ({"words": "a flying carpet"}, "words", "not in gothic/the-tower"),
        ({"words": "one player"}, "words", "overlaps “any one player”"),
        ({"body": "see [here]"}, "body", r"\[ or \]"),
        ({"kind": "page"}, "kind", "legibility, editorial or reading"),
        ({"occurrence": 5}, "occurrence", "occurs 1 time"),
    ],
)
def test_bad_note_additions_are_refused_and_store_nothing(gothic, kwargs, field, message):
    arguments = {
        "transcription": gothic,
        "passage": "gothic/the-tower",
        "words": "cauldron of oil",
        "body": "blurred",
        "editor": "Marta",
        **kwargs,
    }
    with pytest.raises(ArchiveError, match=message) as caught:
        add_annotation(**arguments)
    assert caught.value.field == field
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 1


def test_only_the_latest_version_is_revised(gothic):
    note = _blow_pipe(gothic)
    revise_annotation(annotation=note, editor="Marta", body='"Congolese Blow pipe" as printed')
    with pytest.raises(ArchiveError, match="not the latest"):
        revise_annotation(annotation=note, editor="Marta", body="again")


def test_a_page_citation_is_not_a_note_to_revise(db):
    load_archive()
    page = Annotation.objects.filter(kind="page").first()
    with pytest.raises(ArchiveError, match="printed text"):
        revise_annotation(annotation=page, editor="Marta", body="13")


def test_an_unchanged_note_stores_nothing(gothic):
    note = _blow_pipe(gothic)
    with pytest.raises(ArchiveError, match="unchanged"):
        revise_annotation(annotation=note, editor="Marta", body=note.body)
