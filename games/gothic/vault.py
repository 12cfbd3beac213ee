"""The Vault, Dracula and the Vampire (gothic/the-vault).

Entering the Vault costs 20 stamina and makes the player the Vampire for six goes; a Vampire
throws twice a go, kills by passing players in the corridor, is cured by returning to the
Vault in time and dies at sunrise otherwise; a stake through the heart kills it.
"""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.cards import return_card, take_card
from games.gothic.stamina import change_stamina, eliminate
from games.gothic.state import VAULT
from games.gothic.work import Work, name_of

BITE = 20
VAMPIRE_DRAUGHT = 20


def bite(w: Work, ref, pid: str) -> None:
    """gothic/the-vault: "losing 20 stamina points ... you become a Vampire". The goes are
    counted from the next one ("for the next 6 goes"): ``fresh`` marks the go of the bite."""
    change_stamina(w, ref, pid, -BITE, "bitten by Dracula in the Vault")
    player = w.p(pid)
    if player["status"] == "alive":
        player["vampire"] = {"goes": 0, "kills": 0, "fresh": pid == w.s["turn"]}
        player["held_by"] = None
        player["controlled_by"] = None
        w.s["dracula"] = pid
        ref.effect("vampire", player=pid)


def enter_vault(w: Work, ref, pid: str) -> None:
    player = w.s["players"][pid]
    if player["vampire"] is not None:
        vampire_returns(w, ref, pid)
    elif w.s["dracula"] is None:
        bite(w, ref, pid)


def vampire_returns(w: Work, ref, pid: str) -> None:
    """gothic/the-vault: "the black Dracula pawn is replaced in his coffin"."""
    w.p(pid)["vampire"] = None
    w.s["dracula"] = None
    ref.effect("dracula", to="coffin", cured=pid)
    others = [
        o
        for o in w.s["seats"]
        if o != pid and w.s["players"][o]["status"] == "alive" and w.s["players"][o]["at"] == VAULT
    ]
    if others:
        option = ref.consult(
            P.DRACULA_RETURNS_OCCUPIED, "Dracula returns while a player is in the Vault"
        )
        for i, other in enumerate(others):
            if option == "falls-prey" and i == 0:
                bite(w, ref, other)
            else:
                change_stamina(w, ref, other, -BITE, "caught in the Vault as Dracula returns")


def count_vampire_go(w: Work, ref, pid: str) -> None:
    """A Vampire's go has ended: count it (not the go of the bite), then check for dawn."""
    vampire = dict(w.s["players"][pid]["vampire"])
    if vampire["fresh"]:
        vampire["fresh"] = False
    else:
        vampire["goes"] += 1
    w.p(pid)["vampire"] = vampire
    dawn_check(w, ref, pid)


def dawn_check(w: Work, ref, pid: str) -> None:
    """gothic/the-vault: "If not, the sun rises and you wither away and die." """
    vampire = w.s["players"][pid]["vampire"]
    extra = 2 * vampire["kills"]
    if vampire["goes"] < 6 + extra:
        return
    option = ref.consult(
        P.VAMPIRE_GOES, f"Vampire {name_of(w.s, pid)} has had {vampire['goes']} goes"
    )
    limit = (6 if option == "return-on-sixth" else 7) + extra
    if vampire["goes"] >= limit:
        eliminate(w, ref, pid, "dead", "the sun rose before the Vampire reached the Vault")


def vampire_kills(w: Work, ref, pid, passed) -> str:
    """gothic/the-vault: "kill any other player simply by passing them in the corridor"."""
    names = []
    for victim in passed:
        if w.s["players"][victim]["status"] != "alive":
            continue
        if w.s["players"][victim]["vampire"] is not None:
            continue
        names.append(name_of(w.s, victim))
        eliminate(w, ref, victim, "dead", f"killed by the Vampire {name_of(w.s, pid)}")
        if w.s["players"][pid]["status"] == "alive" and w.s["players"][pid]["vampire"] is not None:
            vampire = dict(w.s["players"][pid]["vampire"])
            vampire["kills"] += 1
            w.p(pid)["vampire"] = vampire
            change_stamina(w, ref, pid, VAMPIRE_DRAUGHT, "a draught of the victim's blood")
    return f"; the Vampire kills {', '.join(names)}" if names else ""


def on_stake(w: Work, ref, actor, data):
    """gothic/the-vault: "if they possess a stake, they may drive it through your heart"."""
    s = w.s
    target, name = data["target"], name_of(s, actor)
    victim = s["players"].get(target)
    if victim is None or victim["status"] != "alive" or victim["vampire"] is None:
        ref.violation("gothic/the-vault", f"{target!r} is not a Vampire")
        return None
    stake = next((c for c in s["players"][actor]["cards"] if c["kind"] == "stake"), None)
    if stake is None:
        ref.violation("gothic/the-vault", f"{name} possesses no stake")
        return None
    if target not in s["go"]["passed"]:
        ref.violation(
            "gothic/the-vault", f"{name} has not sneaked past the Vampire {victim['name']} this go"
        )
        return None
    return_card(w, ref, take_card(w, actor, stake["name"], lambda c: c["kind"] == "stake"))
    w.go()["green"] = False  # the secret passage was to be taken at once
    ref.effect("stake", player=actor, target=target)
    eliminate(w, ref, target, "dead", f"staked through the heart by {name}")
    return f"{name} drives a stake through the Vampire {victim['name']}'s heart"
