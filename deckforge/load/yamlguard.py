"""Measure a YAML text while libyaml parses it, before anything is built: nesting depth, aliases, expanded size.

(A text without anchors cannot expand, so the reader only checks the nesting of the nodes it composed, with
`check_depth`, which costs a tenth of counting events.)

An alias (`*name`) repeats the node its anchor names without copying it, so a 1 kB file can stand for a billion
values ("billion laughs"); whatever later walks the data (a check, an error message) would expand them all. The
parser's events are counted as they arrive, each alias adding the size of the node it repeats, and parsing stops
at the first event past a limit of deckforge/limits.py, with its line and column. A syntax error ends the count
quietly: the reader then lets ruamel place it, having seen that everything before the error is within limits.
"""
from __future__ import annotations

import yaml
from yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent

from .. import limits
from ..errors import DeckError, Problem


class _Open:
    """A mapping or list being parsed: where its count started and the deepest level reached inside it."""
    __slots__ = ("anchor", "nodes", "chars", "depth", "deepest")

    def __init__(self, anchor: str | None, nodes: int, chars: int, depth: int):
        self.anchor, self.nodes, self.chars, self.depth, self.deepest = anchor, nodes, chars, depth, depth


def check_structure(text: str, shown: str) -> None:
    """Raise DeckError at the first place where the text goes past a YAML limit; return quietly otherwise."""
    loader = yaml.CSafeLoader(text) if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader(text)
    measure = _Measure(shown)
    try:
        while loader.check_event():
            measure.take(loader.get_event())
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in str(exc.problem):  # libyaml's own limit (1,000 levels), met while looking ahead
            mark = exc.context_mark or exc.problem_mark
            raise DeckError([Problem(shown, mark.line + 1, mark.column + 1, "", _too_deep())]) from None
    except yaml.YAMLError:
        pass  # any other syntax error: the reader's own parsing names it
    finally:
        loader.dispose()


def check_depth(root: yaml.Node, shown: str) -> None:
    """Raise DeckError at the first mapping or list nested past the limit, in composed nodes without aliases."""
    if root.id == "scalar":
        return
    stack = [(root, 1)]
    while stack:  # scalars are never pushed: they nest nothing (95,000 of them in a deck of 5,000 cards)
        node, depth = stack.pop()
        if depth > limits.MAX_YAML_DEPTH:
            mark = node.start_mark
            raise DeckError([Problem(shown, mark.line + 1, mark.column + 1, "", _too_deep())])
        children = (child for pair in node.value for child in pair) if node.id == "mapping" else node.value
        stack.extend((child, depth + 1) for child in children if child.id != "scalar")


class _Measure:
    """The running count of one file: values and characters as if every alias were expanded, aliases, levels."""

    def __init__(self, shown: str):
        self.shown = shown
        self.stack: list[_Open] = []
        self.anchors: dict[str, tuple[int, int, int]] = {}  # anchor -> values, characters, levels of its node
        self.nodes = self.chars = self.aliases = 0

    def take(self, event: yaml.Event) -> None:
        if isinstance(event, ScalarEvent):
            self.scalar(event)
        elif isinstance(event, CollectionStartEvent):
            self.start(event)
        elif isinstance(event, CollectionEndEvent):
            self.end()
        elif isinstance(event, AliasEvent):
            self.alias(event)

    def scalar(self, event: ScalarEvent) -> None:
        self.nodes, self.chars = self.nodes + 1, self.chars + len(event.value)
        if event.anchor is not None:
            self.anchors[event.anchor] = (1, len(event.value), 0)

    def start(self, event: CollectionStartEvent) -> None:
        self.stack.append(_Open(event.anchor, self.nodes, self.chars, len(self.stack) + 1))
        self.nodes += 1
        if len(self.stack) > limits.MAX_YAML_DEPTH:
            self.refuse(event, _too_deep())

    def end(self) -> None:
        closed = self.stack.pop()
        if closed.anchor is not None:
            self.anchors[closed.anchor] = (self.nodes - closed.nodes, self.chars - closed.chars,
                                           closed.deepest - closed.depth + 1)
        if self.stack:
            self.stack[-1].deepest = max(self.stack[-1].deepest, closed.deepest)

    def alias(self, event: AliasEvent) -> None:
        """Count the node the alias repeats as if it were written out here."""
        self.aliases += 1
        if self.aliases > limits.MAX_YAML_ALIASES:
            self.refuse(event, f"more than {limits.MAX_YAML_ALIASES:,} aliases (*name)")
        if any(open_.anchor == event.anchor for open_ in self.stack):
            self.refuse(event, f"the alias *{event.anchor} is inside the node it repeats")
        nodes, chars, levels = self.anchors.get(event.anchor, (1, 0, 0))  # an unknown anchor: a syntax error next
        self.nodes, self.chars = self.nodes + nodes, self.chars + chars
        depth = len(self.stack) + levels
        if self.stack:
            self.stack[-1].deepest = max(self.stack[-1].deepest, depth)
        if depth > limits.MAX_YAML_DEPTH:
            self.refuse(event, f"with its aliases expanded, {_too_deep()}")
        if self.nodes > limits.MAX_YAML_NODES:
            self.refuse(event, f"with its aliases expanded, the file holds more than {limits.MAX_YAML_NODES:,} "
                               "values (an alias bomb?)")
        if self.chars > limits.MAX_YAML_ALIAS_CHARS:
            self.refuse(event, f"with its aliases expanded, the file holds more than "
                               f"{limits.MAX_YAML_ALIAS_CHARS:,} characters of text (an alias bomb?)")

    def refuse(self, event: yaml.Event, message: str) -> None:
        mark = event.start_mark
        raise DeckError([Problem(self.shown, mark.line + 1, mark.column + 1, "", message)])


def _too_deep() -> str:
    return f"mappings and lists are nested more than {limits.MAX_YAML_DEPTH} deep"
