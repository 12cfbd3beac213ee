"""An independent harvester (Sickle, from PyPI) reads the archive over HTTP from the running
server: every verb, lists followed through their resumption tokens, by GET and by POST, and
the protocol's errors raised as Sickle's own exceptions."""

from __future__ import annotations

import pytest
from sickle import Sickle, oaiexceptions

from archive.models import Rulebook, Transcription
from archive.pages import save_page
from tests.factories import make_curator

DRAFT_WORDS = "Only-in-a-draft-Qx7"


@pytest.fixture
def harvester(live_server, settings):
    from archive.services import load_archive

    load_archive()
    settings.OAI_PAGE_SIZE = 2  # so that every list is followed through its tokens
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    save_page(version=gothic, number=1, text=gothic.text + DRAFT_WORDS + "\n", scan=None,
              user=make_curator("ana"))
    return f"{live_server.url}/oai"


def expected_records() -> int:
    published = Transcription.objects.filter(state="published")
    return Rulebook.objects.count() + published.values("rulebook", "language").distinct().count()


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_sickle_harvests_every_record_through_the_tokens(harvester, method):
    client = Sickle(harvester, http_method=method, max_retries=0)
    identify = client.Identify()
    assert identify.protocolVersion == "2.0" and identify.baseURL == harvester
    assert [f.metadataPrefix for f in client.ListMetadataFormats()] == ["oai_dc", "tei"]
    specs = [s.setSpec for s in client.ListSets()]
    assert "game:gothic" in specs and "transcription" in specs
    records = list(client.ListRecords(metadataPrefix="oai_dc"))
    assert len(records) == expected_records() > 2
    assert len({r.header.identifier for r in records}) == len(records)
    assert all(r.metadata["title"] for r in records)
    assert not any(DRAFT_WORDS in r.raw for r in records)
    headers = list(client.ListIdentifiers(metadataPrefix="tei", set="transcription"))
    assert {h.identifier.split(":")[2].split("/")[0] for h in headers} == {"transcription"}
    tei = list(client.ListRecords(metadataPrefix="tei", set="game:gothic"))
    assert len(tei) == 2 and all("teiHeader" in r.raw for r in tei)


def test_sickle_reads_one_record_and_each_error(harvester):
    client = Sickle(harvester, max_retries=0)
    gothic = Rulebook.objects.get(game__slug="gothic")
    record = client.GetRecord(identifier=f"oai:ludoteca.example:transcription/{gothic.pk}/en",
                              metadataPrefix="oai_dc")
    assert record.metadata["language"] == ["en"] and DRAFT_WORDS not in record.raw
    with pytest.raises(oaiexceptions.IdDoesNotExist):
        client.GetRecord(identifier="oai:ludoteca.example:rulebook/999999",
                         metadataPrefix="oai_dc")
    with pytest.raises(oaiexceptions.CannotDisseminateFormat):
        client.GetRecord(identifier=f"oai:ludoteca.example:rulebook/{gothic.pk}",
                         metadataPrefix="marc21")
    with pytest.raises(oaiexceptions.NoRecordsMatch):
        list(client.ListRecords(metadataPrefix="oai_dc", set="game:chess"))
    with pytest.raises(oaiexceptions.BadArgument):
        list(client.ListRecords(metadataPrefix="oai_dc", **{"from": "2024-02-01",
                                                            "until": "2024-01-01"}))
    with pytest.raises(oaiexceptions.BadResumptionToken):
        list(client.ListRecords(resumptionToken="not-a-token-of-ours"))
    response = client.harvest(verb="Harvest")  # Sickle's raw request: no verb class to raise
    error = response.xml.find(".//{http://www.openarchives.org/OAI/2.0/}error")
    assert error.get("code") == "badVerb"
