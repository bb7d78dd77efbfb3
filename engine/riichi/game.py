"""Riichi as a registered game: how its rule sets compile, the situations ``diff`` compares,
its payment table and its commands (``score``, ``hand``)."""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .._core.commands import Command, Output, add_deprecated, count_argument, whole_number_argument
from .._core.errors import InputError
from .._core.game import Part
from .._core.memo import remembered
from .._core.results import Built
from . import hookspecs
from .present.explain import hand_lines, score_text, step_lines, win_name
from .rules.table import WIND_NAMES
from .scoring.situation import EVALUATE_ARGUMENTS, FLAGS

if TYPE_CHECKING:
    import pluggy

    from .. import diff
    from .._core.docspart import YakuExample
    from .._core.errors import Location, Problem
    from .._core.expressions import ExpressionContext
    from .._core.game import Checked
    from .._core.ruleset import RuleSet
    from .._core.studypart import StudyPart
    from .._core.webpart import WebPart
    from .._core.yamlsource import LocatedDict
    from .cases import hands as _corpus
    from .rules.compiled import RiichiRules, Yaku

# What a command or a diff needs is imported when it runs: loading a rule set, or scoring one
# hand from the command line, imports only the modules it uses.

_SCORE_KEYS = {"han", "fu", "yaku", "dora", "open", "yakuman", "dealer", "tsumo", "honba", "riichi_sticks"}
#: A case given by its tiles: what :func:`evaluate` takes.
_TILE_KEYS = {*EVALUATE_ARGUMENTS, *FLAGS}
_WINS = ((False, False), (False, True), (True, False), (True, True))  # (dealer, tsumo)


_HERE = __name__.rpartition(".")[0]


class RiichiGame:
    """Riichi mahjong: rule sets with ``game: riichi``."""

    name = "riichi"
    hookspecs: ModuleType = hookspecs
    schema = Path(__file__).with_name("ruleset.schema.json")
    study: Part[StudyPart] = Part(f"{_HERE}.study.part:STUDY")

    def compile(
        self, document: LocatedDict, manager: pluggy.PluginManager, where: Location, checked: Checked
    ) -> tuple[RiichiRules | None, list[Problem]]:
        """Compile a resolved Riichi rule set (see :func:`compile_rules`)."""
        from .rules.compiled import compile_rules

        return compile_rules(document, manager, where, checked)

    def expressions(self) -> tuple[ExpressionContext, ...]:
        """Where Riichi rule sets write expressions, and the names each may use."""
        from .rules.compiled import EXPRESSIONS

        return EXPRESSIONS

    # --- diff --------------------------------------------------------------------------------

    def situations(self, a: RuleSet, b: RuleSet) -> Iterator[diff.Situation]:
        """The payment grid, every yaku's han open and closed, every pair and triple of yakuman one
        hand can hold, a seeded corpus of hands from their tiles,
        and the table situations (settlements, the end of a game, standings, tiles).

        When either rule set seats three players, the payments read with their total (a tsumo
        has one payer fewer), the hands are of the tiles and calls both can have, with kita, and
        the table situations are those of a table of three (and of four, if the other seats
        four): a situation one rule set cannot have is left out of the comparison."""
        from .cases import hands as _corpus
        from .cases.table import table_situations
        from .rules.compiled import rules_of
        from .scoring.grid import grid_fu

        rules_a, rules_b = rules_of(a), rules_of(b)
        sides = (rules_a.table, rules_b.table)
        three = any(t.players == 3 for t in sides)
        fus = sorted({*grid_fu(rules_a), *grid_fu(rules_b)})
        for han, fu, dealer, tsumo, honba in itertools.product(range(1, 16), fus, (False, True), (False, True), (0, 1)):
            who = ("dealer" if dealer else "non-dealer") + (" tsumo" if tsumo else " ron")
            yield (
                "grid",
                f"{han} han {fu} fu, {who}, {honba} honba",
                _hand(totals=three, han=han, fu=fu, dealer=dealer, tsumo=tsumo, honba=honba),
            )
        # The disabled ids are a set: sorted, so that the situations (and the report's order of
        # equal changes) are the same in every process, whatever the hash seed.
        ids = list(dict.fromkeys([*rules_a.yaku, *sorted(rules_a.disabled), *rules_b.yaku, *sorted(rules_b.disabled)]))
        for ident in ids:
            for is_open in (False, True):
                yield "yaku", f"{ident}, {'open' if is_open else 'closed'}", _yaku_han(ident, is_open)
        tables = (rules_a.yaku, rules_b.yaku)
        yakuman = [i for i in ids if any(table[i].yakuman for table in tables if i in table)]
        apart = {frozenset((i, j)) for table in tables for i, y in table.items() for j in y.excludes | y.replaces}
        for size in (2, 3):
            for combo in itertools.combinations(yakuman, size):
                if any(frozenset(pair) in apart for pair in itertools.combinations(combo, 2)):
                    continue  # no hand holds both (`excludes`), or one replaces the other
                dealer, tsumo = _win_for([table[i] for table in tables for i in combo if i in table])
                text = " + ".join(combo) + (" (tsumo)" if tsumo else "") + (" (dealer)" if dealer else "")
                yield "yakuman", text, _hand(totals=three, yakuman=list(combo), tsumo=tsumo, dealer=dealer)
        kinds = _corpus.FOUR_PLAYERS
        if three:
            kinds = _corpus.Table(
                removed=frozenset().union(*(t.removed for t in sides)),
                chi=all(t.chi for t in sides),
                kita=any(t.kita is not None for t in sides),
                north_seat=False,
            )
        for text, run in _corpus_cases(kinds):
            yield "hands", text, run
        for players in sorted({t.players for t in sides}, reverse=True):
            yield from table_situations(players)

    def unaffected(self, group: str, path: str) -> bool:
        """Whether the outcomes of ``group`` do not depend on the rule at ``path``: a scored hand
        (the grid, a yaku's han, yakuman, hands from tiles) never reads the table around it."""
        return any(path == rule or path.startswith((rule + ".", rule + "[")) for rule in _NOT_READ.get(group, ()))

    #: The keys a user's case may have (``yakuset diff --cases``).
    case_keys = frozenset(_SCORE_KEYS | _TILE_KEYS)

    def case(self, params: Mapping[str, Any]) -> Callable[[RuleSet], diff.Outcome] | None:
        """A hand by han and fu, declared yaku or yakuman (the arguments of :func:`score`), or by
        its tiles (``hand``, ``win``, ``melds`` ... as :func:`evaluate` takes them)."""
        if "hand" in params and set(params) <= _TILE_KEYS:
            return _tiles_case(dict(params))
        return _hand(**params) if set(params) <= _SCORE_KEYS else None

    # --- the command line --------------------------------------------------------------------

    def table(self, rs: RuleSet, fmt: str) -> Output:
        """The han × fu payment grids and the limit rows."""
        from .present import grids as _render
        from .scoring.grid import payment_grids

        grids, limits = payment_grids(rs)
        text = (_render.grids_markdown if fmt == "markdown" else _render.grids_text)(rs, grids, limits)
        return Output(text, _render.grids_json(rs, grids, limits))

    # --- the documentation site ------------------------------------------------------------

    def yaku_examples(self, rs: RuleSet) -> list[YakuExample]:
        """A hand for each yaku, from ``yaku_examples.yaml``, scored under ``rs``."""
        from .present.yaku_examples import yaku_examples

        return yaku_examples(rs)

    # --- yakuset serve ------------------------------------------------------------------------

    def web(self) -> WebPart:
        """The payment grids, limits and yaku of a rule set's page, the calculator, and the
        API's ``score`` and ``evaluate``."""
        from .present.web import WEB_PART

        return WEB_PART

    def commands(self) -> list[Command]:
        """``score``, ``hand``, ``tiles`` and ``play``."""
        return [
            Command("score", "the payments for a winning Riichi hand", _score_arguments, _score_command),
            Command(
                "hand", "score a Riichi hand from its tiles: yaku, fu and payments", _hand_arguments, _hand_command
            ),
            Command(
                "tiles",
                "the Riichi tiles in mpsz notation with their names (with a rule set: the tiles it plays)",
                _no_arguments,
                _tiles_command,
                _tiles_alone,
            ),
            Command(
                "play",
                "replay a Riichi game script: each hand settled, then the standings",
                _play_arguments,
                _play_command,
            ),
        ]


GAME: RiichiGame = RiichiGame()

#: The rules no hand's score reads (``score``, ``evaluate`` and what a hand cannot have): the
#: rule set's words, and the table's points, ending, draws, dealer repeats, liability, penalties,
#: what a win passes on to the table, and when a kan's dora shows (compiled into ``TableRules``
#: fields that only settling, the state and standings read).
_TABLE_ONLY = (
    "name",
    "metadata",
    "points",
    "ending",
    "draws",
    "dealer",
    "liability",
    "penalties",
    "wins.multiple_ron",
    "wins.honba_to",
    "wins.sticks_to",
    "wins.atozuke",
    "wins.kuikae",
    "wins.riichi_draws_left",
    "tiles.kan_dora_timing",
    "kita.ron",
    "kita.breaks_ippatsu",
)
#: By group of ``situations``, the rules none of its outcomes reads: a hand from its tiles reads
#: the tiles there are and the calls allowed; a hand by han and fu, a yaku's han or declared
#: yakuman (``score``) do not.
_NOT_READ = {
    "hands": _TABLE_ONLY,
    "grid": (*_TABLE_ONLY, "tiles", "wins.chi", "kita"),
    "yakuman": (*_TABLE_ONLY, "tiles", "wins.chi", "kita"),
    "yaku": (*_TABLE_ONLY, "tiles", "wins.chi", "kita"),
}


def _win_for(yaku: list[Yaku]) -> tuple[bool, bool]:
    """A win (dealer, tsumo) that every one of ``yaku`` allows, closed; the first of the four if none."""
    return next((win for win in _WINS if all(y.allowed(win[0], win[1], False) for y in yaku)), _WINS[0])


def _hand(totals: bool = False, **kwargs: Any) -> Callable[[RuleSet], diff.Outcome]:
    """A hand scored by :func:`score`; with ``totals``, a tsumo's summary names the total the
    winner receives too (with three players the payments no longer tell it)."""
    from .. import diff
    from .scoring.score import score

    def run(rs: RuleSet) -> diff.Outcome:
        result = score(rs, **kwargs)
        pays = ", ".join(f"{k} {v}" for k, v in result.payments.items())
        level = f" {result.limit}" if result.limit else ""
        if result.yakuman > 1:
            level = f" {result.yakuman}x yakuman"
        total = f"; total {result.total}" if totals and "ron" not in result.payments else ""
        return diff.Outcome(result.total, f"{pays}{level}{total}", Built(step_lines, result))

    return run


@remembered("riichi", "corpus situations", 8)
def _corpus_cases(kinds: _corpus.Table) -> tuple[tuple[str, Callable[[RuleSet], diff.Outcome]], ...]:
    """The corpus of hands of the tiles and calls ``kinds`` allows, each in words and how to score
    it: the same for every comparison at such a table (each run reads only its hand and the rule
    set it is given), so worked out once."""
    from .cases.hands import corpus, describe

    return tuple((describe(hand), _tiles_case(hand)) for hand in corpus(table=kinds))


def _tiles_case(params: dict[str, Any]) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .cases.absent import hand_absent
    from .scoring.hand import evaluate

    kwargs = dict(params)
    hand = kwargs.pop("hand")
    melds = kwargs.pop("melds", ())
    if isinstance(melds, list):  # from YAML: [[pon, 555z], ...]
        melds = [tuple(m) if isinstance(m, list) else m for m in melds]

    def run(rs: RuleSet) -> diff.Outcome:
        absent = hand_absent(rs, params)
        if absent is not None:
            return diff.Outcome.cannot_arise(absent)
        result = evaluate(rs, hand, melds=melds, **kwargs)
        level = f"{result.yakuman}x yakuman" if result.yakuman else f"{result.han} han {result.fu} fu"
        return diff.Outcome(
            result.total,
            f"{level} ({', '.join(result.yaku)}); total {result.total}",
            Built(step_lines, result),
        )

    return run


def _yaku_han(ident: str, is_open: bool) -> Callable[[RuleSet], diff.Outcome]:
    from .. import diff
    from .rules.compiled import rules_of

    def run(rs: RuleSet) -> diff.Outcome:
        found = rules_of(rs).yaku.get(ident)
        if found is None:
            return diff.Outcome(None, "not used")
        if found.yakuman:
            return diff.Outcome(None, "yakuman" + (" (closed only)" if found.closed_only and is_open else ""))
        if is_open and found.closed_only:
            return diff.Outcome(None, "closed only")
        han = found.han_for(is_open)
        extra = " (stands alone)" if found.exclusive else ""
        return diff.Outcome(han, f"{han} han{extra}")

    return run


#: Why ``--dora`` is deprecated: the same word meant a count in one command and a tile in the other.
DORA_SPELLINGS = "`score --dora` counted dora and `hand --dora` named an indicator tile"


def _id_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _score_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--han", type=whole_number_argument, help="the hand's han (dora included)")
    sub.add_argument("--fu", type=whole_number_argument, help="the hand's raw fu (rounded up here)")
    sub.add_argument("--yaku", help="declared yaku ids, comma-separated (riichi,pinfu,ittsu)")
    sub.add_argument(
        "--dora-count",
        dest="dora",
        type=count_argument,
        default=0,
        metavar="N",
        help="dora, red fives and ura dora, with --yaku",
    )
    add_deprecated(sub, "--dora", "--dora-count", DORA_SPELLINGS, dest="dora", type=count_argument, metavar="N")
    sub.add_argument(
        "--kita", type=count_argument, default=0, help="north tiles extracted (three players), each dora, with --yaku"
    )
    sub.add_argument("--open", action="store_true", help="the hand has an open meld")
    sub.add_argument("--yakuman", help="declared yakuman ids, comma-separated (daisangen,tsuuiisou)")
    sub.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    sub.add_argument("--tsumo", action="store_true", help="won by tsumo (default: ron)")
    sub.add_argument("--honba", type=count_argument, default=0, help="honba (counter) sticks")
    sub.add_argument("--riichi-sticks", type=count_argument, default=0, help="riichi sticks the winner takes")
    sub.add_argument("--explain", action="store_true", help="show every step")


def _score_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .rules.compiled import rules_of
    from .scoring.hand import check_kita
    from .scoring.score import score

    modes = [name for name in ("han", "yaku", "yakuman") if getattr(args, name) is not None]
    if len(modes) != 1:
        raise InputError("give exactly one of --han (with --fu), --yaku or --yakuman")
    table = rules_of(rs).table
    check_kita(rs, table, args.kita)
    if args.kita and args.yaku is None:
        raise InputError("--kita counts dora for --yaku: --han already holds every dora, and a yakuman counts none")
    situation = {"dealer": args.dealer, "tsumo": args.tsumo, "honba": args.honba, "riichi_sticks": args.riichi_sticks}
    if args.han is not None:
        result = score(rs, han=args.han, fu=args.fu, **situation)
    elif args.yaku is not None:
        # Each extracted north counts as the rule set's dora (a west indicator's share is given in --dora).
        dora = args.dora + (args.kita * table.kita.dora_each if table.kita else 0)
        result = score(rs, yaku=_id_list(args.yaku), dora=dora, fu=args.fu, open=args.open, **situation)
    else:
        if args.fu is not None or args.dora:
            raise InputError("--yakuman takes no --fu or --dora-count: a yakuman hand counts neither")
        result = score(rs, yakuman=_id_list(args.yakuman), open=args.open, **situation)
    win = win_name(args.dealer, args.tsumo)
    return Output(score_text(result, args.explain, table.players, win), result.as_dict())


def _hand_arguments(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("hand", help="the concealed tiles in mpsz notation, the winning tile included (0 = red five)")
    sub.add_argument("--win", required=True, help="the winning tile, e.g. 4s")
    for kind in ("chi", "pon", "kan", "ankan"):
        sub.add_argument(
            f"--{kind}",
            action="append",
            default=[],
            metavar="TILES",
            help=f"a {'closed kan' if kind == 'ankan' else 'called ' + kind} (repeatable)",
        )
    winds = list(WIND_NAMES)
    # The names evaluate() uses (seat_wind, dora_indicators ...); the short ones shipped first stay.
    sub.add_argument(
        "--seat-wind",
        "--seat",
        dest="seat",
        default="south",
        choices=winds,
        help="the winner's wind (east: the dealer)",
    )
    sub.add_argument("--round-wind", "--round", dest="round", default="east", choices=winds, help="the round's wind")
    sub.add_argument(
        "--dora-indicator",
        dest="dora",
        action="append",
        default=[],
        metavar="TILES",
        help="dora indicator(s), e.g. 7s (repeatable)",
    )
    add_deprecated(sub, "--dora", "--dora-indicator", DORA_SPELLINGS, dest="dora", action="append", metavar="TILES")
    sub.add_argument(
        "--ura-indicator",
        "--ura",
        dest="ura",
        action="append",
        default=[],
        metavar="TILES",
        help="ura dora indicator(s) (repeatable)",
    )
    for flag in FLAGS:
        sub.add_argument(
            f"--{flag.replace('_', '-')}", dest=flag, action="store_true", help=f"the win is {flag.replace('_', ' ')}"
        )
    sub.add_argument("--kita", type=count_argument, default=0, help="north tiles extracted (three players)")
    sub.add_argument("--honba", type=count_argument, default=0, help="honba (counter) sticks")
    sub.add_argument("--riichi-sticks", type=count_argument, default=0, help="riichi sticks the winner takes")
    sub.add_argument("--explain", action="store_true", help="show the yaku, every fu part and each payment")


def _hand_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .rules.compiled import rules_of
    from .scoring.hand import evaluate
    from .tiles.notation import parse_tiles, tile_name

    melds = [(kind, text) for kind in ("chi", "pon", "kan", "ankan") for text in getattr(args, kind)]
    indicators = [tile_name(t) for text in args.dora for t in parse_tiles(text)[0]]
    ura = [tile_name(t) for text in args.ura for t in parse_tiles(text)[0]]
    result = evaluate(
        rs,
        args.hand,
        win=args.win,
        melds=melds,
        seat_wind=args.seat,
        round_wind=args.round,
        dora_indicators=indicators,
        ura_indicators=ura,
        honba=args.honba,
        riichi_sticks=args.riichi_sticks,
        kita=args.kita,
        **{f: getattr(args, f) for f in FLAGS},
    )
    players = rules_of(rs).table.players
    win = win_name(args.seat == "east", args.tsumo)
    details = [] if args.explain else hand_lines(rs, result)
    return Output(score_text(result, args.explain, players, win, details), result.as_dict())


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    return None


def _tiles_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from .present.tile_names import tiles_output

    return tiles_output(rs)


def _tiles_alone(args: argparse.Namespace) -> Output:
    from .present.tile_names import tiles_output

    return tiles_output()


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", help="the script: players, dealer, hands (see examples/)")


def _play_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    path = Path(args.script)
    if not path.is_file():
        raise InputError(f"{args.script}: no such file")
    from .settlement.scripts import game_text, load_game, replay_game

    trace = replay_game(rs, load_game(path))
    return Output(game_text(trace), trace.as_dict())
