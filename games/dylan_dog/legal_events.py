"""What a correct record could hold next: each rulebook section offers the events it
referees, under the reading given."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.choices import Choice
from games.core.points import Interpretation
from games.dylan_dog.before_playing import offer_story_cards
from games.dylan_dog.dylan_dog_cards import offer_play_dylan_dog
from games.dylan_dog.exchange import offer_exchange
from games.dylan_dog.horror_cards import offer_challenge, offer_forfeit
from games.dylan_dog.later_turns import offer_end_turn, offer_move
from games.dylan_dog.moving_between_planes import offer_enter_crypt
from games.dylan_dog.nightmare_cards import offer_nightmare_card
from games.dylan_dog.reaching_the_mystery_crypts import offer_crypt_card, offer_place
from games.dylan_dog.shadow_squares import offer_show_shadow, offer_trap
from games.dylan_dog.the_die import offer_roll
from games.dylan_dog.the_nightmare_plane import offer_take_dylan_dog

OFFERS = (
    offer_story_cards,
    offer_exchange,
    offer_challenge,
    offer_roll,
    offer_move,
    offer_nightmare_card,
    offer_enter_crypt,
    offer_take_dylan_dog,
    offer_crypt_card,
    offer_play_dylan_dog,
    offer_trap,
    offer_forfeit,
    offer_place,
    offer_show_shadow,
    offer_end_turn,
)


def offered(state: Mapping[str, Any], interpretation: Interpretation) -> list[Choice]:
    if state["finished"]:
        return []
    return [choice for offer in OFFERS for choice in offer(state, interpretation)]
