"""Rules as data: a deck's `rules:` description (parse.py) becomes a frozen model (model.py) that the interpreter
(engine.py, state.py) plays, validate checks and the rulebook (describe.py) writes up. Format: docs/rules-format.md.
"""
