"""The Jinja2 environment of the pages' hot fragments: the parts of a page drawn for every
step read (a board's pieces, the log around a step, its landmarks and players' panels).
Jinja2 compiles a template to Python, several times faster than Django's engine on loops;
everything else stays in Django's templates.

The environment is built on the first fragment drawn, not as one of Django's template
backends: Django builds every backend at a page's first render, and most pages draw no
fragment (a fresh process's first page need not import Jinja2).

A fragment writes what a Django template would: every ``{{ value }}`` is escaped as Django
escapes it (``conditional_escape``: text escaped, markup already safe kept), so the two
engines give the same bytes. A name a fragment uses that its context lacks is an error, never
an empty string.
"""

from __future__ import annotations

from functools import cache
from html import escape as html_escape
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.template.defaultfilters import capfirst, pluralize, truncatechars
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe

if TYPE_CHECKING:
    from jinja2 import Environment

FRAGMENTS = "templates/jinja2"  # under BASE_DIR


def _escaped(value: Any) -> str:
    """What Django's ``conditional_escape`` writes, without its lazy-string wrapper on every
    value (a board writes some 500 a step): plain text escaped by ``html.escape``, as Django
    does, markup kept."""
    if type(value) is str:
        return html_escape(value)
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return value.__html__()
    return html_escape(str(value))


@cache
def environment() -> Environment:
    """The fragments' environment, built once: templates compiled once and kept (read again
    when changed only under DEBUG, as Django's loaders do)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(settings.BASE_DIR / FRAGMENTS),
                      auto_reload=settings.DEBUG, autoescape=False, finalize=_escaped,
                      undefined=StrictUndefined)
    env.filters.update(capfirst=capfirst, pluralize=pluralize, truncatechars=truncatechars)
    return env


def render_fragment(name: str, **context: Any) -> SafeString:
    """A fragment template under ``templates/jinja2`` rendered with ``context``, as markup."""
    return mark_safe(environment().get_template(name).render(context))
