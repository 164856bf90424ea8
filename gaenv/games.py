"""The games gaenv plays, by name, and what the tools need of each (docs/engine.md, "One
core, two games").

Both games are built on `gaenv.core`: Grand Archive (``ga``: `gaenv.engine`) and the
three-champion duel (``duel``: `gaenv.duel`). A tool that takes ``game`` (``env(game=)``,
``--game``, a config's ``game:`` key, a replay's header, a scenario's ``game:``) looks the
name up here (`get`) and uses the `GameSpec`; only code about one game's own pieces
still names it (docs/engine.md, "One core, two games"). A third game is a package on the
core plus a spec here.

Each entry imports its game only when it is used: a Grand Archive run never loads the
duel. This module sits with the tools: it may import the games and the environment, not
the agents (tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


class UnknownGame(ValueError):
    """A game's name that is not one of `NAMES`."""


@dataclass(frozen=True)
class GameSpec:
    """What differs between the games, for the tools.

    - ``title``: the game's name in messages; ``pools``: it plays card pools of one's
      own (``--pool``, ``card_pool``); the duel plays its own cards only.
    - ``observations``: the observation kinds its environment offers (the first is the
      default); ``advice_key``: its environment takes the ``advice`` key (the duel's
      observation always carries its advice piece).
    - ``decks()``: its built-in decks' names; ``deck(name, pool)``: a deck by built-in
      name or file, with the cards of ``pool`` (None: the built-in cards), or a
      `gaenv.cards.schema.CardFileError` naming the file and what is wrong.
    - ``new_game(deck0, deck1, seed, turn_limit)``: a game between two of its decks
      (``turn_limit`` None: the game's own); ``start(header, pool)``: the game a saved
      game's or replay's header starts, before any choice (`gaenv.replay.run`).
    - ``check(game)``: its invariants, verified after every decision of a checked game
      (``--check``; an AssertionError says what broke); ``checks``: what they are.
    - ``log(game)``: the game's log for people, per seat (`gaenv.gamelog.GameLog`,
      `gaenv.duel_log.DuelLog`), to ``collect`` after every step.
    - ``raw_env(**config)``: its unwrapped environment; ``layout()``: its observation
      and actions as text (``gaenv layout``).
    """

    name: str
    title: str
    pools: bool
    observations: tuple[str, ...]
    advice_key: bool
    decks: Callable[[], list[str]]
    deck: Callable[[str, Any], Any]
    check: Callable[[Any], None]
    checks: str
    raw_env: Callable[..., Any]
    layout: Callable[[], str]
    new_game: Callable[[Any, Any, int, int | None], Any]
    start: Callable[[dict[str, Any], Any], Any]
    log: Callable[[Any], Any]


# --- Grand Archive ------------------------------------------------------------------------

def _ga_decks() -> list[str]:
    from gaenv.cards.decks import builtin_deck_names

    return builtin_deck_names()


def _ga_deck(name: str, pool: Any) -> Any:
    from gaenv.cards.decks import load_deck

    return load_deck(name, pool)


def _ga_env(**config: Any) -> Any:
    from gaenv.env.aec import raw_env

    return raw_env(**config)


def _ga_layout() -> str:
    from gaenv.cards.schema import default_pool
    from gaenv.env import advice
    from gaenv.env.observation import Encoder, compact_markdown, markdown

    encoder = Encoder(default_pool())
    return (markdown(encoder) + "\nThe compact observation:\n\n" + compact_markdown(encoder)
            + "\n" + advice.MARKDOWN)


def _ga_check(game: Any) -> None:
    from gaenv.checks import engine_step

    engine_step(game)


def _ga_new_game(deck0: Any, deck1: Any, seed: int, turn_limit: int | None) -> Any:
    from gaenv.engine.game import DEFAULT_TURN_LIMIT, Game

    return Game.new(deck0.cards, deck1.cards, seed, turn_limit or DEFAULT_TURN_LIMIT)


def _ga_start(header: dict[str, Any], pool: Any) -> Any:
    from gaenv.engine.game import start

    return start(header, pool)


def _ga_log(game: Any) -> Any:
    from gaenv.gamelog import GameLog

    return GameLog(game)


# --- the duel -----------------------------------------------------------------------------

def _duel_decks() -> list[str]:
    from gaenv.duel.cards import builtin_decks

    return list(builtin_decks())


def _duel_deck(name: str, pool: Any) -> Any:
    from gaenv.cards.schema import CardFileError
    from gaenv.duel.cards import DuelCardError, find_deck

    try:
        return find_deck(name)
    except DuelCardError as exc:
        raise CardFileError(str(exc)) from None


def _duel_env(**config: Any) -> Any:
    from gaenv.env.duel import duel_raw_env

    return duel_raw_env(**config)


def _duel_layout() -> str:
    from gaenv.env.duel import layout_markdown

    return layout_markdown()


def _duel_check(game: Any) -> None:
    from gaenv.duel.checks import invariants

    invariants(game)


def _duel_new_game(deck0: Any, deck1: Any, seed: int, turn_limit: int | None) -> Any:
    from gaenv.duel.game import DEFAULT_TURN_LIMIT, DuelGame

    return DuelGame.new(deck0, deck1, seed, turn_limit or DEFAULT_TURN_LIMIT)


def _duel_start(header: dict[str, Any], pool: Any) -> Any:
    from gaenv.duel.game import DuelGame

    return DuelGame.from_header(header)


def _duel_log(game: Any) -> Any:
    from gaenv.duel_log import DuelLog

    return DuelLog(game)


GAMES = {
    "ga": GameSpec("ga", "Grand Archive", pools=True, observations=("full", "compact"),
                   advice_key=True, decks=_ga_decks, deck=_ga_deck, check=_ga_check,
                   checks="card conservation and statics", raw_env=_ga_env,
                   layout=_ga_layout, new_game=_ga_new_game, start=_ga_start, log=_ga_log),
    "duel": GameSpec("duel", "the duel", pools=False, observations=("full",),
                     advice_key=False, decks=_duel_decks, deck=_duel_deck, check=_duel_check,
                     checks="the duel's invariants", raw_env=_duel_env,
                     layout=_duel_layout, new_game=_duel_new_game, start=_duel_start,
                     log=_duel_log),
}
NAMES: Sequence[str] = tuple(GAMES)


def named(header: Any) -> Any:
    """The name of the game a saved game's or replay's header is of: its ``game`` key
    (Grand Archive's headers have none)."""
    return header.get("game", "ga") if isinstance(header, dict) else "ga"


def get(name: Any) -> GameSpec:
    """The spec of the game ``name``; UnknownGame naming the games there are."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownGame(f"no game {name!r}; the games are {', '.join(NAMES)}")
    return spec
