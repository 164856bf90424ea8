"""Agents, evaluation, human play and training (the workflow of issue 5)."""

from __future__ import annotations

import json
import random
import re
import shutil
import zipfile
from pathlib import Path

import numpy as np
import pytest

import gaenv.agents.train
from gaenv import configs
from gaenv.agents.base import RandomAgent
from gaenv.agents.evaluate import ScheduleError, evaluate, schedule, wilson
from gaenv.agents.heuristic import HeuristicAgent
from gaenv.agents.match import play_game
from gaenv.agents.play import play
from gaenv.agents.ppo import LAYOUT, layout
from gaenv.agents.registry import AgentSpecError, make
from gaenv.agents.search import SearchAgent
from gaenv.agents.train import imitation_data, make_env, new_model, train
from gaenv.agents.train_config import load
from gaenv.cli import main
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
    with pytest.raises(AgentSpecError, match="unknown option 'budgte'; known: budget, horizon"):
        make("search:budgte=5")
    with pytest.raises(AgentSpecError, match="option 'budget': expected a number"):
        make("search:budget=many")
    with pytest.raises(AgentSpecError, match="takes no options"):
        make("heuristic:fast")
    with pytest.raises(FileNotFoundError, match="no saved MaskablePPO model"):
        make("ppo:/nonexistent/run")


def _docs_agent(folder: Path) -> Path:
    """docs/agents.md's custom agent, written to a file."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "agents.md").read_text()
    code = re.search(r"```python\n(# attacker\.py.*?)```", text, re.DOTALL)
    assert code, "docs/agents.md lost its custom agent"
    path = folder / "attacker.py"
    path.write_text(code.group(1))
    return path


def test_custom_agent_from_the_docs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The docs' agent plays in eval (options converted, seeded), in play and as a training
    opponent and teacher; a module name works too; bad specs are one-line errors."""
    path = _docs_agent(tmp_path)
    spec = f"{path}:Attacker:eagerness=0.5"
    agent = make(spec, seed=3)
    assert agent.eagerness == 0.5 and agent.name == spec and agent.needs_view
    draws = [make(spec, seed).rng.random() for seed in (3, 3, 4)]  # the seed is passed on
    assert draws[0] == draws[1] != draws[2]
    assert main(["eval", "--agents", spec, "random", "--games", "2", "--out",
                 str(tmp_path / "eval")]) == 0
    assert f"| {spec} | random | 2 |" in capsys.readouterr().out
    shown: list[str] = []
    play(f"{path}:Attacker", "ember_vanguard", "gale_skirmish", seat=0, seed=2,
         read=lambda prompt: "1", write=shown.append)
    assert shown[-1] in ("You win!", "You lose.", "The game ends without a winner.")
    config = tmp_path / "train.yaml"
    config.write_text(f"opponents: {{'{spec}': 1}}\npretrain: {{teacher: '{path}:Attacker'}}\n")
    assert load(config).opponents == {spec: 1.0}
    assert isinstance(make("gaenv.agents.search:SearchAgent:budget=2"), SearchAgent)
    for bad, message in [(f"{path}:Attacker:eagerness=lots", "option 'eagerness': expected a "
                                                              "number"),
                         (f"{path}:Attacker:speed=2", "unknown option 'speed'; known: eagerness"),
                         (f"{path}:Nobody", "has no class 'Nobody'"),
                         (f"{tmp_path}/missing.py:Attacker", "no agent file"),
                         ("attacker:Attacker", "cannot import module 'attacker'"),
                         ("gaenv.agents.base:View", "that subclasses gaenv.agents.Agent")]:
        with pytest.raises(AgentSpecError, match=re.escape(message)):
            make(bad)
    broken = tmp_path / "broken.py"
    broken.write_text("import nothing_by_this_name\n")
    with pytest.raises(AgentSpecError, match=r"broken\.py: cannot load it: ModuleNotFoundError"):
        make(f"{broken}:Agent")


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
    assert "player 0 decides" in text and "  hand: " in text and "since your last decision:" in text
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


@pytest.mark.parametrize(("text", "message"), [
    ("opponents: {heuristc: 1}\n", "key opponents.heuristc: unknown agent 'heuristc'"),
    ("pretrain: {teacher: serch}\n", "key pretrain.teacher: unknown agent 'serch'"),
    ("eval_opponents: [random, 'search:budget=0']\n",
     "key eval_opponents[1]: agent 'search': search budget and horizon must be at least 1"),
    ("decks: [ember_vanguard, ember_vangard]\n", "key decks[1]: unknown deck 'ember_vangard'"),
    ("ppo: {gamma: 1.5, n_steps: 0}\n",
     "key ppo.n_steps: must be at least 1, got 0; key ppo.gamma: must be more than 0 and at "
     "most 1, got 1.5"),
    ("opponents: {snapshots: 1}\n", "key opponents: needs a positive weight"),
    ("eval_games: 3\n", "key eval_games: games per pair must be even"),
])
def test_training_config_values_are_checked(tmp_path: Path, text: str, message: str) -> None:
    """Every value is checked when the config is read (before any process or folder): a
    one-line error naming the file, the key and what is wrong."""
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError) as error:
        load(path)
    assert str(error.value).startswith(f"{path}: ") and message in str(error.value)
    assert "\n" not in str(error.value)


def test_train_help_says_what_the_built_in_configs_use(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    sb3 = [name for name in configs.names("train") if not name.startswith("rllib_")]
    assert {load(name).vec_env for name in sb3} == {"dummy"}
    assert "(``vec_env: dummy``, what the built-in configs use)" in text
    assert f"a built-in name ({', '.join(configs.names('train'))}) or a YAML file" in text


def test_built_in_training_configs_by_name() -> None:
    assert load("quick").name == "quick" and load("standard").pretrain.teacher == "search"
    with pytest.raises(ConfigError,
                       match=r"unknown training config 'quik'; built-in: (.*, )?quick, "):
        load("quik")


def test_imitation_data_do_not_depend_on_workers(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher's games are seeded by number, so two worker processes (one game per
    batch here) give the same data, in the same order, as one; every recorded action
    was legal."""
    monkeypatch.setattr(gaenv.agents.train, "IMITATION_BATCH", 1)
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
    # A game can end before the teacher decides anything (here: a one-turn limit, and a
    # seed whose games give the teacher only forced decisions): no rows, nothing breaks.
    short = imitation_data(load(path, {"turn_limit": 1, "seed": 1, "pretrain": {"games": 2}}))
    assert short[0].shape == (0, one[0].shape[1]) and len(short[3]) == 0


def test_dagger_games_are_the_learners_positions_labelled_by_the_teacher(
        tmp_path: Path) -> None:
    """With a learner (DAgger, ``pretrain.dagger``), the learner moves in the teacher's
    seat: every recorded observation is one the learner was asked about, and its label is
    the teacher's legal choice there, not the learner's move."""
    path = tmp_path / "dagger.yaml"
    path.write_text("opponents: {random: 1}\npretrain: {games: 2}\n")
    asked: list[np.ndarray] = []
    moves: list[int] = []

    def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
        asked.append(observation)
        moves.append(int(np.flatnonzero(mask)[0]))
        return moves[-1]

    observations, masks, actions, _ = imitation_data(load(path), learner=first_legal, first=2)
    assert len(actions) == len(asked) > 10
    assert np.array_equal(observations, np.array(asked))
    assert masks[np.arange(len(actions)), actions].all()
    assert (actions != np.array(moves)).any()  # the heuristic does not play first-legal
    teacher_only = imitation_data(load(path), first=2)[0]
    assert teacher_only.shape != observations.shape or not np.array_equal(teacher_only,
                                                                          observations)


def _scalars(folder: Path) -> set[str]:
    """The TensorBoard scalar tags logged under ``folder``."""
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    tags = set()
    for events in folder.rglob("events.out.tfevents.*"):
        accumulator = EventAccumulator(str(events))
        accumulator.Reload()
        tags.update(accumulator.Tags()["scalars"])
    return tags


def test_tiny_training_run_and_resume(tiny_run: tuple[Path, Path, list[str]]) -> None:
    """A few hundred steps end to end (the `tiny_run` fixture, compact observation):
    imitation, PPO in two subprocess envs against the pool (snapshots included) with shaped rewards,
    checkpoints (the imitated policy's first), evaluation CSV, curve, best model and
    TensorBoard; then resume. The step counts are whole rollouts of 128 steps."""
    path, folder, lines = tiny_run
    for name in ("config.yaml", "final_model.zip", "best_model.zip", "eval.csv", "curve.png"):
        assert (folder / name).is_file(), name
    assert [p.name for p in sorted((folder / "checkpoints").glob("step_*.zip"))] == [
        "step_000000000.zip", "step_000000128.zip", "step_000000256.zip"]
    assert list((folder / "pool").glob("snapshot_*.zip"))
    assert {"imitation/agreement", "imitation/loss", "eval/win_rate vs random",
            "eval/win_rate vs heuristic", "eval/mean_win_rate"} <= _scalars(folder / "tb")
    assert any(line.startswith("trained 256 PPO steps") and "256 in all" in line
               for line in lines), lines
    assert any(line.startswith("imitation epoch 2/2") for line in lines), lines  # DAgger
    rows = (folder / "eval.csv").read_text().splitlines()
    assert rows[0].startswith("steps,opponent") and len(rows) == 3
    assert rows[1].startswith("256,")
    agent = make(f"ppo:{folder}")
    assert agent.model.gaenv_layout["observation"] == "compact"  # its card table saved:
    assert agent.model.policy.features_extractor.card_table[1:, 0].all()
    obs = np.zeros(agent.model.observation_space.shape, dtype=np.float32)
    mask = np.zeros(agent.model.action_space.n, dtype=np.int8)
    mask[[0, 5]] = 1
    assert agent.act(obs, mask) in (0, 5)
    longer = load(path, {"total_timesteps": 384})
    checkpoint = sorted((folder / "checkpoints").glob("step_*.zip"))[-1]
    lines.clear()
    train(longer, resume=checkpoint, progress_bar=False, log=lines.append)
    assert any(line.startswith("trained 128 PPO steps") and "384 in all" in line
               for line in lines), lines
    rows = (folder / "eval.csv").read_text().splitlines()
    assert len(rows) == 3  # no evaluation was due between 256 and 384 steps


def _with_layout(source: Path, target: Path, record: dict[str, object] | None) -> Path:
    """A copy of the model ``source`` recording ``record`` as its layout (None: none)."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for item in old.namelist():
            content = old.read(item)
            if item == "data":
                data = json.loads(content)
                data.pop(LAYOUT)
                if record is not None:
                    data[LAYOUT] = record
                content = json.dumps(data).encode()
            new.writestr(item, content)
    return target


def test_a_model_for_another_pool_or_layout_is_refused(tmp_path: Path) -> None:
    """A model records the card pool and observation layout it was made for; one that
    records others (or nothing) is refused by name, as an agent and for --resume."""
    from stable_baselines3.common.vec_env import DummyVecEnv

    config_file = tmp_path / "tiny.yaml"
    config_file.write_text("n_envs: 1\nvec_env: dummy\nppo: {n_steps: 16, batch_size: 16}\n")
    config = load(config_file)
    (tmp_path / "checkpoints").mkdir()
    model = tmp_path / "checkpoints" / "step_000000000.zip"
    new_model(config, DummyVecEnv([make_env(config, tmp_path, 0, False)])).save(model)
    assert make(f"ppo:{model}").model.gaenv_layout == layout()
    other_pool = {**layout(), "card_pool": "0123456789ab"}
    other_layout = {**layout(), "observation_layout": "ba9876543210",
                    "observation_size": layout()["observation_size"] + 1}
    for name, record, message in [
            ("pool.zip", other_pool, "the model was trained on another card pool (the "
                                     "built-in cards, digest 0123456789ab; this game plays "
                                     "the built-in cards, digest "),
            ("layout.zip", other_layout, "the model was trained on another observation "
                                         f"layout ({other_layout['observation_size']} floats"),
            ("old.zip", None, "the model does not record the card pool and observation "
                              "layout it was trained on")]:
        with pytest.raises(AgentSpecError, match=re.escape(message)):
            make(f"ppo:{_with_layout(model, tmp_path / name, record)}")
    shutil.copy(tmp_path / "pool.zip", model)
    with pytest.raises(AgentSpecError, match="another card pool"):
        train(config, resume=model, progress_bar=False, log=lambda line: None)


def test_a_compact_policy_computes_what_the_full_one_does(tmp_path: Path) -> None:
    """A policy over the compact observation (``observation: compact``) records it in
    its layout, looks the printed card features up in its saved card table, and so
    computes, with the same weights, what a full-observation policy computes; as an
    agent it plays in environments of full observations (its compact columns are kept)."""
    import torch
    from stable_baselines3.common.vec_env import DummyVecEnv

    from gaenv.env.observation import compact_columns

    config_file = tmp_path / "tiny.yaml"
    config_file.write_text("n_envs: 1\nvec_env: dummy\nppo: {n_steps: 16, batch_size: 16}\n")
    models = {}
    for observation in ("full", "compact"):
        config = load(config_file, {"observation": observation})
        models[observation] = new_model(config, DummyVecEnv([make_env(config, tmp_path, 0,
                                                                      False)]))
    full, compact = models["full"].policy, models["compact"].policy
    compact.load_state_dict({**compact.state_dict(), **full.state_dict()})  # but the table
    env = raw_env(seed=3)
    env.reset(seed=3)
    observations = []
    agent = HeuristicAgent()
    while len(observations) < 40 and not env.game.over:
        observations.append(env.observe(env.agent_selection)["observation"])
        env.step(env.ask(agent))
    batch = np.array(observations)
    kept = compact_columns(env.encoder)
    with torch.no_grad():
        assert torch.allclose(full.extract_features(torch.as_tensor(batch)),
                              compact.extract_features(torch.as_tensor(batch[:, kept])),
                              atol=1e-5)
    assert models["compact"].gaenv_layout == layout(observation="compact")
    assert layout(observation="compact")["observation_layout"] != layout()["observation_layout"]
    models["compact"].save(tmp_path / "compact.zip")
    loaded = make(f"ppo:{tmp_path / 'compact.zip'}")
    mask = env.observe(env.agent_selection)["action_mask"]
    if not env.game.over:
        assert mask[loaded.act(env.observe(env.agent_selection)["observation"], mask)]


STOP = """
import numpy as np

from gaenv.agents import Agent


class Stop(Agent):
    \"\"\"Plays the first legal action; the first Stop to make its `after`-th move presses
    Ctrl-C there (raises KeyboardInterrupt), once per process.\"\"\"

    stopped = False

    def __init__(self, after: int = 0) -> None:
        self.left = after

    def act(self, observation, mask, view=None) -> int:
        self.left -= 1
        if self.left == 0 and not Stop.stopped:
            Stop.stopped = True
            raise KeyboardInterrupt
        return int(np.flatnonzero(mask)[0])
"""

TINY = ("total_timesteps: 384\nn_envs: 2\nvec_env: dummy\neval_every: 100000\n"
        "ppo: {n_steps: 64, batch_size: 64, n_epochs: 1}\n")


def _go_on(out: str) -> list[str]:
    """The gaenv train command an interrupted run printed, as arguments."""
    command = out.rsplit("  gaenv train ", 1)[1].split()
    return ["train", *command, "--no-progress"]


def test_ctrl_c_during_ppo_saves_a_checkpoint_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "stop.py").write_text(STOP)
    config = tmp_path / "stop.yaml"
    config.write_text(TINY + f"opponents: {{'{tmp_path}/stop.py:Stop:after=120': 1}}\n")
    run = tmp_path / "run"
    assert main(["train", "--config", str(config), "--out", str(run), "--no-progress"]) == 130
    out, err = capsys.readouterr()
    assert err == "gaenv: interrupted\n"
    command = _go_on(out)
    checkpoint = Path(command[command.index("--resume") + 1])
    assert command[:3] == ["train", "--config", str(run / "config.yaml")]
    assert checkpoint.parent == run / "checkpoints" and checkpoint.is_file()
    steps = int(checkpoint.stem.removeprefix("step_"))
    assert steps > 0 and steps % 128 == 0  # the weights' own step count: whole updates
    assert main(command) == 0
    assert "384 in all" in capsys.readouterr().out and (run / "final_model.zip").is_file()


def test_ctrl_c_during_imitation_leaves_a_folder_to_rerun_in_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "stop.py").write_text(STOP)
    config = tmp_path / "stop.yaml"
    config.write_text("total_timesteps: 16\nn_envs: 1\neval_every: 100000\n"
                      "ppo: {n_steps: 16, batch_size: 16, n_epochs: 1}\n"
                      f"pretrain: {{games: 1, epochs: 1, teacher: '{tmp_path}/stop.py:Stop:"
                      "after=5'}\n")
    run = tmp_path / "run"
    assert main(["train", "--config", str(config), "--out", str(run), "--no-progress"]) == 130
    out = capsys.readouterr().out
    assert "stopped before PPO started: no checkpoint yet" in out
    command = _go_on(out)
    assert command[1:5] == ["--config", str(run / "config.yaml"), "--out", str(run)]
    assert not list((run / "checkpoints").iterdir())
    assert main(command) == 0
    assert "starting it again" in capsys.readouterr().out
    assert (run / "checkpoints" / "step_000000000.zip").is_file()


def test_heuristic_values_leveling_up() -> None:
    """The heuristic levels up a leveler (LEVELERS.md) rather than passing, most of all when
    the counter reaches a band."""
    from pathlib import Path

    from gaenv.cards.schema import default_pool
    from gaenv.heuristic import choose
    from gaenv.scenario import Scenario, build

    setup = {"turn_player": 0, "phase": "main", "players": [
        {"lineage": ["Spirit of Water"], "hand": ["Quick Study"], "deck": ["Quick Study"],
         "field": [{"card": "Tidewall Recruit", "counters": {"level": 1}}]},
        {"lineage": ["Spirit of Fire"], "deck": ["Quick Study"]}]}
    game = build(Scenario(Path("test"), "level up", {"setup": setup}), default_pool())
    assert choose(game).text == "activate level up Tidewall Recruit"


def test_shipped_model_plays_and_fits_this_gaenv() -> None:
    """``ppo:default`` is the policy shipped in the package (issue 20): it was trained on
    this card pool and observation layout (a change to either must ship a new one), and it
    plays legal moves."""
    from gaenv.agents.ppo import SHIPPED, check_model

    check_model(SHIPPED / "default.zip")
    env = raw_env(seed=3)
    result = play_game(env, (make("ppo:default"), RandomAgent(3)), 3)
    assert result.winner in (0, 1, None)
