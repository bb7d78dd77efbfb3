"""``yakuset replay``: played games' logs replayed at the Riichi table under the rule set each
log's lobby implies (checked against the log), and rescored under another rule set, the two side
by side (docs/rules/tenhou-logs.md §9). The work is the public API's (``yakuset.riichi.read_log``,
``replay``); this module finds the logs, loads the rule sets and words the reports."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ._core.errors import InputError
from ._house import load_ruleset, load_ruleset_text
from ._koikoi_records import (
    KoikoiGameReplay,
    PlayedRounds,
    koikoi_markdown,
    koikoi_record,
    koikoi_text,
    pad,
    played_rounds,
    replay_koikoi,
    signed,
    text_width,
)

if TYPE_CHECKING:
    from ._core.ruleset import RuleSet
    from .diff import Change
    from .diff.sections import BehaviourSection
    from .riichi import GameLog, Replay, ReplayedHand, ReplayedWin

#: The files a folder's logs are read from (a gzip log keeps its format's name before ``.gz``).
LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".gz")
_PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


class GameReplay(NamedTuple):
    """One log replayed: its ``file``, the ``record``, the replay under the rule set the log
    implies or the one given for a log that names none (``checked``), and under ``--ruleset``
    when that is another (``rescored``, else ``None``)."""

    file: str
    record: GameLog
    checked: Replay
    rescored: Replay | None
    rulesets: tuple[RuleSet, ...]

    def as_dict(self) -> dict[str, Any]:
        """The game's JSON shape."""
        return {
            "file": self.file,
            "players": list(self.record.players),
            "ruleset_reason": self.record.ruleset_reason,
            "checked": self.checked.as_dict(),
            "rescored": None if self.rescored is None else self.rescored.as_dict(),
        }


def log_files(path: str) -> list[Path]:
    """The logs at ``path``: the file itself, or a folder's logs (its subfolders too) by name.
    An empty ``path`` is refused (``Path("")`` is the working folder)."""
    if not path:
        raise InputError("LOG: an empty path names no file or folder")
    where = Path(path)
    if where.is_dir():
        return sorted(p for p in where.rglob("*") if p.is_file() and p.name.lower().endswith(LOG_SUFFIXES))
    if not where.exists():
        raise InputError(f"LOG: no such file or folder: {path}")
    return [where]


def replay_logs(
    path: str, ruleset: RuleSet | None, progress: Callable[[int, int, str], None] | None = None
) -> tuple[list[GameReplay | KoikoiGameReplay], list[str]]:
    """Every log at ``path`` replayed (:func:`replay_one`), with the errors of those that could
    not be (each located: file, hand, event). A single file's error is raised."""
    from .riichi import LogError

    files = log_files(path)
    games: list[GameReplay | KoikoiGameReplay] = []
    errors: list[str] = []
    for number, file in enumerate(files, 1):
        if progress is not None:
            progress(number, len(files), str(file))
        try:
            games.append(replay_one(str(file), ruleset))
        except (LogError, InputError) as error:
            if len(files) == 1 and not Path(path).is_dir():
                raise
            errors.append(str(error))
    return games, errors


def replay_one(file: str, ruleset: RuleSet | None) -> GameReplay | KoikoiGameReplay:
    """The log ``file`` replayed under the rule set its lobby implies (a bundled one, or one
    that extends it with the lobby's other rules: :func:`yakuset.riichi.lobby_variant`; or
    ``ruleset`` for a log that names none), and rescored under ``ruleset`` when that is another.
    A KoiKoi-AI record is replayed at the Koi-Koi table instead (:func:`replay_koikoi`)."""
    from .riichi import lobby_variant, read_log, replay

    found = koikoi_record(file)
    if found is not None:
        return replay_koikoi(file, found, ruleset)
    if ruleset is not None and ruleset.game != "riichi":
        raise InputError(f"{file}: a Riichi log; {ruleset.id!r} is a {ruleset.game} rule set")
    record = read_log(path=file)  # a file named like a log's text ({game}.json) is a file here
    variant = lobby_variant(record.lobby)
    if record.ruleset is not None:
        implied: RuleSet | None = load_ruleset(record.ruleset)
    elif variant is not None:  # a lobby no bundled file is: the rule set it implies, built here
        ident, text = variant
        implied = load_ruleset_text(text, f"{ident}.yaml", bundled_parents_only=True)
    else:
        implied = ruleset
    if implied is None:
        raise InputError(f"{file}: no rule set to replay it under ({record.ruleset_reason}): give one with --ruleset")
    checked = replay(implied, record, checked=True, file=file)
    rescored = None
    if ruleset is not None and ruleset.id != implied.id:
        rescored = replay(ruleset, record, checked=False, file=file)
    return GameReplay(file, record, checked, rescored, (implied,) if ruleset is None else (implied, ruleset))


def exit_status(games: Sequence[GameReplay | KoikoiGameReplay]) -> bool:
    """Whether every checked replay agrees with its log."""
    return all(game.checked.agrees for game in games)


# --- words ---------------------------------------------------------------------------------------


def _verdict(replay: Replay) -> str:
    if replay.divergence is not None:
        return f"DIVERGES at {replay.divergence}"
    compared = sum(h.logged is not None for h in replay.hands)
    final = " and the final scores and points" if replay.logged_final is not None else ""
    hands = "the hand" if compared == 1 else f"all {compared} hands"
    return f"every action legal; {hands}{final} as the log's"


def _win_words(win: ReplayedWin) -> str:
    if win.yakuman:
        return f"{win.yakuman} yakuman"
    return f"{win.han} han {win.fu} fu"


def _dora_words(rs_a: RuleSet, rs_b: RuleSet) -> str:
    """What changes the dora of the same yaku between two rule sets, as far as the rules say."""
    from .riichi import rules_of

    red_a, red_b = rules_of(rs_a).table.red_fives, rules_of(rs_b).table.red_fives
    if red_a != red_b:
        counted = "no red fives" if not any(red_b) else f"red fives {'/'.join(map(str, red_b))} (m/p/s)"
        return f"the same yaku, other dora: {rs_b.id} counts {counted} (tiles.red_fives)"
    return "the same yaku, other dora"


def hand_change(a: ReplayedHand, b: ReplayedHand, rs_a: RuleSet, rs_b: RuleSet) -> str:
    """Why hand ``b`` (under ``rs_b``) moved other points than ``a`` (under ``rs_a``)."""
    if b.refused:
        return "; ".join(b.refused) + " (a void hand)"
    if a.ending != b.ending:
        return f"{rs_a.id} ends it in {a.ending}, {rs_b.id} in {b.ending}"
    words = []
    theirs = {w.seat: w for w in b.wins}
    for win in a.wins:
        other = theirs.get(win.seat)
        if other is None:
            words.append(f"seat {win.seat} is not paid under {rs_b.id}")
            continue
        gone = [y for y in win.yaku if y not in other.yaku]
        new = [y for y in other.yaku if y not in win.yaku]
        change = f"seat {win.seat}: {_win_words(win)} -> {_win_words(other)}"
        if gone or new:
            change += " (" + ", ".join([*(f"no {y}" for y in gone), *(f"+{y}" for y in new)]) + ")"
        elif (win.han, win.fu, win.yakuman) != (other.han, other.fu, other.yakuman):
            change += f" ({_dora_words(rs_a, rs_b)})"
        else:
            change += f" ({rs_b.id}'s payment for it)"
        words.append(change)
    return "; ".join(words) or f"{rs_b.id}'s payments"


def _standing_rows(game: GameReplay) -> list[tuple[str, list[str]]]:
    """One row per seat: its name, then place, score and points under each rule set."""
    replays = [game.checked] + ([game.rescored] if game.rescored is not None else [])
    rows = []
    for seat, name in enumerate(game.record.players):
        cells = []
        for replay in replays:
            standing = next(s for s in replay.standings if s.seat == seat)
            cells += [_PLACES.get(standing.place, str(standing.place)), f"{standing.score}", f"{standing.points:+.1f}"]
        rows.append((name or f"seat {seat}", cells))
    order = sorted(range(len(rows)), key=lambda s: next(x.place for x in game.checked.standings if x.seat == s))
    return [rows[s] for s in order]


def text(games: Sequence[GameReplay | KoikoiGameReplay], errors: Sequence[str]) -> str:
    """The replays in words, one block a game (every changed hand, the standings side by side
    when a game is rescored); the files that could not be read at the end."""
    out = []
    for game in games:
        if isinstance(game, KoikoiGameReplay):
            out.append("\n".join(koikoi_text(game)) + "\n")
            continue
        checked, rescored = game.checked, game.rescored
        count = len(game.record.hands)
        lines = [f"{game.file}: {count} hand{'' if count == 1 else 's'}", f"  {checked.ruleset}: {_verdict(checked)}"]
        lines += [f"  {checked.ruleset}: note: {note}" for note in checked.notes]
        if rescored is not None:
            changed = [(a, b) for a, b in zip(checked.hands, rescored.hands, strict=False) if a.deltas != b.deltas]
            lines.append(f"  {rescored.ruleset}: {len(changed)} of {len(rescored.hands)} hands change")
            for a, b in changed:
                lines.append(f"    {b.name}: {signed(a.deltas)} -> {signed(b.deltas)}")
                lines.append(f"      {hand_change(a, b, *game.rulesets)}")
            lines += [f"  {rescored.ruleset}: note: {note}" for note in rescored.notes]
            rows = _standing_rows(game)
            columns = max(text_width(name) for name, _ in rows)
            head = f"  {'':{columns}}  {checked.ruleset:<20}  {rescored.ruleset}"
            lines.append(head.rstrip())
            for name, cells in rows:
                left = f"{cells[0]:<4}{cells[1]:>7}{cells[2]:>7}"
                right = f"{cells[3]:<4}{cells[4]:>7}{cells[5]:>7}"
                lines.append(f"  {pad(name, columns)}  {left:<20}  {right}")
        out.append("\n".join(lines) + "\n")
    if len(games) > 1:
        agree = sum(g.checked.agrees for g in games)
        diverge = len(games) - agree
        out.append(f"{len(games)} logs replayed: {agree} agree, {diverge} diverge; {len(errors)} unreadable\n")
    return "".join(out)


def markdown(games: Sequence[GameReplay | KoikoiGameReplay], errors: Sequence[str]) -> str:
    """The replays as Markdown: a section a game, its changed hands and standings as tables."""
    out = []
    for game in games:
        if isinstance(game, KoikoiGameReplay):
            out += koikoi_markdown(game)
            continue
        checked, rescored = game.checked, game.rescored
        out.append(f"## {os.path.basename(game.file)}\n\n- `{checked.ruleset}`: {_verdict(checked)}\n")
        out += [f"- `{checked.ruleset}`: {note}\n" for note in checked.notes]
        if rescored is not None:
            out.append(f"\n| hand | `{checked.ruleset}` | `{rescored.ruleset}` | why |\n|---|---|---|---|\n")
            for a, b in zip(checked.hands, rescored.hands, strict=False):
                if a.deltas != b.deltas:
                    why = hand_change(a, b, *game.rulesets).replace("|", "\\|")
                    out.append(f"| {b.name} | {signed(a.deltas)} | {signed(b.deltas)} | {why} |\n")
            out.append(f"\n| player | `{checked.ruleset}` | `{rescored.ruleset}` |\n|---|---|---|\n")
            for name, cells in _standing_rows(game):
                out.append(f"| {name} | {' '.join(cells[:3])} | {' '.join(cells[3:])} |\n")
        out.append("\n")
    if errors:
        out.append("## Unreadable\n\n" + "".join(f"- {e}\n" for e in errors))
    return "".join(out)


def as_json(games: Sequence[GameReplay | KoikoiGameReplay], errors: Sequence[str]) -> dict[str, Any]:
    """The replays' JSON shape: ``{"games": [...], "errors": [...]}``."""
    return {"games": [game.as_dict() for game in games], "errors": list(errors)}


# --- yakuset diff A B --logs DIR -----------------------------------------------------------------


class Played(NamedTuple):
    """The "played games" of a behavioural diff: every hand of the logs at ``path`` settled
    under both rule sets (``report``, its ``causes`` as the diff finds them), the whole games
    whose placements change (``placements``: file, then each seat's name and places under
    ``a`` and ``b``), and the logs that could not be read (``errors``)."""

    path: str
    logs: int
    report: Any
    causes: Any
    games: int
    placements: tuple[tuple[str, tuple[tuple[str, int, int], ...]], ...]
    errors: tuple[str, ...]


def played(a: RuleSet, b: RuleSet, path: str, resolved: Sequence[Any]) -> Played:
    """Every hand of the logs at ``path`` as a situation ("played hands") scored under ``a`` and
    ``b`` (:func:`yakuset.riichi.replay_hand`: the hand in its logged state, its logged moves
    settled by each rule set), the changes' causes found among the ``resolved`` rule changes,
    and each whole game's placements under both (:func:`yakuset.riichi.replay`)."""
    from . import diff

    if a.game == "koikoi":
        logs, situations, games, placements, errors = played_rounds(a, b, log_files(path))
    elif a.game == "riichi":
        logs, situations, games, placements, errors = _played_hands(a, b, path)
    else:
        raise InputError(f"--logs: played games are Riichi logs or Koi-Koi records; {a.id!r} is a {a.game} rule set")
    report = diff.behaviour(a, b, situations=situations)
    causes = diff.attribute(a, resolved, report) if report.changes and diff.rule_changes(list(resolved)) else None
    return Played(path, logs, report, causes, games, tuple(placements), tuple(errors))


def _played_hands(a: RuleSet, b: RuleSet, path: str) -> PlayedRounds:
    """The Riichi logs at ``path``: each hand a situation, each whole game's placements."""
    from .riichi import LogError, read_log, replay

    records = []
    errors = []
    for found in log_files(path):
        try:
            records.append((str(found), read_log(path=found)))
        except LogError as error:
            errors.append(str(error))
    situations = [situation for file, record in records for situation in _hand_situations(file, record)]
    placements: list[tuple[str, tuple[tuple[str, int, int], ...]]] = []
    games = 0
    for file, record in records:
        if record.final is None or len(record.hands[0].scores) != len(record.players):
            continue
        try:
            places = [{s.seat: s.place for s in replay(rs, record, checked=False).standings} for rs in (a, b)]
        except InputError as error:
            errors.append(f"{file}: {error}")
            continue
        games += 1
        moved = tuple(
            (name or f"seat {seat}", places[0][seat], places[1][seat])
            for seat, name in enumerate(record.players)
            if places[0][seat] != places[1][seat]
        )
        if moved:
            placements.append((file, moved))
    return len(records), situations, games, placements, errors


def _hand_situations(file: str, record: GameLog) -> list[tuple[str, str, Callable[[RuleSet], Any]]]:
    from .diff import Outcome
    from .riichi import replay_hand

    def run_of(number: int) -> Callable[[RuleSet], Any]:
        def run(rs: RuleSet) -> Any:
            hand = replay_hand(rs, record, number, file=file)
            void = f" (void: {hand.refused[0]})" if hand.refused else ""
            return Outcome(float(max(hand.deltas)), signed(hand.deltas) + void)

        return run

    name = os.path.basename(file)
    return [
        ("played hands", f"{name} hand {number} ({_hand_name(hand)})", run_of(number))
        for number, hand in enumerate(record.hands, 1)
        if hand.result is not None
    ]


def _hand_name(hand: Any) -> str:
    return f"{hand.round_wind.capitalize()} {hand.round % 4 + 1}, {hand.honba} honba"


def _placement_lines(result: Played) -> list[str]:
    return [
        f"{os.path.basename(file)}: " + ", ".join(f"{name} {_PLACES[x]} -> {_PLACES[y]}" for name, x, y in moved)
        for file, moved in result.placements
    ]


_HEADING = "Played games"


@dataclass(frozen=True)
class PlayedGamesSection:
    """The "Played games" section of ``yakuset diff``'s report (:class:`yakuset._core.report.Report`):
    the played hands' behaviour (the diff's own section under another heading, ``top`` changes
    under each cause, whose rule changes are among ``named``), the logs read and the whole games
    whose placements change; ``played_games`` in JSON."""

    a: RuleSet
    b: RuleSet
    result: Played
    top: int = 10
    named: Sequence[Change] = ()

    def _hands(self) -> BehaviourSection:
        from .diff.sections import BehaviourSection

        result = self.result
        return BehaviourSection(self.a, self.b, result.report, result.causes, 0, self.top, self.named, _HEADING)

    def text(self, colour: bool) -> list[str]:
        result = self.result
        hands = self._hands()
        head = (
            f"  {result.logs} log(s) at {result.path}; {len(result.placements)} of {result.games} whole game(s) "
            "change placements"
        )
        placements = [f"    {line}" for line in _placement_lines(result)]
        return [hands.text_heading(result.report, colour), head, *placements, *hands.text_body(result.report, colour)]

    def markdown(self) -> list[str]:
        result = self.result
        return [
            f"### {_HEADING}",
            "",
            f"{result.logs} log(s); {len(result.placements)} of {result.games} whole game(s) change placements.",
            "",
            *(f"- {line}" for line in _placement_lines(result)),
            *([""] if result.placements else []),
            *self._hands().markdown_body(result.report),
        ]

    def json(self) -> dict[str, Any]:
        result = self.result
        return {
            "played_games": {
                "path": result.path,
                "logs": result.logs,
                "hands": self._hands().data(),
                "games": result.games,
                "placements": [
                    {"file": file, "moved": [{"player": n, "a": x, "b": y} for n, x, y in moved]}
                    for file, moved in result.placements
                ],
                "errors": list(result.errors),
            }
        }

    def github(self) -> list[str]:
        return []
