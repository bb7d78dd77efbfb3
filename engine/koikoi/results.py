"""What Koi-Koi's evaluators return: awards, fixed awards, match adjustments and the yaku of a pile."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .._core.numbers import Number, format_number
from .._core.results import Step


@dataclass(frozen=True, slots=True)
class Award:
    """A Koi-Koi round award: ``base`` times every step's factor is ``points``.

    A step whose ``op`` is ``add`` adds its factor instead; the last step may be ``cap`` (the
    rule set's ``award.max``, whose factor is the cap): the award was more, and is the cap.

    ``warnings`` says what in the arguments no game reaches (more Koi-Koi calls than the rule
    set allows, more brights on the field than its deck has): the formula still answers, and
    the command line and the API show these messages beside the answer. Empty for an award a
    game can give.
    """

    ruleset: str
    base: int
    points: Number
    steps: tuple[Step, ...] = field(default_factory=tuple)
    warnings: tuple[str, ...] = ()

    @property
    def explanation(self) -> str:
        """The calculation as the rule documents write it: ``8 × 2 (7+) × 2 (opponent Koi-Koi) × 1 = 32``;
        capped by ``award.max``: ``12 × 2 (7+) × 2 (your streak), capped at 30 = 30``."""
        text = format_number(self.base)
        for step in self.steps:
            shown = format_number(step.factor)
            if step.op == "cap":
                text += f", {step.label}"
                continue
            if step.op == "add":
                text = f"({text} + {shown} ({step.label}))" if " × " in text else f"{text} + {shown} ({step.label})"
                continue
            # A factor of 1 is shown bare, as in the worked examples ("× 1 = 32").
            text += f" × {shown} ({step.label})" if step.factor != 1 else f" × {shown}"
        return f"{text} = {format_number(self.points)}"

    @property
    def step_lines(self) -> tuple[str, ...]:
        """Each step as ``award --explain`` prints it and the studio shows it: ``seven_plus: × 2 (7+)``,
        ``cap: ≤ 30 (capped at 30)``."""
        return tuple(f"{s.id}: {_SIGNS.get(s.op, '×')} {s.factor} ({s.label})" for s in self.steps)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "base": self.base,
            "points": self.points,
            "steps": [s.as_dict() for s in self.steps],
            "explanation": self.explanation,
        }


#: How ``award --explain`` writes each kind of step (``×`` for the rest: a multiplier).
_SIGNS = {"add": "+", "cap": "≤"}


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


class YakuScore(NamedTuple):
    """A yaku a pile of captured cards makes: its points and the cards it counted."""

    # YakuScore and Hand are NamedTuples, not frozen dataclasses: a table scores a pile at each
    # offer and round end, and a frozen dataclass costs twice as much to build.

    id: str
    label: str
    points: int
    cards: tuple[str, ...]


class Hand(NamedTuple):
    """The yaku of one player's captured cards: ``base`` is the sum of ``yaku`` points."""

    ruleset: str
    base: int
    yaku: tuple[YakuScore, ...]
    steps: tuple[Step, ...]

    @property
    def explanation(self) -> str:
        """``Goko (five brights) 10 + Kasu (ten chaff) 1 = 11``, with dropped yaku after a semicolon."""
        counted = [f"{s.label} {format_number(s.factor)}" for s in self.steps if s.op == "add"]
        dropped = [s.label for s in self.steps if s.op == "drop"]
        text = (" + ".join(counted) or "no yaku") + f" = {self.base}"
        return text + ("; " + "; ".join(dropped) if dropped else "")

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "base": self.base,
            "yaku": [{"id": y.id, "label": y.label, "points": y.points, "cards": list(y.cards)} for y in self.yaku],
            "steps": [s.as_dict() for s in self.steps],
        }
