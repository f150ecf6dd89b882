"""Helpers for the preview tests: edit a file as a save would, find a line, wait for a condition."""
from __future__ import annotations

import re
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit


def edit(path: Path, old: str, new: str) -> None:
    """Replace one exact passage of a file, as an editor's save would."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not in {path} exactly once"
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, passage: str) -> int:
    """Return the 1-based line on which a passage stands."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if passage in line)


def wait_for(condition, timeout: float = 20.0, step: float = 0.05):
    """Return the condition's first true value, polling until `timeout` seconds have passed."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(step)


def view_when(client, condition, html: str | None = None, changes: int = 30) -> str:
    """Return /view once it meets `condition`, waiting as the page does: on /changes after the version it shows.

    Each wait ends at the next change (a reload, a finished check) or after the long poll's 20 s; `changes`
    bounds how many waits, so a view that never comes fails instead of hanging.
    """
    html = client.get("/view").text if html is None else html
    for _ in range(changes):
        if condition(html):
            return html
        version = re.search(r'data-version="(\d+)"', html).group(1)
        client.get("/changes", params={"since": version})
        html = client.get("/view").text
    raise AssertionError(f"the view never met the condition; it shows:\n{html}")


class _Figures(HTMLParser):
    """Collects each card figure of the page: its image address and the words of its caption by class."""

    def __init__(self):
        super().__init__()
        self.figures: dict[str, dict[str, str]] = {}
        self._current: dict[str, str] | None = None
        self._part: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "figure":
            self._current = self.figures.setdefault(attrs["id"], {})
        elif self._current is not None and tag == "img" and attrs.get("class") != "icon":  # the face, not an icon
            self._current.update(src=attrs["src"], alt=attrs["alt"])
        elif self._current is not None and tag == "span":
            self._part = attrs.get("class")

    def handle_endtag(self, tag):
        if tag == "figure":
            self._current = None
        self._part = None

    def handle_data(self, data):
        if self._current is not None and self._part:
            self._current[self._part] = self._current.get(self._part, "") + data.strip()


def figures(html: str) -> dict[str, dict[str, str]]:
    """Return the page's card figures by element id: src, alt, count, name, kind and text."""
    parser = _Figures()
    parser.feed(html)
    return parser.figures


def version_of(src: str) -> str:
    """Return the `v` (drawing revision) of an image address."""
    return parse_qs(urlsplit(src).query)["v"][0]
