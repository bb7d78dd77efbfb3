"""The table rules of a Riichi rule set: how many players, points, when the game ends, which tiles
count, who is paid when several win, draws, the dealer and the honba, liability and penalties (the
sections ``points`` ... ``penalties``, ``players`` and ``kita``; docs/rules/riichi-table.md and
docs/rules/sanma.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..._core.errors import Location, Problem
from ..._core.hints import did_you_mean
from ..._core.validate import display_path, locate
from ..._core.yamlsource import LocatedDict
from ..kinds import AbortiveDraw, Wind
from ..tiles.notation import NORTH

#: The winds in play order, as words; a wind's index is its place in a game (east 0 ... north 3).
WIND_NAMES = tuple(wind.value for wind in Wind)
#: Abortive draws a rule set may have, as words.
ABORTIVE = tuple(draw.value for draw in AbortiveDraw)
#: Floating uma keys by how many players end at or above the return points.
FLOATING_KEYS = ("none_above", "one_above", "two_above", "three_above", "all_above")
SECTIONS = ("points", "ending", "tiles", "wins", "draws", "dealer", "liability", "penalties", "players", "kita")
#: Abortive draws that need a fourth player (four winds, four riichi, three rons on one discard).
FOUR_PLAYER_ABORTIVE = tuple(draw.value for draw in AbortiveDraw if draw.needs_four_players)
_ONE_OF_THREE = [draw.value for draw in AbortiveDraw if not draw.needs_four_players]
#: The abortive draws three players can have, in words: "nine_terminals and four_kans".
_THREE_PLAYER_ABORTIVE = " and ".join(
    [", ".join(_ONE_OF_THREE[:-1]), _ONE_OF_THREE[-1]] if len(_ONE_OF_THREE) > 1 else _ONE_OF_THREE
)
_SUIT_LETTERS = "mpsz"


def tile_number(name: str) -> int:
    """The tile number (0-33) of a plain tile's mpsz name such as ``5m`` or ``4z`` (schema-checked)."""
    return _SUIT_LETTERS.index(name[1]) * 9 + int(name[0]) - 1


def dora_order(removed: frozenset[int]) -> tuple[int, ...]:
    """The dora each indicator shows: the next tile of its suit that is in the set (suits cycle
    9 -> 1, winds east -> north -> east, dragons white -> red -> white); ``removed`` tiles are
    skipped, so with 2m-8m removed 1m shows 9m and 9m shows 1m."""
    order = []
    for tile in range(34):
        if tile < 27:
            first, size = tile - tile % 9, 9
        elif tile < 31:
            first, size = 27, 4
        else:
            first, size = 31, 3
        shown = tile
        for _ in range(size):
            shown = first + (shown - first + 1) % size
            if shown not in removed:
                break
        order.append(shown)
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Kita:
    """Nukidora: each extracted north is worth ``dora_each`` dora, and once more per dora (or ura)
    indicator showing north when ``indicated``; at the table, another seat's ``ron`` on it
    (``allowed``, ``chankan`` or ``forbidden``) and whether it ends ippatsu (``breaks_ippatsu``)."""

    dora_each: int
    indicated: bool
    ron: str = "allowed"
    breaks_ippatsu: bool = True


@dataclass(frozen=True, slots=True)
class Rounding:
    """Final scores are rounded to a multiple of ``to`` (an exact half going up or down) before
    the return points are subtracted; with ``first_balances`` first place gets minus the sum
    of the others' points."""

    to: int
    half_up: bool
    first_balances: bool


@dataclass(frozen=True, slots=True)
class Chombo:
    """The chombo penalty: a reverse-mangan payment, a deduction after uma, a replay."""

    reverse_mangan: bool
    deduction: int
    replay: bool


@dataclass(frozen=True, eq=False)
class TableRules:
    """The compiled table rules of a Riichi rule set (see the schema for each field's meaning).

    ``uma`` maps the number of players at or above the return points to the uma by place; a
    fixed uma holds the same list under every count (0 to the number of players). ``removed``
    holds the tile numbers not in the set, ``dora_of`` the dora each indicator shows; ``kita`` is
    ``None`` where north is an ordinary tile.
    """

    players: int
    start: int
    return_points: int
    oka: int
    uma: Mapping[int, tuple[int, ...]]
    floating_uma: bool
    rounding: Rounding | None
    ties_split: bool
    leftover_to_first: bool
    riichi_needs: int
    riichi_draws_left: int
    winds: int  # regular winds: 1 (east) or 2 (east-south)
    extension_target: int | None
    extension_last: int  # index of the last wind the extension may reach
    agari_yame: bool
    tenpai_yame: bool
    bankruptcy: bool
    red_fives: tuple[int, int, int]  # m, p, s
    dead_wall: int
    removed: frozenset[int]
    dora_of: tuple[int, ...]
    chi: bool
    kita: Kita | None
    ura_dora: bool
    kan_dora: bool
    kan_ura: bool
    kan_dora_timing: tuple[str, str]  # closed kan, open kan
    kokushi_robs_closed_kan: bool
    head_bump: bool
    honba_to_each: bool
    own_sticks_back: bool
    open_tanyao: bool
    atozuke: bool
    kuikae: str
    noten_payments: int
    nagashi_mangan: bool
    karaten_held: bool  # draws.karaten: held (melds and set-aside norths make a wait dead too)
    abortive: frozenset[str]
    renchan_win: bool
    renchan_tenpai: bool
    renchan_abort: bool
    honba_dealer_win: str
    honba_draw: str
    honba_other_win: str
    pao_yakuman: frozenset[str]
    pao_ron_split: bool
    pao_honba_liable: bool
    pao_whole_hand: bool
    chombo: Chombo | None


def compile_table(
    document: LocatedDict,
    yakuman_ids: frozenset[str],
    yaku_ids: frozenset[str],
    enabled: frozenset[str],
    tier_ids: frozenset[str],
    fallback: Location,
) -> tuple[TableRules | None, list[Problem]]:
    """Compile the table sections of a resolved, schema-valid Riichi document; report what the
    schema cannot check (uma that does not sum to zero, an extension inside the regular winds,
    unknown liability yakuman, nagashi mangan without its yaku, a reverse mangan without a
    mangan tier) at its location."""
    problems: list[Problem] = []

    def problem(path: list[str | int], message: str, hint: str | None = None) -> None:
        problems.append(Problem(locate(document, path, fallback), display_path(document, path), message, hint))

    players = document["players"]
    uma = _uma(document["points"]["uma"], players, problem)
    winds = 1 if document["ending"]["length"] == "east" else 2
    last = _extension_last(document["ending"]["extension"], winds, problem)
    _check_names(document, yakuman_ids, yaku_ids, enabled, tier_ids, problem)
    removed, kita = _three_players(document, players, problem)
    if problems:
        return None, problems
    return _table_rules(document, uma, winds, last, removed, kita), []


def _uma(uma_value: Any, players: int, problem: Callable[..., None]) -> dict[int, tuple[int, ...]]:
    """The uma by the number of players at or above the return points (one table for all, or
    floating uma), each checked: one value per place, adding up to zero."""
    if isinstance(uma_value, list):
        uma = dict.fromkeys(range(players + 1), tuple(uma_value))
        if len(uma_value) != players:
            problem(
                ["points", "uma"],
                f"the uma has {len(uma_value)} places and the table {players} players",
                f"give one value per place, first to last ({players} values)",
            )
        if sum(uma_value) != 0:
            problem(
                ["points", "uma"], f"the uma adds up to {sum(uma_value)}, not 0", "what one place gains another loses"
            )
        return uma
    uma = {}
    for count, key in enumerate(FLOATING_KEYS):
        if key in uma_value:
            uma[count] = tuple(uma_value[key])
            if len(uma_value[key]) != players:
                problem(
                    ["points", "uma", key],
                    f"the uma has {len(uma_value[key])} places and the table {players} players",
                    f"give one value per place, first to last ({players} values)",
                )
            if count > players:
                problem(["points", "uma", key], f"{key}: the table has only {players} players")
            if sum(uma_value[key]) != 0:
                problem(["points", "uma", key], f"the uma adds up to {sum(uma_value[key])}, not 0")
    # Nobody at or above the line (leftover sticks lost), or all four on it: the two_above table,
    # as JPML's own tables use it (docs/rules/riichi-table.md).
    uma.setdefault(0, uma[2])
    uma.setdefault(players, uma[2])
    return uma


def _extension_last(extension: Any, winds: int, problem: Callable[..., None]) -> int:
    """The index of the last wind the game may reach: the extension's, past the regular winds."""
    if not isinstance(extension, dict):
        return winds - 1
    last = WIND_NAMES.index(extension["last_wind"])
    if last < winds:
        problem(
            ["ending", "extension", "last_wind"],
            f"the extension must reach past the regular winds, which end with {WIND_NAMES[winds - 1]}",
            f"use {WIND_NAMES[winds]}",
        )
    return last


def _check_names(
    document: LocatedDict,
    yakuman_ids: frozenset[str],
    yaku_ids: frozenset[str],
    enabled: frozenset[str],
    tier_ids: frozenset[str],
    problem: Callable[..., None],
) -> None:
    """The yaku and tiers the table sections name exist: the liability yakuman, nagashi mangan's
    yaku, a reverse mangan's tier."""
    for index, ident in enumerate(document["liability"]["yakuman"]):
        if ident not in yakuman_ids:
            known = yakuman_ids if ident not in yaku_ids else frozenset()
            problem(
                ["liability", "yakuman", index],
                f"{ident!r} is not a yakuman of the yaku table" if ident in yaku_ids else f"unknown yakuman {ident!r}",
                did_you_mean(ident, known),
            )
    if document["draws"]["nagashi_mangan"] and "nagashi_mangan" not in enabled:
        problem(
            ["draws", "nagashi_mangan"],
            "nagashi mangan as a draw outcome is paid as the yaku `nagashi_mangan`, which is not enabled",
            "enable it in `yaku:` ({id: nagashi_mangan, enabled: true}) or set this to false",
        )
    chombo = document["penalties"]["chombo"]
    if isinstance(chombo, dict) and chombo["payment"] == "reverse_mangan" and "mangan" not in tier_ids:
        problem(
            ["penalties", "chombo", "payment"],
            "a reverse mangan is paid at the limit tier `mangan`, and `limits.tiers` has none",
        )


def _table_rules(
    document: LocatedDict,
    uma: dict[int, tuple[int, ...]],
    winds: int,
    last: int,
    removed: frozenset[int],
    kita: Kita | None,
) -> TableRules:
    """The table rules of a checked document."""
    return TableRules(
        **_points_and_ending(document, uma, winds, last),
        **_tiles(document, removed, kita),
        **_wins_and_draws(document),
    )


def _points_and_ending(document: LocatedDict, uma: dict[int, tuple[int, ...]], winds: int, last: int) -> dict[str, Any]:
    """The table rules of ``points`` and ``ending``."""
    points, ending = document["points"], document["ending"]
    rounding, extension = points["rounding"], ending["extension"]
    return {
        "players": document["players"],
        "start": points["start"],
        "return_points": points["return"],
        "oka": points["oka"],
        "uma": MappingProxyType(uma),
        "floating_uma": not isinstance(points["uma"], list),
        "rounding": None
        if rounding == "none"
        else Rounding(rounding["to"], rounding["half"] == "up", rounding["first_balances"]),
        "ties_split": points["ties"] == "split",
        "leftover_to_first": points["leftover_sticks"] == "first",
        "riichi_needs": points["riichi_needs"],
        "winds": winds,
        "extension_target": extension["target"] if isinstance(extension, dict) else None,
        "extension_last": last,
        "agari_yame": ending["agari_yame"],
        "tenpai_yame": ending["tenpai_yame"],
        "bankruptcy": ending["bankruptcy"],
    }


def _tiles(document: LocatedDict, removed: frozenset[int], kita: Kita | None) -> dict[str, Any]:
    """The table rules of ``tiles`` and ``kita``."""
    tiles = document["tiles"]
    return {
        "red_fives": (tiles["red_fives"]["m"], tiles["red_fives"]["p"], tiles["red_fives"]["s"]),
        "dead_wall": tiles["dead_wall"],
        "removed": removed,
        "dora_of": dora_order(removed),
        "kita": kita,
        "ura_dora": tiles["ura_dora"],
        "kan_dora": tiles["kan_dora"],
        "kan_ura": tiles["kan_ura"],
        "kan_dora_timing": (tiles["kan_dora_timing"]["closed_kan"], tiles["kan_dora_timing"]["open_kan"]),
        "kokushi_robs_closed_kan": tiles["kokushi_robs_closed_kan"],
    }


def _wins_and_draws(document: LocatedDict) -> dict[str, Any]:
    """The table rules of ``wins``, ``draws``, ``dealer``, ``liability`` and ``penalties``."""
    wins, draws, dealer = document["wins"], document["draws"], document["dealer"]
    liability, chombo = document["liability"], document["penalties"]["chombo"]
    renchan, honba = dealer["renchan"], dealer["honba"]
    return {
        "riichi_draws_left": wins["riichi_draws_left"],
        "chi": wins["chi"],
        "head_bump": wins["multiple_ron"] == "head_bump",
        "honba_to_each": wins["honba_to"] == "each",
        "own_sticks_back": wins["sticks_to"] == "own_then_nearest",
        "open_tanyao": wins["open_tanyao"],
        "atozuke": wins["atozuke"],
        "kuikae": wins["kuikae"],
        "noten_payments": draws["noten_payments"],
        "nagashi_mangan": draws["nagashi_mangan"],
        "karaten_held": draws["karaten"] == "held",
        "abortive": frozenset(draws["abortive"]),
        "renchan_win": renchan["win"],
        "renchan_tenpai": renchan["tenpai"],
        "renchan_abort": renchan["abort"],
        "honba_dealer_win": honba["dealer_win"],
        "honba_draw": honba["draw"],
        "honba_other_win": honba["other_win"],
        "pao_yakuman": frozenset(liability["yakuman"]),
        "pao_ron_split": liability["ron"] == "split",
        "pao_honba_liable": liability["honba"] == "liable",
        "pao_whole_hand": liability["several_yakuman"] == "whole_hand",
        "chombo": None
        if chombo == "none"
        else Chombo(chombo["payment"] == "reverse_mangan", chombo["deduction"], chombo["replay"]),
    }


def _three_players(
    document: LocatedDict, players: int, problem: Callable[..., None]
) -> tuple[frozenset[int], Kita | None]:
    """The removed tiles and the kita rule, with what cannot go together: a red five of a removed
    five, kita at four players or without north, abortive draws that need a fourth player."""
    tiles, draws = document["tiles"], document["draws"]
    removed = frozenset(tile_number(name) for name in tiles["removed"])
    for suit, letter in enumerate("mps"):
        if tiles["red_fives"][letter] and suit * 9 + 4 in removed:
            problem(
                ["tiles", "red_fives", letter],
                f"5{letter} is removed (tiles.removed), so it has no red fives",
                f"set `{letter}: 0`",
            )
    kita_doc = document.get("kita")
    kita = None
    if isinstance(kita_doc, dict):
        kita = Kita(kita_doc["dora_each"], kita_doc["indicated"], kita_doc["ron"], kita_doc["breaks_ippatsu"])
        if players != 3:
            problem(
                ["kita"],
                "kita (nukidora) is a three-player rule; at four players north is a seat",
                "set `players: 3` or remove `kita`",
            )
        if NORTH in removed:
            problem(
                ["kita"], "kita extracts north tiles, and 4z is removed (tiles.removed)", "remove 4z from tiles.removed"
            )
    if players == 3:
        for index, kind in enumerate(draws["abortive"]):
            if kind in FOUR_PLAYER_ABORTIVE:
                problem(
                    ["draws", "abortive", index],
                    f"{kind} cannot happen with three players",
                    f"remove it (three players have {_THREE_PLAYER_ABORTIVE})",
                )
    return removed, kita
