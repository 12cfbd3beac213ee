"""The board's geometry, shared by the checks and the interpreter: counting along a track (and
what happens past its end), the heading of a link, the space beyond a jumped piece."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

EPSILON = 1e-6


def walk(spaces: tuple[str, ...], index: int, count: int, direction: int, past_end: str
         ) -> tuple[int, int, tuple[str, ...]] | None:
    """Count ``count`` spaces along a track from ``index`` (``direction`` +1 forward, -1
    back; a negative count turns round). Returns (index reached, direction after, spaces
    passed over), or None when the count takes the piece past the end and ``past_end`` is
    ``exact`` (it does not move). Past the start a piece stops on the first space."""
    if count < 0:
        count, direction = -count, -direction
    last = len(spaces) - 1
    target = index + direction * count
    if 0 <= target <= last:
        step = direction
        passed = tuple(spaces[i] for i in range(index + step, target, step))
        return target, direction, passed
    if target < 0:
        return 0, direction, tuple(spaces[i] for i in range(index - 1, 0, -1))
    if past_end == "exact":
        return None
    forward = tuple(spaces[i] for i in range(index + 1, last))
    if past_end == "stop":
        return last, direction, forward
    back = max(last - (target - last), 0)  # bounce: the excess is counted back from the end
    return back, -1, (*forward, spaces[last], *(spaces[i] for i in range(last - 1, back, -1)))


def heading(ax: float, ay: float, bx: float, by: float) -> str:
    """The heading of a link from (ax, ay) to (bx, by), y growing downwards as on a page."""
    dx, dy = bx - ax, by - ay
    vertical = "up" if dy < -EPSILON else "down" if dy > EPSILON else ""
    horizontal = "left" if dx < -EPSILON else "right" if dx > EPSILON else ""
    return "-".join(part for part in (vertical, horizontal) if part)


def neighbours_of(links: Mapping[str, Mapping[str, tuple[str, ...]]], names: Iterable[str]
                  ) -> dict[str, tuple[str, ...]]:
    """The neighbours of each space along the union of the named link sets, in their order."""
    found: dict[str, list[str]] = {}
    for name in names:
        for space, others in links[name].items():
            mine = found.setdefault(space, [])
            mine.extend(other for other in others if other not in mine)
    return {space: tuple(others) for space, others in found.items()}


def beyond_of(neighbours: Mapping[str, tuple[str, ...]], position: Mapping[str, tuple[float, float]]
              ) -> dict[tuple[str, str], str]:
    """For a piece on ``a`` jumping the piece on its neighbour ``b``: the neighbour ``c`` of
    ``b`` straight on in the same line (``c - b == b - a`` on the drawing)."""
    found = {}
    for a, others in neighbours.items():
        ax, ay = position[a]
        for b in others:
            bx, by = position[b]
            for c in neighbours.get(b, ()):
                if c == a:
                    continue
                cx, cy = position[c]
                if abs((cx - bx) - (bx - ax)) < EPSILON and abs((cy - by) - (by - ay)) < EPSILON:
                    found[(a, b)] = c
                    break
    return found
