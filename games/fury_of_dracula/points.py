"""Interpretation points of La Furia di Dracula: where the Italian excerpts leave a referee to decide.

The transcription has no headings; its passages are its six paragraphs in order
(``fury-of-dracula/para-1`` … ``para-6``), each ending with the printed page citation.
Every quote below is copied exactly from the Italian text (typographic apostrophes included).
A point's default is either the reading its quoted words give (``default_words``) or a declared
conjecture (the option's ``conjecture``: what it assumes that no sentence gives); any other
option that assumes what no sentence gives says so too.
"""

from __future__ import annotations

from games.core.points import (
    TRANSLATION,
    UNSPECIFIED,
    Citation,
    InterpretationPoint,
    Option,
)
from games.core.rulebook import Rulebook

SLUG = "fury-of-dracula"
# The passages the engine cites: the transcription's six paragraphs, in order.
RULEBOOK = Rulebook(SLUG, tuple(f"para-{n}" for n in range(1, 7)))
PASSAGES = {n: RULEBOOK(f"para-{n}") for n in range(1, 7)}
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


def _point(pid, question, options, default, doubt, citations, default_words=""
           ) -> InterpretationPoint:
    """``options``: (id, description) or (id, description, conjecture) each."""
    return InterpretationPoint(
        id=f"{SLUG}.{pid}",
        question=question,
        options=tuple(Option(*option) for option in options),
        default=default,
        doubt=doubt,
        citations=tuple(citations),
        default_words=default_words,
    )


TICKET_PARTIAL_USE = _point(
    "ticket-partial-use",
    "The value \u201cdetermines how many railway links you can travel\u201d (quanti collegamenti "
    "ferroviari puoi percorrere): is it the most a journey may use, or the number it must use? "
    "The text never says what becomes of links left unused.",
    (
        ("up-to", "As \u201cpuoi\u201d (you can) says: any journey of 1..value links."),
        ("exactly", "The value is the length of the journey.",
         "that the value is the number of links a journey must use: no sentence says so"),
    ),
    "up-to",
    UNSPECIFIED,
    (C_TICKET_VALUE, C_TICKET_RETURNS),
    default_words="quanti collegamenti ferroviari puoi percorrere",
)

TRAIN_ENDS_MOVEMENT = _point(
    "train-ends-movement",
    "Para-1 calls a train journey a \u201cspostamento\u201d; para-3 and para-4 trigger the hideout "
    "and the reveal when a hunter ends \u201cil movimento\u201d: is a train journey such a movement, "
    "and where does it end (the text names no stop on the way)?",
    (
        ("destination", "The city where the train journey ends is where the movement ends."),
        (
            "every-city",
            "Every city the train passes counts as a movement end.",
            "that a train journey stops in every city it passes: the text names no stops",
        ),
        (
            "not-movement",
            "A \u201cspostamento\u201d in treno is not \u201cil tuo movimento\u201d: it triggers neither hideout nor reveal.",
        ),
    ),
    "destination",
    UNSPECIFIED,
    (C_HIDEOUT_END, C_REVEAL, C_TICKET),
    default_words="Per spostarti in treno",
)

ROAD_AND_SEA_PATHS = _point(
    "road-and-sea-paths",
    "The excerpts describe only the train\u2019s movement, counted in railway links (\u201cquanti "
    "collegamenti ferroviari puoi percorrere\u201d), and speak of a hunter ending his movement "
    "(\u201cSe termini il tuo movimento\u201d); road and sea movement they do not give. Is a road "
    "or sea path the record gives refereed as a movement from where he stands, link by link?",
    (
        (
            "by-links",
            ("His movement starts where he stands and crosses one link at a time, as a train "
             "journey crosses railway links: each step of a road path a road, of a sea path a "
             "sea link, of the reconstructed board; how many links, and when he may move, as "
             "recorded."),
            ("that road and sea movement go from the hunter\u2019s space along the reconstructed "
             "board\u2019s roads and sea links, one link a step, as the train goes along railway "
             "links: the excerpts describe neither, nor the links"),
        ),
        (
            "as-recorded",
            ("Road and sea movement are not in the excerpts: any path as recorded, a start "
             "elsewhere or a step with no link only noted (engine versions 1 to 4)."),
        ),
    ),
    "by-links",
    UNSPECIFIED,
    (C_TICKET_VALUE, C_HIDEOUT_END),
)

DAY_HUNTER_RECIPIENT = _point(
    "day-hunter-card-recipient",
    "By day hunter-icon cards go \u201cai cacciatori\u201d (to the hunters), by night \u201cal "
    "cacciatore\u201d (to the hunter): the two sentences differ in number for the same icon. By "
    "day may the card go to any hunter, as the plural says, or only to the one who drew it, "
    "as by night?",
    (
        ("drawing-hunter", "The plural read as generic, as by night: the hunter who drew it."),
        (
            "any-hunter",
            ("As the words say, \u201cai cacciatori\u201d: any hunter the record names (the one who "
            "drew it when it names none)."),
        ),
    ),
    "any-hunter",
    TRANSLATION,
    (C_DAY_HUNTER, C_NIGHT_HUNTER),
    default_words="vanno ai cacciatori",
)

HIDEOUT_MEANING = _point(
    "hideout-meaning",
    "Which spaces are a \u201crifugio\u201d (hideout)? The excerpts use the word without defining it; "
    "they only say an Encounter card is present there (\u201cuna carta Incontro l\u00ec presente\u201d).",
    (
        (
            "trail-encounter",
            "Any city of Dracula's trail holding an Encounter card, never a sea zone.",
            ("that every trail city where an Encounter card lies is a hideout (the excerpts say "
             "only that one lies in a hideout, never what makes a space one), and that no sea "
             "zone is"),
        ),
        (
            "first-trail-space",
            "Only the city of the first trail space, if it holds an Encounter.",
            ("that only the first space of the trail, where Dracula is, is a hideout: the "
             "excerpts never say what makes a space one"),
        ),
    ),
    "trail-encounter",
    UNSPECIFIED,
    (C_HIDEOUT_END, C_AMBUSH),
)

RECORDED_REVEAL = _point(
    "recorded-reveal",
    "The excerpts reveal Dracula when a hunter ends his movement in the city of the Location "
    "card on the first space of his trail, and forbid a reveal only at sea; they never say that "
    "a hunter's movement is the only way he is revealed. Is a reveal the record gives in that "
    "city, where no hunter ended his movement, a reveal?",
    (
        (
            "as-recorded",
            ("Yes, for a cause the excerpts do not give, taken as an unchecked observation: the "
             "combat follows at the next dawn or dusk."),
        ),
        (
            "hunters-movement-only",
            "No: it is a violation, and Dracula stays hidden.",
            ("that a hunter's movement is the only way Dracula is revealed: the sentence gives "
             "a way, not the only one"),
        ),
    ),
    "as-recorded",
    UNSPECIFIED,
    (C_REVEAL, C_NOT_AT_SEA),
    default_words="Dracula non può essere rivelato mentre si trova in una zona di mare",
)

SEARCH_NEEDS_RENOUNCE = _point(
    "search-needs-renounce",
    "Dracula \u201cpu\u00f2 rinunciare e tu puoi invece effettuare un\u2019azione Cerca\u201d: the Search "
    "follows a renounce. Must the record hold the renounce before the Search, or does a Search "
    "where no ambush was made say that Dracula renounced?",
    (
        ("implicit", "A Search while no ambush was made means Dracula renounced."),
        ("explicit", "A `renounce` event must come before the Search."),
    ),
    "implicit",
    UNSPECIFIED,
    (C_SEARCH,),
    default_words="oppure può rinunciare",
)

SEARCH_DISCARDS = _point(
    "search-discards-encounter",
    "The ambush card is discarded at once (\u201cscartandola subito dopo\u201d); of the Encounter a "
    "Search resolves the text says nothing: is it discarded too, or does it stay on the trail?",
    (
        ("discard", "Discarded, as the ambush card is.",
         "that a Search discards the Encounter as an ambush does: by analogy, not in a sentence"),
        ("stays", "Nothing the text does not say happens: it stays on the trail."),
    ),
    "stays",
    UNSPECIFIED,
    (C_SEARCH, C_AMBUSH),
    default_words="per risolvere gli effetti dell’incontro",
)

COMBAT_HUNTERS = _point(
    "combat-hunters",
    "The combat ends when \u201ctutti i cacciatori coinvolti\u201d are out, but the text never says "
    "which hunters are involved in the combat at the next dawn or dusk.",
    (
        ("in-dracula-city", "Every undefeated hunter in Dracula's city when it starts.",
         ("that every hunter standing in Dracula's city when the combat starts is involved: "
          "the excerpts never say who is")),
        ("revealing-hunter", "Only the hunter who revealed Dracula, if still there.",
         ("that only the hunter whose movement revealed Dracula is involved: the excerpts never "
          "say who is")),
    ),
    "in-dracula-city",
    UNSPECIFIED,
    (C_REVEAL_COMBAT, C_ALL_OUT),
)

ESCAPE_ALLOWED = _point(
    "escape-allowed",
    "A combat ends when Dracula resolves \u201cuna carta Fuga consentita\u201d (an allowed Escape "
    "card): the text never says what makes an Escape allowed.",
    (
        (
            "not-cancelled",
            ("\u201cconsentita\u201d read as not cancelled by the banner, which any card that resolves "
            "already is (the word then adds nothing)."),
            "that \u201cconsentita\u201d means only what resolving already means: not cancelled",
        ),
        (
            "not-first-round",
            "Not cancelled, and not in the first round.",
            "that an Escape is not allowed in the first round: the full game's rule, not the excerpts'",
        ),
        (
            "as-recorded",
            ("What allows it is in rules the excerpts do not give: a resolved Escape the record "
            "gives ends the combat, as an unchecked observation."),
        ),
    ),
    "as-recorded",
    UNSPECIFIED,
    (C_ESCAPE, C_CANCEL),
    default_words="Dracula risolve una carta Fuga consentita",
)

SIX_CARDS_COUNT = _point(
    "six-cards-count",
    "A cancelled card \u201cnon ha alcun effetto\u201d (has no effect): does it still count among the "
    "\u201csei carte combattimento\u201d Dracula \u201cha giocato\u201d (has played)?",
    (
        ("every-card", "As \u201cgiocato\u201d says: every card Dracula chose and revealed was played."),
        ("resolved-only", "Only cards whose effect resolved count.",
         "that a cancelled card was not \u201cgiocata\u201d (played)"),
    ),
    "every-card",
    UNSPECIFIED,
    (C_SIX_CARDS, C_CANCEL),
    default_words="Dracula ha giocato sei carte combattimento",
)

BITTEN_LEAVES_COMBAT = _point(
    "bitten-leaves-combat",
    "The combat ends when all hunters involved \u201csono stati morsi/sconfitti/fuggiti\u201d, a "
    "bite listed beside defeat and flight; but no sentence takes a bitten hunter out of the "
    "combat. Does he play further rounds?",
    (
        ("leaves", "The listing read as putting him out: no more rounds.",
         "that being bitten takes a hunter out of the combat: no sentence says so"),
        ("keeps-fighting", "Nothing the text does not say: he keeps fighting; the bite counts for the end."),
    ),
    "keeps-fighting",
    UNSPECIFIED,
    (C_ALL_OUT, C_BITE),
    default_words=("Quando viene morso, un cacciatore mette un segnalino morso sulla propria "
                   "scheda e diventa INDEBOLITO"),
)

BITE_SPACES = _point(
    "bite-spaces",
    "A hunter with no room for a bite token is defeated, but the excerpts never say how much "
    "room his sheet (scheda) has: every number is a conjecture, and without one the sentence "
    "on a hunter with no room never applies.",
    (
        ("two", "Two bite spaces: the third bite defeats him.",
         "that a hunter's sheet has room for two bite tokens: a number not in the excerpts"),
        ("one", "One bite space: the second bite defeats him.",
         "that a hunter's sheet has room for one bite token: a number not in the excerpts"),
        ("three", "Three bite spaces: the fourth bite defeats him.",
         "that a hunter's sheet has room for three bite tokens: a number not in the excerpts"),
        (
            "as-recorded",
            ("Every bite finds room; a defeat for want of it is recorded as a defeat of its own."),
            ("that a sheet always has room for another bite token, so that the sentence on a "
             "hunter with no room never applies unless the record gives the defeat"),
        ),
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
    default_words="una carta evento e una carta oggetto",
)

WEAKENED_AFTER_DEFEAT = _point(
    "weakened-after-defeat",
    "A bite makes a hunter INDEBOLITO; a defeat returns his bite tokens. No sentence ends "
    "INDEBOLITO: is he still so after a defeat?",
    (
        ("cured", "With no bite token on his sheet he is no longer INDEBOLITO.",
         "that INDEBOLITO ends with the bite tokens: no sentence ends it"),
        ("stays-weakened", "Nothing the text does not say: he stays INDEBOLITO."),
    ),
    "stays-weakened",
    UNSPECIFIED,
    (C_DEFEAT, C_BITE),
    default_words="restituisce alla riserva i segnalini danno/morso/biglietto",
)

HOSPITAL_SPACE = _point(
    "hospital-space",
    "A defeated hunter goes to \u201cuno spazio ospedale come descritto nelle regole\u201d: the "
    "excerpts do not give those rules, nor the board, so which spaces are hospital spaces "
    "is not in the text.",
    (
        (
            "as-recorded",
            "The hospital space the record names, as an unchecked observation.",
        ),
        (
            "any-hospital",
            "A space board.json marks as a hospital (London, Budapest).",
            "that the reconstructed board's hospitals are the game's: the excerpts name none",
        ),
        (
            "nearest-hospital",
            "The board's hospital nearest to where he was defeated.",
            ("that he goes to the reconstructed board's hospital nearest to his defeat: the "
             "excerpts name no hospital and no such rule"),
        ),
    ),
    "as-recorded",
    UNSPECIFIED,
    (C_HOSPITAL,),
    default_words="come descritto nelle regole",
)

HOSPITAL_DAWN = _point(
    "hospital-dawn",
    "A defeated hunter is placed in a hospital \u201call\u2019alba\u201d (at dawn): one defeated during "
    "a dawn, at that dawn or at the next one? The text does not say.",
    (
        ("this-or-next", "At the first dawn from his defeat on, this one included."),
        ("following", "Only at a dawn after the one in which he was defeated."),
    ),
    "this-or-next",
    UNSPECIFIED,
    (C_HOSPITAL,),
    default_words="all’alba, viene collocato",
)

VICTORY = _point(
    "victory",
    "The excerpts give influence 13 and Dracula's defeat only as ends of a combat; they never "
    "say how the match ends. Do these also end it (as in the full game), or is the end of the "
    "match only recorded?",
    (
        (
            "full-game",
            "Influence 13 wins for Dracula, Dracula defeated wins for the hunters.",
            "that these end the match too: the full game's rule, not in the excerpts",
        ),
        ("recorded-only", "Nothing the text does not say: only a recorded end of the game ends the match."),
    ),
    "recorded-only",
    UNSPECIFIED,
    (C_CONTINUES, C_INFLUENCE, C_DRACULA_DEFEATED),
    default_words="Il combattimento continua round dopo round finché",
)

POINTS = (
    TICKET_PARTIAL_USE,
    TRAIN_ENDS_MOVEMENT,
    ROAD_AND_SEA_PATHS,
    DAY_HUNTER_RECIPIENT,
    HIDEOUT_MEANING,
    SEARCH_NEEDS_RENOUNCE,
    SEARCH_DISCARDS,
    RECORDED_REVEAL,
    COMBAT_HUNTERS,
    ESCAPE_ALLOWED,
    SIX_CARDS_COUNT,
    BITTEN_LEAVES_COMBAT,
    BITE_SPACES,
    WEAKENED_REVEAL_COUNT,
    WEAKENED_AFTER_DEFEAT,
    HOSPITAL_SPACE,
    HOSPITAL_DAWN,
    VICTORY,
)
