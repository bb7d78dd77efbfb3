"""What :func:`yakuset.riichi.settle` settles, as typed values: a :class:`Ron` of one or more
:class:`Win`\\ s, a :class:`Tsumo`, an exhaustive :class:`Draw`, an :class:`Abort` or a
:class:`Chombo`; a win's hand as :class:`HanFu`, :class:`DeclaredYaku`, :class:`DeclaredYakuman`
or :class:`Tiles`.

Each is a value (a named tuple: immutable, equal when its fields are). ``settle`` takes them as
they are or reads them from the mapping form (``{"ron": {"discarder": 2, "winners": [...]}}``,
the form YAML scripts, the HTTP API and logs give) with :func:`yakuset.riichi.read_outcome`;
``as_dict()`` gives that mapping form back. The seats are checked against the rule set when a
hand is settled; a hand's han, fu, yaku and tiles when it is scored (by :func:`score` or
:func:`evaluate`, with their messages).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..._core.results import FrozenMap
from ..kinds import AbortiveDraw, Outcome


class HanFu(NamedTuple):
    """A hand given by its han and raw fu (``fu`` may be left out for a limit hand), as
    :func:`yakuset.riichi.score` takes them; dora are counted in ``han``."""

    han: int
    fu: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """``{"han", "fu"}`` (``fu`` only when given)."""
        return {"han": self.han} if self.fu is None else {"han": self.han, "fu": self.fu}


class DeclaredYaku(NamedTuple):
    """A hand given by its yaku ids (``yaku``), with its ``fu`` (left out for a limit hand), its
    ``dora`` and whether it is ``open``, as :func:`yakuset.riichi.score` takes them."""

    yaku: tuple[str, ...]
    fu: int | None = None
    dora: int = 0
    open: bool = False

    def as_dict(self) -> dict[str, Any]:
        """``{"yaku", "fu", "dora", "open"}`` (``fu`` only when given)."""
        out: dict[str, Any] = {"yaku": list(self.yaku), "dora": self.dora, "open": self.open}
        if self.fu is not None:
            out["fu"] = self.fu
        return out


class DeclaredYakuman(NamedTuple):
    """A hand given by its yakuman ids (``yakuman``) and whether it is ``open``, as
    :func:`yakuset.riichi.score` takes them."""

    yakuman: tuple[str, ...]
    open: bool = False

    def as_dict(self) -> dict[str, Any]:
        """``{"yakuman", "open"}``."""
        return {"yakuman": list(self.yakuman), "open": self.open}


class Tiles(NamedTuple):
    """A hand given by its tiles, as :func:`yakuset.riichi.evaluate` takes them: ``hand`` (the
    concealed tiles, the winning tile included), ``win``, ``melds``, the ``dora_indicators`` and
    ``ura_indicators``, ``kita`` and the ``flags`` (``{"ippatsu": True}``: a name of
    :data:`yakuset.riichi.FLAGS` and its value). The winds come from the state, ``tsumo`` from the
    outcome (a flag that says otherwise is refused), ``riichi`` from the hand's riichi list."""

    hand: str
    win: str | None = None
    melds: tuple[Any, ...] = ()
    dora_indicators: tuple[str, ...] = ()
    ura_indicators: tuple[str, ...] = ()
    kita: int = 0
    flags: Mapping[str, bool] = FrozenMap()

    def as_dict(self) -> dict[str, Any]:
        """``{"hand", "win", ...}``: the fields given, the flags among them."""
        out: dict[str, Any] = {"hand": self.hand}
        if self.win is not None:
            out["win"] = self.win
        if self.melds:
            out["melds"] = [list(meld) for meld in self.melds]
        if self.dora_indicators:
            out["dora_indicators"] = list(self.dora_indicators)
        if self.ura_indicators:
            out["ura_indicators"] = list(self.ura_indicators)
        if self.kita:
            out["kita"] = self.kita
        out.update(self.flags)
        return out


#: The forms a win's hand takes.
Hand = HanFu | DeclaredYaku | DeclaredYakuman | Tiles


class Win(NamedTuple):
    """One winner: its ``seat``, its ``hand`` (:class:`HanFu`, :class:`DeclaredYaku`,
    :class:`DeclaredYakuman` or :class:`Tiles`) and ``pao``, the seat liable for its yakuman
    (``None``: nobody)."""

    seat: int
    hand: Hand
    pao: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """``{"seat", ...the hand's fields, "pao"}`` (``pao`` only when someone is liable)."""
        out: dict[str, Any] = {"seat": self.seat, **self.hand.as_dict()}
        if self.pao is not None:
            out["pao"] = self.pao
        return out


class Ron(NamedTuple):
    """A ron: the ``discarder`` and the ``winners`` on that discard (one, or two or three of a
    multiple ron)."""

    discarder: int
    winners: tuple[Win, ...]

    @property
    def outcome(self) -> Outcome:
        """``Outcome.RON``."""
        return Outcome.RON

    def as_dict(self) -> dict[str, Any]:
        """``{"ron": {"discarder", "winners"}}``."""
        return {"ron": {"discarder": self.discarder, "winners": [w.as_dict() for w in self.winners]}}


class Tsumo(NamedTuple):
    """A win by self-draw: the ``win``."""

    win: Win

    @property
    def outcome(self) -> Outcome:
        """``Outcome.TSUMO``."""
        return Outcome.TSUMO

    def as_dict(self) -> dict[str, Any]:
        """``{"tsumo": WIN}``."""
        return {"tsumo": self.win.as_dict()}


class Draw(NamedTuple):
    """An exhaustive draw: the seats ``tenpai`` and those with a ``nagashi`` mangan."""

    tenpai: tuple[int, ...]
    nagashi: tuple[int, ...] = ()

    @property
    def outcome(self) -> Outcome:
        """``Outcome.DRAW``."""
        return Outcome.DRAW

    def as_dict(self) -> dict[str, Any]:
        """``{"draw": {"tenpai", "nagashi"}}``."""
        return {"draw": {"tenpai": list(self.tenpai), "nagashi": list(self.nagashi)}}


class Abort(NamedTuple):
    """An abortive draw of this ``kind``."""

    kind: AbortiveDraw

    @property
    def outcome(self) -> Outcome:
        """``Outcome.ABORT``."""
        return Outcome.ABORT

    def as_dict(self) -> dict[str, Any]:
        """``{"abort": kind}``."""
        return {"abort": self.kind.value}


class Chombo(NamedTuple):
    """A chombo (a false win or another foul that voids the hand) by ``seat``."""

    seat: int

    @property
    def outcome(self) -> Outcome:
        """``Outcome.CHOMBO``."""
        return Outcome.CHOMBO

    def as_dict(self) -> dict[str, Any]:
        """``{"chombo": seat}``."""
        return {"chombo": self.seat}


#: What :func:`yakuset.riichi.settle` settles.
HandOutcome = Ron | Tsumo | Draw | Abort | Chombo
