"""The bounded memo every cache of the engine is made of (``yakuset._core.memo.Memo``)."""

from __future__ import annotations

from yakuset._core.memo import Memo


def test_a_full_memo_forgets_its_oldest_entries_first() -> None:
    memo: Memo[int, int] = Memo(3)
    for key in range(10):
        memo.put(key, key * 10)
        assert len(memo) <= 3
    assert dict(memo) == {7: 70, 8: 80, 9: 90}


def test_a_key_put_again_keeps_its_place_and_takes_one_entry() -> None:
    memo: Memo[str, int] = Memo(3)
    for key in "abcb":
        memo.put(key, ord(key))
    memo.put("b", 0)
    memo.put("d", 1)  # "a" is the oldest
    assert dict(memo) == {"b": 0, "c": ord("c"), "d": 1}
    memo.put("e", 2)  # then "b", put first before "c"
    assert list(memo) == ["c", "d", "e"]


def test_a_cleared_memo_starts_again_from_nothing() -> None:
    memo: Memo[int, int] = Memo(2)
    for key in range(5):
        memo.put(key, key)
    memo.clear()
    for key in (10, 11, 12):
        memo.put(key, key)
    assert dict(memo) == {11: 11, 12: 12}
