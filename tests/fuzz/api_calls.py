"""Arbitrary calls to every public API of yakuset, with arguments drawn from pools of valid,
wrong and hostile values. ``random_call(rng)`` returns a description and a thunk to run."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yakuset
from yakuset import diff, koikoi, riichi
from yakuset.riichi.settlement import scripts as riichi_replay

from .generators import HOSTILE_SCALARS

KOIKOI = ["nintendo", "tournament", "yakuza", "fudawiki", "kk-add-10", "bga", "koikoi-japan", "hanafuda-flash"]
RIICHI = [
    "ema-2025",
    "ema-2016",
    "tenhou",
    "full-scoring",
    "single-yakuman-cap",
    "wrc-2022",
    "m-league",
    "jpml-a",
    "mahjong-soul",
]


@functools.cache
def ruleset(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(name)


DECK = list(ruleset("nintendo").rules.cards)
COUNTS: list[Any] = [
    0,
    1,
    2,
    3,
    5,
    7,
    8,
    12,
    13,
    20,
    30,
    40,
    110,
    140,
    150,
    -1,
    -5,
    10**6,
    10**16,
    10**100,
    2.5,
    1.0,
    float("nan"),
    float("inf"),
    True,
    False,
    "1",
    "",
    None,
    [1],
    (),
    {"a": 1},
    object(),
]
BOOLS: list[Any] = [True, False, "true", "false", 1, 0, None, 1.0, [], "yes"]
TILES = [
    "234m456p23456788s",
    "234m456p789s11z345s",
    "19m19p19s1234567z1m",
    "1133m5577p99s1155z",
    "11122233344455m",
    "123456789m12344p",
    "0m055m",
    "234m456p789s11z345",
    "",
    "1z" * 7,
    "123m456p789s1122z",
    "11z",
    "abc",
    "1x",
    "9" * 200,
    "\u2028",
    "111m222p333s444z5z",
    "555z55z",
    "0z",
    "8z",
]
WINS = ["4s", "3s", "1m", "5z", "4m", "0m", "", "44s", "x", None, 4, ["4s"]]
MELDS: list[Any] = [
    (),
    [("pon", "555z")],
    [("chi", "234m")],
    [("kan", "1111m")],
    [("ankan", "9999p")],
    "pon 555z",
    [("pon",)],
    [("pon", "555z")] * 5,
    [("dog", "555z")],
    [["chi", "234m"]],
    iter([("pon", "555z")]),
    [("pon", 555)],
    None,
    {("pon", "555z")},
    [("pon", "5555z")],
    [("chi", "135m")],
]
WINDS: list[Any] = ["east", "south", "west", "north", "1z", "4z", "up", None, 1, ""]
INDICATORS: list[Any] = [(), ["7s"], ["1z", "2z"], "7s", ["7s"] * 6, ["x"], [None], iter(["7s"]), [1], ["77s"]]
FLAGS = list(riichi.FLAGS) + ["nonsense", "open"]
YAKU: list[Any] = [
    ["riichi"],
    ["riichi", "pinfu", "ittsu"],
    ["chiitoitsu"],
    ["pinfu"],
    [],
    ["nope"],
    "riichi",
    ["riichi", "riichi"],
    ["renhou"],
    ["nagashi_mangan"],
    ["tanyao", "chanta"],
    [1],
    None,
    iter(["riichi"]),
    ("riichi",),
]
YAKUMAN: list[Any] = [
    ["daisangen"],
    ["daisangen", "tsuuiisou"],
    ["kokushi_13", "daisuushii"],
    [],
    ["riichi"],
    ["tenhou", "chihou"],
    ["suuankou"],
    "daisangen",
    None,
    ["x"] * 10,
]
CARD_LISTS: list[Any] = [
    [],
    DECK[:8],
    DECK[:3],
    DECK[:48],
    DECK + DECK,
    ["01-bright-crane", "01-bright-crane"],
    ["13-bright-crane"],
    "01-bright-crane",
    None,
    [1],
    iter(DECK[:4]),
    tuple(DECK[:10]),
    {c: 1 for c in DECK[:2]},
]
PLAYERS: list[Any] = [
    ["alice", "bob"],
    ("alice", "bob"),
    ["alice", "alice"],
    ["a", "b", "c", "d", "e"],
    ["alice"],
    [],
    None,
    "ab",
    iter(["alice", "bob"]),
    ["alice", ""],
    [1, 2],
    ["alice", None],
]
SOURCES: list[Any] = [
    "nintendo",
    "tenhou",
    "_koikoi",
    "missing",
    "",
    "x/y.yaml",
    "/dev/zero",
    "/dev/null",
    "/",
    "/etc/passwd",
    "a" * 5000,
    "\x00",
    "nintendo.yaml",
    1,
    None,
    Path("/tmp"),
    b"nintendo",
]


def pick(rng: random.Random, pool: list[Any]) -> Any:
    value = rng.choice(pool)
    return iter(list(value)) if type(value).__name__.endswith("iterator") else value


def any_ruleset(rng: random.Random, game: str | None = None) -> Any:
    roll = rng.random()
    if roll < 0.03:
        return rng.choice([None, "nintendo", 1])
    if roll < 0.1 or game is None:
        return ruleset(rng.choice(KOIKOI + RIICHI))
    return ruleset(rng.choice(KOIKOI if game == "koikoi" else RIICHI))


def _award(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "koikoi")
    kwargs = {
        name: pick(rng, COUNTS)
        for name in ("base", "own_calls", "opponent_calls", "field_brights")
        if rng.random() < 0.8
    }
    kwargs.setdefault("base", rng.choice([1, 8, 20]))
    return f"koikoi.award({getattr(rs, 'id', rs)!r}, {kwargs})", lambda: koikoi.award(rs, **kwargs)


def _yaku(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "koikoi")
    captured = pick(rng, CARD_LISTS) if rng.random() < 0.3 else rng.sample(DECK, rng.randint(0, 30))
    kwargs: dict[str, Any] = {}
    if rng.random() < 0.5:
        kwargs["month"] = pick(rng, COUNTS)
    if rng.random() < 0.5:
        kwargs["own_calls"] = pick(rng, COUNTS)
    return f"koikoi.yaku({getattr(rs, 'id', rs)!r}, {captured!r}, {kwargs})", lambda: koikoi.yaku(
        rs, captured, **kwargs
    )


def _pile(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "koikoi")
    captured = pick(rng, CARD_LISTS) if rng.random() < 0.3 else rng.sample(DECK, rng.randint(0, 10))
    kwargs: dict[str, Any] = {}
    if rng.random() < 0.5:
        kwargs["month"] = pick(rng, COUNTS)
    if rng.random() < 0.5:
        kwargs["own_calls"] = pick(rng, COUNTS)
    added = [pick(rng, [*DECK, *COUNTS]) for _ in range(rng.randint(0, 8))]

    def run() -> Any:
        grown = koikoi.pile(rs, captured, **kwargs)
        for card in added:
            grown = grown.add(card)
        return grown.base, grown.hand

    return f"koikoi.pile({getattr(rs, 'id', rs)!r}, {captured!r}, {kwargs}).add(...{added!r})", run


def _tables(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng)
    if getattr(rs, "game", None) == "riichi" or rng.random() < 0.2:
        most = pick(rng, COUNTS) if rng.random() < 0.5 else 15
        return f"riichi.payment_grids({getattr(rs, 'id', rs)!r}, {most!r})", lambda: riichi.payment_grids(rs, most)
    bases = pick(rng, [(1, 2, 3), [], [0, -1], [10**16], "123", None, [1.5]])
    most = pick(rng, COUNTS)
    return (
        f"koikoi.award_tables({getattr(rs, 'id', rs)!r}, {bases!r}, {most!r})",
        lambda: koikoi.award_tables(rs, bases, most),
    )


def _score(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "riichi")
    kwargs: dict[str, Any] = {}
    mode = rng.randrange(3)
    if mode == 0:
        kwargs["han"] = pick(rng, COUNTS)
        if rng.random() < 0.8:
            kwargs["fu"] = pick(rng, COUNTS)
    elif mode == 1:
        kwargs["yaku"] = pick(rng, YAKU)
        for name in ("fu", "dora"):
            if rng.random() < 0.4:
                kwargs[name] = pick(rng, COUNTS)
    else:
        kwargs["yakuman"] = pick(rng, YAKUMAN)
    for name in ("dealer", "tsumo", "open"):
        if rng.random() < 0.4:
            kwargs[name] = pick(rng, BOOLS)
    for name in ("honba", "riichi_sticks"):
        if rng.random() < 0.3:
            kwargs[name] = pick(rng, COUNTS)
    return f"riichi.score({getattr(rs, 'id', rs)!r}, {kwargs})", lambda: riichi.score(rs, **kwargs)


def _evaluate(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "riichi")
    hand = rng.choice(TILES) if rng.random() < 0.9 else pick(rng, COUNTS)
    kwargs: dict[str, Any] = {"win": rng.choice(WINS)}
    if rng.random() < 0.3:
        kwargs["melds"] = pick(rng, MELDS)
    for name in ("seat_wind", "round_wind"):
        if rng.random() < 0.3:
            kwargs[name] = pick(rng, WINDS)
    for name in ("dora_indicators", "ura_indicators"):
        if rng.random() < 0.3:
            kwargs[name] = pick(rng, INDICATORS)
    for name in ("honba", "riichi_sticks"):
        if rng.random() < 0.2:
            kwargs[name] = pick(rng, COUNTS)
    for flag in rng.sample(FLAGS, rng.randint(0, 3)):
        kwargs[flag] = pick(rng, BOOLS) if rng.random() < 0.3 else True
    return f"riichi.evaluate({getattr(rs, 'id', rs)!r}, {hand!r}, {kwargs})", lambda: riichi.evaluate(
        rs, hand, **kwargs
    )


def _tiles(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    text = rng.choice(TILES + HOSTILE_SCALARS + [None, 5, ["1m"], "1" * 300 + "m"])
    which = rng.randrange(4)
    if which == 3:
        return f"riichi.parse_tiles_red({text!r})", lambda: riichi.parse_tiles_red(text)
    if which == 0:
        return f"riichi.parse_tiles({text!r})", lambda: riichi.parse_tiles(text)
    if which == 1:
        kind = rng.choice(["chi", "pon", "kan", "ankan", "x", None, 1])
        return f"riichi.parse_meld({kind!r}, {text!r})", lambda: riichi.parse_meld(kind, text)
    tile = pick(rng, COUNTS)
    return f"riichi.tile_name({tile!r})", lambda: riichi.tile_name(tile)


def _referee(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "koikoi")
    players = pick(rng, PLAYERS) if rng.random() < 0.2 else ["alice", "bob"]
    dealer = rng.choice(["alice", "bob", "carol", None, 1, ""])
    steps = rng.randint(1, 40)
    seed = rng.randrange(2**32)

    def play() -> Any:
        local = random.Random(seed)
        match = koikoi.Match(rs, players, dealer)
        rnd = match.new_round()
        deck = list(rs.rules.cards)
        local.shuffle(deck)
        hands = {"alice": deck[:8], "bob": deck[8:16]}
        field = deck[16:24]
        if local.random() < 0.2:
            hands = local.choice(
                [
                    {},
                    {"alice": deck[:8]},
                    {"alice": deck[:8], "bob": deck[:8]},
                    None,
                    {"alice": deck[:7], "bob": deck[8:16]},
                    {"alice": "x", "bob": deck[8:16]},
                ]
            )
            field = local.choice([field, [], deck[16:23], None, "x"])
        rnd.deal(hands, field)
        taken: set[str] = set()
        for _ in range(steps):
            if rnd.finished:
                if local.random() < 0.5:
                    rnd = match.new_round()
                    rnd.deal({"alice": deck[:8], "bob": deck[8:16]}, deck[16:24])
                    taken = set()
                    continue
                return match.finish(
                    local.choice(
                        [
                            None,
                            {},
                            {"alice": {"minipoints": 29}},
                            {"carol": {}},
                            {"alice": {"minipoints": -1}},
                            {"alice": {"minipoints": 2.5}},
                        ]
                    )
                )
            actor = rnd.next_to_act or local.choice(["alice", "bob"])
            if local.random() < 0.1:
                actor = local.choice(["alice", "bob", "carol", None, 3])
            if local.random() < 0.3 and actor is not None:
                rnd.answer(actor, local.choice(["koikoi", "shobu", "shobu", "maybe", None]))
            else:
                free = [c for c in deck if c not in taken]
                captured = local.sample(free, min(len(free), local.randint(0, 4)))
                if local.random() < 0.05:
                    captured = local.choice([None, "x", [1], deck[:1] * 2])
                rnd.turn(actor, captured)
                taken |= (
                    set(captured) if isinstance(captured, list) and all(isinstance(c, str) for c in captured) else set()
                )
        return rnd

    return f"referee({getattr(rs, 'id', rs)!r}, {players!r}, {dealer!r}, steps={steps}, seed={seed})", play


def _table(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    """A match at a koikoi.Table: hostile set-up, then mostly legal moves mixed with hostile ones."""
    rs = any_ruleset(rng, "koikoi")
    players = pick(rng, PLAYERS) if rng.random() < 0.2 else ("alice", "bob")
    seed: Any = rng.randrange(2**64) if rng.random() < 0.9 else rng.choice([None, 1.5, "7", True, -3])
    first = rng.choice([None, None, "alice", "bob", "carol", 1])
    steps = rng.randint(1, 400)
    moves = seed if isinstance(seed, int) else 0

    def play() -> Any:
        local = random.Random(moves)
        deck = list(rs.rules.cards) if hasattr(rs, "rules") and hasattr(rs.rules, "cards") else []
        decks: Any = ()
        if local.random() < 0.1:
            decks = local.choice([[deck[::-1]], [deck[:10]], ["x"], [None], [deck + deck[:1]]])
        table = koikoi.Table(rs, players, seed, first_dealer=first, decks=decks)
        for _ in range(steps):
            legal = table.legal_moves()
            if local.random() < 0.15 or not legal:
                move = local.choice(
                    [
                        koikoi.Move("play", local.choice(deck or ["x"])),
                        koikoi.Move("choose", local.choice(deck or ["x"]), local.choice(deck or ["x"])),
                        koikoi.Move(local.choice(["koikoi", "shobu", "pass", ""])),
                        koikoi.Move(None, 3),  # type: ignore[arg-type]
                        ("play", "01-bright-crane"),
                        None,
                    ]
                )
            else:
                move = local.choice(legal)
            table.play(move)
        return table.result or table.state

    return f"table({getattr(rs, 'id', rs)!r}, {players!r}, {seed!r}, first_dealer={first!r}, steps={steps})", play


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.yaml"))


def _replay(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "koikoi")
    which = rng.randrange(4)
    if which == 0:
        path = pick(rng, [*EXAMPLES, "missing.yaml", "", None, 1, "/dev/zero", Path("/"), "\x00"])
        return f"koikoi.load_script({path!r})", lambda: koikoi.load_script(path)
    if which == 1:
        script = pick(rng, [None, {}, {"players": ["a", "b"]}, "x", [], {"players": 1, "dealer": 2, "rounds": 3}])
        return f"koikoi.replay({getattr(rs, 'id', rs)!r}, {script!r})", lambda: koikoi.replay(rs, script)
    if which == 2:
        trace = pick(rng, [None, "x", 1, {}])
        return f"koikoi.trace_text({trace!r})", lambda: koikoi.trace_text(trace)
    path = rng.choice(EXAMPLES)
    return (
        f"replay of {path.name} under {getattr(rs, 'id', rs)!r}",
        lambda: koikoi.trace_text(koikoi.replay(rs, koikoi.load_script(path))),
    )


RIICHI_EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "riichi").glob("*.yaml"))
SEAT_VALUES: list[Any] = [0, 1, 2, 3, 3, 2, 1, 0, -1, 4, True, None, "1", 1.0, [1], 10**100]


def _win(rng: random.Random) -> Any:
    if rng.random() < 0.05:
        return pick(rng, [None, "x", 1, [], {}, {"seat": 1}])
    win: dict[str, Any] = {"seat": pick(rng, SEAT_VALUES)}
    form = rng.randrange(5)
    if form == 0:
        win["han"] = pick(rng, COUNTS)
        if rng.random() < 0.8:
            win["fu"] = pick(rng, COUNTS)
    elif form == 1:
        win["yakuman"] = pick(rng, YAKUMAN)
    elif form == 2:
        win["yaku"] = pick(rng, YAKU)
        win["fu"] = pick(rng, COUNTS)
    elif form == 3:
        win["hand"] = rng.choice(["234m406p789s11z345s", "19m119p19s1234567z", "x", ""])
        win["win"] = rng.choice(["3s", "2z", "0p", None, 5])
    if rng.random() < 0.2:
        win["pao"] = pick(rng, SEAT_VALUES)
    if rng.random() < 0.1:
        win[rng.choice(["open", "riichi", "tsumo", "colour"])] = pick(rng, BOOLS)
    return win


def _outcome(rng: random.Random) -> Any:
    kind = rng.choice(["ron", "tsumo", "draw", "abort", "chombo", "other"])
    if kind == "ron":
        winners = [_win(rng) for _ in range(rng.choice([0, 1, 1, 1, 2, 3, 4]))]
        return {"ron": {"discarder": pick(rng, SEAT_VALUES), "winners": winners}}
    if kind == "tsumo":
        return {"tsumo": _win(rng)}
    if kind == "draw":
        seats = [pick(rng, SEAT_VALUES) for _ in range(rng.randint(0, 4))]
        return {"draw": {"tenpai": seats, "nagashi": seats[:1] if rng.random() < 0.2 else []}}
    if kind == "abort":
        return {
            "abort": rng.choice(["nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron", "x", None])
        }
    if kind == "chombo":
        return {"chombo": pick(rng, SEAT_VALUES)}
    return pick(rng, [None, {}, "ron", [], {"ron": 1, "tsumo": 2}, {"x": 1}])


def _game(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    rs = any_ruleset(rng, "riichi")
    which = rng.randrange(5)
    if which == 0:
        fields: dict[str, Any] = {
            "scores": pick(rng, [(25000,) * 4, (1, 2, 3), "x", None, (10**100, 0, 0, 0), (-1, -2, -3, -4)]),
            "dealer": pick(rng, SEAT_VALUES),
            "round_wind": rng.choice(["east", "south", "west", "north", "up", None, 1]),
            "hand": pick(rng, [1, 2, 3, 4, 0, 5, None, True]),
        }
        for name in ("honba", "sticks", "ended", "end_reason", "penalties"):
            if rng.random() < 0.3:
                fields[name] = pick(rng, [*COUNTS[:10], "bankruptcy", None, (0, 0, 0, 0)])
        return f"riichi.State(**{fields!r})", lambda: riichi.State(**fields)
    if which == 1:
        state = pick(rng, [None, "x", {}, (25000,) * 4])
        return f"riichi.standings({getattr(rs, 'id', rs)!r}, {state!r})", lambda: riichi.standings(rs, state)
    if which == 2:
        path = rng.choice(RIICHI_EXAMPLES)
        return (
            f"replay of {path.name} under {getattr(rs, 'id', rs)!r}",
            lambda: riichi_replay.game_text(riichi_replay.replay_game(rs, riichi_replay.load_game(path))),
        )
    outcomes = [_outcome(rng) for _ in range(rng.randint(1, 12))]
    riichis = [pick(rng, [(), (0,), (1, 2), [3], (0, 1, 2, 3), "0", None, (5,)]) for _ in outcomes]

    def play() -> Any:
        state = riichi.new_game(rs)
        for outcome, declared in zip(outcomes, riichis):
            try:
                result = riichi.settle(rs, state, outcome, declared)
            except yakuset.InputError:
                continue
            assert sum(result.transfers) % 1000 == 0 or rs.id not in RIICHI, result
            _ = result.steps, result.as_dict()
            state = result.state
        return riichi.standings(rs, state)

    return f"a game under {getattr(rs, 'id', rs)!r}: {list(zip(outcomes, riichis))!r}", play


def _load(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    source = pick(rng, SOURCES)
    if rng.random() < 0.5:
        return f"load_ruleset({source!r})", lambda: yakuset.load_ruleset(source)
    text = rng.choice(
        [
            "game: koikoi",
            "extends: nintendo\nname: x\n",
            "",
            None,
            5,
            "\x00",
            "extends: /dev/zero",
            "extends: ./a.yaml",
            "extends: nintendo\n" * 3,
        ]
    )
    path = pick(rng, [Path("/no/such/folder/x.yaml"), "x.yaml", "/", None, 1, Path("/dev/null")])
    return f"load_ruleset_text({text!r}, {path!r})", lambda: yakuset.load_ruleset_text(text, path)


def _diff(rng: random.Random) -> tuple[str, Callable[[], Any]]:
    a, b = any_ruleset(rng), any_ruleset(rng)
    cases = rng.choice(
        [
            [],
            [{"base": 8}],
            [{"han": 3, "fu": 40}],
            [{"captured": DECK[:5], "month": 3}],
            [{"x": 1}],
            [{"base": "x"}],
            [{"han": 10**30, "fu": 30}],
            None,
            "x",
            [None],
            [{"name": 1}],
        ]
    )
    declared = rng.choice([False, True, None, "x"])
    if rng.random() < 0.5:
        return (
            f"diff.structural({getattr(a, 'id', a)!r}, {getattr(b, 'id', b)!r}, {declared!r})",
            lambda: diff.structural(a, b, declared),
        )  # type: ignore[arg-type]
    return f"diff.behaviour({getattr(a, 'id', a)!r}, {getattr(b, 'id', b)!r}, {cases!r})", lambda: diff.behaviour(
        a, b, cases
    )


CALLS: dict[str, Callable[[random.Random], tuple[str, Callable[[], Any]]]] = {
    "award": _award,
    "yaku": _yaku,
    "pile": _pile,
    "tables": _tables,
    "score": _score,
    "evaluate": _evaluate,
    "tiles": _tiles,
    "referee": _referee,
    "table": _table,
    "load": _load,
    "diff": _diff,
    "replay": _replay,
    "game": _game,
}
#: How often each kind of call is drawn (diff and tables are slow; they are drawn less).
WEIGHTS = {
    "award": 10,
    "yaku": 10,
    "tables": 1,
    "score": 15,
    "evaluate": 15,
    "tiles": 8,
    "referee": 6,
    "table": 4,
    "load": 3,
    "diff": 1,
    "replay": 2,
    "game": 8,
}


def random_call(rng: random.Random) -> tuple[str, str, Callable[[], Any]]:
    """(kind, description, thunk) of one arbitrary API call."""
    kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
    text, thunk = CALLS[kind](rng)
    return kind, text, thunk


def all_kinds() -> list[str]:
    return list(itertools.chain(CALLS))
