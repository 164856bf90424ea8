"""Shared fixtures: the built-in pool and decks, loaded once; a tiny training run, trained
once."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaenv import scenario
from gaenv.cards.decks import Deck, builtin_deck_names, load_deck
from gaenv.cards.schema import DATA_DIR, CardPool, default_pool, load_pool


@pytest.fixture(scope="session")
def pool() -> CardPool:
    return default_pool()


def pool_with(folder: Path, cards: str) -> CardPool:
    """The built-in pool plus the cards of a card file's text (written into ``folder``)."""
    path = folder / "zz_extra.yaml"
    path.write_text(cards)
    return load_pool([*sorted(DATA_DIR.glob("*.yaml")), path])


def run_scenario(tmp_path: Path, pool: CardPool, text: str) -> None:
    """Run a scenario given as its YAML text (`gaenv.scenario`) with ``pool``."""
    path = tmp_path / "s.yaml"
    path.write_text(text)
    scenario.run(scenario.load(path), pool)


@pytest.fixture(scope="session")
def decks() -> dict[str, Deck]:
    return {name: load_deck(name) for name in builtin_deck_names()}


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    """A training run of a few hundred steps on the compact observation, as the built-in
    configs train (its config file, run folder and log lines), trained once for the
    training test and the training notebook. The step counts are whole rollouts of 128
    steps: 200 asked for are 256 done."""
    from gaenv.agents.train import train
    from gaenv.agents.train_config import load

    folder = tmp_path_factory.mktemp("tiny_run")
    path = folder / "tiny.yaml"
    path.write_text(
        "name: tiny\ntotal_timesteps: 200\nn_envs: 2\nsnapshot_every: 128\nobservation: compact\n"
        "checkpoint_every: 128\neval_every: 256\neval_games: 2\nshaping: 0.5\n"
        "opponents: {random: 1, heuristic: 1, snapshots: 2}\n"
        "pretrain: {games: 2, epochs: 1, dagger: 1}\n"
        "ppo: {n_steps: 64, batch_size: 64, n_epochs: 1}\n")
    lines: list[str] = []
    run = train(load(path), folder=folder / "run", progress_bar=False, log=lines.append)
    return path, run, lines
