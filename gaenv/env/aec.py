"""The PettingZoo AEC environment: an adapter around the engine, holding no rules.

    from gaenv.env import env
    e = env(decks=("ember_vanguard", "gale_skirmish"), seed=0)
    e.reset()
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        e.step(None if term or trunc else policy(obs["observation"], obs["action_mask"]))

Agents ``player_0`` and ``player_1`` are the engine's players 0 and 1; the
agent to act is the one the engine's current decision belongs to.
"""

from __future__ import annotations

import operator
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from gaenv.board import board
from gaenv.cards.decks import builtin_deck_names, load_deck
from gaenv.cards.schema import pool_of
from gaenv.core.decisions import Option
from gaenv.engine.game import Game
from gaenv.env import actions, advice
from gaenv.env.config import ConfigError, EnvConfig, game_spec
from gaenv.env.observation import Encoder
from gaenv.env.view import View

AGENTS = ("player_0", "player_1")


@dataclass
class _Seat:
    """What the environment worked out for one seat at one point of a game: for whom,
    after how many decisions, whether the game was over then, the legal options by action
    index, the action mask, what the observation is made from (`raw_env._assign`), and the
    observation once somebody asked for it (made only then: an agent that does not read it
    never pays for it)."""

    agent: str
    decisions: int
    over: bool
    by_index: dict[int, Option]
    mask: np.ndarray
    parts: Any
    observation: dict[str, np.ndarray] | None = None


class raw_env(AECEnv):
    """The unwrapped environment. ``raw_env(**config)``: see `EnvConfig`."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "gaenv_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}
    GAME: ClassVar[str] = "ga"  # the config's `game` this class plays

    def __init__(self, **config: Any) -> None:
        super().__init__()
        self.config = EnvConfig.from_kwargs(**config)
        if self.config.game != self.GAME:
            raise ConfigError(f"config key 'game': {type(self).__name__} plays "
                              f"{self.GAME!r}; env(game={self.config.game!r}) makes that game")
        self.render_mode = self.config.render_mode
        size, high, n_actions = self._load_game()
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        box = spaces.Box(low=-1.0, high=high, shape=(size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8)
        self._observation_space = spaces.Dict({"observation": box, "action_mask": mask})
        self._action_space = spaces.Discrete(n_actions)
        self._rng = random.Random(self.config.seed)
        self.game: Game | None = None
        self._cache: _Seat | None = None  # the seat last worked out

    def _load_game(self) -> tuple[int, Any, int]:
        """The pool, decks and encoder of the game played; returns the observation's size
        and upper bounds and the number of actions."""
        self.pool = pool_of(self.config.pool)
        names = self.config.decks or tuple(builtin_deck_names())
        self._decks = [load_deck(n, self.pool).cards for n in names]
        self.encoder = Encoder(self.pool, compact=self.config.observation == "compact")
        extra = actions.N_ACTIONS if self.config.advice else 0  # the advice piece (advice.py)
        return self.encoder.observation_size + extra, self.encoder.high, actions.N_ACTIONS

    # --- spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # --- episode -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from the decks (``seed`` reseeds the environment first), or with
        ``options={"game": game}`` that game (`reset_to`)."""
        game = (options or {}).get("game")
        if game is not None:
            self.game = game
            self.agent_selection = AGENTS[0]  # kept if the game is already over
            self._start_episode()
            return
        if seed is not None:
            self._rng = random.Random(seed)
        if len(self._decks) == 2:
            deck0, deck1 = self._decks
        else:
            deck0, deck1 = self._rng.choice(self._decks), self._rng.choice(self._decks)
        self.game = self._new_game(deck0, deck1, self._rng.randrange(2**31))
        self._start_episode()

    def _new_game(self, deck0: Any, deck1: Any, seed: int) -> Any:
        """A new game between two of ``self._decks`` (the duel's environment makes a duel)."""
        return Game.new(deck0, deck1, seed, self.config.turn_limit)

    def _start_episode(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._cache = None
        self._after_engine_moved()

    def reset_to(self, game: Game) -> None:
        """Start an episode from an existing game (a restored `Game.from_json`, a position
        built for a test, decks that are not built-in), as ``reset`` would."""
        self.reset(options={"game": game})

    def _forced(self) -> None:
        """Take single-option decisions by themselves when configured to."""
        game = self.game
        assert game is not None
        if self.config.auto_forced:
            state = game.state
            while (decision := state.decision) is not None and len(decision.options) == 1:
                game.step(0)

    def _after_engine_moved(self) -> None:
        game = self.game
        assert game is not None
        self._forced()
        state = game.state
        if state.over:
            if not game.truncated and game.winner is not None:
                self.rewards[AGENTS[game.winner]] = 1.0
                self.rewards[AGENTS[1 - game.winner]] = -1.0
                self._accumulate_rewards()
            flags = dict.fromkeys(self.agents, True)
            if game.truncated:
                self.truncations = flags
            else:
                self.terminations = flags
            for agent in self.agents:
                self.infos[agent] = {"decision": None, "result": self._result(),
                                     "reason": game.reason}
            return
        decision = state.decision
        assert decision is not None
        agent = self.agent_selection = AGENTS[decision.player]
        by_index = self.legal_options(agent)
        self.infos[agent] = {
            "decision": decision.kind,
            "options": {i: o.text for i, o in by_index.items()},
        }
        self.infos[AGENTS[1 - decision.player]] = {"decision": None}

    def _result(self) -> str:
        game = self.game
        assert game is not None
        # (no winner: `draw` or `truncated`, the game's own word)
        return game.outcome if game.winner is None else f"{AGENTS[game.winner]} won"

    # --- observing -----------------------------------------------------------------------

    def _seat(self, agent: str) -> _Seat:
        """What is worked out for ``agent`` at this point of the game: its legal options
        always, its observation only once `observe` asked for it."""
        game = self.game
        assert game is not None
        state = game.state
        seat = self._cache
        if seat is None or seat.agent != agent or seat.decisions != state.decisions_made \
                or seat.over != state.over:
            by_index, mask, parts = self._assign(state, AGENTS.index(agent))
            seat = self._cache = _Seat(agent, state.decisions_made, state.over, by_index, mask,
                                       parts)
        return seat

    def _assign(self, state: Any, player: int) -> tuple[dict[int, Option], np.ndarray, Any]:
        """The legal options by action index for ``player``, the action mask, and what the
        observation is made from (`_vector`)."""
        decision = state.decision if not state.over else None
        slots = actions.Slots.of(state, player)
        by_index: dict[int, Option] = {}
        choices: list[Option] = []
        if decision is not None and decision.player == player:
            by_index, choices = actions.assign(state, decision, slots)
        return by_index, actions.mask_of(by_index), (decision, slots, choices, by_index)

    def _vector(self, state: Any, player: int, parts: Any) -> np.ndarray:
        """``player``'s observation vector, from what `_assign` gave; with ``advice``, the
        heuristic's pick appended (`gaenv.env.advice`)."""
        decision, slots, choices, by_index = parts
        vector = self.encoder.encode(state, player, decision, slots, choices)
        if not self.config.advice:
            return vector
        assert self.game is not None and self.game.state is state
        return np.concatenate([vector, advice.flags(self.game, by_index)])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation and action mask now (made once per decision)."""
        seat = self._seat(agent)
        if seat.observation is None:
            game = self.game
            assert game is not None
            seat.observation = {
                "observation": self._vector(game.state, AGENTS.index(agent), seat.parts),
                "action_mask": seat.mask}
        return seat.observation

    def legal_options(self, agent: str) -> dict[int, Option]:
        """The agent's legal action indices and the engine option each one means (empty
        when it is not the agent's decision)."""
        return self._seat(agent).by_index

    def ask(self, actor: Any) -> int:
        """The action ``actor`` chooses for the agent to move: an agent object
        (``act(observation, mask)``, given a `view` too if it ``needs_view``) or a plain
        callable ``actor(observation, mask)``. An agent whose ``reads_observation`` is
        false (random, heuristic, search: they decide from the mask or the view) gets None
        for the observation, which is then never made."""
        agent = self.agent_selection
        act = getattr(actor, "act", None)
        if act is not None and not getattr(actor, "reads_observation", True):
            observation, mask = None, self._seat(agent).mask
        else:
            obs = self.observe(agent)
            observation, mask = obs["observation"], obs["action_mask"]
        if act is None:
            return int(actor(observation, mask))
        if getattr(actor, "needs_view", False):
            return int(act(observation, mask, self.view(agent)))
        return int(act(observation, mask))

    def view(self, agent: str) -> View:
        """A `View` of the game for ``agent``'s seat, for agents that reason about the
        engine state (they must read only what the seat may know)."""
        return View(self.game, AGENTS.index(agent), self.legal_options(agent))

    # --- acting --------------------------------------------------------------------------

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        by_index = self.legal_options(agent)
        option = None if action is None else by_index.get(_index(action))
        if option is None:
            legal = ", ".join(f"{i} ({o.text})" for i, o in sorted(by_index.items()))
            raise ValueError(f"action {action!r} is not legal for {agent}; legal actions: {legal}")
        game = self.game
        assert game is not None
        self._cumulative_rewards[agent] = 0.0
        game.step(option)
        self._after_engine_moved()

    # --- showing -------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.game is None or self.render_mode is None:
            return None
        options = None
        if not self.game.over:
            options = dict(sorted(self.legal_options(self.agent_selection).items()))
        text = board(self.game, options)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None


def _index(action: object) -> int:
    """An action index from an int or a NumPy integer; anything else (3.5, "3") is an
    error, not rounded into some other action."""
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"action {action!r} is not an action index: expected a whole number "
                        "(an int or a NumPy integer)") from None


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks, with `raw_env.reset_to` passed through every wrapper
    (as the reset it is)."""

    def reset_to(self, game: Game) -> None:
        self.reset(options={"game": game})

    def __str__(self) -> str:
        return str(self.env)


def raw_env_for(**config: Any) -> raw_env:
    """The unwrapped environment of the config's ``game`` (`gaenv.games`): `raw_env` for
    Grand Archive, `gaenv.env.duel.duel_raw_env` for the duel (docs/duel.md)."""
    return game_spec(config.get("game", "ga")).raw_env(**config)


def env(**config: Any) -> AECEnv:
    """The environment with PettingZoo's standard wrappers: an illegal action ends the
    game for its player (reward -1), actions are bounds-checked, and the AEC order is
    enforced. ``reset_to(game)`` starts from a given game, as on `raw_env`."""
    wrapped: AECEnv = raw_env_for(**config)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return _OrderEnforcing(wrapped)
