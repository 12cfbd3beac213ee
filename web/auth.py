"""Signing in: Django's model backend, except that a signed-in reader is loaded together with
whether they are a curator (every page asks, ``web.access.is_curator``), in one query."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group
from django.db.models import Exists, OuterRef


class CuratorAwareBackend(ModelBackend):
    def get_user(self, user_id):
        curators = Group.objects.filter(name=settings.CURATORS_GROUP, user=OuterRef("pk"))
        user = (get_user_model()._default_manager.annotate(in_curators=Exists(curators))
                .filter(pk=user_id).first())
        return user if user is not None and self.user_can_authenticate(user) else None
