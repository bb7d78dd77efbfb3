"""How people play Riichi under ``tenhou``: the published statistics of Tenhou's highest room,
the figures a study's bots are measured against (:mod:`yakuset._core.realism`).

The sample is every hanchan of 2016 in Tenhou's houou room (four players, red fives, open
tanyao), 159,798 hanchan and 1,710,645 hands, counted from Tenhou's own logs (kobalab's
"天鳳統計(1)"). Its rates are per seat and hand, as a study's are; a double ron counts two wins
and one deal-in; a win's value is the hand's own (``hand_value``: without honba or riichi
sticks). A 2018 sample of 1,849,142 houou hands gives 16.1% exhaustive draws, a point from 2016's.
The goals are issue 44's: two percentage points for a rate, ten per cent for the value.
"""

from __future__ import annotations

from ..._core.realism import Observed, RealPlay

REAL_PLAY = RealPlay(
    ruleset="tenhou",
    who="Tenhou's houou room, 2016: 159,798 hanchan, 1,710,645 hands",
    source="docs/validation.md#real-play; blog.kobalab.net/entry/20180113/1515776231",
    figures=(
        Observed("win_rate", "win", 0.211, 0.02),
        Observed("deal_in_rate", "deal-in", 0.125, 0.02),
        Observed("riichi_rate", "riichi", 0.170, 0.02),
        Observed("call_rate", "call", 0.344, 0.02),
        Observed("exhaustive_draws", "exhaustive draw", 0.162, 0.02),
        Observed("hand_value", "a win's value", 5647, 0.10, relative=True),
    ),
)
