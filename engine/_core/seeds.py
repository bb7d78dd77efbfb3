"""Seeds derived from a seed and an index: a study's match ``i``, a table's hand ``k``."""

from __future__ import annotations

import hashlib


def derived_seed(seed: int, index: int) -> int:
    """The 8-byte BLAKE2b digest of ``"{seed}:{index}"`` in ASCII, read big-endian: independent
    of how a study's matches are split among processes, and far apart for neighbouring indices."""
    return int.from_bytes(hashlib.blake2b(f"{seed}:{index}".encode("ascii"), digest_size=8).digest(), "big")
