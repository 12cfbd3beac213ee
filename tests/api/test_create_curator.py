"""``manage.py create_curator``: a curator and their token, or a clear error."""

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from web.access import is_curator


def _run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("create_curator", *args, stdout=out, stderr=err)
    return out.getvalue().strip(), err.getvalue()


def test_creates_a_curator_and_prints_a_working_token(db, monkeypatch, match):
    monkeypatch.setenv("LUDOTECA_CURATOR_PASSWORD", "correct horse battery staple")
    token, message = _run("ana", "--email", "ana@example.org")
    user = User.objects.get(username="ana")
    assert is_curator(user) and user.email == "ana@example.org"
    assert user.check_password("correct horse battery staple")
    assert token == Token.objects.get(user=user).key and "ana" in message
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.post(
        f"/api/matches/{match.pk}/events/",
        {"expected_seq": 0, "events": [{"type": "annotation", "data": {"text": "hi"}}]},
        format="json",
    )
    assert response.status_code == 201


def test_an_existing_user_is_refused(db, monkeypatch):
    monkeypatch.setenv("LUDOTECA_CURATOR_PASSWORD", "correct horse battery staple")
    _run("ana")
    with pytest.raises(CommandError, match="already exists"):
        _run("ana")


def test_a_weak_password_is_refused_and_nothing_is_created(db, monkeypatch):
    monkeypatch.setenv("LUDOTECA_CURATOR_PASSWORD", "123")
    with pytest.raises(CommandError, match="password refused"):
        _run("ana")
    assert not User.objects.filter(username="ana").exists()


def test_without_a_password_or_a_terminal_it_says_what_to_do(db, monkeypatch):
    monkeypatch.delenv("LUDOTECA_CURATOR_PASSWORD", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(CommandError, match="LUDOTECA_CURATOR_PASSWORD"):
        _run("ana")


def test_the_password_is_asked_twice_in_a_terminal(db, monkeypatch):
    monkeypatch.delenv("LUDOTECA_CURATOR_PASSWORD", raising=False)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    answers = iter(["correct horse battery staple", "correct horse battery staple"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    token, _ = _run("luis")
    assert Token.objects.get(user__username="luis").key == token
    answers = iter(["correct horse battery staple", "something else entirely"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    with pytest.raises(CommandError, match="differ"):
        _run("carla")


def test_an_invalid_username_is_refused(db, monkeypatch):
    monkeypatch.setenv("LUDOTECA_CURATOR_PASSWORD", "correct horse battery staple")
    with pytest.raises(CommandError, match="username"):
        _run("ana maría!")
