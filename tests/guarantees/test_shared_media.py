"""Scans on shared storage when asked: with LUDOTECA_MEDIA_S3_BUCKET set, media go to an
S3-compatible bucket (here a real local S3 server, moto's, spoken to over HTTP by boto3), the
application still serves every file with the same headers, hands out no bucket address, and
a backup restores its scans into the bucket."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import uuid
from dataclasses import dataclass
from email.utils import formatdate

import boto3
import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from moto.server import ThreadedMotoServer

from archive.models import Rulebook, Scan
from archive.scan_uploads import add_scan
from archive.services import load_archive
from tests.factories import make_curator
from tests.guarantees.test_backup import wipe_database
from tests.guarantees.test_bad_input import png
from tests.guarantees.test_serving import PDF_WITH_SCRIPT
from tests.paths import ROOT
from tests.servers import free_port

CREDENTIALS = {"AWS_ACCESS_KEY_ID": "ludoteca-test", "AWS_SECRET_ACCESS_KEY": "ludoteca-test"}


@pytest.fixture(scope="module")
def s3_endpoint():
    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


def storage_from_environment(environment: dict[str, str]) -> dict:
    """STORAGES["default"] as config/settings.py makes it from these variables."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LUDOTECA_MEDIA_S3_")}
    env.update(environment, DJANGO_SETTINGS_MODULE="config.settings")
    script = ("import json; from django.conf import settings; "
              "print(json.dumps(settings.STORAGES['default']))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


@dataclass
class Bucket:
    client: object
    name: str

    def keys(self) -> set[str]:
        listed = self.client.list_objects_v2(Bucket=self.name).get("Contents", [])
        return {entry["Key"] for entry in listed}

    def body(self, key: str) -> bytes:
        return self.client.get_object(Bucket=self.name, Key=key)["Body"].read()


@pytest.fixture
def use_new_bucket(s3_endpoint, settings, monkeypatch, tmp_path):
    """Each call makes a new, empty bucket the default storage, configured through the
    documented variables (as a new machine would be); the local media folder is an empty
    directory that must stay empty."""
    for name, value in CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    client = boto3.client("s3", endpoint_url=s3_endpoint, region_name="eu-west-1",
                          aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
                          aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"])
    settings.MEDIA_ROOT = tmp_path / "local-media"
    settings.MEDIA_ROOT.mkdir()

    def use() -> Bucket:
        name = f"ludoteca-{uuid.uuid4().hex[:12]}"
        client.create_bucket(Bucket=name,
                             CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        storage = storage_from_environment({"LUDOTECA_MEDIA_S3_BUCKET": name,
                                            "LUDOTECA_MEDIA_S3_ENDPOINT_URL": s3_endpoint,
                                            "LUDOTECA_MEDIA_S3_REGION": "eu-west-1"})
        assert storage["BACKEND"] == "config.storage.PrivateS3Storage"
        settings.STORAGES = {**settings.STORAGES, "default": storage}
        return Bucket(client, name)

    yield use
    assert not any(settings.MEDIA_ROOT.iterdir()), "a file went to the local folder"


@pytest.fixture
def bucket(use_new_bucket) -> Bucket:
    return use_new_bucket()


def test_without_a_bucket_media_stay_in_the_local_folder():
    """The embedded default is unchanged: no bucket named, no S3 in the settings."""
    assert storage_from_environment({}) == {
        "BACKEND": "django.core.files.storage.FileSystemStorage"}
    assert storage_from_environment({"LUDOTECA_MEDIA_S3_BUCKET": ""})["BACKEND"] == \
        "django.core.files.storage.FileSystemStorage"


def test_scans_and_thumbnails_go_to_the_bucket_and_the_application_serves_them(
        archive_seed, bucket):
    """Tries: a PNG and a PDF carrying a script uploaded as scans with the bucket configured.
    Proves: the files and the thumbnail are objects in the bucket (none in the local folder);
    the application serves each from there byte for byte, the image inline, the PDF as an
    attachment, both sandboxed; a conditional request is answered 304; a name not stored is a
    404 and a name leaving the storage is refused."""
    rulebook = Rulebook.objects.get(game__slug="dagon")
    image = add_scan(rulebook=rulebook, page_number=1, upload=SimpleUploadedFile("p.png", png()))
    pdf = add_scan(rulebook=rulebook, page_number=2,
                   upload=SimpleUploadedFile("p.pdf", PDF_WITH_SCRIPT))
    assert bucket.keys() == {image.file.name, image.thumbnail.name, pdf.file.name}
    assert image.file.name.startswith(f"scans/{rulebook.pk}/")
    assert bucket.body(image.file.name) == png()

    client = Client()
    shown = client.get(image.file.url)
    assert shown.status_code == 200 and shown["Content-Type"] == "image/png"
    assert b"".join(shown.streaming_content) == png()
    assert not shown.get("Content-Disposition", "").startswith("attachment")
    assert "sandbox" in shown["Content-Security-Policy"]
    thumbnail = client.get(image.thumbnail.url)
    assert thumbnail.status_code == 200
    assert b"".join(thumbnail.streaming_content) == bucket.body(image.thumbnail.name)
    attachment = client.get(pdf.file.url)
    assert attachment["Content-Disposition"].startswith("attachment;")
    assert "sandbox" in attachment["Content-Security-Policy"]
    assert b"".join(attachment.streaming_content) == PDF_WITH_SCRIPT

    later = formatdate(default_storage.get_modified_time(image.file.name).timestamp() + 60,
                       usegmt=True)
    assert client.get(image.file.url, HTTP_IF_MODIFIED_SINCE=later).status_code == 304
    assert client.get(f"/media/scans/{rulebook.pk}/missing.png").status_code == 404
    assert client.get(f"/media/scans/{rulebook.pk}").status_code == 404
    assert client.get("/media/../config/settings.py").status_code in (400, 404)


def test_no_page_or_export_hands_out_the_bucket(archive_seed, bucket, s3_endpoint):
    """Proves: the scan page, the API and the IIIF manifest name the application's media URL,
    never the bucket's address or a presigned link, so the bucket stays private and every
    read passes through the application."""
    rulebook = Rulebook.objects.get(game__slug="dagon")
    scan = add_scan(rulebook=rulebook, page_number=1, upload=SimpleUploadedFile("p.png", png()))
    assert scan.file.url == f"/media/{scan.file.name}"
    client = Client()
    answers = [client.get(f"/scans/{scan.pk}/"), client.get(f"/api/scans/{scan.pk}/"),
               client.get(f"/rulebooks/{rulebook.pk}/manifest.json")]
    for answer in answers:
        assert answer.status_code == 200
        text = answer.content.decode()
        assert scan.file.name in text
        assert s3_endpoint not in text and "X-Amz-" not in text and "AWSAccessKeyId" not in text


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_its_scans_into_the_bucket(use_new_bucket, tmp_path):
    """Tries: an archive with a scan exported from one bucket, the database emptied, and the
    backup imported on a machine using another, empty bucket. Proves: the scan and its
    thumbnail are written to the new bucket, byte for byte, and served from it, and its
    deep-zoom tiles (not in a backup) are made again there."""
    first = use_new_bucket()
    load_archive()
    scan = add_scan(rulebook=Rulebook.objects.get(game__slug="dagon"), page_number=1,
                    upload=SimpleUploadedFile("p.png", png()), uploaded_by=make_curator("ana"))
    names = {scan.file.name, scan.thumbnail.name}
    tiles = f"scans/{scan.rulebook_id}/tiles/{scan.sha256}/"
    assert names <= first.keys()
    assert {key for key in first.keys() - names if not key.startswith(tiles)} == set()
    assert tiles + "info.json" in first.keys()  # noqa: SIM118 - a bucket, not a dict
    dump = tmp_path / "dump"
    call_command("export_archive", str(dump), stdout=io.StringIO())
    wipe_database()

    second = use_new_bucket()
    assert second.keys() == set()
    call_command("import_archive", str(dump), stdout=io.StringIO())
    assert names <= second.keys()
    assert tiles + "info.json" in second.keys()  # noqa: SIM118 - a bucket, not a dict
    restored = Scan.objects.get()
    assert second.body(restored.file.name) == png()
    answer = Client().get(restored.file.url)
    assert answer.status_code == 200 and b"".join(answer.streaming_content) == png()


@pytest.fixture(params=["local folder", "S3 bucket"])
def either_storage(request, settings, tmp_path):
    if request.param == "S3 bucket":
        request.getfixturevalue("bucket")
    else:
        settings.MEDIA_ROOT = tmp_path / "media"


@pytest.mark.parametrize("path", [
    "/media/{folder}/missing.png",
    "/media/{folder}",
    "/media/{name}/more",
    "/media/{folder}/a%00b.png",
    "/media/{folder}/" + "a" * 300 + ".png",
    "/media/" + "a/" * 600 + "b.png",
    "/media/{folder}/%ff%fe.png",
    "/media/../config/settings.py",
])
def test_a_name_no_stored_file_has_is_refused_never_a_server_error(archive_seed, either_storage,
                                                                   path):
    """Tries, on the local folder and on the bucket: a missing file, a folder, a file taken
    for a folder, a NUL, a name too long for a file system, one too long for an S3 key,
    undecodable bytes, a way out of the storage. Proves: a 404 (or a 400 for the way out),
    never a 5xx."""
    scan = add_scan(rulebook=Rulebook.objects.get(game__slug="dagon"), page_number=1,
                    upload=SimpleUploadedFile("p.png", png()))
    url = path.format(folder=scan.file.name.rsplit("/", 1)[0], name=scan.file.name)
    answer = Client(raise_request_exception=False).get(url)
    assert answer.status_code in (400, 404)
    assert Client().get(scan.file.url).status_code == 200
