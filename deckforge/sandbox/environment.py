"""The environment: Jinja2's `SandboxedEnvironment` with every hook a template passes through charged and measured.

Operators, calls, attributes, items, filters and printed values are Jinja's own hooks; loops and `~` have none,
so each template is rewritten before it is compiled: a loop's items come through the filter `deckforge_loop`,
and `a ~ b` becomes the filter `deckforge_join`, both measured (`_generate`).
"""
from __future__ import annotations

import functools
from typing import Any, Callable, Iterator

from jinja2 import nodes, pass_eval_context
from jinja2.runtime import markup_join, str_join
from jinja2.sandbox import SandboxedEnvironment

from .limits import (MAX_DEPTH, MAX_OUTPUT, MAX_RANGE, TemplateLimit, binop_size, check_argument,
                     check_format, check_number, check_size, current_budget, method_size, replaced_size, tick, weight)

_SIZED_FILTERS = frozenset({"batch", "center", "indent", "slice", "truncate", "wordwrap", "round"})
_LOOP, _JOIN = "deckforge_loop", "deckforge_join"  # the filters every loop and every `~` are routed through


class LimitedSandbox(SandboxedEnvironment):
    """Jinja's sandbox with budgets: limits on size, numbers and depth, and checks of time and memory."""

    intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, finalize=_printed, **kwargs)
        self.filters = _GuardedFilters(self.filters)
        dict.update(self.filters, {_LOOP: _loop_items, _JOIN: _joined})  # measured themselves: not wrapped
        self.globals["range"] = _range
        self.globals.pop("lipsum", None)  # lipsum(10**9) writes for ever, and no template needs it

    def _generate(self, source: nodes.Template, name: str | None, filename: str | None, defer_init: bool = False):
        """Route every loop and every `~` through the budget before the template is compiled."""
        for loop in source.find_all(nodes.For):
            loop.iter = nodes.Filter(loop.iter, _LOOP, [], [], None, None, lineno=loop.lineno)
        _replace_concats(source)
        return super()._generate(source, name, filename, defer_init=defer_init)

    def call_binop(self, context, operator_: str, left: Any, right: Any) -> Any:
        tick()
        binop_size(operator_, left, right)
        return check_number(self.binop_table[operator_](left, right), f"the result of {operator_}")

    def getattr(self, obj: Any, attribute: str) -> Any:
        tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        tick()
        return super().getitem(obj, argument)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        formatter = super().wrap_str_format(value)
        if formatter is None:
            return None
        fmt = value.__self__

        @functools.wraps(formatter)
        def measured(*args: Any, **kwargs: Any) -> str:
            check_format(fmt, (args, kwargs))
            return formatter(*args, **kwargs)
        return measured

    def call(__self, __context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (jinja's own style)
        budget = current_budget()
        if budget is not None:
            budget.tick()
            if budget.depth >= MAX_DEPTH:
                raise TemplateLimit(f"calls are nested more than {MAX_DEPTH} deep (a macro that calls itself "
                                    "without end?)")
            budget.depth += 1
        try:
            method_size(__obj, args, kwargs)
            result = super().call(__context, __obj, *args, **kwargs)
        finally:
            if budget is not None:
                budget.depth -= 1
        check_size(weight(result), "the result of a call")
        return result

    def get_template(self, *args: Any, **kwargs: Any):
        tick()  # every {% include %} and {% extends %} passes here
        return super().get_template(*args, **kwargs)


class _GuardedFilters(dict):
    """Jinja's filters, each stored wrapped so that it is charged to the budget and measured (also when jinja
    folds a filter of constants while compiling)."""

    def __init__(self, filters: dict[str, Callable]):
        super().__init__()
        for name, function in filters.items():
            self[name] = function

    def __setitem__(self, name: str, function: Callable) -> None:
        super().__setitem__(name, _guarded_filter(name, function))


def _guarded_filter(name: str, function: Callable) -> Callable:
    pass_arg = getattr(function, "jinja_pass_arg", None)
    skip = 1 if pass_arg is not None else 0  # the context, eval context or environment jinja passes first

    @functools.wraps(function)  # keeps `jinja_pass_arg`, so jinja passes the same arguments
    def guarded(*args: Any, **kwargs: Any) -> Any:
        tick()
        value, rest = (args[skip], args[skip + 1:]) if len(args) > skip else (None, ())
        check_size(weight(value), f"the value given to the filter '{name}'")
        if name in _SIZED_FILTERS:
            for argument in (*rest, *kwargs.values()):
                check_argument(argument, f"the filter '{name}'")
        elif name == "format" and isinstance(value, str):
            check_format(value, (rest, kwargs))
        elif name == "join":
            items = list(value) if value is not None and not isinstance(value, (list, tuple, str)) else value or ()
            glue = rest[0] if rest else kwargs.get("d", "")
            check_size(weight(items) + weight(glue) * len(items), "the joined text")
            args = (*args[:skip], items, *rest)
        elif name == "replace" and isinstance(value, str) and len(rest) >= 2:
            check_size(replaced_size(value, *rest[:3]), "the replaced text")
        result = function(*args, **kwargs)
        check_size(weight(result), f"the result of the filter '{name}'")
        return result
    return guarded


def _range(*args: int) -> range:
    for value in args:
        if not isinstance(value, int):
            raise TemplateLimit(f"range() takes whole numbers, not {type(value).__name__}")
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        shown = ", ".join(f"{a:,}" if abs(a) < 10**15 else "a huge number" for a in args)
        raise TemplateLimit(f"range({shown}) has {_count(len(numbers))} items; a template may count to "
                            f"{MAX_RANGE:,} at most")
    return numbers


def _count(n: int) -> str:
    return f"{n:,}" if n < 10**15 else "more than 10^15"


def _printed(value: Any) -> Any:
    """Charge each `{{ ... }}` to the budget: its time, and its size against what one evaluation may print."""
    size = len(value) if type(value) is str else weight(value)
    check_size(size, "the printed value")
    budget = current_budget()
    if budget is not None:
        budget.tick()
        budget.printed += size
        if budget.printed > MAX_OUTPUT:
            raise TemplateLimit(f"the template printed more than {MAX_OUTPUT:,} characters and was stopped")
    return value


def _loop_items(items: Any) -> Iterator[Any]:
    """Yield the items of a `{% for %}` loop, charging each to the budget."""
    for item in items:
        tick()
        yield item


@pass_eval_context
def _joined(eval_ctx, first: Any, *rest: Any) -> str:
    """`a ~ b`, measured before the text is made."""
    tick()
    parts = (first, *rest)
    check_size(sum(weight(part) for part in parts), "the joined text")
    return markup_join(parts) if eval_ctx.autoescape else str_join(parts)


def _as_join(concat: nodes.Concat) -> nodes.Filter:
    first, *rest = concat.nodes
    return nodes.Filter(first, _JOIN, rest, [], None, None, lineno=concat.lineno)


def _replace_concats(node: nodes.Node) -> None:
    """Turn every `a ~ b` under `node` into the measured filter `_joined`."""
    for child in node.iter_child_nodes():
        _replace_concats(child)
    for field in node.fields:
        value = getattr(node, field, None)
        if isinstance(value, nodes.Concat):
            setattr(node, field, _as_join(value))
        elif isinstance(value, list):
            value[:] = [_as_join(v) if isinstance(v, nodes.Concat) else v for v in value]
