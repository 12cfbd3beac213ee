from django.core.management.base import CommandError

from replay.models import Match


def match_from_argument(value) -> Match:
    try:
        match_id = int(value)
    except (TypeError, ValueError):
        raise CommandError(f"MATCH must be a match id (a whole number), not {value!r}") from None
    match = Match.objects.select_related("game").filter(pk=match_id).first()
    if match is None:
        raise CommandError(f"no match with id {match_id}")
    return match
