"""Writing a game record as mjai JSON lines and as tenhou.net/6 JSON, and reading it back: every
log of tests/data/logs/ (issue 27, "Round trip of every fixture through both writers").

A record read from a format and written in it again reads back the same record. A record read
from another format reads back the same game as far as the written format carries it
(docs/rules/tenhou-logs.md §8): the same tiles by kind (a log that names tiles by kind gives
each its own copy), the same events, results and deltas; tenhou.net/6 also the players, the
lobby, each winner's han, fu below the limits, points, yaku and liability, and the final points.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from yakuset import InputError
from yakuset.riichi import GameLog, read_log, write_mjai, write_tenhou6

from ...helpers import LOGS as DATA, game_log

FAULTY = {"confusing_nakis_1.json", "confusing_nakis_2.json", "confusing_nakis_7.json"}
LOGS = sorted(
    path
    for pattern in ("tenhou-mjlog/*.mjlog", "tenhou6/*.json", "mjai/*.jsonl")
    for path in DATA.glob(pattern)
    if path.name not in FAULTY
)
WRITERS = {"mjai": write_mjai, "tenhou6": write_tenhou6}
ORIGIN = {".mjlog": "tenhou-xml", ".json": "tenhou6", ".jsonl": "mjai"}


def tile(value: int) -> tuple[int, bool]:
    """A tile by kind, and whether it is red (the logs' games have one red five a suit)."""
    kind = value >> 2
    return kind, kind < 27 and kind % 9 == 4 and value & 3 == 0


def view(record: GameLog, written: str) -> Any:
    """What a format carries of a game, tiles by kind."""
    hands = []
    for hand in record.hands:
        events = [
            {
                key: tile(value)
                if key in ("tile", "indicator")
                else sorted(map(tile, value))
                if key == "tiles"
                else value
                for key, value in e.as_dict().items()
            }
            for e in hand.events
        ]
        result = hand.result
        outcome = None
        if result is not None:
            wins = []
            for win in result.wins:
                carried: tuple[Any, ...] = (win.seat, win.discarder, win.deltas, [tile(t) for t in win.ura])
                if written == "tenhou6":
                    fu = win.fu if win.limit is None else None
                    carried += (fu, win.han, win.points, win.limit, win.yaku, win.yakuman, win.pao)
                wins.append(carried)
            tenpai = result.tenpai if written == "mjai" or result.kind == "draw" else ()
            outcome = (result.kind, wins, tenpai, result.deltas)
        dealt = [sorted(map(tile, tiles)) for tiles in hand.dealt]
        hands.append(
            (hand.round, hand.dealer, hand.honba, hand.sticks, hand.scores, dealt, tile(hand.dora), events, outcome)
        )
    head: tuple[Any, ...] = (record.players,)
    if written == "tenhou6":
        lobby = None if record.lobby is None else record.lobby._replace(type=None)
        head += (lobby, record.ruleset, record.final, record.final_points)
    return head, hands


#: The quick run round-trips every fourth tenhou.net XML log (19 of the 77) and every log of the
#: other formats; the whole run every log.
SAMPLED = [
    pytest.param(path, id=path.name, marks=pytest.mark.slow if path.suffix == ".mjlog" and n % 4 else ())
    for n, path in enumerate(LOGS)
]


@pytest.mark.parametrize("written", sorted(WRITERS))
@pytest.mark.parametrize("path", SAMPLED)
def test_every_log_round_trips_through_both_writers(path: Path, written: str) -> None:
    record = game_log(path)
    again = read_log(WRITERS[written](record))
    if ORIGIN[path.suffix] == written:
        assert again == record
    assert view(again, written) == view(record, written)
    assert read_log(WRITERS[written](again)) == again


def test_a_written_tenhou6_log_says_what_tenhou_wrote() -> None:
    """The ranked game's first hand, written from the record, is the file's own hand."""
    import json

    path = DATA / "tenhou6" / "ranked_game.json"
    original = json.loads(path.read_text(encoding="utf-8"))
    written = json.loads(write_tenhou6(game_log(path)))
    assert written["log"] == original["log"]
    assert written["name"] == original["name"] and written["sc"] == original["sc"]


def test_a_written_mjai_log_says_what_the_mjai_log_said() -> None:
    """Line for line, but for the reach_accepted's placement, the ryukyoku's tenpai and the
    order of a dealt hand (the record keeps it sorted)."""
    import json

    original = [json.loads(line) for line in MJAI_TEXT().splitlines()]
    written = [json.loads(line) for line in write_mjai(game_log(DATA / "mjai" / "126_204_0_mjai.jsonl")).splitlines()]
    for message in written:
        message.pop("tenpai", None)
    original[0].pop("seed", None)
    for message in original + written:
        if message["type"] == "start_kyoku":
            message["tehais"] = [sorted(tiles) for tiles in message["tehais"]]
    assert [m for m in written if m["type"] != "reach_accepted"] == [
        m for m in original if m["type"] != "reach_accepted"
    ]
    assert sum(m["type"] == "reach_accepted" for m in written) == sum(m["type"] == "reach_accepted" for m in original)


def MJAI_TEXT() -> str:
    return (DATA / "mjai" / "126_204_0_mjai.jsonl").read_text(encoding="utf-8")


def test_a_game_without_red_fives_is_not_written_as_mjai() -> None:
    record = game_log(DATA / "tenhou-mjlog" / "first-example.mjlog")
    assert record.lobby is not None
    plain = record._replace(lobby=record.lobby._replace(red_fives=False))
    with pytest.raises(InputError, match="no red fives"):
        write_mjai(plain)
    with pytest.raises(InputError, match=r"game must be a yakuset\.riichi\.GameLog"):
        write_tenhou6({"log": []})


def test_tenhou6_refuses_a_draw_tenhou_has_no_name_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # A house rule's abortive draw stands in as four winds with its name taken away.
    from yakuset.riichi.kinds import ResultKind
    from yakuset.riichi.logs import tenhou6_write

    record = read_log(DATA / "tenhou-mjlog" / "encdec-four-winds-no-winner.mjlog")
    assert any(hand.result is not None and hand.result.kind == ResultKind.FOUR_WINDS for hand in record.hands)
    names = {kind: name for kind, name in tenhou6_write._DRAW_NAME.items() if kind != ResultKind.FOUR_WINDS}
    monkeypatch.setattr(tenhou6_write, "_DRAW_NAME", names)
    with pytest.raises(
        InputError, match=r"tenhou\.net/6 has no name for a hand ended by four_winds; write the game as mjai"
    ):
        write_tenhou6(record)
