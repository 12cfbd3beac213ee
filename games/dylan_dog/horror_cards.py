"""dylan-dog/horror-cards: the fight against a horror card drawn from a crypt or played in a
challenge, and the mystery card a loser gives up."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import CRYPT_NAMES, CRYPT_OF_SQUARE, DIMENSION, PLANE
from games.dylan_dog.exchange import transfer
from games.dylan_dog.passages import P
from games.dylan_dog.reaching_the_mystery_crypts import send_to_reality
from games.dylan_dog.state import add_pending, drop_pending, name, set_turn, with_player
from games.dylan_dog.the_end_of_the_game import check_win


def beats(face: str, threshold: str) -> bool:
    """dylan-dog/horror-cards: 4+ is 4, more than 4 or Dylan Dog; 6 is 6 or Dylan Dog."""
    if face == "dylan-dog":
        return True
    if threshold == "dylan-dog":
        return False
    if threshold.endswith("+"):
        return int(face) >= int(threshold[:-1])
    return int(face) >= int(threshold)


def resolve_fight(state, ref, *, won: bool, face: str | None = None, dylan_dog: bool = False):
    """dylan-dog/horror-cards: possession, defeat, or the penalty."""
    fight = state["fight"]
    fighter = fight["fighter"]
    who = name(state, fighter)
    new = dict(state)
    new["fight"] = None
    new = set_turn(new, phase=fight["resume"])
    how = "a Dylan Dog card" if dylan_dog else f"a throw of {face}"
    ref.effect(
        "fight", player=fighter, horror=fight["name"], won=won, face=face, dylan_dog=dylan_dog
    )
    if fight["source"] == "crypt":
        return _crypt_fight_over(new, fight, ref, won=won, how=how, dylan_dog=dylan_dog)
    challenger = fight["challenger"]
    if won:
        text = f"{who} beats {name(state, challenger)}'s {fight['name']} with {how}"
        return new, text + "; the card leaves the game"
    text = f"{who} loses to {name(state, challenger)}'s {fight['name']} ({how})"
    if new["players"][fighter]["mystery"]:
        new = add_pending(new, {"kind": "forfeit", "player": fighter, "to": challenger})
        text += " and must hand over a mystery card"
    if (
        ref.consult(pts.CHALLENGE_FAILURE_RETURN, "a challenged player lost the fight")
        == "return-to-reality"
    ):
        new = send_to_reality(new, fighter)
        text += ", and returns to reality"
    return new, text


def _crypt_fight_over(new, fight, ref, *, won, how, dylan_dog):
    fighter = fight["fighter"]
    who = name(new, fighter)
    if won:
        keep = True
        if dylan_dog:
            keep = (
                ref.consult(
                    pts.HORROR_DYLAN_DOG, "a horror card was defeated with a Dylan Dog card"
                )
                == "possession"
            )
        if keep:
            p = new["players"][fighter]
            new = with_player(
                new,
                fighter,
                horror=p["horror"] + [{"name": fight["name"], "threshold": fight["threshold"]}],
            )
        text = f"{who} beats {fight['name']} with {how}" + (
            " and takes possession of it" if keep else ""
        )
        if (
            ref.consult(pts.HORROR_SUCCESS_RETURN, "a horror card drawn from a crypt was beaten")
            == "return"
        ):
            new = send_to_reality(new, fighter)
            text += ", then returns to reality"
        return new, text
    new = send_to_reality(new, fighter)
    if new["players"][fighter]["mystery"]:
        new = add_pending(
            new, {"kind": "forfeit", "player": fighter, "to": "crypt", "crypt": fight["crypt"]}
        )
    text = f"{who} loses to {fight['name']} ({how})"
    return new, text + ": back to reality, and a mystery card goes back into the crypt"


def on_challenge(state, actor, data, ref):
    """dylan-dog/horror-cards: a held horror card against a player on the same plane."""
    who = name(state, actor)
    target, horror = data["target"], data["horror"]
    if target not in state["players"] or target == actor:
        ref.violation(P + "horror-cards", f"{target!r} is not another player of this match")
        return state, f"{who} challenges nobody (ignored)"
    if state["fight"] is not None:
        ref.violation(P + "horror-cards", "a horror card is already being fought")
        return state, f"{who} challenges during a fight (ignored)"
    player = state["players"][actor]
    card = next((h for h in player["horror"] if h["name"] == horror), None)
    if card is None:
        ref.violation(P + "horror-cards", f"{who} does not hold the horror card {horror}")
        return state, f"{who} challenges with a horror card they do not hold (ignored)"
    turn = state["turn"]
    timing = ref.consult(pts.CHALLENGE_TIMING, f"{who} challenges with a horror card")
    resume = turn["phase"]
    if timing == "instead-of-throw":
        if actor != turn["player"] or turn["phase"] not in ("setup", "before-roll"):
            ref.violation(
                P + "horror-cards",
                "a challenge takes the place of one's own throw",
                point=pts.CHALLENGE_TIMING,
            )
        resume = "resolve" if actor == turn["player"] else turn["phase"]
    planes = [challenge_plane(state, pid, ref) for pid in (actor, target)]
    if planes[0] is None or planes[0] != planes[1]:
        ref.violation(
            P + "horror-cards", f"{name(state, target)} is not on the same plane as {who}"
        )
    new = with_player(state, actor, horror=[h for h in player["horror"] if h is not card])
    new["fight"] = {
        "fighter": target,
        "name": horror,
        "threshold": card["threshold"],
        "source": "challenge",
        "crypt": None,
        "challenger": actor,
        "resume": resume,
    }
    ref.effect("challenge", player=actor, target=target, horror=horror)
    text = f"{who} challenges {name(state, target)} with the horror card {horror}"
    return new, f"{text} ({card['threshold']})"


def challenge_plane(state, pid, ref):
    """The plane a player stands on for a challenge (None: in a crypt, on no plane)."""
    square = state["players"][pid]["square"]
    if (
        square in CRYPT_OF_SQUARE
        and ref.consult(pts.CRYPT_PLANE, "a pawn in a crypt is part of a challenge") == "none"
    ):
        return None
    return PLANE[square]


def on_forfeit(state, actor, data, ref):
    """dylan-dog/horror-cards: a mystery card back into the crypt, or to the challenger on
    request."""
    who = name(state, actor)
    card = data["card"]
    index, item = owed_forfeit(state, actor, ref)
    if item is None or state["fight"] is not None:
        ref.violation(P + "horror-cards", f"{who} owes no mystery card now")
        return state, f"{who} gives up a mystery card without cause (ignored)"
    giver = item["player"]
    if card not in state["players"][giver]["mystery"]:
        ref.violation(
            P + "horror-cards", f"{name(state, giver)} does not hold the mystery card {card}"
        )
        return state, f"{name(state, giver)} gives up a card they do not hold (ignored)"
    new = drop_pending(state, index)
    if item["to"] == "crypt":
        crypt = data.get("crypt") or item["crypt"]
        if (
            crypt != item["crypt"]
            and ref.consult(
                pts.HORROR_PENALTY_CRYPT,
                f"the card goes into the {crypt} crypt, not {item['crypt']}",
            )
            == "same-crypt"
        ):
            ref.violation(
                P + "horror-cards",
                f"the card goes back into the {item['crypt']} crypt",
                point=pts.HORROR_PENALTY_CRYPT,
            )
        g = new["players"][giver]
        new = with_player(
            new,
            giver,
            mystery=[c for c in g["mystery"] if c != card],
            mystery_hidden=[c for c in g["mystery_hidden"] if c != card],
        )
        new["crypts"] = {**new["crypts"], crypt: new["crypts"][crypt] + 1}
        ref.effect("forfeit", player=giver, card=card, crypt=crypt)
        return new, f"{name(state, giver)} puts the mystery card {card} back into the {crypt} crypt"
    new, _ = transfer(new, giver, item["to"], [card])
    ref.effect("forfeit", player=giver, card=card, to=item["to"])
    new = check_win(new, [item["to"]], ref)
    return new, f"{name(state, giver)} hands the mystery card {card} to {name(state, item['to'])}"


def owed_forfeit(state, actor, ref):
    """(index, item) of the first mystery card ``actor`` gives up or asks for, or (-1, None);
    who hands over "on request" after a challenge is a point of interpretation."""
    index, item = owed_by(state, actor)
    if item is not None and item["to"] != "crypt":
        chooser = ref.consult(
            pts.FORFEIT_CHOOSER, "a lost challenge: a mystery card is handed over on request"
        )
        expected = item["to"] if chooser == "challenger-chooses" else item["player"]
        if actor != expected:
            ref.violation(
                P + "horror-cards",
                f"{name(state, expected)} chooses the card handed over",
                point=pts.FORFEIT_CHOOSER,
            )
    return index, item


def owed_by(state, pid):
    """(index, item) of the first pending forfeit ``pid`` gives or is owed, or (-1, None)."""
    for index, item in enumerate(state["pending"]):
        if item["kind"] != "forfeit":
            continue
        if (item["player"] == pid) if item["to"] == "crypt" else pid in (item["player"], item["to"]):
            return index, item
    return -1, None


def offer_challenge(state, interpretation) -> list[Choice]:
    """A held horror card played against another player on the same plane: before one's own
    throw, or at any time (a point of interpretation)."""
    if state["fight"] is not None:
        return []
    turn = state["turn"]
    before_throw = turn["phase"] in ("setup", "before-roll")
    any_time = interpretation.option(pts.CHALLENGE_TIMING.id) == "any-time"
    crypt_on_no_plane = interpretation.option(pts.CRYPT_PLANE.id) == "none"

    def plane(pid):
        square = state["players"][pid]["square"]
        in_crypt = square in CRYPT_OF_SQUARE
        return (None if in_crypt and crypt_on_no_plane else PLANE[square]), in_crypt

    offered = []
    for pid, player in state["players"].items():
        if not player["horror"]:
            continue
        instead_of_throw = pid == turn["player"] and before_throw
        if not (instead_of_throw or any_time):
            continue
        timing = () if instead_of_throw else (pts.CHALLENGE_TIMING.id,)
        mine, mine_in_crypt = plane(pid)
        for target in state["order"]:
            theirs, theirs_in_crypt = plane(target)
            if target == pid or mine is None or mine != theirs:
                continue
            crypt_point = (pts.CRYPT_PLANE.id,) if mine_in_crypt or theirs_in_crypt else ()
            for horror in dict.fromkeys(h["name"] for h in player["horror"]):
                offered.append(Choice(
                    event=event("challenge", pid, target=target, horror=horror),
                    label=f"{player['name']} challenges {name(state, target)} with the horror "
                    f"card {horror}",
                    spaces=(state["players"][target]["square"],),
                    points=timing + crypt_point,
                ))
    return offered


def offer_forfeit(state, interpretation) -> list[Choice]:
    """A mystery card given up: back into the crypt after losing to a horror card, or handed
    to the challenger (chosen by whoever the reading says chooses)."""
    if state["fight"] is not None:
        return []
    challenger_chooses = (
        interpretation.option(pts.FORFEIT_CHOOSER.id) == "challenger-chooses"
    )
    any_crypt = interpretation.option(pts.HORROR_PENALTY_CRYPT.id) == "any-crypt"
    offered = []
    for pid in state["order"]:
        _index, item = owed_by(state, pid)
        if item is None:
            continue
        giver = item["player"]
        cards = sorted(set(state["players"][giver]["mystery"]))
        if item["to"] == "crypt":
            crypt = item["crypt"]
            for card in cards:
                words = f"{name(state, giver)} puts the mystery card {card} back into the crypt"
                offered.append(Choice(event=event("forfeit", pid, card=card),
                                      label=f"{words} of {DIMENSION[crypt]}"))
                for other in CRYPT_NAMES if any_crypt else (crypt,):
                    offered.append(Choice(
                        event=event("forfeit", pid, card=card, crypt=other),
                        label=f"{words} of {DIMENSION[other]}",
                        points=() if other == crypt else (pts.HORROR_PENALTY_CRYPT.id,),
                    ))
            continue
        chooser = item["to"] if challenger_chooses else giver
        if pid != chooser:
            continue
        offered += [
            Choice(event=event("forfeit", pid, card=card),
                   label=f"{name(state, giver)} hands the mystery card {card} to "
                   f"{name(state, item['to'])}",
                   optional_fields=("crypt",), points=(pts.FORFEIT_CHOOSER.id,))
            for card in cards
        ]
    return offered

