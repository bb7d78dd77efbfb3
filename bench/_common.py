"""What the benchmark scripts share: timing one measurement and describing the machine."""

from __future__ import annotations

import gc
import os
import platform
import time
from collections.abc import Callable
from datetime import date
from importlib import metadata
from pathlib import Path


def timed(run: Callable[[], None], prepare: Callable[[], None] | None = None) -> float:
    """Seconds ``run`` takes, after ``prepare`` (untimed), with the garbage collector off."""
    if prepare is not None:
        prepare()
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        gc.enable()


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine_line() -> str:
    """Date, Python, platform, CPU and the mahjong version, for the top of a report."""
    return (
        f"date {date.today().isoformat()}; {platform.python_implementation()} {platform.python_version()}; "
        f"{platform.platform()}; {cpu_name()}, {os.cpu_count()} logical CPUs; "
        f"mahjong {metadata.version('mahjong')}"
    )
