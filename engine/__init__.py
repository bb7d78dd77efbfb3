"""yakuset: rule sets for Koi-Koi and Riichi mahjong as data, evaluated by one engine.

>>> import engine
>>> rs = engine.load_ruleset("nintendo")
>>> engine.koikoi.award(rs, base=8, own_calls=0, opponent_calls=1).points
32
"""

from . import koikoi, koikoi_round, riichi
from .errors import InputError, Location, Problem, RulesetError
from .hookspecs import hookimpl
from .results import Award, FixedAward, MatchAdjustment, Step
from .ruleset import RuleSet, list_rulesets, load_ruleset, load_ruleset_text

__all__ = [
    "Award",
    "FixedAward",
    "InputError",
    "Location",
    "MatchAdjustment",
    "Problem",
    "RuleSet",
    "RulesetError",
    "Step",
    "hookimpl",
    "koikoi",
    "koikoi_round",
    "riichi",
    "list_rulesets",
    "load_ruleset",
    "load_ruleset_text",
]
