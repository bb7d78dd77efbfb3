"""A Koi-Koi match refereed round after round: :class:`Match` (the running totals, the match's
end, the match-end plugins) and its :class:`MatchResult`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..results import MatchAdjustment
from ..rules.compiled import rules_of
from ..rules.hooks import Hooks
from .events import RefereeError, check_players, shared_events
from .referee import Round, round_settings

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


def _check_extras(extras: object) -> dict[str, dict[str, int]]:
    if extras is None:
        return {}
    if not isinstance(extras, Mapping) or not all(
        isinstance(counters, Mapping) and all(type(k) is str and type(v) is int for k, v in counters.items())
        for counters in extras.values()
    ):
        raise InputError(
            f"extras map each player to whole-number counters, e.g. {{'alice': {{'minipoints': 29}}}}, "
            f"got {shown(extras)}"
        )
    return {str(player): dict(counters) for player, counters in extras.items()}


@dataclass(frozen=True)
class MatchResult:
    """The end of a match: totals after adjustments, and the winner (``None`` for a draw)."""

    totals: Mapping[str, int]
    adjustments: tuple[MatchAdjustment, ...]
    winner: str | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "totals": dict(self.totals),
            "adjustments": [a.as_dict() for a in self.adjustments],
            "winner": self.winner,
        }


class Match:
    """A match: rounds until the rule set's number is played or a player reaches the target or
    runs out of points (``match.target``, ``match.until_out``), the running totals (from
    ``match.start_points``; with ``match.zero_sum`` a round's points are taken from the other
    player), and the match-end plugins."""

    def __init__(self, rs: RuleSet, players: Sequence[str], first_dealer: str) -> None:
        self.rules = rules_of(rs)
        self.rs = rs
        self._hooks = Hooks(rs)
        self.players = check_players(players, first_dealer)
        self.dealer = first_dealer
        self.rounds: list[Round] = []
        self.result: MatchResult | None = None
        self._totals = dict.fromkeys(self.players, self.rules.table.start_points)
        self._events = shared_events(self.players)
        self._settings = round_settings(self.rules)
        self._counted = 0  # the rounds whose points are in ``_totals``

    @property
    def totals(self) -> dict[str, int]:
        """Each player's points so far: the starting points and every round's."""
        return dict(self._count_rounds())

    def _count_rounds(self) -> dict[str, int]:
        """The running totals, every finished round's points added once."""
        totals, rounds, counted = self._totals, self.rounds, self._counted
        if counted == len(rounds):
            return totals
        zero_sum, (first, second) = self.rules.table.zero_sum, self.players
        for played in rounds[counted:]:
            result = played.result
            if result is None:  # the round in play (only the last can be)
                break
            counted += 1
            winner = result.winner  # each field read once: a NamedTuple's field is a descriptor call
            if winner is None:
                continue
            points = result.points
            if points:
                totals[winner] += points
                if zero_sum:
                    totals[second if winner == first else first] -= points
        self._counted = counted
        return totals

    @property
    def over(self) -> bool:
        """Whether no round is left to play: all are played, or the last one brought a player to
        the target or (``until_out``) to 0 or below."""
        if not self.rounds or self.rounds[-1].result is None:
            return False
        if len(self.rounds) >= self.rules.table.rounds:
            return True
        table = self.rules.table
        if table.target is None and not table.until_out:
            return False
        totals = self._count_rounds().values()
        return (table.target is not None and max(totals) >= table.target) or (table.until_out and min(totals) <= 0)

    def new_round(self) -> Round:
        """Start the next round: the deck's months in order, starting over after the last."""
        if self.result is not None:
            raise RefereeError("the match is over")
        if self.rounds:
            last = self.rounds[-1]
            if last.result is None:
                raise RefereeError(f"round {len(self.rounds)} is not over yet")
            self.dealer = last.result.next_dealer or self.dealer
        if self.over:
            if len(self.rounds) >= self.rules.table.rounds:
                raise RefereeError(f"the match has {self.rules.table.rounds} rounds; all are played")
            raise RefereeError(f"the match is over after {len(self.rounds)} rounds: {self._why_over()}")
        months = self.rules.months
        month = months[len(self.rounds) % len(months)]
        played = Round._of_match(
            self.rs, self.rules, self._hooks, self.players, self.dealer, month, self._events, self._settings
        )
        self.rounds.append(played)
        return played

    def _why_over(self) -> str:
        table, totals = self.rules.table, self.totals
        reached = [p for p in self.players if table.target is not None and totals[p] >= table.target]
        if reached:
            return f"{reached[0]} reached {table.target}"
        out = next(p for p in self.players if totals[p] <= 0)
        return f"{out} has no points left"

    def finish(self, extras: Mapping[str, Mapping[str, int]] | None = None) -> MatchResult:
        """End the match after its last round; plugins adjust the totals, then the winner is decided."""
        if self.result is not None:
            raise RefereeError("the match is already finished")
        if not self.over:
            raise RefereeError(
                f"the match has {self.rules.table.rounds} rounds; {sum(r.finished for r in self.rounds)} are over"
            )
        extras = _check_extras(extras)
        unknown = set(extras) - set(self.players) if extras else ()
        if unknown:
            raise InputError(f"extras for {', '.join(sorted(unknown))}, who are not in the match")
        totals = self.totals
        adjustments = self._hooks.match_end(dict(totals), extras)
        for adjustment in adjustments:
            totals[adjustment.player] += adjustment.points
        ranked = sorted(totals.values(), reverse=True)
        winner = None if ranked[0] == ranked[1] else max(totals, key=totals.__getitem__)
        self.result = MatchResult(totals, tuple(adjustments), winner)
        return self.result
