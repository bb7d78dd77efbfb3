"""``yakuset replay`` and ``yakuset diff --logs`` of KoiKoi-AI's Koi-Koi game records: a record
told from a Riichi log, checked under koikoi-japan and rescored (``yakuset.koikoi.read_record``,
``replay_record``), worded for ``yakuset._replays``, and each recorded round a situation of the
diff's "played games" (docs/rules/koikoi-logs.md). The words both games' replays share are here."""

from __future__ import annotations

import json
import os
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ._core.errors import InputError
from ._house import load_ruleset

if TYPE_CHECKING:
    from ._core.ruleset import RuleSet
    from .koikoi import KoikoiRecord, KoikoiReplay, ReplayedRound


def text_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: a wide (CJK) character two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int) -> str:
    """``text`` padded to ``columns`` terminal columns."""
    return text + " " * (columns - text_width(text))


def signed(values: Sequence[int]) -> str:
    """Each value with its sign, 0 bare."""
    return " ".join(f"{v:+d}" if v else "0" for v in values)


#: The rule set a KoiKoi-AI record is played under: its records come from Koi-Koi Japan's rules.
KOIKOI_RULESET = "koikoi-japan"


class KoikoiGameReplay(NamedTuple):
    """One KoiKoi-AI record replayed: its ``file``, the ``record``, the replay under
    koikoi-japan (``checked``) and under ``--ruleset`` when that is another (``rescored``)."""

    file: str
    record: KoikoiRecord
    checked: KoikoiReplay
    rescored: KoikoiReplay | None
    rulesets: tuple[RuleSet, ...]

    def as_dict(self) -> dict[str, Any]:
        """The record's JSON shape."""
        return {
            "file": self.file,
            "game": "koikoi",
            "players": list(self.checked.players),
            "ruleset_reason": f"a KoiKoi-AI record: Koi-Koi Japan's rules ({KOIKOI_RULESET})",
            "checked": self.checked.as_dict(),
            "rescored": None if self.rescored is None else self.rescored.as_dict(),
        }


def koikoi_record(file: str) -> KoikoiRecord | None:
    """The KoiKoi-AI record at ``file`` (a ``.json`` whose top has ``info``, ``result`` and
    ``record``), or ``None`` when it is no such record (a Riichi log)."""
    from .koikoi import is_record, read_record

    if not file.lower().endswith(".json") or not os.path.isfile(file):
        return None  # a named pipe would block open(): the Riichi reader refuses what is no file
    try:
        with open(file, "rb") as handle:
            data = json.loads(handle.read(1 << 20))
    except (OSError, ValueError, RecursionError):
        return None  # the Riichi reader says what is wrong with it
    return read_record(data, file) if is_record(data) else None


def replay_koikoi(file: str, record: KoikoiRecord, ruleset: RuleSet | None) -> KoikoiGameReplay:
    """A KoiKoi-AI ``record`` checked under koikoi-japan and rescored under ``ruleset``."""
    from .koikoi import replay_record

    if ruleset is not None and ruleset.game != "koikoi":
        raise InputError(f"{file}: a Koi-Koi record; {ruleset.id!r} is a {ruleset.game} rule set")
    implied = load_ruleset(KOIKOI_RULESET)
    checked = replay_record(implied, record)
    rescored = None
    if ruleset is not None and ruleset.id != implied.id:
        rescored = replay_record(ruleset, record, checked=False)
    return KoikoiGameReplay(file, record, checked, rescored, (implied,) if ruleset is None else (implied, ruleset))


def _koikoi_verdict(replay: KoikoiReplay) -> str:
    if replay.divergence is not None:
        return f"DIVERGES at {replay.divergence}"
    final = " and the final points" if replay.logged_final is not None else ""
    count = sum(r.logged is not None for r in replay.rounds)
    rounds = "the round" if count == 1 else f"all {count} rounds"
    return f"every move legal; {rounds}{final} as the record's"


def round_change(a: ReplayedRound, b: ReplayedRound, rs_a: RuleSet, rs_b: RuleSet) -> str:
    """Why round ``b`` (under ``rs_b``) moved other points than ``a`` (under ``rs_a``)."""
    words = [str(move) for move in b.refused]
    if b.ended is None:
        return "; ".join([*words, f"the record's turns end before the round does under {rs_b.id}"])
    alike = a.ended == b.ended or {a.ended, b.ended} == {"shobu", "automatic_shobu"}
    if (a.winner, a.turns) != (b.winner, b.turns) or not alike:
        words.append(
            f"{rs_a.id}: {a.winner or 'nobody'} wins by {a.ended} at turn {a.turns}, "
            f"{rs_b.id}: {b.winner or 'nobody'} by {b.ended} at turn {b.turns}"
        )
    gone = [y for y in a.yaku if y not in b.yaku]
    new = [y for y in b.yaku if y not in a.yaku]
    change = f"{b.winner or 'nobody'}: {a.award or 'no award'} -> {b.award or 'no award'}"
    if gone or new:
        change += " (" + ", ".join([*(f"no {y}" for y in gone), *(f"+{y}" for y in new)]) + ")"
    return "; ".join([*words, change])


def koikoi_text(game: KoikoiGameReplay) -> list[str]:
    checked, rescored = game.checked, game.rescored
    count = len(game.record.played)
    lines = [
        f"{game.file}: {count} round{'' if count == 1 else 's'}",
        f"  {checked.ruleset}: {_koikoi_verdict(checked)}",
    ]
    lines += [f"  {checked.ruleset}: note: {note}" for note in checked.notes]
    if rescored is None:
        return lines
    changed = [(a, b) for a, b in zip(checked.rounds, rescored.rounds, strict=True) if a.deltas != b.deltas]
    lines.append(f"  {rescored.ruleset}: {len(changed)} of {len(rescored.rounds)} rounds change")
    for a, b in changed:
        lines.append(f"    round {b.number}: {signed(a.deltas)} -> {signed(b.deltas)}")
        lines.append(f"      {round_change(a, b, *game.rulesets)}")
    lines += [f"  {rescored.ruleset}: refused: {move}" for move in rescored.refused]
    lines += [f"  {rescored.ruleset}: note: {note}" for note in rescored.notes]
    columns = max(text_width(name) for name in checked.players)
    lines.append(f"  {'':{columns}}  {checked.ruleset:<14}  {rescored.ruleset}".rstrip())
    for seat, name in enumerate(checked.players):
        lines.append(f"  {pad(name, columns)}  {checked.totals[seat]:<14}  {rescored.totals[seat]}")
    return lines


def koikoi_markdown(game: KoikoiGameReplay) -> list[str]:
    checked, rescored = game.checked, game.rescored
    out = [f"## {os.path.basename(game.file)}\n\n- `{checked.ruleset}`: {_koikoi_verdict(checked)}\n"]
    if rescored is not None:
        out.append(f"\n| round | `{checked.ruleset}` | `{rescored.ruleset}` | why |\n|---|---|---|---|\n")
        for a, b in zip(checked.rounds, rescored.rounds, strict=True):
            if a.deltas != b.deltas:
                why = round_change(a, b, *game.rulesets).replace("|", "\\|")
                out.append(f"| {b.number} | {signed(a.deltas)} | {signed(b.deltas)} | {why} |\n")
        out.append(f"\n| player | `{checked.ruleset}` | `{rescored.ruleset}` |\n|---|---|---|\n")
        for seat, name in enumerate(checked.players):
            out.append(f"| {name} | {checked.totals[seat]} | {rescored.totals[seat]} |\n")
    out.append("\n")
    return out


# --- yakuset diff A B --logs: the recorded rounds ------------------------------------------------

#: What ``played_rounds`` gives ``yakuset._replays.played``: the records read, the situations,
#: the whole matches compared, the matches whose places change, the files not read.
PlayedRounds = tuple[
    int,
    list[tuple[str, str, Callable[["RuleSet"], Any]]],
    int,
    list[tuple[str, tuple[tuple[str, int, int], ...]]],
    list[str],
]


def played_rounds(a: RuleSet, b: RuleSet, files: Sequence[Path]) -> PlayedRounds:
    """Each round of the KoiKoi-AI records among ``files`` a situation ("played rounds": the
    round dealt as recorded, its recorded decisions rescored by each rule set,
    :func:`yakuset.koikoi.replay_round`), and each finished match's places under both."""
    from .koikoi import replay_record

    records, errors = [], []
    for found in files:
        try:
            record = koikoi_record(str(found))
        except InputError as error:
            errors.append(str(error))
            continue
        if record is None:
            errors.append(f"{found}: not a KoiKoi-AI record (a Koi-Koi diff reads those only)")
            continue
        records.append((str(found), record))
    situations = [situation for file, record in records for situation in _round_situations(file, record)]
    placements = []
    finished = [(file, record) for file, record in records if record.final is not None]
    for file, record in finished:
        places = [_places(replay_record(rs, record, checked=False).totals) for rs in (a, b)]
        names = record.players
        moved = tuple((names[s], places[0][s], places[1][s]) for s in (0, 1) if places[0][s] != places[1][s])
        if moved:
            placements.append((file, moved))
    return len(records), situations, len(finished), placements, errors


def _places(totals: tuple[int, int]) -> tuple[int, int]:
    first, second = totals
    return (1 if first >= second else 2, 1 if second >= first else 2)


def _round_situations(file: str, record: KoikoiRecord) -> list[tuple[str, str, Callable[[RuleSet], Any]]]:
    from .diff import Outcome
    from .koikoi import replay_round

    def run_of(number: int) -> Callable[[RuleSet], Any]:
        def run(rs: RuleSet) -> Any:
            played = replay_round(rs, record, number)
            said = [str(move) for move in played.refused] or [n for n in played.notes if n.startswith("at the deal")]
            return Outcome(float(max(played.deltas)), signed(played.deltas) + (f" ({'; '.join(said)})" if said else ""))

        return run

    name = os.path.basename(file)
    return [
        ("played rounds", f"{name} round {each.number} (dealer {record.players[each.dealer - 1]})", run_of(each.number))
        for each in record.played
        if each.points is not None
    ]
