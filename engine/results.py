"""What the evaluators return: numbers together with the steps that produced them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Number = int | float


def format_number(value: Number) -> str:
    """``2`` -> ``2``; ``2.0`` -> ``2``; ``1.5`` -> ``1.5``."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a calculation: what it is (``id``), how it reads (``label``), its factor."""

    id: str
    label: str
    factor: Number
    op: str = "multiply"  # or "add": the step adds ``factor`` instead of multiplying by it

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label, "factor": self.factor}
        if self.op != "multiply":
            out["op"] = self.op
        return out


@dataclass(frozen=True, slots=True)
class Award:
    """A Koi-Koi round award: ``base`` times every step's factor is ``points``."""

    ruleset: str
    base: int
    points: Number
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def explanation(self) -> str:
        """The calculation as the rule documents write it: ``8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32``."""
        text = format_number(self.base)
        for step in self.steps:
            shown = format_number(step.factor)
            if step.op == "add":
                text = f"({text} + {shown} ({step.label}))" if " × " in text else f"{text} + {shown} ({step.label})"
                continue
            # A factor of 1 is shown bare, as in the worked examples ("× 1 = 32").
            text += f" × {shown} ({step.label})" if step.factor != 1 else f" × {shown}"
        return f"{text} = {format_number(self.points)}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "base": self.base,
            "points": self.points,
            "steps": [s.as_dict() for s in self.steps],
            "explanation": self.explanation,
        }


@dataclass(frozen=True, slots=True)
class FixedAward:
    """An award that skips the formula (lucky hands, Dealer's Privilege): no multipliers."""

    id: str
    label: str
    points: int
    recipient: str | None = None

    @property
    def explanation(self) -> str:
        return f"{self.points} ({self.label}, no multipliers)"

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "points": self.points, "recipient": self.recipient}


@dataclass(frozen=True, slots=True)
class MatchAdjustment:
    """Points a plugin adds to (or takes from) a player's match total, with why."""

    player: str
    points: int
    id: str
    label: str

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.points, "id": self.id, "label": self.label}
