"""What a curator records of a rulebook's copy and its rights (source, holder, licence): one
check for the pages, the API and the admin, with errors naming the field; the licence is a
URI a IIIF manifest may state."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from archive.catalogue import checked_licence
from archive.models import Rulebook
from archive.services import ArchiveError, load_archive
from tests.factories import UserFactory, make_curator

CC_BY = "http://creativecommons.org/licenses/by/4.0/"


@pytest.mark.parametrize(("given", "stored"), [
    (CC_BY, CC_BY),
    ("https://creativecommons.org/licenses/by-nc-sa/4.0", "http://creativecommons.org/licenses/by-nc-sa/4.0/"),
    ("http://creativecommons.org/licenses/by/3.0/it/", "http://creativecommons.org/licenses/by/3.0/it/"),
    ("https://creativecommons.org/publicdomain/zero/1.0/", "http://creativecommons.org/publicdomain/zero/1.0/"),
    ("http://creativecommons.org/publicdomain/mark/1.0/", "http://creativecommons.org/publicdomain/mark/1.0/"),
    ("https://rightsstatements.org/vocab/InC-EDU/1.0/", "http://rightsstatements.org/vocab/InC-EDU/1.0/"),
    ("  ", ""),
])
def test_a_licence_is_stated_as_the_iiif_specification_defines_it(given, stored):
    assert checked_licence(given) == stored


@pytest.mark.parametrize("given", [
    "CC-BY", "all rights reserved", "http://example.org/licence",
    "http://creativecommons.org/licenses/by/4.0/deed.en", "http://creativecommons.org/licenses/",
    "http://rightsstatements.org/vocab/Public/1.0/", "javascript:alert(1)", "x" * 201,
])
def test_anything_else_is_refused_naming_the_field_and_what_is_accepted(given):
    with pytest.raises(ArchiveError) as refused:
        checked_licence(given)
    assert refused.value.field == "licence"
    assert "creativecommons.org" in refused.value.message or "200" in refused.value.message


@pytest.fixture
def dagon(db):
    load_archive()
    return Rulebook.objects.get(game__slug="dagon")


def test_a_curator_describes_a_rulebook_on_its_page(client, dagon):
    client.force_login(make_curator())
    url = f"/rulebooks/{dagon.pk}/edit/"
    form = client.get(url)
    assert form.status_code == 200 and dagon.provenance in form.content.decode()
    refused = client.post(url, {"provenance": "x", "source": "", "rights_holder": "Ana",
                                "licence": "CC BY"})
    assert refused.status_code == 400 and "RightsStatements.org" in refused.content.decode()
    assert Rulebook.objects.get(pk=dagon.pk).rights_holder == ""
    done = client.post(url, {"provenance": "Sheet photographed in 2024.",
                             "source": "Reglas, Madrid 1986", "rights_holder": "Ana Ruiz",
                             "licence": "https://creativecommons.org/licenses/by/4.0/"})
    assert done.status_code == 302 and done["Location"].endswith(f"#rulebook-{dagon.pk}")
    stored = Rulebook.objects.get(pk=dagon.pk)
    assert (stored.provenance, stored.source, stored.rights_holder, stored.licence) == (
        "Sheet photographed in 2024.", "Reglas, Madrid 1986", "Ana Ruiz", CC_BY)
    page = client.get("/games/dagon/").content.decode()
    assert "Ana Ruiz" in page and f'href="{CC_BY}" rel="license"' in page


def test_only_curators_describe_a_rulebook(client, dagon):
    assert client.get(f"/rulebooks/{dagon.pk}/edit/").status_code == 403
    client.force_login(UserFactory(username="reader"))
    assert client.post(f"/rulebooks/{dagon.pk}/edit/", {"rights_holder": "me"}).status_code == 403
    assert Rulebook.objects.get(pk=dagon.pk).rights_holder == ""


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_login(user)
    return client


def test_the_api_describes_a_rulebook_with_errors_naming_the_field(dagon):
    curator = api(make_curator())
    url = f"/api/rulebooks/{dagon.pk}/"
    patched = curator.patch(url, {"licence": "http://rightsstatements.org/vocab/InC/1.0/"},
                            format="json")
    assert patched.status_code == 200
    assert patched.json()["licence"] == "http://rightsstatements.org/vocab/InC/1.0/"
    assert patched.json()["provenance"] == dagon.provenance  # what is not given stays
    for body, field in (({"licence": "mine"}, "licence"), ({"edition": "x"}, "edition"),
                        ({"rights_holder": "a\nb" * 150}, "rights_holder")):
        refused = curator.patch(url, body, format="json")
        assert refused.status_code == 400 and field in json.dumps(refused.json()), body
    surrogate = curator.generic("PATCH", url, '{"source": "\\ud800"}',
                                content_type="application/json")
    assert surrogate.status_code == 400 and "source" in surrogate.content.decode()
    assert curator.put(url, {"licence": CC_BY}, format="json").status_code == 405
    assert api().patch(url, {"licence": CC_BY}, format="json").status_code == 401
    reader = api(UserFactory(username="reader"))
    assert reader.patch(url, {"licence": CC_BY}, format="json").status_code == 403
    assert Rulebook.objects.get(pk=dagon.pk).licence == (
        "http://rightsstatements.org/vocab/InC/1.0/")


def test_a_new_rulebook_takes_its_rights_through_the_api_and_the_form(client, dagon):
    curator = make_curator()
    created = api(curator).post("/api/rulebooks/", {
        "game": "dagon", "edition": "Segunda edición", "language": "es",
        "rights_holder": "Ana", "licence": "https://creativecommons.org/publicdomain/mark/1.0"},
        format="json")
    assert created.status_code == 201
    assert created.json()["licence"] == "http://creativecommons.org/publicdomain/mark/1.0/"
    refused = api(curator).post("/api/rulebooks/", {
        "game": "dagon", "edition": "Tercera", "language": "es", "licence": "free"},
        format="json")
    assert refused.status_code == 400 and "licence" in json.dumps(refused.json())
    client.force_login(curator)
    page = client.post("/games/dagon/rulebooks/add/", {
        "edition": "Cuarta", "language": "es", "licence": "free"})
    assert page.status_code == 400 and "Creative Commons" in page.content.decode()
    assert not Rulebook.objects.filter(edition__in=["Tercera", "Cuarta"]).exists()


def test_the_admin_checks_a_rulebook_as_the_pages_do(client, dagon):
    client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    url = f"/admin/archive/rulebook/{dagon.pk}/change/"
    fields = {"game": dagon.game_id, "edition": dagon.edition, "language": dagon.language,
              "provenance": dagon.provenance, "source": "", "rights_holder": "Ana"}
    refused = client.post(url, {**fields, "licence": "CC BY 4.0"})
    assert refused.status_code == 200 and "RightsStatements.org" in refused.content.decode()
    assert Rulebook.objects.get(pk=dagon.pk).licence == ""
    refused = client.post(url, {**fields, "language": "xx-nonsense", "licence": ""})
    assert refused.status_code == 200 and "language" in refused.content.decode()
    saved = client.post(url, {**fields, "licence": "https://creativecommons.org/licenses/by/4.0"})
    assert saved.status_code == 302
    assert Rulebook.objects.get(pk=dagon.pk).licence == CC_BY
