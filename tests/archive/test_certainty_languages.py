"""Certainty cues are understood in the transcription's language (Italian, Spanish) as well
as in English, and labels may be written in that language too."""

from __future__ import annotations

import pytest

from archive.parsing import parse_transcription


def _note(body: str, language: str):
    text = f"Titolo\n\nRegole\n\nIl mago muove [{body}] verso la torre."
    (note,) = list(parse_transcription("g", text, language=language).annotations)
    return note


@pytest.mark.parametrize(
    ("language", "body", "certainty"),
    [
        ("it", "Leggibilità: la parola è illeggibile nella foto", "low"),
        ("it", "forse «sette»", "low"),
        ("it", "lettura incerta", "low"),
        ("it", "probabilmente «sei»", "medium"),
        ("it", "sembra «torre»; la stampa è sfocata", "medium"),
        ("it", "come stampato", "high"),
        ("it", "chiaramente leggibile", "high"),
        ("es", "Legibilidad: la palabra es ilegible", "low"),
        ("es", "quizás «siete»", "low"),
        ("es", "no está claro si dice «seis»", "low"),
        ("es", "probablemente «seis»", "medium"),
        ("es", "parece «torre», la impresión está borrosa", "medium"),
        ("es", "tal como está impreso", "high"),
        ("es", "claramente legible", "high"),
        ("it-CH", "probabilmente «sei»", "medium"),
        ("it", "probably six", "medium"),  # a note in English in an Italian text
        ("es", "the best reading available", "low"),
    ],
)
def test_certainty_is_read_in_the_texts_language(language, body, certainty):
    assert _note(body, language).certainty == certainty


def test_other_languages_words_are_not_cues_in_english():
    assert _note("probabilmente «sei»", "en").certainty == "unknown"
    assert _note("quizás «siete»", "en").certainty == "unknown"


@pytest.mark.parametrize(
    ("body", "kind", "language"),
    [
        ("Legibilidad: borroso", "legibility", "es"),
        ("Nota editorial: la hoja omite un paréntesis", "editorial", "es"),
        ("Nota editoriale: il foglio omette una parentesi", "editorial", "it"),
        ("Leggibilità: sbiadito", "legibility", "it"),
    ],
)
def test_labels_in_the_texts_language(body, kind, language):
    assert _note(body, language).kind == kind


def test_reasons_are_read_in_the_texts_language():
    assert _note("Leggibilità: sbiadito e sfocato", "it").reason == "soft-focus faded"
    assert _note("Legibilidad: ilegible", "es").reason == "illegible"
