"""Requests the preview refuses: a foreign Host (DNS rebinding), a foreign Origin, a malformed query."""
from __future__ import annotations

import pytest
from preview_port import PORT
from preview_helpers import figures

ROUTES = ["/", "/view", "/card/rock.png", "/back.png"]


@pytest.mark.parametrize("host", ["rebind.example:8765", f"rebind.example:{PORT}", f"127.0.0.1:{PORT + 1}",
                                  "127.0.0.1", f"127.0.0.2:{PORT}", f"[::1]:{PORT}", f"localhost.:{PORT}",
                                  f"127.0.0.1:{PORT}.rebind.example", ""])
def test_a_request_for_another_host_is_refused(client, host) -> None:
    for route in [*ROUTES, "/changes"]:
        response = client.get(route, headers={"Host": host})
        assert response.status_code == 400, (route, host)
        assert response.text.startswith(f"Bad request: this preview answers only at http://127.0.0.1:{PORT}/ or "
                                        f"http://localhost:{PORT}/ (Host header: ")
        assert "Kámen" not in response.text


@pytest.mark.parametrize("host", [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"LocalHost:{PORT}"])
def test_the_loopback_names_at_its_port_are_answered(client, host) -> None:
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 200 and "card-rock" in figures(response.text)
    assert response.headers["cross-origin-resource-policy"] == "same-origin"  # no other site may embed it


@pytest.mark.parametrize("origin", ["https://rebind.example", f"http://rebind.example:{PORT}", "null",
                                    f"http://127.0.0.1:{PORT + 1}", f"https://127.0.0.1:{PORT}"])
def test_a_request_from_another_site_is_refused(client, origin) -> None:
    for route in [*ROUTES, "/changes"]:
        response = client.get(route, headers={"Origin": origin})
        assert response.status_code == 403, (route, origin)
        assert response.text == f"Forbidden: the preview does not answer requests from other sites " \
                                f"(Origin: {origin!r})\n"


def test_its_own_page_as_origin_is_answered(client) -> None:
    for origin in (f"http://127.0.0.1:{PORT}", f"http://localhost:{PORT}"):
        assert client.get("/view", headers={"Origin": origin}).status_code == 200


@pytest.mark.parametrize("query, message", [
    ("players=%C2%B2", "query parameter 'players': '²' is not a whole number of players from 1 to 999"),
    ("players=0", "query parameter 'players': '0' is not a whole number of players from 1 to 999"),
    ("players=-3", "query parameter 'players': '-3' is not a whole number of players from 1 to 999"),
    ("players=1000", "query parameter 'players': '1000' is not a whole number of players from 1 to 999"),
    ("players=%EF%BC%94", "query parameter 'players': '４' is not a whole number of players from 1 to 999"),
    ("players=4.0", "query parameter 'players': '4.0' is not a whole number of players from 1 to 999"),
    ("lang=%00", "query parameter 'lang': '\\x00' is not a language code of 2 or 3 small letters, such as cs or en"),
    ("lang=../../etc", "query parameter 'lang': '../../etc' is not a language code of 2 or 3 small letters"),
    ("lang=EN", "query parameter 'lang': 'EN' is not a language code"),
    ("lang=%FF", "query parameter 'lang': '\ufffd' is not a language code"),  # not UTF-8: replaced
    ("lang=cs&lang=en", "query parameter 'lang' is given more than once"),
    ("player=8", "unknown query parameter 'player'; this address takes: lang, players"),
])
def test_a_malformed_query_is_refused_with_what_is_expected(client, query, message) -> None:
    for route in ROUTES:
        response = client.get(f"{route}?{query}")
        assert response.status_code == 400, (route, query)
        assert response.headers["content-type"].startswith("text/plain")
        assert response.text.startswith(f"Bad request: {message}"), (route, response.text)


@pytest.mark.parametrize("route, query, message", [
    ("/changes", "since=%C2%B2", "query parameter 'since': '²' is not the version number the page gave"),
    ("/changes", "since=1&since=2", "query parameter 'since' is given more than once"),
    ("/changes", "lang=cs", "unknown query parameter 'lang'; this address takes: since"),
    ("/card/rock.png", "v=x", "query parameter 'v': 'x' is not the revision number the page gave"),
    ("/", "v=1", "unknown query parameter 'v'; this address takes: lang, players"),
])
def test_each_route_checks_its_own_parameters(client, route, query, message) -> None:
    response = client.get(f"{route}?{query}")
    assert response.status_code == 400 and response.text == f"Bad request: {message}\n"


def test_a_long_value_is_cut_short_in_the_message(client) -> None:
    response = client.get("/", params={"lang": "x" * 10_000})
    assert response.status_code == 400 and len(response.text) < 200


def test_empty_values_mean_not_given(client) -> None:
    """The page asks for `lang=&players=` while the deck does not load; the answer is the default view."""
    page = client.get("/view?lang=&players=")
    assert page.status_code == 200 and "card-rock" in figures(page.text)
    assert client.get("/card/rock.png?lang=&players=&v=").status_code == 200
    assert client.get("/changes?since=", headers={}).status_code == 200
