"""Each log format names the kinds it has, its maps keyed by (or valued with) the kinds of
yakuset.riichi.kinds: mjai every draw by its word, Tenhou's formats the draws Tenhou has
(docs/rules/tenhou-logs.md §2), so that a house rule's new abortive draw is no name to add there
(the tenhou.net/6 writer refuses a game with one)."""

from __future__ import annotations

from yakuset.riichi.kinds import AbortiveDraw, ResultKind
from yakuset.riichi.logs import mjai, mjai_dialects, tenhou, tenhou6, tenhou6_write
from yakuset.riichi.table.events import CALL_EVENTS

#: The draws a log's result may be (every kind of result but a win).
DRAWS = {kind for kind in ResultKind if kind not in (ResultKind.RON, ResultKind.TSUMO)}
#: The draws a log writes apart from the exhaustive draw: every abortive draw and nagashi.
NAMED_DRAWS = DRAWS - {ResultKind.DRAW}
#: The draws Tenhou's logs name (RYUUKYOKU's type: yao9, kaze4, reach4, kan4, ron3, nm).
TENHOU_DRAWS = {
    ResultKind.NINE_TERMINALS,
    ResultKind.FOUR_WINDS,
    ResultKind.FOUR_RIICHI,
    ResultKind.FOUR_KANS,
    ResultKind.TRIPLE_RON,
    ResultKind.NAGASHI,
}


def test_a_logged_result_is_a_win_a_draw_with_or_without_nagashi_or_an_abortive_draw():
    assert set(ResultKind) == {"ron", "tsumo", "draw", "nagashi", *AbortiveDraw}
    assert {kind.abortive for kind in ResultKind} - {None} == set(AbortiveDraw)


def test_tenhou_xml_names_every_draw_tenhou_has():
    assert set(tenhou.DRAW_TYPES.values()) == TENHOU_DRAWS
    assert all(type(kind) is ResultKind for kind in tenhou.DRAW_TYPES.values())


def test_tenhou6_names_every_draw_tenhou_has_and_writes_each_by_one_name():
    assert set(tenhou6.DRAW_NAMES.values()) == TENHOU_DRAWS | {ResultKind.DRAW}
    assert set(tenhou6_write._DRAW_NAME) == TENHOU_DRAWS
    assert all(tenhou6.DRAW_NAMES[name] is kind for kind, name in tenhou6_write._DRAW_NAME.items())


def test_mjai_reasons_are_every_abortive_draw_and_nagashi_by_their_words():
    """The writer names every abortive draw and nagashi in the protocol's word, which reads back
    as the same draw; the reader also takes our own words of 0.2.0 and the exhaustive draw's."""
    assert set(mjai_dialects.WRITTEN_REASONS) == NAMED_DRAWS
    assert all(mjai_dialects.REASONS[word] is kind for kind, word in mjai_dialects.WRITTEN_REASONS.items())
    assert all(mjai_dialects.REASONS[kind.value] is kind for kind in NAMED_DRAWS)
    assert set(mjai_dialects.REASONS.values()) == NAMED_DRAWS | {ResultKind.DRAW}


def test_each_writer_names_every_call_of_a_discard_the_reader_reads():
    calls = set(CALL_EVENTS)
    assert {kind for kind, _ in tenhou6.CALL_LETTERS.values()} == calls
    assert set(mjai.CALL_TYPES.values()) == calls
    assert {mjai.CALL_TYPES[name] for name in mjai._CALL_TYPE.values()} == calls
