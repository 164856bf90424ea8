"""Environment configuration: every key checked, a typo named."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from gaenv.engine.game import DEFAULT_TURN_LIMIT

REWARDS = ("win_loss",)
RENDER_MODES = ("ansi", "human")


class ConfigError(ValueError):
    """A bad configuration key or value; the message names it."""


def check_keys(given: Iterable[str], known: Sequence[str], prefix: str = "") -> None:
    """ConfigError naming the first key of ``given`` not in ``known`` (with a close match);
    ``prefix`` is the path of the section the keys are in (``ppo.``)."""
    for key in given:
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {prefix + close[0]!r}?)" if close else ""
            raise ConfigError(f"unknown config key {prefix + key!r}{hint}; known: "
                              f"{', '.join(known)}")


@dataclass(frozen=True)
class EnvConfig:
    """How an environment plays.

    decks: two decks (built-in names or file paths) for player_0 and player_1, or
        None to draw a pairing of built-in decks at random for every game.
    seed: the environment's seed (``reset(seed=...)`` overrides it).
    turn_limit: a game still running after this many turns is truncated.
    reward: ``win_loss``: +1 for a win, -1 for a loss, 0 for a draw or a truncation.
    auto_forced: take decisions with a single legal option without asking the agent
        (the engine and scenarios still see them).
    render_mode: ``ansi`` (render returns the board as text) or ``human`` (prints it).
    pool: the card files (YAML) that make the card pool, or None for the built-in pool;
        decks are checked against it and the observation's card vocabulary is its order.
    """

    decks: tuple[str, str] | None = None
    seed: int | None = None
    turn_limit: int = DEFAULT_TURN_LIMIT
    reward: str = "win_loss"
    auto_forced: bool = True
    render_mode: str | None = None
    pool: tuple[str, ...] | None = None

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> EnvConfig:
        check_keys(kwargs, [f.name for f in fields(cls)])
        config = cls(**kwargs)
        config.check()
        return config

    def check(self) -> None:
        if self.decks is not None:
            if isinstance(self.decks, str) or len(self.decks) != 2:
                raise ConfigError(f"config key 'decks': expected two decks, got {self.decks!r}")
            object.__setattr__(self, "decks", tuple(self.decks))
        if self.seed is not None and (isinstance(self.seed, bool)
                                      or not isinstance(self.seed, int)):
            raise ConfigError(f"config key 'seed': expected a whole number, got {self.seed!r}")
        if isinstance(self.turn_limit, bool) or not isinstance(self.turn_limit, int) \
                or self.turn_limit < 1:
            raise ConfigError(f"config key 'turn_limit': expected a whole number >= 1, got "
                              f"{self.turn_limit!r}")
        if self.reward not in REWARDS:
            raise ConfigError(f"config key 'reward': expected one of {', '.join(REWARDS)}, got "
                              f"{self.reward!r}")
        if not isinstance(self.auto_forced, bool):
            raise ConfigError(f"config key 'auto_forced': expected true or false, got "
                              f"{self.auto_forced!r}")
        if self.render_mode is not None and self.render_mode not in RENDER_MODES:
            raise ConfigError(f"config key 'render_mode': expected one of "
                              f"{', '.join(RENDER_MODES)}, got {self.render_mode!r}")
        if self.pool is not None:
            if isinstance(self.pool, str) or not self.pool or not all(
                    isinstance(f, str) for f in self.pool):
                raise ConfigError(f"config key 'pool': expected a list of card files, got "
                                  f"{self.pool!r}")
            object.__setattr__(self, "pool", tuple(self.pool))
