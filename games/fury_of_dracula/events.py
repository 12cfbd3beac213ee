"""Event vocabulary of La Furia di Dracula: what each recorded event carries (README lists examples).

Cards, tickets and their values are physical observations: a `draw_event` records what was drawn
and where it went, a `book_ticket` the faces of the ticket taken, a `combat_round` the two cards
revealed and the banner's highlighted icons.
"""

from __future__ import annotations

from games.core.events import EventSpec, Field

CARD = Field(
    "str", required=False, refers="card",
    description="the card's name as written, or '?' if unseen",
)
HUNTER = Field("str", refers="player", description="the hunter")
SPACE = "space"

EVENT_SPECS = (
    EventSpec(
        "time_passes",
        "Time moves on one step: day → dusk → night → dawn → day.",
        {},
        actor_required=False,
    ),
    EventSpec(
        "book_ticket",
        "A hunter takes a ticket token (action Prenota un biglietto); its faces as observed.",
        {
            "white": Field("int", low=1, high=9, description="the white value"),
            "yellow": Field(
                "int", required=False, low=1, high=9, description="the yellow value; absent if none"
            ),
        },
    ),
    EventSpec(
        "move",
        "A hunter moves: path from his space (first item) to where he ends (last item).",
        {
            "mode": Field("str", allowed=("road", "rail", "sea")),
            "path": Field("list[str]", min_items=2, max_items=12, refers=SPACE),
            "ticket_white": Field(
                "int", required=False, low=1, high=9, description="rail: white value of the ticket spent"
            ),
            "ticket_yellow": Field(
                "int", required=False, low=1, high=9, description="rail: its yellow value (absent if none)"
            ),
        },
    ),
    EventSpec(
        "draw_event",
        "A hunter draws an event card: which end of the deck, the icon on it, where it went.",
        {
            "end": Field("str", allowed=("top", "bottom")),
            "icon": Field("str", allowed=("hunter", "dracula")),
            "card": CARD,
            "to": Field(
                "str", required=False, description="the player who took it, or 'discard' (face down)"
            ),
        },
    ),
    EventSpec("gain_item", "A hunter takes an item card (item deck: full game).", {"card": CARD}),
    EventSpec(
        "reveal_card",
        "A hunter lays one of his cards face up and keeps it revealed.",
        {"kind": Field("str", allowed=("event", "item")), "card": Field("str", refers="card")},
    ),
    EventSpec(
        "discard",
        "A player discards one of his cards.",
        {"kind": Field("str", allowed=("event", "item")), "card": Field("str", refers="card")},
    ),
    EventSpec(
        "dracula_move",
        "Dracula places a Location card on the first space of his trail, maybe with an Encounter.",
        {
            "space": Field(
                "str", refers=SPACE, description="the city or sea zone of the Location card"
            ),
            "encounter": CARD,
        },
    ),
    EventSpec(
        "ambush",
        "Dracula ambushes a hunter who ended his movement in a hideout: reveals and resolves an "
        "Encounter there.",
        {
            "hunter": HUNTER,
            "encounter": Field("str", refers="card", description="the Encounter card revealed"),
            "matured": Field("bool", required=False, description="its matured effect was applied"),
        },
    ),
    EventSpec(
        "renounce",
        "Dracula renounces ambushing the hunter in a hideout.",
        {"hunter": HUNTER},
    ),
    EventSpec(
        "search",
        "A hunter takes the Search action (Cerca) to resolve an Encounter in the hideout.",
        {
            "encounter": CARD,
            "matured": Field("bool", required=False, description="its matured effect was applied"),
        },
    ),
    EventSpec(
        "combat_round",
        "One round of combat: the two cards chosen secretly and revealed, the banner's icons.",
        {
            "hunter": HUNTER,
            "dracula_card": Field("str", refers="card"),
            "dracula_icon": Field("str", description="the icon on Dracula's combat card"),
            "hunter_card": Field("str", refers="card"),
            "banner": Field(
                "list[str]", max_items=12, description="icons highlighted on the hunter's banner"
            ),
            "dracula_resolved": Field("bool", description="Dracula's card took effect"),
            "hunter_resolved": Field(
                "bool", required=False, description="the hunter's card took effect (default true)"
            ),
            "escape": Field("bool", required=False, description="Dracula's card is an Escape (Fuga)"),
        },
    ),
    EventSpec(
        "bite",
        "A hunter is bitten (puts a bite token on his sheet); optionally the cards he reveals.",
        {
            "hunter": HUNTER,
            "reveal_event": Field("str", required=False, refers="card"),
            "reveal_item": Field("str", required=False, refers="card"),
        },
        actor_required=False,
    ),
    EventSpec(
        "damage",
        "A hunter takes damage tokens (health: full game).",
        {"hunter": HUNTER, "amount": Field("int", low=1, high=20)},
        actor_required=False,
    ),
    EventSpec(
        "hunter_defeated",
        "A hunter is defeated for a reason of the full game (e.g. damage).",
        {"hunter": HUNTER, "cause": Field("str", required=False)},
        actor_required=False,
    ),
    EventSpec("flee", "A hunter flees the combat.", {}),
    EventSpec(
        "combat_ends",
        "The record says the combat under way ended, for the reason it gives (the listed end "
        "conditions are derived from the other events; this records any other).",
        {"reason": Field("str", description="the reason as written on the record")},
        actor_required=False,
    ),
    EventSpec(
        "dracula_revealed",
        "The record says Dracula was revealed (his miniature placed on the board) in a space.",
        {"space": Field("str", refers=SPACE, description="the city or sea zone where he was revealed")},
        actor_required=False,
    ),
    EventSpec(
        "influence",
        "Dracula moves his influence marker to a space of the track.",
        {"to": Field("int", low=0, high=13)},
    ),
    EventSpec(
        "dracula_defeated",
        "The hunters defeat Dracula in combat.",
        {},
        actor_required=False,
    ),
    EventSpec(
        "hospital",
        "At dawn a defeated hunter is placed on a hospital space.",
        {"hunter": HUNTER, "space": Field("str", refers=SPACE)},
        actor_required=False,
    ),
    EventSpec(
        "game_over",
        "The record says the match ended (needed under victory=recorded-only).",
        {
            "winner": Field("str", allowed=("hunters", "dracula")),
            "reason": Field("str", required=False),
        },
        actor_required=False,
    ),
)

# Who may record what: a hunter's actions, and Dracula's.
HUNTER_EVENTS = frozenset(
    {"book_ticket", "move", "draw_event", "gain_item", "reveal_card", "search", "flee"}
)
DRACULA_EVENTS = frozenset({"dracula_move", "ambush", "renounce", "combat_round", "influence"})
