"""Guard: refuse the requests the preview must not answer, before any route sees them, with a short message.

A web page can make the browser send requests to 127.0.0.1, and with DNS rebinding it can even read the answers:
its own name comes to resolve to 127.0.0.1, so its scripts reach the preview as if it were their own site. The
browser still sends that name in the Host header, so the preview answers only requests addressed to
`127.0.0.1:PORT` or `localhost:PORT`, and refuses a foreign Origin (a script of another site asking). Query
values are the other input a request brings: each route names the parameters it takes, and `query` checks them.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from ..load.deck import LANG_PATTERN

LOOPBACK_NAMES = ("127.0.0.1", "localhost")  # the preview listens on 127.0.0.1 only, so never [::1]
MAX_PLAYERS = 999


@dataclass(frozen=True)
class Parameter:
    """A query parameter a route takes: what a valid value looks like, and how to say so."""

    pattern: re.Pattern
    expected: str


PARAMETERS = {
    "lang": Parameter(LANG_PATTERN, "a language code of 2 or 3 small letters, such as cs or en"),
    "players": Parameter(re.compile(r"[1-9][0-9]{0,2}"), f"a whole number of players from 1 to {MAX_PLAYERS}"),
    "v": Parameter(re.compile(r"[0-9]{1,18}"), "the revision number the page gave"),
    "since": Parameter(re.compile(r"[0-9]{1,18}"), "the version number the page gave"),
}


class BadQuery(Exception):
    """A query the preview refuses; its message names the parameter and what it expects."""


def query(request: Request, *names: str) -> dict[str, str | None]:
    """Return the values of the named parameters (None where absent or empty); refuse anything else in the query.

    An empty value means "not given": the page sends `lang=&players=` while the deck does not load.
    """
    given = request.query_params.multi_items()
    counts = Counter(name for name, _ in given)
    for name, value in given:
        if name not in names:
            takes = f"this address takes: {', '.join(names)}" if names else "this address takes none"
            raise BadQuery(f"unknown query parameter {name[:40]!r}; {takes}")
        if counts[name] > 1:
            raise BadQuery(f"query parameter {name!r} is given more than once")
        if value and not PARAMETERS[name].pattern.fullmatch(value):
            raise BadQuery(f"query parameter {name!r}: {value[:40]!r} is not {PARAMETERS[name].expected}")
    values = dict(given)
    return {name: values.get(name) or None for name in names}


def bad_query(exc: BadQuery) -> PlainTextResponse:
    return PlainTextResponse(f"Bad request: {exc}\n", status_code=400, headers={"Cache-Control": "no-store"})


class LoopbackOnly:
    """ASGI middleware: answer only requests for this port on a loopback name, from no other site."""

    def __init__(self, app: ASGIApp, port: int):
        self.app = app
        self.hosts = {f"{name}:{port}" for name in LOOPBACK_NAMES}
        if port == 80:  # a browser leaves the default port out of Host
            self.hosts |= set(LOOPBACK_NAMES)
        self.origins = {f"http://{host}" for host in self.hosts}
        self.port = port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        hosts = headers.getlist("host")
        origin = headers.get("origin")
        if len(hosts) != 1 or hosts[0].lower() not in self.hosts:
            shown = ", ".join(repr(host[:60]) for host in hosts) or "none"
            response = PlainTextResponse(
                f"Bad request: this preview answers only at http://127.0.0.1:{self.port}/ or "
                f"http://localhost:{self.port}/ (Host header: {shown})\n", status_code=400)
        elif origin is not None and origin.lower() not in self.origins:
            response = PlainTextResponse(f"Forbidden: the preview does not answer requests from other sites "
                                         f"(Origin: {origin[:60]!r})\n", status_code=403)
        else:
            await self.app(scope, receive, _same_origin(send))
            return
        await response(scope, receive, send)


def _same_origin(send: Send) -> Send:
    """Mark every answer same-origin only, so no other site can embed even an image of the deck."""

    async def send_marked(message) -> None:
        if message["type"] == "http.response.start":
            message.setdefault("headers", [])
            message["headers"] = [*message["headers"], (b"cross-origin-resource-policy", b"same-origin"),
                                  (b"x-content-type-options", b"nosniff")]
        await send(message)

    return send_marked
