"""Arbitrary command lines for ``yakuset``: real commands with valid, wrong and hostile arguments,
and rule-set or case files written by the fuzzer."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .api_calls import KOIKOI, RIICHI
from .generators import EXPRESSIONS, HOSTILE_SCALARS, mutated_file

COMMANDS = ["list", "show", "validate", "award", "table", "score", "hand", "play", "diff", "nonsense", ""]
VALUES = ["0", "1", "-1", "8", "30", "13", "40", "110", "1e3", "2.5", "x", "", "99999999999999999999", "-0", "inf"]
OPTIONS = {
    "award": ["--base", "--own-calls", "--opponent-calls", "--field-brights", "--explain"],
    "score": [
        "--han",
        "--fu",
        "--yaku",
        "--dora",
        "--open",
        "--yakuman",
        "--dealer",
        "--tsumo",
        "--honba",
        "--riichi-sticks",
        "--explain",
    ],
    "hand": [
        "--win",
        "--chi",
        "--pon",
        "--kan",
        "--ankan",
        "--seat",
        "--round",
        "--dora",
        "--ura",
        "--riichi",
        "--tsumo",
        "--ippatsu",
        "--rinshan",
        "--chankan",
        "--haitei",
        "--houtei",
        "--tenhou",
        "--chihou",
        "--renhou",
        "--double-riichi",
        "--honba",
        "--riichi-sticks",
        "--explain",
    ],
    "diff": ["--format", "--declared", "--structural-only", "--behaviour-only", "--cases", "--steps", "--colour"],
    "table": ["--format"],
    "show": ["--resolved"],
    "list": ["--game"],
}
WORDS = [
    "json",
    "markdown",
    "github",
    "human",
    "text",
    "koikoi",
    "riichi",
    "chess",
    "riichi,pinfu",
    "daisangen",
    "234m456p23456788s",
    "4s",
    "555z",
    "234m",
    "east",
    "north",
    "up",
    "always",
    "never",
    "auto",
]


def _file(rng: random.Random, folder: Path, index: int) -> str:
    path = folder / f"rules{index}.yaml"
    if rng.random() < 0.7:
        _, text = mutated_file(rng)
    else:
        text = rng.choice(
            [
                "",
                "game: koikoi",
                "extends: nintendo\nname: x\n",
                "extends: tenhou\nname: y\n",
                "cases: []",
                "cases: [{base: 8}]",
                "cases: [{han: 3, fu: 40}]",
                "cases: [{x: 1}]",
                "players: [a, b]\ndealer: a\nrounds: []\n",
                "players: [a, b, c, d]\ndealer: a\nhands: [{draw: {tenpai: [a]}}]\n",
                "players: [a, b, c, d]\ndealer: a\nhands: [{ron: {discarder: a, winners: [{seat: b, han: 1}]}}]\n",
                "players: [a, b, c, d]\ndealer: x\nhands: 5\n",
                "\x00",
                "a: [" * 70,
                'extends: nintendo\nname: x\nmetadata: {description: "\\ud800"}\n',
                "cases:\n" + "  - {base: 8}\n" * rng.randint(1, 500),
            ]
        )
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return str(path)


def random_argv(rng: random.Random, folder: Path) -> list[str]:
    """One arbitrary command line (files it names are written into ``folder``)."""
    command = rng.choice(COMMANDS)
    argv: list[str] = [command] if command else []
    files = 0

    def operand() -> str:
        nonlocal files
        roll = rng.random()
        if roll < 0.5:
            return rng.choice(KOIKOI + RIICHI + ["_koikoi", "missing"])
        if roll < 0.8:
            files += 1
            return _file(rng, folder, files)
        return rng.choice(VALUES + HOSTILE_SCALARS[:20] + ["/dev/zero", "/", "../x.yaml"])

    for _ in range({"diff": 2, "validate": rng.randint(1, 3)}.get(command, 1)):
        argv.append(operand())
    if command == "hand":
        argv.append(rng.choice(WORDS + ["234m456p789s11z345s"]))
    if command == "play":
        argv.append(operand())
    for _ in range(rng.randint(0, 6)):
        option = rng.choice(OPTIONS.get(command, ["--json"]) + ["--json", "--help", "--nope"])
        argv.append(option)
        if rng.random() < 0.7:
            value: Any = rng.choice(VALUES + WORDS + EXPRESSIONS[:5])
            if option == "--cases":
                files += 1
                value = _file(rng, folder, files)
            argv.append(str(value))
    if rng.random() < 0.05:
        rng.shuffle(argv)
    return argv
