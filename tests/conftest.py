"""Shared test set-up: the project root, and hypothesis settings that keep CI reproducible.

On a developer's machine hypothesis explores new random examples every run, which is how it finds bugs. In CI
(`CI` set, as `.ci/run` is run) it is derandomized: the same examples every run, so a submission's result does not
depend on luck. A failure it finds locally is shrunk and printed with its example, to become a fixed test.
"""
import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def project_root() -> Path:
    return ROOT
