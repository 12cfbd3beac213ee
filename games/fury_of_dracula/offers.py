"""The choice this game offers: the core's, plus what the excerpts leave to the record.

Three things the core's :class:`Choice` cannot say on its own, and this game needs:

- an event whose actor the excerpts do not fix (time passing, a bite, a recorded end): the
  record may name any player as its actor, or none (``any_actor``);
- a data key the record may give or leave out without changing legality: an optional card name,
  where a drawn card went when it went where the rule sends it, whether a matured effect was
  applied when it was not (``optional``: each key with the values it may take, or None for
  any value its schema allows);
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
    optional: tuple[tuple[str, tuple | None], ...] = ()
    cancelled: bool | None = None

    def matches(self, event: Mapping[str, Any]) -> bool:
        if event.get("type") != self.event["type"]:
            return False
        if not self.any_actor and event.get("actor") != self.event.get("actor"):
            return False
        given = event.get("data") or {}
        fixed = self.event["data"]
        optional = dict(self.optional)
        for key, value in given.items():
            if key in self.open_fields:
                continue
            if key in fixed:
                if fixed[key] != value:
                    return False
            elif key in optional:
                allowed = optional[key]
                if allowed is not None and value not in allowed:
                    return False
            else:
                return False
        if any(key not in given for key in fixed) or any(key not in given for key in self.open_fields):
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
        if self.optional:
            data["optional_fields"] = {
                key: (list(allowed) if allowed is not None else None) for key, allowed in self.optional
            }
        return data
