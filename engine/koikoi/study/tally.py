"""What a balance study counts over simulated Koi-Koi matches, and the estimates it reports.

A :class:`Tally` holds whole-number counts and sums only, so tallies of any partition of the
matches merge (in any order) into the same figures: a study gives the same numbers on one
process or on a cluster. :func:`summary` turns a tally into estimates with 95% intervals
(``yakuset._core.intervals``), :func:`compare` sets two rule sets' estimates side by side, and
:func:`figures` writes a study's estimates as text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..._core import intervals
from ..._core.arguments import shown
from ..._core.errors import InputError
from ..._core.pairs import Measure, Pairs, per_observation
from ..._core.tallies import Counts, moments, shown_difference, shown_estimate


@dataclass
class Tally(Counts):
    """Counts over simulated matches of one rule set.

    Seats: ``first`` is the player who dealt the match's first round, ``seat_a`` the first bot. A
    round is won by yaku, by a lucky hand or by a misdealt field; ``draws`` counts the other
    rounds (a draw at the deal or an exhaustive draw, paid or not); ``points`` the points each
    round awarded (0 for none).
    """

    matches: int = 0
    rounds: int = 0
    points: Counter[int] = field(default_factory=Counter)
    wins: int = 0  # rounds won by yaku or a lucky hand
    dealer_wins: int = 0
    yaku_wins: int = 0  # rounds won by yaku (the denominator of `deciding`)
    deciding: Counter[str] = field(default_factory=Counter)  # yaku id -> rounds won with it
    draws: int = 0
    lucky_hands: int = 0
    field_fours: int = 0  # rounds the dealer won with four of a month on the field (field_four: dealer_wins)
    redeals: int = 0
    offers: int = 0  # Koi-Koi offered: the player could call or stop
    calls: int = 0
    round_calls: Counter[int] = field(default_factory=Counter)  # Koi-Koi calls in a round -> rounds
    calls_won: int = 0  # calls after which the caller won the round
    first_wins: int = 0  # matches won by the first dealer
    second_wins: int = 0
    seat_a_wins: int = 0  # matches won by the first bot (seat a); decided matches are first + second
    seat_a_round_wins: int = 0  # rounds (of ``wins``) won by the first bot
    ties: int = 0
    lengths: Counter[int] = field(default_factory=Counter)  # rounds played -> matches


def _a_tally(name: str, value: Any) -> None:
    if not isinstance(value, Tally):
        raise InputError(f"{name} must be a yakuset.koikoi.Tally (play_matches gives one), got {shown(value)}")


def summary(t: Tally) -> dict[str, Any]:
    """The study's estimates for one rule set, each with its 95% interval.

    Shares of rounds treat the rounds of a match as independent observations; the match
    figures (winner by seat, length) rest on matches, which are independent.
    """
    _a_tally("t", t)
    decided = t.first_wins + t.second_wins
    return {
        "matches": t.matches,
        "rounds": t.rounds,
        "points_per_round": {**intervals.mean(*moments(t.points)).as_dict(), "distribution": _dist(t.points)},
        "dealer_wins_round": intervals.share(t.dealer_wins, t.wins).as_dict(),
        "first_dealer_wins_match": intervals.share(t.first_wins, decided).as_dict(),
        "first_bot_wins_match": intervals.share(t.seat_a_wins, decided).as_dict(),
        "first_bot_wins_round": intervals.share(t.seat_a_round_wins, t.wins).as_dict(),
        "tied_matches": intervals.share(t.ties, t.matches).as_dict(),
        "koikoi_call_rate": intervals.share(t.calls, t.offers).as_dict(),
        "koikoi_calls_per_round": intervals.mean(*moments(t.round_calls)).as_dict(),
        "koikoi_success_rate": intervals.share(t.calls_won, t.calls).as_dict(),
        "draws": intervals.share(t.draws, t.rounds).as_dict(),
        "lucky_hands": intervals.share(t.lucky_hands, t.rounds).as_dict(),
        "misdealt_field_wins": intervals.share(t.field_fours, t.rounds).as_dict(),
        "redeals": t.redeals,
        "match_length": {**intervals.mean(*moments(t.lengths)).as_dict(), "distribution": _dist(t.lengths)},
        "deciding_yaku": {
            ident: intervals.share(t.deciding[ident], t.yaku_wins).as_dict()
            for ident in sorted(t.deciding, key=lambda i: (-t.deciding[i], i))
        },
    }


def _dist(counts: Counter[int]) -> dict[str, int]:
    return {str(k): counts[k] for k in sorted(counts)}


#: The figures :func:`compare` sets side by side: name -> (kind, how to read it from a tally).
_SHARES: dict[str, Callable[[Tally], tuple[int, int]]] = {
    "dealer_wins_round": lambda t: (t.dealer_wins, t.wins),
    "first_dealer_wins_match": lambda t: (t.first_wins, t.first_wins + t.second_wins),
    "first_bot_wins_match": lambda t: (t.seat_a_wins, t.first_wins + t.second_wins),
    "first_bot_wins_round": lambda t: (t.seat_a_round_wins, t.wins),
    "koikoi_call_rate": lambda t: (t.calls, t.offers),
    "koikoi_success_rate": lambda t: (t.calls_won, t.calls),
    "draws": lambda t: (t.draws, t.rounds),
    "lucky_hands": lambda t: (t.lucky_hands, t.rounds),
    "misdealt_field_wins": lambda t: (t.field_fours, t.rounds),
}
_MEANS: dict[str, Callable[[Tally], tuple[int, int, int]]] = {
    "points_per_round": lambda t: moments(t.points),
    "koikoi_calls_per_round": lambda t: moments(t.round_calls),
    "match_length": lambda t: moments(t.lengths),
}


def compare(a: Tally, b: Tally) -> dict[str, Any]:
    """``b`` against ``a`` for tallies of two independent studies: each figure's difference
    (b − a), its 95% interval, and whether it is significant (the interval excludes 0). The yaku
    rows cover every yaku either decided. (A study of several rule sets plays the same matches
    under each and compares them match by match: :func:`compare_paired`.)"""
    _a_tally("a", a)
    _a_tally("b", b)
    out: dict[str, Any] = {}
    for name, read in _MEANS.items():
        out[name] = intervals.mean_difference(read(a), read(b)).as_dict()
    for name, read_share in _SHARES.items():
        out[name] = intervals.share_difference(read_share(a), read_share(b)).as_dict()
    out["deciding_yaku"] = {
        ident: intervals.share_difference((a.deciding[ident], a.yaku_wins), (b.deciding[ident], b.yaku_wins)).as_dict()
        for ident in sorted(set(a.deciding) | set(b.deciding))
    }
    return out


_DECIDING = "deciding_yaku:"


def compare_measures(yaku: Iterable[str]) -> list[Measure]:
    """What a study's comparison sets side by side, each read from one match's tally as
    (numerator, denominator): the figures :func:`compare` gives, and the share of the yaku wins
    each of ``yaku`` (the ids of the compared rule sets' yaku) decides."""
    labels = {key: label for key, label, _ in _FIGURES}
    return [
        *(Measure(key, labels[key], False, per_observation(read)) for key, read in _MEANS.items()),
        *(Measure(key, labels[key], True, read) for key, read in _SHARES.items()),
        *(Measure(f"{_DECIDING}{ident}", ident, True, _decided_by(ident)) for ident in sorted(set(yaku))),
    ]


def _decided_by(ident: str) -> Callable[[Tally], tuple[int, int]]:
    return lambda t: (t.deciding[ident], t.yaku_wins)


def compare_paired(pairs: Pairs) -> dict[str, Any]:
    """The second rule set against the first from their paired moments (the same matches played
    under both, :func:`compare_measures`): each figure's difference, its 95% interval over the
    per-match differences (``intervals.ratio_difference``), and whether it is significant. The
    yaku rows cover every yaku either decided."""
    out: dict[str, Any] = {name: pairs.compared(name) for name in (*_MEANS, *_SHARES)}
    out["deciding_yaku"] = {
        key.removeprefix(_DECIDING): pairs.compared(key)
        for key, kept in sorted(pairs.moments.items())
        if key.startswith(_DECIDING) and (kept[0] or kept[2])
    }
    return out


#: Labels of the figures only ``yakuset diff --play`` shows.
_PLAY_LABELS = {"points_per_match": "points a match awards"}


#: What ``yakuset diff --play`` compares, each read from one match's tally as (numerator,
#: denominator): key, whether it is a share, and the reader (the labels are the study's).
_PLAY: tuple[tuple[str, bool, Callable[[Tally], tuple[int, int]]], ...] = (
    ("points_per_round", False, per_observation(_MEANS["points_per_round"])),
    ("points_per_match", False, lambda t: (moments(t.points)[0], t.matches)),
    ("dealer_wins_round", True, _SHARES["dealer_wins_round"]),
    ("first_dealer_wins_match", True, _SHARES["first_dealer_wins_match"]),
    ("koikoi_call_rate", True, _SHARES["koikoi_call_rate"]),
    ("koikoi_calls_per_round", False, per_observation(_MEANS["koikoi_calls_per_round"])),
    ("koikoi_success_rate", True, _SHARES["koikoi_success_rate"]),
    ("draws", True, _SHARES["draws"]),
    ("lucky_hands", True, _SHARES["lucky_hands"]),
    ("match_length", False, per_observation(_MEANS["match_length"])),
)


def play_measures() -> list[Measure]:
    """What ``yakuset diff --play`` compares, each read from one match's tally as (numerator,
    denominator): points per round and per match, the dealer's share of wins, the first dealer's
    share of matches, Koi-Koi calls and their success, draws, lucky hands, rounds per match."""
    labels = {**{key: label for key, label, _ in _FIGURES}, **_PLAY_LABELS}
    return [Measure(key, labels[key], is_share, read) for key, is_share, read in _PLAY]


#: The figures of a study's text, in order: key in the summary, label, and whether it is a share.
_FIGURES = (
    ("points_per_round", "points per round", False),
    ("dealer_wins_round", "dealer wins a round", True),
    ("first_dealer_wins_match", "first dealer wins the match", True),
    ("tied_matches", "tied matches", True),
    ("first_bot_wins_round", "first bot wins a round", True),
    ("first_bot_wins_match", "first bot wins the match", True),
    ("koikoi_call_rate", "Koi-Koi called when offered", True),
    ("koikoi_calls_per_round", "Koi-Koi calls per round", False),
    ("koikoi_success_rate", "caller then wins the round", True),
    ("draws", "rounds nobody wins", True),
    ("lucky_hands", "rounds won by a lucky hand", True),
    ("misdealt_field_wins", "rounds the dealer wins at the deal", True),
    ("match_length", "rounds per match", False),
)


_WHERE_RULED = {"lucky_hands", "misdealt_field_wins", "tied_matches"}


def shown_figures(study: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """The figures a study's text and plot show, in order: (key in the summary, label, whether
    it is a share). A rule no rule set of the study has (lucky hands, a misdealt field won)
    shows no row."""
    return [
        (key, label, is_share)
        for key, label, is_share in _FIGURES
        if key not in _WHERE_RULED or any(row["summary"][key]["value"] for row in study["rulesets"])
    ]


def figures(study: dict[str, Any]) -> list[str]:
    """The lines of a Koi-Koi study's text after its first (``study`` is the study's JSON data):
    each rule set's figures with their 95% intervals, then each rule set against the first, a
    ``*`` marking a significant difference."""
    lines: list[str] = []
    figures = shown_figures(study)
    width = max(len(label) for _, label, _ in figures)
    for row in study["rulesets"]:
        s = row["summary"]
        lines.append(f"\n{row['id']}: {s['matches']:,} matches, {s['rounds']:,} rounds")
        for key, label, is_share in figures:
            lines.append(f"  {label:<{width}}  {shown_estimate(s[key], is_share)}")
        dist = s["points_per_round"]["distribution"]
        rounds = max(s["rounds"], 1)
        common = sorted(dist, key=lambda k: (-dist[k], int(k)))[:8]
        lines.append(
            f"  {'points a round awards':<{width}}  "
            + ", ".join(f"{k}: {100 * dist[k] / rounds:.1f}%" for k in sorted(common, key=int))
            + (" …" if len(dist) > len(common) else "")
        )
        deciding = list(s["deciding_yaku"].items())[:8]
        lines.append(
            f"  {'yaku in the winning hand':<{width}}  "
            + ", ".join(f"{ident} {100 * e['value']:.1f}%" for ident, e in deciding)
            + (" …" if len(s["deciding_yaku"]) > len(deciding) else "")
        )
    for comparison in study["comparisons"]:
        lines.append(
            f"\n{comparison['b']} against {comparison['a']} on the same matches "
            "(paired difference, 95% interval; * significant):"
        )
        diffs = comparison["differences"]
        for key, label, is_share in figures:
            if key in diffs:
                lines.append(f"  {label:<{width}}  {shown_difference(diffs[key], is_share)}")
        moved = [(ident, d) for ident, d in diffs["deciding_yaku"].items() if d["significant"]]
        if moved:
            lines.append(
                f"  {'yaku in the winning hand':<{width}}  "
                + ", ".join(f"{ident} {100 * d['difference']:+.1f} pp" for ident, d in moved)
            )
    return lines
