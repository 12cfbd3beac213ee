"""dylan-dog/shadow-squares and shadow-cards: the traps of the mystery plane, escaped with a
shadow card whose shadow matches one on one's own story cards (shown to the others)."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import SHADOWS, STORY, shadow_words
from games.dylan_dog.passages import SHADOW_CARDS, SHADOW_SQUARES
from games.dylan_dog.reaching_the_mystery_crypts import send_to_reality
from games.dylan_dog.state import drop_pending, find_pending, first_pending, name


def valid_shadow(player: Mapping, symbol: str) -> bool:
    """dylan-dog/shadow-cards: usable only if the shadow matches one on one's own story cards."""
    story = player["story"]
    if story is None:
        return True  # the record does not say: the collector's record is trusted
    return any(STORY[e]["shadow"] == symbol for e in story)


def can_escape(player: Mapping) -> bool:
    return player["dylan_dog"] > 0 or any(valid_shadow(player, s) for s in player["shadow"])


def on_show_shadow(state, actor, data, ref):
    """dylan-dog/shadow-cards: show the matching shadow on one of one's story cards."""
    symbol = data["shadow"]
    player = state["players"][actor]
    if player["story"] is not None and not valid_shadow(player, symbol):
        ref.violation(
            SHADOW_CARDS, f"none of {player['name']}'s story cards shows the {shadow_words(symbol)} shadow"
        )
        return state, f"{player['name']} shows a shadow they do not have (ignored)"
    if symbol in player["shown_shadows"]:
        return state, f"{player['name']} shows the {shadow_words(symbol)} shadow again"
    draft = Draft(state)
    draft.update("players", actor, shown_shadows=sorted(player["shown_shadows"] + [symbol]))
    return draft.state, f"{player['name']} shows the {shadow_words(symbol)} shadow on a story card"


def on_play_shadow(state, actor, data, ref):
    """dylan-dog/shadow-cards: a shadow card matching one's story cards beats a shadow square."""
    who = name(state, actor)
    symbol = data["shadow"]
    player = state["players"][actor]
    index = find_pending(state, actor, "shadow-trap")
    if index < 0 or state["fight"] is not None:
        ref.violation(SHADOW_SQUARES, f"{who} is not caught on a shadow square")
        return state, f"{who} plays a shadow card against no shadow (ignored)"
    if symbol not in player["shadow"]:
        ref.violation(SHADOW_CARDS, f"{who} holds no {shadow_words(symbol)} shadow card")
        return state, f"{who} plays a shadow card they do not hold (ignored)"
    if not valid_shadow(player, symbol):
        ref.violation(SHADOW_CARDS, f"the {shadow_words(symbol)} shadow matches none of {who}'s story cards")
        return state, f"{who} plays a shadow card that is not valid (no effect)"
    shown = player["shown_shadows"]
    if symbol not in shown:
        if (
            ref.consult(pts.SHADOW_SHOW_TIMING, "the matching shadow had not been shown before")
            == "in-advance"
        ):
            ref.violation(
                SHADOW_CARDS,
                f"{who} never showed the matching {shadow_words(symbol)} shadow",
                point=pts.SHADOW_SHOW_TIMING,
            )
            return state, f"{who} plays an unshown shadow card (no effect)"
        shown = sorted(shown + [symbol])
    rest = list(player["shadow"])
    rest.remove(symbol)
    draft = Draft(state)
    drop_pending(draft, index)
    draft.state["nightmare_deck"] = state["nightmare_deck"] + 1
    draft.update("players", actor, shadow=rest, shown_shadows=shown)
    return draft.state, f"{who} escapes the shadow square with the {shadow_words(symbol)} shadow card"


def on_accept_trap(state, actor, data, ref):
    """dylan-dog/shadow-squares: without a card, back to reality."""
    who = name(state, actor)
    index = find_pending(state, actor, "shadow-trap")
    if index < 0 or state["fight"] is not None:
        ref.violation(SHADOW_SQUARES, f"{who} is not caught on a shadow square")
        return state, f"{who} accepts no trap (ignored)"
    if (
        can_escape(state["players"][actor])
        and ref.consult(
            pts.SHADOW_PROTECTION, f"{who} could escape the shadow square but plays no card"
        )
        == "compulsory"
    ):
        ref.violation(
            SHADOW_SQUARES,
            f"{who} holds a card that escapes the shadow square and must play it",
            point=pts.SHADOW_PROTECTION,
        )
    draft = Draft(state)
    send_to_reality(draft, actor)
    return draft.state, f"{who} is caught by the shadow square and returns to reality"


# -- what may come next ----------------------------------------------------------------------


def offer_show_shadow(at: Offering) -> list[Choice]:
    """Any player may show a shadow printed on their story cards (any shadow while their
    story is not recorded), again too: one choice for each player, the shadow open."""
    state = at.state
    offered = []
    for pid in state["order"]:
        if at.viewer not in (None, pid):
            continue
        player = state["players"][pid]
        story = player["story"]
        symbols = SHADOWS if story is None else tuple(
            sorted({STORY[e]["shadow"] for e in story if e in STORY}))
        if not symbols:
            continue
        offered.append(Choice(
            event("show_shadow", pid), f"{player['name']} shows a shadow on a story card",
            fields=(OpenField("shadow", one_of(symbols, label=lambda s: f"the {shadow_words(s)} shadow"),
                              prompt="The shadow shown"),)))
    return offered


def offer_play_shadow(at: Offering) -> list[Choice]:
    """A player caught on a shadow square plays a valid shadow card (which one open)."""
    state = at.state
    if state["fight"] is not None:
        return []
    in_advance = at.option(pts.SHADOW_SHOW_TIMING) == "in-advance"
    offered = []
    for pid in first_pending(state, "shadow-trap"):
        if at.viewer not in (None, pid):
            continue
        player = state["players"][pid]
        playable = [s for s in sorted(set(player["shadow"])) if valid_shadow(player, s)
                    and (s in player["shown_shadows"] or not in_advance)]
        if not playable:
            continue
        unshown = any(s not in player["shown_shadows"] for s in playable)
        offered.append(Choice(
            event("play_shadow", pid),
            f"{player['name']} escapes the shadow square with a shadow card",
            fields=(OpenField("shadow", one_of(playable, label=lambda s: f"the {shadow_words(s)} shadow "
                                               "card"), prompt="The shadow card played"),),
            spaces=(player["square"],),
            points=(pts.SHADOW_SHOW_TIMING.id,) if unshown else ()))
    return offered


def offer_accept_trap(at: Offering) -> list[Choice]:
    """A player caught on a shadow square plays no card and goes back to reality: one who
    holds a card that escapes it only where the reading lets them keep it."""
    state = at.state
    if state["fight"] is not None:
        return []
    compulsory = at.option(pts.SHADOW_PROTECTION) == "compulsory"
    offered = []
    for pid in first_pending(state, "shadow-trap"):
        if at.viewer not in (None, pid):
            continue
        player = state["players"][pid]
        escapes = can_escape(player)
        if escapes and compulsory:
            continue
        offered.append(Choice(
            event("accept_trap", pid),
            f"{player['name']} is caught by the shadow square and returns to reality",
            spaces=(player["square"],),
            points=(pts.SHADOW_PROTECTION.id,) if escapes else ()))
    return offered


RULES = {
    "show_shadow": (on_show_shadow, offer_show_shadow),
    "play_shadow": (on_play_shadow, offer_play_shadow),
    "accept_trap": (on_accept_trap, offer_accept_trap),
}
