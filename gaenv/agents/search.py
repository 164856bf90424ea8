"""Search by determinized rollouts over ``Game.clone()``, for either game: the duel
brings its own heuristic, position score, determinization and searched decisions
(`rules_of`, `gaenv.agents.duel_search`); the text below is Grand Archive's.

At each decision that matters (an opportunity, materializing, an attack's
target, retaliating, a target or mode), every legal option is tried in
rollouts: the position is *determinized* (what the seat cannot see is redealt
at random, see `Game.determinized`), the option is applied, and both seats play on
with the heuristic (a few moves at random, for variety) until the game ends or
``horizon`` decisions have passed; the end position is scored (win 1, loss 0,
otherwise `evaluate`). The option with the best mean score wins. Rollouts are
spread over options by UCB1 within ``budget`` rollouts per decision. Other
decisions (paying costs, ordering) take the heuristic's answer.

The seat is assumed to know both deck lists (as with open deck lists), not
how the hidden cards are split between hand, memory and deck, nor any deck's
order, nor the game's future random draws (the clone's RNG is reseeded).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gaenv.agents.base import Agent
from gaenv.core.decisions import Decision, Option
from gaenv.engine import champions, decisions, statics
from gaenv.engine.game import Game
from gaenv.engine.objects import FIELD, HAND
from gaenv.env.view import View
from gaenv.heuristic import choose

SEARCHED = frozenset({
    decisions.OPPORTUNITY, decisions.MATERIALIZE, decisions.ATTACK_TARGET,
    decisions.RETALIATE, decisions.CHOOSE_TARGET, decisions.CHOOSE_MODE,
})


def evaluate(game: Game, player: int) -> float:
    """A position's worth to ``player`` in [0, 1]: 1 won, 0 lost, else from champion
    life left, the power on each field and champion levels."""
    state = game.state
    if state.over:
        if state.winner is None:
            return 0.5
        return 1.0 if state.winner == player else 0.0
    worth = 0.0
    for p, sign in ((player, 1.0), (1 - player, -1.0)):
        champ = champions.champion(state, p)
        if champ >= 0:
            worth += sign * (champions.life(state, p) - state.cards[champ].damage) / 10
            worth += sign * champions.level(state, p) * 0.3
        worth += sign * sum(statics.stat(state, c, "power") or 0
                            for c in state.players[p].zones[FIELD]) / 10
        worth += sign * len(state.players[p].zones[HAND]) * 0.05
    return 0.5 + 0.5 * math.tanh(worth)


def position_worth(game: Any, player: int) -> float:
    """A position's worth to ``player`` in [0, 1] by the game's own evaluation."""
    return rules_of(game).evaluate(game, player)


@dataclass(frozen=True)
class SearchRules:
    """What search needs of a game (besides its ``determinized`` copy for a seat, which
    every game offers): the heuristic's answer (rollouts and decisions not searched), a
    position's worth to a player in [0, 1], the decision kinds worth searching, and the
    decision kinds a rollout may stop at once ``horizon`` is reached (None: any; else it
    plays on with the heuristic until one of them, so that an effect under way is
    finished before the position is scored)."""

    choose: Callable[[Any], Option]
    evaluate: Callable[[Any, int], float]
    searched: frozenset[str]
    stop_at: frozenset[str] | None = None


GRAND_ARCHIVE = SearchRules(choose, evaluate, SEARCHED)


def rules_of(game: Any) -> SearchRules:
    """The search rules of ``game``'s kind: Grand Archive's, or the duel's
    (`gaenv.agents.duel_search`)."""
    from gaenv.duel.game import DuelGame

    if isinstance(game, DuelGame):
        from gaenv.agents.duel_search import DUEL

        return DUEL
    return GRAND_ARCHIVE


class SearchAgent(Agent):
    """``budget`` rollouts per searched decision, each at most ``horizon`` decisions long."""

    name = "search"
    needs_view = True
    reads_observation = False

    def __init__(self, seed: int | str | None = None, budget: int = 24, horizon: int = 60,
                 explore: float = 0.1) -> None:
        if budget < 1 or horizon < 1:
            raise ValueError(f"search budget and horizon must be at least 1, got {budget} "
                             f"and {horizon}")
        if not 0.0 <= explore <= 1.0:
            raise ValueError(f"search explore must be between 0 and 1, got {explore}")
        self.rng = random.Random(seed)
        self.budget = budget
        self.horizon = horizon
        self.explore = explore

    def reseed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def act(self, observation: np.ndarray | None, mask: np.ndarray,
            view: View | None = None) -> int:
        if view is None:
            raise ValueError("the search agent needs a View of the game (needs_view)")
        game = view.game
        rules = rules_of(game)
        decision = game.decision
        assert decision is not None
        if len(decision.options) == 1 or decision.kind not in rules.searched:
            return view.index_of(rules.choose(game))
        return view.index_of(self._search(rules, game, view.player, decision))

    def _search(self, rules: SearchRules, game: Game, player: int, decision: Decision
                ) -> Option:
        options = decision.options
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        for n in range(self.budget):
            if n < len(options):
                pick = n
            else:
                pick = max(range(len(options)), key=lambda i: totals[i] / counts[i] + math.sqrt(
                    2 * math.log(n) / counts[i]))
            totals[pick] += self._rollout(rules, game, player, pick)
            counts[pick] += 1
        if min(counts) == 0:  # a budget too small to try every option: trust the heuristic
            return rules.choose(game)
        best = max(range(len(options)), key=lambda i: (totals[i] / counts[i], -i))
        return options[best]

    def _rollout(self, rules: SearchRules, game: Game, player: int, pick: int) -> float:
        sim = game.determinized(player, self.rng)
        sim.step(pick)
        rng = self.rng
        for _ in range(self.horizon):
            decision = sim.decision
            if decision is None:
                break
            if len(decision.options) == 1:
                sim.step(0)
            elif rng.random() < self.explore:
                sim.step(rng.randrange(len(decision.options)))
            else:
                sim.step(rules.choose(sim))
        if rules.stop_at is not None:
            while (decision := sim.decision) is not None and decision.kind not in rules.stop_at:
                sim.step(rules.choose(sim))
        return rules.evaluate(sim, player)
