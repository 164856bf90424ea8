"""The rules engine: pure Python, no gym, pettingzoo or torch imports."""

from gaenv.engine.decisions import Decision, Option
from gaenv.engine.game import DeckList, Game, IllegalOption

__all__ = ["Decision", "DeckList", "Game", "IllegalOption", "Option"]
