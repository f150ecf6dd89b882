"""Pause Python's cyclic garbage collector while a deck is read or built: they make objects, not garbage.

A 5,000-card deck is some millions of objects that live as long as the build. The collector does not know they
will, and scans the whole heap again each time it has grown by a quarter: about a sixth of the CPU time of loading
and building such a deck, to find a dozen cyclic objects (benchmarks/bench_speed.py, docs/performance.md).
Reference counting still frees everything else at once; the collector runs again as soon as the work is done.

What the block made and kept goes to the collector's oldest generation unscanned (`gc.freeze()`, which empties the
youngest generation's count, and `gc.unfreeze()`, which puts everything back in the oldest): otherwise the first
allocation after the block scanned all of it as the youngest generation, 0.1 s of CPU after building 5,000 cards,
to find what a later full collection finds as well. deckforge freezes nothing for good, so nothing else is moved.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused() -> Iterator[None]:
    """Disable the cyclic collector inside the block; enable it after if it was enabled before.

    Nested or concurrent blocks are fine: only a block that found it enabled enables it again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
