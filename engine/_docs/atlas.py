"""The atlas of the bundled rule sets (``docs/atlas.md``): every bundled rule set's headline
figures from simulated play, with 95% intervals, generated, never written by hand::

    python -m yakuset._docs.atlas [--game koikoi|riichi [--ruleset ID ...]] [--workers N] [--check] [PATH]

Koi-Koi: 10,000 matches a rule set between ``human`` bots; Riichi: 2,000 games a rule set with
``human`` bots at every seat (:data:`PLANS`); the seed is 0, so the same code gives the same
page. Each game's section is written between markers that record what it was made from: each
rule set's resolved rules and the tally of a few matches replayed (a change of the rules, of the
table or of the bots changes them). ``--check`` (and ``tests/docs/test_atlas.py``) recomputes those
and says which sections are out of date, without playing the whole atlas again. ``--game``
remakes one game's section and keeps the other's; with ``--ruleset`` it plays only the rule sets
named and keeps the section's other rows (a section of hours of play, Riichi's, can be made a few
rule sets at a time: the rows not played yet say so, and ``--check`` lists them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import _studies, diff
from .._core.bundled import ids_of_game
from .._core.errors import InputError
from .._core.ruleset import RuleSet
from .._core.studypart import StudyPart
from .._core.tallies import shown_estimate
from .._house import REGISTRY, load_ruleset

#: Where the page lies in the repository.
PAGE = Path("docs/atlas.md")


@dataclass(frozen=True)
class Plan:
    """How a game's section is made: matches a rule set, the bots, the figures shown (key in the
    study's summary, column title, whether it is a share), and the few matches (with the bots)
    whose tally records, in the section's marker, what the play was."""

    game: str
    matches: int
    bots: tuple[str, ...]
    figures: tuple[tuple[str, str, bool], ...]
    check_matches: int
    check_bots: tuple[str, ...]


PLANS = {
    "koikoi": Plan(
        "koikoi",
        10_000,
        ("human", "human"),
        (
            ("points_per_round", "points a round", False),
            ("dealer_wins_round", "dealer wins a round", True),
            ("first_dealer_wins_match", "first dealer wins", True),
            ("koikoi_call_rate", "Koi-Koi called", True),
            ("koikoi_success_rate", "caller wins", True),
            ("draws", "rounds drawn", True),
            ("lucky_hands", "lucky hands", True),
            ("match_length", "rounds a match", False),
        ),
        5,
        ("greedy", "greedy"),
    ),
    "riichi": Plan(
        "riichi",
        2_000,
        ("human",),
        (
            ("win_rate", "win", True),
            ("deal_in_rate", "deal-in", True),
            ("riichi_rate", "riichi", True),
            ("call_rate", "call", True),
            ("exhaustive_draws", "drawn hands", True),
            ("win_value", "a win's value", False),
            ("hands_per_game", "hands a game", False),
        ),
        1,
        ("random",),
    ),
}
SEED = 0
_MARK = re.compile(r"<!-- atlas:(\w+) (\{.*?\}) -->\n(.*?)<!-- /atlas:\1 -->\n", re.S)


def bundled(game: str) -> list[RuleSet]:
    """The game's bundled rule sets, in the order ``yakuset list`` gives them."""
    return [load_ruleset(ident) for ident in ids_of_game(game)]


def inputs(plan: Plan, only: Sequence[str] | None = None) -> dict[str, str]:
    """What a section is made from, by rule set (each bundled one, or those of ``only``): a
    digest of its resolved rules and of the tally of the plan's first few matches (the play
    itself: the table and the bots)."""
    found = {}
    for rs in bundled(plan.game):
        if only is not None and rs.id not in only:
            continue
        part = _studies.study_part(rs)
        sample = part.play_matches(rs, SEED, 0, plan.check_matches, part.check_bots(rs, plan.check_bots))
        made = json.dumps([diff.plain(rs.document), sample.as_dict()], sort_keys=True, default=str)
        found[rs.id] = hashlib.sha256(made.encode("utf-8")).hexdigest()[:16]
    return found


def section(plan: Plan, workers: int | None = None, only: Sequence[str] = (), kept: str | None = None) -> str:
    """A game's section: its study of every bundled rule set, between its markers. With ``only``
    (rule set ids), the study plays those rule sets alone and keeps the other rows of ``kept``
    (the section as it was; a rule set it has no row for is "not played yet"): a long section
    can be made a few rule sets at a time. A rule set plays the same matches alone or beside
    others, so its row is the same either way."""
    rulesets = bundled(plan.game)
    known = [rs.id for rs in rulesets]
    for ident in only:
        if ident not in known:
            raise InputError(f"{ident!r} is not a bundled {plan.game} rule set ({', '.join(known)})")
    played = [rs for rs in rulesets if not only or rs.id in only]
    record, rows = _kept(kept, plan)
    progress = _studies.Progress() if sys.stderr.isatty() else None
    study = _studies.run(played, plan.matches, SEED, plan.bots, workers=workers, progress=progress)
    if study.interrupted:
        raise KeyboardInterrupt
    data = study.as_dict()
    for row in data["rulesets"]:
        cells = [_cell(row["summary"][key], share) for key, _, share in plan.figures]
        rows[row["id"]] = f"| `{row['id']}` | " + " | ".join(cells) + " |"
    now = inputs(plan, [rs.id for rs in played])
    recorded = {ident: digest for ident, digest in record.get("inputs", {}).items() if ident in known}
    recorded.update(now)
    part = _part(plan.game)
    unit = part.unit
    bots = " and ".join(dict.fromkeys(study.bots))  # a name seated at every seat is said once
    lines = [
        f"## {part.title}",
        "",
        f"{plan.matches:,} {unit} a rule set between {bots} bots (seed {SEED}); each figure with its 95% "
        "interval (`yakuset simulate` gives them for any rule set).",
        "",
        "| rule set | " + " | ".join(title for _, title, _ in plan.figures) + " |",
        "|---|" + "---:|" * len(plan.figures),
    ]
    for ident in known:
        lines.append(rows.get(ident) or _not_played(plan, ident))
    marker = json.dumps({"matches": plan.matches, "bots": list(study.bots), "inputs": recorded}, sort_keys=True)
    return f"<!-- atlas:{plan.game} {marker} -->\n" + "\n".join(lines) + "\n\n" + f"<!-- /atlas:{plan.game} -->\n"


_ROW = re.compile(r"^\| `([^`]+)` \|.*$", re.M)
_NOT_PLAYED = "not played yet"


def _kept(kept: str | None, plan: Plan) -> tuple[dict[str, Any], dict[str, str]]:
    """The marker's record and the played rows (by rule set id) of a section as it was; nothing
    when it was made from other matches or bots than the plan's."""
    if kept is None:
        return {}, {}
    found = sections_of(kept).get(plan.game)
    if found is None:
        return {}, {}
    record, whole = found
    if record["matches"] != plan.matches or list(dict.fromkeys(record["bots"])) != list(dict.fromkeys(plan.bots)):
        return {}, {}
    rows = {m.group(1): m.group(0) for m in _ROW.finditer(whole) if _NOT_PLAYED not in m.group(0)}
    return record, {ident: row for ident, row in rows.items() if ident in record["inputs"]}


def _not_played(plan: Plan, ident: str) -> str:
    command = f"`python -m yakuset._docs.atlas --game {plan.game} --ruleset {ident}`"
    return f"| `{ident}` | {_NOT_PLAYED}: {command} |" + " |" * (len(plan.figures) - 1)


def _cell(estimate: dict[str, Any], share: bool) -> str:
    text = shown_estimate(estimate, share, 0, 2)
    return " ".join(text.split("  of ")[0].split())


_HEAD = """# Atlas of the bundled rule sets

Generated by `python -m yakuset._docs.atlas` (do not edit by hand): every bundled rule set's
headline figures from simulated play between bots, each with its 95% interval. What a rule
change does to play, paired match by match, is `yakuset diff A B --play N`; a rule set's full
figures are `yakuset simulate RULESET`. `python -m yakuset._docs.atlas --check` says whether a
section is current (the rules, the table and the bots it was made with).

"""


def _part(game: str) -> StudyPart:
    """The registered game's study part (each game of the atlas's plans has one)."""
    found = REGISTRY.games[game].study
    assert found is not None
    return found


def page(sections: dict[str, str]) -> str:
    """The page: its head, then each game's section (or what remains to be run)."""
    out = [_HEAD]
    for game, plan in PLANS.items():
        if game in sections:
            out.append(sections[game])
        else:
            part = _part(game)
            out.append(
                f"## {part.title}\n\nNot generated yet: "
                f"`python -m yakuset._docs.atlas --game {game}` plays {plan.matches:,} {part.unit} of each bundled "
                f"rule set between {', '.join(plan.bots)} bots.\n"
            )
        out.append("\n")
    return "".join(out).rstrip("\n") + "\n"


def sections_of(text: str) -> dict[str, tuple[dict[str, Any], str]]:
    """The generated sections of a page: game -> (its marker's record, the whole section)."""
    return {m.group(1): (json.loads(m.group(2)), m.group(0)) for m in _MARK.finditer(text)}


def stale(text: str) -> list[str]:
    """What is out of date in a page's generated sections: each rule set whose rules or play
    changed, added or gone, and sections made with other matches or bots than the plan's. A
    rule set whose row says it is not played yet is :func:`pending`, not stale."""
    found = []
    for game, (record, whole) in sections_of(text).items():
        plan = PLANS[game]
        if record["matches"] != plan.matches:
            found.append(f"{game}: made from {record['matches']:,} matches a rule set, the plan is {plan.matches:,}")
        made, planned = list(dict.fromkeys(record["bots"])), list(dict.fromkeys(plan.bots))
        if made != planned:
            found.append(f"{game}: made between {' and '.join(made)} bots, the plan is {' and '.join(planned)}")
        waiting = _waiting(whole)
        now = inputs(plan)
        for ident in sorted(set(now) | set(record["inputs"])):
            if ident not in record["inputs"]:
                if ident not in waiting:
                    found.append(f"{game}: {ident} is not in the atlas")
            elif ident not in now:
                found.append(f"{game}: {ident} is no longer bundled")
            elif now[ident] != record["inputs"][ident]:
                found.append(f"{game}: {ident} changed (its rules or its play)")
    return found


def pending(text: str) -> list[str]:
    """The rule sets a page's sections list as not played yet, as ``game: id``."""
    return [f"{game}: {ident}" for game, (_, whole) in sections_of(text).items() for ident in sorted(_waiting(whole))]


def _waiting(whole: str) -> set[str]:
    return {m.group(1) for m in _ROW.finditer(whole) if _NOT_PLAYED in m.group(0)}


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m yakuset._docs.atlas", description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=str(PAGE), help=f"the page (default {PAGE})")
    parser.add_argument("--game", choices=sorted(PLANS), action="append", help="remake this game's section only")
    parser.add_argument(
        "--ruleset",
        action="append",
        default=[],
        help="play only this bundled rule set (with one --game), keeping the section's other rows",
    )
    parser.add_argument("--workers", type=int, help="processes of a local Dask cluster (default: every CPU)")
    parser.add_argument("--check", action="store_true", help="say what is out of date; exit 1 if anything is")
    args = parser.parse_args(argv)
    path = Path(args.path)
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if args.ruleset and len(args.game or ()) != 1:
        parser.error("--ruleset needs the one --game it belongs to")
    if args.check:
        found = stale(text)
        for line in found:
            print(line)
        for line in pending(text):
            print(f"{line} not played yet")
        return 1 if found else 0
    kept = {game: whole for game, (_, whole) in sections_of(text).items()}
    for game in args.game or list(PLANS):
        try:
            kept[game] = section(PLANS[game], args.workers, args.ruleset, kept.get(game))
        except InputError as exc:
            parser.error(str(exc))
        path.write_text(page(kept), encoding="utf-8")
        print(f"wrote {game}'s section into {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
