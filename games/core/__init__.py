"""The engine core: the protocol every game engine follows, and the values it speaks in.

Nothing under ``games`` imports Django: an engine is a pure library that a replay, a
simulator, a benchmark or a test can drive directly.
"""

from games.core.board import BoardLayout, Piece, Space
from games.core.canonical import canonical_json, state_checksum
from games.core.choices import Choice
from games.core.engine import Engine, Outcome, Step
from games.core.events import EventSchemaError, EventSpec, Field, validate_event
from games.core.flags import CONSULTED, FLAG_KINDS, UNCERTAIN_TEXT, VIOLATION, Flag
from games.core.points import (
    DOUBT_KINDS,
    Certainty,
    Citation,
    Interpretation,
    InterpretationError,
    InterpretationPoint,
    Option,
)
from games.core.referee import Referee

__all__ = [
    "CONSULTED",
    "DOUBT_KINDS",
    "FLAG_KINDS",
    "UNCERTAIN_TEXT",
    "VIOLATION",
    "BoardLayout",
    "Certainty",
    "Choice",
    "Citation",
    "Engine",
    "EventSchemaError",
    "EventSpec",
    "Field",
    "Flag",
    "Interpretation",
    "InterpretationError",
    "InterpretationPoint",
    "Option",
    "Outcome",
    "Piece",
    "Referee",
    "Space",
    "Step",
    "canonical_json",
    "state_checksum",
    "validate_event",
]
