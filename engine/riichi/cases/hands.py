"""A seeded corpus of winning Riichi hands for ``diff``: a few thousand hands of every shape (open
and closed, each wait, triplets and kans of simples, terminals and honours, value pairs and
double-wind pairs, one-suit and all-simple hands, seven pairs, thirteen orphans), each with its
winds, flags and a dora indicator, in the keyword form :func:`evaluate` takes. The same seed
gives the same hands on every machine. A corpus for three players (:func:`corpus` with ``removed``
tiles, no ``chi``, ``kita``) holds only tiles of its set, seats no north and extracts norths."""

from __future__ import annotations

import functools
import random
from typing import Any, NamedTuple

from ..rules.table import WIND_NAMES as _WINDS
from ..tiles.notation import NORTH as _NORTH, parse_tiles, tile_counts, tile_name

SEED = 20261130
SIZE = 3000
_THEMES = ("any", "simples", "one_suit", "honours", "terminals", "winds", "triplets", "sequences", "green")
_GREEN = [19, 20, 21, 23, 25, 32]  # 2s 3s 4s 6s 8s and the green dragon


class Table(NamedTuple):
    """The tiles and calls a corpus may use: the tile numbers not in the set, whether chi is
    called, whether north tiles are extracted (kita), whether a north seat exists."""

    removed: frozenset[int] = frozenset()
    chi: bool = True
    kita: bool = False
    north_seat: bool = True


FOUR_PLAYERS = Table()


def _text(tiles: list[int]) -> str:
    """mpsz text of ``tiles``, grouped by suit (``123m55z``)."""
    out = []
    for suit, letter in enumerate("mpsz"):
        digits = "".join(str(t - 9 * suit + 1) for t in sorted(tiles) if t // 9 == suit and (suit < 3 or t >= 27))
        if suit == 3:
            digits = "".join(str(t - 26) for t in sorted(tiles) if t >= 27)
        if digits:
            out.append(digits + letter)
    return "".join(out)


def _kinds(rng: random.Random, theme: str, suit: int) -> tuple[list[int], list[int]]:
    """Tiles a triplet or pair may be of, and tiles a sequence may start at, for ``theme``."""
    suits = [suit] if theme == "one_suit" else [0, 1, 2]
    numbers = [n for s in suits for n in range(9 * s, 9 * s + 9)]
    starts = [n for s in suits for n in range(9 * s, 9 * s + 7)]
    if theme == "simples":
        numbers = [n for n in numbers if n % 9 not in (0, 8)]
        starts = [n for n in starts if n % 9 not in (0, 6)]
    elif theme == "terminals":
        numbers = [n for n in numbers if n % 9 in (0, 8)] + list(range(27, 34))
        starts = [n for n in starts if n % 9 in (0, 6)]
    elif theme in ("honours", "winds"):
        numbers = list(range(27, 31)) if theme == "winds" else list(range(27, 34))
    elif theme == "green":
        numbers, starts = _GREEN, [19]
    elif theme == "any" or (theme == "one_suit" and rng.random() < 0.5):
        numbers = numbers + list(range(27, 34))
    return numbers, starts


def _standard(rng: random.Random, table: Table) -> dict[str, Any] | None:
    theme = rng.choice(_THEMES)
    numbers, starts = _kinds(rng, theme, rng.randrange(3))
    if table.removed:
        numbers = [n for n in numbers if n not in table.removed]
        starts = [n for n in starts if not {n, n + 1, n + 2} & table.removed]
        if not numbers:
            return None
    counts = [0] * 34
    groups: list[tuple[str, list[int]]] = []
    pattern = _pattern(rng)
    for number in range(4):
        run = bool(starts) and theme not in ("honours", "winds", "triplets")
        run = run and rng.random() < (0.9 if theme == "sequences" else 0.5)
        if pattern and number < 3:
            first, run = pattern[number], True
        else:
            first = rng.choice(starts) if run else rng.choice(numbers)
        tiles = [first, first + 1, first + 2] if run else [first] * 3
        if any(counts[t] + tiles.count(t) > 4 for t in tiles):
            return None
        for t in tiles:
            counts[t] += 1
        groups.append(("run" if run else "set", tiles))
    pair = rng.choice(numbers)
    if counts[pair] > 2:
        return None
    counts[pair] += 2
    melds: list[tuple[str, str]] = []
    concealed: list[int] = [pair, pair]
    for kind, tiles in groups:
        roll = rng.random()
        if kind == "run" and roll < 0.25 and table.chi:
            melds.append(("chi", _text(tiles)))
        elif kind == "set" and roll < 0.25:
            melds.append(("pon", _text(tiles)))
        elif kind == "set" and roll < 0.33 and counts[tiles[0]] == 3:
            counts[tiles[0]] += 1
            melds.append((rng.choice(["kan", "ankan"]), _text(tiles + tiles[:1])))
        else:
            concealed.extend(tiles)
    win = rng.choice(concealed)
    return {"hand": _text(concealed), "win": tile_name(win), "melds": melds}


def _pattern(rng: random.Random) -> list[int]:
    """Three runs that make a yaku now and then: ittsu (123 456 789 of a suit) or sanshoku (one run
    in each suit)."""
    roll, suit = rng.random(), rng.randrange(3)
    if roll < 0.04:
        return [9 * suit, 9 * suit + 3, 9 * suit + 6]
    if roll < 0.08:
        start = rng.randrange(7)
        return [start, 9 + start, 18 + start]
    return []


def _nine_gates(rng: random.Random, table: Table) -> dict[str, Any] | None:
    suit = 9 * rng.randrange(3)
    if any(suit + n in table.removed for n in range(9)):
        return None
    tiles = [suit, suit, suit, *range(suit + 1, suit + 8), suit + 8, suit + 8, suit + 8, suit + rng.randrange(9)]
    return {"hand": _text(tiles), "win": tile_name(rng.choice(tiles)), "melds": []}


def _seven_pairs(rng: random.Random, table: Table) -> dict[str, Any]:
    kinds = rng.sample([t for t in range(34) if t not in table.removed], 7)
    tiles = [k for k in kinds for _ in range(2)]
    return {"hand": _text(tiles), "win": tile_name(rng.choice(kinds)), "melds": []}


def _thirteen_orphans(rng: random.Random) -> dict[str, Any]:
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    extra = rng.choice(orphans)
    return {"hand": _text([*orphans, extra]), "win": tile_name(rng.choice([*orphans])), "melds": []}


def _situation(rng: random.Random, hand: dict[str, Any], table: Table) -> dict[str, Any]:
    closed = all(kind == "ankan" for kind, _ in hand["melds"])
    flags: dict[str, bool] = {}
    if rng.random() < 0.5:
        flags["tsumo"] = True
    if closed and rng.random() < 0.5:
        flags["riichi"] = True
    seat, round_wind = rng.choice(_WINDS if table.north_seat else _WINDS[:3]), rng.choice(_WINDS[:2])
    if flags.get("riichi") and rng.random() < 0.15:
        flags["ippatsu"] = True
    if rng.random() < 0.05:
        flags["haitei" if flags.get("tsumo") else "houtei"] = True
    elif (
        flags.get("tsumo")
        and not flags.get("ippatsu")
        and any(kind in ("kan", "ankan") for kind, _ in hand["melds"])
        and rng.random() < 0.3
    ):
        flags["rinshan"] = True
    held = tile_counts(parse_tiles(hand["hand"])[0] + [t for _, text in hand["melds"] for t in parse_tiles(text)[0]])
    indicator = tile_name(rng.choice([t for t in range(34) if held[t] < 4 and t not in table.removed]))
    extracted: dict[str, int] = {}
    if table.kita and held[_NORTH] < 4 and rng.random() < 0.5:
        extracted["kita"] = rng.randint(1, 4 - held[_NORTH])
    return {**hand, "seat_wind": seat, "round_wind": round_wind, "dora_indicators": [indicator], **flags, **extracted}


@functools.cache
def corpus(seed: int = SEED, size: int = SIZE, table: Table = FOUR_PLAYERS) -> tuple[dict[str, Any], ...]:
    """``size`` winning hands (a few may be refused by a rule set: no yaku, an open closed-only
    shape); each a dict of :func:`evaluate`'s keyword arguments, ``hand`` included, of the tiles
    and calls ``table`` allows."""
    rng = random.Random(seed)
    hands: list[dict[str, Any]] = []
    while len(hands) < size:
        roll = rng.random()
        if roll < 0.06:
            hand: dict[str, Any] | None = _seven_pairs(rng, table)
        elif roll < 0.08:
            hand = _thirteen_orphans(rng)
        elif roll < 0.09:
            hand = _nine_gates(rng, table)
        else:
            hand = _standard(rng, table)
        if hand is not None and table.removed and set(parse_tiles(_all_text(hand))[0]) & table.removed:
            hand = None  # a pattern of runs (ittsu, sanshoku) through a removed tile
        if hand is not None:
            hands.append(_situation(rng, hand, table))
    return tuple(hands)


def _all_text(hand: dict[str, Any]) -> str:
    return str(hand["hand"]) + "".join(text for _, text in hand["melds"])


def describe(hand: dict[str, Any]) -> str:
    """A corpus hand in words, enough to reproduce it (``yakuset hand`` takes the same parts)."""
    parts = [f"{hand['hand']} win {hand['win']}"]
    parts += [f"{kind} {tiles}" for kind, tiles in hand["melds"]]
    parts.append(f"seat {hand['seat_wind']}, round {hand['round_wind']}, dora indicator {hand['dora_indicators'][0]}")
    parts += [flag for flag in ("riichi", "ippatsu", "tsumo", "rinshan", "haitei", "houtei") if hand.get(flag)]
    if hand.get("kita"):
        parts.append(f"kita {hand['kita']}")
    return ", ".join(parts)
