"""A view imported on its first request, so URL loading does not import what only one rarely
asked page needs (drf-spectacular's schema views import the DRF test client and Django's test
framework: about 0.2 s a fresh process would pay before its first answer)."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_view(dotted_class: str, **initkwargs: Any) -> Callable[..., Any]:
    """A view function standing for ``dotted_class.as_view(**initkwargs)``, built once."""
    built: list[Callable[..., Any]] = []

    def view(request: Any, *args: Any, **kwargs: Any) -> Any:
        if not built:
            module, _, name = dotted_class.rpartition(".")
            built.append(getattr(import_module(module), name).as_view(**initkwargs))
        return built[0](request, *args, **kwargs)

    view.__name__ = dotted_class.rpartition(".")[2]
    view.csrf_exempt = True  # type: ignore[attr-defined]  # as every APIView's as_view() is
    return view
