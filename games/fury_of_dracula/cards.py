"""Item cards and discards: the full game's, not the excerpts' (each applied as recorded with
an unchecked note). The cards a WEAKENED hunter keeps revealed are in ``bites.py``."""

from __future__ import annotations

from games.fury_of_dracula.common import HIDDEN, Tx, name, take, unchecked, within


def gain_item(state, actor, data, ref):
    tx = Tx(state)
    h = tx.hunter(actor)
    card = data.get("card") or HIDDEN
    h["items"] = h["items"] + [card]
    unchecked(ref, "the item deck and the actions that give items are not in the excerpts")
    return tx.new, f"{name(state, actor)} takes an item card ({card})"


def discard(state, actor, data, ref):
    tx = Tx(state)
    kind = "events" if data["kind"] == "event" else "items"
    card = data["card"]
    who = name(state, actor)
    if actor == state["dracula_player"]:
        dr = tx.dracula()
        rest = take(dr["events"], card) if kind == "events" else None
        if rest is None:
            unchecked(ref, f"Dracula does not hold the {kind[:-1]} card {card}: nothing discarded")
            return tx.new, f"Dracula discards nothing ({card} not held)"
        dr["events"] = rest
    else:
        h = tx.hunter(actor)
        rest = take(h[kind], card)
        if rest is None:
            unchecked(ref, f"{who} does not hold the {kind[:-1]} card {card}: nothing discarded")
            return tx.new, f"{who} discards nothing ({card} not held)"
        h[kind] = rest
        h[f"shown_{kind}"] = within(rest, h[f"shown_{kind}"])
    tx.discards(**{kind[:-1]: 1})
    unchecked(ref, "when a card may be discarded (played, over a hand limit) is not in the excerpts")
    return tx.new, f"{who} discards the {kind[:-1]} card {card}"
