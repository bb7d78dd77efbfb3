"""What changed between two rule sets, and which scores change because of it.

:func:`structural` compares two resolved rule sets (or, with ``declared``, the files as
written): lists of items with an ``id`` are matched by id, and each change carries the
file:line of both sides. :func:`behaviour` scores the same situations under both rule sets
and reports every situation whose result differs, largest first.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import bundled, koikoi, riichi
from .errors import InputError, Location, RulesetError
from .ruleset import RuleSet
from .yamlsource import LocatedDict, LocatedList, join_path

# --- structural ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One difference between the rule sets: ``kind`` is added, removed, changed or type_changed."""

    path: str
    kind: str
    old: Any = None
    new: Any = None
    old_at: Location | None = None
    new_at: Location | None = None

    @property
    def section(self) -> str:
        return self.path.split(".")[0].split("[")[0]

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "section": self.section, "old": _plain(self.old),
                "new": _plain(self.new), "old_at": _where(self.old_at), "new_at": _where(self.new_at)}


def _where(location: Location | None) -> str | None:
    return f"{location.file}:{location.line}" if location else None


def _plain(value: Any) -> Any:
    """Located YAML data as plain dicts and lists."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _category(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "mapping" if isinstance(value, dict) else "list"


def _id_list(items: Any) -> bool:
    return isinstance(items, list) and bool(items) and all(
        isinstance(i, dict) and isinstance(i.get("id"), str) for i in items)


def structural(a: RuleSet, b: RuleSet, declared: bool = False) -> list[Change]:
    """Every difference between ``a`` and ``b`` (resolved, or as written with ``declared``)."""
    left = a.files[0].data if declared else a.document
    right = b.files[0].data if declared else b.document
    changes: list[Change] = []
    _compare(left, right, "", left.loc, right.loc, changes)
    return changes


def _compare(old: Any, new: Any, path: str, old_at: Location, new_at: Location, out: list[Change]) -> None:
    if isinstance(old, LocatedDict) and isinstance(new, LocatedDict):
        for key in [*old, *(k for k in new if k not in old)]:
            if key == "extends" and path == "":
                if old.get(key) != new.get(key):
                    out.append(Change("extends", "changed" if key in old and key in new else
                                      "added" if key in new else "removed", old.get(key), new.get(key),
                                      old.value_locs.get(key), new.value_locs.get(key)))
                continue
            sub = join_path(path, key)
            if key not in new:
                out.append(Change(sub, "removed", old[key], None, old.value_locs[key], None))
            elif key not in old:
                out.append(Change(sub, "added", None, new[key], None, new.value_locs[key]))
            else:
                _compare(old[key], new[key], sub, old.value_locs[key], new.value_locs[key], out)
        return
    if isinstance(old, LocatedList) and isinstance(new, LocatedList) and _id_list(old) and _id_list(new):
        old_items = {item["id"]: (item, where) for item, where in zip(old, old.item_locs)}
        new_items = {item["id"]: (item, where) for item, where in zip(new, new.item_locs)}
        for ident in [*old_items, *(i for i in new_items if i not in old_items)]:
            sub = f"{path}[{ident}]"
            if ident not in new_items:
                out.append(Change(sub, "removed", old_items[ident][0], None, old_items[ident][1], None))
            elif ident not in old_items:
                out.append(Change(sub, "added", None, new_items[ident][0], None, new_items[ident][1]))
            else:
                _compare(old_items[ident][0], new_items[ident][0], sub, old_items[ident][1], new_items[ident][1], out)
        return
    if _category(old) != _category(new):
        out.append(Change(path, "type_changed", old, new, old_at, new_at))
    elif _plain(old) != _plain(new):
        out.append(Change(path, "changed", old, new, old_at, new_at))


# --- behaviour -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """A situation's result under one rule set: a number to compare, a one-line summary, and
    (on demand) the steps that produced it. ``error`` is set when the rule set refuses it."""

    value: float | None
    summary: str
    explain: Callable[[], list[str]] = field(default=lambda: [], compare=False, repr=False)
    error: str | None = None

    def same_as(self, other: Outcome) -> bool:
        return self.value == other.value and self.summary == other.summary and self.error == other.error


@dataclass(frozen=True)
class BehaviourChange:
    """A situation whose result differs between the two rule sets."""

    group: str
    situation: str
    old: Outcome
    new: Outcome

    @property
    def delta(self) -> float | None:
        if self.old.value is None or self.new.value is None:
            return None
        return self.new.value - self.old.value

    @property
    def size(self) -> float:
        """How big the change is, for ordering: refusals on one side first, then by |delta|."""
        delta = self.delta
        return float("inf") if delta is None else abs(delta)

    def as_dict(self, steps: bool = False) -> dict[str, Any]:
        sides: dict[str, dict[str, Any]] = {}
        for name, outcome in (("old", self.old), ("new", self.new)):
            sides[name] = {"value": outcome.value, "summary": outcome.summary, "error": outcome.error}
            if steps:
                sides[name]["steps"] = outcome.explain()
        return {"group": self.group, "situation": self.situation, "delta": self.delta, **sides}


@dataclass
class BehaviourReport:
    """Every compared situation counted, and those that change, largest first."""

    total: int
    by_group: dict[str, tuple[int, int]]  # group -> (situations, changed)
    changes: list[BehaviourChange]

    @property
    def summary(self) -> str:
        if not self.changes:
            return f"none of {self.total:,} situations change"
        top = self.changes[0]
        return (f"{len(self.changes):,} of {self.total:,} situations change; largest: {top.situation}: "
                f"{describe(top.old)} -> {describe(top.new)}")


def describe(outcome: Outcome) -> str:
    return f"refused ({outcome.error})" if outcome.error else outcome.summary


Situation = tuple[str, str, Callable[[RuleSet], Outcome]]  # group, description, how to score it


def behaviour(a: RuleSet, b: RuleSet, cases: Sequence[Mapping[str, Any]] = ()) -> BehaviourReport:
    """Score the game's standard situations (and ``cases``) under both rule sets."""
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they score different games")
    generator = _koikoi_situations if a.game == "koikoi" else _riichi_situations
    situations = [*generator(a, b), *_case_situations(a.game, cases)]
    by_group: dict[str, list[int]] = {}
    changes = []
    for group, text, run in situations:
        counts = by_group.setdefault(group, [0, 0])
        counts[0] += 1
        old, new = _safely(run, a), _safely(run, b)
        if not old.same_as(new):
            counts[1] += 1
            changes.append(BehaviourChange(group, text, old, new))
    changes.sort(key=lambda c: -c.size)
    return BehaviourReport(len(situations), {g: (n, c) for g, (n, c) in by_group.items()}, changes)


def _safely(run: Callable[[RuleSet], Outcome], rs: RuleSet) -> Outcome:
    try:
        return run(rs)
    except (InputError, RulesetError) as exc:
        return Outcome(None, "refused", error=str(exc).splitlines()[0])


# --- Koi-Koi situations ----------------------------------------------------------------------


def _award(base: int, own: int, opponent: int) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        result = koikoi.award(rs, base=base, own_calls=own, opponent_calls=opponent)
        return Outcome(result.points, str(result.points), lambda: [result.explanation])
    return run


def _pile(cards: Sequence[str], month: int | None) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        hand = koikoi.yaku(rs, cards, month=month)
        names = ", ".join(f"{y.id} {y.points}" for y in hand.yaku) or "no yaku"
        return Outcome(hand.base, f"base {hand.base} ({names})", lambda: [hand.explanation])
    return run


def _fixed(hook: str, **kwargs: Any) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        found = getattr(rs.hook, hook)(ruleset=rs, **kwargs)
        if found is None:
            return Outcome(0, "nothing")
        return Outcome(found.points, f"{found.points} ({found.label})", lambda: [found.explanation])
    return run


def _script(path: Path) -> Callable[[RuleSet], Outcome]:
    from . import play

    def run(rs: RuleSet) -> Outcome:
        trace = play.replay(rs, play.load_script(path))
        totals = ", ".join(f"{p} {t}" for p, t in trace.totals.items())
        return Outcome(sum(trace.totals.values()), totals, lambda: play.trace_text(trace).splitlines())
    return run


def _yaku_pile(rs: RuleSet, y: koikoi.KoikoiYaku) -> list[str]:
    """The fewest cards that make ``y`` under ``rs``: its needs, then matching cards in deck order."""
    cards = rs.rules.cards
    pile = [c for c in cards if c in y.needs]
    roles = frozenset({"animal", "chaff"})
    for card in cards.values():
        if len([c for c in pile if y.cards.matches(cards[c], 1, roles)]) >= y.count:
            break
        if card.id not in pile and y.cards.matches(card, 1, roles):
            pile.append(card.id)
    return pile


def examples_dir() -> Path:
    """The example scripts: in the wheel's data, or at the repository root."""
    return bundled.data_root() / "examples"


def _koikoi_situations(a: RuleSet, b: RuleSet) -> Iterator[Situation]:
    for base, own, opponent in itertools.product(range(1, 31), range(8), (0, 1)):
        who = "opponent called" if opponent else "opponent did not call"
        yield "award", f"award: base {base}, {own} own call(s), {who}", _award(base, own, opponent)
    seen: set[str] = set()
    for rs in (a, b):
        for y in rs.rules.yaku:
            pile = _yaku_pile(rs, y)
            key = ",".join(sorted(pile))
            if key not in seen:
                seen.add(key)
                yield "yaku", f"{y.id}'s cards under {rs.id}: {' '.join(pile)}", _pile(pile, 1)
    deck = sorted(set(a.rules.cards) | set(b.rules.cards))
    rng = random.Random(20261129)
    for number in range(300):
        pile = rng.sample(deck, rng.randint(0, 24))
        month = rng.randint(1, 12)
        yield "corpus", f"pile #{number} (month {month}): {len(pile)} cards", _pile(sorted(pile), month)
    teshi = ["01-bright-crane", "01-ribbon-poetry", "01-chaff-1", "01-chaff-2",
             "02-chaff-1", "03-chaff-1", "04-chaff-1", "05-chaff-1"]
    kuttsuki = ["01-chaff-1", "01-chaff-2", "02-chaff-1", "02-chaff-2",
                "03-chaff-1", "03-chaff-2", "04-chaff-1", "04-chaff-2"]
    yield "lucky", "a Teshi hand (four of January)", _fixed("yakuset_lucky_hand", hand=teshi)
    yield "lucky", "a Kuttsuki hand (four pairs)", _fixed("yakuset_lucky_hand", hand=kuttsuki)
    yield "draw", "an exhaustive draw (Dealer's Privilege)", _fixed("yakuset_exhaustive_draw", dealer="dealer")
    scripts = examples_dir()
    for path in sorted(scripts.glob("*.yaml")) if scripts.is_dir() else []:
        yield "script", f"the scripted play {path.name}", _script(path)


# --- Riichi situations -----------------------------------------------------------------------


def _hand(**kwargs: Any) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        result = riichi.score(rs, **kwargs)
        pays = ", ".join(f"{k} {v}" for k, v in result.payments.items())
        level = f" {result.limit}" if result.limit else ""
        if result.yakuman > 1:
            level = f" {result.yakuman}x yakuman"
        return Outcome(result.total, f"{pays}{level}", lambda: [s.label + f": {s.factor}" for s in result.steps])
    return run


def _yaku_han(ident: str, is_open: bool) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        found = rs.rules.yaku.get(ident)
        if found is None:
            return Outcome(None, "not used")
        if found.yakuman:
            return Outcome(None, "yakuman" + (" (closed only)" if found.closed_only and is_open else ""))
        if is_open and found.closed_only:
            return Outcome(None, "closed only")
        han = found.han_for(is_open)
        extra = " (stands alone)" if found.exclusive else ""
        return Outcome(han, f"{han} han{extra}")
    return run


def _riichi_situations(a: RuleSet, b: RuleSet) -> Iterator[Situation]:
    for han, fu, dealer, tsumo, honba in itertools.product(range(1, 16), riichi.GRID_FU, (False, True),
                                                          (False, True), (0, 1)):
        who = ("dealer" if dealer else "non-dealer") + (" tsumo" if tsumo else " ron")
        yield ("grid", f"{han} han {fu} fu, {who}, {honba} honba",
               _hand(han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba))
    ids = list(dict.fromkeys([*a.rules.yaku, *a.rules.disabled, *b.rules.yaku, *b.rules.disabled]))
    for ident in ids:
        for is_open in (False, True):
            yield "yaku", f"{ident}, {'open' if is_open else 'closed'}", _yaku_han(ident, is_open)
    yakuman = [i for i in ids if any((rs.rules.yaku.get(i) or _NOT).yakuman for rs in (a, b))]
    for size in (2, 3):
        for combo in itertools.combinations(yakuman, size):
            tsumo = any(i in ("suuankou", "tenhou", "chihou") for i in combo)
            dealer = "tenhou" in combo
            yield ("yakuman", f"{' + '.join(combo)}" + (" (tsumo)" if tsumo else "") + (" (dealer)" if dealer else ""),
                   _hand(yakuman=list(combo), tsumo=tsumo, dealer=dealer))


class _NotYaku:
    yakuman = 0


_NOT = _NotYaku()


# --- the user's own cases --------------------------------------------------------------------

_AWARD_KEYS = {"base", "own_calls", "opponent_calls", "field_brights"}
_PILE_KEYS = {"captured", "month", "own_calls"}
_SCORE_KEYS = {"han", "fu", "yaku", "dora", "open", "yakuman", "dealer", "tsumo", "honba", "riichi_sticks"}


def _case_situations(game: str, cases: Sequence[Mapping[str, Any]]) -> Iterator[Situation]:
    for number, case in enumerate(cases, start=1):
        keys = set(case) - {"name"}
        name = str(case.get("name", f"case #{number}"))
        params = {k: case[k] for k in keys}
        if game == "koikoi" and "captured" in keys and keys <= _PILE_KEYS:
            yield "cases", name, _run_pile(params)
        elif game == "koikoi" and "base" in keys and keys <= _AWARD_KEYS:
            yield "cases", name, _run_award(params)
        elif game == "riichi" and keys <= _SCORE_KEYS:
            yield "cases", name, _hand(**params)
        else:
            raise InputError(f"{name}: not a {game} situation (keys: {', '.join(sorted(keys))})")


def _run_pile(params: dict[str, Any]) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        hand = koikoi.yaku(rs, **params)
        return Outcome(hand.base, f"base {hand.base}", lambda: [hand.explanation])
    return run


def _run_award(params: dict[str, Any]) -> Callable[[RuleSet], Outcome]:
    def run(rs: RuleSet) -> Outcome:
        result = koikoi.award(rs, **params)
        return Outcome(result.points, str(result.points), lambda: [result.explanation])
    return run
