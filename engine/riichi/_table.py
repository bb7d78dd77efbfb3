"""The table rules of a Riichi rule set: points, when the game ends, which tiles count, who is
paid when several win, draws, the dealer and the honba, liability and penalties (the sections
``points`` ... ``penalties``; docs/rules/riichi-table.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .._core.errors import Location, Problem
from .._core.hints import did_you_mean
from .._core.validate import display_path, locate
from .._core.yamlsource import LocatedDict

#: The winds in play order; a wind's index is its place in a game (east 0 ... north 3).
WIND_NAMES = ("east", "south", "west", "north")
#: Abortive draws a rule set may have.
ABORTIVE = ("nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron")
#: Floating uma keys by how many players end at or above the return points.
FLOATING_KEYS = ("none_above", "one_above", "two_above", "three_above", "all_above")
SECTIONS = ("points", "ending", "tiles", "wins", "draws", "dealer", "liability", "penalties")


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
    fixed uma holds the same list under every count (0-4).
    """

    start: int
    return_points: int
    oka: int
    uma: Mapping[int, tuple[int, int, int, int]]
    floating_uma: bool
    rounding: Rounding | None
    ties_split: bool
    leftover_to_first: bool
    riichi_needs: int
    winds: int  # regular winds: 1 (east) or 2 (east-south)
    extension_target: int | None
    extension_last: int  # index of the last wind the extension may reach
    agari_yame: bool
    tenpai_yame: bool
    bankruptcy: bool
    red_fives: tuple[int, int, int]  # m, p, s
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
    points, ending, tiles = document["points"], document["ending"], document["tiles"]
    wins, draws, dealer = document["wins"], document["draws"], document["dealer"]
    liability, chombo = document["liability"], document["penalties"]["chombo"]

    def problem(path: list[str | int], message: str, hint: str | None = None) -> None:
        problems.append(Problem(locate(document, path, fallback), display_path(document, path), message, hint))

    uma_value = points["uma"]
    if isinstance(uma_value, list):
        uma = dict.fromkeys(range(5), tuple(uma_value))
        if sum(uma_value) != 0:
            problem(
                ["points", "uma"], f"the uma adds up to {sum(uma_value)}, not 0", "what one place gains another loses"
            )
    else:
        uma = {}
        for count, key in enumerate(FLOATING_KEYS):
            if key in uma_value:
                uma[count] = tuple(uma_value[key])
                if sum(uma_value[key]) != 0:
                    problem(["points", "uma", key], f"the uma adds up to {sum(uma_value[key])}, not 0")
        # Nobody at or above the line (leftover sticks lost), or all four on it: the two_above table,
        # as JPML's own tables use it (docs/rules/riichi-table.md).
        uma.setdefault(0, uma[2])
        uma.setdefault(4, uma[2])
    rounding = points["rounding"]
    winds = 1 if ending["length"] == "east" else 2
    extension = ending["extension"]
    last = winds - 1
    if isinstance(extension, dict):
        last = WIND_NAMES.index(extension["last_wind"])
        if last < winds:
            problem(
                ["ending", "extension", "last_wind"],
                f"the extension must reach past the regular winds, which end with {WIND_NAMES[winds - 1]}",
                f"use {WIND_NAMES[winds]}",
            )
    for index, ident in enumerate(liability["yakuman"]):
        if ident not in yakuman_ids:
            known = yakuman_ids if ident not in yaku_ids else frozenset()
            problem(
                ["liability", "yakuman", index],
                f"{ident!r} is not a yakuman of the yaku table" if ident in yaku_ids else f"unknown yakuman {ident!r}",
                did_you_mean(ident, known),
            )
    if draws["nagashi_mangan"] and "nagashi_mangan" not in enabled:
        problem(
            ["draws", "nagashi_mangan"],
            "nagashi mangan as a draw outcome is paid as the yaku `nagashi_mangan`, which is not enabled",
            "enable it in `yaku:` ({id: nagashi_mangan, enabled: true}) or set this to false",
        )
    if isinstance(chombo, dict) and chombo["payment"] == "reverse_mangan" and "mangan" not in tier_ids:
        problem(
            ["penalties", "chombo", "payment"],
            "a reverse mangan is paid at the limit tier `mangan`, and `limits.tiers` has none",
        )
    if problems:
        return None, problems
    renchan, honba = dealer["renchan"], dealer["honba"]
    return (
        TableRules(
            start=points["start"],
            return_points=points["return"],
            oka=points["oka"],
            uma=MappingProxyType(uma),
            floating_uma=not isinstance(uma_value, list),
            rounding=None
            if rounding == "none"
            else Rounding(rounding["to"], rounding["half"] == "up", rounding["first_balances"]),
            ties_split=points["ties"] == "split",
            leftover_to_first=points["leftover_sticks"] == "first",
            riichi_needs=points["riichi_needs"],
            winds=winds,
            extension_target=extension["target"] if isinstance(extension, dict) else None,
            extension_last=last,
            agari_yame=ending["agari_yame"],
            tenpai_yame=ending["tenpai_yame"],
            bankruptcy=ending["bankruptcy"],
            red_fives=(tiles["red_fives"]["m"], tiles["red_fives"]["p"], tiles["red_fives"]["s"]),
            ura_dora=tiles["ura_dora"],
            kan_dora=tiles["kan_dora"],
            kan_ura=tiles["kan_ura"],
            kan_dora_timing=(tiles["kan_dora_timing"]["closed_kan"], tiles["kan_dora_timing"]["open_kan"]),
            kokushi_robs_closed_kan=tiles["kokushi_robs_closed_kan"],
            head_bump=wins["multiple_ron"] == "head_bump",
            honba_to_each=wins["honba_to"] == "each",
            own_sticks_back=wins["sticks_to"] == "own_then_nearest",
            open_tanyao=wins["open_tanyao"],
            atozuke=wins["atozuke"],
            kuikae=wins["kuikae"],
            noten_payments=draws["noten_payments"],
            nagashi_mangan=draws["nagashi_mangan"],
            abortive=frozenset(draws["abortive"]),
            renchan_win=renchan["win"],
            renchan_tenpai=renchan["tenpai"],
            renchan_abort=renchan["abort"],
            honba_dealer_win=honba["dealer_win"],
            honba_draw=honba["draw"],
            honba_other_win=honba["other_win"],
            pao_yakuman=frozenset(liability["yakuman"]),
            pao_ron_split=liability["ron"] == "split",
            pao_honba_liable=liability["honba"] == "liable",
            pao_whole_hand=liability["several_yakuman"] == "whole_hand",
            chombo=None
            if chombo == "none"
            else Chombo(chombo["payment"] == "reverse_mangan", chombo["deduction"], chombo["replay"]),
        ),
        [],
    )
