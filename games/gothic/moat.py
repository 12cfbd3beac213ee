"""The moat (gothic/the-moat): a fall costs 10 stamina; a 6 climbs out to the West Gate with a
second throw, a 5 to the South Gate, a 4 through the rusty grating into the Vault; any other
throw costs a further 5 points."""

from __future__ import annotations

from games.core.draft import Draft
from games.gothic.stamina import change_stamina
from games.gothic.state import MOAT, SOUTH_GATE, VAULT, WEST_GATE, name_of
from games.gothic.turns import end_go
from games.gothic.vault import enter_vault

MOAT_FALL = 10
MOAT_GO = 5

# What each face does in the moat, said on the throw offered there.
MOAT_FACES = {
    6: "climbs out and waits outside the West Gate, to enter with a second throw",
    5: "climbs out and waits outside the South Gate",
    4: "climbs out through the rusty grating into the Vault",
}


def moat_face(value: int) -> str:
    return MOAT_FACES.get(value, f"flounders in the moat ({MOAT_GO} stamina lost)")


def fall_in_moat(draft: Draft, ref, pid: str) -> None:
    """gothic/the-moat: "When you fall in the moat you lose 10 stamina points." Ends the go."""
    draft.edit("players", pid)["at"] = MOAT
    ref.effect("moat", player=pid)
    change_stamina(draft, ref, pid, -MOAT_FALL, "fell in the moat")


def moat_throw(draft: Draft, ref, actor, value):
    """gothic/the-moat: 4, 5 or 6 climbs out; otherwise a further 5 points each go."""
    name = name_of(draft.state, actor)
    ref.effect("throw", player=actor, value=value)
    player = draft.edit("players", actor)
    if value == 6:
        player["at"] = WEST_GATE
        draft.state["stage"] = "throw"
        draft.edit("go")["bonus"] = 1  # "enter with your second throw"
        return f"{name} throws a 6, climbs out of the moat and waits outside the West Gate"
    if value == 5:
        player["at"] = SOUTH_GATE
        end_go(draft, ref)
        return f"{name} throws a 5 and waits outside the South Gate"
    if value == 4:
        player["at"] = VAULT
        ref.effect("grating", player=actor)
        enter_vault(draft, ref, actor)
        end_go(draft, ref)
        return f"{name} throws a 4 and the rusty grating leads into the Vault"
    change_stamina(draft, ref, actor, -MOAT_GO, "floundering in the moat")
    end_go(draft, ref)
    return f"{name} throws a {value} and flounders in the moat"
