"""dylan-dog/the-end-of-the-game: the first to hold the 4 mystery cards of their story wins."""

from __future__ import annotations

from games.core.draft import Draft
from games.core.referee import Referee
from games.dylan_dog import points as pts
from games.dylan_dog.state import name, story_complete


def check_win(draft: Draft, gainers: list[str], ref: Referee) -> None:
    """The match ends when one of ``gainers`` (who just received a card) holds their story."""
    state = draft.state
    current = state["turn"]["player"]
    winners = []
    for pid in gainers:
        if not story_complete(state["players"][pid]):
            continue
        if (
            pid == current
            or ref.consult(
                pts.WIN_TIMING,
                f"{name(state, pid)} completed their story during another player's turn",
            )
            == "immediately"
        ):
            winners.append(pid)
    if not winners:
        return
    winner = winners[0]
    if len(winners) > 1:
        acting = current if current in winners else winners[0]
        other = next(w for w in winners if w != acting)
        choice = ref.consult(pts.SIMULTANEOUS_WIN, "one exchange completed two stories at once")
        winner = acting if choice == "acting-player" else other
    _finish(draft, winner, f"{name(state, winner)} holds the 4 mystery cards of their story "
            "and escapes", ref)


def win_at_turn_start(draft: Draft, pid: str, ref: Referee) -> None:
    """A player who begins their turn holding their story wins (it was completed earlier)."""
    if story_complete(draft.state["players"][pid]):
        _finish(draft, pid, f"{name(draft.state, pid)} begins their turn holding the 4 mystery "
                "cards of their story", ref)


def _finish(draft: Draft, winner: str, reason: str, ref: Referee) -> None:
    draft.state.update(finished=True, winner=winner, reason=reason)
    ref.effect("victory", player=winner)
