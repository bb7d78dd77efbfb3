"""What a balance study counts over simulated Riichi games, and the estimates it reports.

A :class:`Tally` holds whole-number counts and sums only, so tallies of any partition of the
games merge (in any order) into the same figures: a study gives the same numbers on one process
or on a cluster. :func:`summary` turns a tally into estimates with 95% intervals
(``yakuset._core.intervals``), :func:`compare` sets two rule sets' estimates side by side, and
:func:`figures` writes a study's estimates as text.

The rates are per seat and hand, as the platforms' statistics give them (a seat's wins over the
hands it sat through): win, deal-in, riichi and call rates; draws are per hand. A win's value is
what its winner gained in the hand (honba and riichi sticks included); a win's hand value is
the hand's own, without them, as Tenhou's statistics count a win (docs/validation.md, "Real play").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..._core import intervals
from ..._core.arguments import shown
from ..._core.errors import InputError
from ..._core.pairs import Measure, Pairs, per_observation
from ..._core.tallies import Counts, moments, shown_difference, shown_estimate


@dataclass
class Tally(Counts):
    """Counts over simulated games of one rule set. ``seat_hands`` is hands times seats; the
    per-seat counters are keyed by the starting seat (``places`` by ``"seat:place"``); ``points``
    are the standings' points in tenths (whole numbers)."""

    matches: int = 0  # games
    hands: int = 0
    seat_hands: int = 0
    wins: int = 0  # winners (a double ron counts two)
    tsumo: int = 0
    deal_ins: int = 0  # hands won by ron: one seat dealt in
    exhaustive_draws: int = 0
    abortive_draws: int = 0
    riichi: int = 0  # declarations whose stick was placed
    calls: int = 0  # seats that called in a hand
    dealer_wins: int = 0
    renchan: int = 0  # hands after which the dealer dealt again
    values: Counter[int] = field(default_factory=Counter)  # a win's value -> wins
    hand_values: Counter[int] = field(default_factory=Counter)  # a win's hand value (no honba, sticks) -> wins
    lengths: Counter[int] = field(default_factory=Counter)  # hands a game -> games
    places: Counter[str] = field(default_factory=Counter)  # "seat:place" -> games
    score_sums: Counter[int] = field(default_factory=Counter)  # seat -> sum of final scores
    score_squares: Counter[int] = field(default_factory=Counter)
    points_sums: Counter[int] = field(default_factory=Counter)  # seat -> sum of points in tenths
    points_squares: Counter[int] = field(default_factory=Counter)

    @property
    def seats(self) -> int:
        """How many seats the games had (0 before any game)."""
        return len({key.split(":")[0] for key in self.places})


def _a_tally(name: str, value: Any) -> None:
    if not isinstance(value, Tally):
        raise InputError(f"{name} must be a yakuset.riichi.Tally (play_games gives one), got {shown(value)}")


#: The shares of a study: name -> (label, how to read (count, total) from a tally).
_SHARES: dict[str, tuple[str, Callable[[Tally], tuple[int, int]]]] = {
    "win_rate": ("a seat wins the hand", lambda t: (t.wins, t.seat_hands)),
    "deal_in_rate": ("a seat deals in", lambda t: (t.deal_ins, t.seat_hands)),
    "riichi_rate": ("a seat declares riichi", lambda t: (t.riichi, t.seat_hands)),
    "call_rate": ("a seat calls", lambda t: (t.calls, t.seat_hands)),
    "tsumo_share": ("wins by tsumo", lambda t: (t.tsumo, t.wins)),
    "exhaustive_draws": ("hands drawn (exhaustive)", lambda t: (t.exhaustive_draws, t.hands)),
    "abortive_draws": ("hands drawn (abortive)", lambda t: (t.abortive_draws, t.hands)),
    "dealer_share": ("wins by the dealer", lambda t: (t.dealer_wins, t.wins)),
    "renchan": ("the dealer deals again", lambda t: (t.renchan, t.hands)),
}
#: The means of a study: name -> (label, how to read (sum, squares, n) from a tally).
_MEANS: dict[str, tuple[str, Callable[[Tally], tuple[int, int, int]]]] = {
    "win_value": ("a win's value", lambda t: moments(t.values)),
    "hand_value": ("a win's hand value", lambda t: moments(t.hand_values)),
    "hands_per_game": ("hands a game", lambda t: moments(t.lengths)),
}


def _first(t: Tally, seat: int) -> tuple[int, int]:
    return t.places[f"{seat}:1"], t.matches


def _place(t: Tally, seat: int) -> tuple[int, int, int]:
    """(sum, squares, n) of a starting seat's places."""
    found = [(place, t.places[f"{seat}:{place}"]) for place in range(1, 5)]
    return sum(p * n for p, n in found), sum(p * p * n for p, n in found), sum(n for _, n in found)


def _score(t: Tally, seat: int) -> tuple[int, int, int]:
    return t.score_sums[seat], t.score_squares[seat], t.matches


def _points(t: Tally, seat: int) -> tuple[int, int, int]:
    return t.points_sums[seat], t.points_squares[seat], t.matches


def summary(t: Tally) -> dict[str, Any]:
    """One rule set's estimates, each with its 95% interval. Shares of hands treat the hands of a
    game as independent observations; the figures by starting seat rest on games, which are."""
    _a_tally("t", t)
    out: dict[str, Any] = {"games": t.matches, "hands": t.hands}
    for name, (_, read_share) in _SHARES.items():
        out[name] = intervals.share(*read_share(t)).as_dict()
    for name, (_, read_mean) in _MEANS.items():
        out[name] = intervals.mean(*read_mean(t)).as_dict()
    out["win_value"]["distribution"] = {str(k): t.values[k] for k in sorted(t.values)}
    out["by_seat"] = [
        {
            "seat": seat,
            "first": intervals.share(*_first(t, seat)).as_dict(),
            "place": intervals.mean(*_place(t, seat)).as_dict(),
            "places": [t.places[f"{seat}:{place}"] for place in range(1, t.seats + 1)],
            "score": intervals.mean(*_score(t, seat)).as_dict(1),
            "points": _tenths(intervals.mean(*_points(t, seat)).as_dict()),
        }
        for seat in range(t.seats)
    ]
    return out


def _tenths(estimate: dict[str, Any]) -> dict[str, Any]:
    """An estimate of points counted in tenths, in points."""
    return {
        **estimate,
        "value": round(estimate["value"] / 10, 4),
        "ci95": [round(x / 10, 4) for x in estimate["ci95"]],
    }


def compare(a: Tally, b: Tally) -> dict[str, Any]:
    """``b`` against ``a`` for tallies of two independent studies: each figure's difference
    (b − a), its 95% interval, and whether it is significant (the interval excludes 0). (A study
    of several rule sets plays the same games under each and compares them game by game:
    :func:`compare_paired`.)"""
    _a_tally("a", a)
    _a_tally("b", b)
    out: dict[str, Any] = {}
    for name, (_, read_share) in _SHARES.items():
        out[name] = intervals.share_difference(read_share(a), read_share(b)).as_dict()
    for name, (_, read_mean) in _MEANS.items():
        out[name] = intervals.mean_difference(read_mean(a), read_mean(b)).as_dict()
    out["by_seat"] = [
        {
            "seat": seat,
            "first": intervals.share_difference(_first(a, seat), _first(b, seat)).as_dict(),
            "place": intervals.mean_difference(_place(a, seat), _place(b, seat)).as_dict(),
            "score": intervals.mean_difference(_score(a, seat), _score(b, seat)).as_dict(1),
        }
        for seat in range(min(a.seats, b.seats))
    ]
    return out


def paired_measures(players: int) -> list[Measure]:
    """What a paired comparison sets side by side at a table of ``players``, a study's
    (``yakuset simulate A B``) and ``yakuset diff --play``'s alike, each read from one game's
    tally as (numerator, denominator): the figures :func:`summary` gives (the rates, a win's
    value), each starting seat's first places, place, final score and points, then first place's
    points, the points spread and hands a game."""
    return [
        *(Measure(key, label, True, read) for key, (label, read) in _SHARES.items()),
        *(Measure(key, _MEANS[key][0], False, per_observation(_MEANS[key][1])) for key in ("win_value", "hand_value")),
        *(
            Measure(f"seat_{seat}_{what}", label.format(seat=seat), is_share, read(seat), scale)
            for seat in range(players)
            for what, (label, is_share, read, scale) in _BY_SEAT.items()
        ),
        Measure("first_place_points", "first place's points", False, _top_points, 10),
        Measure("points_spread", "points spread (first - last)", False, _spread, 10),
        Measure("hands_per_game", _MEANS["hands_per_game"][0], False, per_observation(_MEANS["hands_per_game"][1])),
    ]


def _seat_reader(read: Callable[[Tally, int], tuple[int, int, int]]) -> Callable[[int], Callable[[Tally], Any]]:
    return lambda seat: per_observation(lambda t: read(t, seat))


#: The paired measures of each starting seat: key -> (label, is a share, reader of a seat, scale).
_BY_SEAT: dict[str, tuple[str, bool, Callable[[int], Callable[[Tally], tuple[int, int]]], int]] = {
    "first": ("starting seat {seat} places first", True, lambda seat: lambda t: _first(t, seat), 1),
    "place": ("starting seat {seat}'s place", False, _seat_reader(_place), 1),
    "score": ("starting seat {seat}'s final score", False, _seat_reader(_score), 1),
    "points": ("starting seat {seat}'s points", False, _seat_reader(_points), 10),
}


def compare_paired(pairs: Pairs) -> dict[str, Any]:
    """The second rule set against the first from their paired moments (the same games played
    under both, :func:`paired_measures`): each figure's difference, its 95% interval over the
    per-game differences (``intervals.ratio_difference``), and whether it is significant; the
    starting seats' under ``by_seat``."""
    seats = sum(1 for key in pairs.moments if key.endswith("_first"))
    found = {m.key: pairs.compared(m.key, scale=m.scale) for m in paired_measures(seats)}
    out: dict[str, Any] = {key: value for key, value in found.items() if not key.startswith("seat_")}
    out["by_seat"] = [
        {"seat": seat, **{what: found[f"seat_{seat}_{what}"] for what in _BY_SEAT}} for seat in range(seats)
    ]
    return out


def _top_points(t: Tally) -> tuple[int, int]:
    """One game's first place's points, in tenths (the standings' points: uma, oka, a head bump)."""
    return (max(t.points_sums.values(), default=0), t.matches)


def _spread(t: Tally) -> tuple[int, int]:
    """One game's final points spread, first place's less last place's, in tenths."""
    points = t.points_sums.values()
    return ((max(points) - min(points)) if points else 0, t.matches)


def shown_figures() -> list[tuple[str, str, bool]]:
    """The figures a study's text and plot show, in order: (key in the summary, label, whether it
    is a share)."""
    return [(key, label, True) for key, (label, _) in _SHARES.items()] + [
        (key, label, False) for key, (label, _) in _MEANS.items()
    ]


def figures(study: dict[str, Any]) -> list[str]:
    """The lines of a Riichi study's text after its first (``study`` is the study's JSON data):
    each rule set's figures with their 95% intervals, then each rule set against the first, a
    ``*`` marking a significant difference."""
    lines: list[str] = []
    shown = shown_figures()
    width = max(len(label) for _, label, _ in shown)
    for row in study["rulesets"]:
        s = row["summary"]
        lines.append(f"\n{row['id']}: {s['games']:,} games, {s['hands']:,} hands")
        for key, label, is_share in shown:
            lines.append(f"  {label:<{width}}  {shown_estimate(s[key], is_share, 8, 1)}")
        dist = s["win_value"]["distribution"]
        wins = max(sum(dist.values()), 1)
        common = sorted(dist, key=lambda k: (-dist[k], int(k)))[:8]
        lines.append(
            f"  {'common win values':<{width}}  "
            + ", ".join(f"{k}: {100 * dist[k] / wins:.1f}%" for k in sorted(common, key=int))
            + (" …" if len(dist) > len(common) else "")
        )
        lines.append("  by starting seat   first place              mean place   final score            points")
        for seat in s["by_seat"]:
            lines.append(
                f"  seat {seat['seat']}  {shown_estimate(seat['first'], True, 8, 1):>32}  {seat['place']['value']:4.2f}"
                f"  {seat['score']['value']:9.0f} [{seat['score']['ci95'][0]:.0f}, {seat['score']['ci95'][1]:.0f}]"
                f"  {_points_shown(seat['points'])}"
            )
    for comparison in study["comparisons"]:
        lines.append(
            f"\n{comparison['b']} against {comparison['a']} on the same games "
            "(paired difference, 95% interval; * significant):"
        )
        lines += _paired_lines(comparison["differences"])
    return lines


def _paired_lines(diffs: dict[str, Any]) -> list[str]:
    """A comparison's lines: each of :func:`paired_measures` that differs in some game, then how
    many are the same in every game (named once rather than a line each)."""
    seats = len(diffs["by_seat"])
    found = {**diffs, **{f"seat_{s['seat']}_{what}": s[what] for s in diffs["by_seat"] for what in _BY_SEAT}}
    measures = paired_measures(seats)
    width = max(len(m.label) for m in measures)
    lines, same = [], 0
    for m in measures:
        d = found[m.key]
        if d["ci95"] == [0, 0] and d["difference"] == 0:
            same += 1
            continue
        lines.append(f"  {m.label:<{width}}  {shown_difference(d, m.share, 8, 1)}")
    if same:
        some = f"{'the other ' if lines else ''}{same} of {len(measures)} measures are"
        lines.append(f"  {'every measure is' if same == len(measures) else some} the same in every game")
    return lines


def _points_shown(e: dict[str, Any]) -> str:
    low, high = e["ci95"]
    return f"{e['value']:+6.1f} [{low:+.1f}, {high:+.1f}]"
