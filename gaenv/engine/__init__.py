"""The rules engine: pure Python, no gym, pettingzoo or torch imports (compiled with mypyc
when installed: setup.py; docs/engine.md, "Compiled")."""

from gaenv.core.decisions import Decision, Option
from gaenv.core.played import IllegalOption
from gaenv.engine.game import DeckList, Game

__all__ = ["Decision", "DeckList", "Game", "IllegalOption", "Option"]
