"""The hot fragments' Jinja2 environment writes every value as a Django template would
(web/jinja.py): the same bytes from either engine, whatever kind of value a fragment prints."""

from decimal import Decimal

import pytest
from django.template import engines
from django.utils.functional import lazy
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from web.jinja import environment, render_fragment

lazy_text = lazy(lambda: "<b>'Tom' & \"Jerry\"</b>", str)
lazy_markup = lazy(lambda: mark_safe("<b>kept</b>"), str)


@pytest.mark.parametrize("value", [
    "plain words", "<script>alert('x') & \"y\"</script>", "", "Città — ‘quoted’",
    mark_safe("<em>already markup</em>"), 42, -0.5, Decimal("3.10"), None, True,
    lazy_text(), lazy_markup(), ["a<b", 1],
])
def test_a_fragment_escapes_as_django_does(value):
    jinja = environment().from_string("{{ value }}").render(value=value)
    django = engines["django"].from_string("{{ value }}").render({"value": value})
    assert jinja == django == conditional_escape(value)


def test_a_fragment_with_a_missing_name_is_an_error_not_an_empty_string():
    from jinja2 import UndefinedError

    with pytest.raises(UndefinedError):
        render_fragment("replay/facts.html")
