"""Replay a scripted four-player Riichi game: every hand settled under the rule set, the
running scores, and the final standings. A script is YAML, read as safely as a rule set::

    players: [alice, bob, carol, dave]   # in turn order
    dealer: alice                        # deals East 1 (seat 0)
    hands:
      - riichi: [bob]
        ron: {discarder: carol, winners: [{seat: bob, han: 3, fu: 40}]}
      - tsumo: {seat: dave, yaku: [riichi, menzen_tsumo, pinfu], dora: 1, fu: 20}
      - draw: {tenpai: [alice, dave]}
      - abort: four_winds
      - chombo: carol

Players are named wherever :func:`settle` takes a seat. Every problem, in the script or refused
by :func:`settle`, is reported at the script's file:line:col with the hand's path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError, Location, Problem, RulesetError
from ..._core.numbers import format_number
from ..._core.resolve import display_name
from ..._core.yamlparse import read_document
from ..._core.yamlsource import LocatedDict, LocatedList
from .ledger import Settlement
from .reading import OUTCOMES
from .settle import settle
from .standings import Standing, ranked
from .state import State, new_game

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

_KEYS = ("players", "dealer", "hands")


@dataclass(frozen=True)
class HandRecord:
    """One hand of a replayed game: the state it was played in, the seats that declared riichi
    and its settlement."""

    before: State
    riichi: tuple[int, ...]
    settlement: Settlement

    @property
    def name(self) -> str:
        """``East 1``, ``South 4`` ..."""
        return f"{self.before.round_wind.capitalize()} {self.before.hand}"


@dataclass(frozen=True)
class GameTrace:
    """A replayed game: the players by seat, every hand, the final state and the standings (their
    steps worded with the players' names)."""

    ruleset: str
    players: tuple[str, ...]
    hands: tuple[HandRecord, ...]
    final: State
    standings: tuple[Standing, ...]

    def as_dict(self) -> dict[str, Any]:
        """The trace's JSON shape: players, every hand (transfers and scores by player, steps)
        and the standings."""
        names = self.players

        def by_name(values: tuple[int, ...]) -> dict[str, int]:
            return dict(zip(names, values))

        return {
            "ruleset": self.ruleset,
            "players": list(names),
            "hands": [
                {
                    "hand": record.name,
                    "honba": record.before.honba,
                    "riichi": [names[s] for s in record.riichi],
                    "outcome": record.settlement.kind,
                    "winners": [names[s] for s in record.settlement.winners],
                    "transfers": by_name(record.settlement.transfers),
                    "scores": by_name(record.settlement.state.scores),
                    "steps": [s.as_dict() for s in record.settlement.steps.named(names)],
                }
                for record in self.hands
            ],
            "ended": self.final.ended,
            "end_reason": self.final.end_reason,
            "standings": [
                {
                    "player": names[s.seat],
                    "place": s.place,
                    "score": s.score,
                    "points": s.points,
                    "steps": [step.as_dict() for step in s.steps],
                }
                for s in self.standings
            ],
        }


def _fail(where: Location, path: str, message: str, hint: str | None = None) -> RulesetError:
    return RulesetError([Problem(where, path, message, hint)])


def load_game(path: Path | str) -> LocatedDict:
    """Read a Riichi game script; problems raise :class:`RulesetError` with locations."""
    if not isinstance(path, Path | str) or not str(path) or "\x00" in str(path):
        raise InputError(f"a game script is named by its path, got {shown(path)}")
    path = Path(path)
    display = display_name(path.resolve()) if path.is_absolute() else str(path)
    data = read_document(path, display)
    if not isinstance(data, LocatedDict):
        raise _fail(Location(display, 1, 1), "", "a game script is a mapping with `players`, `dealer` and `hands`")
    for key in data:
        if key not in _KEYS:
            raise _fail(
                data.key_locs[key],
                key,
                f"unknown key {key!r}",
                "a Riichi game script has " + ", ".join(_KEYS) + " (a Koi-Koi script has rounds)",
            )
    for key in _KEYS:
        if key not in data:
            raise _fail(data.loc, key, f"missing {key!r}")
    return data


def replay_game(rs: RuleSet, script: LocatedDict) -> GameTrace:
    """Play a script read by :func:`load_game` under ``rs``: each hand settled, then the
    standings. A hand the rule set refuses raises :class:`RulesetError` at its place."""
    if not isinstance(script, LocatedDict) or not set(_KEYS) <= set(script):
        raise InputError(f"replay_game takes a script read by load_game, got {shown(script)}")
    players = _players(script, new_game(rs))
    seat_of = {name: seat for seat, name in enumerate(players)}
    hands = script["hands"]
    if not isinstance(hands, LocatedList) or not hands:
        raise _fail(script.value_locs["hands"], "hands", "expected a list of hands, each a mapping with one outcome")
    state = new_game(rs)
    records = []
    for index, item in enumerate(hands):
        where, path = hands.item_locs[index], f"hands[{index}]"
        if state.ended:
            raise _fail(where, path, f"the game already ended ({state.end_reason}); the script has more hands")
        outcome, riichi = _hand(item, where, path, seat_of)
        try:
            result = settle(rs, state, outcome, riichi)
        except InputError as exc:
            raise _fail(where, path, str(exc)) from None
        records.append(HandRecord(state, riichi, result))
        state = result.state
    return GameTrace(rs.id, players, tuple(records), state, tuple(ranked(rs, state, players.__getitem__)))


def _players(script: LocatedDict, start: State) -> tuple[str, ...]:
    names = script["players"]
    seats = len(start.scores)
    if (
        not isinstance(names, list)
        or len(names) != seats
        or not all(isinstance(n, str) and n for n in names)
        or len(set(names)) != seats
    ):
        count = "four" if seats == 4 else "three"
        raise _fail(script.value_locs["players"], "players", f"expected {count} different player names, in turn order")
    dealer = script["dealer"]
    if dealer not in names:
        raise _fail(script.value_locs["dealer"], "dealer", f"{shown(dealer)} is not one of the players")
    first = names.index(dealer)
    return tuple(names[first:] + names[:first])


def _hand(item: Any, where: Location, path: str, seat_of: Mapping[str, int]) -> tuple[dict[str, Any], tuple[int, ...]]:
    """A script hand as :func:`settle` takes it: (outcome, riichi seats)."""
    if not isinstance(item, dict):
        raise _fail(where, path, "a hand is a mapping with one outcome: " + ", ".join(OUTCOMES))
    kinds = [key for key in item if key in OUTCOMES]
    extra = [key for key in item if key not in OUTCOMES and key != "riichi"]
    if len(kinds) != 1 or extra:
        raise _fail(where, path, "a hand has exactly one outcome (" + ", ".join(OUTCOMES) + ") and may list `riichi`")
    kind = kinds[0]
    names = _Names(seat_of, where, f"{path}.{kind}")
    outcome = _SEATED[kind](item[kind], names)
    riichi = tuple(names.seats(item.get("riichi", []), "riichi"))
    return {kind: outcome}, riichi


@dataclass(frozen=True)
class _Names:
    """The players' names of a script hand read as seats; a name that is no player's is a problem
    at the hand's place."""

    seat_of: Mapping[str, int]
    where: Location
    path: str

    def fail(self, message: str) -> RulesetError:
        return _fail(self.where, self.path, message)

    def seat(self, name: Any, what: str) -> int:
        if not isinstance(name, str) or name not in self.seat_of:  # a list or a mapping is no name
            raise self.fail(f"{what}: {shown(name)} is not one of the players")
        return self.seat_of[name]

    def seats(self, names: Any, what: str) -> list[int]:
        if not isinstance(names, list):
            raise self.fail(f"{what} is a list of players")
        return [self.seat(n, what) for n in names]

    def win(self, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict) or "seat" not in value:
            raise self.fail("a win names its player as `seat`")
        out = dict(value)
        out["seat"] = self.seat(value["seat"], "seat")
        if "pao" in value:
            out["pao"] = self.seat(value["pao"], "pao")
        return out


def _ron(detail: Any, names: _Names) -> Any:
    if not isinstance(detail, dict) or "discarder" not in detail or "winners" not in detail:
        raise names.fail("a ron is {discarder: player, winners: [win, ...]}")
    if not isinstance(detail["winners"], list):
        raise names.fail("winners is a list of wins")
    return {
        "discarder": names.seat(detail["discarder"], "discarder"),
        "winners": [names.win(w) for w in detail["winners"]],
    }


def _draw(detail: Any, names: _Names) -> Any:
    if not isinstance(detail, dict):
        raise names.fail("a draw is {tenpai: [players], nagashi: [players]}")
    return {key: names.seats(value, key) if key in ("tenpai", "nagashi") else value for key, value in detail.items()}


#: Each outcome of a script hand with its players' names read as seats (an abort names nobody).
_SEATED: dict[str, Callable[[Any, _Names], Any]] = {
    "ron": _ron,
    "tsumo": lambda detail, names: names.win(detail),
    "draw": _draw,
    "abort": lambda detail, names: detail,
    "chombo": lambda detail, names: names.seat(detail, "chombo"),
}


def game_text(trace: GameTrace) -> str:
    """The replay as readable text: each hand with its steps, transfers and running scores, then
    the standings with theirs."""
    if not isinstance(trace, GameTrace):
        raise InputError(f"game_text takes a GameTrace from replay_game, got {shown(trace)}")
    names = trace.players
    out = [f"# {trace.ruleset}: {', '.join(names)} ({names[0]} deals first)"]
    for record in trace.hands:
        settled = record.settlement
        before = record.before
        out.append(f"{record.name}, {before.honba} honba, {before.sticks} stick(s) on the table: {settled.kind}")
        for step in settled.steps.named(names):
            out.append(f"  {step.label}")
        out.append("  transfers: " + ", ".join(f"{n} {t:+d}" for n, t in zip(names, settled.transfers)))
        out.append("  scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, settled.state.scores)))
    final = trace.final
    out.append(
        f"Game over: {final.end_reason.replace('_', ' ')}"
        if final.end_reason
        else "The script ends before the game does; standings as if it ended here"
    )
    out.append("Standings:")
    for standing in trace.standings:
        out.append(f"  {standing.place}. {names[standing.seat]} {standing.score}: {_points(standing.points)}")
        for step in standing.steps:
            note = step.id == "tie" or (step.id == "sticks" and not step.factor)
            out.append(f"     {step.label}" + ("" if note else f": {format_number(step.factor)}"))
    return "\n".join(out) + "\n"


def _points(value: float) -> str:
    return f"{value:+.1f}" if round(value, 1) == value else f"{value:+.2f}"
