"""Agents for the three-champion duel (docs/agents.md, "The duel"): the duel heuristic,
search on determinized copies, evaluation with ``--game duel`` and MaskablePPO training
with ``game: duel``."""

from __future__ import annotations

import json
import random
import zipfile
from pathlib import Path

import numpy as np
import pytest

from gaenv.agents.base import RandomAgent
from gaenv.agents.duel_search import evaluate as duel_worth
from gaenv.agents.evaluate import evaluate
from gaenv.agents.match import play_game
from gaenv.agents.ppo import LAYOUT, check_model, layout
from gaenv.agents.registry import make
from gaenv.agents.search import position_worth
from gaenv.agents.train import train
from gaenv.agents.train_config import load
from gaenv.cli import main
from gaenv.duel import heuristic as duel_heuristic
from gaenv.duel.cards import builtin_decks, default_pool
from gaenv.duel.game import DuelGame
from gaenv.duel.state import DECK, FIELD, GRAVE, HAND, DuelState
from gaenv.env.aec import raw_env_for
from gaenv.env.config import ConfigError
from gaenv.env.duel_observation import DuelEncoder


def _positions(seeds: range, every: int = 5) -> list[DuelGame]:
    """Positions (copies) from games of the duel heuristic against random play."""
    found = []
    decks = builtin_decks()
    for seed in seeds:
        game = DuelGame.new(decks["pillars_of_the_sky"], decks["ember_assault"], seed)
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision
            assert decision is not None
            if game.state.decisions_made % every == 0:
                found.append(game.clone())
            game.step(duel_heuristic.choose(game) if decision.player == seed % 2
                      else rng.randrange(len(decision.options)))
    return found


def _hidden_changed(state: DuelState, seat: int) -> DuelState:
    """The position with what ``seat`` may not know changed (DUEL 2.8, 7.12): the
    opponent's hand all Firebolts, their deck reversed, hidden facedown cards Grenades."""
    pool = default_pool()
    pile = state.players[1 - seat]
    pile.deck.reverse()
    for cid in pile.hand:
        state.cards[cid].defn = pool.get("Firebolt")
    for card in state.cards:
        if card.zone == FIELD and card.facedown and seat not in card.known \
                and card.owner != seat:
            card.defn = pool.get("Grenade")
    return state


def _zones_agree(state: DuelState) -> None:
    """Every card in a pile is in that pile's zone, once."""
    for owner, pile in enumerate(state.players):
        for zone in (DECK, HAND, GRAVE):
            ids = getattr(pile, zone)
            assert len(ids) == len(set(ids))
            assert all(state.cards[c].zone == zone and state.cards[c].owner == owner
                       for c in ids)


# --- the heuristic -----------------------------------------------------------------------

def test_duel_heuristic_beats_random() -> None:
    """Issue 18: the duel heuristic wins most paired games against random play (400 games
    measured in docs/agents.md; 40 here)."""
    result = evaluate(["heuristic", "random"], 40, seed=500, game="duel").results[0]
    assert result.agent == "heuristic"
    assert result.wins >= 30, result


def test_duel_heuristic_reads_only_what_its_seat_may_know() -> None:
    """DUEL 2.8, 7.12: changing the opponent's hand, deck order and hidden facedown
    identities never changes the heuristic's answer."""
    checked = 0
    for game in _positions(range(3)):
        decision = game.decision
        assert decision is not None
        seat = decision.player
        before = decision.options.index(duel_heuristic.choose(game))
        other = game.clone()
        _hidden_changed(other.state, seat)
        assert other.decision is not None
        assert other.decision.options.index(duel_heuristic.choose(other)) == before
        checked += bool(game.state.players[1 - seat].hand)
    assert checked > 20


def test_heuristic_and_search_specs_play_the_duel() -> None:
    """``heuristic`` and ``search`` pick the duel's own agent when the game is a duel, and
    always answer legally."""
    env = raw_env_for(game="duel", seed=2, turn_limit=30)
    result = play_game(env, (make("search:budget=3,horizon=8", 1), make("heuristic")), seed=2)
    assert result.decisions > 10
    env = raw_env_for(game="duel", seed=3)
    assert play_game(env, (make("heuristic"), RandomAgent(3)), seed=3).decisions > 10


# --- determinized copies -----------------------------------------------------------------

def test_determinized_copy_agrees_with_what_the_seat_sees() -> None:
    """The copy gives the seat the same observation (DUEL 2.8), keeps every pile's cards
    in their zones, redeals the opponent's hidden cards, is reproducible from the same
    RNG, and plays on to the end without touching the real game."""
    encoder = DuelEncoder(default_pool())
    redealt = 0
    for game in _positions(range(2), every=7):
        decision = game.decision
        assert decision is not None
        seat = decision.player
        before = encoder.encode(game.state, seat, decision)
        copy = game.determinized(seat, random.Random(1))
        _zones_agree(copy.state)
        assert (encoder.encode(copy.state, seat, copy.decision) == before).all()
        again = game.determinized(seat, random.Random(1))
        assert [c.defn.name for c in again.state.cards] == \
               [c.defn.name for c in copy.state.cards]
        hand = game.state.players[1 - seat].hand
        redealt += [game.state.cards[c].defn.name for c in hand] != \
                   [copy.state.cards[c].defn.name for c in hand]
        log = list(game.log)
        rng = random.Random(2)
        while not copy.over and copy.state.decisions_made < game.state.decisions_made + 200:
            assert copy.decision is not None
            copy.step(rng.randrange(len(copy.decision.options)))
        assert game.log == log
    assert redealt > 5, "determinization never redealt the opponent's hand"


def test_duel_position_worth() -> None:
    """The search's score: 1 or 0 for an ended game, 0.5 for a draw, in between otherwise,
    better for the side with more health on the field; the shaping potential uses it."""
    game = _positions(range(1), every=40)[1]
    worth = duel_worth(game, 0)
    assert 0.0 < worth < 1.0 and abs(worth + duel_worth(game, 1) - 1.0) < 1e-9
    assert position_worth(game, 0) == worth
    hurt = game.clone()
    for champ in hurt.state.champs:
        if champ.on_field and champ.controller == 1:
            champ.damage += 20
    assert duel_worth(hurt, 0) > worth
    hurt.state.over, hurt.state.winner = True, 0
    assert duel_worth(hurt, 0) == 1.0 and duel_worth(hurt, 1) == 0.0


# --- evaluation and training -------------------------------------------------------------

def test_eval_command_plays_the_duel(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    assert main(["eval", "--game", "duel", "--agents", "heuristic", "random", "--games", "4",
                 "--out", str(tmp_path), "--replays", str(tmp_path / "replays")]) == 0
    assert "| heuristic | random | 4 |" in capsys.readouterr().out
    header = json.loads(next((tmp_path / "replays").glob("*.jsonl")).read_text().splitlines()[0])
    assert header["game"] == "duel"


def test_duel_training_configs_are_checked(tmp_path: Path) -> None:
    config = load("duel_quick")
    assert config.game == "duel" and config.env_config()["game"] == "duel"
    path = tmp_path / "bad.yaml"
    path.write_text("game: duel\ndecks: [ember_assault, ember_asault]\n")
    with pytest.raises(ConfigError, match=r"bad.yaml: key decks\[1\]: no duel deck "
                                          "'ember_asault'; known: ember_assault"):
        load(path)


def test_duel_tiny_training_run(tmp_path: Path) -> None:
    """``game: duel`` end to end: imitation of the duel heuristic, MaskablePPO through
    SelfPlayEnv with shaped rewards against the pool, evaluation, a model that records the
    duel's layout and plays the duel as ``ppo:RUN``."""
    path = tmp_path / "duel.yaml"
    path.write_text("game: duel\ntotal_timesteps: 128\nn_envs: 2\nvec_env: dummy\n"
                    "turn_limit: 40\nopponents: {random: 1, heuristic: 1, snapshots: 1}\n"
                    "shaping: 0.5\nsnapshot_every: 64\ncheckpoint_every: 64\neval_every: 128\n"
                    "eval_games: 2\npretrain: {games: 2, epochs: 1}\n"
                    "ppo: {n_steps: 64, batch_size: 64, n_epochs: 1, features_dim: 32, "
                    "net_arch: [16]}\n")
    lines: list[str] = []
    folder = train(load(path), tmp_path / "run", progress_bar=False, log=lines.append)
    assert any(line.startswith("trained 128 PPO steps") for line in lines), lines
    assert any(line.startswith("eval at 128 steps vs heuristic") for line in lines), lines
    model = folder / "final_model.zip"
    check_model(model)
    with zipfile.ZipFile(model) as archive:
        saved = json.loads(archive.read("data"))[LAYOUT]
    assert saved == layout(game="duel") and saved["game"] == "duel"
    assert saved["observation_layout"] != layout()["observation_layout"]
    agent = make(f"ppo:{folder}")
    env = raw_env_for(game="duel", seed=4, turn_limit=20)
    assert play_game(env, (agent, RandomAgent(4)), seed=4).decisions > 0
    mask = np.zeros(agent.model.action_space.n, dtype=np.int8)
    mask[[2, 7]] = 1
    assert agent.act(np.zeros(agent.model.observation_space.shape, np.float32), mask) in (2, 7)
    with pytest.raises(ValueError, match="a policy plays only the game it was trained on"):
        agent.act(np.zeros(agent.model.observation_space.shape, np.float32), mask[:100])


def test_advice_marks_the_heuristics_option() -> None:
    """The observation's ``advice`` piece flags the action index of the option the duel
    heuristic would take, only for the player deciding."""
    env = raw_env_for(game="duel", seed=3)
    env.reset(seed=3)
    size = env.action_space(env.agents[0]).n
    for _ in range(60):
        agent = env.agent_selection
        observation = env.observe(agent)
        advice = observation["observation"][-size:]
        chosen = duel_heuristic.choose(env.game)
        options = env.legal_options(agent)
        assert np.flatnonzero(advice).tolist() == [next(i for i, o in options.items()
                                                        if o == chosen)]
        other = next(a for a in env.agents if a != agent)
        assert not env.observe(other)["observation"][-size:].any()
        env.step(random.Random(len(options)).choice(sorted(options)))
        if env.game.over:
            break


def test_advised_policy_starts_as_the_heuristic(tmp_path: Path) -> None:
    """``ppo.advice_weight``: the action head adds the weighted advice flag to its logits,
    so the fresh policy takes the heuristic's option (Grand Archive's: tests/test_advice.py)."""
    path = tmp_path / "advised.yaml"
    path.write_text("game: duel\ntotal_timesteps: 64\nn_envs: 1\nvec_env: dummy\n"
                    "turn_limit: 40\nopponents: {heuristic: 1}\nsnapshot_every: 64\n"
                    "checkpoint_every: 64\neval_every: 64\neval_games: 2\n"
                    "ppo: {n_steps: 64, batch_size: 64, n_epochs: 1, features_dim: 16, "
                    "net_arch: [8], advice_weight: 20.0}\n")
    folder = train(load(path), tmp_path / "run", progress_bar=False, log=lambda _: None)
    agent = make(f"ppo:{folder}")
    env = raw_env_for(game="duel", seed=5)
    env.reset(seed=5)
    for _ in range(40):
        observed = env.observe(env.agent_selection)
        action = agent.act(observed["observation"], observed["action_mask"])
        assert observed["observation"][-len(observed["action_mask"]):][action] == 1.0
        env.step(action)
        if env.game.over:
            break


def test_default_decks_give_all_four_pairings() -> None:
    """Without ``decks`` each seat gets one of the duel's decks at random, mirrors too: the
    pairings `gaenv eval` plays, so training sees what evaluation measures."""
    env = raw_env_for(game="duel", seed=9)
    pairings = set()
    for seed in range(40):
        env.reset(seed=seed)
        pairings.add(tuple(deck["name"] for deck in env.game.header()["decks"]))
    names = [deck.name for deck in builtin_decks().values()]
    assert pairings == {(a, b) for a in names for b in names}
