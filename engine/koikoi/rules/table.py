"""The table rules of a Koi-Koi rule set: how a match is played around the scoring.

Who deals first and next, the points a match starts from and how a round's points move, when
the match ends, what a misdealt field does, when Koi-Koi is offered and how often it may be
called, the weather that cancels yaku, and whether a player must capture. They come from the
``match``, ``calls`` and ``yaku_rules.weather`` sections (docs/rules/koikoi.md §9 gives each
bundled rule set's values and their sources) and are compiled once per rule set into a
:class:`TableRules`, reachable as ``koikoi.rules_of(rs).table``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from ..._core.errors import Location, Problem
from ..._core.yamlsource import LocatedDict, LocatedList, id_items
from ..kinds import (
    AfterDraw,
    AfterWin,
    FieldFour,
    FieldPairs,
    FirstDealer,
    LimitScope,
    OfferOn,
    OnExhaustiveDraw,
    WeatherWhere,
)


class CardFilter(Protocol):
    """Which cards a rule counts (``yakuset.koikoi.CardFilter``)."""

    def matches(self, card: Any, month: int | None, roles: frozenset[str]) -> bool: ...


@dataclass(frozen=True, slots=True)
class CallLimit:
    """How many Koi-Koi calls a round allows (``calls.limit_per_round``): at most ``calls``,
    counted for each player alone (``per == "player"``) or for both players together
    (``per == "round"``, ``calls.limit_scope``)."""

    calls: int
    per: LimitScope

    def __str__(self) -> str:
        return f"{self.calls} a player in a round" if self.per is LimitScope.PLAYER else f"{self.calls} in a round"


@dataclass(frozen=True, slots=True)
class Weather:
    """A weather rule: a card of ``cards`` on the field (``where`` is ``field``) or in the player's
    own captured pile (``captured``) cancels the yaku ``cancels``."""

    id: str
    label: str
    where: WeatherWhere
    cards: CardFilter
    cancels: frozenset[str]


@dataclass(frozen=True, slots=True, eq=False)
class TableRules:
    """The compiled table rules of a Koi-Koi rule set (the schema describes each key).

    ``target`` is ``None`` for no target; ``call_limit`` ``None`` for unlimited calls.
    """

    rounds: int
    first_dealer: FirstDealer
    card_values: Mapping[str, int]  # kind -> value, breaks a tie of months in the first-dealer draw
    after_win: AfterWin
    after_draw: AfterDraw
    start_points: int
    zero_sum: bool
    target: int | None
    until_out: bool
    field_four: FieldFour
    field_four_points: int
    field_pairs: FieldPairs
    must_capture: bool
    call_limit: CallLimit | None
    offer_on: OfferOn
    minimum_base: int
    on_exhaustive_draw: OnExhaustiveDraw
    weather: tuple[Weather, ...]


def compile_table(
    document: LocatedDict,
    card_filter: Callable[[Mapping[str, Any]], CardFilter],
    yaku_ids: frozenset[str],
    deck_size: int,
    problems: list[Problem],
    fallback: Location,
) -> TableRules:
    """The table rules of a valid resolved document; a rule no game could follow (hands and
    field larger than the deck, weather cancelling an unknown yaku) is a located problem."""
    match, calls, yaku_rules = document["match"], document["calls"], document["yaku_rules"]
    hand, field = match["hand_cards"], match["field_cards"]
    # The deal, then one stock card turned on each of the 2 × hand turns, and four more for the
    # field when the dealer captures a misdealt month.
    needed = 4 * hand + field + (4 if match["field_four"] == FieldFour.DEALER_CAPTURES else 0)
    if needed > deck_size:
        problems.append(
            Problem(
                match.value_locs.get("field_cards", fallback),
                "match.field_cards",
                f"two hands of {hand}, a field of {field} and a stock card for each of the {2 * hand} turns"
                f"{' (and four for a captured month)' if needed > 4 * hand + field else ''} need {needed} cards; "
                f"the deck has {deck_size}",
                "lower `hand_cards` or `field_cards`",
            )
        )
    limit, target = calls["limit_per_round"], match["target"]
    return TableRules(
        rounds=match["rounds"],
        first_dealer=FirstDealer(match["first_dealer"]),
        card_values=MappingProxyType(dict(match["card_values"])),
        after_win=AfterWin(match["after_win"]),
        after_draw=AfterDraw(match["after_draw"]),
        start_points=match["start_points"],
        zero_sum=match["zero_sum"],
        target=target if isinstance(target, int) else None,
        until_out=match["until_out"],
        field_four=FieldFour(match["field_four"]),
        field_four_points=match["field_four_points"],
        field_pairs=FieldPairs(match["field_pairs"]),
        must_capture=match["must_capture"],
        call_limit=CallLimit(limit, LimitScope(calls["limit_scope"])) if isinstance(limit, int) else None,
        offer_on=OfferOn(calls["offer_on"]),
        minimum_base=calls["minimum_base"],
        on_exhaustive_draw=OnExhaustiveDraw(calls["on_exhaustive_draw"]),
        weather=_weather(yaku_rules.get("weather"), card_filter, yaku_ids, problems),
    )


def _weather(
    items: Any,
    card_filter: Callable[[Mapping[str, Any]], CardFilter],
    yaku_ids: frozenset[str],
    problems: list[Problem],
) -> tuple[Weather, ...]:
    found: list[Weather] = []
    for _, item in id_items(items):
        if not item["enabled"]:
            continue
        ident = item["id"]
        cancels: Any = item.get("cancels") or []
        for index, ref in enumerate(cancels if isinstance(cancels, LocatedList) else []):
            if ref not in yaku_ids:
                problems.append(
                    Problem(
                        cancels.item_locs[index],
                        f"yaku_rules.weather[{ident}].cancels[{index}]",
                        f"unknown yaku {ref!r}",
                        "name a yaku id of the rule set's `yaku:` table",
                    )
                )
        found.append(
            Weather(
                ident,
                str(item.get("label", ident)),
                WeatherWhere(item["where"]),
                card_filter(item["cards"]),
                frozenset(cancels),
            )
        )
    return tuple(found)
