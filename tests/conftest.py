"""Shared fixtures: the project root and a working directory where output/ is scratch."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project_root() -> Path:
    return ROOT
