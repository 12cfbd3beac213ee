"""La Furia di Dracula's game terms in the Italian of the excerpts, each with our English
rendering (the text gives none: it is Italian throughout), for the archive's glossary of its
transcriptions (``Engine.supplied_renderings``). First form as printed."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

SUPPLIED_RENDERINGS: Mapping[str, str] = MappingProxyType({
    "gettone biglietto": "ticket token",
    "Prenota un biglietto": "Book a Ticket",
    "collegamenti ferroviari": "rail connections",
    "riserva": "supply",
    "ferrovie bianche": "white railways",
    "valore bianco": "white value",
    "ferrovie gialle": "yellow railways",
    "valore giallo": "yellow value",
    "mazzo degli eventi": "event deck",
    "icona del cacciatore": "hunter icon",
    "icona di Dracula": "Dracula icon",
    "pila degli scarti": "discard pile",
    "rifugio": "hideout",
    "imboscata": "ambush",
    "carta Incontro": "Encounter card",
    "azione Cerca": "Search action",
    "effetti maturati": "matured effects",
    "carta Luogo": "Location card",
    "traccia di Dracula": "Dracula's trail",
    "tabellone": "game board",
    "alba": "dawn",
    "tramonto": "dusk",
    "zona di mare": "sea area",
    "round di combattimento": "combat round",
    "carta combattimento": "combat card",
    "stendardo del cacciatore": "hunter's banner",
    "influenza": "influence",
    "carta Fuga": "Escape card",
    "segnalino morso": "bite token",
    "INDEBOLITO": "weakened",
    "carta evento": "event card",
    "carta oggetto": "item card",
    "segnalini danno": "damage tokens",
    "spazio ospedale": "hospital space",
})
