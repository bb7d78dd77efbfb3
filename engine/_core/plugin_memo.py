"""``yakuset.memo``: the memo a plugin keeps for a pure function of plain inputs."""

from __future__ import annotations

from typing import Any

from . import memo as memos


def memo(name: str, size: int) -> memos.Memo[Any, Any]:
    """A bounded memo for a plugin's pure function of plain inputs (public as ``yakuset.memo``):
    a dict read with ``get`` and written with ``put(key, value)``, holding at most ``size``
    entries (the oldest makes room), which ``yakuset.clear_caches()`` empties."""
    return memos.memo("", name, size)
