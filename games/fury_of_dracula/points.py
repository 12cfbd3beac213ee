"""Interpretation points of La Furia di Dracula: where the Italian excerpts leave a referee to decide.

The transcription has no headings; its passages are its six paragraphs in order
(``fury-of-dracula/para-1`` … ``para-6``), each ending with the printed page citation.
Every quote below is copied exactly from the Italian text (typographic apostrophes included).
"""

from __future__ import annotations

from games.core.points import (
    TRANSLATION,
    UNSPECIFIED,
    Citation,
    InterpretationPoint,
    Option,
)

SLUG = "fury-of-dracula"
PASSAGES = {n: f"{SLUG}/para-{n}" for n in range(1, 7)}
# The page citations exactly as printed at the end of each paragraph.
PAGES = {
    1: "pp. 6\u20137, 11",
    2: "pag. 7",
    3: "pag. 12",
    4: "pag. 12",
    5: "p. 12\u201313",
    6: "p. 13",
}

TRAIN = PASSAGES[1]
EVENT_DECK = PASSAGES[2]
HIDEOUT = PASSAGES[3]
REVEAL = PASSAGES[4]
COMBAT = PASSAGES[5]
BITES = PASSAGES[6]


def cite(paragraph: int, quote: str) -> Citation:
    """A citation of paragraph ``paragraph`` with its printed page."""
    return Citation(passage=PASSAGES[paragraph], quote=quote, page=PAGES[paragraph])


# -- citations the rules flag with (one per rule checked) ------------------------------------

C_TICKET = cite(1, "Per spostarti in treno devi spendere un gettone biglietto")
C_TICKET_VALUE = cite(
    1,
    "usare il valore riportato sulla sua faccia per determinare quanti collegamenti "
    "ferroviari puoi percorrere",
)
C_TICKET_RETURNS = cite(1, "il gettone torna nella riserva a faccia in giù")
C_WHITE_VALUE = cite(1, "Se ti sposti usando solo ferrovie bianche, usi il valore bianco")
C_YELLOW_VALUE = cite(
    1, "se usi ferrovie gialle o una combinazione delle due, usi il valore giallo"
)
C_NO_YELLOW = cite(
    1, "un biglietto senza un numero giallo non può essere usato per le ferrovie gialle"
)
C_DAY_TOP = cite(2, "Durante il giorno peschi dalla cima del mazzo degli eventi")
C_DAY_HUNTER = cite(2, "le carte con l’icona del cacciatore vanno ai cacciatori")
C_DAY_DRACULA = cite(
    2, "le carte con l’icona di Dracula vengono messe a faccia in giù nella pila degli scarti"
)
C_NIGHT_BOTTOM = cite(2, "mentre durante la notte peschi dal fondo")
C_NIGHT_HUNTER = cite(2, "le carte con l’icona del cacciatore vanno al cacciatore")
C_NIGHT_DRACULA = cite(2, "le carte con l’icona di Dracula vanno a Dracula")
C_AMBUSH = cite(
    3,
    "Dracula può scegliere di tenderti un’imboscata rivelando e risolvendo una carta "
    "Incontro lì presente (scartandola subito dopo)",
)
C_HIDEOUT_END = cite(3, "Se termini il tuo movimento in un rifugio")
C_SEARCH = cite(
    3,
    "oppure può rinunciare e tu puoi invece effettuare un’azione Cerca per risolvere gli "
    "effetti dell’incontro",
)
C_MATURED = cite(3, "in entrambi i casi si ignorano gli effetti maturati")
C_REVEAL = cite(
    4,
    "Se un cacciatore termina il movimento nella città corrispondente alla carta Luogo nel "
    "primo spazio della traccia di Dracula, Dracula viene rivelato",
)
C_REVEAL_COMBAT = cite(4, "il combattimento avviene quindi all’alba o al tramonto successivi")
C_NOT_AT_SEA = cite(4, "Dracula non può essere rivelato mentre si trova in una zona di mare")
C_ROUND = cite(
    5, "entrambe le parti scelgono segretamente una carta e poi la rivelano"
)
C_CANCEL = cite(
    5,
    "se l’icona sulla carta combattimento di Dracula corrisponde a un’icona evidenziata "
    "sullo stendardo del cacciatore, la carta di Dracula viene annullata e non ha alcun effetto",
)
C_RESOLVE = cite(
    5,
    "Altrimenti, il suo effetto si risolve e poi si risolve la carta del cacciatore, se non "
    "è stata annullata",
)
C_CONTINUES = cite(
    5,
    "Il combattimento continua round dopo round finché non si verifica una delle varie "
    "condizioni di fine",
)
C_SIX_CARDS = cite(5, "Dracula ha giocato sei carte combattimento")
C_INFLUENCE = cite(5, "Dracula fa avanzare l’influenza fino allo spazio 13")
C_DRACULA_DEFEATED = cite(5, "i cacciatori sconfiggono Dracula")
C_ALL_OUT = cite(5, "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti")
C_ESCAPE = cite(5, "Dracula risolve una carta Fuga consentita")
C_FOR_EXAMPLE = cite(5, "ad esempio")
C_BITE = cite(
    6,
    "Quando viene morso, un cacciatore mette un segnalino morso sulla propria scheda e "
    "diventa INDEBOLITO",
)
C_WEAKENED = cite(6, "lo obbliga a tenere rivelata una carta evento e una carta oggetto")
C_NO_ROOM = cite(
    6, "se un cacciatore non ha spazio per collocare un segnalino morso, viene sconfitto"
)
C_DEFEAT = cite(
    6,
    "scarta le sue carte evento e oggetto, restituisce alla riserva i segnalini "
    "danno/morso/biglietto",
)
C_HOSPITAL = cite(
    6, "all’alba, viene collocato in uno spazio ospedale come descritto nelle regole"
)


def _point(pid, question, options, default, doubt, citations) -> InterpretationPoint:
    return InterpretationPoint(
        id=f"{SLUG}.{pid}",
        question=question,
        options=tuple(Option(o, d) for o, d in options),
        default=default,
        doubt=doubt,
        citations=tuple(citations),
    )


TICKET_PARTIAL_USE = _point(
    "ticket-partial-use",
    "May a hunter travel fewer railway links than the ticket's value (the rest is lost when "
    "the token returns to the reserve), or must the journey use exactly that many links?",
    (
        ("up-to", "The value is a maximum: any journey of 1..value links is allowed."),
        ("exactly", "The journey must use exactly as many links as the value."),
    ),
    "up-to",
    UNSPECIFIED,
    (C_TICKET_VALUE, C_TICKET_RETURNS),
)

WHITE_ONLY_VALUE = _point(
    "white-only-value",
    "\u201cusi il valore bianco\u201d: on a journey over white railways only, must the hunter "
    "use the white value, or may he use the yellow value when it is higher?",
    (
        ("white-only", "Indicative as prescriptive (\u201cyou use\u201d = you must): white value only."),
        ("better-of-two", "Read as permissive: either value, so the higher one may be used."),
    ),
    "white-only",
    TRANSLATION,
    (C_WHITE_VALUE, C_YELLOW_VALUE),
)

TRAIN_ENDS_MOVEMENT = _point(
    "train-ends-movement",
    "What counts as \u201cending movement\u201d (termini il tuo movimento) after a train journey, "
    "for the hideout and the reveal of Dracula?",
    (
        ("destination", "The city where the train journey ends is where the movement ends."),
        (
            "every-city",
            "Every city the train stops in counts as a movement end (reveal/hideout checked at each).",
        ),
        (
            "not-movement",
            "Train travel is not \u201cil tuo movimento\u201d: it triggers neither hideout nor reveal.",
        ),
    ),
    "destination",
    UNSPECIFIED,
    (C_HIDEOUT_END, C_REVEAL, C_TICKET),
)

DAY_HUNTER_RECIPIENT = _point(
    "day-hunter-card-recipient",
    "By day hunter-icon cards go \u201cai cacciatori\u201d (plural), by night \u201cal cacciatore\u201d "
    "(singular): by day must the card go to the hunter who drew it, or may any hunter take it?",
    (
        ("drawing-hunter", "The plural is generic: the card goes to the hunter who drew it."),
        ("any-hunter", "The plural is meant: by day the card may go to any hunter."),
    ),
    "drawing-hunter",
    TRANSLATION,
    (C_DAY_HUNTER, C_NIGHT_HUNTER),
)

HIDEOUT_MEANING = _point(
    "hideout-meaning",
    "Which spaces are a \u201crifugio\u201d (hideout), a term the excerpts use without defining?",
    (
        (
            "trail-encounter",
            "Any city of Dracula's trail that holds at least one Encounter card.",
        ),
        (
            "first-trail-space",
            "Only the city of the first trail space (where Dracula is), if it holds an Encounter.",
        ),
    ),
    "trail-encounter",
    TRANSLATION,
    (C_HIDEOUT_END, C_AMBUSH),
)

SEARCH_NEEDS_RENOUNCE = _point(
    "search-needs-renounce",
    "Must Dracula's renouncing the ambush be recorded before the hunter may Search, or does a "
    "Search while the ambush was open mean Dracula renounced?",
    (
        ("implicit", "A Search while no ambush was made means Dracula renounced."),
        ("explicit", "A `renounce` event must come before the Search."),
    ),
    "implicit",
    UNSPECIFIED,
    (C_SEARCH,),
)

SEARCH_DISCARDS = _point(
    "search-discards-encounter",
    "After a Search resolves an Encounter, is the card discarded like an ambush card, or does "
    "it stay on the trail?",
    (
        ("discard", "Discarded, as the ambush card is."),
        ("stays", "The excerpts only say the ambush card is discarded: it stays on the trail."),
    ),
    "discard",
    UNSPECIFIED,
    (C_SEARCH, C_AMBUSH),
)

COMBAT_HUNTERS = _point(
    "combat-hunters",
    "Which hunters are \u201ccoinvolti\u201d (involved) in the combat at the next dawn or dusk?",
    (
        ("in-dracula-city", "Every undefeated hunter in Dracula's city when the combat starts."),
        ("revealing-hunter", "Only the hunter who revealed Dracula, if he is still there."),
    ),
    "in-dracula-city",
    UNSPECIFIED,
    (C_REVEAL_COMBAT, C_ALL_OUT),
)

TWILIGHT_REVEAL = _point(
    "twilight-reveal",
    "If Dracula is revealed during a dawn or a dusk, is that the dawn/dusk of the combat, or "
    "only the next one (\u201csuccessivi\u201d)?",
    (
        ("next-one", "Only the following dawn or dusk."),
        ("this-one", "The combat happens at once, at this dawn or dusk."),
    ),
    "next-one",
    UNSPECIFIED,
    (C_REVEAL_COMBAT,),
)

ESCAPE_ALLOWED = _point(
    "escape-allowed",
    "What makes an Escape card \u201cconsentita\u201d (allowed)?",
    (
        ("not-cancelled", "Any Escape that is not cancelled by the hunter's banner."),
        ("not-first-round", "Not cancelled, and not in the first round of the combat."),
        (
            "as-recorded",
            "The full game decides; the engine accepts the record's Escape as an unchecked observation.",
        ),
    ),
    "not-cancelled",
    UNSPECIFIED,
    (C_ESCAPE, C_CANCEL),
)

SIX_CARDS_COUNT = _point(
    "six-cards-count",
    "Does a Dracula combat card cancelled by the banner count among the \u201csei carte\u201d played?",
    (
        ("every-card", "Every card Dracula reveals was played, cancelled or not."),
        ("resolved-only", "Only cards whose effect resolved count."),
    ),
    "every-card",
    UNSPECIFIED,
    (C_SIX_CARDS, C_CANCEL),
)

BITTEN_LEAVES_COMBAT = _point(
    "bitten-leaves-combat",
    "Does a hunter bitten during the combat stop fighting (he counts as \u201cmorso\u201d for the "
    "end condition), or does he keep playing rounds?",
    (
        ("leaves", "A bitten hunter plays no more rounds of this combat."),
        ("keeps-fighting", "He keeps fighting; the bite only counts for the end condition."),
    ),
    "leaves",
    UNSPECIFIED,
    (C_ALL_OUT, C_BITE),
)

BITE_SPACES = _point(
    "bite-spaces",
    "How many bite spaces does a hunter's sheet have (the excerpts do not say)?",
    (
        ("two", "Two bite spaces: the third bite defeats him."),
        ("one", "One bite space: the second bite defeats him."),
        ("three", "Three bite spaces: the fourth bite defeats him."),
    ),
    "two",
    UNSPECIFIED,
    (C_NO_ROOM, C_BITE),
)

WEAKENED_REVEAL_COUNT = _point(
    "weakened-reveal-count",
    "\u201cuna carta evento e una carta oggetto\u201d: at least one of each kept revealed, or "
    "exactly one of each?",
    (
        ("at-least-one", "\u201cuna\u201d as the article \u201ca\u201d: one or more of each."),
        ("exactly-one", "\u201cuna\u201d as the number: exactly one of each."),
    ),
    "at-least-one",
    TRANSLATION,
    (C_WEAKENED,),
)

WEAKENED_AFTER_DEFEAT = _point(
    "weakened-after-defeat",
    "A WEAKENED hunter who is defeated returns his bite tokens: is he still WEAKENED afterwards?",
    (
        ("cured", "With no bite token left on his sheet he is no longer WEAKENED."),
        ("stays-weakened", "The excerpts never end WEAKENED: he stays so."),
    ),
    "cured",
    UNSPECIFIED,
    (C_DEFEAT, C_BITE),
)

HOSPITAL_SPACE = _point(
    "hospital-space",
    "Which hospital space does a defeated hunter go to (\u201ccome descritto nelle regole\u201d, "
    "rules the excerpts do not give)?",
    (
        ("any-hospital", "Any space marked hospital on the board; the record names it."),
        ("nearest-hospital", "The hospital nearest (fewest links) to where he was defeated."),
        ("as-recorded", "Any space the record names, as an unchecked observation."),
    ),
    "any-hospital",
    UNSPECIFIED,
    (C_HOSPITAL,),
)

HOSPITAL_DAWN = _point(
    "hospital-dawn",
    "A hunter defeated during a dawn: is he placed in hospital at that dawn, or at the next one?",
    (
        ("this-or-next", "At the first dawn from his defeat on, this one included."),
        ("following", "Only at a dawn after the one in which he was defeated."),
    ),
    "this-or-next",
    UNSPECIFIED,
    (C_HOSPITAL,),
)

COMBAT_END_CONDITIONS = _point(
    "combat-end-conditions",
    "The excerpts list the ends of a combat after \u201cuna delle varie condizioni di fine (ad "
    "esempio, \u2026)\u201d: is that list complete, or only examples? When the record ends a combat "
    "for a reason not in the list (six cards, influence 13, Dracula defeated, every involved "
    "hunter bitten/defeated/fled, an allowed Escape), does the combat end?",
    (
        (
            "listed-only",
            (
                "Only the listed conditions end a combat: a recorded end for another reason is a "
                "violation and the combat goes on."
            ),
        ),
        (
            "open-list",
            (
                "\u201cad esempio\u201d means the list is examples of the full game's conditions: a "
                "recorded end for another reason is accepted as recorded, with an unchecked note."
            ),
        ),
    ),
    "open-list",
    UNSPECIFIED,
    (C_FOR_EXAMPLE, C_CONTINUES),
)

VICTORY = _point(
    "victory",
    "The excerpts give influence 13 and Dracula's defeat only as ends of a combat: do they also "
    "end the match (as in the full game), or is the end of the match only recorded?",
    (
        (
            "full-game",
            "Influence 13 wins for Dracula, Dracula defeated wins for the hunters.",
        ),
        ("recorded-only", "Only a `game_over` event ends the match (unchecked observation)."),
    ),
    "full-game",
    UNSPECIFIED,
    (C_INFLUENCE, C_DRACULA_DEFEATED),
)

POINTS = (
    TICKET_PARTIAL_USE,
    WHITE_ONLY_VALUE,
    TRAIN_ENDS_MOVEMENT,
    DAY_HUNTER_RECIPIENT,
    HIDEOUT_MEANING,
    SEARCH_NEEDS_RENOUNCE,
    SEARCH_DISCARDS,
    COMBAT_HUNTERS,
    TWILIGHT_REVEAL,
    ESCAPE_ALLOWED,
    SIX_CARDS_COUNT,
    BITTEN_LEAVES_COMBAT,
    COMBAT_END_CONDITIONS,
    BITE_SPACES,
    WEAKENED_REVEAL_COUNT,
    WEAKENED_AFTER_DEFEAT,
    HOSPITAL_SPACE,
    HOSPITAL_DAWN,
    VICTORY,
)
