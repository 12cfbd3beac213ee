"""``manage.py create_curator USERNAME [--email E]``: a user in the curators group, and their
API token printed alone on standard output (so ``TOKEN=$(manage.py create_curator ana)``)."""

import getpass
import os
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from rest_framework.authtoken.models import Token

from boundary.commands import check_options

PASSWORD_ENV = "LUDOTECA_CURATOR_PASSWORD"


class Command(BaseCommand):
    help = (
        f"Create a curator (may write through the API) and print their token. The password "
        f"comes from {PASSWORD_ENV}, or is asked for when run in a terminal."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="")

    def handle(self, *args, username, email, **options):
        User = get_user_model()
        check_options({"username": username, "email": email}, "username", "email",
                      max_length=254)
        username = username.strip()
        if not username:
            raise CommandError("USERNAME must not be empty")
        if User.objects.filter(username=username).exists():
            raise CommandError(f"a user named {username!r} already exists; choose another name")
        user = User(username=username, email=email)
        try:
            user.full_clean(exclude=["password"])
        except ValidationError as error:
            problems = "; ".join(f"{k}: {' '.join(v)}" for k, v in error.message_dict.items())
            raise CommandError(problems) from None
        password = self._password()
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise CommandError("password refused: " + " ".join(error.messages)) from None
        with transaction.atomic():
            user.set_password(password)
            user.save()
            group, _ = Group.objects.get_or_create(name=settings.CURATORS_GROUP)
            user.groups.add(group)
            token, _ = Token.objects.get_or_create(user=user)
        self.stderr.write(f"created curator {username!r} (group {settings.CURATORS_GROUP!r})")
        self.stdout.write(token.key)

    def _password(self) -> str:
        password = os.environ.get(PASSWORD_ENV)
        if password is not None:
            if not password:
                raise CommandError(f"{PASSWORD_ENV} is set but empty")
            return password
        if not sys.stdin.isatty():
            raise CommandError(
                f"no password: set {PASSWORD_ENV}, or run the command in a terminal to be asked"
            )
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("Password (again): "):
            raise CommandError("the two passwords differ")
        if not password:
            raise CommandError("the password must not be empty")
        return password
