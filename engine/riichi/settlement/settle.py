"""Settling one hand of a game of four (or, under ``players: 3``, three): who pays whom for a ron
(one or several winners), a tsumo, an exhaustive draw (noten payments, nagashi mangan), an abortive draw or a chombo;
then the next state (dealer, honba, sticks, wind and hand, and whether the game ends).

Every amount comes from the rule set: the hand's score from its scoring sections, the rest
from the table sections (docs/rules/riichi-table.md). ``steps`` are built only when read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..._core.arguments import MAX_COUNT, shown
from ..._core.errors import InputError
from ..._core.results import Step, Steps
from ..kinds import Outcome
from ..rules.compiled import RiichiRules, rules_of
from ..rules.table import ABORTIVE, WIND_NAMES, TableRules
from ..scoring.hand import HandScore, evaluate
from ..scoring.payments import payments
from ..scoring.score import Score, score
from ..scoring.situation import FLAGS
from .state import WIND_INDEX, State, make_state

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

#: The outcomes :func:`settle` takes, each the one key of its mapping.
OUTCOMES = tuple(outcome.value for outcome in Outcome)
_SCORE_FORMS = ("han", "yakuman", "yaku", "hand")
_WIN_KEYS = frozenset(
    {"seat", "han", "fu", "yakuman", "yaku", "dora", "open", "hand", "win", "melds", "pao", "kita"}
    | {"dora_indicators", "ura_indicators", *FLAGS}
)


class Settlement(NamedTuple):
    """One settled hand: ``transfers`` (each seat's net change, riichi deposits and sticks
    taken included), the next ``state``, the seats paid as ``winners``, and ``steps`` explaining
    every transfer and each change of the state, in order (:class:`yakuset.Steps`, built on first
    read). ``sum(transfers)`` is minus the sticks put on the table this hand plus the sticks
    taken from it, times the stick's value. A value: two are equal (and hash alike) when their
    fields are, steps included."""

    kind: str
    transfers: tuple[int, ...]
    state: State
    winners: tuple[int, ...]
    steps: Steps

    def as_dict(self) -> dict[str, Any]:
        """``{"kind", "transfers", "winners", "state", "steps"}``."""
        return {
            "kind": self.kind,
            "transfers": list(self.transfers),
            "winners": list(self.winners),
            "state": self.state.as_dict(),
            "steps": [s.as_dict() for s in self.steps],
        }

    def __repr__(self) -> str:
        return f"Settlement(kind={self.kind!r}, transfers={list(self.transfers)}, state={self.state!r})"


class _Ledger:
    """The transfers of one hand and the steps that explain them (labels built only if read)."""

    __slots__ = ("delta", "notes")

    def __init__(self, seats: int) -> None:
        self.delta = [0] * seats
        self.notes: list[tuple[str, int, str, tuple[Any, ...], int, int]] = []

    def pay(self, ident: str, payer: int, payee: int, amount: int, why: str, *args: Any) -> None:
        """``payer`` pays ``payee``; ``why`` is a ``str.format`` template of ``args`` (a Score
        among them reads as its han and fu), filled in only when the steps are read."""
        if amount:
            self.delta[payer] -= amount
            self.delta[payee] += amount
            self.notes.append((ident, amount, why, args, payer, payee))

    def note(self, ident: str, amount: int, label: str, *args: Any) -> None:
        self.notes.append((ident, amount, label, args, -1, -1))

    def steps(self) -> list[Step]:
        """The steps of the notes (called once the hand is settled, by its :class:`Steps`)."""
        out = []
        for ident, amount, template, args, payer, payee in self.notes:
            label = template.format(*(_describe(a) if isinstance(a, Score) else a for a in args))
            if payer >= 0:
                label = f"seat {payer} pays seat {payee} {amount} ({label})"
            out.append(Step(ident, label, amount, "add"))
        return out


def settle(rs: RuleSet, state: State, outcome: Mapping[str, Any], riichi: Sequence[int] = ()) -> Settlement:
    """Settle one hand under ``rs``: ``outcome`` is one of ``{"ron": {"discarder": d, "winners":
    [WIN, ...]}}``, ``{"tsumo": WIN}``, ``{"draw": {"tenpai": [seats], "nagashi": [seats]}}``,
    ``{"abort": kind}`` or ``{"chombo": seat}``; ``riichi`` lists the seats that declared riichi
    this hand (each puts one stick on the table).

    A ``WIN`` is ``{"seat": s, ...}`` with the hand as ``han`` + ``fu``, ``yakuman: [ids]``,
    ``yaku: [ids]`` + ``fu`` + ``dora`` + ``open``, or tiles as :func:`evaluate` takes them
    (``hand``, ``win``, ``melds``, ``dora_indicators``, ``ura_indicators``, flags; the winds come
    from the state). ``"pao": seat`` names the player liable for a yakuman. Raises
    :class:`yakuset.InputError` for an outcome the rule set or the state does not allow.
    """
    return settle_scored(rs, state, outcome, riichi, {})


def settle_scored(
    rs: RuleSet, state: State, outcome: Mapping[str, Any], riichi: Sequence[int], scored: Mapping[int, HandScore]
) -> Settlement:
    """:func:`settle`, with the wins given as tiles that were evaluated already: ``scored`` maps a
    winner's seat to what :func:`evaluate` made of its WIN (the table's, which evaluated each win
    to offer it), so the hand is not evaluated twice."""
    rules = getattr(rs, "rules", None)
    if type(rules) is not RiichiRules:
        rules = rules_of(rs)
    table = rules.table
    if type(state) is not State:
        raise InputError(f"state must be a yakuset.riichi.State (from new_game), got {shown(state)}")
    if len(state.scores) != table.players:
        raise InputError(
            f"the state has {len(state.scores)} seats and {rs.id!r} is a game of {table.players}; "
            "start from new_game(rs)"
        )
    if state.ended:
        raise InputError(f"the game has ended ({state.end_reason}); settle no more hands")
    declared = _riichi_seats(rules, state, riichi) if riichi != () else ()
    if not (type(outcome) is dict or isinstance(outcome, Mapping)) or len(outcome) != 1:
        raise InputError(f"an outcome is a mapping with one key, one of {', '.join(OUTCOMES)}; got {shown(outcome)}")
    ((kind, detail),) = outcome.items()
    ledger = _Ledger(table.players)
    for seat in declared:
        ledger.delta[seat] -= rules.riichi_stick
        ledger.notes.append(("riichi", -rules.riichi_stick, _RIICHI, (seat,), -1, -1))
    sticks = state.sticks + len(declared)
    if kind == "ron":
        return _ron(rs, rules, state, detail, declared, sticks, ledger, scored)
    if kind == "tsumo":
        return _tsumo(rs, rules, state, detail, declared, sticks, ledger, scored)
    if kind == "draw":
        return _draw(rs, rules, state, detail, declared, sticks, ledger)
    if kind == "abort":
        return _abort(rs, table, state, detail, declared, sticks, ledger)
    if kind == "chombo":
        return _chombo(rs, rules, state, detail, declared, ledger)
    raise InputError(f"unknown outcome {shown(kind)}; outcomes are {', '.join(OUTCOMES)}")


# --- the arguments --------------------------------------------------------------------------


def _seat(value: Any, what: str, seats: int) -> int:
    if type(value) is not int or not 0 <= value < seats:
        raise InputError(f"{what} must be a seat 0-{seats - 1}, got {shown(value)}")
    return value


def _seats(values: Any, what: str, n: int) -> tuple[int, ...]:
    if (type(values) is not list and type(values) is not tuple) and (
        isinstance(values, (str, bytes, Mapping)) or not isinstance(values, (Sequence, set, frozenset))
    ):
        raise InputError(f"{what} must be a list of seats 0-{n - 1}, got {shown(values)}")
    seats = tuple(values)
    for value in seats:
        if type(value) is not int or not 0 <= value < n:
            _seat(value, f"each of {what}", n)
    if len(seats) > 1 and len(set(seats)) != len(seats):
        raise InputError(f"{what} names a seat twice: {list(seats)}")
    return seats


def _riichi_seats(rules: RiichiRules, state: State, riichi: Any) -> tuple[int, ...]:
    if not riichi:
        if isinstance(riichi, (str, bytes, Mapping)) or riichi is None:
            raise InputError(f"riichi must be a list of seats 0-{len(state.scores) - 1}, got {shown(riichi)}")
        return ()
    seats = _seats(riichi, "riichi", len(state.scores))
    needs = rules.table.riichi_needs
    for seat in seats:
        if state.scores[seat] < needs:
            raise InputError(
                f"seat {seat} has {state.scores[seat]} points and riichi needs {needs} here (points.riichi_needs)"
            )
    return seats


def _what(index: int | None) -> str:
    return "the tsumo" if index is None else f"winner {index}"


def _win_fields(win: Any, index: int | None) -> Mapping[str, Any]:
    if type(win) is not dict and not isinstance(win, Mapping):
        raise InputError(f"{_what(index)} must be a mapping like {{'seat': 1, 'han': 3, 'fu': 30}}, got {shown(win)}")
    if not _WIN_KEYS.issuperset(win):
        unknown = [k for k in win if k not in _WIN_KEYS]
        raise InputError(f"{_what(index)} has unknown key(s) {', '.join(map(shown, unknown))}")
    if ("han" in win) + ("yakuman" in win) + ("yaku" in win) + ("hand" in win) != 1:
        forms = [form for form in _SCORE_FORMS if form in win]
        raise InputError(
            f"{_what(index)} gives its hand as exactly one of han (+ fu), yakuman, yaku (+ fu, dora, open) or hand "
            f"(tiles, with win); got {', '.join(forms) or 'none'}"
        )
    if "kita" in win and "hand" not in win:
        raise InputError(f"{_what(index)}: kita counts with a hand given as tiles; with han or yaku, count it as dora")
    return win


def _score_win(
    rs: RuleSet,
    state: State,
    win: Mapping[str, Any],
    seat: int,
    tsumo: bool,
    declared: tuple[int, ...],
    scored: HandScore | None = None,
) -> tuple[Score, tuple[str, ...]]:
    """The win's score (no honba, no sticks) and the yakuman it holds (for liability)."""
    dealer = seat == state.dealer
    if "han" in win:
        if "fu" not in win:
            return score(rs, han=win["han"], dealer=dealer, tsumo=tsumo), ()
        return score(rs, han=win["han"], fu=win["fu"], dealer=dealer, tsumo=tsumo), ()
    if "yakuman" in win:
        result = score(rs, yakuman=win["yakuman"], open=win.get("open", False), dealer=dealer, tsumo=tsumo)
        return result, tuple(win["yakuman"])
    if "yaku" in win:
        result = score(
            rs,
            yaku=win["yaku"],
            fu=win.get("fu"),
            dora=win.get("dora", 0),
            open=win.get("open", False),
            dealer=dealer,
            tsumo=tsumo,
        )
        return result, ()
    flags = {name: win[name] for name in FLAGS if name in win}
    if flags.pop("tsumo", tsumo) is not tsumo:
        raise InputError(
            f"seat {seat}'s hand says tsumo={not tsumo}, but the outcome is a {'tsumo' if tsumo else 'ron'}"
        )
    if seat in declared and not (flags.get("riichi") or flags.get("double_riichi")):
        flags["riichi"] = True
    if (flags.get("riichi") or flags.get("double_riichi")) and seat not in declared:
        raise InputError(f"seat {seat}'s hand claims riichi, but seat {seat} is not in this hand's riichi list")
    if scored is not None:
        return scored.score, (scored.yaku if scored.yakuman else ())
    hand = evaluate(
        rs,
        win["hand"],
        win=win.get("win"),  # type: ignore[arg-type]
        melds=win.get("melds", ()),
        seat_wind=WIND_NAMES[(seat - state.dealer) % len(state.scores)],
        round_wind=state.round_wind,
        dora_indicators=win.get("dora_indicators", ()),
        ura_indicators=win.get("ura_indicators", ()),
        kita=win.get("kita", 0),
        tsumo=tsumo,
        **flags,
    )
    return hand.score, (hand.yaku if hand.yakuman else ())


def _describe(result: Score) -> str:
    if result.han is None:
        return f"{result.yakuman}x yakuman"
    level = f", {result.yakuman}x yakuman" if result.yakuman else (f", {result.limit}" if result.limit else "")
    return f"{result.han} han {result.fu} fu{level}"


def _pao(rs: RuleSet, table: TableRules, win: Mapping[str, Any], winner: int, holds: tuple[str, ...]) -> int:
    """The liable seat of a win that names one, checked."""
    liable = _seat(win["pao"], f"seat {winner}'s pao", table.players)
    if liable == winner:
        raise InputError(f"seat {winner} cannot be liable (pao) for their own win")
    if not any(y in table.pao_yakuman for y in holds):
        have = ", ".join(sorted(table.pao_yakuman)) or "none"
        raise InputError(
            f"pao applies to a hand with one of the rule set's liability yakuman ({have}; liability.yakuman); "
            f"seat {winner}'s hand has {', '.join(holds) or 'no yakuman'}"
        )
    return liable


def _liable_basic(rs: RuleSet, rules: RiichiRules, result: Score, holds: tuple[str, ...], dealer: bool) -> int:
    """The basic points the liable player answers for: the whole hand, or only the liability
    yakuman (``liability.several_yakuman``)."""
    if rules.table.pao_whole_hand:
        return result.yakuman * rules.yakuman_basic
    liable = [y for y in holds if y in rules.table.pao_yakuman]
    return score(rs, yakuman=liable, dealer=dealer).yakuman * rules.yakuman_basic


def nagashi_payments(rs: RuleSet, dealer: bool) -> Mapping[str, int]:
    """What each player pays for a nagashi mangan: the yaku ``nagashi_mangan`` won by tsumo (kept
    by the rule set)."""
    kept = rules_of(rs).caches.nagashi
    found = kept.get(dealer)
    if found is None:
        found = kept[dealer] = score(rs, yaku=["nagashi_mangan"], dealer=dealer, tsumo=True).payments
    return found


# --- the outcomes ---------------------------------------------------------------------------


def _ron(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    detail: Any,
    declared: tuple[int, ...],
    sticks: int,
    ledger: _Ledger,
    scored: Mapping[int, HandScore],
) -> Settlement:
    table = rules.table
    if (
        not (type(detail) is dict or isinstance(detail, Mapping))
        or len(detail) != 2
        or "discarder" not in detail
        or "winners" not in detail
    ):
        raise InputError(f"a ron is {{'discarder': seat, 'winners': [WIN, ...]}}, got {shown(detail)}")
    discarder = detail["discarder"]
    n = table.players
    if type(discarder) is not int or not 0 <= discarder < n:
        _seat(discarder, "the discarder", n)
    wins = detail["winners"]
    if not (type(wins) is list or type(wins) is tuple) and (
        isinstance(wins, (str, bytes, Mapping)) or not isinstance(wins, Sequence)
    ):
        raise InputError(f"a ron has 1-{n - 1} winners (a list of WIN mappings), got {shown(wins)}")
    if not 1 <= len(wins) < n:
        raise InputError(f"a ron has 1-{n - 1} winners (a list of WIN mappings), got {shown(wins)}")
    fields = [_win_fields(w, i) for i, w in enumerate(wins)]
    if len(fields) == 1:
        only: Any = fields[0].get("seat")
        if type(only) is not int or not 0 <= only < n:
            _seat(only, "each of the winners' seats", n)
        seats: tuple[int, ...] = (only,)
    else:
        seats = _seats([w.get("seat") for w in fields], "the winners' seats", n)
    if discarder in seats:
        raise InputError(f"seat {discarder} discarded the tile and cannot ron it")
    if len(seats) == 3 and "triple_ron" in table.abortive:
        ledger.note("triple_ron", 0, "three players ron one discard: an abortive draw (draws.abortive)")
        return _abort(rs, table, state, "triple_ron", declared, sticks, ledger, noted=True)
    order = [0] if len(seats) == 1 else sorted(range(len(seats)), key=lambda i: (seats[i] - discarder) % n)
    paid = order[:1] if table.head_bump and len(order) > 1 else order
    if len(paid) < len(order):
        bumped = [seats[i] for i in order[1:]]
        ledger.note(
            "head_bump",
            0,
            "head bump: only seat {}, nearest the discarder, is paid; {} nothing",
            seats[order[0]],
            " and ".join(f"seat {s}" for s in bumped) + (" gets" if len(bumped) == 1 else " get"),
        )
    honba_each = state.honba * rules.honba_ron
    nearest = seats[paid[0]]
    for position, index in enumerate(paid):
        seat = seats[index]
        win = fields[index]
        result, holds = _score_win(rs, state, win, seat, False, declared, scored.get(seat))
        liable = _pao(rs, table, win, seat, holds) if "pao" in win else None
        value = result.payments["ron"]
        honba = honba_each if (position == 0 or table.honba_to_each) else 0
        honba_payer = discarder
        if liable is not None and liable != discarder and table.pao_ron_split:
            part = payments(
                rules, _liable_basic(rs, rules, result, holds, seat == state.dealer), seat == state.dealer, False
            )["ron"]
            half = part // 2
            ledger.pay("pao", liable, seat, half, "liable for half of the yakuman, {}", result)
            ledger.pay("ron", discarder, seat, value - half, "ron, {}, the rest", result)
            if table.pao_honba_liable:
                honba_payer = liable
        else:
            ledger.pay("ron", discarder, seat, value, "ron, {}", result)
        ledger.pay("honba", honba_payer, seat, honba, "{} honba × {}", state.honba, rules.honba_ron)
    winners = seats if len(seats) == 1 else tuple(seats[i] for i in paid)
    _take_sticks(rules, ledger, sticks, nearest, winners, declared)
    return _after_win(rs, table, state, "ron", winners, ledger)


def _tsumo(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    detail: Any,
    declared: tuple[int, ...],
    sticks: int,
    ledger: _Ledger,
    scored: Mapping[int, HandScore],
) -> Settlement:
    table = rules.table
    win = _win_fields(detail, None)
    n = table.players
    seat = _seat(win.get("seat"), "the winner's seat", n)
    result, holds = _score_win(rs, state, win, seat, True, declared, scored.get(seat))
    dealer = seat == state.dealer
    liable = _pao(rs, table, win, seat, holds) if "pao" in win else None
    honba = state.honba * rules.honba_tsumo_each
    others = [s for s in range(n) if s != seat]
    pays = result.payments
    if liable is not None:
        part_basic = _liable_basic(rs, rules, result, holds, dealer)
        part = payments(rules, part_basic, dealer, False)["ron"]
        ledger.pay("pao", liable, seat, part, "liable for the yakuman, {}, by tsumo", result)
        rest_basic = result.yakuman * rules.yakuman_basic - part_basic
        if rest_basic > 0:
            rest = payments(rules, rest_basic, dealer, True)
            for payer in others:
                due = rest["each"] if dealer else rest["dealer" if payer == state.dealer else "non_dealer"]
                ledger.pay("tsumo", payer, seat, due, "tsumo, the yakuman besides the liability")
        ledger.pay(
            "honba",
            liable,
            seat,
            honba * (n - 1),
            "{} honba × {} × {}, by the liable player",
            state.honba,
            rules.honba_tsumo_each,
            n - 1,
        )
    else:
        delta, notes = ledger.delta, ledger.notes
        honba_args = (state.honba, rules.honba_tsumo_each)
        for payer in others:
            due = pays["each"] if dealer else pays["dealer" if payer == state.dealer else "non_dealer"]
            delta[payer] -= due + honba
            delta[seat] += due + honba
            notes.append(("tsumo", due, "tsumo, {}", (result,), payer, seat))
            if honba:
                notes.append(("honba", honba, "{} honba × {}", honba_args, payer, seat))
    winners = (seat,)
    _take_sticks(rules, ledger, sticks, seat, winners, declared)
    return _after_win(rs, table, state, "tsumo", winners, ledger)


def _take_sticks(
    rules: RiichiRules, ledger: _Ledger, sticks: int, nearest: int, winners: tuple[int, ...], declared: tuple[int, ...]
) -> None:
    """The riichi sticks on the table go to the nearest winner; under ``own_then_nearest`` each
    riichi winner first takes back their own stick of this hand."""
    stick = rules.riichi_stick
    if rules.table.own_sticks_back and len(winners) > 1:
        for seat in winners:
            if seat != nearest and seat in declared:
                sticks -= 1
                ledger.delta[seat] += stick
                ledger.note("riichi_back", stick, "seat {} takes back their own riichi stick", seat)
    if sticks:
        ledger.delta[nearest] += sticks * stick
        ledger.note("sticks", sticks * stick, "seat {} takes {} riichi stick(s) from the table", nearest, sticks)


def _draw(
    rs: RuleSet,
    rules: RiichiRules,
    state: State,
    detail: Any,
    declared: tuple[int, ...],
    sticks: int,
    ledger: _Ledger,
) -> Settlement:
    table = rules.table
    if not isinstance(detail, Mapping) or not set(detail) <= {"tenpai", "nagashi"} or "tenpai" not in detail:
        raise InputError(f"a draw is {{'tenpai': [seats], 'nagashi': [seats]}}, got {shown(detail)}")
    n = table.players
    tenpai = _seats(detail["tenpai"], "tenpai", n)
    nagashi = _seats(detail.get("nagashi", ()), "nagashi", n)
    for seat in declared:
        if seat not in tenpai:
            raise InputError(f"seat {seat} declared riichi, so is tenpai at the draw (a noten riichi is a chombo)")
    if nagashi and not table.nagashi_mangan:
        raise InputError("the rule set has no nagashi mangan (draws.nagashi_mangan: false)")
    if nagashi:
        for seat in nagashi:
            dealer = seat == state.dealer
            pays = nagashi_payments(rs, dealer)
            for payer in range(n):
                if payer != seat:
                    due = pays["each"] if dealer else pays["dealer" if payer == state.dealer else "non_dealer"]
                    ledger.pay("nagashi", payer, seat, due, "nagashi mangan, paid as a tsumo (no honba)")
        ledger.note("nagashi", 0, "nagashi mangan replaces the noten payments")
    elif table.noten_payments and 0 < len(tenpai) < n:
        noten = [s for s in range(n) if s not in tenpai]
        gain, loss = table.noten_payments // len(tenpai), table.noten_payments // len(noten)
        for seat in noten:
            ledger.delta[seat] -= loss
            ledger.note("noten", -loss, "seat {} is noten and pays {}", seat, loss)
        for seat in tenpai:
            ledger.delta[seat] += gain
            ledger.note("tenpai", gain, "seat {} is tenpai and receives {}", seat, gain)
    else:
        ledger.note("noten", 0, "{} tenpai: no noten payments", len(tenpai))
    ledger.note("sticks", 0, "{} riichi stick(s) stay on the table", sticks)
    renchan = table.renchan_tenpai and state.dealer in tenpai
    return _next(rs, table, state, "draw", (), ledger, renchan, table.honba_draw, sticks, "tenpai_yame")


def _abort(
    rs: RuleSet,
    table: TableRules,
    state: State,
    detail: Any,
    declared: tuple[int, ...],
    sticks: int,
    ledger: _Ledger,
    noted: bool = False,
) -> Settlement:
    if detail not in ABORTIVE:
        raise InputError(f"an abortive draw is one of {', '.join(ABORTIVE)}, got {shown(detail)}")
    if detail not in table.abortive:
        have = ", ".join(sorted(table.abortive)) or "none"
        raise InputError(f"the rule set has no abortive draw {detail!r} (draws.abortive: {have})")
    if detail == "four_riichi" and len(declared) != table.players:
        raise InputError("four_riichi: all four seats declare riichi this hand (the riichi list)")
    if not noted:
        ledger.note("abort", 0, "abortive draw: {}", detail.replace("_", " "))
    ledger.note("sticks", 0, "{} riichi stick(s) stay on the table", sticks)
    return _next(rs, table, state, "abort", (), ledger, table.renchan_abort, table.honba_draw, sticks, None)


def _chombo(
    rs: RuleSet, rules: RiichiRules, state: State, detail: Any, declared: tuple[int, ...], ledger: _Ledger
) -> Settlement:
    table = rules.table
    offender = _seat(detail, "the chombo's seat", table.players)
    penalty = table.chombo
    if penalty is None:
        raise InputError("the rule set has no chombo penalty (penalties.chombo: none)")
    for seat in declared:  # the hand is void: this hand's riichi sticks go back
        ledger.delta[seat] += rules.riichi_stick
        ledger.note(
            "riichi_back",
            rules.riichi_stick,
            "seat {}'s riichi stick goes back (the hand is void)",
            seat,
        )
    if penalty.reverse_mangan:
        basic = next(t.basic for t in rules.tiers if t.id == "mangan")
        offender_deals = offender == state.dealer
        pays = payments(rules, basic, offender_deals, True)
        for seat in range(table.players):
            if seat != offender:
                due = pays["each"] if offender_deals else pays["dealer" if seat == state.dealer else "non_dealer"]
                ledger.pay("chombo", offender, seat, due, "chombo: a reverse mangan")
    penalties = state.penalties
    if penalty.deduction:
        penalties = tuple(p + (penalty.deduction if s == offender else 0) for s, p in enumerate(penalties))
        ledger.note("chombo", 0, "chombo: seat {} loses {} points after uma at the end", offender, penalty.deduction)
    state = make_state(
        state.scores, state.dealer, state.wind_index, state.hand, state.honba, state.sticks, None, penalties
    )
    if penalty.replay:
        ledger.note("replay", 0, "the hand is replayed: same dealer, same honba")
        scores = _scores_after(state, ledger)
        reason = "bankruptcy" if table.bankruptcy and min(scores) < 0 else None
        return _finish(
            state,
            "chombo",
            (),
            ledger,
            scores,
            state.dealer,
            state.wind_index,
            state.hand,
            state.honba,
            state.sticks,
            reason,
        )
    return _next(rs, table, state, "chombo", (), ledger, False, table.honba_draw, state.sticks, None)


# --- the next state -------------------------------------------------------------------------


def _after_win(
    rs: RuleSet, table: TableRules, state: State, kind: str, winners: tuple[int, ...], ledger: _Ledger
) -> Settlement:
    if state.dealer in winners:
        return _next(
            rs, table, state, kind, winners, ledger, table.renchan_win, table.honba_dealer_win, 0, "agari_yame"
        )
    return _next(rs, table, state, kind, winners, ledger, False, table.honba_other_win, 0, "agari_yame")


def _next(
    rs: RuleSet,
    table: TableRules,
    state: State,
    kind: str,
    winners: tuple[int, ...],
    ledger: _Ledger,
    renchan: bool,
    honba_policy: str,
    sticks: int,
    yame: str | None,
) -> Settlement:
    """The next hand (renchan or the deal passes), then whether the game ends here."""
    honba = state.honba
    honba = (
        (honba + 1 if honba < MAX_COUNT else honba) if honba_policy == "add" else honba if honba_policy == "keep" else 0
    )
    at = wind = WIND_INDEX[state.round_wind]
    hand = state.hand
    dealer = state.dealer
    notes = ledger.notes
    if renchan:
        notes.append(("renchan", 0, "renchan: seat {} deals again", (dealer,), -1, -1))
    else:
        dealer, hand = (dealer + 1) % table.players, hand + 1
        if hand > table.players:
            wind, hand = wind + 1, 1
    delta = ledger.delta
    scores = _scores_after(state, ledger)
    last = table.winds - 1
    reason = None
    if (table.bankruptcy and min(scores) < 0) or at > last or (at == last and state.hand == table.players):
        reason = _end_reason(table, state, scores, renchan, yame, wind)
    if reason is None:
        notes.append(("next", 0, _NEXT, (WIND_NAMES[wind], hand, honba, sticks), -1, -1))
        after = _new_state(State, (scores, dealer, WIND_NAMES[wind], hand, honba, sticks, False, None, state.penalties))
        return Settlement(kind, tuple(delta), after, winners, Steps(ledger.steps))
    return _finish(state, kind, winners, ledger, scores, dealer, wind, hand, honba, sticks, reason)


_RIICHI = "seat {} declares riichi: one stick on the table"
_NEXT = "next: {} {}, {} honba, {} riichi stick(s) on the table"
_new_state = tuple.__new__


def _scores_after(before: State, ledger: _Ledger) -> tuple[int, ...]:
    delta = ledger.delta
    old = before.scores
    if len(old) == 4:  # the common table, without a generator
        return (old[0] + delta[0], old[1] + delta[1], old[2] + delta[2], old[3] + delta[3])
    return tuple(score + change for score, change in zip(old, delta))


def _finish(
    before: State,
    kind: str,
    winners: tuple[int, ...],
    ledger: _Ledger,
    scores: tuple[int, ...],
    dealer: int,
    wind: int,
    hand: int,
    honba: int,
    sticks: int,
    reason: str | None,
) -> Settlement:
    if reason is not None:
        ledger.note("end", 0, "the game ends: {}", reason.replace("_", " "))
        dealer, wind, hand = before.dealer, before.wind_index, before.hand
    else:
        ledger.note("next", 0, _NEXT, WIND_NAMES[wind], hand, honba, sticks)
    state = make_state(scores, dealer, wind, hand, honba, sticks, reason, before.penalties)
    return Settlement(kind, tuple(ledger.delta), state, winners, Steps(ledger.steps))


def _end_reason(
    table: TableRules,
    before: State,
    scores: tuple[int, ...],
    renchan: bool,
    yame: str | None,
    next_wind: int,
) -> str | None:
    """Why the game ends after this hand, or ``None``: bankruptcy; in the last regular hand or
    the extension, agari-/tenpai-yame for a leading dealer, else the end of the last hand unless
    nobody has the extension's target and the extension has hands left."""
    if table.bankruptcy and min(scores) < 0:
        return "bankruptcy"
    last_regular = table.winds - 1
    wind = before.wind_index
    if wind < last_regular or (wind == last_regular and before.hand < table.players):
        return None
    target = table.extension_target
    reached = target is None or max(scores) >= target
    in_extension = wind > last_regular
    if renchan:
        if yame is None or not reached:
            return None
        allowed = table.agari_yame if yame == "agari_yame" else table.tenpai_yame
        if (
            allowed
            and _sole_first(table, scores, before.dealer)
            and (target is None or scores[before.dealer] >= target)
        ):
            return yame
        return None
    if reached:
        return "target_reached" if in_extension else "last_hand"
    if next_wind > table.extension_last:
        return "extension_end"
    return None


def _sole_first(table: TableRules, scores: tuple[int, ...], seat: int) -> bool:
    """``seat`` places first: the most points; a tie goes to the earlier seat under seat-order
    ties and counts as not first when ties are split."""
    top = max(scores)
    if scores[seat] != top:
        return False
    tied = [s for s, points in enumerate(scores) if points == top]
    return len(tied) == 1 or (not table.ties_split and tied[0] == seat)
