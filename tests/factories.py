"""factory_boy factories for the archive and the match log."""

from __future__ import annotations

import factory
from django.contrib.auth.models import Group, User

from archive.models import Game, Rulebook
from replay.models import Match


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game
        django_get_or_create = ("slug",)

    slug = factory.Sequence(lambda n: f"game-{n}")
    title = factory.LazyAttribute(lambda o: o.slug.replace("-", " ").title())
    original_language = "en"
    min_players = 2
    max_players = 6


class RulebookFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Rulebook

    game = factory.SubFactory(GameFactory)
    edition = factory.Sequence(lambda n: f"Edition {n}")
    language = "en"
    provenance = "test fixture"


class MatchFactory(factory.django.DjangoModelFactory):
    """A match with an empty log (two players, Ana and Luis, unless given)."""

    class Meta:
        model = Match

    game = factory.SubFactory(GameFactory)
    title = "Club night"
    players = factory.LazyFunction(
        lambda: [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]
    )


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", "a-long-test-password")

    @classmethod
    def _after_postgeneration(cls, instance, create, results=None):
        if create and results:
            instance.save()  # keep the password set_password just hashed


def make_curator(username: str = "curator") -> User:
    from django.conf import settings

    user = UserFactory(username=username)
    group, _ = Group.objects.get_or_create(name=settings.CURATORS_GROUP)
    user.groups.add(group)
    return user
