"""The Jinja2 environment of the pages' hot fragments: the parts of a page drawn for every
step read (a board's pieces, the log around a step, its landmarks and players' panels).
Jinja2 compiles a template to Python, several times faster than Django's engine on loops;
everything else stays in Django's templates.

A fragment writes what a Django template would: every ``{{ value }}`` is escaped as Django
escapes it (``conditional_escape``: text escaped, markup already safe kept), so the two
engines give the same bytes. A name a fragment uses that its context lacks is an error, never
an empty string.
"""

from __future__ import annotations

from typing import Any

from django.template import engines
from django.template.defaultfilters import capfirst, pluralize, truncatechars
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from jinja2 import Environment, StrictUndefined


def _escaped(value: Any) -> str:
    return conditional_escape(value)


def environment(**options: Any) -> Environment:
    """Django's Jinja2 backend asks for the environment here (settings.TEMPLATES)."""
    options.update(autoescape=False, finalize=_escaped, undefined=StrictUndefined)
    env = Environment(**options)
    env.filters.update(capfirst=capfirst, pluralize=pluralize, truncatechars=truncatechars)
    return env


def render_fragment(name: str, **context: Any) -> SafeString:
    """A fragment template under ``templates/jinja2`` rendered with ``context``, as markup."""
    return mark_safe(engines["jinja2"].env.get_template(name).render(context))
