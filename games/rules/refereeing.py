"""What every handler of a rules document does first and last: check that the actor is the one
to act (the document may say who begins only under a reading, so the first turn is known once
the first event is read), then settle the turn and see whether the game has ended."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.draft import Draft
from games.core.points import Citation, InterpretationPoint
from games.core.referee import Referee
from games.rules.clauses import Consulting
from games.rules.effects import Context
from games.rules.ends import check_ends
from games.rules.model import RulesGame
from games.rules.occupancy import carry_occupancy
from games.rules.state import player_name
from games.rules.turns import Now, now, settle

LEGIBILITY = "[Legibility"  # a note on how the text was read (archive.parsing)


def begin(game: RulesGame, state: Mapping[str, Any], actor: str | None, ref: Referee
          ) -> tuple[Context, Now] | None:
    """The event's context and what may come next, or None (flagged) when ``actor`` is not
    the player to act."""
    ctx = Context(game, ref, Consulting(ref))
    current = now(game, state, ctx.read)
    if actor != current.actor:
        ref.violation(game.turn_rule, f"it is {player_name(state, current.actor)}'s turn, not "
                      f"{player_name(state, actor)}'s; the event is skipped")
        return None
    return ctx, current


def forbid(ref: Referee, rule: str, message: str, citations: tuple[Citation, ...], *,
           point: InterpretationPoint | None = None) -> None:
    """A violation of a clause, citing it (of a point's reading, with ``point``); where a
    quote rests on a legibility note of the transcription, the step says the text is
    uncertain too."""
    ref.violation(rule, message, point=point, citations=citations)
    for citation in citations:
        if citation.note.startswith(LEGIBILITY):
            ref.uncertain(citation, f"the rule broken rests on a doubtful reading: {citation.note}")


def draft_for(state: Mapping[str, Any], current: Now) -> Draft:
    draft = Draft(state)
    draft.state["turn"] = current.actor
    return draft


def finish(ctx: Context, draft: Draft, before: Mapping[str, Any]) -> dict:
    settle(ctx, draft)
    state = draft.state
    pieces = state["pieces"]
    moved = pieces is not before["pieces"]
    if moved:
        carry_occupancy(before["pieces"], pieces, draft.edited("pieces"))
    check_ends(ctx, draft, moved=moved)
    return state
