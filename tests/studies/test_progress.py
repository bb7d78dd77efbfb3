"""The studies' progress line: what is done of how many, per rule set, the rate, the time left."""

from __future__ import annotations

import io

from yakuset import _studies


def test_a_riichi_study_says_games_per_rule_set_its_rate_and_the_time_left():
    progress = _studies.Progress("games", 400)
    # 296 of 800 in 211.4 s: 1.4 a second, 504 left at that rate take 360 s.
    assert progress.line(296, 800, 211.4) == (
        "[###########...................] 296/800 games (400 for each of 2 rule sets), 1.4/s, 6 min left"
    )


def test_a_quick_study_rounds_its_rate_and_says_seconds_left():
    progress = _studies.Progress("matches", 1000)
    assert progress.line(500, 1000, 2.0).endswith("500/1,000 matches, 250/s, 2 s left")


def test_the_time_left_grows_to_hours_and_the_line_ends_when_all_are_done():
    progress = _studies.Progress("games", 5000)
    # 10 of 10,000 in 36 s: 9,990 left at 0.28 a second take 35,964 s, 9 h 59 min.
    assert progress.line(10, 10000, 36.0).endswith(
        "10/10,000 games (5,000 for each of 2 rule sets), 0.3/s, 9 h 59 min left"
    )
    stream = io.StringIO()
    _studies.Progress("games", 5000, stream)(10000, 10000)
    assert stream.getvalue().startswith("\r[" + "#" * 30 + "] 10,000/10,000 games")
    assert stream.getvalue().endswith("/s\n")
