"""The words mjai's dialects use for the same things, read as one (docs/rules/tenhou-logs.md §6).

mjai began as gimite's protocol (a Ruby game server, 2012); the engines of the field each speak
it with their own words: riichienv writes its draws as ``exhaustive_draw``, ``kyushu_kyuhai``
..., a set-aside north as ``kita``, and no ``names``; Mortal, mjai.app and mjai-reviewer write
``ura_markers`` where the protocol said ``uradora_markers`` and leave a draw's reason out. The
reader takes every word below; the writer writes the protocol's (:data:`WRITTEN_REASONS`).
"""

from __future__ import annotations

from ..kinds import ResultKind

#: Every ``ryukyoku`` reason read, by dialect, as the way the hand ended. No reason at all is an
#: exhaustive draw (Mortal and mjai-reviewer write none).
REASONS: dict[str, ResultKind] = {
    # gimite's protocol (lib/mjai/active_game.rb, tenhou_archive.rb)
    "fanpai": ResultKind.DRAW,
    "kyushukyuhai": ResultKind.NINE_TERMINALS,
    "sufonrenta": ResultKind.FOUR_WINDS,
    "suchareach": ResultKind.FOUR_RIICHI,
    "sukaikan": ResultKind.FOUR_KANS,
    "sanchaho": ResultKind.TRIPLE_RON,
    "nagashimangan": ResultKind.NAGASHI,
    # riichienv 0.4
    "exhaustive_draw": ResultKind.DRAW,
    "kyushu_kyuhai": ResultKind.NINE_TERMINALS,
    "sufuurenta": ResultKind.FOUR_WINDS,
    "suucha_riichi": ResultKind.FOUR_RIICHI,
    "suukansansen": ResultKind.FOUR_KANS,
    # yakuset's writer up to 0.2.0 (its own words)
    **{kind.value: kind for kind in ResultKind if kind.abortive is not None or kind is ResultKind.NAGASHI},
}

#: The reason the writer gives a draw, in the protocol's words (an exhaustive draw gets none).
WRITTEN_REASONS: dict[ResultKind, str] = {
    ResultKind.NINE_TERMINALS: "kyushukyuhai",
    ResultKind.FOUR_WINDS: "sufonrenta",
    ResultKind.FOUR_RIICHI: "suchareach",
    ResultKind.FOUR_KANS: "sukaikan",
    ResultKind.TRIPLE_RON: "sanchaho",
    ResultKind.NAGASHI: "nagashimangan",
}

#: Message types that are another dialect's name for one of ours.
MESSAGE_ALIASES: dict[str, str] = {"kita": "nukidora"}

#: The keys a ``hora`` may name its ura indicators by (Mortal's, then the protocol's).
URA_KEYS = ("ura_markers", "uradora_markers")
