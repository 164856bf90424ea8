"""The duel's PettingZoo environment: `raw_env` with the duel's game, observation
(`DuelEncoder`) and action layout (`DuelActions`). ``env(game="duel")`` wraps it as
it wraps Grand Archive's.

    from gaenv.env import env
    e = env(game="duel", seed=0)     # decks: the duel's built-in decks
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from gaenv.core.decisions import Option
from gaenv.duel import heuristic as duel_heuristic
from gaenv.duel.board import board
from gaenv.duel.cards import DuelCardError, builtin_decks, default_pool, find_deck
from gaenv.duel.game import DEFAULT_TURN_LIMIT, DuelGame
from gaenv.duel.state import DuelState
from gaenv.env.aec import raw_env
from gaenv.env.config import ConfigError
from gaenv.env.duel_actions import DuelActions
from gaenv.env.duel_observation import HIGH, DuelEncoder


class duel_raw_env(raw_env):
    """The unwrapped duel environment. ``decks``: two keys of the duel's built-in decks
    (default: each seat one of them at random per game, mirrors included)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "gaenv_duel_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}
    GAME: ClassVar[str] = "duel"

    def __init__(self, **config: Any) -> None:
        """``turn_limit`` defaults to the duel's own (`DEFAULT_TURN_LIMIT`, 400: random
        games last about 170 turns), not Grand Archive's."""
        super().__init__(**{"game": "duel", "turn_limit": DEFAULT_TURN_LIMIT, **config})

    def _load_game(self) -> tuple[int, Any, int]:
        self.pool = default_pool()
        names = self.config.decks or tuple(builtin_decks())
        try:
            self._decks = [find_deck(n) for n in names]
        except DuelCardError as exc:
            raise ConfigError(f"config key 'decks': {exc}") from None
        self.encoder = DuelEncoder(self.pool)
        self.layout = DuelActions(self.pool)
        return self.encoder.size, HIGH, self.layout.size

    def _new_game(self, deck0: Any, deck1: Any, seed: int) -> DuelGame:
        if not self.config.decks:  # each seat one of the built-in decks, as `gaenv eval` pairs
            deck0, deck1 = self._rng.choice(self._decks), self._rng.choice(self._decks)
        return DuelGame.new(deck0, deck1, seed, self.config.turn_limit)

    def _assign(self, state: DuelState, player: int
                ) -> tuple[dict[int, Option], np.ndarray, Any]:
        """The observation is made from the decision and its options by index (`_vector`)."""
        decision = state.decision if not state.over else None
        by_index: dict[int, Option] = {}
        if decision is not None and decision.player == player:
            by_index = self.layout.assign(state, decision)
        return by_index, self.layout.mask(by_index), (decision, by_index)

    def _vector(self, state: DuelState, player: int, parts: Any) -> np.ndarray:
        """The observation, with the index of the heuristic's option (the ``advice`` piece;
        worked out only when somebody observes: agents that do not read the observation
        never pay for it)."""
        decision, by_index = parts
        advice = None
        if by_index:
            chosen = duel_heuristic.pick(state, decision)
            advice = next(i for i, o in by_index.items() if o == chosen)
        return self.encoder.encode(state, player, decision, advice)

    def render(self) -> str | None:
        """The observer's board (`gaenv.duel.board`: everything, hidden cards too) with
        the legal actions by index."""
        if self.game is None or self.render_mode is None:
            return None
        actions = None if self.game.over else dict(sorted(
            self.legal_options(self.agent_selection).items()))
        text = board(self.game, None, actions)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def layout_markdown() -> str:
    """The observation pieces and the action blocks (``gaenv layout --game duel``)."""
    pool = default_pool()
    return (f"## Observation\n\n{DuelEncoder(pool).markdown()}\n\n"
            f"## Actions\n\n{DuelActions(pool).markdown()}")
