"""Agents in best-of-three duel matches (``gaenv eval --game duel --match bo3``).

A match's choices (DUEL 3.8: champions, swaps, who goes first; `gaenv.duel.match`) are
not decisions of the environment: each agent answers them through a
`gaenv.duel.match.MatchPolicy`. `policy_for` gives an agent its policy: the agent's own
``match_policy`` attribute if it has one, else `HeuristicChoices` for agents that read
the game (``needs_view``: the heuristic, search), else `RandomChoices` (random, PPO).
`run_match` plays one scheduled match through the duel's environment, as
`gaenv.agents.evaluate.run_game` plays one game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from gaenv import replay
from gaenv.agents.base import Agent
from gaenv.agents.match import GameResult
from gaenv.agents.registry import make
from gaenv.duel.cards import CHAMPIONS, DuelCardError, default_pool, find_deck
from gaenv.duel.game import DEFAULT_TURN_LIMIT, DuelGame
from gaenv.duel.match import MatchPolicy, Side, play_match
from gaenv.env.aec import AGENTS
from gaenv.env.config import ConfigError

RANDOM_SWAPS = 3  # at most this many swaps a random player makes between games


class RandomChoices:
    """Uniformly random champions, 0 to `RANDOM_SWAPS` random swaps between games, and a
    coin flip for going first; from its own seeded RNG."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))

    def champions(self, side: Side) -> Sequence[str]:
        return self.rng.sample(side.champions, CHAMPIONS)

    def swaps(self, side: Side) -> Sequence[tuple[str, str]]:
        count = self.rng.randrange(RANDOM_SWAPS + 1)
        outs = self.rng.sample(side.main, count)
        ins = self.rng.sample(side.side, count)
        return list(zip(outs, ins, strict=True))

    def first(self, side: Side) -> bool:
        return self.rng.random() < 0.5


class HeuristicChoices:
    """The heuristic's choices, from the card data: the three champions with the most
    health and the most slots its main deck's Equipment fits; between games, Equipment
    none of those champions can hold goes out for side-deck cards they can use (Spells,
    Equipment of their slots' elements); the loser goes first (one action a turn: the
    first player is an action ahead)."""

    def champions(self, side: Side) -> Sequence[str]:
        pool = default_pool()
        fits = {}
        for name in side.main:
            element = pool.get(name).equippable_element
            fits[element] = fits.get(element, 0) + 1

        def worth(champion: str) -> float:
            card = pool.get(champion)
            return card.health / 10 + sum(min(fits.get(e, 0), 8) for e in card.slots) / 4

        ranked = sorted(side.champions, key=lambda c: -worth(c))  # stable: ties keep order
        return ranked[:CHAMPIONS]

    def swaps(self, side: Side) -> Sequence[tuple[str, str]]:
        pool = default_pool()
        slots = {e for c in self.champions(side) for e in pool.get(c).slots}

        def usable(name: str) -> bool:
            card = pool.get(name)
            return card.type == "spell" or card.equippable_element in slots

        dead = [n for n in side.main if not usable(n)]
        live = [n for n in side.side if usable(n)]
        return list(zip(dead, live, strict=False))  # as many as both lists allow

    def first(self, side: Side) -> bool:
        return True


def policy_for(agent: Agent, seed: int | str) -> MatchPolicy:
    """The match choices of ``agent`` (see the module doc)."""
    own: MatchPolicy | None = getattr(agent, "match_policy", None)
    if own is not None:
        return own
    return HeuristicChoices() if agent.needs_view else RandomChoices(seed)


def run_match(seats: tuple[str, str], decks: tuple[str, str], seed: int,
              turn_limit: int | None = None, replays: Path | None = None) -> GameResult:
    """One match: agent specs and duel decks (`find_deck`) by seat. The result's
    ``winner`` is the match's, ``turns`` and ``decisions`` those of all its games. With
    ``replays`` each game's replay file is written there."""
    from gaenv.env.duel import duel_raw_env

    try:
        found = (find_deck(decks[0]), find_deck(decks[1]))
    except DuelCardError as exc:
        raise ConfigError(str(exc)) from None
    agents = [make(spec, f"{seed}:{seat}") for seat, spec in enumerate(seats)]
    policies = (policy_for(agents[0], f"{seed}:0"), policy_for(agents[1], f"{seed}:1"))
    limit = turn_limit or DEFAULT_TURN_LIMIT
    env = duel_raw_env(turn_limit=limit)
    decisions = 0

    def play(game: DuelGame) -> None:
        nonlocal decisions
        env.reset_to(game)
        while not game.over:
            env.step(env.ask(agents[AGENTS.index(env.agent_selection)]))
            decisions += 1

    result = play_match(found, policies, play, seed, limit)
    if replays is not None:
        for number, played in enumerate(result.games, start=1):
            replay.write(replays, f"{seed:06d}-{seats[0]}-vs-{seats[1]}-game{number}",
                         played.game, seats)
    return GameResult(result.winner, False, sum(g.game.state.turn for g in result.games),
                      decisions)
