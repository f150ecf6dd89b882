"""Read YAML safely, keeping the line and column of every node for error messages.

A deck is parsed by libyaml (PyYAML's C parser) into mappings and lists that carry the place of every key, value
and item, the same marks ruamel's round-trip loader records, at a fifth of its cost. Anything that loader would
treat differently (a syntax error, a duplicate key, a tag, a merge key, a number written in an unusual form) goes to
ruamel's round-trip loader, which places the error or gives the value exactly as before.
"""
from __future__ import annotations

import json
import re
import threading
from collections import deque
from pathlib import Path

import yaml
from yaml.events import (DocumentEndEvent, MappingEndEvent, MappingStartEvent, ScalarEvent, SequenceEndEvent,
                         SequenceStartEvent, StreamEndEvent)

from ..errors import DeckError, Problem, display_path, windows_1250_reading
from ..limits import MAX_DECK_FILE_BYTES, MAX_YAML_DEPTH, read_bytes
from .yamlguard import check_depth, check_structure

KEPT_PARSES = 16  # files whose last parse `read_yaml(reuse=True)` keeps, oldest dropped first
_PARSED: dict[str, tuple[tuple[int, int], object]] = {}
_PARSED_LOCK = threading.Lock()


class _Marks:
    """The places of a node and of its keys, values and items, 0-based, read like ruamel's `lc`."""
    __slots__ = ("line", "col", "data")

    def __init__(self) -> None:
        self.line = self.col = None
        self.data: dict = {}

    def key(self, key: object) -> tuple[int, int]:
        return self.data[key][0], self.data[key][1]

    def value(self, key: object) -> tuple[int, int]:
        return self.data[key][2], self.data[key][3]

    def item(self, index: int) -> tuple[int, int]:
        return self.data[index][0], self.data[index][1]

    def add_kv_line_col(self, key: object, place: list[int]) -> None:
        self.data[key] = place


class MarkedMap(dict):
    """A mapping that knows where its keys and values were written."""
    __slots__ = ("lc",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lc = _Marks()


class MarkedSeq(list):
    """A list that knows where its items were written."""
    __slots__ = ("lc",)

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.lc = _Marks()


# Characters: above this, a file the fast reader cannot take is not handed to ruamel's pure-Python reader (about
# 20 s a megabyte, issue 19's hostile corpus): its problem is placed from libyaml's own marks instead.
ROUND_TRIP_MAX_CHARS = 200_000


class _RoundTripNeeded(Exception):
    """The fast reader met something only the round-trip loader reads exactly (or places as an error)."""

    def __init__(self, what: str, mark: object = None):
        super().__init__(what)
        self.what, self.mark = what, mark


def read_yaml(path: Path, round_trip: bool = False, reuse: bool = False) -> object:
    """Parse a YAML file into marked mappings and lists; raise DeckError naming the place of any syntax error.

    `round_trip` parses with ruamel's round-trip loader only (the tests compare both readings). `reuse` returns
    the last parse of the file while its size and modification time are unchanged (the preview reads the card
    template on every save of the deck); the caller must not change what it gets.
    """
    if reuse and not round_trip:
        return _reused(path)
    shown = display_path(path)
    text = _decode(read_bytes(path, MAX_DECK_FILE_BYTES, "a deck file or card template"), shown)
    # Only an anchor (`&name`) lets a small text stand for a huge structure. Without one, the fast reader checks the
    # nesting of the nodes it composed, at a tenth of the cost of counting the parser's events beforehand.
    measured = "&" in text or round_trip
    if measured:
        check_structure(text, shown)  # before either reader builds anything: both would expand what it refuses
    if not round_trip:
        try:
            return _read_fast(text, shown, check_nesting=not measured)
        except (yaml.YAMLError, _RoundTripNeeded, TypeError, ValueError, RecursionError) as exc:
            if len(text) > ROUND_TRIP_MAX_CHARS:
                if not measured:
                    check_structure(text, shown)  # too deep a nesting is named at its own place first
                raise _large_file_error(exc, text, shown) from None
            # else ruamel reads it exactly, or names the place of the error
    if not measured:
        check_structure(text, shown)  # ruamel builds recursively: refuse what is nested too deep first
    return _read_round_trip(text, shown)


def _large_file_error(exc: Exception, text: str, shown: str) -> DeckError:
    """Place what stopped the fast reader in a large file from libyaml's marks (ruamel would take too long)."""
    if isinstance(exc, yaml.MarkedYAMLError):
        return _syntax_error(exc, text, shown)
    mark = getattr(exc, "mark", None)
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (None, None)
    what = (exc.what if isinstance(exc, _RoundTripNeeded) else "a list or mapping as a key" if isinstance(exc, TypeError)
            else "values it cannot read")
    return DeckError([Problem(shown, line, col, "", f"a file of over {ROUND_TRIP_MAX_CHARS:,} characters must be "
                                                    f"plain YAML, without {what}; write it out plainly")])


def _syntax_error(exc, text: str, shown: str) -> DeckError:
    """A parser's marked error (libyaml's or ruamel's: they carry the same fields) as a placed problem."""
    mark = exc.problem_mark or exc.context_mark
    if exc.context_mark is not None and "stream end" in str(exc.problem):
        mark = exc.context_mark  # an unclosed bracket: point at where it was opened
    what = " ".join(x for x in (exc.context, exc.problem) if x)
    if (flow := _flow_colon(exc, text)) is not None:
        mark, what = flow
    line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
    lines = text.splitlines()
    if line and line <= len(lines) and "\t" in lines[line - 1]:
        what += " (a tab character is used for indentation; indent YAML with spaces)"
    elif line and line <= len(lines) and str(exc.context).startswith("while parsing a block") \
            and "'<scalar>'" in str(exc.problem):
        what += _quote_ends_text(lines[line - 1], col - 1)
    return DeckError([Problem(shown, line, col, "", f"not valid YAML: {what}")])


FLOW_ENDS = {"{": "}", "[": "]"}


def _flow_colon(exc, text: str) -> tuple[object, str] | None:
    """Explain a colon where a `{...}` or `[...]` wanted a comma or its end: the bracket was left open (the value
    before the colon runs on past its line: point at the bracket), or a text holds ': ' (point at it: quote it)."""
    opened, found = exc.context_mark, exc.problem_mark
    if opened is None or found is None or not str(exc.context or "").startswith("while parsing a flow"):
        return None
    lines = text.splitlines(keepends=True)
    start, stop = _offset(lines, opened), _offset(lines, found)
    bracket = text[start:start + 1]
    if text[stop:stop + 1] != ":" or bracket not in FLOW_ENDS:
        return None
    *_, key, separator, value = re.split(r"([,{\[]|:\s)", text[start:stop])
    if "\n" in value:
        return opened, (f"this '{bracket}' is not closed, so line {found.line + 1} is read as part of it; close "
                        f"it with '{FLOW_ENDS[bracket]}'")
    value += re.match(r"[^,}\]\n]*", text[stop:]).group()  # the rest of the text, up to its comma or the end
    return found, (f"inside {bracket}...{FLOW_ENDS[bracket]} a colon followed by a space starts a new key; put a "
                   f"text that has one in quotes: {_quoted(key if separator.startswith(':') else '', value)}")


def _quote_ends_text(line: str, column: int) -> str:
    """Explain a text that goes on after a closing quote (`cs: "Žluťoučký" kůň`): YAML reads a value that starts
    with a quote up to where the quote closes, and the rest is left over. Return "" for any other error."""
    match = re.match(r"\s*(?:-\s+)?(?:[^\s\"'#][^#]*?:\s+)?(?=[\"'])", line)
    if match is None or not line[:column].rstrip().endswith(line[match.end()]):
        return ""
    value = line[match.end():].rstrip()
    written = f"'{value}'" if "'" not in value else json.dumps(value, ensure_ascii=False)
    fixed = f"{match.group().strip()} {written}".strip()
    return (f" (a text that starts with a quote ends where the quote closes; put the whole text in quotes: "
            f"{fixed}, or write „…“ quotes, which need none)")


def _quoted(key: str, value: str) -> str:
    """Return `key: "value"` as it should have been written (a JSON string is a YAML double-quoted one)."""
    written = json.dumps(value.strip(), ensure_ascii=False)
    return f"{key.strip()}: {written}" if key.strip() else written


def _offset(lines: list[str], mark) -> int:
    """Return the index in the text of a mark's line and column (the parsers count lines the same way)."""
    return sum(len(line) for line in lines[:mark.line]) + mark.column


def _read_fast(text: str, shown: str, check_nesting: bool) -> object:
    if check_nesting:  # no anchors: build straight from libyaml's events, unless the file needs more care
        try:
            return _read_events(text)
        except _Unusual:
            pass  # read again below, where each problem is named as before
    loader = _MarkedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None  # an empty file, as yaml.load reads it
        if check_nesting:  # no anchors, so no node appears twice: the plain builder may build it
            check_depth(node, shown)
            return _construct_plain(loader, node)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _reused(path: Path) -> object:
    """Return the kept parse of an unchanged file, or parse it and keep that (the oldest kept one dropped)."""
    try:
        stat = path.stat()
    except OSError:
        return read_yaml(path)  # reports why it cannot be read
    key, stamp = str(path.resolve()), (stat.st_mtime_ns, stat.st_size)
    with _PARSED_LOCK:  # the preview reads from several threads
        kept = _PARSED.get(key)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    data = read_yaml(path)
    with _PARSED_LOCK:
        _PARSED.pop(key, None)
        while len(_PARSED) >= KEPT_PARSES:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = (stamp, data)
    return data


def _read_round_trip(text: str, shown: str) -> object:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.reader import ReaderError

    yaml_rt = YAML(typ="rt", pure=True)
    yaml_rt.allow_duplicate_keys = False
    try:
        return yaml_rt.load(text)
    except MarkedYAMLError as exc:
        raise _syntax_error(exc, text, shown) from None
    except ReaderError as exc:  # a character YAML does not allow, found before parsing starts
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise DeckError([Problem(shown, line, col, "", f"not valid YAML: the control character "
                                                       f"U+{exc.character:04X} is not allowed; remove it (write "
                                                       "escapes such as \\n inside double quotes)")]) from None
    except YAMLError as exc:
        raise DeckError([Problem(shown, None, None, "", f"not valid YAML: {exc}")]) from None


def _decode(raw: bytes, shown: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        word = windows_1250_reading(raw, exc.start, b" \t\r:,{}[]\"'")
        seen = f": '{word[:40]}' in Windows-1250, as Windows editors save Czech text by default" if word else ""
        raise DeckError([Problem(shown, line, col, "",
                                 f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}{seen}); save it as UTF-8 "
                                 "(in Notepad: Save as, Encoding UTF-8)")]) from None


# --- the fast reader: libyaml's parser, YAML 1.2 core scalars (as ruamel reads them), marked containers ---

_TAG = "tag:yaml.org,2002:"
_PLAIN_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_PLAIN_FLOAT = re.compile(r"[-+]?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?")


class _MarkedLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """libyaml's parser with ruamel's YAML 1.2 resolution of plain scalars, building marked containers."""
    yaml_implicit_resolvers: dict = {}
    yaml_constructors = dict(yaml.SafeLoader.yaml_constructors)


def _resolve(tag: str, pattern: str, first: str | list[str]) -> None:
    _MarkedLoader.add_implicit_resolver(_TAG + tag, re.compile(pattern, re.X), list(first))


# The YAML 1.2 rules of ruamel.yaml's VersionedResolver: `yes`, `on` and `0777`-style octals are not 1.1's.
_resolve("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF")
_resolve("float", r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
    |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
    |[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN))$""", "-+0123456789.")
_resolve("int", r"""^(?:[-+]?0b[0-1_]+
    |[-+]?0o?[0-7_]+
    |[-+]?[0-9_]+
    |[-+]?0x[0-9a-fA-F_]+)$""", "-+0123456789")
_resolve("merge", r"^(?:<<)$", "<")
_resolve("null", r"^(?: ~ |null|Null|NULL | )$", ["~", "n", "N", ""])  # "": an empty plain scalar
_resolve("timestamp", r"^[0-9]{4}-[0-9]", "0123456789")
_resolve("value", r"^(?:=)$", "=")


def _construct_map(loader: _MarkedLoader, node: yaml.MappingNode):
    data = MarkedMap()
    data.lc.line, data.lc.col = node.start_mark.line, node.start_mark.column
    yield data
    for key_node, value_node in node.value:
        if key_node.tag == _TAG + "merge":
            raise _RoundTripNeeded("merge keys (<<)", key_node.start_mark)
        key = loader.construct_object(key_node, deep=True)
        if key in data:
            raise _RoundTripNeeded("a key given twice", key_node.start_mark)  # ruamel names both places
        data[key] = loader.construct_object(value_node)
        key_mark, value_mark = key_node.start_mark, value_node.start_mark
        data.lc.data[key] = [key_mark.line, key_mark.column, value_mark.line, value_mark.column]


def _construct_seq(loader: _MarkedLoader, node: yaml.SequenceNode):
    data = MarkedSeq()
    data.lc.line, data.lc.col = node.start_mark.line, node.start_mark.column
    yield data
    for index, item_node in enumerate(node.value):
        data.append(loader.construct_object(item_node))
        data.lc.data[index] = [item_node.start_mark.line, item_node.start_mark.column]


def _construct_int(loader: _MarkedLoader, node: yaml.ScalarNode) -> int:
    if not _PLAIN_INT.fullmatch(node.value):
        raise _RoundTripNeeded("whole numbers in other notations", node.start_mark)
    return int(node.value)


def _construct_float(loader: _MarkedLoader, node: yaml.ScalarNode) -> float:
    if not _PLAIN_FLOAT.fullmatch(node.value):
        raise _RoundTripNeeded("numbers in other notations", node.start_mark)
    return float(node.value)


def _round_trip_only(loader: _MarkedLoader, node: yaml.Node) -> None:
    raise _RoundTripNeeded(f"the tag {node.tag}", node.start_mark)


_MarkedLoader.add_constructor(_TAG + "map", _construct_map)
_MarkedLoader.add_constructor(_TAG + "seq", _construct_seq)
_MarkedLoader.add_constructor(_TAG + "int", _construct_int)
_MarkedLoader.add_constructor(_TAG + "float", _construct_float)
for _tag in ("timestamp", "value", "binary", "omap", "pairs", "set"):
    _MarkedLoader.add_constructor(_TAG + _tag, _round_trip_only)
_MarkedLoader.add_constructor(None, _round_trip_only)  # a tag of the deck's own


_STR, _INT, _FLOAT, _BOOL, _NULL, _MAP, _SEQ, _MERGE = (
    _TAG + name for name in ("str", "int", "float", "bool", "null", "map", "seq", "merge"))


class _Unusual(Exception):
    """A node the plain builder leaves to PyYAML's constructor."""


def _construct_plain(loader: _MarkedLoader, root: yaml.Node) -> object:
    """Build a document without anchors exactly as `loader.construct_document(root)` does, at a third of its cost.

    Mappings, lists and the core scalars are built here, in the order PyYAML builds them (breadth first: a
    container's keys and scalars, then the containers inside it in turn), so the first problem met is the same
    one; at anything else (a tag, a mapping as a key) the document is built again by PyYAML's constructor."""
    pending: deque[tuple[yaml.Node, object]] = deque()
    try:
        document = _plain_value(loader, root, pending)
        while pending:
            node, data = pending.popleft()
            if isinstance(data, MarkedMap):
                _fill_map(loader, node, data, pending)
            else:
                for index, item_node in enumerate(node.value):
                    data.append(_plain_value(loader, item_node, pending))
                    data.lc.data[index] = [item_node.start_mark.line, item_node.start_mark.column]
    except _Unusual:
        return loader.construct_document(root)
    return document


def _read_events(text: str) -> object:
    """Build a plain document (no anchors or tags, core scalars, keys given once, nested within the limit) from
    libyaml's events in one pass, at half the cost of composing nodes first; raise _Unusual at anything else, which
    `_read_fast` then reads node by node, naming each problem as before. Syntax errors are libyaml's either way."""
    loader = _MarkedLoader(text)
    get, resolvers, limit = loader.get_event, _MarkedLoader.yaml_implicit_resolvers, MAX_YAML_DEPTH
    try:
        get()  # the stream's start
        first = get()
        if type(first) is StreamEndEvent:
            return None  # an empty file, as yaml.load reads it
        # each open container: [data, is a mapping, its next key (_NO_KEY while one is awaited), that key's mark,
        # the data's marks]
        open_: list[list] = []
        document = None
        plain: dict[str, object] = {}  # a plain scalar's text → its value (keys recur on every card)
        while True:
            event = get()
            kind = type(event)
            if kind is ScalarEvent:
                if event.anchor is not None or event.tag is not None and event.tag != "!":
                    raise _Unusual()
                value = event.value
                if event.implicit[0]:  # a plain scalar: resolved by YAML 1.2's core rules
                    found = plain.get(value, _NO_KEY)
                    if found is _NO_KEY:
                        text = value
                        for tag, pattern in resolvers.get(value[:1], ()):
                            if pattern.match(value):
                                value = _core_scalar(tag, value)
                                break
                        plain[text] = value
                    else:
                        value = found
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if event.anchor is not None or event.tag is not None or len(open_) >= limit:
                    raise _Unusual()
                value = MarkedMap() if kind is MappingStartEvent else MarkedSeq()
                value.lc.line, value.lc.col = event.start_mark.line, event.start_mark.column
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                open_.pop()
                if open_:
                    continue
                if type(get()) is not DocumentEndEvent or type(get()) is not StreamEndEvent:
                    raise _Unusual()  # a second document: named by the composer
                return document
            else:  # an alias: never without an anchor, but left to the composer all the same
                raise _Unusual()
            mark = event.start_mark
            if not open_:  # the document is this one value
                if kind is ScalarEvent:
                    if type(get()) is not DocumentEndEvent or type(get()) is not StreamEndEvent:
                        raise _Unusual()
                    return value
                document = value
            else:
                parent = open_[-1]
                data = parent[0]
                if not parent[1]:
                    parent[4][len(data)] = [mark.line, mark.column]
                    data.append(value)
                elif parent[2] is _NO_KEY:
                    if kind is not ScalarEvent or value in data:
                        raise _Unusual()  # a container as a key, a key given twice
                    parent[2], parent[3] = value, mark
                else:
                    key, key_mark = parent[2], parent[3]
                    data[key] = value
                    parent[4][key] = [key_mark.line, key_mark.column, mark.line, mark.column]
                    parent[2] = _NO_KEY
            if kind is not ScalarEvent:
                open_.append([value, kind is MappingStartEvent, _NO_KEY, None, value.lc.data])
    finally:
        loader.dispose()


_NO_KEY = object()


def _core_scalar(tag: str, value: str) -> object:
    """The value of a plain scalar resolved to `tag`, as the plain builder makes it; _Unusual where it does not."""
    if tag == _INT and _PLAIN_INT.fullmatch(value):
        return int(value)
    if tag == _FLOAT and _PLAIN_FLOAT.fullmatch(value):
        return float(value)
    if tag == _BOOL:
        return value.lower() == "true"
    if tag == _NULL:
        return None
    raise _Unusual()  # other notations, timestamps, merge keys


def _fill_map(loader: _MarkedLoader, node: yaml.MappingNode, data: MarkedMap, pending: deque) -> None:
    """Fill a mapping as `_construct_map` does."""
    for key_node, value_node in node.value:
        if key_node.tag == _MERGE:
            raise _RoundTripNeeded("merge keys (<<)", key_node.start_mark)
        if key_node.id != "scalar":
            raise _Unusual()
        key = _plain_value(loader, key_node, pending)
        if key in data:
            raise _RoundTripNeeded("a key given twice", key_node.start_mark)  # ruamel names both places
        data[key] = _plain_value(loader, value_node, pending)
        key_mark, value_mark = key_node.start_mark, value_node.start_mark
        data.lc.data[key] = [key_mark.line, key_mark.column, value_mark.line, value_mark.column]


def _plain_value(loader: _MarkedLoader, node: yaml.Node, pending: deque) -> object:
    """Return a scalar's value, or an empty marked container whose contents `pending` will fill."""
    tag, kind = node.tag, node.id
    if kind == "scalar":
        if tag == _STR:
            return node.value
        if tag == _INT:
            return _construct_int(loader, node)
        if tag == _FLOAT:
            return _construct_float(loader, node)
        if tag == _BOOL:
            return loader.construct_yaml_bool(node)
        if tag == _NULL:
            return None
    elif kind == "mapping" and tag == _MAP or kind == "sequence" and tag == _SEQ:
        data = MarkedMap() if kind == "mapping" else MarkedSeq()
        data.lc.line, data.lc.col = node.start_mark.line, node.start_mark.column
        pending.append((node, data))
        return data
    raise _Unusual()


def node_place(node: object) -> tuple[int | None, int | None]:
    """Return the 1-based line and column where a mapping or sequence node starts."""
    if isinstance(node, (dict, list)) and getattr(node, "lc", None) is not None:
        if node.lc.line is not None:
            return node.lc.line + 1, node.lc.col + 1
    return None, None


def _marked(node: object, kind: type, lookup: str, at: object) -> tuple[int, int] | None:
    """Return the 1-based place recorded for a key, value or item of a node, or None."""
    if isinstance(node, kind):
        try:
            line, col = getattr(node.lc, lookup)(at)
            return line + 1, col + 1
        except (KeyError, TypeError, AttributeError, IndexError):
            pass
    return None


def key_place(mapping: object, key: object) -> tuple[int | None, int | None]:
    """Return the place of a key in a mapping node."""
    return _marked(mapping, dict, "key", key) or node_place(mapping)


def value_place(mapping: object, key: object) -> tuple[int | None, int | None]:
    """Return the place of the value under a key in a mapping node."""
    return _marked(mapping, dict, "value", key) or key_place(mapping, key)


def item_place(seq: object, index: int) -> tuple[int | None, int | None]:
    """Return the place of an item in a sequence node."""
    return _marked(seq, list, "item", index) or node_place(seq)
