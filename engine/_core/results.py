"""The step every result is explained by: what it is, how it reads, its factor."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .numbers import Number


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a calculation: what it is (``id``), how it reads (``label``), its factor.

    ``op`` says how the factor applies: ``multiply`` (the default), ``add``, or a game's own
    kinds (Koi-Koi's yaku steps use ``drop`` and ``note`` for yaku that do not count).
    """

    id: str
    label: str
    factor: Number
    op: str = "multiply"

    def as_dict(self) -> dict[str, Any]:
        """``{"id", "label", "factor"}``, with ``op`` when it is not ``multiply``."""
        out: dict[str, Any] = {"id": self.id, "label": self.label, "factor": self.factor}
        if self.op != "multiply":
            out["op"] = self.op
        return out
