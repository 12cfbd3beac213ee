"""A step panel's text written in Python for speed (``replay.step_markup``, beside the words
test_step_page_words reads) stays byte for byte what the slower way wrote: a log summary what
``Truncator(text).chars(n)`` gives."""

from __future__ import annotations

import pytest
from django.utils.text import Truncator

from replay.step_markup import truncated

TEXTS = {
    "short": "Ana attacks Luis",
    "exactly the length": "x" * 20,
    "one past the length": "x" * 21,
    "long": "a lagoon " * 10,
    "decomposed accents, short": "Cafe\u0301 e\u0301te\u0301",
    "decomposed accents past the length in code points only": "e\u0301" * 15,
    "decomposed accents, long": "e\u0301" * 30,
    "combining marks with no composed form": "q\u0307\u0323" * 8,
    "non-BMP": "𝔘" * 20 + "😀",
    "empty": "",
}


@pytest.mark.parametrize("text", TEXTS.values(), ids=TEXTS.keys())
def test_a_summary_is_cut_as_truncator_cuts_it(text):
    assert truncated(text, 20) == Truncator(text).chars(20)
