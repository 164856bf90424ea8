"""Environment configuration, and the checks every config file uses: every key checked, a
typo named."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from gaenv import games
from gaenv.engine.game import DEFAULT_TURN_LIMIT

REWARDS = ("win_loss",)
RENDER_MODES = ("ansi", "human")


class ConfigError(ValueError):
    """A bad configuration key or value; the message names it."""


def game_spec(name: Any) -> games.GameSpec:
    """The game a config's ``game`` key names (`gaenv.games`); ConfigError if none."""
    try:
        return games.get(name)
    except games.UnknownGame:
        raise ConfigError(f"config key 'game': expected one of {', '.join(games.NAMES)}, "
                          f"got {name!r}") from None


def check_keys(given: Iterable[str], known: Sequence[str], prefix: str = "") -> None:
    """ConfigError naming the first key of ``given`` not in ``known`` (with a close match);
    ``prefix`` is the path of the section the keys are in (``ppo.``)."""
    for key in given:
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {prefix + close[0]!r}?)" if close else ""
            raise ConfigError(f"unknown config key {prefix + key!r}{hint}; known: "
                              f"{', '.join(known)}")


def _coerce(value: Any, default: Any, where: str) -> Any:
    """``value`` checked against the type of the field's default."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(default, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif isinstance(default, str):
        ok = isinstance(value, str)
    elif isinstance(default, tuple):
        ok = isinstance(value, list | tuple)
        value = tuple(value) if ok else value
    elif isinstance(default, dict):
        ok = isinstance(value, dict) and all(
            isinstance(v, int | float) and not isinstance(v, bool) and v >= 0
            for v in value.values())
    else:
        ok = True
    if not ok:
        raise ConfigError(f"config key {where!r}: expected a value like {default!r}, got {value!r}")
    return value


def section(cls: type, raw: Any, prefix: str, as_given: tuple[str, ...] = ()) -> Any:
    """An instance of the dataclass ``cls`` from the mapping ``raw``: every key checked
    (`check_keys`), each value against the type of its field's default, nested dataclass
    fields as sections of their own; the fields in ``as_given`` are taken as they are (the
    caller checks them). ``prefix`` is the section's path in error messages."""
    if not isinstance(raw, dict):
        raise ConfigError(f"config key {prefix.rstrip('.') or 'top level'!r}: expected a mapping")
    known = [f.name for f in fields(cls)]
    check_keys(raw, known, prefix)
    defaults = cls()
    values = {}
    for f in fields(cls):
        if f.name not in raw:
            continue
        default = getattr(defaults, f.name)
        if dataclasses.is_dataclass(default):
            values[f.name] = section(type(default), raw[f.name], f"{prefix}{f.name}.")
        elif f.name in as_given:
            values[f.name] = raw[f.name]
        else:
            values[f.name] = _coerce(raw[f.name], default, prefix + f.name)
    return cls(**values)


def read_mapping(path: Path, what: str) -> dict[str, Any]:
    """The YAML mapping in the file ``path`` (empty: {}), or ConfigError naming the file
    (``what`` it should be, for the message: "training config", "study config")."""
    from gaenv.yamlio import YamlError, load_yaml

    try:
        raw = load_yaml(path.read_text(), str(path))
    except OSError as exc:
        raise ConfigError(f"cannot read {what} {path}: {exc.strerror}") from None
    except YamlError as exc:
        raise ConfigError(str(exc)) from None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: a {what} is a mapping of keys")
    return raw


def plain(config: Any) -> dict[str, Any]:
    """A config dataclass as plain data for YAML (tuples as lists, sections as mappings):
    what a run folder records of the config it used."""
    def value(v: Any) -> Any:
        if isinstance(v, tuple | list):
            return [value(x) for x in v]
        if isinstance(v, dict):
            return {k: value(x) for k, x in v.items()}
        return v
    return {k: value(v) for k, v in dataclasses.asdict(config).items()}


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
    game: ``ga`` (Grand Archive) or ``duel`` (the three-champion duel, docs/duel.md;
        its decks are the duel's built-in decks and ``pool`` is not used).
    observation: ``full`` (every card slot with its printed features) or ``compact``
        (without them: a policy looks them up from the card index; Grand Archive only,
        docs/observation.md).
    advice: append the ``advice`` piece, the heuristic's pick as one flag per action
        (`gaenv.env.advice`; Grand Archive only: the duel's observation always ends in
        its own).
    """

    decks: tuple[str, str] | None = None
    seed: int | None = None
    turn_limit: int = DEFAULT_TURN_LIMIT
    reward: str = "win_loss"
    auto_forced: bool = True
    render_mode: str | None = None
    pool: tuple[str, ...] | None = None
    game: str = "ga"
    observation: str = "full"
    advice: bool = False

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
        spec = game_spec(self.game)
        if self.observation not in spec.observations:
            raise ConfigError(f"config key 'observation': expected "
                              f"{', '.join(spec.observations)} for game {self.game!r}, got "
                              f"{self.observation!r}")
        if not isinstance(self.advice, bool):
            raise ConfigError(f"config key 'advice': expected true or false, got "
                              f"{self.advice!r}")
        if self.advice and not spec.advice_key:
            raise ConfigError(f"config key 'advice': not for game {self.game!r} (its "
                              "observation always ends in its own advice piece)")
        if self.pool is not None:
            if isinstance(self.pool, str) or not self.pool or not all(
                    isinstance(f, str) for f in self.pool):
                raise ConfigError(f"config key 'pool': expected a list of card files, got "
                                  f"{self.pool!r}")
            object.__setattr__(self, "pool", tuple(self.pool))
