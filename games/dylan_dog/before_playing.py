"""dylan-dog/before-playing: each player's four hidden story cards."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog.board import BY_CATEGORY, CATEGORIES, STORY, card_words
from games.dylan_dog.passages import BEFORE_PLAYING

KIND_WORDS = {"investigator": "investigator card", "action": "action card",
              "location": "location card", "fear": "fear card"}


def story_of(data) -> tuple[list[str], str | None]:
    """The four cards a record gives, kind by kind or as one list (older records), and what
    is wrong with its form, if anything."""
    by_kind = [kind for kind in CATEGORIES if kind in data]
    if "cards" in data:
        problem = "the story is given both kind by kind and as one list" if by_kind else None
        return list(data.get("cards") or []), problem
    return [data[kind] for kind in by_kind], None


def kinds_wrong(cards) -> str:
    """What is wrong with the kinds of four story cards, in words ("two investigator cards
    (“you”, “the detective”) and no fear card"); empty when there is one of each."""
    by_kind = {kind: [c for c in cards if STORY.get(c, {}).get("category") == kind]
               for kind in CATEGORIES}
    said = []
    for kind, held in by_kind.items():
        if len(held) > 1:
            said.append(f"{COUNT_WORDS.get(len(held), len(held))} {KIND_WORDS[kind]}s "
                        f"({', '.join(map(card_words, held))})")
    said += [f"no {KIND_WORDS[kind]}" for kind, held in by_kind.items() if not held]
    strangers = [c for c in cards if c not in STORY]
    if strangers:
        said.append(f"{', '.join(map(card_words, strangers))}, which is no story card")
    return " and ".join(said)


COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def story_words(story) -> str:
    """A story read in sequence, as the rulebook does ("you - are chased - to the castle - by
    the vampire")."""
    return " - ".join(STORY[c]["name"] if c in STORY else c for c in story)


def on_story_cards(state, actor, data, ref):
    """dylan-dog/before-playing: one investigator, action, location and fear card, hidden."""
    cards, problem = story_of(data)
    player = state["players"][actor]
    if player["story"] is not None:
        ref.violation(BEFORE_PLAYING, f"{player['name']} already drew their 4 story cards")
        return state, f"{player['name']} records story cards again (ignored)"
    if state["turn"]["phase"] != "setup":
        ref.violation(BEFORE_PLAYING, "story cards are drawn before playing")
    if problem:
        ref.violation(BEFORE_PLAYING, problem)
    wrong = kinds_wrong(cards)
    if wrong:
        ref.violation(
            BEFORE_PLAYING,
            "the 4 story cards must be one investigator, one action, one location and one "
            f"fear card, not {wrong}",
        )
    taken = [c for p in state["players"].values() if p["story"] for c in p["story"] if c in cards]
    if taken:
        ref.violation(BEFORE_PLAYING,
                      f"the story card {card_words(taken[0])} is already another player's")
    draft = Draft(state)
    draft.update("players", actor, story=cards)
    return draft.state, f"{player['name']} draws 4 story cards"


def offer_story_cards(at: Offering) -> list[Choice]:
    """Each player still without a story draws one card of each kind, among the cards that can
    still come: one chance choice, a card of each kind open (each as likely as the next).
    Records made before the story was recorded kind by kind give the four in one list: a form
    kept so that they replay as they did (``cards``, a former field), never offered."""
    state = at.state
    if state["turn"]["phase"] != "setup":
        return []
    seen = [c for p in state["players"].values() if p["story"] for c in p["story"]]
    left = {kind: tuple(c for c in BY_CATEGORY[kind] if c not in seen) for kind in CATEGORIES}
    offered: list[Choice] = []
    for pid in state["order"]:
        player = state["players"][pid]
        if at.viewer not in (None, pid) or player["story"] is not None:
            continue
        who = player["name"]
        fields = tuple(
            OpenField(kind, one_of(left[kind], label=card_words, weight=lambda _card: 1.0),
                      prompt=f"The {KIND_WORDS[kind]}")
            for kind in CATEGORIES)
        offered.append(Choice(event("story_cards", pid), f"{who} draws 4 story cards",
                              chance=True, fields=fields, omitted=("cards",)))
    return offered


RULES = {"story_cards": (on_story_cards, offer_story_cards)}

