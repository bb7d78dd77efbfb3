"""The ``yakuset`` command: the commands every game shares (list, show, validate, table, diff)
and those each registered game adds (Koi-Koi: award, play; Riichi: score, hand).

Exit codes: 0 success; 1 a negative answer (an invalid file, rule sets that differ); 2 a usage
or load error. Errors are printed as readable lines on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, diff
from ._core import bundled, schemas
from ._core.commands import (
    Command,
    CommandLinePart,
    Output,
    count_argument,
    positive_argument,
    seed_argument,
)
from ._core.errors import InputError, Location, PluginError, Problem, RulesetError, RulesetNotFound
from ._core.game import Game
from ._core.hints import did_you_mean
from ._core.resolve import display_name
from ._core.resolved import resolved_sources, resolved_text, switched_off, switched_off_line
from ._core.ruleset import RuleSet, bundled_ids, problems_as_written
from ._core.yamlsource import LocatedDict
from ._house import REGISTRY, list_rulesets, load_ruleset

EXIT_OK, EXIT_NEGATIVE, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130  # Ctrl-C: what finished was printed


class UsageError(Exception):
    """A command line that cannot be run."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _terminal_width() -> int:
    """The width help is wrapped to, as argparse finds it (``COLUMNS``, then the terminal, 80),
    without importing shutil for it: argparse builds a formatter for every argument it adds."""
    try:
        return int(os.environ["COLUMNS"]) - 2
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns - 2 if sys.__stdout__ else 78
    except (OSError, ValueError, AttributeError):
        return 78


class _Formatter(argparse.ArgumentDefaultsHelpFormatter):
    """Each option's default, said once: not for a required option, a flag, an option with no
    default, or one whose help already names it."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_width() if width is None else width)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if (
            action.required
            or not action.option_strings
            or default is None
            or default is False
            or default == argparse.SUPPRESS
            or default == []
            or "default" in text
        ):
            return text
        return text + " (default: %(default)s)"


class _TopFormatter(argparse.HelpFormatter):
    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, _terminal_width() if width is None else width)


def _emit(output: Output, as_json: bool) -> None:
    """Print a command's output: its text or JSON on stdout, then its warnings on stderr."""
    if as_json:
        print(json.dumps(output.data, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(output.text)
    _warn(output.warnings)


def _warn(messages: Iterable[str]) -> None:
    """Print the warnings of a command's results on stderr, each once."""
    for message in dict.fromkeys(messages):
        print(f"yakuset: warning: {message}", file=sys.stderr)


def cmd_list(args: argparse.Namespace) -> int:
    rulesets = [rs for rs in list_rulesets() if args.game in (None, rs.game)]
    width = max((len(rs.id) for rs in rulesets), default=0)
    text = "".join(
        f"{rs.id.ljust(width)}  {rs.game:<7} {rs.name}: {rs.metadata.get('description', '')}".rstrip() + "\n"
        for rs in rulesets
    )
    data = [
        {"id": rs.id, "game": rs.game, "name": rs.name, "description": rs.metadata.get("description", "")}
        for rs in rulesets
    ]
    _emit(Output(text, data), args.json)
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    rs = load_ruleset(args.ruleset)
    off = switched_off_line(rs)
    if args.resolved:
        data = {
            "ruleset": rs.id,
            "files": [f.display for f in rs.files],
            "document": rs.document,
            "sources": resolved_sources(rs),
            "off": switched_off(rs),
        }
        head, rest = resolved_text(rs).split("\n", 1)
        _emit(Output("\n".join([head, *([off] if off else []), rest]), data), args.json)
        return EXIT_OK
    # What the file's parents turn off is not in the file: the second line says it.
    text = f"# {rs.files[0].display}\n" + (f"{off}\n" if off else "") + rs.path.read_text(encoding="utf-8")
    data = {"ruleset": rs.id, "file": rs.files[0].display, "document": rs.files[0].data, "off": switched_off(rs)}
    _emit(Output(text, data), args.json)
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    report = []
    lines = []
    for name in args.files:
        path = Path(name)
        if not path.is_file() and name not in bundled_ids():
            raise RulesetNotFound(name, *bundled.not_found(name))
        problems = _problems_of(path if path.is_file() else name)
        shown = display_name(path.resolve()) if path.is_file() else name
        errors = [p for p in problems if not p.warning]
        report.append({"file": shown, "valid": not errors, "problems": [p.as_dict() for p in problems]})
        lines += [str(p) for p in problems]
        if not errors:
            warned = len(problems)
            lines.append(f"{shown}: ok" + (f" ({warned} warning{'s' if warned != 1 else ''})" if warned else ""))
    _emit(Output("".join(line + "\n" for line in lines), report), args.json)
    return EXIT_OK if all(r["valid"] for r in report) else EXIT_NEGATIVE


def _problems_of(source: Path | str) -> list[Problem]:
    """The errors and warnings of a rule-set file (or bundled id), in file order."""
    # An abstract base (file name starting with "_") is checked as written only.
    if isinstance(source, Path) and source.stem.startswith("_"):
        return problems_as_written(source.resolve(), REGISTRY)
    try:
        rs = load_ruleset(source)
    except RulesetError as exc:
        return exc.problems
    return list(rs.warnings)


def _part(rs: RuleSet) -> CommandLinePart:
    part = rs.part
    if not isinstance(part, CommandLinePart):
        raise InputError(f"{rs.game} rule sets have no table or commands")
    return part


def cmd_table(args: argparse.Namespace) -> int:
    _one_format(args, "text")
    rs = load_ruleset(args.ruleset)
    as_json = args.json or args.format == "json"
    _emit(_part(rs).table(rs, "text" if args.format == "human" else args.format), as_json)
    return EXIT_OK


def _one_format(args: argparse.Namespace, plain: str) -> None:
    """``--json`` and another ``--format`` ask for two outputs: refuse rather than pick one."""
    if args.json and args.format not in (plain, "text", "human", "json"):
        raise UsageError(f"--json and --format {args.format} exclude each other")


def cmd_schema(args: argparse.Namespace) -> int:
    if args.json:  # the file refers to the core's and each game's schema: print them all as one
        print(json.dumps(schemas.schemas(REGISTRY.games).standalone(), indent=2, ensure_ascii=False))
    else:
        print(bundled.schema_path())
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    from ._core.stub import stub_text

    path = Path(args.name if args.name.endswith((".yaml", ".yml")) else f"{args.name}.yaml")
    if path.exists():
        raise InputError(f"{args.name}: {path} exists already (yakuset new writes a new file)")
    if not path.parent.is_dir():
        raise InputError(f"{args.name}: no such folder {str(path.parent)!r}")
    parent = load_ruleset(args.extends)  # a wrong id or file is refused here, with its did-you-mean
    if Path(args.extends).is_file():  # a file is extended by its path from the new file's folder
        extends = Path(os.path.relpath(Path(args.extends).resolve(), path.parent.resolve())).as_posix()
        extends = extends if extends.startswith(".") else f"./{extends}"
    else:
        extends = parent.id
    text = stub_text(extends, path.stem)
    path.write_text(text, encoding="utf-8")
    shown = f"wrote {path}: extends {extends}; `yakuset validate {path}` checks it\n"
    _emit(Output(shown, {"file": str(path), "extends": extends, "text": text}), args.json)
    return EXIT_OK


def cmd_diff(args: argparse.Namespace) -> int:
    a, b = load_ruleset(args.a), load_ruleset(args.b)
    if a.game != b.game:
        raise InputError(f"{a.id!r} is a {a.game} rule set and {b.id!r} a {b.game} one: they can't be compared")
    if args.structural_only and args.behaviour_only:
        raise UsageError("--structural-only and --behaviour-only exclude each other")
    if args.structural_only and args.logs is not None:
        raise UsageError("--logs compares how played games score: not with --structural-only")
    _one_format(args, "human")
    cases = _Cases(args.cases, a.part) if args.cases else None
    changes = None if args.behaviour_only else diff.structural(a, b, declared=args.declared)
    try:
        report = None if args.structural_only else diff.behaviour(a, b, cases if cases is not None else ())
    except diff.CaseError as exc:
        assert cases is not None  # only a user's case raises it
        raise RulesetError([Problem(cases.where, f"cases[{exc.index}]", str(exc))]) from None
    if cases is not None:
        cases.finish()
    # Causes are found among the resolved rule changes, whatever --declared prints.
    resolved = diff.structural(a, b) if report is not None and report.changes else []
    causes = diff.attribute(a, resolved, report) if report is not None and report.changes else None
    logged = None
    if args.logs is not None:
        from . import _replays

        logged = _replays.played(a, b, args.logs, resolved or diff.structural(a, b))
    fmt = "json" if args.json else args.format
    played = _played(a, b, args) if args.play else None
    colour = args.colour == "always" or (args.colour == "auto" and sys.stdout.isatty())
    if fmt == "json":
        data = diff.as_json(a, b, changes, report, args.declared, args.steps, causes)
        if played is not None:
            data["play"] = played.as_dict()
        if logged is not None:
            data["played_games"] = _replays.played_json(a, b, logged)
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif fmt == "markdown":
        sys.stdout.write(diff.markdown(a, b, changes, report, causes))
        if played is not None:
            from . import _paired

            sys.stdout.write(_paired.markdown(played))
        if logged is not None:
            sys.stdout.write(_replays.played_markdown(a, b, logged))
    elif fmt == "github":
        sys.stdout.write(diff.github(a, b, changes, report))
    else:
        sys.stdout.write(diff.human(a, b, changes, report, args.steps, colour, causes, args.top, resolved))
        if played is not None:
            from . import _paired

            sys.stdout.write(_paired.text(played))
        if logged is not None:
            all_changes = resolved or diff.structural(a, b)
            sys.stdout.write(_replays.played_text(a, b, logged, args.top, colour, all_changes))
    _warn(report.warnings if report is not None else ())
    _warn(played.notes if played is not None else ())
    _warn(logged.errors if logged is not None else ())
    if played is not None and played.interrupted:
        return EXIT_INTERRUPTED
    # A new name or description changes no rule: exit 0 (the human output says so).
    different = bool(diff.rule_changes(changes or [])) or bool(report and report.changes)
    different = different or bool(logged and (logged.report.changes or logged.placements))
    return EXIT_NEGATIVE if different else EXIT_OK


def _played(a: RuleSet, b: RuleSet, args: argparse.Namespace) -> Any:
    """``diff --play``: the same matches played under both rule sets (and each rule change alone)."""
    from . import _paired, _studies

    if args.plot:
        _studies.check_plot(args.plot)  # before the matches, not after them
    bots = [] if args.bots is None else [name.strip() for name in args.bots.split(",")]
    progress = None if args.no_progress or not sys.stderr.isatty() else _studies.Progress()
    played = _paired.play(
        a, b, args.play, args.seed, bots, workers=args.workers, scheduler=args.scheduler, progress=progress
    )
    if progress is not None and played.interrupted:
        progress.close()
    if args.plot:
        _paired.plot(played, args.plot)
    return played


def cmd_simulate(args: argparse.Namespace) -> int:
    from . import _studies

    rulesets = [_load(source) for source in args.rulesets]
    bots = [] if args.bots is None else [name.strip() for name in args.bots.split(",")]
    if args.plot:
        _studies.check_plot(args.plot)  # before the study, not after it
    progress = None if args.no_progress or not sys.stderr.isatty() else _studies.Progress()
    study = _studies.run(
        rulesets, args.matches, args.seed, bots, workers=args.workers, scheduler=args.scheduler, progress=progress
    )
    if progress is not None and study.interrupted:
        progress.close()
    data = study.as_dict()
    if args.plot:
        _studies.plot(study, args.plot)
    if args.json:
        print(json.dumps(data, indent=2))
        for note in study.notes:
            print(f"yakuset: note: {note}", file=sys.stderr)
    else:
        sys.stdout.write(_studies.text(study))
    return EXIT_INTERRUPTED if study.interrupted else EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    from . import _replays

    rs = _load(args.ruleset, "riichi") if args.ruleset is not None else None
    if rs is not None and rs.game != "riichi":
        raise InputError(f"{rs.id!r} is a {rs.game} rule set; `replay` needs a riichi rule set")
    progress = None
    if sys.stderr.isatty() and Path(args.log).is_dir():

        def progress(number: int, total: int, file: str) -> None:
            end = "\n" if number == total else ""
            print(f"\ryakuset: replaying {number}/{total}: {file}"[:200].ljust(80), end=end, file=sys.stderr)

    games, errors = _replays.replay_logs(args.log, rs, progress)
    if args.json:
        print(json.dumps(_replays.as_json(games, errors), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write((_replays.markdown if args.markdown else _replays.text)(games, errors))
    for error in errors:
        print(f"yakuset: error: {error}", file=sys.stderr)
    if errors:
        return EXIT_ERROR
    return EXIT_OK if _replays.exit_status(games) else EXIT_NEGATIVE


def cmd_serve(args: argparse.Namespace) -> int:
    from importlib.util import find_spec

    if any(find_spec(name) is None for name in ("starlette", "uvicorn", "jinja2")):
        raise InputError("`yakuset serve` needs the web extra: pip install 'yakuset[web]'")
    import ipaddress

    from . import _web

    docs = _built_site(args.docs)
    try:
        loopback = args.host == "localhost" or ipaddress.ip_address(args.host).is_loopback
    except ValueError:
        loopback = False
    try:
        sock = _web.listen(args.host, args.port)
    except OSError as exc:
        raise InputError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    if not loopback:
        print(
            f"yakuset: warning: listening on {args.host}: anyone who can reach this machine can use the server "
            "(there is no authentication); the default, 127.0.0.1, serves this machine only",
            file=sys.stderr,
        )

    def ready() -> None:
        site = "; the documentation: /docs/" if docs else ""
        print(f"yakuset serve: {_web.url(sock)} (the API: /api/v1{site}; Ctrl-C stops)", flush=True)

    _web.serve(sock, _web.Limits(seconds=args.time_limit, heavy=args.heavy), ready, docs=docs)
    return EXIT_OK


#: Where `mkdocs build` writes the documentation site, from a checkout (mkdocs.yml).
BUILT_SITE = Path("build") / "site"


def _built_site(given: str | None) -> Path | None:
    """The built documentation site to serve under /docs: the folder given, which must hold one,
    else build/site in the working folder when it holds one."""
    folder = Path(given) if given is not None else BUILT_SITE
    if (folder / "index.html").is_file():
        return folder.resolve()
    if given is not None:
        raise InputError(f"--docs {given}: no built documentation site there (no index.html); `mkdocs build` makes one")
    return None


def _seconds_argument(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {value!r}") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"expected more than 0 and at most 3600 seconds, got {value!r}")
    return seconds


def _port_argument(value: str) -> int:
    port = count_argument(value)
    if port > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value!r}")
    return port


class _Cases:
    """The cases of a ``--cases`` file, read one at a time as the diff scores them (a file of
    100,000 cases is never held whole); each checked for keys the game knows. ``where`` is the
    location of the case last read. A file with wrong cases is reported whole: after the first
    problem the rest is only checked, not scored."""

    def __init__(self, name: str, part: Any) -> None:
        self.path = Path(name)
        if not self.path.is_file():
            raise UsageError(f"{name}: no such file")
        self.name = name
        self.known: frozenset[str] = getattr(part, "case_keys", frozenset())
        self.game = part.name
        self.where = Location(name, 1, 1)
        self.problems: list[Problem] = []
        self.count = 0

    def __iter__(self) -> Iterator[dict[str, Any]]:
        from ._core.yamlparse import stream_list

        for index, (where, case) in enumerate(stream_list(self.path, self.name, "cases")):
            self.where = where
            self.count = index + 1
            self._check(index, where, case)
            if not self.problems:
                yield dict(case)
        self.finish()
        if self.count >= 1000:
            print(f"yakuset: scored {self.count:,} cases under both rule sets", file=sys.stderr)

    def finish(self) -> None:
        """Raise the problems found, if any (the whole file has been read)."""
        if self.problems:
            raise RulesetError(self.problems)

    def _check(self, index: int, where: Location, case: Any) -> None:
        if not isinstance(case, LocatedDict):
            self.problems.append(Problem(where, f"cases[{index}]", "a case is a mapping"))
            return
        for key in case:
            if key != "name" and self.known and key not in self.known:
                self.problems.append(
                    Problem(
                        case.key_locs[key],
                        f"cases[{index}].{key}",
                        f"unknown key {key!r} for a {self.game} case",
                        did_you_mean(str(key), self.known) or "keys: " + ", ".join(sorted(self.known)),
                    )
                )


def _load(source: str, game: str | None = None) -> RuleSet:
    """``load_ruleset(source)`` for a command that takes ``game``'s rule sets: a name found
    nowhere gets a did-you-mean among that game's ids."""
    try:
        return load_ruleset(source)
    except RulesetNotFound as exc:
        if game is None:
            raise
        raise RulesetNotFound(exc.name, *bundled.not_found(exc.name, game)) from None


def _game_command(name: str, runs: dict[str, tuple[Game, Command]]) -> Any:
    """Run the command of the rule set's game (``play`` exists for Koi-Koi and for Riichi)."""

    def run(args: argparse.Namespace) -> int:
        if args.ruleset is None:  # a command that runs without a rule set (one game's)
            alone = next(command.run_alone for _, command in runs.values() if command.run_alone is not None)
            _emit(alone(args), args.json)
            return EXIT_OK
        rs = _load(args.ruleset, next(iter(runs)) if len(runs) == 1 else None)
        found = runs.get(rs.game)
        if found is None or rs.part is not found[0]:
            games = " or ".join(sorted(runs))
            raise InputError(f"{rs.id!r} is a {rs.game} rule set; `{name}` needs a {games} rule set")
        output = found[1].run(rs, args)
        _emit(output._replace(warnings=(*getattr(args, "deprecations", ()), *output.warnings)), args.json)
        return EXIT_OK

    return run


class _Unbuilt:
    """A command the command line does not run this time: its arguments are not built."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        return None

    def set_defaults(self, **kwargs: Any) -> None:
        return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: the shared commands, then each registered game's. With
    ``only`` (the command about to run), the other commands are left out: building every
    command's arguments costs more than a one-shot command's own work."""
    parser = _Parser(
        prog="yakuset",
        description="Score Koi-Koi and Riichi mahjong from YAML rule sets.",
        formatter_class=_TopFormatter,
    )
    parser.add_argument("--version", action="version", version=f"yakuset {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        if only is not None and name != only:
            return _Unbuilt()  # type: ignore[return-value]
        # A subcommand's help (in the list of commands) is %-formatted; its description is not.
        sub = commands.add_parser(
            name, help=help_text.replace("%", "%%"), description=help_text, formatter_class=_Formatter
        )
        sub.add_argument("--json", action="store_true", help="print JSON for machines")
        return sub

    sub = command("schema", "where the rule-set JSON Schema is (for an editor); --json prints the schema itself")
    sub.set_defaults(run=cmd_schema)

    sub = command("list", "list the bundled rule sets")
    sub.add_argument("--game", choices=sorted(REGISTRY.games), help="only this game's rule sets")
    sub.set_defaults(run=cmd_list)

    sub = command("show", "show a rule set as written, or resolved with where each value came from")
    sub.add_argument("ruleset", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument("--resolved", action="store_true", help="after `extends`, each value with its file:line")
    sub.set_defaults(run=cmd_show)

    sub = command("new", "start a house rule set: write NAME.yaml, which extends a rule set and states nothing else")
    sub.add_argument("name", help="the new file (club or club.yaml); its name is the file's")
    sub.add_argument("--extends", required=True, metavar="RULESET", help="the rule set it starts from (id or file)")
    sub.set_defaults(run=cmd_new)

    sub = command("validate", "check rule-set files or bundled ids; every problem as file:line:col: path: message")
    sub.add_argument("files", nargs="+", metavar="FILE", help="rule-set files (or bundled ids) to check")
    sub.set_defaults(run=cmd_validate)

    # A command several games add (``play``) is one subcommand with the first game's arguments
    # and help; it runs the command of the rule set's game.
    by_name: dict[str, dict[str, tuple[Game, Command]]] = {}
    for game in REGISTRY.games.values():
        for extra in game.commands() if isinstance(game, CommandLinePart) else ():
            by_name.setdefault(extra.name, {})[game.name] = (game, extra)
    for name, runs in by_name.items():
        first = next(iter(runs.values()))[1]
        sub = command(name, first.help if len(runs) == 1 else " / ".join(c.help for _, c in runs.values()))
        if len(runs) == 1 and first.run_alone is not None:
            sub.add_argument("ruleset", nargs="?", help="a bundled id or a YAML file (optional)")
        else:
            sub.add_argument("ruleset", help="a bundled id or a YAML file")
        first.add_arguments(sub)
        sub.set_defaults(run=_game_command(name, runs))

    sub = command("diff", "what changed between two rule sets, and which scores change (exit 1 if any)")
    sub.add_argument("a", help="the rule set before (id or file)")
    sub.add_argument("b", help="the rule set after (id or file)")
    sub.add_argument(
        "--format",
        choices=["human", "text", "json", "markdown", "github"],
        default="human",
        help="human (text is the same), json, markdown for a pull request, github annotations",
    )
    sub.add_argument("--declared", action="store_true", help="compare the files as written, not resolved")
    sub.add_argument("--structural-only", action="store_true", help="only the rule changes")
    sub.add_argument("--behaviour-only", action="store_true", help="only the score changes")
    sub.add_argument("--cases", metavar="FILE", help="more situations to score: `cases: [{base: 8}, {han: 3, fu: 40}]`")
    sub.add_argument(
        "--logs",
        metavar="DIR",
        help="played games: every hand of these Riichi logs (a folder or a file) settled under both, "
        "the placements that change",
    )
    sub.add_argument(
        "--steps", type=count_argument, default=3, metavar="N", help="show the steps of the N largest changes"
    )
    sub.add_argument(
        "--top",
        type=count_argument,
        default=10,
        metavar="N",
        help="list at most N score changes under each cause (0: all)",
    )
    sub.add_argument(
        "--colour", "--color", choices=["auto", "always", "never"], default="auto", help="colour the human output"
    )
    sub.add_argument(
        "--play",
        type=_matches_argument,
        metavar="N",
        help="also play N seeded matches (Riichi: games) under both rule sets, paired, and compare the play",
    )
    _study_arguments(sub, "with --play, draw each measure's difference and its interval into FILE (.png, .svg, .pdf)")
    sub.set_defaults(run=cmd_diff)

    sub = command(
        "simulate",
        "play many Koi-Koi matches or Riichi games between bots: "
        "balance figures with 95% intervals, rule sets compared",
    )
    sub.add_argument(
        "rulesets",
        nargs="+",
        metavar="RULESET",
        help="Koi-Koi or Riichi rule sets, all of one game (bundled ids or files)",
    )
    from ._studies import MAX_MATCHES  # said in the help

    sub.add_argument(
        "--matches",
        type=_matches_argument,
        default=1000,
        metavar="N",
        help=f"matches (Riichi: games) per rule set, at most {MAX_MATCHES:,}",
    )
    _study_arguments(sub, "draw the figures side by side into FILE (.png, .svg, .pdf)")
    sub.set_defaults(run=cmd_simulate)

    sub = command(
        "replay",
        "replay played Riichi games' logs (Tenhou XML, tenhou.net/6, mjai) at the table, checked against "
        "each log; with another rule set, rescored side by side (exit 1 if a log diverges)",
    )
    sub.add_argument("log", metavar="LOG", help="a log file (plain or gzip) or a folder of logs")
    sub.add_argument(
        "--ruleset",
        metavar="ID",
        help="rescore under this rule set (id or file) beside the one the log implies; "
        "the rule set of a log that names none",
    )
    sub.add_argument("--markdown", action="store_true", help="print Markdown (a pull request, a report)")
    sub.set_defaults(run=cmd_replay)

    sub = command("serve", "the rule-set studio in the browser and the JSON API (pip install 'yakuset[web]')")
    sub.add_argument("--host", default="127.0.0.1", help="the address to listen on (another than loopback: a warning)")
    sub.add_argument("--port", type=_port_argument, default=8000, help="the port (0: any free one)")
    sub.add_argument(
        "--time-limit", type=_seconds_argument, default=10.0, metavar="SECONDS", help="the most time a request may take"
    )
    sub.add_argument(
        "--heavy", type=positive_argument, default=2, metavar="N", help="diff and replay requests run N at a time"
    )
    sub.add_argument(
        "--docs",
        metavar="DIR",
        help="serve the documentation site built in DIR under /docs/ (default: build/site if `mkdocs build` made it)",
    )
    sub.set_defaults(run=cmd_serve)

    sub = command("table", "the award tables (Koi-Koi) or the han × fu payment grid (Riichi)")
    sub.add_argument("ruleset", help="a bundled id (nintendo) or a YAML file")
    sub.add_argument(
        "--format",
        choices=["text", "human", "markdown", "json"],
        default="text",
        help="text (human is the same), markdown or json",
    )
    sub.set_defaults(run=cmd_table)
    return parser


def _matches_argument(value: str) -> int:
    """A number of matches a study plays per rule set: at least 1, at most the study's bound."""
    from ._studies import MAX_MATCHES  # the study's own bound, said in the help and checked here

    matches = positive_argument(value)
    if matches > MAX_MATCHES:
        raise argparse.ArgumentTypeError(f"expected at most {MAX_MATCHES:,} matches, got {value!r}")
    return matches


def _study_arguments(sub: argparse.ArgumentParser, plot_help: str) -> None:
    """The arguments of simulated matches that ``simulate`` and ``diff --play`` share."""
    sub.add_argument(
        "--seed",
        type=seed_argument,
        default=0,
        metavar="S",
        help="the study's seed: same seed, same figures",
    )
    sub.add_argument(
        "--bots",
        metavar="A,B,...",
        help="the bots, one a seat, first dealer's first (Riichi: one name seats it everywhere); "
        "default: greedy,greedy for Koi-Koi, efficiency for Riichi",
    )
    sub.add_argument(
        "--workers",
        type=positive_argument,
        metavar="N",
        help="processes of a local Dask cluster (1: this process; default: every CPU for large studies)",
    )
    sub.add_argument("--scheduler", metavar="ADDRESS", help="run on the Dask cluster at tcp://HOST:PORT")
    sub.add_argument("--plot", metavar="FILE", help=plot_help)
    sub.add_argument("--no-progress", action="store_true", help="no progress bar on standard error")


def _command_names() -> set[str]:
    """Every command's name: the shared ones and each game's."""
    names = {"schema", "list", "show", "new", "validate", "diff", "simulate", "replay", "serve", "table"}
    for game in REGISTRY.games.values():
        names.update(extra.name for extra in (game.commands() if isinstance(game, CommandLinePart) else ()))
    return names


def _wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON (``--json``, as argparse abbreviates it, or
    ``--format json``), read from the words themselves: an error may come before they are parsed."""
    words = list(argv)
    for index, word in enumerate(words):
        if word == "--":
            return False
        if (len(word) >= 4 and "--json".startswith(word)) or word == "--format=json":
            return True
        if word == "--format" and words[index + 1 : index + 2] == ["json"]:
            return True
    return False


#: The longest word an error message repeats whole: a longer one is a value given on the command
#: line (a number of 5,000 digits), shown by its start and its length.
_LONGEST_WORD = 200


def _cut(text: str) -> str:
    """``text`` with each word longer than ``_LONGEST_WORD`` cut short, its length said."""
    return re.sub(rf"\S{{{_LONGEST_WORD + 1},}}", lambda word: f"{word[0][:40]}... ({len(word[0]):,} characters)", text)


def _error(message: str, hint: str | None = None, problems: Sequence[Problem] = ()) -> dict[str, Any]:
    """An error's JSON shape, as the HTTP API answers it without the status:
    ``{"error": {"message", "hint", "problems"}}``; what the command line gave is not echoed whole."""
    return {
        "error": {
            "message": _cut(message),
            "hint": None if hint is None else _cut(hint),
            "problems": [p.as_dict() for p in problems],
        }
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (the console script exits with it).

    An error is one readable line on stderr, or with ``--json`` an ``{"error": ...}`` object on
    stdout; either way the exit code is 2."""
    for stream in (sys.stdout, sys.stderr):
        # Text from a rule file may hold characters the terminal cannot show (a lone surrogate).
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    given = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(given[0] if given and given[0] in _command_names() else None).parse_args(given)
        code: int = args.run(args)
        return code
    except BrokenPipeError:
        return EXIT_OK
    except UsageError as exc:
        failure = _error(str(exc))
    except RulesetNotFound as exc:
        failure = _error(exc.message, exc.hint)
    except RulesetError as exc:
        failure = _error(str(exc), None, exc.problems)
    except (InputError, PluginError) as exc:
        failure = _error(str(exc))
    except Exception as exc:  # a plugin's, or a bug: one line, never a traceback
        failure = _error(f"unexpected error (from a plugin, or a bug to report): {type(exc).__name__}: {exc}")
    if _wants_json(given):
        print(json.dumps(failure, indent=2, ensure_ascii=False))
    else:
        _print_error(failure["error"])
    return EXIT_ERROR


def _print_error(error: dict[str, Any]) -> None:
    """An error as readable lines on stderr: each rule-file problem on its own line, else one line."""
    if error["problems"]:
        print(error["message"], file=sys.stderr)
        return
    hint = f" (hint: {error['hint']})" if error["hint"] else ""
    print(f"yakuset: error: {error['message']}{hint}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
