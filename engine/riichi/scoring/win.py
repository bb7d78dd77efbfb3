"""Reading what :func:`yakuset.riichi.evaluate` is given: the tiles, the melds, the winds, the
dora indicators and the flags, each checked, into the :class:`Situation` of the win."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..._core.arguments import shown
from ..._core.errors import InputError
from ..._core.values_fast import from_fields
from ..tiles.notation import EAST, TILE_OF, WINDS, Meld, parse_meld, parse_tiles_red, read_hand, read_tiles, tile_name
from .situation import FLAGS, Situation, check_flag_facts, meld_facts

NORTH = WINDS[3]

_MAX_INDICATORS = 5  # one dora indicator plus one for each of four kans
_AT_MOST_FOUR = bytes(range(5))


class Win(NamedTuple):
    """A win as read: its situation, the concealed tiles, the melds, (dora, ura dora, red fives,
    kita), the red fives themselves (tile numbers), how many (dora, ura) indicators were given and
    the count of each tile among the concealed ones.
    Extracted norths (kita) count among the dora and ura dora their indicators show; their own
    value is the fourth number."""

    situation: Situation
    concealed: tuple[int, ...]
    melds: list[Meld]
    dora: tuple[int, int, int, int]
    reds: tuple[int, ...]
    indicators: tuple[int, int]
    concealed_counts: bytes


_new_win = from_fields(Win)
_new_situation = from_fields(Situation)


def _indicated(indicator: int) -> int:
    """The dora an indicator shows: the next tile of its suit, winds and dragons cycling."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


_DORA_OF = tuple(_indicated(t) for t in range(34))
_NO_FLAGS = dict.fromkeys(FLAGS, False)
_FLAG_VALUES = operator.itemgetter(*FLAGS)
_NO_FLAG_VALUES = _FLAG_VALUES(_NO_FLAGS)
_RIICHI, _DOUBLE_RIICHI = FLAGS.index("riichi"), FLAGS.index("double_riichi")
_WIND_NAMES = {
    "east": EAST,
    "south": WINDS[1],
    "west": WINDS[2],
    "north": WINDS[3],
    "1z": EAST,
    "2z": WINDS[1],
    "3z": WINDS[2],
    "4z": WINDS[3],
}


def _wind(value: Any, name: str) -> int:
    wind = _WIND_NAMES.get(value) if type(value) is str else None
    if wind is None:
        raise InputError(f"{name} must be east, south, west or north, got {value!r}")
    return wind


def _flag_values(flags: Mapping[str, Any]) -> tuple[bool, ...]:
    """The flags' values in the order of ``FLAGS`` (false unless given), checked."""
    for name, value in flags.items():
        if name not in _NO_FLAGS:
            unknown = sorted(set(flags) - set(FLAGS))
            raise InputError(f"unknown flag(s): {', '.join(unknown)}; flags are {', '.join(FLAGS)}")
        if type(value) is not bool:
            raise InputError(f"{name} must be true or false, got {value!r}")
    return _FLAG_VALUES({**_NO_FLAGS, **flags})  # type: ignore[no-any-return]


def _indicators(values: Any, name: str) -> list[int]:
    if type(values) is not tuple and type(values) is not list:
        if isinstance(values, str):
            values = [values]
        elif not isinstance(values, Sequence):
            raise InputError(f"{name}s must be a list of tiles like ['1m', '5z'], got {shown(values)}")
    found = []
    for text in values:
        tile = TILE_OF.get(text) if type(text) is str else None
        if tile is None:
            tiles, _ = parse_tiles_red(text)
            if len(tiles) != 1:
                raise InputError(f"each {name} is one tile, got {text!r}")
            tile = tiles[0]
        found.append(tile)
    if len(found) > _MAX_INDICATORS:
        raise InputError(f"at most {_MAX_INDICATORS} {name}s (one, and one more for each kan), got {len(found)}")
    return found


def parse_melds(melds: Any) -> list[Meld]:
    """The ``(kind, tiles)`` pairs of ``melds`` read into :class:`Meld`s (at most four), checked."""
    if not melds and (type(melds) is tuple or type(melds) is list):
        return []
    if type(melds) not in (list, tuple) and (isinstance(melds, str) or not isinstance(melds, Sequence)):
        raise InputError(f"melds must be a list of (kind, tiles) pairs, got {melds!r}")
    parsed = []
    for meld in melds:
        if (type(meld) not in (tuple, list) and (isinstance(meld, str) or not isinstance(meld, Sequence))) or len(
            meld
        ) != 2:
            raise InputError(f"a meld is a (kind, tiles) pair like ('pon', '555z'), got {meld!r}")
        parsed.append(parse_meld(meld[0], meld[1]))
    if len(parsed) > 4:
        raise InputError(f"a hand has at most four melds, got {len(parsed)}")
    return parsed


class TileRules(NamedTuple):
    """What a rule set says about the tiles of a win: the tiles not in the set, the dora each
    indicator shows, kita (``None``: none; else (dora each, whether indicators count them)), and
    whether a ron on a set-aside north is a chankan (``kita.ron: chankan``)."""

    removed: frozenset[int]
    dora_of: tuple[int, ...]
    kita: tuple[int, bool] | None
    kita_chankan: bool = False


FULL_SET = TileRules(frozenset(), _DORA_OF, None)


def read_win(
    hand: str,
    win: str,
    melds: Any,
    seat_wind: Any,
    round_wind: Any,
    dora_indicators: Any,
    ura_indicators: Any,
    flags: Mapping[str, Any],
    tile_rules: TileRules = FULL_SET,
    kita: int = 0,
) -> Win:
    """Check everything about a win but its han and fu; raise :class:`yakuset.InputError` naming
    the first thing wrong. ``kita`` is the number of north tiles the winner extracted."""
    values = _flag_values(flags) if flags else _NO_FLAG_VALUES
    try:
        seat = _WIND_NAMES[seat_wind]
    except (KeyError, TypeError):
        seat = _wind(seat_wind, "seat_wind")
    try:
        round_ = _WIND_NAMES[round_wind]
    except (KeyError, TypeError):
        round_ = _wind(round_wind, "round_wind")
    concealed, parsed, win_tile, every, reds, concealed_counts, counts = _tiles(hand, win, melds)
    dora_list = _indicators(dora_indicators, "dora indicator") if dora_indicators else []
    ura_list = _indicators(ura_indicators, "ura dora indicator") if ura_indicators else []
    shown = dora_list + ura_list
    if tile_rules.removed:
        check_removed(tile_rules.removed, every, reds, dora_list, ura_list)
    if kita:
        shown = [*shown, *[NORTH] * kita]
    if counts.translate(None, _AT_MOST_FOUR):  # a count above four is left
        _check_copies(counts, shown, kita)
    for tile in shown:
        if counts[tile] + shown.count(tile) > 4:
            _check_copies(counts, shown, kita)
    open_meld, kan = meld_facts(parsed) if parsed else (False, False)
    if True in values:
        # A kan robbed holds the other three copies; a north robbed as it is set aside (kita) does not.
        seen_elsewhere = counts[win_tile] + shown.count(win_tile) > 1 and not (
            tile_rules.kita_chankan and win_tile == NORTH
        )
        check_flag_facts(values, open_meld, kan, bool(parsed), seat == EAST, seen_elsewhere, kita > 0)
    if ura_list:
        _check_ura(values, dora_list, ura_list)
    situation = _new_situation(
        (every, concealed, bytes(counts), tuple(parsed), win_tile, seat, round_, open_meld, *values)
    )
    dora = ura = 0
    dora_of = tile_rules.dora_of
    for indicator in dora_list:
        dora += counts[dora_of[indicator]]
    for indicator in ura_list:
        ura += counts[dora_of[indicator]]
    counted = (dora, ura, len(reds), 0)
    if kita and tile_rules.kita is not None:
        counted = _with_kita(tile_rules, kita, dora_list, ura_list, counted)
    indicators = (len(dora_list), len(ura_list))
    return _new_win((situation, concealed, parsed, counted, reds, indicators, concealed_counts))


def _check_ura(values: tuple[bool, ...], dora_list: list[int], ura_list: list[int]) -> None:
    """Ura dora indicators come with riichi, at most one under each dora indicator."""
    if not (values[_RIICHI] or values[_DOUBLE_RIICHI]):
        raise InputError("ura dora indicators count only for riichi; leave them out")
    if len(ura_list) > max(len(dora_list), 1):
        raise InputError("more ura dora indicators than dora indicators: each lies under a dora indicator")


def _with_kita(
    tile_rules: TileRules, kita: int, dora_list: list[int], ura_list: list[int], counted: tuple[int, int, int, int]
) -> tuple[int, int, int, int]:
    """(dora, ura, red fives, kita) with the extracted norths: each worth its own dora, and counted
    among the dora (and ura) their indicators show where the rule set says so."""
    assert tile_rules.kita is not None
    each, indicated = tile_rules.kita
    dora, ura, reds, _ = counted
    if indicated:
        dora_of = tile_rules.dora_of
        dora += kita * sum(1 for indicator in dora_list if dora_of[indicator] == NORTH)
        ura += kita * sum(1 for indicator in ura_list if dora_of[indicator] == NORTH)
    return (dora, ura, reds, kita * each)


def _tiles(
    hand: str, win: Any, melds: Any
) -> tuple[tuple[int, ...], list[Meld], int, tuple[int, ...], tuple[int, ...], bytes, bytes | bytearray]:
    """The concealed tiles, the melds, the winning tile, every tile, the red fives, and the counts
    of the concealed tiles and of every tile, checked."""
    concealed, red_tiles, concealed_counts = read_hand(hand)
    win_tile = TILE_OF.get(win) if type(win) is str else None  # a plain tile's name: the common case
    win_red: Sequence[int] = ()
    if win_tile is None:
        win_tiles, win_red = read_tiles(win) if isinstance(win, str) else ((), ())
        if len(win_tiles) != 1:
            raise InputError(f"win must be one tile (like 4s), got {win!r}")
        win_tile = win_tiles[0]
    parsed = parse_melds(melds) if melds or type(melds) is not tuple else []
    expected = 14 - 3 * len(parsed)
    if len(concealed) != expected:
        raise InputError(
            f"with {len(parsed)} meld(s) the hand needs {expected} concealed tiles "
            f"(the winning tile included), got {len(concealed)}"
        )
    if not concealed_counts[win_tile]:
        raise InputError(f"the winning tile {win} is not among the concealed tiles {hand}")
    if win_red and win_red[0] not in red_tiles:
        raise InputError(f"the winning tile {win} is a red five, but the hand {hand} holds no red five of that suit")
    every = concealed
    reds = red_tiles
    counts: bytes | bytearray = concealed_counts
    if parsed:
        counts = bytearray(concealed_counts)
        for meld in parsed:
            every += meld.tiles
            for tile in meld.tiles:
                counts[tile] += 1
            if meld.red_tiles:
                reds += meld.red_tiles
    return concealed, parsed, win_tile, every, reds, concealed_counts, counts


def check_removed(
    removed: frozenset[int], every: tuple[int, ...], reds: tuple[int, ...], dora: list[int], ura: list[int]
) -> None:
    """Refuse a tile the rule set's set does not have (three-player Riichi has no 2m-8m)."""
    names = ", ".join(tile_name(t) for t in sorted(removed))
    for tiles, where in ((every, "the hand"), (dora, "the dora indicators"), (ura, "the ura dora indicators")):
        for tile in tiles:
            if tile in removed:
                shown = f"0{tile_name(tile)[1]} (a red {tile_name(tile)})" if tile in reds and tiles is every else None
                raise InputError(
                    f"{shown or tile_name(tile)} in {where} is not in this rule set's tiles (tiles.removed: {names})"
                )


def refuse_chi(melds: Sequence[Meld], ruleset: str) -> None:
    """Refuse a chi meld under a rule set that has none (``wins.chi: false``)."""
    chi = next((m for m in melds if m.kind == "chi"), None)
    if chi is not None:
        raise InputError(
            f"chi meld {''.join(tile_name(t)[0] for t in chi.tiles)}{tile_name(chi.tiles[0])[1]}: "
            f"{ruleset!r} has no chi (wins.chi: false)"
        )


def _check_copies(counts: Sequence[int], shown: list[int], kita: int = 0) -> None:
    """Refuse more than four copies of a tile in the hand, or in the hand, the indicators and
    the extracted norths."""
    seen = list(counts)
    for tile in shown:
        seen[tile] += 1
    if max(seen) > 4:
        tile = next(t for t in range(34) if seen[t] > 4)
        where = (
            "the hand"
            if counts[tile] > 4
            else "the hand, the indicators and the kita"
            if kita and tile == NORTH
            else "the hand and the indicators"
        )
        raise InputError(f"{seen[tile]} copies of {tile_name(tile)} in {where}: there are only four")
