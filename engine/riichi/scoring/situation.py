"""Everything about a win that is not the reading of its tiles: the flags (riichi, tsumo, ...),
the winds, the tiles; and the flag combinations no game can produce."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..._core.errors import InputError
from ..._core.memo import remembered
from ..tiles.notation import DRAGONS, EAST, Meld

#: What each situational flag of a win says when true (``yakuset hand --help`` shows it): the flags
#: ``evaluate`` takes, in this order (:data:`FLAGS`).
FLAG_MEANINGS = {
    "riichi": "the winner had declared riichi",
    "double_riichi": "the winner declared riichi with their first discard (double riichi)",
    "ippatsu": "the win comes within a go-around of the riichi, no call between (ippatsu)",
    "tsumo": "the winner drew the winning tile (tsumo); without it, it was discarded (ron)",
    "rinshan": "the winning tile is the replacement tile drawn after a kan (rinshan kaihou)",
    "chankan": "the winning tile is robbed from a kan being declared (chankan)",
    "chankan_closed_kan": "the kan robbed is a closed kan (with --chankan: kokushi only, where allowed)",
    "haitei": "the winning tile is the last tile drawn from the wall (haitei)",
    "houtei": "the winning tile is the last discard of the hand (houtei)",
    "tenhou": "the dealer wins on their first draw (tenhou)",
    "chihou": "a non-dealer wins on their first draw, no call before it (chihou)",
    "renhou": "a non-dealer wins on a discard before their first draw (renhou)",
}

#: The situational flags ``evaluate`` takes (all false unless given).
FLAGS = tuple(FLAG_MEANINGS)

#: What :func:`yakuset.riichi.evaluate` takes by name besides the flags (``FLAGS``): the arguments a case of
#: ``yakuset diff --cases`` or a request of the web API may give.
EVALUATE_ARGUMENTS = (
    "hand",
    "win",
    "melds",
    "seat_wind",
    "round_wind",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
    "kita",
)


class Situation(NamedTuple):
    """Everything about a win that is not the reading: flags, winds, the tiles (immutable).

    ``tiles`` are all 14+ tiles of the hand (melds included), ``concealed`` the tiles not in a
    meld (the winning tile included), ``counts`` the 34-count of ``tiles`` (``counts[tile]``;
    ``evaluate`` gives it as ``bytes``, whose items are ints: any sequence of 34 ints will do).
    ``seat_wind`` and ``round_wind`` are tile numbers (27 east ... 30 north); ``open`` is true
    when a meld other than a closed kan was called.
    """

    tiles: tuple[int, ...]
    concealed: tuple[int, ...]
    counts: Sequence[int]
    melds: tuple[Meld, ...]
    win: int
    seat_wind: int
    round_wind: int
    open: bool
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    tsumo: bool = False
    rinshan: bool = False
    chankan: bool = False
    chankan_closed_kan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chihou: bool = False
    renhou: bool = False

    @property
    def dealer(self) -> bool:
        """The winner sits east."""
        return self.seat_wind == EAST

    def value_tiles(self) -> set[int]:
        """Tiles whose triplet is yakuhai: the dragons, the seat wind and the round wind."""
        return {*DRAGONS, self.seat_wind, self.round_wind}


class _Win:
    """What the contradiction checks look at: the flags as attributes, and what the melds and the
    seat say (``open_meld``: a called meld; ``kan``: a kan or closed kan; ``seen_elsewhere``:
    another copy of the winning tile in the hand or among the indicators)."""

    def __init__(
        self,
        flags: tuple[bool, ...],
        open_meld: bool,
        kan: bool,
        melds: bool,
        dealer: bool,
        seen_elsewhere: bool,
        kita: bool = False,
    ) -> None:
        self.__dict__.update(zip(FLAGS, flags))
        self.open_meld, self.kan, self.melds, self.kita = open_meld, kan, melds, kita
        self.dealer, self.seen_elsewhere = dealer, seen_elsewhere
        self.any_riichi = self.riichi or self.double_riichi

    def __getattr__(self, name: str) -> bool:  # a flag's value (for the type checker; set in __init__)
        raise AttributeError(name)


# Each check: the flag it needs, and when it holds with that flag, the reason the flags contradict
# each other. Checked in order (a check is skipped unless its flag is set); the first that holds
# is reported.
_CONTRADICTIONS: tuple[tuple[str, Callable[[_Win], bool], str], ...] = (
    ("double_riichi", lambda w: w.riichi, "riichi and double riichi: declare one (double riichi replaces riichi)"),
    ("ippatsu", lambda w: not w.any_riichi, "ippatsu without riichi"),
    ("riichi", lambda w: w.open_meld, "riichi with an open hand"),
    ("double_riichi", lambda w: w.open_meld, "riichi with an open hand"),
    ("chankan", lambda w: w.tsumo, "chankan with tsumo (chankan is a ron on a kan)"),
    (
        "chankan",
        lambda w: w.seen_elsewhere,
        "chankan, but another copy of the robbed tile is in the hand or among the indicators "
        "(the kan being added holds the other three)",
    ),
    ("chankan", lambda w: w.houtei, "houtei with chankan"),
    (
        "chankan_closed_kan",
        lambda w: not w.chankan,
        "chankan_closed_kan without chankan (robbing a closed kan is a chankan)",
    ),
    ("rinshan", lambda w: not w.tsumo, "rinshan without tsumo (rinshan is a tsumo from the dead wall)"),
    (
        "rinshan",
        lambda w: not w.kan and not w.kita,
        "rinshan without a kan (the replacement tile is drawn after declaring a kan, or after a kita)",
    ),
    ("rinshan", lambda w: w.haitei, "haitei with rinshan"),
    (
        "rinshan",
        lambda w: w.ippatsu and not w.kita,  # a kita need not end it (kita.breaks_ippatsu: false)
        "ippatsu with rinshan (the kan that brings the replacement tile ends ippatsu)",
    ),
    ("haitei", lambda w: not w.tsumo, "haitei without tsumo (use houtei for the last discard)"),
    ("houtei", lambda w: w.tsumo, "houtei with tsumo (use haitei for the last draw)"),
    ("first_turn", lambda w: w.tenhou + w.chihou + w.renhou > 1, "more than one of tenhou, chihou and renhou"),
    ("tenhou", lambda w: not w.dealer, "tenhou for a non-dealer (use chihou)"),
    ("chihou", lambda w: w.dealer, "chihou for the dealer (use tenhou)"),
    ("renhou", lambda w: w.dealer, "renhou for the dealer"),
    ("first_turn", lambda w: (w.tenhou or w.chihou) and not w.tsumo, "tenhou or chihou without tsumo"),
    ("renhou", lambda w: w.tsumo, "renhou with tsumo (renhou is a ron before the first draw)"),
    ("first_turn", lambda w: w.melds, "tenhou, chihou or renhou with a meld (no call or kan is possible yet)"),
    (
        "first_turn",
        lambda w: w.kita,
        "tenhou, chihou or renhou with kita (extracting a north counts as a call and cancels them)",
    ),
    ("first_turn", lambda w: w.any_riichi, "tenhou, chihou or renhou with riichi"),
    (
        "first_turn",
        lambda w: w.rinshan or w.chankan or w.haitei or w.houtei,
        "tenhou, chihou or renhou with rinshan, chankan, haitei or houtei",
    ),
)


def meld_facts(melds: Sequence[Meld]) -> tuple[bool, bool]:
    """Whether any of ``melds`` was called (not a closed kan), and whether any is a kan."""
    open_meld = kan = False
    for meld in melds:
        kind = meld.kind
        if kind != "ankan":
            open_meld = True
        if kind == "kan" or kind == "ankan":
            kan = True
    return open_meld, kan


@remembered("riichi", "flag checks", 1024)  # the flags and the melds' kinds make few combinations
def _first_contradiction(
    flags: tuple[bool, ...],
    open_meld: bool,
    kan: bool,
    melds: bool,
    dealer: bool,
    seen_elsewhere: bool,
    kita: bool = False,
) -> str | None:
    named = dict(zip(FLAGS, flags))
    named["first_turn"] = named["tenhou"] or named["chihou"] or named["renhou"]
    win = _Win(flags, open_meld, kan, melds, dealer, seen_elsewhere, kita)
    for flag, holds, reason in _CONTRADICTIONS:
        if named[flag] and holds(win):
            return reason
    return None


def check_flag_facts(
    values: tuple[bool, ...],
    open_meld: bool,
    kan: bool,
    melds: bool,
    dealer: bool,
    seen_elsewhere: bool,
    kita: bool = False,
) -> None:
    """Raise :class:`yakuset.InputError` for flags no game can produce together. ``values`` are
    the flags in the order of ``FLAGS``; the rest is what the melds show (:func:`meld_facts`),
    whether one was given, whether the winner is the dealer, whether another copy of the winning
    tile is seen (in the hand or among the indicators), and ``kita``: north tiles were extracted
    (three-player Riichi), which allows rinshan and rules out a first-turn win."""
    reason = _first_contradiction(values, open_meld, kan, melds, dealer, seen_elsewhere, kita)
    if reason:
        raise InputError(f"contradictory flags: {reason}")
