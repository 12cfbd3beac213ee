"""A step panel's repeated markup (the landmarks, the viewpoints, the players' panels, the
other readings, the log) and its state's JSON, written in Python rather than by template loops
or filters: a step is drawn once per viewpoint and role, and those loops cost it more than all
its other text. Each writes exactly what its template markup wrote, escaped by ``format_html``.
"""

from __future__ import annotations

import json
import unicodedata

import orjson
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.text import Truncator, capfirst


def state_json(state) -> str:
    """A state as the step page shows it: ``json.dumps(state, ensure_ascii=False, indent=1,
    sort_keys=True)``, written by orjson (the standard library's indented form is its slow
    pure-Python encoder). The two agree on text, whole numbers, booleans and null; a state
    holding anything else (a float: orjson writes ``1e-05`` as ``0.00001`` and NaN as null),
    or a key orjson refuses, is written by the standard library."""
    if type(state) in _JSON_CONTAINERS and _plain_json(state):
        try:
            text = orjson.dumps(state, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:
            pass
        else:
            return _halved_indents(text.decode())
    return json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True)


_JSON_CONTAINERS = (dict, list, tuple)
_JSON_SCALARS = frozenset({str, int, bool, type(None)})


def _plain_json(value) -> bool:
    """Whether a container holds only containers, text, whole numbers, booleans and null."""
    for item in value.values() if type(value) is dict else value:
        kind = type(item)
        if kind in _JSON_CONTAINERS:
            if not _plain_json(item):
                return False
        elif kind not in _JSON_SCALARS:
            return False
    return True


def _halved_indents(text: str) -> str:
    """JSON indented by two spaces a level, indented by one: a line's leading spaces are its
    indent (a newline inside a string is escaped). Deepest lines first, each level's spaces
    marked by a character JSON always escapes so a shallower level cannot match them again."""
    depth = 0
    while f"\n{'  ' * (depth + 1)}" in text:
        depth += 1
    for level in range(depth, 0, -1):
        text = text.replace(f"\n{'  ' * level}", f"\n{_MARK * level}")
    return text.replace(_MARK, " ")


_MARK = "\x00"


def truncated(text: str, length: int) -> str:
    """``Truncator(text).chars(length)`` without walking a text already short enough (that
    walk cost a step page more than writing its log): such a text comes back as it is, once
    in NFC as Truncator gives it."""
    text = str(text)
    if len(text) <= length and unicodedata.is_normalized("NFC", text):
        return text
    return Truncator(text).chars(length)


# The landmarks a step links to: their name in the page and in ``StepMarks``, their key, and
# what they are in words.
_LANDMARKS = (
    ("matter", "r", "where the reading matters"),
    ("violation", "v", "violation"),
    ("note", "a", "note"),
    ("flag", "n", "flag"),
)
LANDMARK_NAMES = tuple(name for name, _, _ in _LANDMARKS)


def landmark_items(urls: dict, marks) -> str:
    """Each landmark's previous and next steps, with its key, as list items."""
    return format_html_join(_LANDMARK_GAP, '<li class="landmark landmark-{}">{} {}</li>', (
        (name,
         format_html(_PREV_LANDMARK, name, prev, prev, key.upper(), label)
         if prev else _NO_PREV_LANDMARK,
         format_html(_NEXT_LANDMARK, name, later, later, key, label,
                     getattr(marks, f"next_{name}"), key)
         if later else format_html(_NO_LATER_LANDMARK, label, key))
        for name, key, label in _LANDMARKS
        for prev, later in [(urls[f"prev_{name}"], urls[f"next_{name}"])])) + _LANDMARK_GAP_END


_LANDMARK_GAP = mark_safe("\n\n          ")
_LANDMARK_GAP_END = mark_safe("\n")
_PREV_LANDMARK = ('<a data-nav="prev-{}" href="{}" hx-get="{}" aria-keyshortcuts="Shift+{}">'
                  '<span aria-hidden="true">◀</span><span class="visually-hidden">Previous {}'
                  '</span></a>')
_NO_PREV_LANDMARK = mark_safe('<span class="disabled" aria-hidden="true">◀</span>')
_NEXT_LANDMARK = ('<a data-nav="next-{}" href="{}" hx-get="{}" aria-keyshortcuts="{}">Next {} '
                  '<span class="meta">(step {})</span> <kbd>{}</kbd></a>')
_NO_LATER_LANDMARK = '<span class="disabled">No later {} <kbd>{}</kbd></span>'


def viewpoint_options(players, viewer) -> str:
    """Each seat as a viewpoint to choose, the one being read selected."""
    return format_html_join("", _VIEWPOINT, (
        (p["id"], _SELECTED if viewer == p["id"] else "", p.get("name", "")) for p in players))


_VIEWPOINT = '<option value="{}"{}>{} — what this seat could see</option>'
_SELECTED = mark_safe(" selected")


def fact_terms(said, empty: str = "") -> str:
    """(what, value) pairs as a description list's terms, ``empty`` when there are none."""
    return format_html_join("", "<dt>{}</dt><dd>{}</dd>", said) if said else empty


_NOTHING_SEEN = mark_safe("<dt>—</dt><dd>nothing this viewpoint may see</dd>")


def player_panels(panels, viewer) -> str:
    """Each player's panel: their name, whether they are to play or out of the game, and the
    facts the viewpoint may see, the viewpoint's own seat marked."""
    return format_html_join("", _PLAYER_PANEL, (
        (" turn" if p.acting else "", " out" if p.out else "",
         _CURRENT_SEAT if viewer == p.player else "", p.name, _TO_PLAY if p.acting else "",
         _OUT_OF_GAME if p.out else "", fact_terms(p.facts, _NOTHING_SEEN))
        for p in panels))


# Laid out as the page's other markup, each panel on its own lines.
_PLAYER_PANEL = ('\n    <div class="player-panel{}{}"{}>\n      <h3>{}{}{}</h3>\n'
                 '      <dl>{}</dl>\n    </div>\n    ')
_CURRENT_SEAT = mark_safe(' aria-current="true"')
_TO_PLAY = mark_safe(' <span class="meta">· to play</span>')
_OUT_OF_GAME = mark_safe(' <span class="meta">· out of the game</span>')


def other_reading_items(readings, run, step_url) -> str:
    """The step under each other stored reading (``step_url``: the step's address in a run),
    as list items."""
    return format_html_join("", _OTHER_READING, (
        (step_url(link.run), truncated(capfirst(link.words.short), 140),
         link.run.pk,
         format_html(", up to seq {}", link.run.log_seq)
         if link.run.log_seq != run.log_seq else "")
        for link in readings if link.run.pk != run.pk))


_OTHER_READING = '<li><a href="{}">{}</a> <span class="meta">(run {}{})</span></li>'


def log_items(log, seq: int, step_url) -> str:
    """The log around a step as list items, written here rather than by a template loop: the
    loop cost a step page more than all its other text."""
    return format_html_join("", '<li value="{}"{}><a href="{}" hx-get="{}">{}</a>{}{}</li>', (
        (step.seq, _CURRENT_STEP if step.seq == seq else "", url, url,
         truncated(step.summary, _LOG_SUMMARY_CHARS),
         "" if step.legal else _RULE_BROKEN,
         format_html(' <span class="badge">⚑ {}</span>', step.flag_count)
         if step.flag_count else "")
        for step, url in ((step, step_url(step.seq)) for step in log)))


_LOG_SUMMARY_CHARS = 110
_CURRENT_STEP = mark_safe(' class="current" aria-current="step"')
_RULE_BROKEN = mark_safe(' <span class="badge kind-violation">rule broken</span>')
