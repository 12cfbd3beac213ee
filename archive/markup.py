"""The note markup of a transcription, explained to a transcriber by examples.

Each example is parsed by ``archive.parsing`` when the help is shown, so the help says what
the parser really reads in it (kind, the words the note concerns, certainty), never what it
was once meant to read.
"""

from __future__ import annotations

from dataclasses import dataclass

from archive.models import Annotation
from archive.parsing import parse_transcription

# (what to write, when to write it, the language the example is in)
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        ('The Hero moves six spaces. [Legibility: "six" is partly obscured in the photo; it is '
         "the best reading available.]"),
        ("Legibility note: words that are hard to read on the scan. Quote the words it "
         "concerns in double quotes."),
        "en",
    ),
    (
        ("The attacked player chooses the Lagoon. [Editorial note: another section says the "
         'attacker chooses "the Lagoon"; both are transcribed as printed.]'),
        "Editorial note: what the transcriber knows about the text (a contradiction, a misprint).",
        "en",
    ),
    (
        "Each player takes 6 tokens. [a circled number in the photo, probably 6]",
        "Uncertain reading: any other note in square brackets.",
        "en",
    ),
    (
        ('Il cacciatore muove di sei caselle (pag. 12). [Leggibilità: "sei" è quasi '
         "illeggibile nella foto]"),
        ("Page citation: (p. 12), (pp. 6–7, 11) or, in Italian, (pag. 12); notes and their "
         "labels may be written in the rulebook's language."),
        "it",
    ),
    (
        ('El Héroe se mueve a la Laguna. [Legibilidad: "Laguna" probablemente; la tinta está '
         "desvaída]"),
        "A note in Spanish: its certainty is read from its own words.",
        "es",
    ),
)

CERTAINTY_WORDS = (
    ("low", "illegible, best reading available, hard to confirm, perhaps",
     "illeggibile, forse, incerto", "ilegible, quizás, dudoso"),
    ("medium", "probably, seems, soft-focus, faded",
     "probabilmente, sembra, sfocato, sbiadito", "probablemente, parece, borroso, desvaído"),
    ("high", "as printed, clearly", "come stampato, chiaramente",
     "tal como está impreso, claramente"),
)


@dataclass(frozen=True)
class MarkupExample:
    text: str
    explanation: str
    language: str
    kind: str  # the note's kind in words ("Legibility note")
    target: str  # the words it concerns, as the parser found them
    certainty: str
    pages: tuple[str, ...]  # page citations read in the example


def markup_examples() -> list[MarkupExample]:
    """Every example with what the parser reads in it."""
    kinds = dict(Annotation.KINDS)
    found = []
    for text, explanation, language in EXAMPLES:
        parsed = parse_transcription("example", f"Example\n\nRules\n\n{text}", language=language)
        note = next(a for a in parsed.annotations if a.kind != "page")
        pages = tuple(a.body for a in parsed.annotations if a.kind == "page")
        found.append(MarkupExample(text, explanation, language, kinds[note.kind], note.target,
                                   note.certainty, pages))
    return found
