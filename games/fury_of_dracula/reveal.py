"""Dracula's trail and his reveal: fury-of-dracula/para-4. A hunter who ends his movement in
the city of the Location card on the first space of the trail reveals Dracula (never at sea);
the combat follows at the next dawn or dusk. Dracula's own movement is not in the excerpts."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.common import place, trail_entry, unchecked
from games.fury_of_dracula.domains import EVERY_SPACE, in_play, read, recorder
from games.fury_of_dracula.hideout import is_hideout


def reveals(state, space) -> bool:
    trail = state["dracula"]["trail"]
    return bool(trail) and not state["dracula"]["revealed"] and trail[0]["space"] == space


def triggers(state, space) -> bool:
    """Whether ending a movement in ``space`` could reveal Dracula or meet a hideout."""
    if reveals(state, space):
        return True
    n = trail_entry(state, space)
    return n is not None and bool(state["dracula"]["trail"][n]["encounters"])


def end_movement(draft: Draft, pid: str, space: str, ref: Referee) -> list[str]:
    """fury-of-dracula/para-3 and para-4: what ending a movement in ``space`` triggers."""
    said = []
    state = draft.state
    if reveals(state, space):
        if BOARD.kind(space) == "sea":
            ref.effect("not-revealed", space=space, why="Dracula cannot be revealed at sea")
            said.append("Dracula is there, but at sea he cannot be revealed")
        else:
            draft.update("dracula", revealed=True, space=space,
                         combat_due={"tick": state["tick"], "hunter": pid})
            ref.effect("dracula-revealed", space=space, by=pid)
            said.append(f"Dracula is revealed in {place(space)}: the combat at the next dawn or dusk")
    if is_hideout(state, space, ref):
        draft.state["hideouts"] = {**state["hideouts"], pid: {"space": space, "renounced": False}}
        ref.effect("hideout", hunter=pid, space=space)
        said.append(f"{place(space)} is a hideout: Dracula may ambush")
    return said


# -- the handlers ------------------------------------------------------------------------------


def dracula_move(state, actor, data, ref):
    """Dracula's movement is not in the excerpts: the Location card is placed as recorded."""
    draft = Draft(state)
    dr = draft.edit("dracula")
    space = data["space"]
    encounter = data.get("encounter")
    if state["combat"] is not None:
        ref.violation(P.COMBAT, "Dracula moves in the middle of a combat", citations=(P.C_CONTINUES,))
    note = "Dracula's movement and trail rules are not in the excerpts: placed as recorded"
    if space not in BOARD.spaces:
        note += f" ({space} is not on the reconstructed board)"
    unchecked(ref, note)
    entry = {"space": space, "encounters": [encounter] if encounter else []}
    trail = [entry] + dr["trail"]
    if len(trail) > state["trail_length"]:
        left = trail[state["trail_length"] :]
        trail = trail[: state["trail_length"]]
        for gone in left:
            ref.effect("trail-card-leaves", space=gone["space"], encounters=len(gone["encounters"]))
        unchecked(ref, "a card leaves the trail: what matures or returns is not in the excerpts")
    dr["trail"] = trail
    if dr["revealed"]:
        dr["revealed"] = False
        dr["space"] = None
        unchecked(ref, "Dracula moves after being revealed: he is hidden again (not in the excerpts)")
    if dr["combat_due"] is not None:
        dr["combat_due"] = None
        unchecked(ref, "Dracula moves before the due combat: it lapses (not in the excerpts)")
    if state["hideouts"]:
        draft.state["hideouts"] = {}
    return draft.state, f"Dracula places a Location card on his trail{' with an Encounter' if encounter else ''}"


def dracula_revealed(state, actor, data, ref):
    """fury-of-dracula/para-4: a reveal the record states. The engine reveals Dracula itself
    when a hunter ends his movement in the city of the first trail card; a recorded reveal
    there that it did not make is one for a cause the excerpts do not give (point
    recorded-reveal); anywhere else, or at sea, it is a violation and is skipped (Dracula
    stays hidden)."""
    space = data["space"]
    dr = state["dracula"]
    if BOARD.kind(space) == "sea":
        ref.violation(
            P.REVEAL,
            f"the record reveals Dracula in {place(space)}, a sea zone: Dracula cannot be revealed at sea",
            citations=(P.C_NOT_AT_SEA,),
        )
        return state, f"Dracula is not revealed in {place(space)}: he cannot be revealed at sea"
    if dr["revealed"] and dr["space"] == space:
        ref.effect("reveal-confirmed", space=space)
        return state, f"the record confirms Dracula revealed in {place(space)}"
    trail = dr["trail"]
    if not trail or trail[0]["space"] != space:
        ref.violation(
            P.REVEAL,
            f"Dracula cannot be revealed in {place(space)}: it is not the city of the Location "
            "card on the first space of Dracula's trail",
            citations=(P.C_REVEAL,),
        )
        return state, f"Dracula is not revealed in {place(space)}"
    if ref.consult(
        P.RECORDED_REVEAL, f"the record reveals Dracula in {place(space)}, where no hunter ended his movement"
    ) == "hunters-movement-only":
        ref.violation(
            P.REVEAL,
            f"Dracula cannot be revealed in {place(space)}: no hunter ended his movement there "
            "since Dracula went there",
            point=P.RECORDED_REVEAL,
        )
        return state, f"Dracula is not revealed in {place(space)}"
    draft = Draft(state)
    draft.update("dracula", revealed=True, space=space, combat_due={"tick": state["tick"], "hunter": None})
    ref.effect("dracula-revealed", space=space, by=None)
    unchecked(ref, "a reveal for a cause the excerpts do not give: taken as recorded")
    return draft.state, f"Dracula is revealed in {place(space)} as recorded: the combat at the next dawn or dusk"


# -- what may come next ------------------------------------------------------------------------

WHERE = OpenField("space", EVERY_SPACE, prompt="The city or sea zone of the Location card")


def offer_dracula_move(at: Offering) -> list[Choice]:
    """Dracula places a Location card (carta Luogo) on his trail: any space, with an Encounter
    or none (his movement is not in the excerpts); never while a combat lasts (para-5)."""
    state = at.state
    if state["combat"] is not None:
        return []
    encounter = read("encounter", "The Encounter card placed with it (carta Incontro), if any",
                     in_play(state, "encounters"), optional=True)
    return [Choice(event("dracula_move", state["dracula_player"]),
                   "Dracula places a Location card (carta Luogo) on the first space of his trail "
                   "(traccia)", fields=(WHERE, encounter))]


def offer_dracula_revealed(at: Offering) -> list[Choice]:
    """The record may confirm the reveal the engine made (para-4), never at sea; or, under
    recorded-reveal = as-recorded, reveal Dracula in the city of the first trail card for a
    cause the excerpts do not give (offered only to whoever sees that card)."""
    dracula = at.state["dracula"]
    if dracula["revealed"]:
        space = dracula["space"]
        if BOARD.kind(space) == "sea":
            return []
        return [Choice(event("dracula_revealed", None, space=space),
                       f"The record confirms Dracula revealed (rivelato) in {place(space)}",
                       fields=(recorder(at.state),), spaces=(space,), target=space)]
    trail = dracula["trail"]
    if not trail or BOARD.kind(trail[0]["space"]) in (None, "sea"):  # None: a hidden card
        return []
    if at.option(P.RECORDED_REVEAL) != "as-recorded":
        return []
    space = trail[0]["space"]
    return [Choice(event("dracula_revealed", None, space=space),
                   f"The record reveals Dracula (rivelato) in {place(space)} for a cause the "
                   "excerpts do not give",
                   fields=(recorder(at.state),), spaces=(space,), target=space,
                   points=(P.RECORDED_REVEAL.id,))]


RULES = {
    "dracula_move": (dracula_move, offer_dracula_move),
    "dracula_revealed": (dracula_revealed, offer_dracula_revealed),
}
