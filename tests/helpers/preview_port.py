"""The port the preview tests tell the app it serves on; the test client sends its requests to it.

A module of its own, not the preview folder's conftest.py: a test file that did `from conftest import PORT` got
whichever folder's conftest Python had imported first under that name (tests/layout/conftest.py, when the layout
and preview tests were run in one command) and failed to collect."""
PORT = 8765
