"""Agents, evaluation, human play and training (the workflow of issue 5)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

import agents.train
from agents.base import RandomAgent
from agents.evaluate import ScheduleError, evaluate, schedule, wilson
from agents.heuristic import HeuristicAgent
from agents.match import play_game
from agents.play import play
from agents.registry import AgentSpecError, make
from agents.search import SearchAgent
from agents.train import imitation_data, train
from agents.train_config import load
from gaenv.engine.zones import check_conservation
from gaenv.env.aec import AGENTS, raw_env
from gaenv.env.config import ConfigError


def test_heuristic_beats_random() -> None:
    wins = games = 0
    for seed, decks in enumerate([("ember_vanguard", "gale_skirmish"),
                                  ("tidecaller_study", "iron_bastion"),
                                  ("vesper_shadows", "cinder_scholars")] * 2):
        env = raw_env(decks=decks, seed=seed)
        for seat in (0, 1):
            seats = [RandomAgent(seed), RandomAgent(seed)]
            seats[seat] = HeuristicAgent()
            wins += play_game(env, (seats[0], seats[1]), seed).winner == seat
            games += 1
    assert wins >= 10, f"heuristic won only {wins} of {games} against random"


def test_determinize_keeps_what_the_seat_sees() -> None:
    """A determinized game gives the searching seat the same observation, moves no card
    it can see, and keeps every card in exactly one zone."""
    env = raw_env(decks=("ember_vanguard", "vesper_shadows"), seed=4)
    env.reset(seed=4)
    rng = random.Random(0)
    changed = 0
    for _ in range(150):
        game = env.game
        player = game.decision.player
        agent = AGENTS[player]
        before = env.observe(agent)["observation"]
        copy = game.determinized(player, rng)
        check_conservation(copy.state)
        saved = env.game
        env.game = copy
        env._cache = None
        assert env.observe(agent)["observation"].tobytes() == before.tobytes()
        opponent = copy.state.players[1 - player].zones["hand"]
        changed += opponent != saved.state.players[1 - player].zones["hand"]
        env.game = saved
        env._cache = None
        env.step(rng.choice(sorted(env.legal_options(agent))))
        if env.game.over:
            env.reset(seed=5)
    assert changed > 50, "determinization never redealt the opponent's hand"


def test_search_agent_acts_legally() -> None:
    env = raw_env(decks=("gale_skirmish", "iron_bastion"), seed=1)
    result = play_game(env, (SearchAgent(0, budget=4, horizon=10), RandomAgent(1)), seed=1)
    assert result.decisions > 0


def test_agent_specs() -> None:
    assert make("random").name == "random"
    assert isinstance(make("search:budget=5,horizon=7"), SearchAgent)
    with pytest.raises(AgentSpecError, match="unknown agent 'rnadom'"):
        make("rnadom")
    with pytest.raises(AgentSpecError, match="unknown search option"):
        make("search:budgte=5")
    with pytest.raises(AgentSpecError, match="takes no options"):
        make("heuristic:fast")
    with pytest.raises(FileNotFoundError, match="no saved MaskablePPO model"):
        make("ppo:/nonexistent/run")


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert 0.71 < low < 0.72 and 0.86 < high < 0.87
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_schedule_pairs_seeds_and_swaps_seats() -> None:
    plan = schedule(["a", "b", "c"], 4, ["d1", "d2"], seed=7)
    assert len(plan) == 3 * 4
    for first, second in zip(plan[::2], plan[1::2], strict=True):
        assert first.seed == second.seed and first.decks == second.decks
        assert first.seats == second.seats[::-1]
    with pytest.raises(ScheduleError, match="even"):
        schedule(["a", "b"], 3, ["d1"], 0)
    with pytest.raises(ScheduleError, match="distinct"):
        schedule(["a", "a"], 2, ["d1"], 0)


def test_evaluate_end_to_end(tmp_path: Path) -> None:
    evaluation = evaluate(["random", "heuristic"], games=4, seed=3)
    by_pair = {(r.agent, r.opponent): r for r in evaluation.results}
    assert set(by_pair) == {("random", "heuristic"), ("heuristic", "random")}
    forward, back = by_pair[("heuristic", "random")], by_pair[("random", "heuristic")]
    assert forward.games == 4 and forward.wins == back.losses and forward.draws == back.draws
    assert forward.ci_low <= forward.win_rate <= forward.ci_high
    assert evaluation.ratings[0]["agent"] == "heuristic"
    evaluation.write(tmp_path)
    assert (tmp_path / "results.csv").read_text().startswith("agent,opponent,games,wins")
    data = evaluation.to_json()
    assert json.loads(json.dumps(data))["results"][0].keys() >= {
        "agent", "opponent", "games", "wins", "losses", "draws", "win_rate", "ci_low",
        "ci_high"}


def test_evaluate_in_worker_processes_matches_one_process() -> None:
    one = evaluate(["random", "heuristic"], games=2, seed=8)
    two = evaluate(["random", "heuristic"], games=2, seed=8, workers=2)
    assert one.to_json() == two.to_json()


def test_human_play_with_scripted_input() -> None:
    """Bad input is asked again; numbers choose; end of input leaves the game."""
    answers = iter(["hello", "0", "999", "", *["1"] * 3000])
    shown: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    play("heuristic", "ember_vanguard", "gale_skirmish", seat=0, seed=2, read=read,
         write=shown.append)
    text = "\n".join(shown)
    assert text.count("Please type a number") == 4
    assert "player 0 decides" in text and "your hand:" in text
    assert "You lose." in text or "You win!" in text or "You left the game." in text


def test_human_play_quits() -> None:
    shown: list[str] = []
    winner = play("random", "iron_bastion", "iron_bastion", seat=1, seed=0,
                  read=lambda prompt: "q", write=shown.append)
    assert winner is None and shown[-1] == "You left the game."


def test_training_config_typo_names_the_key(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: x\nppo:\n  learning_rat: 0.1\n")
    with pytest.raises(ConfigError, match=r"'ppo\.learning_rat' \(did you mean 'ppo\.learning"):
        load(path)
    path.write_text("totl_timesteps: 5\n")
    with pytest.raises(ConfigError, match=r"totl_timesteps.*did you mean 'total_timesteps'"):
        load(path)
    path.write_text("n_envs: two\n")
    with pytest.raises(ConfigError, match="'n_envs'"):
        load(path)
    path.write_text("opponents: {heuristc: 1}\n")
    with pytest.raises(ConfigError, match="unknown agent 'heuristc'"):
        load(path)
    path.write_text("pretrain: {teacher: serch}\n")
    with pytest.raises(ConfigError, match=r"'pretrain\.teacher' 'serch'"):
        load(path)


def test_imitation_data_do_not_depend_on_workers(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher's games are seeded by number, so two worker processes (one game per
    batch here) give the same data, in the same order, as one; every recorded action
    was legal."""
    monkeypatch.setattr(agents.train, "IMITATION_BATCH", 1)
    path = tmp_path / "imitate.yaml"
    path.write_text("opponents: {random: 1}\n"
                    "pretrain: {games: 3, teacher: 'search:budget=2,horizon=4'}\n")
    one = imitation_data(load(path))
    two = imitation_data(load(path, {"pretrain": {"games": 3, "workers": 2,
                                                  "teacher": "search:budget=2,horizon=4"}}))
    assert len(one[2]) > 10
    for a, b in zip(one, two, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    _, masks, actions, _ = one
    assert masks[np.arange(len(actions)), actions].all()
    # A game can end before the teacher decides anything (here: a one-turn limit, in
    # which every decision of the teacher's is forced): it adds no rows, breaks nothing.
    short = imitation_data(load(path, {"turn_limit": 1, "pretrain": {"games": 2}}))
    assert short[0].shape == (0, one[0].shape[1]) and len(short[3]) == 0


def test_tiny_training_run_and_resume(tiny_run: tuple[Path, Path]) -> None:
    """A few hundred steps end to end (the `tiny_run` fixture): imitation, PPO in two
    subprocess envs against the pool (snapshots included) with shaped rewards,
    checkpoints, evaluation CSV, curve and best model; then resume."""
    path, folder = tiny_run
    for name in ("config.yaml", "final_model.zip", "best_model.zip", "eval.csv", "curve.png"):
        assert (folder / name).is_file(), name
    assert len(list((folder / "checkpoints").glob("step_*.zip"))) == 2
    assert list((folder / "pool").glob("snapshot_*.zip"))
    assert list((folder / "tb").iterdir())
    rows = (folder / "eval.csv").read_text().splitlines()
    assert rows[0].startswith("steps,opponent") and len(rows) == 3
    agent = make(f"ppo:{folder}")
    obs = np.zeros(agent.model.observation_space.shape, dtype=np.float32)
    mask = np.zeros(agent.model.action_space.n, dtype=np.int8)
    mask[[0, 5]] = 1
    assert agent.act(obs, mask) in (0, 5)
    longer = load(path, {"total_timesteps": 384})
    checkpoint = sorted((folder / "checkpoints").glob("step_*.zip"))[-1]
    train(longer, resume=checkpoint, progress_bar=False, log=lambda line: None)
    rows = (folder / "eval.csv").read_text().splitlines()
    assert len(rows) == 3  # no evaluation was due between 256 and 384 steps
