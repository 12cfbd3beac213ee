"""A transcription page by page and its regions: each change is the next version, a draft,
made from the latest; pages keep their scans and regions follow their notes; bad input is
refused naming its field, and nothing is stored."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from archive.errors import ArchiveError
from archive.models import Region, Rulebook, Transcription
from archive.pages import join_pages, save_page, split_page
from archive.regions import Box, checked_box, draw_with_new_note, remove_region, tie_region
from archive.scan_uploads import add_scan
from archive.services import import_transcription, revise_annotation
from archive.versions import PageSpan, TextMap, carried_pages
from tests.archive.conftest import page_image


def lines_of(text: str) -> list[str]:
    return text.split("\n")


def tower_line(version: Transcription) -> int:
    return lines_of(version.text).index("11. The Tower") + 1


def page_texts(version: Transcription) -> list[str]:
    return [version.text[p.start:p.end] for p in version.pages.order_by("number")]


def the_tower_note(version: Transcription):
    return version.annotations.get(kind="legibility", target__startswith="any one player")


# -- where positions go ---------------------------------------------------------------------------


def test_a_position_outside_a_change_moves_with_its_line_and_one_inside_is_near():
    text_map = TextMap("one\ntwo\nthree\n", "one\ntwo, amended\nthree\n")
    assert text_map.position(0) == (0, True)
    assert text_map.position(8) == (17, True)  # "three" after the longer line
    assert text_map.position(5) == (5, False)  # inside the changed line
    assert text_map.changed(5) == (4, 17)


def test_pages_start_where_their_first_lines_went_with_their_scans():
    old = "Title\nA\nB\nC\n"
    pages = (PageSpan(0, 8, 7), PageSpan(8, 12, 9))  # page 2 starts at "B"
    new = "Title\nAlpha\nBeta\nC\n"  # "A" and "B" rewritten
    assert carried_pages(pages, new, TextMap(old, new)) == (PageSpan(0, 12, 7),
                                                            PageSpan(12, 19, 9))
    assert carried_pages(pages, old, TextMap(old, old)) == pages


# -- pages ----------------------------------------------------------------------------------------


def test_a_saved_page_is_the_next_version_a_draft_and_the_old_one_stays(gothic, ana):
    before = gothic.text
    new = save_page(version=gothic, number=1, text=before.replace("putrid", "putrid, stagnant"),
                    scan=None, user=ana).transcription
    assert (new.version, new.state, new.created_by) == (2, Transcription.DRAFT, ana)
    assert "putrid, stagnant" in new.text and page_texts(new) == [new.text]
    gothic.refresh_from_db()
    assert gothic.text == before and gothic.state == Transcription.PUBLISHED
    assert new.passages.count() == gothic.passages.count()


def test_pages_are_split_tied_to_their_scans_and_joined(gothic, gothic_scans, ana):
    first, second = gothic_scans
    split = split_page(version=gothic, number=1, line=tower_line(gothic),
                       user=ana).transcription
    assert split.text == gothic.text and split.version == 2
    one, two = page_texts(split)
    assert two.startswith("11. The Tower\n") and one + two == gothic.text
    tied = save_page(version=split, number=2, text=two, scan=second, user=ana).transcription
    tied = save_page(version=tied, number=1, text=one, scan=first, user=ana).transcription
    assert [p.scan_id for p in tied.pages.order_by("number")] == [first.pk, second.pk]
    assert tied.text == gothic.text
    assert list(tied.passages.values_list("slug", flat=True)) == list(
        gothic.passages.values_list("slug", flat=True))
    joined = join_pages(version=tied, number=1, user=ana).transcription
    assert page_texts(joined) == [gothic.text]
    assert [p.scan_id for p in joined.pages.all()] == [first.pk]


def test_a_new_page_after_the_last_ends_the_last_line_first(db, ana):
    from tests.factories import RulebookFactory

    rulebook = RulebookFactory()
    first = import_transcription(rulebook=rulebook, text="Title\n\nRules\nNo end of line",
                                 language="en", transcriber="t").transcription
    new = save_page(version=first, number=2, text="Appendix\nMore rules.\n", scan=None,
                    user=ana).transcription
    assert page_texts(new) == ["Title\n\nRules\nNo end of line\n", "Appendix\nMore rules.\n"]


def test_the_pages_of_a_whole_text_follow_its_lines(gothic, gothic_scans, ana):
    split = split_page(version=gothic, number=1, line=tower_line(gothic), user=ana).transcription
    tied = save_page(version=split, number=2, text=page_texts(split)[1], scan=gothic_scans[1],
                     user=ana).transcription
    changed = tied.text.replace("2. Play\n", "2. Play\nA line the first reading missed.\n")
    new = import_transcription(rulebook=gothic.rulebook, text=changed, language="en",
                               transcriber="Marta").transcription
    assert page_texts(new)[1] == page_texts(tied)[1]
    assert [p.scan_id for p in new.pages.order_by("number")] == [None, gothic_scans[1].pk]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda v, u: save_page(version=v, number=3, text="x", scan=None, user=u), "number"),
        (lambda v, u: split_page(version=v, number=1, line=1, user=u), "line"),
        (lambda v, u: split_page(version=v, number=1, line=10_000, user=u), "line"),
        (lambda v, u: join_pages(version=v, number=1, user=u), "number"),
        (lambda v, u: save_page(version=v, number=1, text="Title\n[unclosed note\n", scan=None,
                                user=u), "text"),
    ],
)
def test_a_wrong_page_change_names_its_field_and_stores_nothing(gothic, ana, change, field):
    with pytest.raises(ArchiveError) as error:
        change(gothic, ana)
    assert error.value.field == field and error.value.message
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 1


def test_a_page_on_a_scan_of_another_rulebook_is_refused(gothic, gothic_scans, ana):
    dagon = Rulebook.objects.get(game__slug="dagon")
    other = add_scan(rulebook=dagon, page_number=1,
                     upload=SimpleUploadedFile("d.png", page_image(90)))
    with pytest.raises(ArchiveError) as error:
        save_page(version=gothic, number=1, text=gothic.text, scan=other, user=ana)
    assert error.value.field == "scan" and "another rulebook" in error.value.message
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 1


def test_a_change_to_a_version_since_replaced_is_refused(gothic, ana, luis):
    save_page(version=gothic, number=1, text=gothic.text + "Ana's line.\n", scan=None, user=ana)
    with pytest.raises(ArchiveError) as error:
        save_page(version=gothic, number=1, text=gothic.text + "Luis's line.\n", scan=None,
                  user=luis)
    assert error.value.field == "base" and "version 2 was stored after version 1" in str(error.value)
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 2


def test_only_a_curator_changes_a_transcription(gothic, gothic_scans, reader):
    with pytest.raises(ArchiveError) as error:
        save_page(version=gothic, number=1, text=gothic.text, scan=None, user=reader)
    assert error.value.field == "user"
    box = Box(gothic_scans[0].pk, 1, 1, 10, 10)
    with pytest.raises(ArchiveError) as error:
        tie_region(version=gothic, note=the_tower_note(gothic), box=box, user=reader)
    assert error.value.field == "user"


# -- regions --------------------------------------------------------------------------------------


def test_a_region_is_tied_to_a_note_and_the_words_it_concerns(gothic, gothic_scans, ana):
    note = the_tower_note(gothic)
    box = checked_box(version=gothic, scan=gothic_scans[1], x=100, y=200, w=300, h=40,
                      target_index=1)
    new = tie_region(version=gothic, note=note, box=box, user=ana).transcription
    region = new.regions.get()
    assert (region.scan_id, region.xywh, region.target_index) == (gothic_scans[1].pk,
                                                                  "100,200,300,40", 1)
    assert region.note.transcription_id == new.pk and region.note.raw == note.raw
    assert new.text[slice(*region.note.target_spans[1])] == "unluckily enough"
    assert region.drawn_by == "ana" and new.state == Transcription.DRAFT
    assert not gothic.regions.exists()


@pytest.mark.parametrize(
    ("box", "field", "words"),
    [
        ((-1, 0, 10, 10), "x", "inside the image"),
        ((0, -3, 10, 10), "y", "inside the image"),
        ((0, 0, 0, 10), "w", "one pixel wide"),
        ((0, 0, 10, -5), "h", "one pixel high"),
        ((700, 0, 200, 10), "w", "right edge"),
        ((0, 990, 10, 20), "h", "bottom edge"),
    ],
)
def test_a_region_outside_the_image_or_without_area_is_refused(gothic, gothic_scans, box,
                                                                field, words):
    x, y, w, h = box
    with pytest.raises(ArchiveError) as error:
        checked_box(version=gothic, scan=gothic_scans[0], x=x, y=y, w=w, h=h)
    assert error.value.field == field and words in error.value.message


def test_a_region_on_another_rulebooks_scan_or_a_pdf_is_refused(gothic, gothic_scans, ana):
    dagon = Rulebook.objects.get(game__slug="dagon")
    other = add_scan(rulebook=dagon, page_number=1,
                     upload=SimpleUploadedFile("d.png", page_image(90)))
    with pytest.raises(ArchiveError) as error:
        checked_box(version=gothic, scan=other, x=0, y=0, w=10, h=10)
    assert error.value.field == "scan" and "another rulebook" in error.value.message
    pdf = add_scan(rulebook=gothic.rulebook, page_number=3,
                   upload=SimpleUploadedFile("p.pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"))
    with pytest.raises(ArchiveError) as error:
        checked_box(version=gothic, scan=pdf, x=0, y=0, w=10, h=10)
    assert error.value.field == "scan" and "PDF" in error.value.message
    # the store checks it too, whoever calls it
    with pytest.raises(ArchiveError) as error:
        tie_region(version=gothic, note=the_tower_note(gothic),
                   box=Box(other.pk, 0, 0, 10, 10), user=ana)
    assert error.value.field == "scan"
    assert not Region.objects.exists()
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 1


def test_a_region_is_for_a_note_of_the_version_on_words_it_has(gothic, gothic_scans, ana):
    box = Box(gothic_scans[0].pk, 0, 0, 10, 10, 5)
    with pytest.raises(ArchiveError) as error:
        tie_region(version=gothic, note=the_tower_note(gothic), box=box, user=ana)
    assert error.value.field == "note" and "2 run(s)" in error.value.message
    dagon_note = Transcription.objects.get(rulebook__game__slug="dagon").annotations.filter(
        kind="editorial").first()
    with pytest.raises(ArchiveError) as error:
        tie_region(version=gothic, note=dagon_note, box=Box(gothic_scans[0].pk, 0, 0, 9, 9),
                   user=ana)
    assert error.value.field == "note"
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 1


def test_regions_follow_their_notes_through_the_next_versions(gothic, gothic_scans, ana):
    box = Box(gothic_scans[1].pk, 10, 20, 30, 40, 0)
    drawn = tie_region(version=gothic, note=the_tower_note(gothic), box=box,
                       user=ana).transcription
    moved = save_page(version=drawn, number=1,
                      text=drawn.text.replace("8. The Moat", "8. The Deep Moat"), scan=None,
                      user=ana).transcription
    region = moved.regions.get()
    assert region.note.start == the_tower_note(drawn).start + len("Deep ")
    assert (region.xywh, region.target_index, region.drawn_by) == ("10,20,30,40", 0, "ana")
    revised = revise_annotation(annotation=region.note, editor="ana",
                                body=region.note.body + " Checked against a second photograph.",
                                created_by=ana).transcription
    region = revised.regions.get()
    assert "second photograph" in region.note.body and region.xywh == "10,20,30,40"
    without = revised.text.replace(" " + region.note.raw, "")
    gone = import_transcription(rulebook=gothic.rulebook, text=without, language="en",
                                transcriber="ana").transcription
    assert not gone.regions.exists()  # its note is gone


def test_a_region_drawn_with_a_new_note_is_one_version(gothic, gothic_scans, ana):
    box = checked_box(version=gothic, scan=gothic_scans[0], x=50, y=60, w=200, h=30)
    new = draw_with_new_note(version=gothic, box=box, passage="gothic/the-moat",
                             words="putrid waters", body="partly obscured by a fold",
                             kind="legibility", certainty=None, user=ana).transcription
    assert new.version == 2
    region = new.regions.get()
    assert region.note.target == "putrid waters" and region.note.certainty == "low"
    assert region.target_index == 0 and region.note.kind == "legibility"
    with pytest.raises(ArchiveError) as error:
        draw_with_new_note(version=new, box=box, passage="gothic/the-moat", words="no such words",
                           body="x", kind="legibility", certainty=None, user=ana)
    assert error.value.field == "words"
    assert Transcription.objects.filter(rulebook=gothic.rulebook).count() == 2


def test_a_removed_region_is_the_next_version_without_it(gothic, gothic_scans, ana):
    note = the_tower_note(gothic)
    one = tie_region(version=gothic, note=note, box=Box(gothic_scans[0].pk, 1, 2, 3, 4),
                     user=ana).transcription
    two = tie_region(version=one, note=the_tower_note(one),
                     box=Box(gothic_scans[1].pk, 5, 6, 7, 8, 0), user=ana).transcription
    assert two.regions.count() == 2
    three = remove_region(version=two, region=two.regions.get(x=1), user=ana).transcription
    assert [r.xywh for r in three.regions.all()] == ["5,6,7,8"]
    assert two.regions.count() == 2  # a version stays as it was
