"""dylan-dog/horror-cards: the fight against a horror card drawn from a crypt or played in a
challenge, and the mystery card a loser gives up."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    CRYPT_NAMES,
    CRYPT_OF_SQUARE,
    DIMENSION,
    PLANE,
    card_words,
    face_words,
    threshold_words,
)
from games.dylan_dog.exchange import mystery_as_seen, transfer
from games.dylan_dog.passages import HORROR
from games.dylan_dog.reaching_the_mystery_crypts import send_to_reality
from games.dylan_dog.state import add_pending, drop_pending, name
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


def resolve_fight(draft: Draft, ref, *, won: bool, face: str | None = None,
                  dylan_dog: bool = False) -> str:
    """dylan-dog/horror-cards: possession, defeat, or the penalty; returns what happened."""
    fight = draft.state["fight"]
    fighter = fight["fighter"]
    who = name(draft.state, fighter)
    draft.state["fight"] = None
    draft.update("turn", phase=fight["resume"])
    how = "a Dylan Dog card" if dylan_dog else f"a throw of {face_words(face)}"
    ref.effect(
        "fight", player=fighter, horror=fight["name"], won=won, face=face, dylan_dog=dylan_dog
    )
    if fight["source"] == "crypt":
        return _crypt_fight_over(draft, fight, ref, won=won, how=how, dylan_dog=dylan_dog)
    challenger = fight["challenger"]
    if won:
        text = f"{who} beats {name(draft.state, challenger)}'s {fight['name']} with {how}"
        return text + "; the card leaves the game"
    text = f"{who} loses to {name(draft.state, challenger)}'s {fight['name']} ({how})"
    if draft.state["players"][fighter]["mystery"]:
        add_pending(draft, {"kind": "forfeit", "player": fighter, "to": challenger})
        text += " and must hand over a mystery card"
    if (
        ref.consult(pts.CHALLENGE_FAILURE_RETURN, "a challenged player lost the fight")
        == "return-to-reality"
    ):
        send_to_reality(draft, fighter)
        text += ", and returns to reality"
    return text


def _crypt_fight_over(draft, fight, ref, *, won, how, dylan_dog) -> str:
    fighter = fight["fighter"]
    who = name(draft.state, fighter)
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
            player = draft.edit("players", fighter)
            player["horror"] = player["horror"] + [{"name": fight["name"],
                                                    "threshold": fight["threshold"]}]
        text = f"{who} beats {fight['name']} with {how}" + (
            " and takes possession of it" if keep else ""
        )
        if (
            ref.consult(pts.HORROR_SUCCESS_RETURN, "a horror card drawn from a crypt was beaten")
            == "return"
        ):
            send_to_reality(draft, fighter)
            text += ", then returns to reality"
        return text
    send_to_reality(draft, fighter)
    if draft.state["players"][fighter]["mystery"]:
        add_pending(
            draft, {"kind": "forfeit", "player": fighter, "to": "crypt", "crypt": fight["crypt"]}
        )
    text = f"{who} loses to {fight['name']} ({how})"
    return text + ": back to reality, and a mystery card goes back into the crypt"


def on_challenge(state, actor, data, ref):
    """dylan-dog/horror-cards: a held horror card against a player on the same plane."""
    who = name(state, actor)
    target, horror = data["target"], data["horror"]
    if target not in state["players"] or target == actor:
        ref.violation(HORROR, f"{target!r} is not another player of this match")
        return state, f"{who} challenges nobody (ignored)"
    if state["fight"] is not None:
        ref.violation(HORROR, "a horror card is already being fought")
        return state, f"{who} challenges during a fight (ignored)"
    player = state["players"][actor]
    card = next((h for h in player["horror"] if h["name"] == horror), None)
    if card is None:
        ref.violation(HORROR, f"{who} does not hold the horror card {horror}")
        return state, f"{who} challenges with a horror card they do not hold (ignored)"
    turn = state["turn"]
    timing = ref.consult(pts.CHALLENGE_TIMING, f"{who} challenges with a horror card")
    resume = turn["phase"]
    if timing == "instead-of-throw":
        if actor != turn["player"] or turn["phase"] not in ("setup", "before-roll"):
            ref.violation(
                HORROR,
                "a challenge takes the place of one's own throw",
                point=pts.CHALLENGE_TIMING,
            )
        resume = "resolve" if actor == turn["player"] else turn["phase"]
    planes = [challenge_plane(state, pid, ref) for pid in (actor, target)]
    if planes[0] is None or planes[0] != planes[1]:
        ref.violation(
            HORROR, f"{name(state, target)} is not on the same plane as {who}"
        )
    draft = Draft(state)
    draft.update("players", actor, horror=[h for h in player["horror"] if h is not card])
    draft.state["fight"] = {
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
    return draft.state, f"{text} ({threshold_words(card['threshold'])})"


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
        ref.violation(HORROR, f"{who} owes no mystery card now")
        return state, f"{who} gives up a mystery card without cause (ignored)"
    giver = item["player"]
    if card not in state["players"][giver]["mystery"]:
        ref.violation(
            HORROR, f"{name(state, giver)} does not hold the mystery card {card_words(card)}"
        )
        return state, f"{name(state, giver)} gives up a card they do not hold (ignored)"
    draft = Draft(state)
    drop_pending(draft, index)
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
                HORROR,
                f"the card goes back into the {item['crypt']} crypt",
                point=pts.HORROR_PENALTY_CRYPT,
            )
        held = draft.edit("players", giver)
        held["mystery"] = [c for c in held["mystery"] if c != card]
        held["mystery_hidden"] = [c for c in held["mystery_hidden"] if c != card]
        draft.set("crypts", crypt, draft.state["crypts"][crypt] + 1)
        ref.effect("forfeit", player=giver, card=card, crypt=crypt)
        return draft.state, (f"{name(state, giver)} puts the mystery card {card_words(card)} back into the "
                             f"{crypt} crypt")
    if "crypt" in data:
        ref.violation(HORROR, "a mystery card handed over to a challenger goes into no "
                      "crypt: the record names one")
    transfer(draft, giver, item["to"], [card])
    ref.effect("forfeit", player=giver, card=card, to=item["to"])
    check_win(draft, [item["to"]], ref)
    return draft.state, (f"{name(state, giver)} hands the mystery card {card_words(card)} to "
                         f"{name(state, item['to'])}")


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
                HORROR,
                f"{name(state, expected)} chooses the card handed over",
                point=pts.FORFEIT_CHOOSER,
            )
    return index, item


def owed_by(state, pid):
    """(index, item) of the first pending forfeit ``pid`` gives or is owed, or (-1, None); a
    player who holds no mystery card owes none (``duties``)."""
    for index, item in enumerate(state["pending"]):
        if item["kind"] != "forfeit" or not state["players"][item["player"]]["mystery"]:
            continue
        if (item["player"] == pid) if item["to"] == "crypt" else pid in (item["player"], item["to"]):
            return index, item
    return -1, None


# -- what may come next ----------------------------------------------------------------------


def offer_challenge(at: Offering) -> list[Choice]:
    """A held horror card played against another player on the same plane: before one's own
    throw, or at any time (a point of interpretation). One choice for each challenger, the
    player challenged and the card open."""
    state = at.state
    if state["fight"] is not None:
        return []
    turn = state["turn"]
    before_throw = turn["phase"] in ("setup", "before-roll")
    any_time = at.option(pts.CHALLENGE_TIMING) == "any-time"
    crypt_on_no_plane = at.option(pts.CRYPT_PLANE) == "none"

    def plane(pid):
        square = state["players"][pid]["square"]
        in_crypt = square in CRYPT_OF_SQUARE
        return (None if in_crypt and crypt_on_no_plane else PLANE[square]), in_crypt

    offered = []
    for pid in state["order"]:
        player = state["players"][pid]
        if not player["horror"] or at.viewer not in (None, pid):
            continue
        instead_of_throw = pid == turn["player"] and before_throw
        if not (instead_of_throw or any_time):
            continue
        mine, mine_in_crypt = plane(pid)
        if mine is None:
            continue
        targets, in_crypt = [], mine_in_crypt
        for target in state["order"]:
            theirs, theirs_in_crypt = plane(target)
            if target != pid and theirs == mine:
                targets.append(target)
                in_crypt = in_crypt or theirs_in_crypt
        if not targets:
            continue
        points = (() if instead_of_throw else (pts.CHALLENGE_TIMING.id,)) + (
            (pts.CRYPT_PLANE.id,) if in_crypt else ())
        cards = tuple(dict.fromkeys(h["name"] for h in player["horror"]))
        threshold = {h["name"]: h["threshold"] for h in player["horror"]}
        squares = tuple(state["players"][t]["square"] for t in targets)
        offered.append(Choice(
            event("challenge", pid),
            f"{player['name']} challenges another player with a horror card",
            fields=(
                OpenField("target", one_of(targets, label=lambda t: name(state, t),
                                           space=lambda t: state["players"][t]["square"]),
                          prompt="The player challenged"),
                OpenField("horror", one_of(cards, label=lambda c, value=threshold: f"{c} "
                                           f"({threshold_words(value[c])})"),
                          prompt="The horror card played")),
            origin=player["square"], spaces=squares, points=points))
    return offered


def offer_forfeit(at: Offering) -> list[Choice]:
    """A mystery card given up: back into the crypt after losing to a horror card, or handed
    to the challenger (chosen by whoever the reading says chooses); the card open."""
    state = at.state
    if state["fight"] is not None:
        return []
    challenger_chooses = at.option(pts.FORFEIT_CHOOSER) == "challenger-chooses"
    any_crypt = at.option(pts.HORROR_PENALTY_CRYPT) == "any-crypt"
    offered = []
    for pid in state["order"]:
        if at.viewer not in (None, pid):
            continue
        _index, item = owed_by(state, pid)
        if item is None:
            continue
        giver = item["player"]
        if item["to"] == "crypt":
            crypt = item["crypt"]
            cards = tuple(dict.fromkeys(state["players"][giver]["mystery"]))
            crypts = (crypt, *(c for c in CRYPT_NAMES if c != crypt)) if any_crypt else (crypt,)
            offered.append(Choice(
                event("forfeit", pid),
                f"{name(state, giver)} puts a mystery card back into the crypt of "
                f"{DIMENSION[crypt]}",
                fields=(OpenField("card", one_of(cards, label=card_words),
                                  prompt="The mystery card given up"),
                        OpenField("crypt", one_of(crypts, label=lambda c: f"the crypt of "
                                                  f"{DIMENSION[c]}"),
                                  prompt="The crypt it goes into", optional=True)),
                points=(pts.HORROR_PENALTY_CRYPT.id,) if any_crypt else ()))
            continue
        chooser = item["to"] if challenger_chooses else giver
        if pid != chooser:
            continue
        cards = mystery_as_seen(state, giver)
        offered.append(Choice(
            event("forfeit", pid),
            f"{name(state, giver)} hands a mystery card to {name(state, item['to'])}",
            fields=(OpenField("card", one_of(cards, label=card_words),
                              prompt="The mystery card handed over"),),
            omitted=("crypt",), points=(pts.FORFEIT_CHOOSER.id,)))
    return offered


RULES = {
    "challenge": (on_challenge, offer_challenge),
    "forfeit": (on_forfeit, offer_forfeit),
}
