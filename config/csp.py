"""A strict Content-Security-Policy on every page: scripts and styles only from our own static
files, so no inline script, inline event handler or style attribute can run or apply."""

from __future__ import annotations

POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

# Third-party screens we do not template: Django's admin and DRF's browsable API (which sets
# its CSRF token in an inline script).
EXEMPT_PREFIXES = ("/admin/", "/api/")


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        # Pages only: a scan (image or PDF) opened on its own keeps the browser's own viewer.
        is_page = response.get("Content-Type", "").startswith("text/html")
        if is_page and not request.path.startswith(EXEMPT_PREFIXES):
            response.headers.setdefault("Content-Security-Policy", POLICY)
        return response
