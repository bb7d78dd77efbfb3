"""The hooks a yakuset plugin may implement: the plugin author's contract.

A plugin is a module (or object) registered under the entry-point group
``yakuset``; the entry-point name is the plugin's name, and a rule set turns it
on with ``plugins: {NAME: {settings...}}``. Only the plugins a rule set names are
registered in that rule set's plugin manager, so a hook implementation runs
only for rule sets that asked for it.

Implement hooks with ``engine.hookimpl``::

    from engine import hookimpl

    @hookimpl
    def yakuset_exhaustive_draw(ruleset, dealer):
        ...

Hooks receive the :class:`engine.RuleSet`; a plugin reads its own settings with
``ruleset.plugin_settings("NAME")``. Hooks return values and never change
their arguments. Unless a spec says ``firstresult``, every plugin's answer is
collected (a list, most recently registered plugin first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .hand import Detector
    from .koikoi_round import DealOutcome
    from .results import FixedAward, MatchAdjustment
    from .ruleset import RuleSet

PROJECT = "yakuset"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec(firstresult=True)
def yakuset_settings_schema() -> Mapping[str, Any] | None:
    """Return the JSON Schema (draft 2020-12) of this plugin's settings.

    Called once per rule set that turns the plugin on, on that plugin alone,
    before anything else: the settings written in the rule set are validated
    against it and every problem is reported at its file:line:col. Return
    ``None`` (or don't implement the hook) to accept any mapping.
    Built-in plugins describe their settings in ``schema/ruleset.schema.json``.
    """


@hookspec
def yakuset_expression_names(game: str) -> Mapping[str, str] | None:
    """Return extra names that rule-set expressions of ``game`` may use.

    ``game`` is ``"koikoi"`` or ``"riichi"``. Return a mapping from name to a
    one-line description (shown in hints), or ``None``. A name must be a valid
    identifier and must not shadow a name the engine provides (``base``,
    ``own_calls``, ``opponent_calls``); the rule set fails to load otherwise.
    Every name returned here must get a value from
    :func:`yakuset_award_context`.
    """


@hookspec
def yakuset_award_context(ruleset: RuleSet, base: int, own_calls: int,
                          opponent_calls: int) -> Mapping[str, int | float] | None:
    """Return values for the names this plugin added with :func:`yakuset_expression_names`.

    Called for every Koi-Koi award, before the multipliers are evaluated, with
    the round's base points and both players' Koi-Koi call counts. Return a
    mapping from name to number, or ``None``.
    """


@hookspec(firstresult=True)
def yakuset_lucky_hand(ruleset: RuleSet, hand: Sequence[str]) -> FixedAward | None:
    """Return the fixed award a dealt Koi-Koi hand earns at once, or ``None``.

    ``hand`` holds the card ids (``01-bright-crane``, ...) dealt to one player.
    The first plugin to return a :class:`engine.FixedAward` decides; the award
    takes no multipliers. The built-in ``lucky_hands`` plugin answers Teshi
    (four cards of one month) and Kuttsuki (four pairs).
    """


@hookspec(firstresult=True)
def yakuset_deal(ruleset: RuleSet, hands: Mapping[str, Sequence[str]], field: Sequence[str],
                 dealer: str) -> DealOutcome | None:
    """Return what a Koi-Koi deal decides at once, or ``None`` to play the round.

    ``hands`` maps each player to the card ids dealt to them, ``field`` holds the face-up
    cards, ``dealer`` names the dealer. Return a :class:`engine.koikoi_round.DealOutcome`:
    ``lucky_hand`` (with the winner and a :class:`engine.FixedAward`), ``draw`` (nobody scores)
    or ``redeal`` (the cards are dealt again). The first plugin to answer decides. The built-in
    ``lucky_hands`` plugin answers Teshi/Kuttsuki, both players lucky, and a field of four of a
    month, as its settings say.
    """


@hookspec(firstresult=True)
def yakuset_exhaustive_draw(ruleset: RuleSet, dealer: str) -> FixedAward | None:
    """Return what a Koi-Koi round that ends with nobody scoring awards, or ``None``.

    ``dealer`` names the player who dealt the round. Return a
    :class:`engine.FixedAward` whose ``recipient`` is the player paid (the
    built-in ``dealers_privilege`` plugin pays the dealer), or ``None`` for
    no award. The first plugin to answer decides.
    """


@hookspec
def yakuset_match_end(ruleset: RuleSet, totals: Mapping[str, int],
                      extras: Mapping[str, Mapping[str, int]]) -> Sequence[MatchAdjustment] | None:
    """Return adjustments to the match totals, applied before the winner is decided.

    ``totals`` maps each player to their match points after the last round;
    ``extras`` maps each player to counters kept outside the round award (the
    KK-ADD-10 speed minigame reports ``{"minipoints": 29}``). Return a list of
    :class:`engine.MatchAdjustment` (player, points, label), or ``None``.
    Every plugin's adjustments are applied.
    """


@hookspec
def yakuset_riichi_yaku_detectors() -> Mapping[str, Detector] | None:
    """Return detectors for Riichi yaku ids: ``{"riichi": detect, ...}``.

    A detector is called as ``detect(reading, situation)`` with an
    :class:`engine.tiles.Reading` (one way to read the winning hand: its groups, its wait)
    and an :class:`engine.hand.Situation` (flags, winds, all tiles) and returns whether the
    yaku is present. Only yaku the rule set's ``yaku:`` table enables are asked; the table
    decides their han, what they replace and whether they need a closed hand, so a detector
    answers only "is the shape there". A studio adds a house yaku with a YAML entry and a
    plugin returning its detector; a later plugin's detector for an id replaces an earlier one.
    ``Reading`` and ``Situation`` are NamedTuples: read their fields, never change them.

    For speed a detector may carry a ``batch`` attribute: a function ``(reading, situation) ->
    iterable of ids`` that answers for several ids at once (the built-in ``riichi_yaku`` plugin
    analyses a reading once for all its detectors). The batch answers only for the ids whose
    detector carries it; an id another plugin replaced is asked of that plugin's detector.
    """
