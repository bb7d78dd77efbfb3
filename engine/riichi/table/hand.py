"""The hand in play at a table (:class:`Hand`): its wall, each seat's record, whose decision it is
and what is offered, and what the table rules ask of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..kinds import AbortiveDraw, Ending
from ..tiles.notation import TERMINALS_AND_HONOURS, tile_name
from .moves import Move
from .seats import Seat
from .wall import Wall, tile_label

if TYPE_CHECKING:
    from typing import Any

    from ..._core.ruleset import RuleSet
    from ..rules.table import TableRules
    from ..scoring.hand import HandScore
    from ..settlement.outcomes import HandOutcome
    from ..settlement.state import State
    from .events import WinScored

#: The most kans a hand can have (five dora indicators: the first and one per kan).
MAX_KANS = 4

#: Whose decision it is: the seat whose ``turn`` it is (it drew, or it ``called`` a discard and
#: discards), the seats ``asking`` to answer an offer, nobody once the hand has ``ended``; the
#: game ``over``, or the table ``stopped`` (no wall).
TURN, CALLED, REACTION, ENDED = "turn", "called", "reaction", "ended"
OVER, STOPPED = "over", "stopped"


class Kuikae(NamedTuple):
    """The call a seat just made (its ``kind``, the tile ``called`` and its ``own`` tiles) and the
    tile kinds ``wins.kuikae`` forbids it to discard now (``forbidden``)."""

    kind: str
    called: int
    own: tuple[int, ...]
    forbidden: frozenset[int]


class HandEnding(NamedTuple):
    """How a hand ended, for the table to settle: the ``ending``, the typed ``outcome`` settlement
    takes, the wins scored already (``scored``, by seat) and what the hand's end event says of
    it (``wins``, ``discarder``, ``tenpai``, ``nagashi``; ``None`` where the ending has none)."""

    ending: Ending
    outcome: HandOutcome
    scored: dict[int, HandScore]
    wins: tuple[WinScored, ...] | None = None
    discarder: int | None = None
    tenpai: tuple[int, ...] | None = None
    nagashi: tuple[int, ...] | None = None


class Hand:
    """One hand at a table of ``rs``, dealt from ``wall`` in ``state``.

    What every seat holds is in ``seats`` (:class:`Seat`). The decision: in the ``phase``
    :data:`TURN`, the seat ``turn`` has drawn ``drawn``, a replacement tile if ``rinshan``; in
    :data:`CALLED`, it made the chi or pon ``kuikae`` names and discards (``drawn`` is
    ``None``); in :data:`REACTION`, the seats
    ``asking`` answer the ``offer`` (a tile) of seat ``discarder`` (``offer_kind``: its discard,
    kan or kita), with the ``ron`` and ``calls`` declared so far (the seats ``waiting`` on the
    tile are furiten if it passes them by). ``kans`` lists the seat of
    each kan, ``sticks`` the riichi sticks put down; ``interrupted`` once a call was made (the
    first go-around is over). ``scores`` remembers the wins scored for the decision.
    ``ending`` is set when the hand ends (:class:`HandEnding`); ``closing`` says why no seat
    moves once the game is over or the table stopped. ``plans`` keeps what each decision lists
    under the rule set (``Decision.listed``): the rule set's alone, so a table's hands share it."""

    __slots__ = (
        "rs",
        "rules",
        "state",
        "copies",
        "others",
        "wall",
        "seats",
        "kans",
        "sticks",
        "interrupted",
        "pending_riichi",
        "phase",
        "turn",
        "drawn",
        "rinshan",
        "kuikae",
        "discarder",
        "offer",
        "offer_kind",
        "asking",
        "waiting",
        "reactions",
        "ron",
        "calls",
        "scores",
        "ending",
        "closing",
        "plans",
    )

    def __init__(
        self,
        rs: RuleSet,
        rules: TableRules,
        copies: bytes,
        state: State,
        wall: Wall,
        plans: dict[str, tuple[Any, ...]] | None = None,
    ) -> None:
        n = rules.players
        self.rs, self.rules, self.state, self.copies, self.wall = rs, rules, state, copies, wall
        self.others = tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n))
        self.seats = [Seat(dealt, rules.karaten_held) for dealt in wall.deal(state.dealer)]
        for seat in self.seats:
            seat.count_waits(copies)
        self.kans: list[int] = []
        self.sticks: list[int] = []
        self.interrupted = False
        self.pending_riichi = False
        self.phase = TURN
        self.turn = state.dealer
        self.drawn: int | None = None
        self.rinshan = False
        self.kuikae: Kuikae | None = None
        self.discarder = -1
        self.offer = -1
        self.offer_kind = "discard"
        self.asking: list[int] = []
        self.waiting: list[int] = []
        self.reactions: dict[int, list[Move]] = {}
        self.ron: list[int] = []
        self.calls: list[tuple[int, Move]] = []
        self.scores: dict[tuple[int, int], tuple[HandScore | None, str | None]] = {}
        self.ending: HandEnding | None = None
        self.closing = ""
        self.plans: dict[str, tuple[Any, ...]] = {} if plans is None else plans

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, or ``None``."""
        phase = self.phase
        if phase in (TURN, CALLED):
            return self.turn
        return self.asking[0] if phase == REACTION else None

    def label(self, tile: int | None) -> str:
        """A tile in a refusal's words: ``5p (tile 52)``."""
        return "no tile" if tile is None else f"{tile_label(self.rules, tile)} (tile {tile})"

    def first_turn(self, seat: int) -> bool:
        """No call yet this hand and ``seat`` has not discarded: its first go-around."""
        return not self.interrupted and not self.seats[seat].discards

    def may_kan(self) -> bool:
        """A kan needs a replacement tile and leaves the dead wall its size: the live wall must
        hold a tile, and there are at most four kans a hand."""
        return self.wall.live_left > 0 and len(self.kans) < MAX_KANS

    def four_kans(self) -> bool:
        """Four kans by more than one seat, where ``draws.abortive`` has ``four_kans``: the discard
        after the fourth may only be ronned, else the hand aborts."""
        kans = self.kans
        return len(kans) == MAX_KANS and AbortiveDraw.FOUR_KANS in self.rules.abortive and len(set(kans)) > 1

    def kita_ron(self) -> bool:
        """Whether a north set aside may be ronned (``kita.ron``)."""
        kita = self.rules.kita
        return kita is not None and kita.ron != "forbidden"

    def robs_as_kokushi(self, seat: int) -> bool:
        """Whether ``seat`` may rob a closed kan, as only the thirteen orphans do: a closed hand of
        terminals and honours (the kan's tile among its waits)."""
        mine = self.seats[seat]
        return not mine.melds and all(t >> 2 in TERMINALS_AND_HONOURS for t in mine.concealed)

    def may_chi(self, seat: int, kind: int) -> bool:
        """Whether ``seat`` sits on the discarder's right, the rule set has chi, and the seat holds
        both other tiles of a run with ``kind``."""
        if not self.rules.chi or seat != (self.discarder + 1) % self.rules.players:
            return False
        kinds = self.seats[seat].kinds
        return any(kinds[a] and kinds[b] for a, b in CHI_SHAPES[kind])

    def answering(self, kind: int) -> tuple[list[int], list[int]]:
        """The seats that may answer the offer of a tile of ``kind`` (by the seat ``discarder``)
        with more than a pass, in turn order from its right, as far as their tiles tell: those
        waiting on it (``waiting``, also returned alone), and those holding what a call on it
        takes, two of it (a pon, three an open kan) or, on the discarder's right, a chi's two
        others. The rules of ron, pon, kan and chi ask these tiles of their moves, so any other
        seat has only a pass (tests/riichi/table/test_seats.py checks it against the answers
        listed)."""
        seats, right = self.seats, (self.discarder + 1) % self.rules.players
        maybe, waiting = [], []
        for other in self.others[self.discarder]:
            if kind in seats[other].waits:
                waiting.append(other)
            elif seats[other].kinds[kind] < 2 and (other != right or not self.may_chi(other, kind)):
                continue
            maybe.append(other)
        return maybe, waiting

    def furiten(self, seat: int) -> str | None:
        """Why ``seat`` may not ron now, or ``None``."""
        mine = self.seats[seat]
        for kind in mine.waits:
            if mine.discarded[kind]:
                return f"{tile_name(kind)} is in your discards"
        if mine.furiten == "riichi":
            return "a winning tile passed after your riichi (furiten until the hand ends)"
        if mine.furiten == "temporary":
            return "a winning tile passed since your last discard"
        return None

    def win_tile(self) -> tuple[int, bool]:
        """The tile a win would be on now and whether by tsumo: the drawn tile on a turn, the tile
        offered on a reaction."""
        if self.phase == TURN:
            assert self.drawn is not None
            return self.drawn, True
        return self.offer, False


#: For each tile kind, the two kinds a chi on it takes with it, lowest first (none for honours).
CHI_SHAPES = tuple(
    tuple(
        (first, second)
        for first, second in ((kind - 2, kind - 1), (kind - 1, kind + 1), (kind + 1, kind + 2))
        if kind < 27 and first >= kind - kind % 9 and second <= kind - kind % 9 + 8
    )
    for kind in range(34)
)
