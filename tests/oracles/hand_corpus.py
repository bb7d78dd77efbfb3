"""Lawful winning Riichi hands for differential and property tests: random ones from a fixed
seed, and hands chosen for what they test, each in yakuset's notation and in the tile ids of
the `mahjong` package (136 tiles) so that both engines can be given the same hand.

The generator builds closed and open hands (chi, pon, open kan, closed kan), seven pairs,
kokushi (13-sided too), chuuren (9-sided too), hands biased to one suit, to honours, to
terminals, to simples, to the green tiles; red fives; one to five dora indicators (never more
copies of a tile than exist, indicators included) and as many ura indicators with riichi; seat
and round winds; honba and riichi sticks; and every situational flag where it is lawful.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

SEED = 20261129

WIND_NAMES = ("east", "south", "west", "north")
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
GREENS = (19, 20, 21, 23, 25, 32)
TERMINALS_ONLY = (0, 8, 9, 17, 18, 26)
FIVES = (4, 13, 22)

# --- hands ---------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Case:
    """One winning hand in both engines' terms."""

    hand: str  # concealed tiles, mpsz, win tile included
    win: str
    melds: tuple[tuple[str, str], ...]
    seat: str
    round: str
    dora: tuple[str, ...]
    ura: tuple[str, ...]
    honba: int
    sticks: int
    flags: tuple[str, ...]  # the flags that are true
    tiles136: tuple[int, ...]  # mahjong's side
    win136: int
    melds136: tuple[tuple[str, tuple[int, ...]], ...]
    dora136: tuple[int, ...]
    ura136: tuple[int, ...]

    def kwargs(self) -> dict:
        return dict(
            win=self.win,
            melds=self.melds,
            seat_wind=self.seat,
            round_wind=self.round,
            dora_indicators=self.dora,
            ura_indicators=self.ura,
            honba=self.honba,
            riichi_sticks=self.sticks,
            **{f: True for f in self.flags},
        )

    def describe(self) -> str:
        """The hand as a `yakuset hand` command line."""
        parts = [self.hand, "--win", self.win]
        for kind, tiles in self.melds:
            parts += [f"--{kind}", tiles]
        parts += ["--seat", self.seat, "--round", self.round]
        for tile in self.dora:
            parts += ["--dora-indicator", tile]
        for tile in self.ura:
            parts += ["--ura", tile]
        parts += [f"--{f.replace('_', '-')}" for f in self.flags]
        if self.honba:
            parts += ["--honba", str(self.honba)]
        if self.sticks:
            parts += ["--riichi-sticks", str(self.sticks)]
        return " ".join(parts)


def _mpsz(tiles: list[tuple[int, bool]]) -> str:
    """(tile, red) pairs as mpsz text, sorted, red fives written 0."""
    out = []
    for suit_index, letter in enumerate("mpsz"):
        digits = sorted("0" if red else str(tile % 9 + 1) for tile, red in tiles if tile // 9 == suit_index)
        digits.sort(key=lambda d: 5 if d == "0" else int(d))
        if digits:
            out.append("".join(digits) + letter)
    return "".join(out)


class _Wall:
    """The 136 tiles: copy 0 of each five is the red one (ids 16, 52, 88 as mahjong numbers them)."""

    def __init__(self) -> None:
        self.left = {kind: [0, 1, 2, 3] for kind in range(34)}

    def count(self, kind: int) -> int:
        return len(self.left[kind])

    def take(self, kind: int, red: bool | None) -> tuple[int, bool]:
        """A copy of ``kind``: red if ``red``, never red if False, either if None (prefers plain)."""
        copies = self.left[kind]
        if kind in FIVES and red:
            copy = 0
        elif kind in FIVES and red is None:
            copy = next((c for c in copies if c != 0), copies[0])
        else:
            copy = next((c for c in copies if not (kind in FIVES and c == 0)), None)
            if copy is None:
                raise ValueError("no such copy")
        copies.remove(copy)
        return kind * 4 + copy, kind in FIVES and copy == 0


def _pick_kind(rng: random.Random, mode: str, suit_choice: int) -> int:
    if mode == "one_suit":
        return suit_choice * 9 + rng.randrange(9)
    if mode == "half_flush":
        return rng.choice([suit_choice * 9 + rng.randrange(9), 27 + rng.randrange(7)])
    if mode == "honours":
        return 27 + rng.randrange(7) if rng.random() < 0.7 else rng.randrange(34)
    if mode == "terminals":
        return rng.choice(ORPHANS)
    if mode == "green":
        return rng.choice(GREENS)
    if mode == "simples":
        return rng.randrange(3) * 9 + 1 + rng.randrange(7)
    return rng.randrange(34)


def _pick_run(rng: random.Random, mode: str, suit_choice: int) -> int | None:
    if mode in ("one_suit", "half_flush"):
        return suit_choice * 9 + rng.randrange(7)
    if mode == "terminals":
        return rng.randrange(3) * 9 + rng.choice((0, 6))
    if mode == "green":
        return 19  # 234s
    if mode == "honours" and rng.random() < 0.7:
        return None
    if mode == "simples":
        return rng.randrange(3) * 9 + 1 + rng.randrange(5)
    return rng.randrange(3) * 9 + rng.randrange(7)


def _shape(rng: random.Random) -> tuple[list[tuple[str, int]], list[tuple[str, int]], int] | None:
    """(concealed groups, meld groups, pair) as (kind, first tile); ``None`` to try again."""
    mode = rng.choices(
        [
            "any",
            "half_flush",
            "one_suit",
            "honours",
            "terminals",
            "green",
            "simples",
            "pure_terminals",
            "kans",
            "winds",
            "dragons",
            "same_triplets",
            "same_runs",
            "straight",
        ],
        [55, 10, 6, 7, 6, 3, 6, 1, 1, 2, 2, 1, 2, 2],
    )[0]
    suit_choice = rng.randrange(3)
    melds_wanted = rng.choices([0, 1, 2, 3, 4], [45, 22, 16, 11, 6])[0]
    if mode == "pure_terminals":
        kinds = rng.sample(sorted(TERMINALS_ONLY), 5)
        return [("triplet", k) for k in kinds[:4]], [], kinds[4]
    if mode == "kans":
        kinds = rng.sample(range(34), 5)
        return [], [(rng.choice(["kan", "ankan"]), k) for k in kinds[:4]], kinds[4]
    number = rng.randrange(7)
    groups = {
        "winds": [("triplet", k) for k in rng.sample(range(27, 31), rng.choice((3, 3, 4)))],
        "dragons": [("triplet", k) for k in rng.sample(range(31, 34), rng.choice((2, 2, 3)))],
        "same_triplets": [("triplet", number + 9 * s) for s in range(3)],
        "same_runs": [("run", number + 9 * s) for s in range(3)],
        "straight": [("run", suit_choice * 9 + k) for k in (0, 3, 6)],
    }.get(mode, [])
    while len(groups) < 4:
        if rng.random() < 0.5:
            first = _pick_run(rng, mode, suit_choice)
            if first is not None:
                groups.append(("run", first))
                continue
        groups.append(("triplet", _pick_kind(rng, mode, suit_choice)))
    pair = _pick_kind(rng, mode, suit_choice)
    if mode in ("winds", "dragons") and rng.random() < 0.5:
        pair = rng.randrange(27, 31) if mode == "winds" else rng.randrange(31, 34)
    order = list(range(4))
    rng.shuffle(order)
    concealed, melded = [], []
    for index in order:
        kind, first = groups[index]
        if len(melded) < melds_wanted:
            if kind == "run":
                melded.append(("chi", first))
            else:
                melded.append((rng.choices(["pon", "kan", "ankan"], [70, 18, 12])[0], first))
        elif kind == "triplet" and rng.random() < 0.06:
            melded.append(("ankan", first))
        else:
            concealed.append((kind, first))
    return concealed, melded, pair


def _build(rng: random.Random) -> Case | None:
    wall = _Wall()
    special = rng.random()
    melds: list[tuple[str, list[tuple[int, bool]]]] = []
    concealed: list[tuple[int, bool]] = []
    want_red = rng.random() < 0.6

    def take(kind: int) -> tuple[int, bool]:
        if not wall.count(kind):
            raise ValueError("out of tiles")
        red = want_red and kind in FIVES and 0 in wall.left[kind] and rng.random() < 0.5
        return wall.take(kind, True if red else None)

    try:
        if special < 0.07:  # seven pairs
            mode = rng.choice(["any", "any", "half_flush", "one_suit", "honours", "terminals", "simples"])
            suit_choice = rng.randrange(3)
            kinds: set[int] = set()
            while len(kinds) < 7:
                kinds.add(_pick_kind(rng, mode, suit_choice) if rng.random() < 0.9 else rng.randrange(34))
            for kind in kinds:
                concealed += [take(kind), take(kind)]
        elif special < 0.09:  # kokushi
            double = rng.choice(ORPHANS)
            for kind in ORPHANS:
                concealed.append(take(kind))
            concealed.append(take(double))
        elif special < 0.10:  # chuuren
            base = rng.randrange(3) * 9
            for offset, count in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                for _ in range(count):
                    concealed.append(take(base + offset))
            concealed.append(take(base + rng.randrange(9)))
        else:
            shape = _shape(rng)
            if shape is None:
                return None
            groups, melded, pair = shape
            for kind, first in groups:
                for tile in (first, first + 1, first + 2) if kind == "run" else (first,) * 3:
                    concealed.append(take(tile))
            concealed += [take(pair), take(pair)]
            for kind, first in melded:
                tiles = (first, first + 1, first + 2) if kind == "chi" else (first,) * (3 if kind == "pon" else 4)
                melds.append((kind, [take(tile) for tile in tiles]))
    except ValueError:
        return None
    win136, win_red = rng.choice(concealed)
    win_kind = win136 // 4
    is_open = any(kind != "ankan" for kind, _ in melds)
    has_kan = any(kind in ("kan", "ankan") for kind, _ in melds)
    seat = rng.choice(WIND_NAMES)
    round_ = rng.choices(WIND_NAMES, [45, 40, 10, 5])[0]
    dealer = seat == "east"
    flags = set()
    tsumo = rng.random() < 0.5
    if tsumo:
        flags.add("tsumo")
    first_turn = not melds and rng.random() < 0.04
    if first_turn:
        if tsumo:
            flags.add("tenhou" if dealer else "chihou")
        elif not dealer:
            flags.add("renhou")
        else:
            first_turn = False
    if not first_turn:
        if not is_open and rng.random() < 0.45:
            flags.add("double_riichi" if rng.random() < 0.1 else "riichi")
            if rng.random() < 0.2:
                flags.add("ippatsu")
        if tsumo and has_kan and "ippatsu" not in flags and rng.random() < 0.3:
            flags.add("rinshan")
        elif tsumo and rng.random() < 0.05:
            flags.add("haitei")
        if not tsumo:
            holds = sum(1 for t, _ in concealed if t // 4 == win_kind) + sum(
                1 for _, tiles in melds for t, _ in tiles if t // 4 == win_kind
            )
            if holds == 1 and rng.random() < 0.1:
                flags.add("chankan")
            elif rng.random() < 0.05:
                flags.add("houtei")
    kans = sum(1 for kind, _ in melds if kind in ("kan", "ankan"))
    indicators = min(5, 1 + kans + (1 if rng.random() < 0.15 else 0))
    riichi = bool(flags & {"riichi", "double_riichi"})
    hidden_copies = 4 if "chankan" not in flags else 0  # chankan: no other copy of the robbed tile visible

    def indicator() -> tuple[int, bool] | None:
        for _ in range(50):
            kind = rng.randrange(34)
            if kind == win_kind and not hidden_copies:
                continue
            if wall.count(kind):
                return wall.take(kind, None)
        return None

    dora = [indicator() for _ in range(indicators)]
    ura = [indicator() for _ in range(indicators)] if riichi and rng.random() < 0.8 else []
    if any(d is None for d in (*dora, *ura)):
        return None
    every = concealed + [t for _, tiles in melds for t in tiles]
    return Case(
        hand=_mpsz([(t // 4, red) for t, red in concealed]),
        win=("0" if win_red else str(win_kind % 9 + 1)) + "mpsz"[win_kind // 9],
        melds=tuple((kind, _mpsz([(t // 4, red) for t, red in tiles])) for kind, tiles in melds),
        seat=seat,
        round=round_,
        dora=tuple(_mpsz([(t // 4, False)]) for t, _ in dora),  # type: ignore[misc]
        ura=tuple(_mpsz([(t // 4, False)]) for t, _ in ura),  # type: ignore[misc]
        honba=rng.choices([0, 1, 2, 3, 5], [60, 20, 10, 6, 4])[0],
        sticks=rng.choices([0, 1, 2, 3], [55, 30, 10, 5])[0],
        flags=tuple(sorted(flags)),
        tiles136=tuple(sorted(t for t, _ in every)),
        win136=win136,
        melds136=tuple((kind, tuple(t for t, _ in tiles)) for kind, tiles in melds),
        dora136=tuple(t for t, _ in dora),
        ura136=tuple(t for t, _ in ura),  # type: ignore[misc]
    )


def _tiles_red(text: str) -> list[tuple[int, bool]]:
    """mpsz text as (tile, red) pairs."""
    out, digits = [], []
    for char in text:
        if char.isdigit():
            digits.append(char)
            continue
        base = "mpsz".index(char) * 9
        out += [(base + (4 if d == "0" else int(d) - 1), d == "0") for d in digits]
        digits = []
    return out


def case_from(
    hand: str,
    win: str,
    melds: tuple[tuple[str, str], ...] = (),
    seat: str = "east",
    round: str = "east",
    dora: tuple[str, ...] = (),
    ura: tuple[str, ...] = (),
    honba: int = 0,
    sticks: int = 0,
    flags: tuple[str, ...] = (),
) -> Case:
    """A Case written by hand, in our notation; mahjong's tile ids are assigned here."""
    wall = _Wall()
    concealed = [wall.take(t, red) for t, red in _tiles_red(hand)]
    meld_ids = [(kind, [wall.take(t, red) for t, red in _tiles_red(tiles)]) for kind, tiles in melds]
    ((win_kind, win_red),) = _tiles_red(win)
    win136 = next(t for t, red in concealed if t // 4 == win_kind and red == win_red)
    dora136 = [wall.take(t, None)[0] for t, _ in (x for d in dora for x in _tiles_red(d))]
    ura136 = [wall.take(t, None)[0] for t, _ in (x for d in ura for x in _tiles_red(d))]
    every = concealed + [t for _, tiles in meld_ids for t in tiles]
    return Case(
        hand,
        win,
        tuple(melds),
        seat,
        round,
        tuple(dora),
        tuple(ura),
        honba,
        sticks,
        tuple(sorted(flags)),
        tuple(sorted(t for t, _ in every)),
        win136,
        tuple((kind, tuple(t for t, _ in tiles)) for kind, tiles in meld_ids),
        tuple(dora136),
        tuple(ura136),
    )


#: Hands chosen for what they test (the random ones may or may not reach them).
CURATED = [
    case_from("111222333m456p55s", "3m"),  # triplets or three runs, by ron
    case_from("111222333m456p55s", "3m", flags=("tsumo",)),  # ... by tsumo (sanankou)
    case_from("11223344556677m", "7m", flags=("riichi",)),  # seven pairs or ryanpeikou
    case_from("223344m667788p77z", "7z", flags=("tsumo",), seat="south"),
    case_from("111122223333m55p", "3m", flags=("tsumo",)),  # four identical runs
    case_from("444m345m777p111s22z", "4m", seat="south"),  # the 4m may complete the run
    case_from("444m678m777p111s22z", "4m", seat="south", flags=("riichi",)),
    case_from("111m333p555s777s22z", "2z"),  # suuankou tanki by ron
    case_from("111m333p555s777s22z", "5s"),  # by ron on the shanpon
    case_from("111m333p555s777s22z", "5s", flags=("tsumo",)),
    case_from("119m19p19s1234567z", "1m"),  # kokushi 13-sided
    case_from("119m19p19s1234567z", "9m", flags=("tsumo",), seat="east", dora=("8m",)),
    case_from("11112345678999m", "1m"),  # junsei chuuren on a 1
    case_from("11123456789999m", "9m", flags=("tsumo",)),  # junsei on a 9
    case_from("11123456789999m", "1m"),  # plain chuuren
    case_from("111z222z333z444z55z", "5z", flags=("tsumo",)),  # daisuushii tsuuiisou suuankou tanki
    case_from("123456789m234p55s", "4m", flags=("riichi", "tsumo"), seat="south", dora=("1p",), ura=("4s",)),
    case_from("123345678m444z99m", "3m", flags=("tsumo",), seat="south"),  # penchan or ryanmen
    case_from("11223345556789m", "4m", flags=("riichi", "tsumo"), seat="south", dora=("4m",)),  # kazoe
    case_from(
        "456p789s11z345s",
        "3s",
        melds=(("ankan", "2222m"),),
        flags=("tsumo", "rinshan", "riichi"),
        dora=("1m", "3s"),
        ura=("9s",),
    ),
    case_from("234m456p789s11z345s", "3s", flags=("chankan",), seat="west", round="south"),
    case_from("234m456p789s11z345s", "3s", flags=("houtei", "double_riichi"), dora=("1z",), ura=("7z",)),
    case_from("234m406p789s11z340s", "0s", flags=("riichi",), honba=2, sticks=3),
    case_from("456p678s22p345s", "3s", melds=(("chi", "234m"),), flags=("tsumo", "haitei")),
    case_from("234m456p789s11z345s", "3s", flags=("tsumo", "tenhou")),
    case_from("234m456p789s11z345s", "3s", flags=("tsumo", "chihou"), seat="north"),
    case_from(
        "22z",
        "2z",
        melds=(("kan", "1111z"), ("ankan", "3333z"), ("kan", "4444z"), ("pon", "777z")),
        seat="south",
        round="south",
        flags=("tsumo",),
    ),
]


def cases(seed: int = SEED) -> Iterator[Case]:
    """Random lawful winning hands, endlessly, the same for the same seed."""
    rng = random.Random(seed)
    while True:
        case = _build(rng)
        if case is not None:
            yield case
