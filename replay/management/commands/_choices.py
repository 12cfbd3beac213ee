from django.core.management.base import CommandError

from boundary import InputError, check_text


def checked_arguments(values: list[str] | None, option: str) -> list[str]:
    """``POINT=OPTION`` arguments through the input boundary (one line of text each), for the
    reading parser (``replay.reading.readings.argument_pairs``)."""
    for value in values or []:
        try:
            check_text(value, field=option, max_length=300, single_line=True)
        except InputError as error:
            raise CommandError(f"{option}: {error.message}") from None
    return list(values or [])
