"""Light commands start fast: they import none of the heavy libraries that only building, typesetting, charts or
the preview server need (issue: instant commands). Each command runs in a fresh interpreter, as a user starts it."""
import importlib
import json
import os
import subprocess
import sys

import pytest

from deckforge.cli import COMMAND_MODULES, MODULES, main

HEAVY = ("weasyprint", "matplotlib", "reportlab", "starlette", "uvicorn", "pypdfium2")

PROBE = """
import json, sys
from deckforge.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {heavy})), file=sys.stderr)
"""


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["list"], ["list", "--json"],
                                  ["show", "kamen-nuzky-papir"], ["build", "--help"], ["report", "--help"],
                                  ["rulebook", "--help"], ["preview", "--help"], ["simulate", "--help"]])
def test_a_light_command_imports_no_heavy_library(args):
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=set(HEAVY)), *args],
                          capture_output=True, text=True, timeout=60)
    imported = json.loads(done.stderr.strip().splitlines()[-1])
    assert imported == [], f"deckforge {' '.join(args)} imported {imported}"


# What a cached `deckforge list` and `--version` must not need: the loader, the game rules, any YAML parser.
LOADING = ("deckforge.load.deck", "deckforge.games", "deckforge.model", "ruamel", "yaml", "PIL", "jinja2",
           "importlib.metadata")

LOADED = """
import json, sys
from deckforge.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m in {names} or m.split('.')[0] in {names})), file=sys.stderr)
"""


@pytest.mark.parametrize("args", [["--version"], ["list"], ["list", "--json"]])
def test_version_and_a_cached_list_load_no_deck(args, tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    probe = [sys.executable, "-c", LOADED.format(names=set(LOADING)), *args]
    subprocess.run(probe, capture_output=True, text=True, timeout=60, env=env, check=True)  # fills the cache
    done = subprocess.run(probe, capture_output=True, text=True, timeout=60, env=env, check=True)
    assert json.loads(done.stderr.strip().splitlines()[-1]) == [], f"deckforge {' '.join(args)}"
    assert done.stdout.strip()


def test_the_command_table_names_every_command_in_its_module():
    """Running a command imports only the module COMMAND_MODULES names for it: the table must be right."""
    found = {command.name: module for module in MODULES
             for command in importlib.import_module(f"deckforge.cli.{module}").COMMANDS}
    assert found == COMMAND_MODULES
    assert set(main.list_commands(None)) == set(found)
