"""The engine contract's checks for Ludoteca's own tests: the checks themselves live in
``games.testing.contract`` (a plugin's tests import them from there); this adds events drawn
by hypothesis from an engine's own schema."""

from __future__ import annotations

from hypothesis import strategies as st

from games.testing.contract import (  # noqa: F401 - the checks, for the tests that import them here
    fillings,
    offer_problems,
    refused_values,
    seat_problems,
    states_of,
    uses_a_former_field,
    violations,
)


def schema_event(engine, players, setup):
    """Events drawn from an engine's own schema, naming only what the game has."""

    def field_value(field):
        known = sorted(engine.referents(field.refers, setup) or []) if field.refers else []
        if field.refers == "player":
            known = players
        names = known or list(field.allowed or []) or ["x"]
        if field.kind == "int":
            low = field.low if field.low is not None else -2
            high = field.high if field.high is not None else 12
            return st.integers(low, high)
        if field.kind == "bool":
            return st.booleans()
        if field.kind == "str":
            return st.sampled_from(names)
        if field.kind == "list[str]":
            return st.lists(st.sampled_from(names), min_size=max(field.min_items, 1),
                            max_size=field.max_items or 6)
        if field.kind == "list[int]":
            return st.lists(st.integers(field.low or 0, field.high or 12),
                            min_size=field.min_items, max_size=field.max_items or 4)
        return st.just({})

    def for_spec(spec):
        required = {name: field_value(f) for name, f in spec.fields.items() if f.required}
        optional = {name: field_value(f) for name, f in spec.fields.items()
                    if not f.required and not f.former}
        return st.builds(
            lambda actor, data: {"type": spec.type, "actor": actor, "data": data},
            st.sampled_from(players),
            st.fixed_dictionaries(required, optional=optional),
        )

    specs = [spec for spec in engine.event_schema.values()
             if spec.type not in ("annotation", "correction")]
    return st.one_of([for_spec(spec) for spec in specs])
