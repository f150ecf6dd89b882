"""Import every game engine so that each registers itself."""
import importlib

for _name in ("kamen_nuzky_papir", "wizard", "rychle_sipy", "dymock"):
    try:
        importlib.import_module(f"deckforge.sim.{_name}")
    except ModuleNotFoundError as exc:  # an engine not written yet
        if exc.name != f"deckforge.sim.{_name}":
            raise
