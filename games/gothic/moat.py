"""The moat (gothic/the-moat): a fall costs 10 stamina; a 6 climbs out to the West Gate with a
second throw, a 5 to the South Gate, a 4 through the rusty grating into the Vault; any other
throw costs a further 5 points."""

from __future__ import annotations

from games.gothic.stamina import change_stamina
from games.gothic.state import MOAT, SOUTH_GATE, VAULT, WEST_GATE
from games.gothic.turns import end_go
from games.gothic.vault import enter_vault
from games.gothic.work import Work, name_of

MOAT_FALL = 10
MOAT_GO = 5


def fall_in_moat(w: Work, ref, pid: str) -> None:
    """gothic/the-moat: "When you fall in the moat you lose 10 stamina points." Ends the go."""
    player = w.p(pid)
    player["at"] = MOAT
    ref.effect("moat", player=pid)
    change_stamina(w, ref, pid, -MOAT_FALL, "fell in the moat")


def moat_throw(w: Work, ref, actor, value):
    """gothic/the-moat: 4, 5 or 6 climbs out; otherwise a further 5 points each go."""
    name = name_of(w.s, actor)
    ref.effect("throw", player=actor, value=value)
    player = w.p(actor)
    if value == 6:
        player["at"] = WEST_GATE
        w.s["stage"] = "throw"
        w.go()["bonus"] = 1  # "enter with your second throw"
        return f"{name} throws a 6, climbs out of the moat and waits outside the West Gate"
    if value == 5:
        player["at"] = SOUTH_GATE
        end_go(w, ref)
        return f"{name} throws a 5 and waits outside the South Gate"
    if value == 4:
        player["at"] = VAULT
        ref.effect("grating", player=actor)
        enter_vault(w, ref, actor)
        end_go(w, ref)
        return f"{name} throws a 4 and the rusty grating leads into the Vault"
    change_stamina(w, ref, actor, -MOAT_GO, "floundering in the moat")
    end_go(w, ref)
    return f"{name} throws a {value} and flounders in the moat"
