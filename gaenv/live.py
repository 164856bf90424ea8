"""A game played live.

`Table` runs one game through the environment, each seat an agent or a person, and keeps
its `GameLog`: the environment takes no decision by itself here (``auto_forced`` off), so
every `Game.step` goes through `Table.choose` and is logged; a decision with one option
is taken by `Table.advance` without asking the agent, as the environment would.
``gaenv play``, ``gaenv watch`` and the web page play on a table, of either game (the
duel's log is `gaenv.duel_log.DuelLog`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gaenv import games
from gaenv.agents.base import Agent
from gaenv.cards.schema import pool_of
from gaenv.core.decisions import Option
from gaenv.env.aec import AGENTS
from gaenv.env.config import ConfigError
from gaenv.gamelog import Told


def random_seed() -> int:
    """A seed for a game when none is given (say it, so that it can be played again)."""
    return random.randrange(1_000_000)


def seat_for(seed: int) -> int:
    """A person's seat when none is chosen: drawn from the game's seed."""
    return random.Random(seed).randrange(2)


class Table:
    """One game of ``game`` (`gaenv.games`: ``ga``, ``duel``): ``decks`` (built-in names
    or files) of the card pool of the card files ``pool`` (None: the built-in pool; a
    game of its own cards takes none) and ``agents`` by seat, None for a person;
    ``turn_limit`` None: the game's own."""

    def __init__(self, decks: Sequence[str], seed: int, agents: Sequence[Agent | None],
                 turn_limit: int | None = None, pool: tuple[str, ...] | None = None,
                 game: str = "ga") -> None:
        spec = games.get(game)
        if pool is not None and not spec.pools:
            raise ConfigError(f"pool: {spec.title} plays its own cards")
        cards = pool_of(pool) if spec.pools else None
        found = [spec.deck(name, cards) for name in decks]
        self.game = spec.new_game(found[0], found[1], seed, turn_limit)
        self.env = spec.raw_env(game=game, decks=tuple(decks), auto_forced=False,
                                turn_limit=self.game.state.turn_limit,
                                **({"pool": pool} if spec.pools else {}))
        self.env.reset_to(self.game)
        self.agents = tuple(agents)
        self.log: Told = spec.log(self.game)

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
