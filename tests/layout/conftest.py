"""Face books (tests/helpers/face_book.py) drawn and parsed once per test run, shared by every layout test file."""
from __future__ import annotations

from pathlib import Path

import pytest

from face_book import face_book_folder


@pytest.fixture(scope="session")
def book_folder(tmp_path_factory) -> Path:
    """The folder of this test run that holds the face books every worker draws and reads."""
    return face_book_folder(tmp_path_factory)
