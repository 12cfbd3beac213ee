"""Who may write: anyone reads what is public; curators (and staff) write.

What is private is hidden by the querysets (``replay.selectors.visible_matches``), so a
private match is a 404 to others, never a 403 that would admit it exists.
"""

from django.conf import settings
from rest_framework.permissions import SAFE_METHODS, BasePermission


def is_curator(user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    return user.groups.filter(name=settings.CURATORS_GROUP).exists()


class ReadOnlyOrCurator(BasePermission):
    message = "only curators may change the archive"

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or is_curator(request.user)


ReadAnyoneWriteCurator = ReadOnlyOrCurator
