#!/usr/bin/env python
"""A cache-thrashing neighbour for timing under load: writes random bytes at random places of a
64 MB buffer until killed (or for ``--seconds``), so that the other core's caches are busy.

    python bench/busy_neighbour.py [--megabytes 64] [--seconds 0] &

Run it beside a benchmark on a 2-core machine (bench/README.md, "beside a busy neighbour").
"""

from __future__ import annotations

import argparse
import random
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=64, help="buffer size (default 64)")
    parser.add_argument("--seconds", type=float, default=0, help="stop after this long (default: never)")
    args = parser.parse_args()
    size = args.megabytes * 2**20
    buffer = bytearray(size)
    rng = random.Random(1)
    until = time.monotonic() + args.seconds if args.seconds else float("inf")
    places = [rng.randrange(size - 64) for _ in range(1 << 16)]
    chunk = rng.randbytes(64)
    while time.monotonic() < until:
        shift = rng.randrange(size - 64)
        for place in places:  # one cache line at each of 65,536 random places
            at = (place + shift) % (size - 64)
            buffer[at : at + 64] = chunk


if __name__ == "__main__":
    main()
