"""The OAI-PMH 2.0 endpoint: each verb, each of the protocol's errors, selective harvesting
and resumption tokens, every response valid against the protocol's schema with its payloads
(tests/harvest/oai_validation.py); a draft never appears."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from django.core import signing
from django.utils import timezone

from archive.models import Game, Rulebook, Transcription
from archive.pages import save_page
from archive.review import publish_without_review
from archive.services import import_transcription, load_archive
from tests.factories import make_curator
from tests.harvest.oai_validation import NS, error_codes, valid_response

SECRET = "Zanzibar-only-in-the-draft"


@pytest.fixture
def seeded(db):
    load_archive()


def oai(client, method="get", **params):
    response = getattr(client, method)("/oai", params)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/xml; charset=utf-8"
    return valid_response(response.content)


def xpath(root, path):
    return root.xpath(path, namespaces=NS)


def all_records():
    return Rulebook.objects.count() + Transcription.objects.values(
        "rulebook", "language").distinct().count()


def test_identify(client, seeded):
    root = oai(client, verb="Identify")
    (identify,) = xpath(root, "o:Identify")
    assert xpath(identify, "string(o:baseURL)") == "http://testserver/oai"
    assert xpath(identify, "string(o:protocolVersion)") == "2.0"
    assert xpath(identify, "string(o:granularity)") == "YYYY-MM-DDThh:mm:ssZ"
    assert xpath(identify, "string(o:deletedRecord)") == "no"
    assert xpath(root, "o:request/@verb") == ["Identify"]
    earliest = xpath(identify, "string(o:earliestDatestamp)")
    stamps = xpath(oai(client, verb="ListIdentifiers", metadataPrefix="oai_dc"),
                   "//o:header/o:datestamp/text()")
    assert earliest == min(stamps)


def test_metadata_formats_of_the_repository_and_of_a_record(client, seeded):
    root = oai(client, verb="ListMetadataFormats")
    assert xpath(root, "//o:metadataPrefix/text()") == ["oai_dc", "tei"]
    rulebook = Rulebook.objects.get(game__slug="dagon")
    root = oai(client, verb="ListMetadataFormats",
               identifier=f"oai:ludoteca.example:rulebook/{rulebook.pk}")
    assert xpath(root, "//o:metadataPrefix/text()") == ["oai_dc", "tei"]
    root = oai(client, verb="ListMetadataFormats", identifier="oai:ludoteca.example:rulebook/9999")
    assert error_codes(root) == ["idDoesNotExist"]


def test_sets_by_kind_and_by_game(client, seeded):
    specs = xpath(oai(client, verb="ListSets"), "//o:setSpec/text()")
    assert specs[:3] == ["rulebook", "transcription", "game"]
    assert {"game:dagon", "game:gothic", "game:dylan-dog", "game:fury-of-dracula"} <= set(specs)
    root = oai(client, verb="ListIdentifiers", metadataPrefix="oai_dc", set="game:dagon")
    assert {i.split(":")[2].split("/")[0] for i in xpath(root, "//o:identifier/text()")} == {
        "rulebook", "transcription"}
    root = oai(client, verb="ListIdentifiers", metadataPrefix="oai_dc", set="transcription")
    assert all("transcription/" in i for i in xpath(root, "//o:identifier/text()"))


def test_a_transcription_in_dublin_core_and_as_its_tei_header(client, seeded):
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    identifier = f"oai:ludoteca.example:transcription/{gothic.rulebook_id}/en"
    root = oai(client, verb="GetRecord", identifier=identifier, metadataPrefix="oai_dc")
    assert xpath(root, "string(//o:header/o:identifier)") == identifier
    assert xpath(root, "//o:header/o:setSpec/text()") == ["transcription", "game", "game:gothic"]
    dc = xpath(root, "//oai_dc:dc")[0]
    assert xpath(dc, "string(dc:title)") == gothic.title
    assert xpath(dc, "string(dc:language)") == "en"
    assert f"http://testserver/transcriptions/{gothic.pk}/tei.xml" in xpath(
        dc, "dc:identifier/text()")
    root = oai(client, verb="GetRecord", identifier=identifier, metadataPrefix="tei")
    (header,) = xpath(root, "//o:metadata/t:teiHeader")
    assert xpath(header, "string(t:fileDesc/t:titleStmt/t:title)") == gothic.title
    assert xpath(header, "t:revisionDesc/t:change/@n") == ["1"]


def test_a_rulebook_in_dublin_core_and_as_a_tei_header(client, seeded):
    dagon = Rulebook.objects.get(game__slug="dagon")
    identifier = f"oai:ludoteca.example:rulebook/{dagon.pk}"
    dc = xpath(oai(client, verb="GetRecord", identifier=identifier, metadataPrefix="oai_dc"),
               "//oai_dc:dc")[0]
    assert xpath(dc, "string(dc:title)") == f"{dagon.game.title}: {dagon.edition}"
    assert xpath(dc, "string(dc:language)") == dagon.language
    header = xpath(oai(client, verb="GetRecord", identifier=identifier, metadataPrefix="tei"),
                   "//t:teiHeader")[0]
    assert xpath(header, "string(t:fileDesc/t:sourceDesc/t:bibl/t:edition)") == dagon.edition


@pytest.mark.parametrize("prefix", ["oai_dc", "tei"])
@pytest.mark.parametrize("verb", ["ListIdentifiers", "ListRecords"])
def test_a_list_comes_in_pages_each_with_its_resumption_token(client, seeded, settings, verb,
                                                              prefix):
    settings.OAI_PAGE_SIZE = 3
    root = oai(client, verb=verb, metadataPrefix=prefix)
    seen, cursors = [], []
    while True:
        seen += xpath(root, "//o:header/o:identifier/text()")
        (token,) = xpath(root, f"o:{verb}/o:resumptionToken")
        cursors.append(int(token.get("cursor")))
        assert int(token.get("completeListSize")) == all_records()
        if not token.text:
            assert token.get("expirationDate") is None
            break
        assert token.get("expirationDate") > timezone.now().strftime("%Y-%m-%dT%H:%M:%SZ")
        root = oai(client, verb=verb, resumptionToken=token.text)
        assert xpath(root, "o:request/@resumptionToken") == [token.text]
    assert len(seen) == len(set(seen)) == all_records()
    assert cursors == list(range(0, all_records(), 3))
    if verb == "ListRecords":
        assert len(xpath(root, "//o:record/o:metadata")) == len(xpath(root, "//o:record"))


def test_a_list_that_fits_one_page_has_no_token(client, seeded):
    root = oai(client, verb="ListRecords", metadataPrefix="oai_dc")
    assert xpath(root, "//o:resumptionToken") == []
    assert len(xpath(root, "//o:record")) == all_records()


def test_from_and_until_select_what_changed(client, seeded, settings):
    later = timezone.now() + dt.timedelta(seconds=5)
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    ana = make_curator("ana")
    new = save_page(version=gothic, number=1, text=gothic.text + "New line.\n", scan=None,
                    user=ana).transcription
    publish_without_review(version=new, user=ana)
    Transcription.objects.filter(pk=new.pk).update(published_at=later)
    since = later.strftime("%Y-%m-%dT%H:%M:%SZ")
    root = oai(client, verb="ListIdentifiers", metadataPrefix="oai_dc", **{"from": since})
    assert xpath(root, "//o:identifier/text()") == [
        f"oai:ludoteca.example:transcription/{gothic.rulebook_id}/en"]
    before = (later - dt.timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    root = oai(client, verb="ListIdentifiers", metadataPrefix="oai_dc", until=before)
    assert len(xpath(root, "//o:identifier")) == all_records() - 1
    day = later.strftime("%Y-%m-%d")
    root = oai(client, verb="ListIdentifiers", metadataPrefix="oai_dc", until=day)
    assert len(xpath(root, "//o:identifier")) == all_records()


def test_a_post_is_answered_as_a_get(client, seeded):
    root = oai(client, method="post", verb="ListSets")
    assert xpath(root, "o:request/@verb") == ["ListSets"] and xpath(root, "//o:set")


# -- the protocol's errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "code", "words"),
    [
        ("", "badVerb", "names no verb"),
        ("verb=Identify&verb=ListSets", "badVerb", "repeated"),
        ("verb=Harvest", "badVerb", "not a verb"),
        ("verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=tei", "badArgument", "repeated"),
        ("verb=Identify&set=game", "badArgument", "takes no argument 'set'"),
        ("verb=ListRecords", "badArgument", "needs the argument metadataPrefix"),
        ("verb=GetRecord&metadataPrefix=oai_dc", "badArgument", "needs the argument identifier"),
        ("verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x", "badArgument", "exclusive"),
        ("verb=ListRecords&metadataPrefix=oai_dc&from=2024-13-01", "badArgument", "not a date"),
        ("verb=ListRecords&metadataPrefix=oai_dc&from=yesterday", "badArgument", "not a date"),
        ("verb=ListRecords&metadataPrefix=oai_dc&from=2024-01-01&until=2024-02-01T00:00:00Z",
         "badArgument", "different granularities"),
        ("verb=ListRecords&metadataPrefix=oai_dc&from=2024-02-01&until=2024-01-01",
         "badArgument", "later than until"),
        ("verb=GetRecord&metadataPrefix=oai_dc&identifier=not%20an%20identifier",
         "badArgument", "syntax"),
        ("verb=ListRecords&metadataPrefix=a%20b", "badArgument", "syntax"),
        ("verb=ListRecords&metadataPrefix=oai_dc&set=a%20b", "badArgument", "syntax"),
        ("verb=ListRecords&resumptionToken=forged", "badResumptionToken", "forged"),
        ("verb=ListSets&resumptionToken=anything", "badResumptionToken", "no resumption token"),
        ("verb=ListRecords&metadataPrefix=marc21", "cannotDisseminateFormat", "not marc21"),
        ("verb=GetRecord&metadataPrefix=mods&identifier=oai:ludoteca.example:rulebook/1",
         "cannotDisseminateFormat", "not mods"),
        ("verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:ludoteca.example:rulebook/9999",
         "idDoesNotExist", "no record"),
        ("verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.example:rulebook/1",
         "idDoesNotExist", "no record"),
        ("verb=ListRecords&metadataPrefix=oai_dc&set=game:chess", "noRecordsMatch", "no record"),
        ("verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01", "noRecordsMatch",
         "no record"),
    ],
)
def test_each_error_is_the_protocols_and_valid(client, seeded, query, code, words):
    response = client.get("/oai?" + query)
    root = valid_response(response.content)
    assert error_codes(root) == [code]
    assert words in xpath(root, "string(o:error)")
    echoed = dict(xpath(root, "o:request")[0].attrib)
    if code in ("badVerb", "badArgument"):
        assert echoed == {}  # the request is not echoed when it is not understood
    else:
        assert echoed["verb"]


def _token(client, verb="ListRecords"):
    return xpath(oai(client, verb=verb, metadataPrefix="oai_dc"), "string(//o:resumptionToken)")


def test_an_expired_or_altered_token_or_one_of_another_verb_is_refused(client, seeded, settings,
                                                                        monkeypatch):
    settings.OAI_PAGE_SIZE = 2
    token = _token(client)
    altered = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    root = oai(client, verb="ListRecords", resumptionToken=altered)
    assert error_codes(root) == ["badResumptionToken"]
    root = oai(client, verb="ListIdentifiers", resumptionToken=token)
    assert error_codes(root) == ["badResumptionToken"]
    assert "continues a ListRecords list" in xpath(root, "string(o:error)")
    # a token made two hours ago has outlived its hour
    monkeypatch.setattr(signing.TimestampSigner, "timestamp",
                        lambda self: signing.b62_encode(int(time.time()) - 7200))
    old = _token(client)
    monkeypatch.undo()
    settings.OAI_PAGE_SIZE = 2
    root = oai(client, verb="ListRecords", resumptionToken=old)
    assert error_codes(root) == ["badResumptionToken"] and "expired" in xpath(root,
                                                                               "string(o:error)")
    assert error_codes(oai(client, verb="ListRecords", resumptionToken=token)) == []


# -- what is private stays private ----------------------------------------------------------------


def test_a_draft_never_appears(client, seeded):
    ana = make_curator("ana")
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    save_page(version=gothic, number=1, text=gothic.text + SECRET + "\n", scan=None, user=ana)
    game = Game.objects.get(slug="dagon")
    lone = Rulebook.objects.create(game=game, edition="A draft's rulebook", language="es")
    import_transcription(rulebook=lone, text=f"Dagon\n\n{SECRET}\n", language="es",
                         transcriber=SECRET)
    bodies = []
    for prefix in ("oai_dc", "tei"):
        for verb in ("ListRecords", "ListIdentifiers"):
            bodies.append(client.get("/oai", {"verb": verb, "metadataPrefix": prefix}).content)
        for identifier in (f"transcription/{gothic.rulebook_id}/en", f"rulebook/{lone.pk}"):
            bodies.append(client.get("/oai", {"verb": "GetRecord", "metadataPrefix": prefix,
                                              "identifier": f"oai:ludoteca.example:{identifier}"}
                                     ).content)
    assert not any(SECRET.encode() in body for body in bodies)
    header = xpath(oai(client, verb="GetRecord", metadataPrefix="tei",
                       identifier=f"oai:ludoteca.example:transcription/{gothic.rulebook_id}/en"),
                   "//t:revisionDesc/t:change/@n")
    assert header == ["1"]  # the published version, not the draft 2
    root = oai(client, verb="GetRecord", metadataPrefix="oai_dc",
               identifier=f"oai:ludoteca.example:transcription/{lone.pk}/es")
    assert error_codes(root) == ["idDoesNotExist"]
    root = oai(client, verb="GetRecord", metadataPrefix="oai_dc",
               identifier=f"oai:ludoteca.example:rulebook/{lone.pk}")
    assert error_codes(root) == []  # the rulebook itself is public, as its game page shows


def test_a_rulebook_described_anew_is_harvested_again(client, seeded):
    from archive.catalogue import rulebook_describe

    dagon = Rulebook.objects.get(game__slug="dagon")
    Rulebook.objects.update(updated_at=timezone.now() - dt.timedelta(days=2))
    Game.objects.update(updated_at=timezone.now() - dt.timedelta(days=2))
    since = (timezone.now() - dt.timedelta(days=1)).strftime("%Y-%m-%d")
    rulebook_describe(rulebook=dagon, provenance=dagon.provenance, source="the 1991 sheet",
                      rights_holder="Ana Rossi", licence="")
    root = oai(client, verb="ListRecords", metadataPrefix="oai_dc", set="rulebook",
               **{"from": since})
    assert xpath(root, "//o:header/o:identifier/text()") == [
        f"oai:ludoteca.example:rulebook/{dagon.pk}"]
    assert "Rights holder: Ana Rossi" in xpath(root, "//dc:rights/text()")
