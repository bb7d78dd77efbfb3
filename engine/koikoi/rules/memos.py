"""What a Koi-Koi rules object remembers (``KoikoiRules.caches``), and forgetting it (for
measuring cold speed and memory). Results never depend on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._core.memo import Memo, RulesCaches, clear_group, group_sizes

if TYPE_CHECKING:
    from ..results import Award

#: Finished awards kept per rule set (a game asks a few hundred distinct ones).
AWARDS_SIZE = 8192
#: The yaku found for a count of cards, and the steps of the yaku that count, per rule set.
PLANS_SIZE, STEPS_SIZE = 16_384, 4096


class KoikoiCaches(RulesCaches):
    """A Koi-Koi rules object's tables, made at first use: its award formula ready to apply
    (``formula``), how many brights its deck can put on the field (``most_brights``), its yaku
    compiled to weights (``tables``, which hold the memos of the yaku found for a count of cards
    and of their steps), the implementations of each Koi-Koi hook as its plugin manager orders
    them (``hooks``, read by ``rules.hooks.Hooks`` at a hook's first call), what a round reads of
    the rules at its turns (``round_settings``, ``match.referee``) and the table rules a table
    follows with the way its legal moves are made (``table_rules``, ``match.table``); and its memo of finished
    awards by (base, own calls, opponent calls, field brights) (``awards``: only inputs that
    passed every check and warn of nothing, of rule sets whose formula no plugin feeds)."""

    __slots__ = ("awards", "formula", "hooks", "most_brights", "round_settings", "table_rules", "tables")

    group = "koikoi"

    def __init__(self) -> None:
        self.awards: Memo[tuple[int, int, int, int], Award] = Memo(AWARDS_SIZE)
        self.formula: Any = None
        self.most_brights: int | None = None
        self.tables: Any = None
        self.hooks: dict[str, Any] = {}
        self.round_settings: Any = None
        self.table_rules: Any = None
        super().__init__()

    def clear(self) -> None:
        self.awards.clear()
        if self.tables is not None:
            self.tables.plans.clear()
            self.tables.steps.clear()

    def sizes(self) -> dict[str, tuple[int, int]]:
        found = {"awards": (len(self.awards), AWARDS_SIZE)}
        if self.tables is not None:
            found["yaku found"] = (len(self.tables.plans), PLANS_SIZE)
            found["yaku steps"] = (len(self.tables.steps), STEPS_SIZE)
        return found


def clear_memos() -> None:
    """Forget what every Koi-Koi rule set remembered: finished awards, the yaku found for a count of
    cards and their steps (each rule set keeps its compiled award formula and yaku tables, as it
    keeps its compiled expressions). Results never depend on the memos; this is for measuring
    cold speed and memory use."""
    clear_group("koikoi")


def memo_sizes() -> dict[str, tuple[int, int]]:
    """Each Koi-Koi memo's entries (over the live rule sets) and bound (per rule set):
    ``{"awards": (1238, 8192), ...}``."""
    return group_sizes("koikoi")
