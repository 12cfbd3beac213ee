"""dylan-dog/shadow-squares and shadow-cards: the traps of the mystery plane, escaped with a
shadow card whose shadow matches one on one's own story cards (shown to the others)."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.choices import Choice, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import SHADOWS, STORY
from games.dylan_dog.passages import P
from games.dylan_dog.reaching_the_mystery_crypts import send_to_reality
from games.dylan_dog.state import drop_pending, find_pending, name, with_player


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
            P + "shadow-cards", f"none of {player['name']}'s story cards shows the {symbol} shadow"
        )
        return state, f"{player['name']} shows a shadow they do not have (ignored)"
    if symbol in player["shown_shadows"]:
        return state, f"{player['name']} shows the {symbol} shadow again"
    return with_player(
        state, actor, shown_shadows=sorted(player["shown_shadows"] + [symbol])
    ), f"{player['name']} shows the {symbol} shadow on a story card"


def on_play_shadow(state, actor, data, ref):
    """dylan-dog/shadow-cards: a shadow card matching one's story cards beats a shadow square."""
    who = name(state, actor)
    symbol = data["shadow"]
    player = state["players"][actor]
    index = find_pending(state, actor, "shadow-trap")
    if index < 0 or state["fight"] is not None:
        ref.violation(P + "shadow-squares", f"{who} is not caught on a shadow square")
        return state, f"{who} plays a shadow card against no shadow (ignored)"
    if symbol not in player["shadow"]:
        ref.violation(P + "shadow-cards", f"{who} holds no {symbol} shadow card")
        return state, f"{who} plays a shadow card they do not hold (ignored)"
    if not valid_shadow(player, symbol):
        ref.violation(
            P + "shadow-cards", f"the {symbol} shadow matches none of {who}'s story cards"
        )
        return state, f"{who} plays a shadow card that is not valid (no effect)"
    shown = player["shown_shadows"]
    if symbol not in shown:
        if (
            ref.consult(pts.SHADOW_SHOW_TIMING, "the matching shadow had not been shown before")
            == "in-advance"
        ):
            ref.violation(
                P + "shadow-cards",
                f"{who} never showed the matching {symbol} shadow",
                point=pts.SHADOW_SHOW_TIMING,
            )
            return state, f"{who} plays an unshown shadow card (no effect)"
        shown = sorted(shown + [symbol])
    rest = list(player["shadow"])
    rest.remove(symbol)
    new = drop_pending(state, index)
    new["nightmare_deck"] = state["nightmare_deck"] + 1
    new = with_player(new, actor, shadow=rest, shown_shadows=shown)
    return new, f"{who} escapes the shadow square with the {symbol} shadow card"


def on_accept_trap(state, actor, data, ref):
    """dylan-dog/shadow-squares: without a card, back to reality."""
    who = name(state, actor)
    index = find_pending(state, actor, "shadow-trap")
    if index < 0 or state["fight"] is not None:
        ref.violation(P + "shadow-squares", f"{who} is not caught on a shadow square")
        return state, f"{who} accepts no trap (ignored)"
    if (
        can_escape(state["players"][actor])
        and ref.consult(
            pts.SHADOW_PROTECTION, f"{who} could escape the shadow square but plays no card"
        )
        == "compulsory"
    ):
        ref.violation(
            P + "shadow-squares",
            f"{who} holds a card that escapes the shadow square and must play it",
            point=pts.SHADOW_PROTECTION,
        )
    return (
        send_to_reality(state, actor),
        f"{who} is caught by the shadow square and returns to reality",
    )


def offer_show_shadow(state, interpretation) -> list[Choice]:
    """Any player may show a shadow printed on their story cards (any shadow while their
    story is not recorded)."""
    offered = []
    for pid, player in state["players"].items():
        story = player["story"]
        symbols = SHADOWS if story is None else sorted({STORY[e]["shadow"] for e in story
                                                         if e in STORY})
        offered += [Choice(event=event("show_shadow", pid, shadow=symbol),
                           label=f"{player['name']} shows the {symbol} shadow on a story card")
                    for symbol in symbols]
    return offered


def offer_trap(state, interpretation) -> list[Choice]:
    """A player caught on a shadow square plays a valid shadow card, or is caught."""
    if state["fight"] is not None:
        return []
    in_advance = interpretation.option(pts.SHADOW_SHOW_TIMING.id) == "in-advance"
    compulsory = interpretation.option(pts.SHADOW_PROTECTION.id) == "compulsory"
    offered = []
    for pid in dict.fromkeys(i["player"] for i in state["pending"] if i["kind"] == "shadow-trap"):
        player = state["players"][pid]
        who = player["name"]
        square = (player["square"],)
        for symbol in sorted(set(player["shadow"])):
            if not valid_shadow(player, symbol):
                continue
            shown = symbol in player["shown_shadows"]
            if not shown and in_advance:
                continue
            offered.append(Choice(
                event=event("play_shadow", pid, shadow=symbol),
                label=f"{who} escapes the shadow square with the {symbol} shadow card",
                spaces=square, points=() if shown else (pts.SHADOW_SHOW_TIMING.id,),
            ))
        escapes = can_escape(player)
        if not (escapes and compulsory):
            offered.append(Choice(
                event=event("accept_trap", pid),
                label=f"{who} is caught by the shadow square and returns to reality",
                spaces=square, points=(pts.SHADOW_PROTECTION.id,) if escapes else (),
            ))
    return offered
