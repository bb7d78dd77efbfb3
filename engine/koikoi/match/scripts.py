"""Replay a scripted Koi-Koi match (or part of one) through the referee.

A script is YAML, read as safely as a rule set::

    players: [alice, bob]
    dealer: alice
    rounds:
      - events:
          - deal: {alice: [8 card ids], bob: [8 card ids], field: [8 card ids]}
          - turn: alice
            captured: [01-bright-crane, 01-chaff-1]
            field: [...]             # the field after the turn, where the rule set's weather needs it
          - koikoi: alice          # or shobu: alice, answering an offer
    extras: {alice: {minipoints: 29}}   # for match-end plugins, used once every round is played

Every problem, in the script or refused by the referee, is reported at the script's
file:line:col with the event's path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..._core.arguments import shown
from ..._core.errors import InputError, Location, Problem, RulesetError
from ..._core.resolve import display_name
from ..._core.yamlparse import read_document
from ..._core.yamlsource import LocatedDict
from ..kinds import ANSWERS, EventKind
from .events import Event
from .matches import Match, MatchResult
from .referee import Round

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet


@dataclass
class RoundTrace:
    """What happened in one scripted round."""

    number: int
    month: int
    dealer: str
    events: list[Event] = field(default_factory=list)
    reported: list[str] = field(default_factory=list)  # what the script reported, event by event


@dataclass
class Trace:
    """The replay of a script: every round's events, the totals, and the match result if complete."""

    ruleset: str
    players: tuple[str, ...]
    rounds: list[RoundTrace]
    totals: dict[str, int]
    match: MatchResult | None
    rounds_in_match: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "players": list(self.players),
            "rounds": [
                {
                    "round": r.number,
                    "month": r.month,
                    "dealer": r.dealer,
                    "events": [dict(e.as_dict(), reported=what) for e, what in zip(r.events, r.reported)],
                }
                for r in self.rounds
            ],
            "totals": self.totals,
            "match": self.match.as_dict() if self.match else None,
            "rounds_in_match": self.rounds_in_match,
        }


def _fail(where: Location, path: str, message: str, hint: str | None = None) -> RulesetError:
    return RulesetError([Problem(where, path, message, hint)])


def _list(node: Any, where: Location, path: str) -> list[Any]:
    if not isinstance(node, list):
        raise _fail(where, path, "expected a list")
    return node


def load_script(path: Path | str) -> LocatedDict:
    """Read a play script; problems raise :class:`RulesetError` with locations."""
    if not isinstance(path, Path | str) or not str(path) or "\x00" in str(path):
        raise InputError(f"a play script is named by its path, got {shown(path)}")
    path = Path(path)
    display = display_name(path.resolve()) if path.is_absolute() else str(path)
    data = read_document(path, display)
    if not isinstance(data, LocatedDict):
        raise _fail(Location(display, 1, 1), "", "a script is a mapping with `players`, `dealer` and `rounds`")
    known = {"players", "dealer", "rounds", "extras"}
    for key in data:
        if key not in known:
            raise _fail(data.key_locs[key], key, f"unknown key {key!r}", "a script has " + ", ".join(sorted(known)))
    for key in ("players", "dealer", "rounds"):
        if key not in data:
            raise _fail(data.loc, key, f"missing {key!r}")
    return data


def replay(rs: RuleSet, script: LocatedDict) -> Trace:
    """Play a script read by :func:`load_script` under ``rs``; a refused event raises
    :class:`RulesetError` at its place in the script."""
    if not isinstance(script, LocatedDict) or not {"players", "dealer", "rounds"} <= set(script):
        raise InputError(f"replay takes a script read by load_script, got {shown(script)}")
    return _replay(rs, script)


def _replay(rs: RuleSet, script: LocatedDict) -> Trace:
    players = script["players"]
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise _fail(script.value_locs["players"], "players", "expected two player names")
    try:
        match = Match(rs, players, script["dealer"])
    except InputError as exc:
        raise _fail(script.value_locs["dealer"], "dealer", str(exc)) from None
    rounds = _list(script["rounds"], script.value_locs["rounds"], "rounds")
    if len(rounds) > match.rules.table.rounds:
        raise _fail(
            script.value_locs["rounds"],
            "rounds",
            f"{len(rounds)} rounds scripted; a {rs.id} match has {match.rules.table.rounds}",
        )
    traces = [_round(match, script["rounds"], spec, number) for number, spec in enumerate(rounds, start=1)]
    result = None
    extras = script.get("extras") or {}
    if not isinstance(extras, dict) or not all(
        isinstance(v, dict) and all(isinstance(n, int) and not isinstance(n, bool) for n in v.values())
        for v in extras.values()
    ):
        raise _fail(
            script.value_locs.get("extras", script.loc),
            "extras",
            "`extras` maps each player to counters, e.g. {alice: {minipoints: 29}}",
        )
    if match.over:
        try:
            result = match.finish({p: dict(v) for p, v in extras.items()})
        except InputError as exc:
            raise _fail(script.value_locs.get("extras", script.loc), "extras", str(exc)) from None
    return Trace(rs.id, match.players, traces, match.totals, result, match.rules.table.rounds)


def _round(match: Match, rounds: Any, spec: Any, number: int) -> RoundTrace:
    """The scripted round ``number`` (``spec``, an item of the script's ``rounds``) played to its end."""
    path = f"rounds[{number - 1}]"
    where = rounds.item_locs[number - 1]
    if not isinstance(spec, LocatedDict) or set(spec) != {"events"}:
        raise _fail(where, path, "a round is a mapping with `events`")
    try:
        current = match.new_round()
    except InputError as exc:
        raise _fail(where, path, str(exc)) from None
    trace = RoundTrace(number, current.month, current.dealer)
    events = _list(spec["events"], spec.value_locs["events"], f"{path}.events")
    for index, item in enumerate(events):
        try:
            event, reported = _apply(current, item)
        except InputError as exc:
            raise _fail(spec["events"].item_locs[index], f"{path}.events[{index}]", str(exc)) from None
        trace.events.append(event)
        trace.reported.append(reported)
    if not current.finished:
        raise _fail(
            where,
            path,
            f"round {number} ends before it is over",
            f"{current.next_to_act or 'the dealer'} has the next move",
        )
    return trace


def _apply(current: Round, item: Any) -> tuple[Event, str]:
    if not isinstance(item, dict):
        raise InputError("an event is a mapping: `deal:`, `turn:` with `captured:`, `koikoi:` or `shobu:`")
    if "deal" in item:
        deal = item["deal"]
        if set(item) != {"deal"} or not isinstance(deal, dict) or "field" not in deal:
            raise InputError("`deal` maps each player and `field` to the cards dealt")
        hands = {p: cards for p, cards in deal.items() if p != "field"}
        return current.deal(hands, deal["field"]), "deal"
    if "turn" in item:
        if set(item) - {"turn", "captured", "field"}:
            raise InputError("a turn has `turn: PLAYER`, `captured: [cards]` and, for weather, `field: [cards]`")
        captured = item.get("captured") or []
        field = item.get("field")
        for name, cards in (("captured", captured), ("field", field or [])):
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                raise InputError(f"`{name}` is a list of card ids")
        shown = ", ".join(captured)
        return current.turn(item["turn"], captured, field), f"{item['turn']} captures {shown or 'nothing'}"
    for choice in ANSWERS:
        if choice in item:
            if len(item) != 1:
                raise InputError(f"`{choice}: PLAYER` stands alone")
            return current.answer(item[choice], choice), f"{item[choice]} answers {choice}"
    raise InputError("unknown event; use `deal:`, `turn:`, `koikoi:` or `shobu:`")


#: The events whose line shows the player's base: those of a round that goes on.
_WITH_BASE = (EventKind.CONTINUE, EventKind.OFFER, EventKind.KOIKOI)


def trace_text(trace: Trace) -> str:
    """The replay as readable text: each event, and every scoring event with its steps."""
    if not isinstance(trace, Trace):
        raise InputError(f"trace_text takes a Trace from replay, got {shown(trace)}")
    return _trace_text(trace)


def _trace_text(trace: Trace) -> str:
    out = [f"# {trace.ruleset}: {' vs '.join(trace.players)}"]
    for rnd in trace.rounds:
        out.append(f"Round {rnd.number} (month {rnd.month}), {rnd.dealer} deals")
        for event, reported in zip(rnd.events, rnd.reported):
            line = f"  {reported}: {event.kind}"
            if event.hand is not None and event.kind in _WITH_BASE:
                line += f" (base {event.hand.base})"
            if event.message and event.kind is not EventKind.CONTINUE:
                line += f" - {event.message}"
            out.append(line)
            if event.ends_round:
                if event.hand is not None:
                    out.append(f"    yaku: {event.hand.explanation}")
                if event.award is not None:
                    out.append(f"    award: {event.award.explanation}")
                out.append(f"    {event.winner or 'nobody'} scores {event.points}; next dealer {event.next_dealer}")
    out.append("Totals: " + ", ".join(f"{p} {t}" for p, t in trace.totals.items()))
    if trace.match is None:
        out.append(f"Match not finished: {len(trace.rounds)} of {trace.rounds_in_match} rounds played")
    else:
        for adjustment in trace.match.adjustments:
            out.append(f"Match end: {adjustment.player} {adjustment.points:+d} ({adjustment.label})")
        out.append("Final: " + ", ".join(f"{p} {t}" for p, t in trace.match.totals.items()))
        out.append(f"Winner: {trace.match.winner}" if trace.match.winner else "The match is a draw")
    return "\n".join(out) + "\n"
