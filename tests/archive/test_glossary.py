"""Glossary pairs: translated term beside the original it renders."""

import re

import pytest

from archive.glossary import GlossaryEntry, extract_glossary, supplied_renderings
from tests import paths

RULEBOOKS = paths.RULEBOOKS

DYLAN_DOG_PAIRS = [  # (term, original, passage) in the order the text gives them
    ("dragger", "trascinatore", "preamble"),
    ("mystery crypts", "cripte del mistero", "preamble"),
    ("board peg", "perno porta tabellone", "setup"),
    ("dragger marker", "segnalino trascinatore", "setup"),
    ("story cards", "carte-racconto", "before-playing"),
    ("investigator card", "carta-indagatore", "before-playing"),
    ("action card", "carta-azione", "before-playing"),
    ("location card", "carta-luogo", "before-playing"),
    ("fear card", "carta-paura", "before-playing"),
    ("mystery cards", "carte-mistero", "goal-of-the-game"),
    ("horror cards", "carte-horror", "goal-of-the-game"),
    ("reality", "realtà", "the-game-board"),
    ("nightmare", "incubo", "the-game-board"),
    ("mystery", "mistero", "the-game-board"),
    ("markers", "segnalini", "starting-the-game"),
    ("start", "via", "starting-the-game"),
    ("take a nightmare card", "PRENDI UNA CARTA INCUBO", "first-turn"),
    ("dimensional passage", "PASSAGGIO DIMENSIONALE", "moving-between-planes"),
    ("enter the mystery crypt", "ENTRA NELLA CRIPTA DEL MISTERO", "moving-between-planes"),
    ("forced exchange", "SCAMBIO OBBLIGATORIO", "the-nightmare-plane"),
    ("nightmare cards", "carte-incubo", "nightmare-cards"),
    ("shadow cards", "carte-ombra", "shadow-cards"),
    ("shadow squares", "caselle-ombra", "shadow-cards"),
    ("mystery card", "carta-mistero", "reaching-the-mystery-crypts"),
]


LANGUAGES = {"dylan-dog": ("it", "en"), "fury-of-dracula": ("it", "it"), "dagon": ("es", "en"),
             "gothic": ("en", "en")}  # (the game's original language, the text's), as seeded


def glossary_of(game: str, text: str, original: str | None = None) -> list[GlossaryEntry]:
    original_language, text_language = LANGUAGES.get(game, (original or "", "en"))
    return extract_glossary(game, text, original_language=original or original_language,
                            text_language=text_language)


def _glossary(game: str, name: str) -> list[GlossaryEntry]:
    return glossary_of(game, (RULEBOOKS / name).read_text(encoding="utf-8"))


def test_dylan_dog_pairs():
    entries = _glossary("dylan-dog", "dylan-dog.en.txt")
    assert len(entries) == 24
    assert [(e.term, e.original, e.passage) for e in entries] == [
        (t, o, f"dylan-dog/{p}") for t, o, p in DYLAN_DOG_PAIRS
    ]
    assert {e.original_language for e in entries} == {"it"}


def test_dylan_dog_leaves_out_english_asides():
    originals = {e.original for e in _glossary("dylan-dog", "dylan-dog.en.txt")}
    for aside in (
        "see Fig. 1 in the booklet",
        "the rotating plane",
        "mystery",
        "= elements",
        "MENTE-INFINITO",
        "Avete capito tutto?",
    ):
        assert not any(aside in o for o in originals)


def test_repeated_pairs_keep_their_first_passage():
    entries = _glossary("dylan-dog", "dylan-dog.en.txt")
    crypts = [e for e in entries if e.original == "cripte del mistero"]
    assert len(crypts) == 1 and crypts[0].passage == "dylan-dog/preamble"
    labels = [e for e in entries if e.original == "SCAMBIO OBBLIGATORIO"]
    assert len(labels) == 1


def test_dracula_terms_come_from_the_supplied_table():
    text = (RULEBOOKS / "la-furia-di-dracula.it.txt").read_text(encoding="utf-8")
    entries = glossary_of("fury-of-dracula", text)
    table = supplied_renderings("fury-of-dracula")
    assert len(entries) == len(table) == 34
    by_original = {e.original: e for e in entries}
    assert by_original["gettone biglietto"].term == "ticket token"
    assert by_original["gettone biglietto"].passage == "fury-of-dracula/para-1"
    assert by_original["INDEBOLITO"].term == "weakened"
    assert by_original["INDEBOLITO"].passage == "fury-of-dracula/para-6"
    assert by_original["rifugio"].term == "hideout"
    assert by_original["rifugio"].passage == "fury-of-dracula/para-3"
    for original in table:  # every supplied term really is in the excerpts
        assert re.search(re.escape(original), text, re.IGNORECASE)


def test_dagon_and_gothic():
    (die,) = _glossary("dagon", "dagon.en.txt")
    assert (die.term, die.original, die.original_language) == (
        "magic fetish die",
        "dadofetiche",
        "es",
    )
    assert die.passage == "dagon/components"
    assert _glossary("gothic", "the-gothic-game.en.txt") == []


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("T\n\nPlace the tokens (segnalini) here.", [("tokens", "segnalini")]),
        ('T\n\nRead "GIRA LA CARTA" (turn the card).', [("turn the card", "GIRA LA CARTA")]),
        ("T\n\nMove on (see below).", []),
    ],
)
def test_small_texts(text, pairs):
    assert [(e.term, e.original) for e in glossary_of("dylan-dog", text)] == pairs


def test_the_original_language_is_the_game_s_not_a_guess_from_its_name():
    """A new game says its own original language; one that says none keeps no originals (the
    glossary used to take Italian for any game it did not know by slug)."""
    text = "T\n\nPlace the tokens (segnalini) here. Roll the die (\"dado\")."
    assert [(e.original, e.original_language) for e in glossary_of("nuovo", text, "it")] == [
        ("segnalini", "it"), ("dado", "it")]
    assert [(e.original, e.original_language) for e in glossary_of("nuevo", text, "es")] == [
        ("dado", "es")]
    assert glossary_of("unknown", text, "") == []
