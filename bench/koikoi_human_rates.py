"""The rates of people's Koi-Koi play in KoiKoi-AI's 200 human game records (issue 44 item 3),
as a study counts them: the figures ``engine/koikoi/study/real_play.py`` states, and the habits
the ``human`` bot's defaults start from.

    python bench/koikoi_human_rates.py [--mirror GIT_DIR] [--habits]

``--mirror`` is a bare clone of guansanghai/KoiKoi-AI (default ``$YAKUSET_KOIKOI_AI``, as
bench/koikoi_records.py reads it). Each record is replayed at the table under koikoi-japan
(``yakuset.koikoi.replay_record``, checked) and counted into a study's tally
(``yakuset.koikoi.recorded_tally``): the figures below are ``yakuset.koikoi.summary``'s, with
their 95% intervals, the same definitions as ``yakuset simulate``'s. ``--habits`` adds how often
people call Koi-Koi by the situation of the offer (turns left, base, a threat, a capture in hand
that raises the base) and which card they take when a card may capture either of two.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import yakuset
from koikoi_records import MIRROR, records
from yakuset import koikoi
from yakuset.koikoi.logs.record import cards_of
from yakuset.koikoi.logs.replay import seat_names

#: The figures of real play, by the study summary's key.
FIGURES = (
    "dealer_wins_round",
    "draws",
    "koikoi_call_rate",
    "koikoi_calls_per_round",
    "koikoi_success_rate",
    "points_per_round",
)
SHARES = {"dealer_wins_round", "draws", "koikoi_call_rate", "koikoi_success_rate"}


def human_summary(found: Sequence[koikoi.KoikoiRecord], rs: yakuset.RuleSet) -> dict[str, Any]:
    """The study summary of ``found`` replayed under ``rs`` (checked: every record must agree)."""
    replays = [koikoi.replay_record(rs, record) for record in found]
    parted = [r.file for r in replays if not r.agrees]
    if parted:
        raise SystemExit(f"{len(parted)} records part from the table under {rs.id}: {parted[:3]}")
    return koikoi.summary(koikoi.recorded_tally(replays))


def shown(key: str, e: dict[str, Any]) -> str:
    low, high = e["ci95"]
    if key in SHARES:
        return f"{100 * e['value']:5.1f}%  [{100 * low:.1f}, {100 * high:.1f}]  of {e['n']:,}"
    return f"{e['value']:6.3f}  [{low:.3f}, {high:.3f}]  of {e['n']:,}"


def offers(found: Sequence[koikoi.KoikoiRecord], rs: yakuset.RuleSet) -> Iterator[tuple[koikoi.View, bool, int]]:
    """Each Koi-Koi offer of the records' rounds under ``rs``, whether the player called, and the
    player's lead in the match's points: the player's view as the offer is made (the recorded
    moves played at a table of the round, as the replay does; the lead from the record's rounds)."""
    for played, table, turn, lead in _turns(found, rs):
        if table.pending == "koikoi_or_shobu" and not table.rounds:
            yield table.view(played), bool(turn.koikoi), lead


def choices(found: Sequence[koikoi.KoikoiRecord], rs: yakuset.RuleSet) -> Iterator[tuple[str, str]]:
    """Each time a card could take either of two field cards: (the one taken, the one left)."""
    seen: list[tuple[str, str]] = []
    for _ in _turns(found, rs, seen.append):
        yield from seen
        seen.clear()


def _turns(
    found: Sequence[koikoi.KoikoiRecord], rs: yakuset.RuleSet, chose: Callable[[tuple[str, str]], None] | None = None
) -> Iterator[tuple[str, koikoi.Table, koikoi.RecordTurn, int]]:
    """Each recorded turn played at a table dealt as the record's round, after its card played
    and turned (the offer, if any, answered as recorded once the turn is looked at), and the
    player's lead over the opponent in the points of the record's rounds before it."""
    deck = tuple(koikoi.rules_of(rs).cards)
    for record in found:
        names = seat_names(record)
        points = [0, 0]
        for rnd in record.played:
            dealer = rnd.dealer
            order = [*rnd.hands[dealer - 1], *rnd.hands[2 - dealer], *rnd.field, *reversed(rnd.stock)]
            table = koikoi.Table(rs, names, first_dealer=names[dealer - 1], decks=[cards_of(order, deck)])
            for turn in rnd.turns:
                if table.rounds:
                    break
                player = names[turn.player - 1]
                played, turned = cards_of((turn.played, turn.turned), deck)
                table.play(koikoi.Move("play", played))
                for card, taken in ((played, turn.captured), (turned, turn.captured_turned)):
                    if table.pending == "choose" and table.choosing == card:
                        both = table.view(player).matches(card)
                        target = next(c for c in cards_of(taken, deck) if c != card)
                        if chose is not None:
                            chose((target, next(c for c in both if c != target)))
                        table.play(koikoi.Move("choose", card, target))
                yield player, table, turn, points[turn.player - 1] - points[2 - turn.player]
                if table.pending == "koikoi_or_shobu" and not table.rounds:
                    table.play(koikoi.Move("koikoi" if turn.koikoi else "shobu"))
            points = [points[0] + (rnd.points or (0, 0))[0], points[1] + (rnd.points or (0, 0))[1]]


def situation(view: koikoi.View) -> tuple[bool, bool, int, bool]:
    """An offer's situation: threatened (the opponent holds a yaku or is one capture from raising
    its base), a hand card's capture would raise the base, turns left (6 for 6 or more), base 4+."""
    threatened = bool(view.opponent_base) or any(view.base_with((f,), opponent=True) for f in view.field)
    prospect = any(view.base_with((c, m)) > view.base for c in view.hand for m in view.matches(c))
    return threatened, prospect, min(view.turns_left, 6), view.base >= 4


def habits(found: Sequence[koikoi.KoikoiRecord], rs: yakuset.RuleSet) -> None:
    calls: dict[Any, list[int]] = {}
    for view, called, lead in offers(found, rs):
        threatened, prospect, left, big = situation(view)
        ahead = "behind by 6+" if lead < -5 else "ahead by 6+" if lead > 5 else "within 5"
        for key in (
            ("threatened", threatened),
            ("prospect", prospect) if not threatened else None,
            ("match points", ahead),
        ):
            if key is not None:
                calls.setdefault(key, [0, 0])
                calls[key][0] += called
                calls[key][1] += 1
        if not threatened and not prospect:
            kept = calls.setdefault(("turns left, base 4+", (left, big)), [0, 0])
            kept[0] += called
            kept[1] += 1
    print("Koi-Koi called of offers (prospect and turns left: unthreatened; turns left: no prospect either):")
    for key in sorted(calls, key=str):
        called, offered = calls[key]
        print(f"  {key[0]} {key[1]}: {called} of {offered} ({100 * called / offered:.0f}%)")
    kinds = {card: each.kind for card, each in koikoi.rules_of(rs).cards.items()}
    points = koikoi.rules_of(rs).card_points
    taken = Counter(
        "more" if points[a] > points[b] else "fewer" if points[a] < points[b] else "equal"
        for a, b in choices(found, rs)
    )
    print(
        "a card that may take either of two takes the one of more card points: "
        + ", ".join(f"{n} {k}" for k, n in taken.items())
    )
    bright = Counter(kinds[a] for a, b in choices(found, rs) if {kinds[a], kinds[b]} == {"bright", "chaff"})
    print("a bright and a chaff on offer: " + ", ".join(f"{n} took the {k}" for k, n in bright.most_common()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--habits", action="store_true", help="how people call and capture, by situation")
    args = parser.parse_args()
    found = records(args.mirror)
    rs = yakuset.load_ruleset("koikoi-japan")
    s = human_summary(found, rs)
    print(f"{len(found)} records, {s['rounds']:,} rounds finished, replayed under {rs.id}:")
    for key in FIGURES:
        print(f"  {key:<24}{shown(key, s[key])}")
    if args.habits:
        habits(found, rs)


if __name__ == "__main__":
    main()
