"""A hostile log through every surface that reads one: the API (``read_log``, ``check_log``,
``replay`` under the rule set the log implies and under another) and the command lines
(``yakuset replay LOG``, ``yakuset diff A B --logs LOG``), run in process.

Each check returns what escaped, in words (``None`` when the answer was a result or a typed
refusal); the campaign and the tests count them."""

from __future__ import annotations

import contextlib
import functools
import gzip
import io
import json
import random
from pathlib import Path

import yakuset
from yakuset import InputError, riichi
from yakuset._cli import main as cli_main
from yakuset._cli._errors import wants_json

from .log_cases import hostile_document, mutated_log, truncations

#: The rule sets a log is rescored under besides the one it implies.
OTHERS = ["ema-2025", "tenhou", "m-league", "wrc-2022", "mahjong-soul-sanma", "tenhou-sanma"]


@functools.cache
def ruleset(name: str) -> yakuset.RuleSet:
    return yakuset.load_ruleset(name)


def log_case(rng: random.Random, index: int) -> tuple[str, bytes]:
    """Case ``index`` of a campaign: mostly a shared log mutated (each in turn), else a hostile document."""
    if rng.random() < 0.8:
        return mutated_log(rng, index)
    return hostile_document(rng)


def every_truncation() -> list[tuple[str, bytes]]:
    """The smallest Tenhou XML and tenhou.net/6 logs cut at every byte."""
    return [*truncations(".mjlog"), *truncations(".json")]


def _implied(game: riichi.GameLog) -> yakuset.RuleSet:
    if game.ruleset is not None:
        return ruleset(game.ruleset)
    return ruleset("tenhou-sanma" if len(game.players) == 3 else "tenhou")


def use_log(data: bytes, other: str) -> None:
    """Read, check and replay a log as a program would; refusals are typed errors."""
    game = riichi.read_log(data)
    game.as_dict()
    rs = _implied(game)
    riichi.check_log(game, rs)
    riichi.lobby_variant(game.lobby)
    done = riichi.replay(rs, game)
    str(done)
    if done.hands:
        riichi.replay_hand(rs, game, 1)
    rescored = ruleset(other)
    with contextlib.suppress(InputError):  # a four-player log under a three-player rule set
        riichi.replay(rescored, game, checked=False)


def log_command(rng: random.Random, folder: Path, index: int) -> list[str]:
    """``yakuset replay`` or ``yakuset diff A B --logs`` of a case written to a file in
    ``folder`` (or of a folder of two or three cases, or of a path no log is at)."""
    roll = rng.random()
    if roll < 0.8:
        path = _written(rng, folder, index, log_case(rng, index))
    elif roll < 0.95:
        path = folder / f"logs{index}"
        path.mkdir(exist_ok=True)
        for part in range(rng.randint(2, 3)):
            _written(rng, path, part, log_case(rng, index + part))
    else:
        path = rng.choice([Path("/dev/zero"), folder / "missing.mjlog", Path("-"), folder / "empty"])
        if path.name == "empty":
            path.mkdir(exist_ok=True)
    options = [["--json"], ["--markdown"], [], [], ["--ruleset", rng.choice(OTHERS)]]
    if rng.random() < 0.85:  # a diff takes half a second, a replay a hundredth
        return ["replay", str(path), *rng.choice(options)]
    a, b = rng.choice([("tenhou", "ema-2025"), ("m-league", "tenhou"), ("tenhou-sanma", "mahjong-soul-sanma")])
    return ["diff", a, b, "--logs", str(path), *rng.choice([[], ["--format", "json"], ["--behaviour-only"]])]


def _written(rng: random.Random, folder: Path, index: int, case: tuple[str, bytes]) -> Path:
    name, data = case
    suffix = rng.choice([Path(name.split(" ")[0]).suffix or ".log", ".log", ".gz"])
    path = folder / f"case{index}{suffix}"
    path.write_bytes(gzip.compress(data) if suffix == ".gz" else data)
    return path


def cli_escape(argv: list[str]) -> str | None:
    """What escaped the command line, or ``None``: an exception out of ``main``, an exit code
    other than 0, 1 or 2, a traceback, an error line that does not name yakuset, or (a log
    file's) more than one."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_main(argv)
    text = err.getvalue()
    if code not in (0, 1, 2):
        return f"exit code {code}"
    if "Traceback" in text or "unexpected error" in text:
        return text.strip().splitlines()[-1][:200]
    lines = text.splitlines()
    one_file = not Path(argv[1 if argv[0] == "replay" else 4]).is_dir()
    if code == 2 and not lines and wants_json(argv):  # the error is the JSON answer on stdout
        return None if "error" in json.loads(out.getvalue()) else f"exit 2 without an error: {out.getvalue()[:200]!r}"
    if code == 2 and (not lines or (one_file and len(lines) != 1)):
        return f"exit 2 with {len(lines)} lines on stderr: {text[:200]!r}"
    if any(not line.startswith("yakuset: ") for line in lines):
        return f"a line on stderr that is no message of yakuset: {text[:200]!r}"
    return None
