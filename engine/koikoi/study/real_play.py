"""What people do at koikoi-japan: the rates of KoiKoi-AI's human game records, the figures a
Koi-Koi study's bots are measured against (``yakuset._core.realism``).

KoiKoi-AI (github.com/guansanghai/KoiKoi-AI, MIT) ships 201 records of people's matches of 8
rounds under Koi-Koi Japan's rules (200 finished, one cut short; May 2020, all 200 between the
players its records name Guan-1 and Guan-2): 1,579 finished rounds. Few players, so the figures
speak for them, not for every table. Each
record is replayed at the table under koikoi-japan (every move legal, every round's points as
recorded) and counted into a study's tally (``yakuset.koikoi.recorded_tally``), so each figure
is the one ``yakuset.koikoi.summary`` gives a simulated study, by the same definitions::

    python bench/koikoi_human_rates.py          # the KoiKoi-AI repository as $YAKUSET_KOIKOI_AI

prints them (2026-12-07) with their 95% intervals (docs/validation.md quotes them). The goals:
3 percentage points for a share, 10% for a mean (issue 44).
"""

from __future__ import annotations

from ..._core.realism import Observed, RealPlay

#: People's play at koikoi-japan, from KoiKoi-AI's 201 human game records.
REAL_PLAY = RealPlay(
    ruleset="koikoi-japan",
    who="KoiKoi-AI's human game records, 2020: 201 matches of 8 rounds (1,579 rounds) between two players",
    source="docs/validation.md (Koi-Koi bots against people); github.com/guansanghai/KoiKoi-AI gamerecords_dataset/",
    figures=(
        Observed("dealer_wins_round", "dealer wins a round", 0.5361, 0.03),
        Observed("draws", "rounds nobody wins", 0.0348, 0.03),
        Observed("koikoi_call_rate", "Koi-Koi called when offered", 0.2856, 0.03),
        Observed("koikoi_calls_per_round", "Koi-Koi calls per round", 0.3198, 0.10, relative=True),
        Observed("koikoi_success_rate", "caller then wins the round", 0.7089, 0.03),
        Observed("points_per_round", "points per round", 3.3091, 0.10, relative=True),
    ),
)
