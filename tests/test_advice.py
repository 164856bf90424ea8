"""Grand Archive's ``advice`` piece (gaenv.env.advice) and the policies that read it
(``ppo.advice_weight``, gaenv.agents.policy.AdvisedPolicy)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from gaenv.agents.ppo import PPOAgent, check_model
from gaenv.agents.train import train
from gaenv.agents.train_config import load
from gaenv.env import raw_env
from gaenv.env.actions import N_ACTIONS
from gaenv.env.config import ConfigError
from gaenv.heuristic import choose


def test_advice_marks_the_heuristics_option() -> None:
    """With ``advice=True`` the observation is the plain one plus one flag per action,
    set at the index of the heuristic's option for the seat deciding, and only for it."""
    plain, advised = raw_env(seed=3), raw_env(seed=3, advice=True)
    plain.reset(seed=3)
    advised.reset(seed=3)
    assert advised.observation_space("player_0")["observation"].shape[0] == \
        plain.observation_space("player_0")["observation"].shape[0] + N_ACTIONS
    rng = random.Random(3)
    for _ in range(300):
        agent = advised.agent_selection
        observation = advised.observe(agent)["observation"]
        assert np.array_equal(observation[:-N_ACTIONS], plain.observe(agent)["observation"])
        options = advised.legal_options(agent)
        chosen = choose(advised.game)
        assert np.flatnonzero(observation[-N_ACTIONS:]).tolist() == [
            next(i for i, o in options.items() if o is chosen)]
        other = next(a for a in advised.agents if a != agent)
        assert not advised.observe(other)["observation"][-N_ACTIONS:].any()
        action = rng.choice(sorted(options))
        advised.step(action)
        plain.step(action)
        if advised.game.over:
            break


@pytest.mark.parametrize(("config", "message"), [
    ({"advice": "yes"}, "config key 'advice': expected true or false, got 'yes'"),
    ({"advice": True, "game": "duel"}, "config key 'advice': Grand Archive only"),
])
def test_advice_config_errors(config: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        raw_env(**config)


def test_advised_policy_starts_as_the_heuristic(tmp_path: Path) -> None:
    """A fresh advised policy (a large ``advice_weight``) takes the heuristic's option:
    in the environment it trained in (the piece in the observation, no view) and in a
    plain full one, where it works the piece out from the view the environment gives it
    (``needs_view``); without either it names what it needs. Its model records the
    piece, so the layout check tells it from a policy without advice."""
    path = tmp_path / "advised.yaml"
    path.write_text("total_timesteps: 64\nn_envs: 1\nvec_env: dummy\nobservation: compact\n"
                    "turn_limit: 30\nopponents: {heuristic: 1}\nsnapshot_every: 64\n"
                    "checkpoint_every: 64\neval_every: 64\neval_games: 2\n"
                    "ppo: {n_steps: 64, batch_size: 64, n_epochs: 1, features_dim: 16, "
                    "net_arch: [8], advice_weight: 20.0}\n")
    folder = train(load(path), tmp_path / "run", progress_bar=False, log=lambda _: None)
    check_model(folder / "final_model.zip")
    agent = PPOAgent(folder / "final_model.zip")
    assert agent.advised and agent.needs_view
    for env in (raw_env(seed=5, observation="compact", advice=True), raw_env(seed=5)):
        env.reset(seed=5)
        for _ in range(80):
            chosen = choose(env.game)
            action = env.ask(agent)
            assert env.legal_options(env.agent_selection)[action] is chosen
            env.step(action)
            if env.game.over:
                break
    plain = raw_env(seed=5)
    plain.reset(seed=5)
    observed = plain.observe(plain.agent_selection)
    with pytest.raises(ValueError, match="reads the heuristic's advice; play it in an "
                                         "environment made with advice=True"):
        PPOAgent.act_batch([agent], [observed["observation"]], [observed["action_mask"]])


def test_layout_describes_the_advice_piece(capsys: pytest.CaptureFixture[str]) -> None:
    """``gaenv layout`` says what the optional piece is, after the encoder's pieces."""
    from gaenv.cli import main
    from gaenv.env.advice import MARKDOWN

    assert main(["layout"]) == 0
    assert capsys.readouterr().out.endswith("\n" + MARKDOWN)
