"""Riichi on the command line (:class:`yakuset._core.commands.CommandLinePart`): its table (the
han × fu payment grids and the limit rows, ``yakuset table``) and its commands: ``score``,
``hand``, ``tiles`` and ``play``, each its arguments and its run."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..._core.commands import Command, Output, add_deprecated, count_argument, whole_number_argument
from ..._core.errors import InputError
from ..rules.table import WIND_NAMES
from ..scoring.situation import FLAG_MEANINGS, FLAGS
from .explain import hand_lines, score_text, win_name

if TYPE_CHECKING:
    from ..._core.ruleset import RuleSet

# What a command needs is imported when it runs: the command line asks every game for its
# commands to build its parser, and scoring one hand imports only the modules it uses.


class RiichiCommandLine:
    """Riichi's table and commands."""

    def table(self, rs: RuleSet, fmt: str) -> Output:
        """The han × fu payment grids and the limit rows."""
        from ..scoring.grid import payment_grids
        from . import grids as _render

        grids, limits = payment_grids(rs)
        text = (_render.grids_markdown if fmt == "markdown" else _render.grids_text)(rs, grids, limits)
        return Output(text, _render.grids_json(rs, grids, limits))

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
                "play a Riichi game script through the table: each hand settled, then the standings",
                _play_arguments,
                _play_command,
            ),
        ]


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
    from ..rules.compiled import rules_of
    from ..scoring.hand import check_kita
    from ..scoring.score import score

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
    sub.add_argument(
        "hand", metavar="HAND", help="the concealed tiles in mpsz notation, the winning tile included (0 = red five)"
    )
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
    for flag, meaning in FLAG_MEANINGS.items():
        sub.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true", help=meaning)
    sub.add_argument("--kita", type=count_argument, default=0, help="north tiles extracted (three players)")
    sub.add_argument("--honba", type=count_argument, default=0, help="honba (counter) sticks")
    sub.add_argument("--riichi-sticks", type=count_argument, default=0, help="riichi sticks the winner takes")
    sub.add_argument("--explain", action="store_true", help="show the yaku, every fu part and each payment")


def _hand_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    from ..rules.compiled import rules_of
    from ..scoring.hand import evaluate
    from ..tiles.notation import parse_tiles, tile_name

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
    from .tile_names import tiles_output

    return tiles_output(rs)


def _tiles_alone(args: argparse.Namespace) -> Output:
    from .tile_names import tiles_output

    return tiles_output()


def _play_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("script", metavar="SCRIPT", help="the script: players, dealer, hands (see examples/)")


def _play_command(rs: RuleSet, args: argparse.Namespace) -> Output:
    path = Path(args.script)
    if not path.is_file():
        raise InputError(f"{args.script}: no such file")
    from ..settlement.scripts import game_text, load_game, replay_game

    trace = replay_game(rs, load_game(path))
    return Output(game_text(trace), trace.as_dict())


#: The part the game names (``RiichiGame.command_line``).
COMMAND_LINE = RiichiCommandLine()
