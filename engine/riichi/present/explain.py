"""A Riichi result in words, the one renderer the command line (``score``, ``hand``, with and
without ``--explain``) and the studio's calculator (through the API's ``explained``) share:
each step as ``label: value`` (a yaku's han, the fu, the basic points, each payment), the
hand's yaku by label with their han, and the payments line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet
    from ..scoring.hand import HandScore
    from ..scoring.score import Score
    from ..settlement.settle import Settlement


def step_lines(result: Score | HandScore | Settlement) -> list[str]:
    """Every step, as ``--explain`` prints it: ``Riichi: 1``, ``each player pays 3000 × 2, rounded
    up to 100: 6000`` (a step's value, never a multiplier); a settlement's the same way, as
    ``yakuset diff`` shows a changed situation's steps."""
    return [f"{step.label}: {step.factor}" for step in result.steps]


def win_name(dealer: bool, tsumo: bool) -> str:
    """Who won and how, the first words of a result: ``non-dealer ron``, ``dealer tsumo`` ..."""
    return f"{'dealer' if dealer else 'non-dealer'} {'tsumo' if tsumo else 'ron'}"


def result_line(result: Score | HandScore, players: int, win: str | None = None) -> str:
    """``dealer tsumo: 6 han 20 fu (haneman): each player pays 6000; total 18000`` (``win``, from
    :func:`win_name`, first when given: the default a caller did not state is said)."""
    if result.han is None:
        head = f"{result.yakuman}x yakuman"
    else:
        level = f"{result.yakuman}x yakuman" if result.yakuman > 1 else result.limit
        head = f"{result.han} han {result.fu} fu" + (f" ({level})" if level else "")
    return f"{win + ': ' if win else ''}{head}: {payments_line(result.payments, players)}; total {result.total}"


def payments_line(payments: Mapping[str, int], players: int) -> str:
    """Who pays what, in words."""
    if "ron" in payments:
        return f"the discarder pays {payments['ron']}"
    if "each" in payments:
        return f"each {'of the two others' if players == 3 else 'player'} pays {payments['each']}"
    other = "the other non-dealer" if players == 3 else "each non-dealer"
    return f"the dealer pays {payments['dealer']}, {other} {payments['non_dealer']}"


def hand_lines(rs: RuleSet, result: HandScore) -> list[str]:
    """A hand's yaku by label with their han, its dora and its fu parts (``hand`` without ``--explain``)."""
    from ..rules.compiled import rules_of

    table = rules_of(rs).yaku
    is_open = any(g.melded and g.open for g in result.reading.groups)
    counted = ", ".join(
        f"{table[i].label} {'(yakuman)' if table[i].yakuman else f'{table[i].han_for(is_open)} han'}"
        for i in result.yaku
    )
    lines = [f"yaku: {counted}"]
    if not result.yakuman:
        kita = f", kita {result.kita}" if result.kita else ""
        lines.append(
            f"dora: {result.dora + result.ura + result.red + result.kita} (dora {result.dora}, ura {result.ura}, "
            f"red {result.red}{kita})"
        )
        parts = " + ".join(f"{s.factor} ({s.label})" for s in result.fu_parts)
        lines.append(
            f"fu: {parts} = {result.raw_fu}" + (f", scored as {result.fu}" if result.fu != result.raw_fu else "")
        )
    return lines


def explained(result: Score | HandScore, players: int, win: str) -> list[str]:
    """What ``score``/``hand --explain`` print and the API's ``explained``: the result line (who
    won and how first), then every step."""
    return [result_line(result, players, win), *step_lines(result)]


def score_text(
    result: Score | HandScore, explain: bool, players: int, win: str, details: list[str] | None = None
) -> str:
    """What ``score`` and ``hand`` print: the result line first (``non-dealer ron: ...``), then
    with ``explain`` every step (indented), else ``details`` (a hand's yaku, dora and fu lines)."""
    first, *steps = explained(result, players, win)
    lines = [f"  {line}" for line in steps] if explain else (details or [])
    return "\n".join([first, *lines]) + "\n"
