"""Two independent scorers of three-player Riichi (sanma) hands, for tests of yakuset's future sanma support.

This is a helper module, not a test file: future tests import it to score a hand written in mpsz notation
with an oracle and compare. yakuset itself has no sanma yet; nothing here imports it. The rules behind the
settings are in ``docs/rules/sanma.md``; the payment grid both oracles were checked against is
``tests/data/sanma/payments.yaml``.

The oracles (both test extras pinned in ``pyproject.toml``):

- **riichienv 0.4.11** (PyPI, a Rust engine): ``riichienv.HandEvaluator3P(tiles, melds).calc(win_tile,
  dora_indicators, conditions, ura_indicators)``. It always plays sanma: it forces ``is_sanma=True`` and
  ``num_players=3`` into its ``Conditions``; ``kita_count`` is the number of extracted norths. It takes no
  ``GameRule``: the four double-yakuman shapes always score 26 han (its game state caps them per rule flag,
  ``riichienv-core/src/state_3p/mod.rs``; :func:`riichienv_score` does the same cap for the Tenhou preset).
- **mahjong 2.1.0** (PyPI, pure Python): ``HandCalculator.estimate_hand_value`` with
  ``OptionalRules(is_three_player=True)`` and ``HandConfig(num_nuki_dora=...)``.

What each does for three players (read in their sources and checked by ``tests/oracles/test_sanma_oracles.py``):

| | riichienv ``HandEvaluator3P`` | mahjong ``is_three_player`` |
|---|---|---|
| 1m indicator | dora 9m (and 9m -> 1m) | dora 9m (and 9m -> 1m) |
| kita | its own yaku "Nuki Dora", one han each; a north indicator adds one more per kita (dora and ura) | folded into the "Dora" yaku: one han each, plus one per kita for a north indicator; ura likewise |
| tsumo | tsumo loss: the dealer pays 2x basic, the one other player 1x (dealer tsumo: 2x from each of two) | the same (``num_additional = 1``) |
| honba | 200 per honba on a ron, 100 from each payer on a tsumo | the same |
| red fives | the 136-ids 16, 52, 88 always count (5m-red cannot occur in sanma) | only with ``has_aka_dora=True`` |
| north triplet | a value tile only as seat or round wind, which a three-player seat never is | the same |
| refuses 2m-8m, chi | no (scores them like four-player tiles) | no (only its shanten refuses 2m-8m) |

Neither oracle knows the **no-tsumo-loss** policy (the absent north seat's share split between the two
payers, a Mahjong Soul friendly-room option, ``docs/rules/sanma.md`` §3). :func:`no_tsumo_loss_payments`
derives it from an oracle's han and fu by the rule stated there; it is a derivation, not an oracle.

Tiles: ``0`` is a red five (136-id copy 0); plain fives take copies 1-3; the others copies 0-3 in order of
appearance. Melds are ``("pon", "555z")``, ``("kan", "1111p")`` (open) or ``("ankan", "9999s")``; chi is not
a sanma call, so a sequence meld is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

SEATS = ("east", "south", "west")
"""The three seat (and round) winds of a sanma table; ``east`` is the dealer."""

SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
RED_IDS = frozenset({16, 52, 88})  # 136-ids of 5m, 5p, 5s copy 0
NORTH34 = 30
SANMA_MISSING34 = frozenset(range(1, 8))  # 2m-8m

# riichienv yaku ids (``riichienv.get_all_yaku()``) -> yakuset ids (docs/rules/riichi.md); dora-like ids are counted apart.
RIICHIENV_YAKU = {
    1: "menzen_tsumo",
    2: "riichi",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "yakuhai_haku",
    8: "yakuhai_hatsu",
    9: "yakuhai_chun",
    10: "yakuhai_seat_wind",
    11: "yakuhai_round_wind",
    12: "tanyao",
    13: "iipeikou",
    14: "pinfu",
    15: "chanta",
    16: "ittsu",
    17: "sanshoku",
    18: "double_riichi",
    19: "sanshoku_doukou",
    20: "sankantsu",
    21: "toitoi",
    22: "sanankou",
    23: "shousangen",
    24: "honroutou",
    25: "chiitoitsu",
    26: "junchan",
    27: "honitsu",
    28: "ryanpeikou",
    29: "chinitsu",
    30: "ippatsu",
    35: "tenhou",
    36: "chihou",
    37: "daisangen",
    38: "suuankou",
    39: "tsuuiisou",
    40: "ryuuiisou",
    41: "chinroutou",
    42: "kokushi",
    43: "shousuushii",
    44: "suukantsu",
    45: "chuuren",
    47: "junsei_chuuren",
    48: "suuankou_tanki",
    49: "kokushi_13",
    50: "daisuushii",
}
RIICHIENV_BONUS = {31: "dora", 32: "aka", 33: "ura", 34: "kita"}
#: riichienv's double-yakuman shapes -> the GameRule flag that keeps them double (riichienv-core/src/rule.rs).
RIICHIENV_DOUBLES = {
    47: "is_junsei_chuurenpoutou_double",
    48: "is_suuankou_tanki_double",
    49: "is_kokushi_musou_13machi_double",
    50: "is_daisuushii_double",
}

# mahjong yaku names -> yakuset ids. The seat/round wind yakuhai carry the wind in their names.
MAHJONG_YAKU = {
    "Menzen Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan",
    "Haitei Raoyue": "haitei",
    "Houtei Raoyui": "houtei",
    "Yakuhai (haku)": "yakuhai_haku",
    "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Pinfu": "pinfu",
    "Chantai": "chanta",
    "Ittsu": "ittsu",
    "Sanshoku Doujun": "sanshoku",
    "Sanshoku Doukou": "sanshoku_doukou",
    "San Kantsu": "sankantsu",
    "Toitoi": "toitoi",
    "San Ankou": "sanankou",
    "Shou Sangen": "shousangen",
    "Honroutou": "honroutou",
    "Chiitoitsu": "chiitoitsu",
    "Junchan": "junchan",
    "Honitsu": "honitsu",
    "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu",
    "Tenhou": "tenhou",
    "Chiihou": "chihou",
    "Daisangen": "daisangen",
    "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki",
    "Tsuu Iisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou",
    "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13",
    "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii",
    "Suu Kantsu": "suukantsu",
    "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren",
}
MAHJONG_BONUS = {"Dora": "dora", "Aka Dora": "aka", "Ura Dora": "ura"}

SETTINGS = ("tenhou", "mahjong_soul")
"""The two settings every scorer here takes:

- ``tenhou``: Tenhou's ranked sanma as far as a hand's value goes: red 5p and 5s, open tanyao, no double
  yakuman (different yakuman add up), 13+ han is one counted yakuman, no kiriage, tsumo loss, honba 200 on a
  ron and 100 from each payer on a tsumo.
- ``mahjong_soul``: Mahjong Soul's ranked sanma: the same, except that the four double shapes (kokushi on the
  13-sided wait, suuankou tanki, junsei chuuren, daisuushii) count two yakuman. Ranked Mahjong Soul sanma has
  tsumo loss too (``docs/rules/sanma.md`` §3); ask :func:`no_tsumo_loss_payments` for the room option.
"""


# --------------------------------------------------------------------------------------------- tiles


def tiles34(text: str) -> list[tuple[int, bool]]:
    """mpsz text -> ``[(tile34, red), ...]`` in order of appearance (``0`` is a red five)."""
    out: list[tuple[int, bool]] = []
    digits: list[str] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
        elif ch in SUIT_BASE:
            if not digits:
                raise ValueError(f"suit letter {ch!r} without digits in {text!r}")
            for d in digits:
                n = 5 if d == "0" else int(d)
                if (ch == "z" and not 1 <= n <= 7) or (d == "0" and ch == "z"):
                    raise ValueError(f"no tile {d}{ch} in {text!r}")
                if n == 0:
                    raise ValueError(f"no tile 0{ch} in {text!r}")
                out.append((SUIT_BASE[ch] + n - 1, d == "0"))
            digits = []
        else:
            raise ValueError(f"unexpected {ch!r} in {text!r}")
    if digits:
        raise ValueError(f"digits without a suit letter at the end of {text!r}")
    return out


class TileIds:
    """Hands out 136-ids: a red five is copy 0, plain fives copies 1-3, other tiles copies 0-3 in turn."""

    def __init__(self) -> None:
        self._next: dict[int, int] = {}

    def take(self, t34: int, red: bool) -> int:
        five = t34 < 27 and t34 % 9 == 4
        if red:
            if self._next.get(-t34 - 1):
                raise ValueError("two red fives of one suit")
            self._next[-t34 - 1] = 1
            return t34 * 4
        copy = self._next.get(t34, 1 if five else 0)
        if copy > 3:
            raise ValueError(f"a fifth copy of tile {t34}")
        self._next[t34] = copy + 1
        return t34 * 4 + copy


def sanma_problems(sit: Situation) -> list[str]:
    """What makes a situation impossible at a sanma table (the oracles score it anyway)."""
    problems = []
    every = [t for t, _ in tiles34(sit.hand)] + [t for _, m in sit.melds for t, _ in tiles34(m)]
    every += [t for t, _ in tiles34("".join(sit.dora) + "".join(sit.ura))]
    if any(t in SANMA_MISSING34 for t in every):
        problems.append("2m-8m are not in the three-player set")
    for kind, m in sit.melds:
        ts = [t for t, _ in tiles34(m)]
        if kind == "chi" or len(set(ts)) != 1:
            problems.append(f"{kind} {m}: chi is not a three-player call")
    if sit.seat not in SEATS or sit.round not in SEATS:
        problems.append("a three-player seat or round is east, south or west")
    if not 0 <= sit.kita <= 4:
        problems.append("0 to 4 norths can be extracted")
    return problems


# --------------------------------------------------------------------------------------------- situation and result


@dataclass(frozen=True)
class Situation:
    """One winning hand. ``hand`` holds the concealed tiles *including* the winning tile ``win``."""

    hand: str
    win: str
    melds: tuple[tuple[str, str], ...] = ()
    seat: str = "south"
    round: str = "east"
    dora: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()
    kita: int = 0
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    haitei: bool = False
    houtei: bool = False
    chankan: bool = False
    honba: int = 0
    sticks: int = 0
    name: str = ""

    @property
    def dealer(self) -> bool:
        return self.seat == "east"


@dataclass(frozen=True)
class OracleScore:
    """An oracle's answer, in yakuset's words.

    ``payments`` has the shape of ``yakuset score --json``, honba included, riichi sticks
    not: ``{"ron": N}``, ``{"dealer": N, "non_dealer": N}`` (non-dealer tsumo: the one other non-dealer pays
    ``non_dealer``) or ``{"each": N}`` (dealer tsumo). ``paid_by`` is the same per paying seat (the
    discarder of a ron is not known here, so a ron shows ``{"discarder": N}``). ``total`` adds the sticks.
    ``bonus`` counts the han from dora, red fives, ura dora and kita as the oracle reports them (mahjong
    folds kita into ``dora``). ``yakuman`` is the number of yakuman paid (a counted yakuman is one).
    """

    oracle: str
    setting: str
    han: int
    fu: int
    yaku: tuple[str, ...]
    bonus: dict[str, int]
    yakuman: int
    payments: dict[str, int]
    paid_by: dict[str, int]
    total: int
    error: str | None = None
    raw: Any = field(default=None, compare=False, repr=False)


def _failed(oracle: str, setting: str, error: str) -> OracleScore:
    return OracleScore(oracle, setting, 0, 0, (), {}, 0, {}, {}, 0, error)


def _count_problem(sit: Situation) -> str | None:
    """A hand must hold 14 tiles plus one per kan. (riichienv's Python wrapper would silently add the
    winning tile to a 13-tile hand and score the result; mahjong would refuse it: see the test module.)"""
    n = len(tiles34(sit.hand)) + sum(min(len(tiles34(m)), 3) for _, m in sit.melds)
    return None if n == 14 else f"the hand holds {n} tiles, not 14 (the winning tile included)"


def _payments(sit: Situation, ron: int, dealer_pays: int, each: int) -> tuple[dict[str, int], dict[str, int]]:
    """yakuset's payment shape and the per-seat payments of a three-player table (tsumo: two payers)."""
    others = [s for s in SEATS if s != sit.seat]
    if not sit.tsumo:
        return {"ron": ron}, {"discarder": ron}
    if sit.dealer:
        return {"each": each}, dict.fromkeys(others, each)
    return {"dealer": dealer_pays, "non_dealer": each}, {s: dealer_pays if s == "east" else each for s in others}


# --------------------------------------------------------------------------------------------- riichienv


def riichienv_score(sit: Situation, setting: str = "tenhou") -> OracleScore:
    """Score with riichienv 0.4.11's ``HandEvaluator3P``.

    Settings: ``Conditions(tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan,
    player_wind, round_wind, honba, kita_count)``; the evaluator itself sets ``is_sanma=True``,
    ``num_players=3`` and pays with ``calculate_score(han, fu, dealer, tsumo, honba, 3)``: tsumo loss, honba
    200 (ron) / 100 per payer (tsumo), 13+ han without a yakuman one counted yakuman, no kiriage. Red fives
    always count. For ``tenhou`` each double shape riichienv reports (ids 47-50) is taken back to one
    yakuman and the hand re-priced, as its game state does for ``GameRule.default_tenhou()``; for
    ``mahjong_soul`` its numbers are used as they are (``default_mjsoul()`` keeps all four doubles).

    Observed (``tests/oracles/test_sanma_oracles.py``): ``han`` is reported uncapped (a 15-han kazoe says 15);
    ``yaku`` lists a double-shape id *instead of* the single one (suuankou tanki, not suuankou); a double
    riichi is reported as double riichi alone; kita are the yaku "Nuki Dora" (id 34), one per north.
    """
    import riichienv

    if setting not in SETTINGS:
        raise ValueError(f"unknown setting {setting!r}")
    if problem := _count_problem(sit):
        return _failed("riichienv", setting, problem)
    ids = TileIds()
    melds = []
    for kind, text in sit.melds:
        ts = [ids.take(t, red) for t, red in tiles34(text)]
        mtype = {"pon": riichienv.MeldType.Pon, "kan": riichienv.MeldType.Daiminkan, "ankan": riichienv.MeldType.Ankan}
        if kind not in mtype:
            return _failed("riichienv", setting, f"meld kind {kind!r} (chi is not a sanma call)")
        melds.append(riichienv.Meld(mtype[kind], ts, kind != "ankan"))
    hand = [ids.take(t, red) for t, red in tiles34(sit.hand)]
    (win34, win_red), *_ = tiles34(sit.win)
    win = next((i for i in hand if i // 4 == win34 and (i in RED_IDS) == win_red), None)
    if win is None:
        return _failed("riichienv", setting, f"the winning tile {sit.win} is not in the hand")
    dora = [ids.take(t, red) for t, red in tiles34("".join(sit.dora))] if sit.dora else []
    ura = [ids.take(t, red) for t, red in tiles34("".join(sit.ura))] if sit.ura else []
    cond = riichienv.Conditions(
        tsumo=sit.tsumo,
        riichi=sit.riichi or sit.double_riichi,
        double_riichi=sit.double_riichi,
        ippatsu=sit.ippatsu,
        haitei=sit.haitei,
        houtei=sit.houtei,
        rinshan=sit.rinshan,
        chankan=sit.chankan,
        player_wind=SEATS.index(sit.seat),
        round_wind=SEATS.index(sit.round),
        honba=sit.honba,
        riichi_sticks=sit.sticks,
        kita_count=sit.kita,
    )
    res = riichienv.HandEvaluator3P(sorted(hand), melds).calc(
        win, dora, cond, ura if sit.riichi or sit.double_riichi else []
    )
    if not res.is_win:
        return _failed("riichienv", setting, "no win (no yaku, or not a complete hand)")
    han, ron, oya, ko = res.han, res.ron_agari, res.tsumo_agari_oya, res.tsumo_agari_ko
    yakuman = 0
    if res.yakuman:
        if setting == "tenhou":
            rule = riichienv.GameRule.default_tenhou()
            han -= 13 * sum(1 for y in res.yaku if y in RIICHIENV_DOUBLES and not getattr(rule, RIICHIENV_DOUBLES[y]))
            again = riichienv.calculate_score(han, 0, sit.dealer, sit.tsumo, sit.honba, 3)
            ron, oya, ko = again.pay_ron, again.pay_tsumo_oya, again.pay_tsumo_ko
        yakuman = han // 13
    elif han >= 13:
        yakuman = 1
    payments, paid_by = _payments(sit, ron, oya, ko)
    # riichienv lists each bonus yaku once and reports no han per yaku: the counts are count_bonus()'s.
    counted = count_bonus(sit)
    bonus = {RIICHIENV_BONUS[y]: counted[RIICHIENV_BONUS[y]] for y in res.yaku if y in RIICHIENV_BONUS}
    yaku = tuple(sorted(RIICHIENV_YAKU[y] for y in res.yaku if y in RIICHIENV_YAKU))
    return OracleScore(
        "riichienv",
        setting,
        han,
        res.fu,
        yaku,
        bonus,
        yakuman,
        payments,
        paid_by,
        sum(paid_by.values()) + 1000 * sit.sticks,
        raw=res,
    )


def _dora_of(indicator34: int) -> int:
    """The dora an indicator shows in sanma: 1m -> 9m, 9m -> 1m, winds and dragons cycle, suits wrap."""
    if indicator34 == 0:
        return 8
    if indicator34 < 9:
        return 0 if indicator34 == 8 else indicator34 + 1
    if indicator34 < 27:
        base = 9 if indicator34 < 18 else 18
        return base + (indicator34 - base + 1) % 9
    if indicator34 < 31:
        return 27 + (indicator34 - 27 + 1) % 4
    return 31 + (indicator34 - 31 + 1) % 3


def count_bonus(sit: Situation) -> dict[str, int]:
    """The bonus han of a situation counted by hand (sanma dora order; each kita one han, plus one per north
    indicator, ura only with riichi). The oracles' answers are checked against this."""
    held = [t for t, _ in tiles34(sit.hand)] + [t for _, m in sit.melds for t, _ in tiles34(m)]
    reds = sum(1 for _, r in tiles34(sit.hand) if r) + sum(1 for _, m in sit.melds for _, r in tiles34(m) if r)
    dora_tiles = [_dora_of(t) for t, _ in tiles34("".join(sit.dora))] if sit.dora else []
    ura_tiles = [_dora_of(t) for t, _ in tiles34("".join(sit.ura))] if sit.ura else []
    if not (sit.riichi or sit.double_riichi):
        ura_tiles = []
    return {
        "dora": sum(held.count(d) for d in dora_tiles) + sit.kita * dora_tiles.count(NORTH34),
        "aka": reds,
        "ura": sum(held.count(d) for d in ura_tiles) + sit.kita * ura_tiles.count(NORTH34),
        "kita": sit.kita,
    }


# --------------------------------------------------------------------------------------------- mahjong


def mahjong_options(setting: str) -> Any:
    """The ``OptionalRules`` of a setting: three players, red fives, open tanyao, no kiriage, 13+ han one
    counted yakuman; ``has_double_yakuman`` only for ``mahjong_soul``."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    if setting not in SETTINGS:
        raise ValueError(f"unknown setting {setting!r}")
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=setting == "mahjong_soul",
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        is_three_player=True,
    )


def mahjong_score(sit: Situation, setting: str = "tenhou") -> OracleScore:
    """Score with mahjong 2.1.0: ``HandCalculator.estimate_hand_value(all tiles, win, melds, dora, config,
    ura_dora_indicators=...)`` with :func:`mahjong_options` and ``HandConfig(is_tsumo, is_riichi,
    is_daburu_riichi, is_ippatsu, is_rinshan, is_haitei, is_houtei, is_chankan, player_wind, round_wind,
    tsumi_number=honba, kyoutaku_number=sticks, num_nuki_dora=kita)``.

    Observed: with ``is_three_player`` the library pays tsumo loss (one "additional" payer), 200 per honba
    on a ron and 100 per payer on a tsumo; kita are not a yaku of their own but raise the "Dora" yaku's
    han; its ``cost["total"]`` includes the riichi sticks (``kyoutaku_bonus``). A double riichi is reported
    as double riichi alone, as riichienv does.
    """
    from mahjong.constants import EAST, SOUTH, WEST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    winds = {"east": EAST, "south": SOUTH, "west": WEST}
    options = mahjong_options(setting)
    if problem := _count_problem(sit):
        return _failed("mahjong", setting, problem)
    ids = TileIds()
    melds = []
    every: list[int] = []
    for kind, text in sit.melds:
        ts = [ids.take(t, red) for t, red in tiles34(text)]
        if kind not in ("pon", "kan", "ankan"):
            return _failed("mahjong", setting, f"meld kind {kind!r} (chi is not a sanma call)")
        melds.append(Meld(meld_type=Meld.PON if kind == "pon" else Meld.KAN, tiles=ts, opened=kind != "ankan"))
        every += ts
    hand = [ids.take(t, red) for t, red in tiles34(sit.hand)]
    (win34, win_red), *_ = tiles34(sit.win)
    win = next((i for i in hand if i // 4 == win34 and (i in RED_IDS) == win_red), None)
    if win is None:
        return _failed("mahjong", setting, f"the winning tile {sit.win} is not in the hand")
    dora = [ids.take(t, red) for t, red in tiles34("".join(sit.dora))] if sit.dora else []
    ura = [ids.take(t, red) for t, red in tiles34("".join(sit.ura))] if sit.ura else []
    config = HandConfig(
        is_tsumo=sit.tsumo,
        is_riichi=sit.riichi and not sit.double_riichi,
        is_daburu_riichi=sit.double_riichi,
        is_ippatsu=sit.ippatsu,
        is_rinshan=sit.rinshan,
        is_haitei=sit.haitei,
        is_houtei=sit.houtei,
        is_chankan=sit.chankan,
        player_wind=winds[sit.seat],
        round_wind=winds[sit.round],
        tsumi_number=sit.honba,
        kyoutaku_number=sit.sticks,
        num_nuki_dora=sit.kita,
        options=options,
    )
    res = HandCalculator.estimate_hand_value(
        every + hand, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
    )
    if res.error:
        return _failed("mahjong", setting, str(res.error))
    cost = res.cost
    main = cost["main"] + cost["main_bonus"]
    additional = cost["additional"] + cost["additional_bonus"]
    payments, paid_by = _payments(sit, main, main, additional)
    yaku, bonus, yakuman = [], {}, 0
    for y in res.yaku:
        if y.name in MAHJONG_BONUS:
            bonus[MAHJONG_BONUS[y.name]] = y.han_closed if not melds or not any(m.opened for m in melds) else y.han_open
        elif y.name.startswith("Yakuhai (seat wind"):
            yaku.append("yakuhai_seat_wind")
        elif y.name.startswith("Yakuhai (round wind"):
            yaku.append("yakuhai_round_wind")
        else:
            yaku.append(MAHJONG_YAKU.get(y.name, y.name))
        if y.is_yakuman:
            yakuman += (y.han_closed if not any(m.opened for m in melds) else y.han_open) // 13
    if not yakuman and res.han >= 13:
        yakuman = 1
    total = cost["total"]
    assert total == sum(paid_by.values()) + 1000 * sit.sticks, (total, paid_by)
    return OracleScore(
        "mahjong", setting, res.han, res.fu, tuple(sorted(yaku)), bonus, yakuman, payments, paid_by, total, raw=res
    )


# --------------------------------------------------------------------------------------------- payments by rule


def ceil100(x: int | Fraction) -> int:
    """Round up to the next 100 (exact: whole numbers or fractions, never floats)."""
    return int(-(-x // 100)) * 100


def basic_points(han: int, fu: int, yakuman: int = 0) -> int:
    """Basic points of a hand: fu x 2^(han+2), mangan at 5 han or over 2000, haneman 6-7, baiman 8-10,
    sanbaiman 11-12, 13+ han one counted yakuman (8000); ``yakuman`` > 0 pays 8000 per yakuman."""
    if yakuman:
        return 8000 * yakuman
    if han >= 13:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    if han >= 5:
        return 2000
    return min(fu * 2 ** (han + 2), 2000)


def tsumo_loss_payments(basic: int, dealer: bool, tsumo: bool, honba: int = 0) -> dict[str, int]:
    """Three-player payments with tsumo loss (Tenhou and Mahjong Soul ranked): each payment is the four-player
    one, rounded up to 100; the absent north pays nothing. Honba 200 on a ron, 100 per payer on a tsumo."""
    if not tsumo:
        return {"ron": ceil100(basic * (6 if dealer else 4)) + 200 * honba}
    if dealer:
        return {"each": ceil100(2 * basic) + 100 * honba}
    return {"dealer": ceil100(2 * basic) + 100 * honba, "non_dealer": ceil100(basic) + 100 * honba}


def no_tsumo_loss_payments(
    basic: int, dealer: bool, tsumo: bool, honba: int = 0, rounding: str = "once"
) -> dict[str, int]:
    """Three-player payments without tsumo loss: the absent north's share (a non-dealer's, 1x basic; 2x on a
    dealer tsumo) is split evenly between the two payers (``docs/rules/sanma.md`` §3, "north bisection").

    ``rounding="once"`` (the default, majsoul-replay-editor's reading): each payer pays its multiple of the
    basic points rounded up once: dealer tsumo 3x each; non-dealer tsumo 2.5x from the dealer and 1.5x from
    the other. ``rounding="parts"`` (tensoul-style log converters' reading): each payer pays its own
    four-player share rounded up, plus half the north's rounded share rounded up again. The two differ
    below mangan (``tests/data/sanma/payments.yaml`` lists every such cell). A ron is as with tsumo loss;
    honba 200 on a ron, 100 per payer on a tsumo.
    """
    if not tsumo:
        return tsumo_loss_payments(basic, dealer, False, honba)
    if rounding == "once":
        if dealer:
            return {"each": ceil100(3 * basic) + 100 * honba}
        return {
            "dealer": ceil100(Fraction(5, 2) * basic) + 100 * honba,
            "non_dealer": ceil100(Fraction(3, 2) * basic) + 100 * honba,
        }
    if rounding != "parts":
        raise ValueError(f"unknown rounding {rounding!r}")
    if dealer:
        share = ceil100(2 * basic)
        return {"each": share + ceil100(Fraction(share, 2)) + 100 * honba}
    half_north = ceil100(Fraction(ceil100(basic), 2))
    return {
        "dealer": ceil100(2 * basic) + half_north + 100 * honba,
        "non_dealer": ceil100(basic) + half_north + 100 * honba,
    }


def payment_total(payments: dict[str, int]) -> int:
    """What the winner collects from a three-player payment shape (riichi sticks not included)."""
    if "ron" in payments:
        return payments["ron"]
    if "each" in payments:
        return 2 * payments["each"]
    return payments["dealer"] + payments["non_dealer"]


# --------------------------------------------------------------------------------------------- probe hands


def _s(name: str, hand: str, win: str, **kw: Any) -> Situation:
    kw["melds"] = tuple(kw.get("melds", ()))
    for key in ("dora", "ura"):
        if key in kw:
            kw[key] = tuple(kw[key])
    return Situation(hand=hand, win=win, name=name, **kw)


PROBE_HANDS: tuple[Situation, ...] = (
    # --- ordinary hands, ron and tsumo, dealer and not -----------------------------------------------
    _s("pinfu-ron", "123p456p789s234s99p", "4s", riichi=True),
    _s("pinfu-tsumo", "123p456p789s234s99p", "4s", riichi=True, tsumo=True),
    _s("pinfu-tsumo-dealer", "123p456p789s234s99p", "4s", seat="east", riichi=True, tsumo=True),
    _s("tanyao-ron-40fu", "234p567p234s666s88p", "8p", riichi=True),
    _s("honitsu-open", "123p456p789p11z", "1z", melds=[("pon", "777z")], seat="west"),
    _s("chiitoitsu-tsumo", "1199m3355p7799s11z", "1z", riichi=True, tsumo=True),
    _s("chiitoitsu-ron-dealer", "1199m3355p7799s11z", "9m", seat="east", riichi=True),
    _s("toitoi-sanankou", "111p999s111m77z", "7z", melds=[("pon", "666z")]),
    _s("chinitsu-pin", "22234566778899p", "3p"),
    _s("ryanpeikou-chinitsu-dealer-tsumo", "11223344556677s", "7s", seat="east", tsumo=True),
    _s("yakuhai-round-east", "123p456p789s111z22z", "2z", round="east"),
    _s("yakuhai-seat-west-round-south", "123p456p789s333z55s", "5s", seat="west", round="south", tsumo=True),
    _s("ittsu-pin", "123456789p234s55z", "5z", riichi=True),
    _s("sanshoku-doukou-1s", "111m111p111s456p99s", "9s", riichi=True),
    _s("chanta-1m9m", "111m999m123p789s11z", "1z", riichi=True),
    _s("haitei", "123p456p789s234s99p", "4s", tsumo=True, haitei=True),
    _s("houtei", "123p456p789s234s99p", "4s", houtei=True, riichi=True),
    _s("rinshan-after-kan", "123p456p789s99p", "9p", melds=[("ankan", "2222s")], tsumo=True, rinshan=True),
    _s("ippatsu", "123p456p789s234s99p", "4s", riichi=True, ippatsu=True),
    _s("double-riichi", "123p456p789s234s99p", "4s", double_riichi=True),
    # --- dora: the 1m indicator, red fives, ura, kita -------------------------------------------------
    _s("dora-1m-indicator-is-9m", "999m123p456p789s55z", "5z", riichi=True, dora=["1m"]),
    _s("dora-9m-indicator-is-1m", "111m123p456p789s55z", "5z", riichi=True, dora=["9m"]),
    _s("red-5p-5s", "340p406s789s111z22z", "2z", riichi=True),
    _s("kita-1", "123p456p789s234s99p", "4s", riichi=True, kita=1),
    _s("kita-2-tsumo", "123p456p789s234s99p", "4s", riichi=True, tsumo=True, kita=2),
    _s("kita-3-west-indicator", "123p456p789s234s99p", "4s", riichi=True, kita=3, dora=["3z"]),
    _s("kita-4-west-ura", "123p456p789s234s99p", "4s", riichi=True, tsumo=True, kita=4, ura=["3z"]),
    _s("kita-2-no-riichi-west-ura", "234p567p234s666s88p", "8p", melds=[], kita=2, ura=["3z"], tsumo=True),
    _s("north-triplet-not-yakuhai", "123p456p789s444z55s", "5s", riichi=True),
    _s("north-triplet-open-no-yaku", "123p456p55s", "5s", melds=[("pon", "444z"), ("pon", "999s")]),
    # --- honba and sticks ------------------------------------------------------------------------------
    _s("honba-2-ron", "234p567p234s666s88p", "8p", riichi=True, honba=2, sticks=1),
    _s("honba-3-tsumo", "234p567p234s666s88p", "8p", riichi=True, tsumo=True, honba=3, sticks=2),
    _s("honba-1-dealer-tsumo", "234p567p234s666s88p", "8p", seat="east", riichi=True, tsumo=True, honba=1),
    # --- limits and yakuman -----------------------------------------------------------------------------
    _s("kazoe-13", "11122233345699p", "9p", riichi=True, tsumo=True, dora=["8p", "8p"], ura=["8p"]),
    _s("kokushi-single", "19m119p19s1234567z", "7z"),
    _s("kokushi-13", "19m119p19s1234567z", "1p"),
    _s("suuankou-tsumo", "111m999m111p999s55z", "1p", tsumo=True),
    _s("suuankou-tanki-ron", "111m999m111p999s55z", "5z"),
    _s("daisangen-open", "555666z111p99s", "9s", melds=[("pon", "777z")]),
    _s("tsuuiisou-daisangen-suuankou-tanki", "55566677711122z", "2z", tsumo=True),
    _s("chuuren-9-sided", "11123456789999p", "9p", seat="east", tsumo=True),
    _s("daisuushii-open-north", "111222333z99s", "9s", melds=[("pon", "444z")]),
    _s("shousuushii-north-pair", "22233344z999s", "4z", seat="east", melds=[("pon", "111z")]),
    # --- tiles that are not in a sanma set: both oracles score them anyway ----------------------------
    _s("not-sanma-2m-3m-4m", "234m456p789s111z22z", "2z", riichi=True),
)
"""Hand-constructed probe hands (``tests/oracles/test_sanma_oracles.py``, ``bench/sanma_oracles_probe.py``)."""


def both(sit: Situation, setting: str) -> tuple[OracleScore, OracleScore]:
    """(riichienv, mahjong) scores of one situation under one setting."""
    return riichienv_score(sit, setting), mahjong_score(sit, setting)


def differences(a: OracleScore, b: OracleScore) -> dict[str, tuple[Any, Any]]:
    """The fields on which two oracle answers differ: whether they scored at all, han, fu (only when no
    yakuman is paid: riichienv gives a yakuman 0 fu, mahjong the fu of the reading), yakuman, the yaku
    ids, the bonus han in total (mahjong folds kita into dora), payments and total."""
    if (a.error is None) != (b.error is None):
        return {"error": (a.error, b.error)}
    if a.error is not None:
        return {}
    fields = ["han", "yakuman", "yaku", "payments", "total"] + (["fu"] if not a.yakuman and not b.yakuman else [])
    out = {f: (getattr(a, f), getattr(b, f)) for f in fields if getattr(a, f) != getattr(b, f)}
    if sum(a.bonus.values()) != sum(b.bonus.values()):
        out["bonus"] = (a.bonus, b.bonus)
    return out
