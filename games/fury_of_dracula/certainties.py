"""The decisions the Italian excerpts settle, each with the sentence that settles it: the
counterpart of ``points.py`` (what they leave open), so that no judgement of the engine goes
uncited. README.md ("Every decision") lists both, with what is out of scope."""

from __future__ import annotations

from games.core.points import Certainty
from games.fury_of_dracula import points as P


def _certain(cid, topic, decision, *citations) -> Certainty:
    return Certainty(id=f"{P.SLUG}.{cid}", topic=topic, decision=decision, citations=citations)


CERTAINTIES = (
    _certain("train-spends-a-ticket", "what a train journey costs",
             "A journey by rail spends a ticket token the hunter holds, which names the journey's "
             "white (and yellow) value; without one it is a violation.", P.C_TICKET),
    _certain("ticket-returns-face-down", "where the spent ticket goes",
             "After the journey the token returns to the reserve face down.", P.C_TICKET_RETURNS),
    _certain("white-value-on-white-railways", "which value a journey on white railways uses",
             "Only the white value, even when the ticket's yellow value is higher.", P.C_WHITE_VALUE),
    _certain("yellow-value-with-a-yellow-railway", "which value a journey using a yellow railway uses",
             "The yellow value, for yellow railways alone or mixed with white ones.", P.C_YELLOW_VALUE),
    _certain("no-yellow-number", "a ticket without a yellow number",
             "It cannot be used on a journey with any yellow railway.", P.C_NO_YELLOW),
    _certain("links-counted-by-the-value", "how long a train journey may be",
             "No more railway links than the value it uses (fewer: point ticket-partial-use).",
             P.C_TICKET_VALUE),
    _certain("day-draws-from-the-top", "which end of the event deck by day",
             "By day the card is drawn from the top.", P.C_DAY_TOP),
    _certain("night-draws-from-the-bottom", "which end of the event deck by night",
             "By night the card is drawn from the bottom.", P.C_NIGHT_BOTTOM),
    _certain("day-dracula-card-discarded", "a card with Dracula's icon drawn by day",
             "It goes face down on the discard pile.", P.C_DAY_DRACULA),
    _certain("night-hunter-card", "a card with the hunter icon drawn by night",
             "It goes to the hunter who drew it.", P.C_NIGHT_HUNTER),
    _certain("night-dracula-card", "a card with Dracula's icon drawn by night",
             "It goes to Dracula.", P.C_NIGHT_DRACULA),
    _certain("ambush-in-a-hideout", "when Dracula may ambush",
             "Only a hunter who ended his movement in a hideout, with an Encounter there, which "
             "is revealed, resolved and discarded at once; a second ambush after a renounce is a "
             "violation.", P.C_HIDEOUT_END, P.C_AMBUSH),
    _certain("search-instead", "when a hunter may Search a hideout",
             "Instead of an ambush, once Dracula renounces (see search-needs-renounce), resolving "
             "an Encounter that is there.", P.C_SEARCH),
    _certain("matured-effects-ignored", "matured effects in a hideout",
             "Ignored both by an ambush and by a Search: a record applying one is a violation.",
             P.C_MATURED),
    _certain("reveal-in-the-first-trail-city", "when Dracula is revealed",
             "When a hunter ends his movement in the city of the Location card on the first "
             "space of the trail; a recorded reveal anywhere else is a violation.", P.C_REVEAL),
    _certain("combat-at-the-next-twilight", "when the combat after a reveal takes place",
             "At the first dawn or dusk after the reveal (successivi: never the one during which "
             "he was revealed).", P.C_REVEAL_COMBAT),
    _certain("never-revealed-at-sea", "a reveal in a sea zone",
             "Dracula is never revealed there, whoever ends his movement there.", P.C_NOT_AT_SEA),
    _certain("a-card-each-round", "what a round of combat is",
             "Both sides choose a card secretly and reveal it: a round records both.", P.C_ROUND),
    _certain("banner-cancels", "when Dracula's combat card is cancelled",
             "Exactly when its icon is highlighted on the hunter's banner; then it has no effect.",
             P.C_CANCEL),
    _certain("otherwise-resolved", "when Dracula's combat card resolves",
             "Whenever it is not cancelled.", P.C_RESOLVE),
    _certain("combat-goes-on", "what may happen while a combat lasts",
             "Round after round until an end condition: time does not pass, the hunters fighting "
             "do not move, Dracula does not move.", P.C_CONTINUES),
    _certain("end-conditions-are-examples", "what ends a combat",
             "The listed conditions end it as they happen (six cards played, influence 13, Dracula "
             "defeated, every hunter involved bitten, defeated or fled, an allowed Escape), and a "
             "record may end it for another reason: the list is given as examples. With no combat "
             "under way a recorded end is a violation: there is nothing to end.",
             P.C_FOR_EXAMPLE, P.C_SIX_CARDS, P.C_INFLUENCE, P.C_DRACULA_DEFEATED, P.C_ALL_OUT,
             P.C_ESCAPE),
    _certain("bite-token-and-weakened", "what a bite does",
             "The hunter puts a bite token on his sheet and becomes INDEBOLITO.", P.C_BITE),
    _certain("weakened-keeps-cards-revealed", "what INDEBOLITO obliges",
             "An event card and an item card kept revealed (those he holds: revealing one he does "
             "not hold is a violation); the record may reveal them at any moment before time "
             "passes, when it is checked. A hunter who is not INDEBOLITO reveals for a reason the "
             "excerpts do not give: a card he does not hold is noted, nothing revealed.",
             P.C_WEAKENED),
    _certain("no-room-defeated", "a bite with no room for its token",
             "The hunter is defeated instead (how much room: point bite-spaces).", P.C_NO_ROOM),
    _certain("defeat-discards-and-returns", "what a defeat does",
             "He discards his event and item cards and returns his damage, bite and ticket tokens "
             "to the reserve.", P.C_DEFEAT),
    _certain("hospital-at-dawn", "where and when a defeated hunter comes back",
             "At dawn, on a hospital space; a defeated hunter left waiting past a dawn is a "
             "violation, and he acts in nothing until then.", P.C_HOSPITAL),
)
