"""The ``yakuset`` command.

Exit codes: 0 success; 1 a negative answer (an invalid file); 2 a usage or
load error. Errors are printed as readable lines on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import diff, diff_render, hand, koikoi, play, render, riichi
from .errors import InputError, Location, Problem, RulesetError
from .resolve import display_name, read_file
from .ruleset import RuleSet, list_rulesets, load_ruleset

EXIT_OK, EXIT_NEGATIVE, EXIT_ERROR = 0, 1, 2


class UsageError(Exception):
    """A command line that cannot be run."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _emit_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _ruleset_arg(value: str) -> RuleSet:
    # load_ruleset reads a name with a slash or a .yaml ending as a file, anything else as an id.
    return load_ruleset(value)


def cmd_list(args: argparse.Namespace) -> int:
    rulesets = [rs for rs in list_rulesets() if args.game in (None, rs.game)]
    if args.json:
        _emit_json([{"id": rs.id, "game": rs.game, "name": rs.name,
                     "description": rs.metadata.get("description", "")} for rs in rulesets])
        return EXIT_OK
    width = max((len(rs.id) for rs in rulesets), default=0)
    for rs in rulesets:
        print(f"{rs.id.ljust(width)}  {rs.game:<7} {rs.name}: {rs.metadata.get('description', '')}".rstrip())
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    rs = _ruleset_arg(args.ruleset)
    if args.resolved:
        if args.json:
            _emit_json({
                "ruleset": rs.id,
                "files": [f.display for f in rs.files],
                "document": rs.document,
                "sources": {_path_text(path): f"{where.file}:{where.line}" for path, _v, where in rs.leaves()},
            })
        else:
            sys.stdout.write(render.resolved_text(rs))
        return EXIT_OK
    if args.json:
        _emit_json({"ruleset": rs.id, "file": rs.files[0].display, "document": rs.files[0].data})
    else:
        sys.stdout.write(f"# {rs.files[0].display}\n" + rs.path.read_text(encoding="utf-8"))
    return EXIT_OK


def _path_text(path: tuple[str | int, ...]) -> str:
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def cmd_validate(args: argparse.Namespace) -> int:
    report = []
    for name in args.files:
        path = Path(name)
        if not path.is_file():
            raise UsageError(f"{name}: no such file")
        problems = _problems_of(path)
        report.append({"file": display_name(path.resolve()), "valid": not problems,
                       "problems": [_problem_dict(p) for p in problems]})
        if not args.json:
            for problem in problems:
                print(problem)
            if not problems:
                print(f"{display_name(path.resolve())}: ok")
    if args.json:
        _emit_json(report)
    return EXIT_OK if all(r["valid"] for r in report) else EXIT_NEGATIVE


def _problems_of(path: Path) -> list[Problem]:
    # An abstract base (file name starting with "_") is checked as written only.
    if path.stem.startswith("_"):
        return read_file(path.resolve())[1]
    try:
        load_ruleset(path)
    except RulesetError as exc:
        return exc.problems
    return []


def _problem_dict(problem: Problem) -> dict[str, Any]:
    where = problem.location
    return {"file": where.file, "line": where.line, "col": where.col, "path": problem.path,
            "message": problem.message, "hint": problem.hint}


def cmd_award(args: argparse.Namespace) -> int:
    rs = _ruleset_arg(args.ruleset)
    result = koikoi.award(rs, base=args.base, own_calls=args.own_calls, opponent_calls=args.opponent_calls,
                          field_brights=args.field_brights)
    if args.json:
        _emit_json(result.as_dict())
    elif args.explain:
        print(result.explanation)
        for step in result.steps:
            print(f"  {step.id}: {'+' if step.op == 'add' else '×'} {step.factor} ({step.label})")
    else:
        print(result.points)
    return EXIT_OK


def cmd_table(args: argparse.Namespace) -> int:
    rs = _ruleset_arg(args.ruleset)
    fmt = "json" if args.json else args.format
    if rs.game == "riichi":
        grids, limits = riichi.payment_grids(rs)
        if fmt == "json":
            _emit_json(render.grids_json(rs, grids, limits))
        else:
            sys.stdout.write((render.grids_markdown if fmt == "markdown" else render.grids_text)(rs, grids, limits))
        return EXIT_OK
    tables = koikoi.award_tables(rs)
    if fmt == "json":
        _emit_json(render.tables_json(rs, tables))
    elif fmt == "markdown":
        sys.stdout.write(render.tables_markdown(rs, tables))
    else:
        sys.stdout.write(render.tables_text(rs, tables))
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    rs = _ruleset_arg(args.ruleset)
    modes = [name for name in ("han", "yaku", "yakuman") if getattr(args, name) is not None]
    if len(modes) != 1:
        raise UsageError("give exactly one of --han (with --fu), --yaku or --yakuman")
    situation = {"dealer": args.dealer, "tsumo": args.tsumo, "honba": args.honba, "riichi_sticks": args.riichi_sticks}
    if args.han is not None:
        result = riichi.score(rs, han=args.han, fu=args.fu, **situation)
    elif args.yaku is not None:
        result = riichi.score(rs, yaku=_id_list(args.yaku), dora=args.dora, fu=args.fu, open=args.open, **situation)
    else:
        if args.fu is not None or args.dora:
            raise UsageError("--yakuman takes no --fu or --dora: a yakuman hand counts neither")
        result = riichi.score(rs, yakuman=_id_list(args.yakuman), open=args.open, **situation)
    return _print_score(args, result)


def _print_score(args: argparse.Namespace, result: riichi.Score) -> int:
    if args.json:
        _emit_json(result.as_dict())
        return EXIT_OK
    if args.explain:
        for step in result.steps:
            print(f"  {step.label}: {step.factor}")
    if result.han is None:
        head = f"{result.yakuman}x yakuman"
    else:
        level = f"{result.yakuman}x yakuman" if result.yakuman > 1 else result.limit
        head = f"{result.han} han {result.fu} fu" + (f" ({level})" if level else "")
    print(f"{head}: {_payments_line(result.payments)}; total {result.total}")
    return EXIT_OK


def _id_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _payments_line(payments: Mapping[str, int]) -> str:
    if "ron" in payments:
        return f"the discarder pays {payments['ron']}"
    if "each" in payments:
        return f"each player pays {payments['each']}"
    return f"the dealer pays {payments['dealer']}, each non-dealer {payments['non_dealer']}"


def cmd_play(args: argparse.Namespace) -> int:
    rs = _ruleset_arg(args.ruleset)
    if rs.game != "koikoi":
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; `play` replays Koi-Koi scripts")
    path = Path(args.script)
    if not path.is_file():
        raise UsageError(f"{args.script}: no such file")
    trace = play.replay(rs, play.load_script(path))
    if args.json:
        _emit_json(trace.as_dict())
    else:
        sys.stdout.write(play.trace_text(trace))
    return EXIT_OK


def cmd_diff(args: argparse.Namespace) -> int:
    a, b = _ruleset_arg(args.a), _ruleset_arg(args.b)
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they can't be compared")
    if args.structural_only and args.behaviour_only:
        raise UsageError("--structural-only and --behaviour-only exclude each other")
    cases = _load_cases(args.cases) if args.cases else []
    changes = None if args.behaviour_only else diff.structural(a, b, declared=args.declared)
    report = None if args.structural_only else diff.behaviour(a, b, cases)
    fmt = "json" if args.json else args.format
    if fmt == "json":
        _emit_json(diff_render.as_json(a, b, changes, report, args.declared, args.steps))
    elif fmt == "markdown":
        sys.stdout.write(diff_render.markdown(a, b, changes, report))
    elif fmt == "github":
        sys.stdout.write(diff_render.github(a, b, changes, report))
    else:
        colour = args.colour == "always" or (args.colour == "auto" and sys.stdout.isatty())
        sys.stdout.write(diff_render.human(a, b, changes, report, args.steps, colour))
    different = bool(changes) or bool(report and report.changes)
    return EXIT_NEGATIVE if different else EXIT_OK


def _load_cases(name: str) -> list[dict[str, Any]]:
    from .yamlsource import LocatedDict, read_document

    path = Path(name)
    if not path.is_file():
        raise UsageError(f"{name}: no such file")
    data = read_document(path, name)
    if not isinstance(data, LocatedDict) or set(data) != {"cases"} or not isinstance(data["cases"], list):
        raise RulesetError([Problem(Location(name, 1, 1), "", "a cases file is a mapping with one key, `cases`: "
                                    "a list of situations", "e.g. `cases: [{base: 8, own_calls: 1}]`")])
    cases: Any = data["cases"]
    for index, case in enumerate(cases):
        if not isinstance(case, dict):
            raise RulesetError([Problem(cases.item_locs[index], f"cases[{index}]", "a case is a mapping")])
    return [dict(case) for case in cases]


def cmd_hand(args: argparse.Namespace) -> int:
    from .tiles import parse_tiles, tile_name

    rs = _ruleset_arg(args.ruleset)
    if rs.game != "riichi":
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; `hand` scores Riichi hands")
    melds = [(kind, text) for kind in ("chi", "pon", "kan", "ankan") for text in getattr(args, kind)]
    indicators = [tile_name(t) for text in args.dora for t in parse_tiles(text)[0]]
    ura = [tile_name(t) for text in args.ura for t in parse_tiles(text)[0]]
    result = hand.evaluate(rs, args.hand, win=args.win, melds=melds, seat_wind=args.seat, round_wind=args.round,
                           dora_indicators=indicators, ura_indicators=ura, honba=args.honba,
                           riichi_sticks=args.riichi_sticks, **{f: getattr(args, f) for f in hand.FLAGS})
    if not args.json and not args.explain:
        table = rs.rules.yaku
        counted = ", ".join(f"{table[i].label} {_yaku_value(table[i], result.reading.groups, rs)}"
                            for i in result.yaku)
        print(f"yaku: {counted}")
        if not result.yakuman:
            print(f"dora: {result.dora + result.ura + result.red} (dora {result.dora}, ura {result.ura}, "
                  f"red {result.red})")
            parts = " + ".join(f"{s.factor} ({s.label})" for s in result.fu_parts)
            print(f"fu: {parts} = {result.raw_fu}" + (f", scored as {result.fu}" if result.fu != result.raw_fu else ""))
    return _print_score(args, result)


def _yaku_value(yaku: riichi.Yaku, groups: Any, rs: RuleSet) -> str:
    if yaku.yakuman:
        return "(yakuman)"
    is_open = any(g.melded and g.open for g in groups)
    return f"{yaku.han_for(is_open)} han"


def _whole(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {value!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="yakuset", description="Score Koi-Koi and Riichi mahjong from YAML rule sets.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.add_argument("--json", action="store_true", help="print JSON for machines")
        return sub

    sub = command("list", "list the bundled rule sets")
    sub.add_argument("--game", choices=["koikoi", "riichi"], help="only this game's rule sets")
    sub.set_defaults(run=cmd_list)

    sub = command("show", "show a rule set as written, or resolved with where each value came from")
    sub.add_argument("ruleset", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument("--resolved", action="store_true", help="after `extends`, each value with its file:line")
    sub.set_defaults(run=cmd_show)

    sub = command("validate", "check rule-set files; every problem as file:line:col: path: message")
    sub.add_argument("files", nargs="+", metavar="FILE")
    sub.set_defaults(run=cmd_validate)

    sub = command("award", "the award for a won Koi-Koi round")
    sub.add_argument("ruleset", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument("--base", type=_whole, required=True, help="the winner's base points")
    sub.add_argument("--own-calls", type=_whole, default=0, help="the winner's Koi-Koi calls this round")
    sub.add_argument("--opponent-calls", type=_whole, default=0, help="the loser's Koi-Koi calls this round")
    sub.add_argument("--field-brights", type=_whole, default=0, help="brights dealt face up this round")
    sub.add_argument("--explain", action="store_true", help="show each multiplier")
    sub.set_defaults(run=cmd_award)

    sub = command("score", "the payments for a winning Riichi hand")
    sub.add_argument("ruleset", help="a bundled id (tenhou) or a YAML file")
    sub.add_argument("--han", type=_whole, help="the hand's han (dora included)")
    sub.add_argument("--fu", type=_whole, help="the hand's raw fu (rounded up here)")
    sub.add_argument("--yaku", help="declared yaku ids, comma-separated (riichi,pinfu,ittsu)")
    sub.add_argument("--dora", type=_whole, default=0, help="dora, red fives and ura dora, with --yaku")
    sub.add_argument("--open", action="store_true", help="the hand has an open meld")
    sub.add_argument("--yakuman", help="declared yakuman ids, comma-separated (daisangen,tsuuiisou)")
    sub.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    sub.add_argument("--tsumo", action="store_true", help="won by tsumo (default: ron)")
    sub.add_argument("--honba", type=_whole, default=0, help="honba (counter) sticks")
    sub.add_argument("--riichi-sticks", type=_whole, default=0, help="riichi sticks the winner takes")
    sub.add_argument("--explain", action="store_true", help="show every step")
    sub.set_defaults(run=cmd_score)

    sub = command("hand", "score a Riichi hand from its tiles: yaku, fu and payments")
    sub.add_argument("ruleset", help="a bundled id (tenhou) or a YAML file")
    sub.add_argument("hand", help="the concealed tiles in mpsz notation, the winning tile included (0 = red five)")
    sub.add_argument("--win", required=True, help="the winning tile, e.g. 4s")
    for kind in ("chi", "pon", "kan", "ankan"):
        sub.add_argument(f"--{kind}", action="append", default=[], metavar="TILES",
                         help=f"a {'closed kan' if kind == 'ankan' else 'called ' + kind} (repeatable)")
    sub.add_argument("--seat", default="east", choices=["east", "south", "west", "north"], help="seat wind")
    sub.add_argument("--round", default="east", choices=["east", "south", "west", "north"], help="round wind")
    sub.add_argument("--dora", action="append", default=[], metavar="TILES", help="dora indicator(s), e.g. 7s")
    sub.add_argument("--ura", action="append", default=[], metavar="TILES", help="ura dora indicator(s)")
    for flag in hand.FLAGS:
        sub.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true")
    sub.add_argument("--honba", type=_whole, default=0)
    sub.add_argument("--riichi-sticks", type=_whole, default=0)
    sub.add_argument("--explain", action="store_true", help="show the yaku, every fu part and each payment")
    sub.set_defaults(run=cmd_hand)

    sub = command("play", "replay a scripted Koi-Koi match or round through the referee")
    sub.add_argument("ruleset", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument("script", help="the script: players, dealer, rounds of events (see examples/)")
    sub.set_defaults(run=cmd_play)

    sub = command("diff", "what changed between two rule sets, and which scores change (exit 1 if any)")
    sub.add_argument("a", help="the rule set before (id or file)")
    sub.add_argument("b", help="the rule set after (id or file)")
    sub.add_argument("--format", choices=["human", "json", "markdown", "github"], default="human")
    sub.add_argument("--declared", action="store_true", help="compare the files as written, not resolved")
    sub.add_argument("--structural-only", action="store_true", help="only the rule changes")
    sub.add_argument("--behaviour-only", action="store_true", help="only the score changes")
    sub.add_argument("--cases", metavar="FILE", help="more situations to score: `cases: [{base: 8}, {han: 3, fu: 40}]`")
    sub.add_argument("--steps", type=_whole, default=3, metavar="N", help="show the steps of the N largest changes")
    sub.add_argument("--colour", "--color", choices=["auto", "always", "never"], default="auto")
    sub.set_defaults(run=cmd_diff)

    sub = command("table", "the award tables (Koi-Koi) or the han × fu payment grid (Riichi)")
    sub.add_argument("ruleset", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument("--format", choices=["text", "markdown", "json"], default="text")
    sub.set_defaults(run=cmd_table)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (the console script exits with it)."""
    try:
        args = build_parser().parse_args(argv)
        code: int = args.run(args)
        return code
    except UsageError as exc:
        print(f"yakuset: error: {exc}", file=sys.stderr)
    except RulesetError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
    except InputError as exc:
        print(f"yakuset: error: {exc}", file=sys.stderr)
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
