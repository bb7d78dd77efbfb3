"""Riichi's kinds, each list stated once: the winds, a move's kind, how a hand ends, the abortive
draws, what a settlement settles, how a logged hand ended and why a game ends.

Each is a :class:`enum.StrEnum`, so a member is the plain word everywhere a word was taken
(``MoveKind.DISCARD == "discard"``): rule files, the JSON of the command line and the API, and
the logs keep their words. The rule-set schema's lists of the same words are checked against
these (tests/riichi/test_kinds.py).
"""

from __future__ import annotations

from enum import StrEnum


class Wind(StrEnum):
    """The winds in play order (east 0 ... north 3: :attr:`place`)."""

    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTH = "north"

    @property
    def place(self) -> int:
        """East 0, south 1, west 2, north 3."""
        return tuple(Wind).index(self)


class MoveKind(StrEnum):
    """The kinds of a table's moves, in the order ``Table.legal_moves`` lists them."""

    TSUMO = "tsumo"
    RON = "ron"
    NINE_TERMINALS = "nine_terminals"
    CLOSED_KAN = "closed_kan"
    ADDED_KAN = "added_kan"
    KITA = "kita"
    OPEN_KAN = "open_kan"
    PON = "pon"
    CHI = "chi"
    RIICHI = "riichi"
    DISCARD = "discard"
    PASS = "pass"


class AbortiveDraw(StrEnum):
    """The abortive draws a rule set may have (``draws.abortive``)."""

    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"
    TRIPLE_RON = "triple_ron"

    @property
    def needs_four_players(self) -> bool:
        """Four winds, four riichi and three rons on one discard need a fourth player."""
        return self in (AbortiveDraw.FOUR_WINDS, AbortiveDraw.FOUR_RIICHI, AbortiveDraw.TRIPLE_RON)

    @property
    def riichi_needed(self) -> int | None:
        """How many seats' riichi make this draw (four riichi: 4), ``None`` for a draw riichi
        does not make."""
        return 4 if self is AbortiveDraw.FOUR_RIICHI else None


class Ending(StrEnum):
    """How a hand at the table ended: a win, the exhaustive draw, or one of the abortive draws."""

    RON = "ron"
    TSUMO = "tsumo"
    EXHAUSTIVE_DRAW = "exhaustive_draw"
    NINE_TERMINALS = AbortiveDraw.NINE_TERMINALS.value
    FOUR_WINDS = AbortiveDraw.FOUR_WINDS.value
    FOUR_RIICHI = AbortiveDraw.FOUR_RIICHI.value
    FOUR_KANS = AbortiveDraw.FOUR_KANS.value
    TRIPLE_RON = AbortiveDraw.TRIPLE_RON.value


class Outcome(StrEnum):
    """What :func:`yakuset.riichi.settle` settles: one of these is the key of its ``outcome``."""

    RON = "ron"
    TSUMO = "tsumo"
    DRAW = "draw"
    ABORT = "abort"
    CHOMBO = "chombo"


class ResultKind(StrEnum):
    """How a logged hand ended (``LogResult.kind``): a win, the exhaustive draw (``nagashi``: one
    where a nagashi mangan was paid) or one of the abortive draws. Its ``repr`` is its word, as
    a record's ``repr`` always showed it."""

    RON = Outcome.RON.value
    TSUMO = Outcome.TSUMO.value
    DRAW = Outcome.DRAW.value
    NAGASHI = "nagashi"
    NINE_TERMINALS = AbortiveDraw.NINE_TERMINALS.value
    FOUR_WINDS = AbortiveDraw.FOUR_WINDS.value
    FOUR_RIICHI = AbortiveDraw.FOUR_RIICHI.value
    FOUR_KANS = AbortiveDraw.FOUR_KANS.value
    TRIPLE_RON = AbortiveDraw.TRIPLE_RON.value

    @property
    def abortive(self) -> AbortiveDraw | None:
        """The abortive draw this is, or ``None``."""
        return _ABORTIVE.get(self.value)

    def __repr__(self) -> str:
        return str.__repr__(self)


class EndReason(StrEnum):
    """Why a game ended (``State.end_reason``)."""

    BANKRUPTCY = "bankruptcy"
    AGARI_YAME = "agari_yame"
    TENPAI_YAME = "tenpai_yame"
    LAST_HAND = "last_hand"
    TARGET_REACHED = "target_reached"
    EXTENSION_END = "extension_end"


_ABORTIVE = {draw.value: draw for draw in AbortiveDraw}
