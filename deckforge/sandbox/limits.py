"""Limits: measure what a template is about to make, and keep the budget of time and memory of one evaluation.

The checks here run inside template code, called by the environment's hooks (environment.py): a size is measured
before the operation that makes it runs, and `tick` is called at every step of a template to look at the clock
(the thread's CPU time) and, now and then, at the process's memory.
"""
from __future__ import annotations

import os
import re
import resource
import string
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

from ..errors import DeckforgeError

MAX_RANGE = 10_000          # items in one range(): more than a deck of 5,000 cards needs
MAX_SIZE = 1_000_000        # characters in one text, or items and characters in one list a template makes
MAX_OUTPUT = 10_000_000     # characters one evaluation may print, macros and blocks counted where they print
MAX_BITS = 4_096            # bits in one whole number: some 1,200 digits
MAX_ARGUMENT = 100_000      # a width or count given to a filter, a text method or a format
MAX_DEPTH = 100             # calls inside calls: macros calling macros
MEMORY_BYTES = 256 * 2**20  # memory one evaluation may take on top of what the process held when it began
CHECK_CLOCK_EVERY = 8       # steps of a template between two looks at the clock (a look costs about 1 µs)
CHECK_MEMORY_EVERY = 64     # steps between two looks at the memory (each look reads /proc)
_SIZED_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs", "splitlines", "split", "rsplit"})
_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?")
_ACTIVE = threading.local()  # the budget of the evaluation running in this thread, as `.budget`


class TemplateLimit(DeckforgeError):
    """A template that went past one of the sandbox's limits (raised inside the template, placed by `render`).
    `spent`: the limit was its time or memory, found only after spending them (the others are checked before an
    operation runs)."""

    def __init__(self, message: str, spent: bool = False):
        super().__init__(message)
        self.spent = spent


class _Budget:
    """The time and memory one evaluation may use, and how deep its calls are nested now."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.deadline = 0.0  # set at the first look at the clock: most evaluations end before it
        self.memory_limit = 0  # set at the first look: most evaluations end before it, and a look costs a read
        self.depth = 0
        self.printed = 0
        self.ticks = 0

    def tick(self) -> None:
        self.ticks += 1
        if self.ticks % CHECK_CLOCK_EVERY:
            return
        if not self.deadline:
            self.deadline = time.thread_time() + self.seconds
        elif time.thread_time() > self.deadline:
            raise TemplateLimit(f"the template ran for more than {self.seconds:g} s and was stopped (a loop that is "
                                "far too long, or one that never ends?)", spent=True)
        if self.ticks % CHECK_MEMORY_EVERY == 0:
            self.look_at_memory()

    def look_at_memory(self) -> None:
        if not self.memory_limit:
            self.memory_limit = memory_in_use() + MEMORY_BYTES
        elif memory_in_use() > self.memory_limit:
            raise TemplateLimit(f"the template took more than {MEMORY_BYTES // 2**20} MB of memory and was stopped",
                                spent=True)


def current_budget() -> _Budget | None:
    return getattr(_ACTIVE, "budget", None)


def tick() -> None:
    budget = current_budget()
    if budget is not None:
        budget.tick()


def memory_in_use() -> int:
    """Return the process's resident memory in bytes (its peak where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if peak > 2**32 else peak * 1024  # bytes on macOS, kilobytes elsewhere


@contextmanager
def budget(seconds: float) -> Iterator[None]:
    """Give the template evaluations inside the block `seconds` of time and MEMORY_BYTES of memory."""
    before = current_budget()
    _ACTIVE.budget = _Budget(seconds)
    try:
        yield
    finally:
        _ACTIVE.budget = before


def weight(value: Any, limit: int = MAX_SIZE) -> int:
    """Return the size of a value as a template sees it (characters of texts, one per other item), up to `limit`+1."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (int, float, bool)) or value is None:
        return 1
    total, pending = 0, [value]
    while pending and total <= limit:
        item = pending.pop()
        if isinstance(item, str):
            total += len(item)
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 1
            pending.extend(item)
        elif isinstance(item, dict):
            total += 1
            pending.extend(item.keys())
            pending.extend(item.values())
        else:
            total += 1
    return total


def check_size(size: int, what: str) -> None:
    if size > MAX_SIZE:
        raise TemplateLimit(f"{what} would hold {size:,} characters or items; a template's texts and lists may "
                            f"hold at most {MAX_SIZE:,}")


def check_argument(value: Any, what: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
        raise TemplateLimit(f"{what}: {value:,} is too large a width or count (at most {MAX_ARGUMENT:,})")


def check_number(value: Any, what: str) -> Any:
    if isinstance(value, int) and value.bit_length() > MAX_BITS:
        too_large(what)
    return value


def too_large(what: str) -> None:
    raise TemplateLimit(f"{what} is too large a number (a template's whole numbers may have some "
                        f"{int(MAX_BITS * 0.30103):,} digits at most)")


def check_format(fmt: str, args: Any) -> None:
    """Refuse a format whose widths would make a huge text: '%999999999s', '{:>999999999}', '{:{w}}'."""
    for star, precision_star in ((m.group(1), m.group(2)) for m in _PERCENT.finditer(fmt)):
        for number in (star, precision_star):
            if number == "*":
                raise TemplateLimit(f"the format {fmt[:40]!r} takes its width from its values ('*'); write the "
                                    "width in the format")
            if number:
                check_argument(int(number), f"the format {fmt[:40]!r}")
    if "{" in fmt:
        try:
            specs = [spec for _, _, spec, _ in string.Formatter().parse(fmt) if spec]
        except ValueError:
            specs = []  # the formatter itself reports the broken format
        for spec in specs:
            if "{" in spec:
                raise TemplateLimit(f"the format {fmt[:40]!r} takes a width from its values; write the width in "
                                    "the format")
            for number in re.findall(r"\d+", spec):
                check_argument(int(number), f"the format {fmt[:40]!r}")
    check_size(weight(fmt) + weight(args), "the formatted text")


def replaced_size(text: str, old: Any, new: Any, count: Any = -1) -> int:
    if not isinstance(old, str) or not isinstance(new, str):
        return len(text)
    found = len(text) + 1 if old == "" else text.count(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    return len(text) + found * max(0, len(new) - len(old))


def binop_size(op: str, left: Any, right: Any) -> None:
    """Measure the result of `left op right` before it is made."""
    if op == "*":
        for seq, times in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                check_size(weight(seq) * max(times, 0), f"{short(seq)} * {times:,}")
        if isinstance(left, int) and isinstance(right, int) and \
                left.bit_length() + right.bit_length() > MAX_BITS + 1:
            too_large(f"{short(left)} * {short(right)}")
    elif op == "**" and isinstance(left, int) and isinstance(right, int) and right > 0 and abs(left) > 1:
        if right > MAX_BITS or right * (left.bit_length() - 1) > MAX_BITS:
            too_large(f"{short(left)} ** {short(right)}")
    elif op == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        check_size(weight(left) + weight(right), "the sum")
    elif op == "%" and isinstance(left, str):
        check_format(left, right)


def method_size(method: Any, args: tuple, kwargs: dict) -> None:
    """Measure what a text method (`'x'.center(10**9)`, `''.join(big)`, `.replace`) would make."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    if not isinstance(owner, str):
        return
    if name in _SIZED_METHODS:
        for value in (*args, *kwargs.values()):
            check_argument(value, f"{name}()")
    elif name == "join" and args:
        items = args[0] if isinstance(args[0], (list, tuple, str)) else list(args[0])
        check_size(weight(items) + len(owner) * len(items), "the joined text")
    elif name == "replace" and len(args) >= 2:
        check_size(replaced_size(owner, *args[:3]), "the replaced text")


def short(value: Any) -> str:
    """Show a value in a message: itself when short, else what it is and how long (never its whole repr)."""
    size = weight(value, 30)
    if isinstance(value, int) and value.bit_length() < 100 or size <= 30 and not isinstance(value, int):
        return repr(value)
    if isinstance(value, int):
        return f"a number of {len(str(value))} digits"
    if isinstance(value, str):
        return f"{value[:12]!r}… ({len(value):,} characters)"
    return f"a {type(value).__name__} ({weight(value):,} characters and items)"
