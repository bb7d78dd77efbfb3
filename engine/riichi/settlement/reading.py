"""What :func:`yakuset.riichi.settle` is given, read once at its door: an outcome's mapping form
(``{"ron": {"discarder": 2, "winners": [WIN, ...]}}``, as YAML scripts, the HTTP API, the logs
and the table give it) read into the typed values of :mod:`.outcomes`, or a typed value checked,
each against the number of seats; :class:`yakuset.InputError` names the first thing wrong.

What is checked here is the outcome's shape and its seats; a hand's han, fu, yaku and tiles are
checked when the hand is scored (by :func:`score` or :func:`evaluate`, with their messages), and
what the rule set allows when the hand is settled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..._core.results import FrozenMap
from ..._core.values_fast import from_fields
from ..kinds import AbortiveDraw, Outcome
from ..rules.compiled import rules_of
from ..rules.table import ABORTIVE
from ..scoring.situation import FLAGS
from .outcomes import (
    Abort,
    Chombo,
    DeclaredYaku,
    DeclaredYakuman,
    Draw,
    Hand,
    HandOutcome,
    HanFu,
    Ron,
    Tiles,
    Tsumo,
    Win,
)

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: The outcomes :func:`settle` takes, each the one key of its mapping.
OUTCOMES = tuple(outcome.value for outcome in Outcome)
_SCORE_FORMS = ("han", "yakuman", "yaku", "hand")
_WIN_KEYS = frozenset(
    {"seat", "han", "fu", "yakuman", "yaku", "dora", "open", "hand", "win", "melds", "pao", "kita"}
    | {"dora_indicators", "ura_indicators", *FLAGS}
)
_HANDS = (HanFu, DeclaredYaku, DeclaredYakuman, Tiles)
_ABORTIVE_DRAW = {draw.value: draw for draw in AbortiveDraw}
_DRAW_KEYS = frozenset({"tenpai", "nagashi"})
_new_ron = from_fields(Ron)
_new_tsumo = from_fields(Tsumo)
_new_draw = from_fields(Draw)
_new_abort = from_fields(Abort)
_new_win = from_fields(Win)
_new_han_fu = from_fields(HanFu)


def read_outcome(rs: RuleSet, outcome: Mapping[str, Any] | HandOutcome) -> HandOutcome:
    """``outcome`` as the typed value :func:`yakuset.riichi.settle` settles under ``rs``: its
    mapping form read (``{"ron": {"discarder": d, "winners": [WIN, ...]}}``, ``{"tsumo": WIN}``,
    ``{"draw": {"tenpai": [seats], "nagashi": [seats]}}``, ``{"abort": kind}``, ``{"chombo":
    seat}``), or a typed value checked. Raises :class:`yakuset.InputError` naming what is wrong
    with its shape or its seats."""
    return outcome_of(outcome, rules_of(rs).table.players)


def outcome_of(outcome: Any, seats: int) -> HandOutcome:
    """``outcome`` (a mapping or a typed value) read and checked for a table of ``seats``."""
    kind = type(outcome)
    if kind is not dict:
        check = _CHECKS.get(kind)
        if check is not None:
            return check(outcome, seats)  # type: ignore[no-any-return]
    if not (kind is dict or isinstance(outcome, Mapping)) or len(outcome) != 1:
        raise InputError(f"an outcome is a mapping with one key, one of {', '.join(OUTCOMES)}; got {shown(outcome)}")
    ((key, detail),) = outcome.items()
    read = _READERS.get(key)
    if read is None:
        raise InputError(f"unknown outcome {shown(key)}; outcomes are {', '.join(OUTCOMES)}")
    return read(detail, seats)


# --- seats ------------------------------------------------------------------------------------


def a_seat(value: Any, what: str, seats: int) -> int:
    """``value`` if it is a seat of a table of ``seats``, else :class:`InputError` naming ``what``."""
    if type(value) is not int or not 0 <= value < seats:
        raise InputError(f"{what} must be a seat 0-{seats - 1}, got {shown(value)}")
    return value


def some_seats(values: Any, what: str, n: int) -> tuple[int, ...]:
    """``values`` if they are different seats of a table of ``n``, as a tuple."""
    if (type(values) is not list and type(values) is not tuple) and (
        isinstance(values, (str, bytes, Mapping)) or not isinstance(values, (Sequence, set, frozenset))
    ):
        raise InputError(f"{what} must be a list of seats 0-{n - 1}, got {shown(values)}")
    seats = tuple(values)
    for value in seats:
        if type(value) is not int or not 0 <= value < n:
            a_seat(value, f"each of {what}", n)
    if len(seats) > 1 and len(set(seats)) != len(seats):
        raise InputError(f"{what} names a seat twice: {list(seats)}")
    return seats


def _winner_seats(discarder: int, winners: tuple[Win, ...], n: int) -> None:
    """The winners of a ron are different seats, the discarder not among them."""
    if len(winners) == 1:
        only: Any = winners[0].seat
        if type(only) is not int or not 0 <= only < n:
            a_seat(only, "each of the winners' seats", n)
        if discarder == only:
            raise InputError(f"seat {discarder} discarded the tile and cannot ron it")
    else:
        seats = some_seats([w.seat for w in winners], "the winners' seats", n)
        if discarder in seats:
            raise InputError(f"seat {discarder} discarded the tile and cannot ron it")


def _liable(pao: Any, winner: int, n: int) -> None:
    """The seat liable for ``winner``'s yakuman is another seat at the table."""
    if a_seat(pao, f"seat {winner}'s pao", n) == winner:
        raise InputError(f"seat {winner} cannot be liable (pao) for their own win")


# --- the mapping form -------------------------------------------------------------------------


def _ron(detail: Any, n: int) -> Ron:
    if (
        not (type(detail) is dict or isinstance(detail, Mapping))
        or len(detail) != 2
        or "discarder" not in detail
        or "winners" not in detail
    ):
        raise InputError(f"a ron is {{'discarder': seat, 'winners': [WIN, ...]}}, got {shown(detail)}")
    discarder = detail["discarder"]
    if type(discarder) is not int or not 0 <= discarder < n:
        a_seat(discarder, "the discarder", n)
    wins = detail["winners"]
    if (
        not (type(wins) is list or type(wins) is tuple)
        and (isinstance(wins, (str, bytes, Mapping)) or not isinstance(wins, Sequence))
    ) or not 1 <= len(wins) < n:
        raise InputError(f"a ron has 1-{n - 1} winners (a list of WIN mappings), got {shown(wins)}")
    if len(wins) == 1:  # the common ron, checked in line
        given = wins[0]
        win = _win(given, 0)
        seat: Any = win.seat
        if type(seat) is not int or not 0 <= seat < n:
            a_seat(seat, "each of the winners' seats", n)
        if seat == discarder:
            raise InputError(f"seat {discarder} discarded the tile and cannot ron it")
        if "pao" in given:  # a pao of None too: it is no seat
            _liable(given["pao"], seat, n)
        return _new_ron((discarder, (win,)))
    winners = tuple([_win(w, i) for i, w in enumerate(wins)])
    _winner_seats(discarder, winners, n)
    for win, given in zip(winners, wins):
        if "pao" in given:
            _liable(given["pao"], win.seat, n)
    return _new_ron((discarder, winners))


def _tsumo(detail: Any, n: int) -> Tsumo:
    win = _win(detail, None)
    seat: Any = win.seat
    if type(seat) is not int or not 0 <= seat < n:
        a_seat(seat, "the winner's seat", n)
    if "pao" in detail:  # a pao of None too: it is no seat
        _liable(detail["pao"], win.seat, n)
    return _new_tsumo((win,))


def _draw(detail: Any, n: int) -> Draw:
    if (
        not (type(detail) is dict or isinstance(detail, Mapping))
        or not _DRAW_KEYS.issuperset(detail)
        or "tenpai" not in detail
    ):
        raise InputError(f"a draw is {{'tenpai': [seats], 'nagashi': [seats]}}, got {shown(detail)}")
    tenpai = some_seats(detail["tenpai"], "tenpai", n)
    return _new_draw((tenpai, some_seats(detail.get("nagashi", ()), "nagashi", n)))


def _abort(detail: Any, n: int) -> Abort:
    kind = _ABORTIVE_DRAW.get(detail) if isinstance(detail, str) else None
    if kind is None:
        raise InputError(f"an abortive draw is one of {', '.join(ABORTIVE)}, got {shown(detail)}")
    return _new_abort((kind,))


def _chombo(detail: Any, n: int) -> Chombo:
    return Chombo(a_seat(detail, "the chombo's seat", n))


_READERS: dict[str, Callable[[Any, int], HandOutcome]] = {
    "ron": _ron,
    "tsumo": _tsumo,
    "draw": _draw,
    "abort": _abort,
    "chombo": _chombo,
}


def _what(index: int | None) -> str:
    return "the tsumo" if index is None else f"winner {index}"


def _win(win: Any, index: int | None) -> Win:
    """A WIN mapping read (its seat and pao as given: they are checked with the other winners')."""
    if type(win) is not dict and not isinstance(win, Mapping):
        raise InputError(f"{_what(index)} must be a mapping like {{'seat': 1, 'han': 3, 'fu': 30}}, got {shown(win)}")
    if not _WIN_KEYS.issuperset(win):
        unknown = [k for k in win if k not in _WIN_KEYS]
        raise InputError(f"{_what(index)} has unknown key(s) {', '.join(map(shown, unknown))}")
    if (
        ("yakuman" in win or "yaku" in win or "hand" in win)
        if "han" in win
        else ("yakuman" in win) + ("yaku" in win) + ("hand" in win) != 1
    ):
        forms = [form for form in _SCORE_FORMS if form in win]
        raise InputError(
            f"{_what(index)} gives its hand as exactly one of han (+ fu), yakuman, yaku (+ fu, dora, open) or hand "
            f"(tiles, with win); got {', '.join(forms) or 'none'}"
        )
    if "kita" in win and "hand" not in win:
        raise InputError(f"{_what(index)}: kita counts with a hand given as tiles; with han or yaku, count it as dora")
    hand = _new_han_fu((win["han"], win.get("fu"))) if "han" in win else _hand(win)
    return _new_win((win.get("seat"), hand, win.get("pao")))


def _hand(win: Mapping[str, Any]) -> Hand:
    """The hand of a WIN mapping, its values as given (scoring checks them)."""
    if "han" in win:
        return _new_han_fu((win["han"], win.get("fu")))
    if "yakuman" in win:
        return DeclaredYakuman(_listed(win["yakuman"]), win.get("open", False))
    if "yaku" in win:
        return DeclaredYaku(_listed(win["yaku"]), win.get("fu"), win.get("dora", 0), win.get("open", False))
    melds = win.get("melds", ())
    if type(melds) is list:
        melds = tuple(tuple(meld) if type(meld) is list and len(meld) == 2 else meld for meld in melds)
    return Tiles(
        win["hand"],
        win.get("win"),
        melds,
        _listed(win.get("dora_indicators", ())),
        _listed(win.get("ura_indicators", ())),
        win.get("kita", 0),
        FrozenMap({name: win[name] for name in FLAGS if name in win}),
    )


def _listed(values: Any) -> Any:
    """A list as a tuple; anything else as it is (scoring says what is wrong with it)."""
    return tuple(values) if type(values) is list else values


# --- the typed values -------------------------------------------------------------------------


def _checked_hand(win: Any, index: int | None) -> Win:
    if type(win) is not Win:
        raise InputError(f"{_what(index)} must be a yakuset.riichi.Win, got {shown(win)}")
    hand = win.hand
    if type(hand) not in _HANDS:
        raise InputError(
            f"{_what(index)} gives its hand as a HanFu, DeclaredYaku, DeclaredYakuman or Tiles, got {shown(hand)}"
        )
    if type(hand) is Tiles:
        flags = hand.flags
        if not isinstance(flags, Mapping) or not set(flags) <= set(FLAGS):
            raise InputError(f"{_what(index)}'s flags must map flags ({', '.join(FLAGS)}) to values: {shown(flags)}")
    return win


def _checked_ron(ron: Ron, n: int) -> Ron:
    a_seat(ron.discarder, "the discarder", n)
    wins = ron.winners
    if type(wins) is not tuple or not 1 <= len(wins) < n:
        raise InputError(f"a ron has 1-{n - 1} winners (a tuple of Win values), got {shown(wins)}")
    for index, win in enumerate(wins):
        _checked_hand(win, index)
    _winner_seats(ron.discarder, wins, n)
    for win in wins:
        if win.pao is not None:
            _liable(win.pao, win.seat, n)
    return ron


def _checked_tsumo(tsumo: Tsumo, n: int) -> Tsumo:
    win = _checked_hand(tsumo.win, None)
    a_seat(win.seat, "the winner's seat", n)
    if win.pao is not None:
        _liable(win.pao, win.seat, n)
    return tsumo


def _checked_draw(draw: Draw, n: int) -> Draw:
    return Draw(some_seats(draw.tenpai, "tenpai", n), some_seats(draw.nagashi, "nagashi", n))


def _checked_abort(abort: Abort, n: int) -> Abort:
    return _abort(abort.kind, n)


def _checked_chombo(chombo: Chombo, n: int) -> Chombo:
    a_seat(chombo.seat, "the chombo's seat", n)
    return chombo


_CHECKS: dict[type, Any] = {
    Ron: _checked_ron,
    Tsumo: _checked_tsumo,
    Draw: _checked_draw,
    Abort: _checked_abort,
    Chombo: _checked_chombo,
}
