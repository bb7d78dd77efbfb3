"""The hooks of Koi-Koi: what a plugin may decide in an award, at the deal, on a draw and at
the end of a match, and the bots it offers for simulated matches. Each is called by the engine
where its docstring says; implement them with ``yakuset.hookimpl`` (see
``yakuset._core.hookspecs`` for how plugins are found). Every name starts ``yakuset_koikoi_``
(before 0.3.0 the first five had no game prefix: ``yakuset_lucky_hand`` and so on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from .._core.hookspecs import hookspec

if TYPE_CHECKING:
    from .._core.ruleset import RuleSet
    from .results import FixedAward, MatchAdjustment
    from .rules.hooks import DealOutcome
    from .study.bots import BotFactory


@hookspec
def yakuset_koikoi_award_context(
    ruleset: RuleSet, base: int, own_calls: int, opponent_calls: int, field_brights: int
) -> Mapping[str, int | float] | None:
    """Return values for the names this plugin added with ``yakuset_expression_names``.

    Called by :func:`yakuset.koikoi.award` (and so by the referee for every scored round)
    when the rule set's expressions use a name a plugin added, before the multipliers are
    evaluated, with what the award itself sees: the round's base points, both players'
    Koi-Koi call counts and the brights dealt face up. Return a mapping from name to
    number, or ``None``.
    """


@hookspec(firstresult=True)
def yakuset_koikoi_lucky_hand(ruleset: RuleSet, hand: Sequence[str]) -> FixedAward | None:
    """Return the fixed award a dealt Koi-Koi hand earns at once, or ``None``.

    Called by the referee at every deal, for each player's hand (the dealer's first), after
    :func:`yakuset_koikoi_deal` has let the deal stand. ``hand`` holds the card ids dealt to one
    player. The first plugin to return a :class:`yakuset.FixedAward` decides; the award takes
    no multipliers. When one player holds a lucky hand, that player wins the round with it;
    when both do, :func:`yakuset_koikoi_deal` decides (a plugin may call it a draw), and the round
    is played otherwise. The built-in ``lucky_hands`` plugin answers Teshi (four cards of one
    month) and Kuttsuki (four pairs).
    """


@hookspec(firstresult=True)
def yakuset_koikoi_deal(
    ruleset: RuleSet,
    hands: Mapping[str, Sequence[str]],
    field: Sequence[str],
    dealer: str,
    lucky: Mapping[str, FixedAward],
) -> DealOutcome | None:
    """Return what a Koi-Koi deal decides at once, or ``None`` to let the referee go on.

    Called by the referee at every deal. ``hands`` maps each player to the card ids dealt to
    them, ``field`` holds the face-up cards, ``dealer`` names the dealer, ``lucky`` maps each
    player whose hand :func:`yakuset_koikoi_lucky_hand` found lucky to that award. Return a
    :class:`yakuset.DealOutcome`: ``lucky_hand`` (with the winner and a
    :class:`yakuset.FixedAward`), ``draw`` (nobody scores) or ``redeal`` (the cards are dealt
    again). The first plugin to answer decides. The built-in ``lucky_hands`` plugin answers a
    field of four of a month and both players lucky, as its settings say.
    """


@hookspec(firstresult=True)
def yakuset_koikoi_exhaustive_draw(ruleset: RuleSet, dealer: str) -> FixedAward | None:
    """Return what a Koi-Koi round that ends with nobody scoring awards, or ``None``.

    Called by the referee when both hands run out without a win. ``dealer`` names the player
    who dealt the round. Return a :class:`yakuset.FixedAward` whose ``recipient`` is the
    player paid (the built-in ``dealers_privilege`` plugin pays the dealer), or ``None`` for
    no award. The first plugin to answer decides.
    """


@hookspec
def yakuset_koikoi_match_end(
    ruleset: RuleSet, totals: Mapping[str, int], extras: Mapping[str, Mapping[str, int]]
) -> Sequence[MatchAdjustment] | None:
    """Return adjustments to the match totals, applied before the winner is decided.

    Called by :meth:`yakuset.koikoi.Match.finish` once the last round is over. ``totals``
    maps each player to their match points after the last round; ``extras`` maps each
    player to counters kept outside the round award (the KK-ADD-10 speed minigame reports
    ``{"minipoints": 29}``). Return a list of :class:`yakuset.MatchAdjustment` (player,
    points, label), or ``None``. Every plugin's adjustments are applied.
    """


@hookspec
def yakuset_koikoi_bots() -> Mapping[str, BotFactory] | None:
    """Return the Koi-Koi bots this plugin offers: a mapping from bot name to factory.

    Called when simulated matches name their bots (``yakuset simulate --bots a,b``,
    :func:`yakuset.koikoi.find_bots`): on the built-in plugins first, then, for a name they do
    not offer, on the installed packages' plugins (entry-point group ``yakuset``). The first
    plugin to offer a name keeps it: an installed package cannot take a built-in bot's name.
    A factory is called as ``factory(ruleset, rng)`` for each seat of each match and returns a
    :class:`yakuset.koikoi.Bot`; ``rng`` is the seat's own :class:`random.Random`, seeded from
    the match, so a bot that draws only from it plays a match the same way every time. The
    built-in ``koikoi_bots`` plugin offers ``random``, ``greedy``, ``steady`` and ``human``.
    """
