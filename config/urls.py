"""The whole address space: the API under /api/ and the pages (``config.site_urls``).

This is ROOT_URLCONF, so ``reverse()`` outside a request (commands, tasks, tests) and every
request under /api/ know every name; a page's request resolves against the pages' conf alone
(``config.urlconf.PagesUrlconfMiddleware``)."""

from django.urls import include, path

from config import site_urls

handler404 = site_urls.handler404

urlpatterns = [
    path("api/", include("config.api_urls")),
    *site_urls.urlpatterns,
]
