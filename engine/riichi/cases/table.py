"""The standard table situations ``diff`` compares between two Riichi rule sets: settlements of
one hand (several rons with sticks and honba, noten payments, nagashi, pao, abortive draws,
chombo), the end of a game, final standings (ties, floating uma) and the tiles a rule set
counts (red fives, kokushi robbing a closed kan); for a table of four and for one of three.
A situation of a table a rule set does not seat cannot arise under it (``diff`` leaves it out)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ... import diff
from ..._core.results import Built
from ..kinds import AbortiveDraw
from ..present.explain import step_lines
from ..rules.compiled import rules_of
from ..rules.table import ABORTIVE, FOUR_PLAYER_ABORTIVE
from ..scoring.hand import evaluate
from ..settlement.settle import settle
from ..settlement.standings import standings
from ..settlement.state import State, new_game
from .absent import hand_absent, seats_absent

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: South 2 (seat 1 deals), one honba and one riichi stick on the table, everyone at 30,000.
_MIDGAME = State(scores=(30000, 30000, 30000, 30000), dealer=1, round_wind="south", hand=2, honba=1, sticks=1)
#: South 4 (seat 3 deals, leading), nobody else near.
_ALL_LAST = State(scores=(24000, 27000, 29000, 40000), dealer=3, round_wind="south", hand=4)
_MANGAN = {"han": 5, "fu": 30}
#: Three players: South 2 (seat 1 deals), one honba and one riichi stick, everyone at 35,000.
_MIDGAME_3 = State(scores=(35000, 35000, 35000), dealer=1, round_wind="south", hand=2, honba=1, sticks=1)
#: South 3 (seat 2 deals, leading with 45,000), nobody else near.
_ALL_LAST_3 = State(scores=(28000, 32000, 45000), dealer=2, round_wind="south", hand=3)


def _settled(
    outcome: Mapping[str, Any], focus: int, riichi: Sequence[int] = (), state: State = _MIDGAME
) -> Callable[[RuleSet], diff.Outcome]:
    def run(rs: RuleSet) -> diff.Outcome:
        absent = seats_absent(rs, len(state.scores))
        if absent is not None:
            return diff.Outcome.cannot_arise(absent)
        result = settle(rs, state, outcome, riichi)
        after = result.state
        where = f"game ends ({after.end_reason})" if after.ended else f"next {after.round_wind} {after.hand}"
        summary = f"transfers {list(result.transfers)}; {where}, {after.honba} honba, {after.sticks} stick(s)"
        return diff.Outcome(result.transfers[focus], summary, Built(step_lines, result))

    return run


def _standing(offsets: tuple[int, ...], sticks: int = 0) -> Callable[[RuleSet], diff.Outcome]:
    """Final standings whose scores are the rule set's start plus ``offsets``, with ``sticks``
    riichi sticks left on the table: the offsets sum to the sticks' 1,000 points each (the last
    seat balances a rule set whose stick is worth another), so the scores and the deposits add
    up to what the players started with. The value is seat 0's points (first place's)."""
    last = len(offsets) - 1
    state = State(scores=offsets, dealer=last, round_wind="south", hand=last + 1, sticks=sticks)

    def run(rs: RuleSet) -> diff.Outcome:
        absent = seats_absent(rs, len(offsets))
        if absent is not None:
            return diff.Outcome.cannot_arise(absent)
        start = new_game(rs).scores[0]
        scores = [start + offset for offset in offsets]
        scores[last] += (1000 - rules_of(rs).riichi_stick) * sticks
        result = standings(rs, state.replace(scores=tuple(scores)))
        by_seat = sorted(result, key=lambda s: s.seat)
        summary = ", ".join(f"seat {s.seat}: {s.place}. {s.points:+.1f}" for s in by_seat)
        return diff.Outcome(
            by_seat[0].points,
            summary,
            Built(lambda: [f"seat {s.seat}: {st.label} {st.factor}" for s in result for st in s.steps]),
        )

    return run


def _final(offsets: tuple[int, ...], sticks: int = 0, note: str = "", table: str = "") -> diff.Situation:
    """A final standings situation, read as the scores against the start (``start +17,000 /
    +6,000 / -2,000 / -21,000``) with the sticks left and ``note`` (``table``: its prefix)."""
    assert sum(offsets) == -1000 * sticks  # the scores and the deposits add up to the start's
    scores = " / ".join(f"{offset:+,}" if offset else "0" for offset in offsets)
    left = {0: "", 1: " with one stick left"}.get(sticks, f" with {sticks} sticks left")
    return "standings", f"{table}final start {scores}{left}{note}", _standing(offsets, sticks)


def _hand(hand: str, **kwargs: Any) -> Callable[[RuleSet], diff.Outcome]:
    def run(rs: RuleSet) -> diff.Outcome:
        absent = hand_absent(rs, {"hand": hand, **kwargs})
        if absent is not None:
            return diff.Outcome.cannot_arise(absent)
        result = evaluate(rs, hand, **kwargs)
        return diff.Outcome(
            result.total,
            f"{result.han} han {result.fu} fu, red fives {result.red}; total {result.total}"
            if result.han is not None
            else f"{result.yakuman}x yakuman; total {result.total}",
            Built(step_lines, result),
        )

    return run


def _start(players: int) -> Callable[[RuleSet], diff.Outcome]:
    def run(rs: RuleSet) -> diff.Outcome:
        absent = seats_absent(rs, players)
        if absent is not None:
            return diff.Outcome.cannot_arise(absent)
        state = new_game(rs)
        return diff.Outcome(state.scores[0], f"each player starts with {state.scores[0]:,}")

    return run


def win(seat: int, **hand: Any) -> dict[str, Any]:
    """A win by ``seat`` (``han``/``fu``, or any form :func:`settle` takes)."""
    return {"seat": seat, **hand}


def table_situations(players: int = 4) -> Iterator[diff.Situation]:
    """Every standard table situation of a table of ``players`` (four or three): (group, how it
    reads, how to score it)."""
    if players == 3:
        yield from _three_player_situations()
        return
    yield "game start", "a new game of four players", _start(4)
    yield from _settlements()
    yield from _game_ends()
    yield from _final_standings()
    yield from _tiles()
    yield (
        "settle",
        "daisangen + tsuuiisou tsumo by seat 2, seat 3 liable (pao) for daisangen",
        _settled({"tsumo": {"seat": 2, "yakuman": ["daisangen", "tsuuiisou"], "open": True, "pao": 3}}, 3),
    )


def _settlements() -> Iterator[diff.Situation]:
    """Four players: one hand settled, each way a hand ends."""
    yield (
        "settle",
        "double ron off seat 0: seat 2 (3 han 30 fu), seat 3 (mangan, riichi); 1 honba, 1 stick",
        _settled({"ron": {"discarder": 0, "winners": [win(2, han=3, fu=30), win(3, **_MANGAN)]}}, 3, (3,)),
    )
    yield (
        "settle",
        "triple ron off seat 0: seats 1, 2, 3 each 1 han 30 fu",
        _settled({"ron": {"discarder": 0, "winners": [win(s, han=1, fu=30) for s in (1, 2, 3)]}}, 0),
    )
    for tenpai in ((2,), (1, 2), (1, 2, 3)):
        yield (
            "settle",
            f"exhaustive draw, {len(tenpai)} tenpai (seats {', '.join(map(str, tenpai))})",
            _settled({"draw": {"tenpai": list(tenpai)}}, 0),
        )
    yield "settle", "nagashi mangan by seat 2 (non-dealer)", _settled({"draw": {"tenpai": [], "nagashi": [2]}}, 2)
    yield (
        "settle",
        "daisangen tsumo by seat 2, seat 3 liable (pao)",
        _settled({"tsumo": {"seat": 2, "yakuman": ["daisangen"], "open": True, "pao": 3}}, 3),
    )
    yield (
        "settle",
        "daisangen ron by seat 2 off seat 0, seat 3 liable (pao)",
        _settled(
            {"ron": {"discarder": 0, "winners": [{"seat": 2, "yakuman": ["daisangen"], "open": True, "pao": 3}]}}, 3
        ),
    )
    for kind in ABORTIVE:
        if kind != "triple_ron":
            needed = AbortiveDraw(kind).riichi_needed
            riichi = tuple(range(needed)) if needed else ()
            yield "settle", f"abortive draw: {kind.replace('_', ' ')}", _settled({"abort": kind}, 1, riichi)
    yield "settle", "chombo by seat 0", _settled({"chombo": 0}, 0)
    poor = _MIDGAME.replace(scores=(500, 39500, 40000, 40000))
    yield (
        "settle",
        "riichi by seat 0 with 500 points, then a draw with seat 0 tenpai",
        _settled({"draw": {"tenpai": [0]}}, 0, (0,), poor),
    )


def _game_ends() -> Iterator[diff.Situation]:
    """Four players: the last hand won or drawn by a leading dealer, nobody at the target, a bankruptcy."""
    yield (
        "game end",
        "South 4: the leading dealer (seat 3) wins 2 han 30 fu off seat 0",
        _settled({"ron": {"discarder": 0, "winners": [win(3, han=2, fu=30)]}}, 3, (), _ALL_LAST),
    )
    yield (
        "game end",
        "South 4: the dealer (seat 3) is tenpai alone at the draw, leading",
        _settled({"draw": {"tenpai": [3]}}, 3, (), _ALL_LAST),
    )
    low = _ALL_LAST.replace(scores=(20000, 25000, 27000, 28000))
    yield (
        "game end",
        "South 4 with nobody at 30,000: seat 0 wins 1 han 30 fu off seat 1",
        _settled({"ron": {"discarder": 1, "winners": [win(0, han=1, fu=30)]}}, 0, (), low),
    )
    broke = _MIDGAME.replace(scores=(3000, 37000, 40000, 40000))
    yield (
        "game end",
        "seat 0 at 3,000 deals into a mangan by seat 2",
        _settled({"ron": {"discarder": 0, "winners": [win(2, **_MANGAN)]}}, 0, (), broke),
    )


def _final_standings() -> Iterator[diff.Situation]:
    """Four players: final standings (seat 0 first, seat 3 last), one stick left, floating uma
    where a return of 30,000 above a 25,000 start leaves one, two or three players above it."""
    yield _final((17000, 6000, -2000, -21000))
    yield _final((10000, 10000, -10000, -11000), 1)
    yield _final((20000, 4000, -4000, -20000), 0, " (one player 5,000 above the start)")
    yield _final((13000, 7000, -8000, -12000), 0, " (two 5,000 above the start)")
    yield _final((8000, 6000, 5000, -19000), 0, " (three 5,000 above the start or more)")
    yield _final((17300, 5800, -2600, -20500), 0, " (hundreds to round)")


def _tiles() -> Iterator[diff.Situation]:
    """Four players: red fives, kokushi robbing a closed kan, kan dora and ura."""
    for hand, suit in (("234m406p789s11z345s", "p"), ("406m234p789s11z345s", "m"), ("234m456p789s11z340s", "s")):
        yield _red_five(hand, suit)
    yield (
        "tiles",
        "kokushi 19m19p19s123457z + 6z robbing a closed kan of 6z",
        _hand("19m19p19s1234577z6z", win="6z", chankan=True, chankan_closed_kan=True, seat_wind="south"),
    )
    yield (
        "tiles",
        _KAN_DORA_TEXT,
        _hand("234m456p789s11z", win="9s", melds=[("ankan", "5555z")], seat_wind="south", **_KAN_DORA),
    )


def _red_five(hand: str, suit: str, table: str = "") -> diff.Situation:
    """A riichi hand won on 3s that holds one red five of ``suit``."""
    text = f"{table}{hand}, win 3s, riichi (a red 5{suit})"
    return "tiles", text, _hand(hand, win="3s", riichi=True, seat_wind="south")


#: A riichi hand with a closed kan, its dora indicators and ura indicators (two of each): what the
#: rule set reveals of them (ura dora, kan dora, kan ura) moves its value.
_KAN_DORA = {"riichi": True, "dora_indicators": ["1m", "3p"], "ura_indicators": ["5s", "7p"]}
_KAN_DORA_TEXT = "riichi with a closed kan of 5z: 234m456p789s11z, win 9s; dora 1m 3p, ura 5s 7p"


def _three_player_situations() -> Iterator[diff.Situation]:
    """The table situations of a game of three: no seat 3, no north, no four-player abortive draw."""
    yield from _three_player_settlements()
    yield from _three_player_ends()
    yield from _three_player_tiles()


def _three_player_settlements() -> Iterator[diff.Situation]:
    """Three players: a new game, one hand settled each way it ends."""
    yield "game start", "three players: a new game", _start(3)
    yield (
        "settle",
        "three players: double ron off seat 0: seat 1 (3 han 30 fu), seat 2 (mangan, riichi); 1 honba, 1 stick",
        _settled({"ron": {"discarder": 0, "winners": [win(1, han=3, fu=30), win(2, **_MANGAN)]}}, 2, (2,), _MIDGAME_3),
    )
    for seat, who in ((2, "non-dealer"), (1, "dealer")):
        yield (
            "settle",
            f"three players: mangan tsumo by seat {seat} ({who}); 1 honba, 1 stick",
            _settled({"tsumo": win(seat, **_MANGAN)}, seat, (), _MIDGAME_3),
        )
    yield (
        "settle",
        "three players: seat 2 tsumo with 3 kita: 999m406p789s11z345s, win 3s, riichi, west indicator",
        _settled(
            {"tsumo": {"seat": 2, "hand": "999m406p789s11z345s", "win": "3s", "kita": 3, "dora_indicators": ["3z"]}},
            2,
            (2,),
            _MIDGAME_3,
        ),
    )
    for tenpai in ((2,), (1, 2)):
        yield (
            "settle",
            f"three players: exhaustive draw, {len(tenpai)} tenpai (seats {', '.join(map(str, tenpai))})",
            _settled({"draw": {"tenpai": list(tenpai)}}, 0, (), _MIDGAME_3),
        )
    yield (
        "settle",
        "three players: nagashi mangan by seat 2 (non-dealer)",
        _settled({"draw": {"tenpai": [], "nagashi": [2]}}, 2, (), _MIDGAME_3),
    )
    yield (
        "settle",
        "three players: daisangen tsumo by seat 2, seat 0 liable (pao)",
        _settled({"tsumo": {"seat": 2, "yakuman": ["daisangen"], "open": True, "pao": 0}}, 0, (), _MIDGAME_3),
    )
    yield (
        "settle",
        "three players: daisangen ron by seat 2 off seat 1, seat 0 liable (pao)",
        _settled(
            {"ron": {"discarder": 1, "winners": [{"seat": 2, "yakuman": ["daisangen"], "open": True, "pao": 0}]}},
            0,
            (),
            _MIDGAME_3,
        ),
    )
    for kind in ABORTIVE:
        if kind not in FOUR_PLAYER_ABORTIVE:
            yield (
                "settle",
                f"three players: abortive draw: {kind.replace('_', ' ')}",
                _settled({"abort": kind}, 1, (), _MIDGAME_3),
            )
    yield "settle", "three players: chombo by seat 0", _settled({"chombo": 0}, 0, (), _MIDGAME_3)


def _three_player_ends() -> Iterator[diff.Situation]:
    """Three players: the end of a game, the final standings."""
    yield (
        "game end",
        "three players: South 3: the leading dealer (seat 2) wins 2 han 30 fu off seat 0",
        _settled({"ron": {"discarder": 0, "winners": [win(2, han=2, fu=30)]}}, 2, (), _ALL_LAST_3),
    )
    yield (
        "game end",
        "three players: South 3 with nobody at 40,000: seat 0 wins 1 han 30 fu off seat 1",
        _settled(
            {"ron": {"discarder": 1, "winners": [win(0, han=1, fu=30)]}},
            0,
            (),
            _ALL_LAST_3.replace(scores=(33000, 34000, 38000)),
        ),
    )
    yield (
        "game end",
        "three players: seat 0 at 3,000 deals into a mangan by seat 2",
        _settled(
            {"ron": {"discarder": 0, "winners": [win(2, **_MANGAN)]}},
            0,
            (),
            _MIDGAME_3.replace(scores=(3000, 51000, 51000)),
        ),
    )
    three = "three players: "
    yield _final((15000, 0, -15000), 0, "", three)
    yield _final((5000, 5000, -11000), 1, "", three)
    yield _final((10000, -4000, -6000), 0, " (one player 5,000 above the start or more)", three)
    yield _final((3000, 1000, -4000), 0, " (two above the start)", three)


def _three_player_tiles() -> Iterator[diff.Situation]:
    """Three players: red fives, kita, kan dora and ura, kokushi robbing a closed kan."""
    for hand, suit in (("999m406p789s11z345s", "p"), ("999m456p789s11z340s", "s")):
        yield _red_five(hand, suit, "three players: ")
    yield (
        "tiles",
        "three players: 999m406p789s11z345s, win 3s, riichi, tsumo, 2 kita, west indicator",
        _hand(
            "999m406p789s11z345s", win="3s", riichi=True, tsumo=True, seat_wind="south", kita=2, dora_indicators=["3z"]
        ),
    )
    yield (
        "tiles",
        "three players: " + _KAN_DORA_TEXT.replace("234m", "999m"),
        _hand("999m456p789s11z", win="9s", melds=[("ankan", "5555z")], seat_wind="south", **_KAN_DORA),
    )
    yield (
        "tiles",
        "three players: kokushi 19m19p19s123457z + 6z robbing a closed kan of 6z",
        _hand("19m19p19s1234577z6z", win="6z", chankan=True, chankan_closed_kan=True, seat_wind="south"),
    )
