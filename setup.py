"""Build hook: a wheel carries the top-level `decks/` and `templates/` inside the package, as deckforge/bundled/.

Everything else about the build is in pyproject.toml. An editable install reads the folders where they are.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("decks", "templates")


class BuildWithBundledData(build_py):
    """Copy the bundled decks and templates into the built package (not for editable installs)."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        root = Path(__file__).resolve().parent
        for name in BUNDLED:
            target = Path(self.build_lib) / "deckforge" / "bundled" / name
            shutil.copytree(root / name, target, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithBundledData})
