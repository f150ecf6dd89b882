"""Light commands start fast: they import none of the heavy libraries that only building, typesetting, charts or
the preview server need (issue: instant commands). Each command runs in a fresh interpreter, as a user starts it."""
import json
import subprocess
import sys

import pytest

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
