"""Who may write, for pages and the API alike (the API's DRF side: ``web.api_access``).

Anyone reads what is public; curators (and staff) write. What is private is hidden by the
querysets (``replay.reading.policy.visible_matches``), so a private match is a 404 to others, never a
403 that would admit it exists.
"""

from __future__ import annotations

from django.conf import settings


def is_curator(user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    known = getattr(user, "in_curators", None)  # loaded with the user (web.auth)
    if known is not None:
        return known
    return user.groups.filter(name=settings.CURATORS_GROUP).exists()

