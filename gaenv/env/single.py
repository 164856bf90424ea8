"""`SelfPlayEnv`: a Gymnasium env for one learning seat, for SB3 and MaskablePPO.

The other seat is played by an opponent: a callable ``opponent(observation, mask)
-> action`` or an object with ``act(observation, mask)`` (and ``reseed(seed)``, called
by ``reset(seed=...)``, if it draws random numbers); by default a uniformly random
legal player. The learner's seat alternates from one episode to the next.
The learner's reward is its own result (+1/-1/0) when the game ends, whoever
moved last; the observation returned at the end is the learner's view of the
final position (never None). ``action_masks()`` gives MaskablePPO the mask.

Optional reward shaping: given ``potential(game, seat) -> float``, each step's
reward also gets ``gamma * potential(after) - potential(before)``, measured at the
learner's consecutive decisions, with the potential of an ended game taken as 0
(potential-based shaping: it leaves the best policy unchanged while giving the
learner a signal before the game ends).

An illegal action (MaskablePPO never sends one) loses the game for the learner
by default, like PettingZoo's ``env()``; ``illegal_action="raise"`` raises instead.

Batched opponent moves: `stepping` and `resetting` are `step` and `reset` as generators
that hand each move of an opponent able to play in batches (an actor with
``act_batch``, such as `gaenv.agents.ppo.PPOAgent`; an opponent that delegates to
another agent, the training pool, names it ``current``) to their caller as a `Move` and
are sent back the action: a vectorised environment can then run one forward pass for
the pending moves of all its environments (`gaenv.agents.batched.BatchedVecEnv`).
`step` and `reset` compute each such move alone; the games are the same either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import Any, ClassVar, Protocol, TypeVar

import gymnasium
import numpy as np

from gaenv.env.aec import AGENTS, raw_env_for


class Actor(Protocol):
    """An opponent object (a ``gaenv.agents.Agent``). One with ``needs_view`` set also gets
    a `gaenv.env.view.View` of the game for its seat."""

    def act(self, observation: np.ndarray | None, mask: np.ndarray, view: Any = None) -> int: ...


Opponent = Callable[[np.ndarray, np.ndarray], int] | Actor
# An opponent's move left to the caller: (the actor, its observation, its action mask,
# a View of the game for an actor with ``needs_view``, else None).
Move = tuple[Any, np.ndarray, np.ndarray, Any]
Result = TypeVar("Result")


def played(moves: Generator[Move, int, Result]) -> Result:
    """What the generator ``moves`` (`SelfPlayEnv.stepping` or `resetting`) returns, each
    move it hands out computed alone by its actor."""
    try:
        move = next(moves)
        while True:
            actor, observation, mask, view = move
            move = moves.send(int(actor.act(observation, mask, view)))
    except StopIteration as finished:
        return finished.value


class RandomOpponent:
    """Uniformly random among the legal actions, from its own seeded RNG (the mask is all
    it reads: ``reads_observation``, `gaenv.env.aec.raw_env.ask`)."""

    reads_observation = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: np.ndarray | None, mask: np.ndarray, view: Any = None) -> int:
        return int(self.rng.choice(np.flatnonzero(mask).tolist()))

    def reseed(self, seed: int | str) -> None:
        self.rng.seed(seed)


class SelfPlayEnv(gymnasium.Env):
    """One seat learns; ``opponent`` plays the other. ``config``: see `EnvConfig`."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"]}

    def __init__(self, opponent: Opponent | None = None, illegal_action: str = "lose",
                 potential: Callable[[Any, int], float] | None = None, gamma: float = 1.0,
                 **config: Any) -> None:
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        self.aec = raw_env_for(**config)
        self.render_mode = self.aec.render_mode
        self.observation_space = self.aec.observation_space(AGENTS[0])["observation"]
        self.action_space = self.aec.action_space(AGENTS[0])
        self.opponent = opponent if opponent is not None else RandomOpponent(
            self.aec.config.seed)
        self.illegal_action = illegal_action
        self.potential = potential
        self.gamma = gamma
        self._before = 0.0  # the potential at the learner's current decision
        self.learner = 0
        self._episodes = 0

    @property
    def learner_agent(self) -> str:
        return AGENTS[self.learner]

    def _opponent_turns(self) -> Generator[Move, int, None]:
        aec = self.aec
        while not self._done() and aec.agent_selection != self.learner_agent:
            actor = getattr(self.opponent, "current", self.opponent)
            if hasattr(actor, "act_batch"):  # the caller may batch this move with others
                agent = aec.agent_selection
                obs = aec.observe(agent)
                view = aec.view(agent) if getattr(actor, "needs_view", False) else None
                action = yield actor, obs["observation"], obs["action_mask"], view
            else:
                action = aec.ask(self.opponent)
            aec.step(action)

    def _done(self) -> bool:
        agent = self.learner_agent
        return self.aec.terminations[agent] or self.aec.truncations[agent]

    def _view(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs = self.aec.observe(self.learner_agent)
        info = dict(self.aec.infos[self.learner_agent])
        info["learner"] = self.learner_agent
        return obs["observation"], info

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        return played(self.resetting(seed=seed, options=options))

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        return played(self.stepping(action))

    def resetting(self, *, seed: int | None = None, options: dict[str, Any] | None = None
                  ) -> Generator[Move, int, tuple[np.ndarray, dict[str, Any]]]:
        """`reset`, handing out the batchable opponent's moves (module docstring)."""
        super().reset(seed=seed)
        if seed is not None:
            self._episodes = 0
            reseed = getattr(self.opponent, "reseed", None)
            if reseed is not None:  # the same seed must give the same games
                reseed(f"opponent:{seed}")
        self.learner = self._episodes % 2
        self._episodes += 1
        new_game = getattr(self.opponent, "new_game", None)
        self.aec.reset(seed=seed)
        while True:
            if new_game is not None:  # an opponent pool draws this game's opponent
                new_game()
            yield from self._opponent_turns()
            if not self._done():
                self._before = self._potential()
                return self._view()
            # The game ended before the learner had a real decision (all its decisions
            # were forced): nothing to learn from, so the next game starts.
            self.aec.reset()

    def stepping(self, action: int
                 ) -> Generator[Move, int, tuple[np.ndarray, float, bool, bool, dict[str, Any]]]:
        """`step`, handing out the batchable opponent's moves (module docstring)."""
        aec = self.aec
        if self._done():
            raise RuntimeError("the episode is over: call reset()")
        try:
            aec.step(action)
        except ValueError:
            if self.illegal_action == "raise":
                raise
            obs, info = self._view()
            info["illegal_action"] = int(action)
            return obs, -1.0 - self._before, True, False, info
        yield from self._opponent_turns()
        obs, info = self._view()
        terminated = aec.terminations[self.learner_agent]
        truncated = aec.truncations[self.learner_agent]
        reward = float(aec.rewards[self.learner_agent]) if terminated or truncated else 0.0
        after = 0.0 if terminated else self._potential()
        reward += self.gamma * after - self._before
        self._before = after
        return obs, reward, terminated, truncated, info

    def _potential(self) -> float:
        if self.potential is None:
            return 0.0
        return float(self.potential(self.aec.game, self.learner))

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (all zero once the game is over)."""
        if self._done():
            return np.zeros(self.action_space.n, dtype=bool)
        return self.aec.observe(self.learner_agent)["action_mask"].astype(bool)

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
