"""Grand Archive's ``advice`` piece (gaenv.env.advice) and the policies that read it
(``ppo.advice_weight``, gaenv.agents.policy.AdvisedPolicy)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import numpy as np
import pytest

from gaenv.agents.batched import BatchedVecEnv
from gaenv.agents.ppo import PPOAgent, check_model
from gaenv.agents.train import train
from gaenv.agents.train_config import load
from gaenv.env import raw_env
from gaenv.env.actions import N_ACTIONS
from gaenv.env.config import ConfigError
from gaenv.env.single import SelfPlayEnv
from gaenv.env.view import View
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
    ({"advice": True, "game": "duel"}, "config key 'advice': not for game 'duel'"),
])
def test_advice_config_errors(config: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        raw_env(**config)


@pytest.fixture(scope="module")
def advised_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh advised policy (a large ``advice_weight``: it takes the heuristic's
    option) trained a few steps on a compact observation with the piece."""
    folder = tmp_path_factory.mktemp("advised")
    path = folder / "advised.yaml"
    path.write_text("total_timesteps: 64\nn_envs: 1\nvec_env: dummy\nobservation: compact\n"
                    "turn_limit: 30\nopponents: {heuristic: 1}\nsnapshot_every: 64\n"
                    "checkpoint_every: 64\neval_every: 64\neval_games: 2\n"
                    "ppo: {n_steps: 64, batch_size: 64, n_epochs: 1, features_dim: 16, "
                    "net_arch: [8], advice_weight: 20.0}\n")
    run = train(load(path), folder / "run", progress_bar=False, log=lambda _: None)
    check_model(run / "final_model.zip")
    return run / "final_model.zip"


def test_advised_policy_starts_as_the_heuristic(advised_model: Path) -> None:
    """A fresh advised policy takes the heuristic's option: in the environment it trained
    in (the piece in the observation, no view) and in a plain full one, where it works
    the piece out from the view the environment gives it (``needs_view``); without
    either it names what it needs. Its model records the piece, so the layout check
    tells it from a policy without advice."""
    agent = PPOAgent(advised_model)
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


@pytest.mark.parametrize("batched", [False, True])
def test_advised_opponent_in_a_plain_training_environment(advised_model: Path,
                                                           batched: bool) -> None:
    """An advised policy as the opponent of a learner whose environment has no advice
    piece (``ppo:default`` in a plain training config): its moves, handed out for
    batching or computed alone, come with a view, so it plays the heuristic's option."""
    agent = PPOAgent(advised_model)
    picks = []
    real_fit = agent.fit

    def fit(observation: np.ndarray, view: View | None = None) -> np.ndarray:
        assert view is not None
        picks.append(choose(view.game))
        return real_fit(observation, view)

    agent.fit = fit  # type: ignore[method-assign]
    envs = [SelfPlayEnv(opponent=agent, seed=s, turn_limit=30) for s in (1, 2)]
    vec = BatchedVecEnv([lambda e=e: e for e in envs]) if batched else None
    if vec is not None:
        vec.reset()
    else:
        for env in envs:
            env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(40):
        if vec is not None:
            masks = vec.env_method("action_masks")
            vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        else:
            for env in envs:
                _, _, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(
                    env.action_masks()))))
                if done or truncated:
                    env.reset()
    assert len(picks) > 10


def test_layout_describes_the_advice_piece(capsys: pytest.CaptureFixture[str]) -> None:
    """``gaenv layout`` says what the optional piece is, after the encoder's pieces."""
    from gaenv.cli import main
    from gaenv.env.advice import MARKDOWN

    assert main(["layout"]) == 0
    assert capsys.readouterr().out.endswith("\n" + MARKDOWN)


def test_resume_with_a_config_of_another_observation(advised_model: Path) -> None:
    """Resuming an advised checkpoint with a config whose environments lack the piece (a
    run started before ``standard`` read advice, resumed with today's) is one line naming
    the sizes and the run's own config, before anything starts."""
    checkpoint = next((advised_model.parent / "checkpoints").glob("step_*.zip"))
    config = load(advised_model.parent / "config.yaml")
    plain = dataclasses.replace(config, ppo=dataclasses.replace(config.ppo, advice_weight=0.0))
    with pytest.raises(ConfigError, match=r"reads another observation than this config makes "
                                          r"\(2848 floats, this config 2718\): resume it with "
                                          r"the config it was trained with, .*config\.yaml"):
        train(plain, resume=checkpoint, progress_bar=False, log=lambda _: None)


def test_a_policy_this_gaenv_cannot_rebuild_is_one_line(advised_model: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A saved policy whose classes no longer take its saved arguments (a duel policy
    saved before the advised extractor wrapped the game's own) is refused in one line
    naming the file, not with the traceback of its rebuilding."""
    from gaenv.agents import policy
    from gaenv.agents.ppo import ModelMismatchError, load_model

    def older(self: object, observation_space: object, hidden: int, advice: int) -> None:
        raise AssertionError("not reached")

    monkeypatch.setattr(policy.AdvisedExtractor, "__init__", older)
    with pytest.raises(ModelMismatchError, match=r"advised.*final_model.zip: this gaenv "
                                                 r"cannot rebuild the policy saved there "
                                                 r"\(.*'inner'\); train it again"):
        load_model(advised_model)
