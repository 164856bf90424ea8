"""A game played live.

`Table` runs one game through the environment, each seat an agent or a person, and keeps
its `GameLog`: the environment takes no decision by itself here (``auto_forced`` off), so
every `Game.step` goes through `Table.choose` and is logged; a decision with one option
is taken by `Table.advance` without asking the agent, as the environment would.
``gaenv play``, ``gaenv watch`` and the web page play on a table; `DuelTable` is a
table of the duel (docs/duel.md), with its own log (`gaenv.duel_log.DuelLog`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gaenv.agents.base import Agent
from gaenv.cards.decks import load_deck
from gaenv.cards.schema import pool_of
from gaenv.core.decisions import Option
from gaenv.engine.game import DEFAULT_TURN_LIMIT, Game
from gaenv.env.aec import AGENTS, raw_env
from gaenv.env.config import ConfigError
from gaenv.gamelog import GameLog, Told


def random_seed() -> int:
    """A seed for a game when none is given (say it, so that it can be played again)."""
    return random.randrange(1_000_000)


def seat_for(seed: int) -> int:
    """A person's seat when none is chosen: drawn from the game's seed."""
    return random.Random(seed).randrange(2)


class Table:
    """One game: ``decks`` (names or files) of the card pool of the card files ``pool``
    (None: the built-in pool) and ``agents`` by seat, None for a person."""

    def __init__(self, decks: Sequence[str], seed: int, agents: Sequence[Agent | None],
                 turn_limit: int = DEFAULT_TURN_LIMIT,
                 pool: tuple[str, ...] | None = None) -> None:
        cards = pool_of(pool)
        self.game = Game.new(load_deck(decks[0], cards).cards,
                             load_deck(decks[1], cards).cards, seed, turn_limit)
        self.env = raw_env(decks=tuple(decks), auto_forced=False, pool=pool)
        self.env.reset_to(self.game)
        self.agents = tuple(agents)
        self.log: Told = GameLog(self.game)

    @property
    def person(self) -> int | None:
        """The seat of the person who must choose now (from more than one option), or None."""
        d = self.game.decision
        if d is None or len(d.options) == 1 or self.agents[d.player] is not None:
            return None
        return d.player

    def options(self) -> dict[int, Option]:
        """The legal options of the seat to decide, by action index, in order."""
        return dict(sorted(self.env.legal_options(self.env.agent_selection).items()))

    def choose(self, action: int) -> None:
        """Take legal action ``action`` for the seat to decide, and log it."""
        self.env.step(action)
        self.log.collect()

    def advance(self) -> None:
        """One step not a person's: a decision with one option, or an agent's."""
        d = self.game.decision
        assert d is not None and self.person is None, "a person decides now"
        agent = self.agents[d.player]
        if len(d.options) == 1 or agent is None:
            (action,) = self.env.legal_options(AGENTS[d.player])
        else:
            action = self.env.ask(agent)
        self.choose(action)

    def advance_until_news(self) -> None:
        """Steps not a person's until one adds a line to the log, the game ends or a
        person must choose."""
        lines = len(self.log.lines)
        while not self.game.over and self.person is None and len(self.log.lines) == lines:
            self.advance()


class DuelTable(Table):
    """One duel on the duel's environment: ``decks`` by seat (built-in duel deck keys or
    deck files: `find_deck`), ``agents`` by seat (None for a person); ``turn_limit`` None:
    the duel's own."""

    def __init__(self, decks: Sequence[str], seed: int, agents: Sequence[Agent | None],
                 turn_limit: int | None = None) -> None:
        from gaenv.duel.cards import DuelCardError, find_deck
        from gaenv.duel.game import DEFAULT_TURN_LIMIT as DUEL_TURN_LIMIT
        from gaenv.duel.game import DuelGame
        from gaenv.duel_log import DuelLog
        from gaenv.env.duel import duel_raw_env

        try:
            found = [find_deck(name) for name in decks]
        except DuelCardError as exc:
            raise ConfigError(str(exc)) from None
        turn_limit = turn_limit or DUEL_TURN_LIMIT
        self.game = DuelGame.new(found[0], found[1], seed, turn_limit)
        self.env = duel_raw_env(decks=tuple(decks), auto_forced=False, turn_limit=turn_limit)
        self.env.reset_to(self.game)
        self.agents = tuple(agents)
        self.log = DuelLog(self.game)
