"""The decisions the Italian excerpts settle, each with the sentence that settles it and the
words of it that decide (``deciding``, each inside one of its quotes): the counterpart of
``points.py`` (what they leave open), so that no judgement of the engine goes uncited.
README.md ("Every decision") lists both, with what is out of scope."""

from __future__ import annotations

from games.core.points import Certainty
from games.fury_of_dracula import points as P


def _certain(cid, topic, decision, deciding, *citations) -> Certainty:
    return Certainty(id=f"{P.SLUG}.{cid}", topic=topic, decision=decision, citations=citations,
                     deciding=deciding)


CERTAINTIES = (
    _certain("train-spends-a-ticket", "what a train journey costs",
             "A journey by rail spends a ticket token the hunter holds, which names the journey's "
             "white (and yellow) value; without one it is a violation.",
             ("devi spendere un gettone biglietto",), P.C_TICKET),
    _certain("ticket-returns-face-down", "where the spent ticket goes",
             "After the journey the token returns to the reserve face down.",
             ("il gettone torna nella riserva a faccia in giù",), P.C_TICKET_RETURNS),
    _certain("white-value-on-white-railways", "which value a journey on white railways uses",
             "Only the white value, even when the ticket's yellow value is higher.",
             ("solo ferrovie bianche, usi il valore bianco",), P.C_WHITE_VALUE),
    _certain("yellow-value-with-a-yellow-railway", "which value a journey using a yellow railway uses",
             "The yellow value, for yellow railways alone or mixed with white ones.",
             ("se usi ferrovie gialle o una combinazione delle due, usi il valore giallo",),
             P.C_YELLOW_VALUE),
    _certain("no-yellow-number", "a ticket without a yellow number",
             "It cannot be used on a journey with any yellow railway.",
             ("non può essere usato per le ferrovie gialle",), P.C_NO_YELLOW),
    _certain("links-counted-by-the-value", "how long a train journey may be",
             "No more railway links than the value it uses (fewer: point ticket-partial-use).",
             ("per determinare quanti collegamenti ferroviari puoi percorrere",), P.C_TICKET_VALUE),
    _certain("day-draws-from-the-top", "which end of the event deck by day",
             "By day the card is drawn from the top.",
             ("Durante il giorno peschi dalla cima",), P.C_DAY_TOP),
    _certain("night-draws-from-the-bottom", "which end of the event deck by night",
             "By night the card is drawn from the bottom.",
             ("durante la notte peschi dal fondo",), P.C_NIGHT_BOTTOM),
    _certain("day-dracula-card-discarded", "a card with Dracula's icon drawn by day",
             "It goes face down on the discard pile.",
             ("vengono messe a faccia in giù nella pila degli scarti",), P.C_DAY_DRACULA),
    _certain("night-hunter-card", "a card with the hunter icon drawn by night",
             "It goes to the hunter who drew it.",
             ("vanno al cacciatore",), P.C_NIGHT_HUNTER),
    _certain("night-dracula-card", "a card with Dracula's icon drawn by night",
             "It goes to Dracula.", ("vanno a Dracula",), P.C_NIGHT_DRACULA),
    _certain("ambush-in-a-hideout", "when Dracula may ambush",
             "Only a hunter who ended his movement in a hideout, with an Encounter there, which "
             "is revealed, resolved and discarded at once; a second ambush after a renounce is a "
             "violation.",
             ("Se termini il tuo movimento in un rifugio", "Dracula può scegliere",
              "rivelando e risolvendo una carta Incontro lì presente",
              "(scartandola subito dopo)", "oppure può rinunciare"),
             P.C_HIDEOUT_END, P.C_AMBUSH, P.C_SEARCH),
    _certain("search-instead", "when a hunter may Search a hideout",
             "Instead of an ambush, once Dracula renounces (see search-needs-renounce), resolving "
             "an Encounter that is there.",
             ("può rinunciare e tu puoi invece effettuare un’azione Cerca",), P.C_SEARCH),
    _certain("matured-effects-ignored", "matured effects in a hideout",
             "Ignored both by an ambush and by a Search: a record applying one is a violation.",
             ("in entrambi i casi si ignorano gli effetti maturati",), P.C_MATURED),
    _certain("reveal-in-the-first-trail-city", "when Dracula is revealed",
             "When a hunter ends his movement in the city of the Location card on the first "
             "space of the trail, which is where Dracula is: a recorded reveal in any other "
             "space is a violation (one there that no hunter's movement made: point "
             "recorded-reveal).",
             (("Se un cacciatore termina il movimento nella città corrispondente alla carta "
               "Luogo nel primo spazio della traccia di Dracula, Dracula viene rivelato"),),
             P.C_REVEAL),
    _certain("combat-at-the-next-twilight", "when the combat after a reveal takes place",
             "At the first dawn or dusk after the reveal (successivi: never the one during which "
             "he was revealed).",
             ("all’alba o al tramonto successivi",), P.C_REVEAL_COMBAT),
    _certain("never-revealed-at-sea", "a reveal in a sea zone",
             "Dracula is never revealed there, whoever ends his movement there, nor by a "
             "record.",
             ("Dracula non può essere rivelato mentre si trova in una zona di mare",),
             P.C_NOT_AT_SEA),
    _certain("a-card-each-round", "what a round of combat is",
             "Both sides choose a card secretly and reveal it: a round records both.",
             ("entrambe le parti scelgono segretamente una carta e poi la rivelano",), P.C_ROUND),
    _certain("banner-cancels", "when Dracula's combat card is cancelled",
             "Exactly when its icon is highlighted on the hunter's banner; then it has no effect.",
             ("corrisponde a un’icona evidenziata sullo stendardo del cacciatore",
              "la carta di Dracula viene annullata e non ha alcun effetto"), P.C_CANCEL),
    _certain("otherwise-resolved", "when Dracula's combat card resolves",
             "Whenever it is not cancelled.",
             ("Altrimenti, il suo effetto si risolve",), P.C_RESOLVE),
    _certain("combat-goes-on", "what may happen while a combat lasts",
             "Round after round until an end condition: time does not pass, the hunters fighting "
             "do not move, Dracula does not move.",
             ("Il combattimento continua round dopo round finché",), P.C_CONTINUES),
    _certain("end-conditions-are-examples", "what ends a combat",
             "The listed conditions end it as they happen (six cards played, influence 13, Dracula "
             "defeated, every hunter involved bitten, defeated or fled, an allowed Escape), and a "
             "record may end it for another reason: the list is given as examples. With no combat "
             "under way a recorded end is a violation: there is nothing to end.",
             ("ad esempio", "Dracula ha giocato sei carte combattimento",
              "Dracula fa avanzare l’influenza fino allo spazio 13", "i cacciatori sconfiggono Dracula",
              "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti",
              "Dracula risolve una carta Fuga consentita", "Il combattimento continua"),
             P.C_FOR_EXAMPLE, P.C_SIX_CARDS, P.C_INFLUENCE, P.C_DRACULA_DEFEATED, P.C_ALL_OUT,
             P.C_ESCAPE, P.C_CONTINUES),
    _certain("bite-token-and-weakened", "what a bite does",
             "The hunter puts a bite token on his sheet and becomes INDEBOLITO.",
             ("mette un segnalino morso sulla propria scheda e diventa INDEBOLITO",), P.C_BITE),
    _certain("weakened-keeps-cards-revealed", "what INDEBOLITO obliges",
             "An event card and an item card kept revealed (those he holds: revealing one he does "
             "not hold is a violation); the record may reveal them at any moment before time "
             "passes, when it is checked. A hunter who is not INDEBOLITO reveals for a reason the "
             "excerpts do not give: a card he does not hold is noted, nothing revealed.",
             ("lo obbliga a tenere rivelata una carta evento e una carta oggetto",), P.C_WEAKENED),
    _certain("no-room-defeated", "a bite with no room for its token",
             "The hunter is defeated instead (how much room: point bite-spaces).",
             ("non ha spazio per collocare un segnalino morso, viene sconfitto",), P.C_NO_ROOM),
    _certain("defeat-discards-and-returns", "what a defeat does",
             "He discards his event and item cards and returns his damage, bite and ticket tokens "
             "to the reserve.",
             ("scarta le sue carte evento e oggetto",
              "restituisce alla riserva i segnalini danno/morso/biglietto"), P.C_DEFEAT),
    _certain("hospital-at-dawn", "where and when a defeated hunter comes back",
             "At dawn, on a hospital space; a defeated hunter left waiting past a dawn is a "
             "violation, and he acts in nothing until then (which dawn: point hospital-dawn; "
             "which space: point hospital-space).",
             ("all’alba, viene collocato in uno spazio ospedale",), P.C_HOSPITAL),
)
