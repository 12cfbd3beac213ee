"""Review before publishing: a version is a draft, then needs review, then a second curator
publishes it (or one curator, saying it is "without review", which the history keeps).
Readers, search, exports, citations and the API read the published version; a draft is a 404
to anyone but a curator."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from archive.errors import ArchiveError
from archive.models import ReviewStep, Transcription
from archive.pages import save_page
from archive.review import publish, publish_without_review, return_to_draft, submit_for_review
from archive.selectors import cited_passages, published_version
from archive.services import revise_annotation

DRAFT_WORDS = "A line only the draft has."


@pytest.fixture
def draft(gothic, ana) -> Transcription:
    """Version 2 of the Gothic Game, made by Ana: a draft with a new line."""
    return save_page(version=gothic, number=1, text=gothic.text + DRAFT_WORDS + "\n", scan=None,
                     user=ana).transcription


def steps(version) -> list[tuple[str, str]]:
    return list(version.review_steps.order_by("at", "pk").values_list("action", "by_name"))


def test_a_second_curator_publishes_what_another_submitted(draft, ana, luis):
    submit_for_review(version=draft, user=ana, note="second photograph read")
    draft.refresh_from_db()
    assert draft.state == Transcription.REVIEW and draft.published_at is None
    with pytest.raises(ArchiveError) as error:
        publish(version=draft, user=ana)
    assert error.value.field == "user" and "second curator" in error.value.message
    draft.refresh_from_db()
    assert draft.state == Transcription.REVIEW
    publish(version=draft, user=luis, note="checked against the scans")
    draft.refresh_from_db()
    assert draft.state == Transcription.PUBLISHED and draft.published_at is not None
    assert steps(draft) == [("submitted", "ana"), ("published", "luis")]
    assert published_version(rulebook=draft.rulebook, language="en") == draft


def test_whoever_submitted_a_version_does_not_review_it_either(gothic, draft, ana, luis):
    submit_for_review(version=draft, user=luis)
    with pytest.raises(ArchiveError) as error:
        publish(version=draft, user=luis)
    assert "you submitted version 2" in error.value.message


def test_publishing_without_review_is_explicit_and_recorded(draft, ana):
    with pytest.raises(ArchiveError) as error:
        publish(version=draft, user=ana)  # a draft is not under review
    assert error.value.field == "state"
    publish_without_review(version=draft, user=ana, note="a typo only")
    draft.refresh_from_db()
    assert draft.state == Transcription.PUBLISHED
    assert steps(draft) == [(ReviewStep.PUBLISHED_WITHOUT_REVIEW, "ana")]
    assert draft.review_steps.get().note == "a typo only"


def test_a_reader_has_no_right_to_review(draft, reader):
    for step in (submit_for_review, publish, publish_without_review):
        with pytest.raises(ArchiveError) as error:
            step(version=draft, user=reader)
        assert error.value.field == "user"
    draft.refresh_from_db()
    assert draft.state == Transcription.DRAFT and not draft.review_steps.exists()


def test_a_returned_version_is_a_draft_again_with_the_reason(draft, ana, luis):
    submit_for_review(version=draft, user=ana)
    with pytest.raises(ArchiveError) as error:
        return_to_draft(version=draft, user=luis, note="  ")
    assert error.value.field == "note"
    return_to_draft(version=draft, user=luis, note="page 2 is missing its last line")
    draft.refresh_from_db()
    assert draft.state == Transcription.DRAFT
    assert steps(draft)[-1] == ("returned", "luis")


def test_an_older_version_is_not_published_over_a_newer_one(gothic, draft, ana):
    newer = save_page(version=draft, number=1, text=draft.text + "More.\n", scan=None,
                      user=ana).transcription
    publish_without_review(version=newer, user=ana)
    with pytest.raises(ArchiveError) as error:
        publish_without_review(version=draft, user=ana)
    assert error.value.field == "state" and "version 3 is published" in error.value.message


def test_readers_and_citations_read_the_published_version(gothic, ana, client):
    note = gothic.annotations.get(target="Congolese Blow pipe")
    revised = revise_annotation(annotation=note, editor="ana", body='"Congolese Blow pipe" '
                                "is the printed phrase, read from a second photograph",
                                created_by=ana).transcription
    slug = "gothic/the-tower"
    assert cited_passages(slugs=[slug])[slug].transcription_id == gothic.pk
    publish_without_review(version=revised, user=ana)
    cited = cited_passages(slugs=[slug])[slug]
    assert cited.transcription_id == revised.pk
    assert any("second photograph" in n.body for n in cited.notes)
    draft = save_page(version=revised, number=1, text=revised.text + DRAFT_WORDS + "\n",
                      scan=None, user=ana).transcription
    assert cited_passages(slugs=[slug])[slug].transcription_id == revised.pk
    game_page = client.get(reverse("game-detail", args=["gothic"])).content.decode()
    assert f"/transcriptions/{revised.pk}/" in game_page
    assert f"/transcriptions/{draft.pk}/" not in game_page


@pytest.mark.parametrize("name", ["transcription-detail", "transcription-tei"])
def test_a_draft_is_a_404_to_a_reader_and_shown_to_a_curator(draft, reader, ana, client, name):
    url = reverse(name, args=[draft.pk])
    assert client.get(url).status_code == 404
    client.force_login(reader)
    assert client.get(url).status_code == 404
    client.force_login(ana)
    assert client.get(url).status_code == 200


def test_the_workbench_page_and_its_annotations_hide_a_draft(draft, reader, ana, client):
    for url in (reverse("transcription-page", args=[draft.pk, 1]),
                reverse("page-annotations", args=[draft.pk, 1])):
        assert client.get(url).status_code == 404
        client.force_login(ana)
        assert client.get(url).status_code == 200
        client.logout()


def test_the_api_lists_drafts_to_curators_only(draft, gothic, ana):
    anonymous = APIClient()
    listed = anonymous.get("/api/transcriptions/", {"game": "gothic"}).json()["results"]
    assert [t["id"] for t in listed] == [gothic.pk]
    assert anonymous.get(f"/api/transcriptions/{draft.pk}/").status_code == 404
    assert anonymous.get(f"/api/transcriptions/{draft.pk}/tei/").status_code == 404
    rulebook = anonymous.get(f"/api/rulebooks/{gothic.rulebook_id}/").json()
    assert [t["id"] for t in rulebook["transcriptions"]] == [gothic.pk]
    curator = APIClient()
    curator.force_authenticate(ana)
    listed = curator.get("/api/transcriptions/", {"game": "gothic"}).json()["results"]
    assert {t["id"]: t["state"] for t in listed} == {gothic.pk: "published", draft.pk: "draft"}


# -- the review form, by two curators and a reader ------------------------------------------------


def review(client, version, action, **fields):
    return client.post(reverse("transcription-review", args=[version.pk]),
                       {"action": action, **fields})


def test_the_review_form_with_two_curators_and_a_reader(draft, ana, luis, reader, client):
    client.force_login(reader)
    assert review(client, draft, "submit").status_code == 403
    client.force_login(ana)
    assert review(client, draft, "submit", note="ready").status_code == 302
    refused = review(client, draft, "publish")
    assert refused.status_code == 400 and "a second curator reviews it" in refused.content.decode()
    unticked = review(client, draft, "publish-without-review")
    assert unticked.status_code == 400 and "tick this" in unticked.content.decode()
    client.force_login(luis)
    assert review(client, draft, "publish", note="read against page 12").status_code == 302
    draft.refresh_from_db()
    assert draft.state == Transcription.PUBLISHED
    page = client.get(reverse("transcription-detail", args=[draft.pk])).content.decode()
    assert "submitted for review</strong> by ana" in page
    assert "reviewed and published</strong> by luis" in page
    client.logout()
    assert client.get(reverse("transcription-detail", args=[draft.pk])).status_code == 200


def test_publish_without_review_from_the_form_says_so_in_the_history(draft, ana, client):
    client.force_login(ana)
    response = review(client, draft, "publish-without-review", without_review="on",
                      note="a typo")
    assert response.status_code == 302
    page = client.get(reverse("transcription-detail", args=[draft.pk])).content.decode()
    assert "published without review</strong> by ana" in page


def test_the_review_queue_is_for_curators(draft, ana, reader, client):
    client.force_login(reader)
    assert client.get(reverse("review-queue")).status_code == 403
    client.force_login(ana)
    page = client.get(reverse("review-queue")).content.decode()
    assert f"/transcriptions/{draft.pk}/" in page


def test_the_import_command_stores_a_draft_unless_told_to_publish(gothic, tmp_path):
    import io

    from django.core.management import call_command

    text = tmp_path / "gothic.txt"
    text.write_text(gothic.text + "A line from the command line.\n", encoding="utf-8")
    out = io.StringIO()
    call_command("import_transcription", str(text), "--game", "gothic", "--language", "en",
                 stdout=out)
    assert out.getvalue().strip().endswith(f"version 2 (id {Transcription.objects.get(rulebook=gothic.rulebook, version=2).pk}), draft")
    text.write_text(gothic.text + "Another line.\n", encoding="utf-8")
    call_command("import_transcription", str(text), "--game", "gothic", "--language", "en",
                 "--publish-without-review", "a bulk load of checked texts", stdout=out)
    third = Transcription.objects.get(rulebook=gothic.rulebook, version=3)
    assert third.state == Transcription.PUBLISHED
    assert third.review_steps.get().note == "a bulk load of checked texts"


def test_the_review_through_the_api(draft, ana, luis, reader):
    url = f"/api/transcriptions/{draft.pk}/review/"
    anonymous, as_reader = APIClient(), APIClient()
    as_reader.force_authenticate(reader)
    assert anonymous.post(url, {"action": "submit"}, format="json").status_code in (401, 403)
    assert as_reader.post(url, {"action": "submit"}, format="json").status_code == 403
    first, second = APIClient(), APIClient()
    first.force_authenticate(ana)
    second.force_authenticate(luis)
    assert first.post(url, {"action": "submit", "note": "ready"}, format="json").json()[
        "state"] == "review"
    refused = first.post(url, {"action": "publish"}, format="json")
    assert refused.status_code == 400 and refused.json()["field"] == "user"
    unknown = first.post(url, {"action": "approve"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["field"] == "action"
    published = second.post(url, {"action": "publish"}, format="json").json()
    assert published["state"] == "published" and published["published_at"]
