from django.core.management.base import CommandError


def parse_choices(values: list[str] | None, option: str = "--choose") -> dict[str, str]:
    """``POINT=OPTION`` arguments into a dict, naming a malformed one."""
    choices = {}
    for value in values or []:
        point, sep, chosen = value.partition("=")
        if not sep or not point or not chosen:
            raise CommandError(f"{option}: expected POINT=OPTION, got {value!r}")
        choices[point] = chosen
    return choices
