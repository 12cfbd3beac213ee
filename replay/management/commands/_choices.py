from django.core.management.base import CommandError

from boundary import InputError, check_text


def parse_choices(values: list[str] | None, option: str = "--choose") -> dict[str, str]:
    """``POINT=OPTION`` arguments into a dict, naming a malformed one."""
    choices = {}
    for value in values or []:
        try:
            check_text(value, field=option, max_length=300, single_line=True)
        except InputError as error:
            raise CommandError(f"{option}: {error.message}") from None
        point, sep, chosen = value.partition("=")
        if not sep or not point or not chosen:
            raise CommandError(f"{option}: expected POINT=OPTION, got {value!r}")
        choices[point] = chosen
    return choices
