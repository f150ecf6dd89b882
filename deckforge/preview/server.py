"""Server: the preview's routes (Starlette), the watcher that reloads the deck, and the loopback server (uvicorn).

Routes: `/` the page, `/view` the part of it that follows the deck, `/card/<id>.png` and `/back.png` the drawn
faces, `/icon/<name>` a `:name:` icon of the captions, `/changes?since=N` a long poll that answers when the version
moves past N. Every request passes `guard.LoopbackOnly` first, and each route checks its query with `guard.query`.
"""
from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import socket
import sys
import threading
import time
import webbrowser
from pathlib import Path
from typing import Callable

import anyio
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from ..errors import DeckforgeError, display_path
from ..i18n import deck_words
from ..load import resolve_deck
from .guard import BadQuery, LoopbackOnly, bad_query, query
from .page import render_page, render_view
from .session import PreviewSession
from . import DEFAULT_PORT

HOST = "127.0.0.1"  # loopback only: the preview serves local files and is never meant for a network
LONG_POLL_SECONDS = 20.0  # a waiting page re-asks after this; short enough for proxies and shutdown
POLL_SECONDS = 0.1        # how often a waiting request looks at the version
WATCH_STEP_MS = 50        # a save shows after about this long plus the time to draw what changed


def create_app(session: PreviewSession, watch: bool = True, port: int = DEFAULT_PORT) -> Starlette:
    """Return the preview application; with `watch`, it reloads the deck whenever its files change.

    It answers only requests addressed to 127.0.0.1 or localhost at `port` (guard.py).
    """

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        stop = anyio.Event()
        async with anyio.create_task_group() as tasks:
            if watch:
                tasks.start_soon(follow_changes, session, stop)
            try:
                yield
            finally:
                stop.set()
                session.close()

    routes = [Route("/", page), Route("/view", view), Route("/card/{face}.png", card_image),
              Route("/back.png", back_image), Route("/icon/{name}", icon_image), Route("/changes", changes)]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(LoopbackOnly, port=port)],
                    exception_handlers={BadQuery: lambda request, exc: bad_query(exc)})
    app.state.session = session
    return app


async def page(request: Request) -> HTMLResponse:
    state = await _in_thread(_session(request).page, *_choice(request))
    with deck_words(state.source.parent):
        return HTMLResponse(render_page(state), headers={"Cache-Control": "no-store"})


async def view(request: Request) -> HTMLResponse:
    state = await _in_thread(_session(request).page, *_choice(request))
    with deck_words(state.source.parent):
        return HTMLResponse(render_view(state), headers={"Cache-Control": "no-store"})


async def card_image(request: Request) -> Response:
    return await _image(request, request.path_params["face"], back=False)


async def back_image(request: Request) -> Response:
    return await _image(request, "back", back=True)


async def icon_image(request: Request) -> Response:
    """Serve one of the deck's `:name:` icons for the captions. An SVG may carry script: it is served sandboxed,
    so even opened on its own it runs nothing."""
    query(request)
    path = _session(request).icon(request.path_params["name"])
    data = await _in_thread(_read, path) if path else None
    if data is None:
        return Response("no such icon in the deck as it is now", status_code=404, media_type="text/plain")
    svg = path.suffix.lower() == ".svg"
    headers = {"Cache-Control": "no-cache"}  # a save may change the file under the same name
    if svg:
        headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    return Response(data, media_type="image/svg+xml" if svg else "image/png", headers=headers)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:  # removed or unreadable since the deck was loaded: the next reload says so
        return None


async def changes(request: Request) -> JSONResponse:
    """Answer with the version as soon as it differs from `since`, or after a while with the same one.

    Waiting polls the version: cheap, and safe against the threads that reload the deck and run the checks.
    """
    session = _session(request)
    since = query(request, "since")["since"] or ""
    deadline = time.monotonic() + LONG_POLL_SECONDS
    while str(session.version) == since and time.monotonic() < deadline and not session.closing:
        if await request.is_disconnected():
            break
        await asyncio.sleep(POLL_SECONDS)
    return JSONResponse({"version": session.version}, headers={"Cache-Control": "no-store"})


async def _image(request: Request, face_id: str, back: bool) -> Response:
    session = _session(request)
    lang, players = _choice(request, "v")
    found = await _in_thread(session.image, face_id, lang, players, back)
    if found is None:
        return Response("no such card in the deck as it is now", status_code=404, media_type="text/plain")
    png, revision = found
    # An address naming the revision that drew this face (v) always means this image, so the browser may keep
    # it; under an outdated v it serves the current image, which must not be kept under that address.
    current = request.query_params.get("v") == str(revision)
    return Response(png, media_type="image/png",
                    headers={"Cache-Control": "max-age=86400" if current else "no-cache"})


def _session(request: Request) -> PreviewSession:
    return request.app.state.session


def _choice(request: Request, *more: str) -> tuple[str | None, int | None]:
    """Return the language and player count the query asks for (None where it asks for none); refuse a
    malformed query or one with parameters other than these and `more` (BadQuery: 400)."""
    values = query(request, "lang", "players", *more)
    return values["lang"], int(values["players"]) if values["players"] else None


async def _in_thread(work: Callable, *args):
    """Run blocking work in a worker thread; a request cancelled at shutdown does not wait for it (the work
    itself gives up when the session closes)."""
    return await anyio.to_thread.run_sync(work, *args, abandon_on_cancel=True)


async def follow_changes(session: PreviewSession, stop: anyio.Event) -> None:
    """Reload the deck after each batch of saves that concerns it, until `stop` is set."""
    from watchfiles import awatch

    try:
        async for batch in awatch(*session.watched(), stop_event=stop, step=WATCH_STEP_MS,
                                  ignore_permission_denied=True):
            if any(session.concerns(Path(path)) for _, path in batch):
                await _in_thread(session.reload)
    except Exception as exc:  # noqa: BLE001  (without a watcher the page still serves; say why it stopped)
        print(f"deckforge preview: watching the deck's files failed ({type(exc).__name__}: {exc}); "
              "the page no longer follows saves", file=sys.stderr)


def bind(port: int) -> socket.socket:
    """Return a listening socket on the loopback address; a port in use is a DeckforgeError."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((HOST, port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno in (errno.EADDRINUSE, errno.EACCES):
            reason = "is in use" if exc.errno == errno.EADDRINUSE else "is not open to you"
            raise DeckforgeError(f"port {port} on {HOST} {reason}: give another with --port "
                                 "(or --port 0 for any free one)") from None
        raise DeckforgeError(f"cannot listen on {HOST}:{port}: {exc.strerror}") from None
    return sock


def serve_preview(deck: str | Path, port: int = DEFAULT_PORT, lang: str | None = None, players: int | None = None,
                  browser: bool = True, echo: Callable[[str], None] = print) -> None:
    """Serve the live preview of a deck on the loopback address until interrupted (Ctrl+C)."""
    session, sock = _start(deck, port, lang, players)
    url = f"http://{HOST}:{sock.getsockname()[1]}/"
    echo(f"Previewing {display_path(session.source)} at {url} (Ctrl+C to stop)")
    for problem in session.snapshot.problems:
        echo(f"  the deck does not load yet: {problem}")
    if browser:
        _open_browser(url, echo)
    app = create_app(session, port=sock.getsockname()[1])
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1, lifespan="on")
    try:
        _Server(config, session).run(sockets=[sock])
    except (KeyboardInterrupt, SystemExit):  # uvicorn shut down, then passed Ctrl+C (or SIGTERM) on
        echo("Preview stopped.")
        raise


class _Server(uvicorn.Server):
    """uvicorn's server, which first tells the session to stop, so that requests waiting on work end at once
    (uvicorn gives them a second, then cancels them with a traceback in the log)."""

    def __init__(self, config: uvicorn.Config, session: PreviewSession):
        super().__init__(config)
        self.session = session

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.session.close()
        await super().shutdown(sockets)


def _start(deck: str | Path, port: int, lang: str | None, players: int | None) -> tuple[PreviewSession, socket.socket]:
    """Find the deck, take the port, load the deck; on any refusal let go of what was taken."""
    source = resolve_deck(str(deck))
    sock = bind(port)
    session = None
    try:
        session = PreviewSession(source, lang, players)
        _check_choice(session, lang, players)
    except BaseException:
        sock.close()
        if session:
            session.close()
        raise
    return session, sock


def _check_choice(session: PreviewSession, lang: str | None, players: int | None) -> None:
    """Refuse a language or player count the deck does not have, as every other command does."""
    deck = session.snapshot.deck
    if deck is None:
        return
    if lang is not None and lang not in deck.languages:
        raise DeckforgeError(f"deck '{deck.id}' has no '{lang}' texts; it declares: {', '.join(deck.languages)}")
    if players is not None and not deck.players.low <= players <= deck.players.high:
        raise DeckforgeError(f"deck '{deck.id}': this deck serves {deck.players.low} to {deck.players.high} "
                             f"players, not {players}")


def _open_browser(url: str, echo: Callable[[str], None]) -> None:
    """Open the page in a graphical browser, if there is one; a terminal browser would take over the terminal."""
    graphical = sys.platform in ("darwin", "win32") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not graphical:
        echo("  no graphical browser here: open the address yourself")
        return
    threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
