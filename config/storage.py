"""Media (scans and everything derived from them) on an S3-compatible object store, chosen by
LUDOTECA_MEDIA_S3_BUCKET (config/settings.py): every web and worker machine then reads and
writes the same files. The application still serves them (config/media.py)."""

from __future__ import annotations

from urllib.parse import urljoin

from django.conf import settings
from django.utils.encoding import filepath_to_uri
from storages.backends.s3 import S3Storage


class PrivateS3Storage(S3Storage):
    """The bucket stays private: a file's URL is the application's media URL, never the
    bucket's (presigned or not), so every file gets the same headers and checks as from the
    local folder, and nothing is reachable that the application would not serve."""

    def url(self, name, parameters=None, expire=None, http_method=None) -> str:
        return urljoin(settings.MEDIA_URL, filepath_to_uri(name))
