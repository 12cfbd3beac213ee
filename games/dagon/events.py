"""Dagon's event vocabulary: each event type and its data fields (examples in README.md).

A field that names a space of the board or a player says so (``refers``), so a record naming
a space the board does not have is refused before it is stored.
"""

from __future__ import annotations

from games.core.events import EventSpec, Field

DIE = {"low": 1, "high": 6}
SPACE = "the space where it is placed"

EVENT_SPECS = (
    EventSpec("roll", "The player whose turn it is rolls the fetish die for its move (the "
              "movement roll of the dagon.move-length conjectures).",
              {"value": Field("int", **DIE, description="the face shown, 1 to 6")}),
    EventSpec("move", "The Hero moves along the route; the path starts at its current space.",
              {"path": Field("list[str]", min_items=2, max_items=7, refers="space",
                             description="from the current space to where it stops")}),
    EventSpec("spell_card", "The top Spell card is turned over: the Spell's strength.",
              {"strength": Field("int", **DIE, description="the number on the Spell card")}),
    EventSpec("duel_roll", "The fetish die rolled against the Wizard's Spell.",
              {"value": Field("int", **DIE, description="the face shown, 1 to 6")}),
    EventSpec("attack", "The Hero attacks the Hero on the space where its move ended; the "
              "attacked Hero goes to a Lagoon space.",
              {"target": Field("str", refers="player", description="the attacked player"),
               "lagoon": Field("str", refers="space",
                               description="the Lagoon space the attacked Hero goes to"),
               "lagoon_chosen_by": Field("str", refers="player",
                                         description="the player who chose it")}),
    EventSpec("take_symbol", "The Hero takes the Dagon Symbol from the space it stopped on.", {}),
    EventSpec("place_symbol", "The Hero that delivered or lost the Symbol places it.",
              {"space": Field("str", refers="space", description=SPACE)}),
    EventSpec("place_tower", "A Black Tower from the reserve is placed (Black Tower space).",
              {"space": Field("str", refers="space", description=SPACE)}),
    EventSpec("move_tower", "A Black Tower already on the board is moved (the Whistle).",
              {"from": Field("str", refers="space", description="the tower's space"),
               "to": Field("str", refers="space",
                           description="the free white space it goes to")}),
    EventSpec("return_wizard_card", "The Hero holding the Wizard card returns it.", {}),
    EventSpec("pass", "The player passes: sits out a turn, is blocked, or declines an "
              "optional action (the extra move, taking the Symbol).",
              {"reason": Field("str", required=False, description="free text")}),
)
