"""The rules engine: pure Python, no gym, pettingzoo or torch imports (compiled with mypyc
when installed: setup.py; docs/engine.md, "Compiled")."""

from gaenv.engine.decisions import Decision, Option
from gaenv.engine.game import DeckList, Game, IllegalOption

__all__ = ["Decision", "DeckList", "Game", "IllegalOption", "Option"]
