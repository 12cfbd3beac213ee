"""The choice this game offers: the core's, plus what the excerpts leave to the record.

Three things the core's :class:`Choice` does not say on its own, and this game needs:

- an event whose actor the excerpts do not fix (time passing, a bite, a recorded end): the
  record may name any player as its actor, or none (``any_actor``);
- an optional data key (the core's ``optional_fields``) whose value, when the record gives one,
  must be among a few: where a drawn card went, when it went where the rule sends it; whether
  a matured effect was applied, when it was not; the cards a bite reveals, among those the
  hunter holds (``optional_values``);
- a combat round whose open icon and banner are tied by the cancellation rule
  (``cancelled``: the icon is among the banner's highlighted icons, or not).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.core.choices import Choice


@dataclass(frozen=True)
class Offer(Choice):
    any_actor: bool = False
    # optional keys whose value, when the record gives one, must be among these
    optional_values: tuple[tuple[str, tuple], ...] = ()
    cancelled: bool | None = None

    def matches(self, event: Mapping[str, Any]) -> bool:
        if self.any_actor:
            event = {**event, "actor": self.event.get("actor")}
        if not Choice.matches(self, event):
            return False
        given = event.get("data") or {}
        for key, allowed in self.optional_values:
            if key in given and given[key] not in allowed:
                return False
        if self.cancelled is not None:
            banner = given.get("banner")
            if not isinstance(banner, list) or (given.get("dracula_icon") in banner) != self.cancelled:
                return False
        return True

    def filled(self, values: Mapping[str, Any]) -> dict:
        event = Choice.filled(self, values)
        if self.cancelled is not None:
            data = event["data"]
            icon, banner = data.get("dracula_icon"), list(data.get("banner") or [])
            if self.cancelled and icon not in banner:
                banner.append(icon)
            elif not self.cancelled:
                banner = [each for each in banner if each != icon]
            data["banner"] = banner
        return event

    def as_dict(self) -> dict:
        data = Choice.as_dict(self)
        if self.any_actor:
            data["open_fields"] = ["actor", *data["open_fields"]]
        if self.optional_values:
            data["optional_values"] = {key: list(allowed) for key, allowed in self.optional_values}
        return data
