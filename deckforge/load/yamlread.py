"""Read YAML safely, keeping the line and column of every node for error messages."""
from __future__ import annotations

from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

from ..errors import DeckError, Problem, display_path

MAX_FILE_BYTES = 2_000_000


def read_yaml(path: Path) -> object:
    """Parse a YAML file with the safe round-trip loader; raise DeckError naming the place of any syntax error."""
    shown = display_path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DeckError([Problem(shown, None, None, "", f"cannot read the file: {exc.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise DeckError([Problem(shown, None, None, "", f"the file is {len(raw):,} bytes; a deck file may have "
                                                        f"at most {MAX_FILE_BYTES:,}")])
    text = _decode(raw, shown)
    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    try:
        return yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark is not None and "stream end" in str(exc.problem):
            mark = exc.context_mark  # an unclosed bracket: point at where it was opened
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        what = " ".join(x for x in (exc.context, exc.problem) if x)
        if "\t" in text.splitlines()[line - 1] if line and line <= len(text.splitlines()) else False:
            what += " (a tab character is used for indentation; indent YAML with spaces)"
        raise DeckError([Problem(shown, line, col, "", f"not valid YAML: {what}")]) from None
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
        raise DeckError([Problem(shown, line, col, "",
                                 f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8")]) from None


def node_place(node: object) -> tuple[int | None, int | None]:
    """Return the 1-based line and column where a mapping or sequence node starts."""
    if isinstance(node, (CommentedMap, CommentedSeq)) and getattr(node, "lc", None) is not None:
        if node.lc.line is not None:
            return node.lc.line + 1, node.lc.col + 1
    return None, None


def _marked(node: object, kind: type, lookup: str, at: object) -> tuple[int, int] | None:
    """Return the 1-based place ruamel recorded for a key, value or item of a node, or None."""
    if isinstance(node, kind):
        try:
            line, col = getattr(node.lc, lookup)(at)
            return line + 1, col + 1
        except (KeyError, TypeError, AttributeError, IndexError):
            pass
    return None


def key_place(mapping: object, key: object) -> tuple[int | None, int | None]:
    """Return the place of a key in a mapping node."""
    return _marked(mapping, CommentedMap, "key", key) or node_place(mapping)


def value_place(mapping: object, key: object) -> tuple[int | None, int | None]:
    """Return the place of the value under a key in a mapping node."""
    return _marked(mapping, CommentedMap, "value", key) or key_place(mapping, key)


def item_place(seq: object, index: int) -> tuple[int | None, int | None]:
    """Return the place of an item in a sequence node."""
    return _marked(seq, CommentedSeq, "item", index) or node_place(seq)
