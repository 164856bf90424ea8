"""The PettingZoo environment and the SB3 self-play adapter."""

from __future__ import annotations

import itertools
import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from gaenv.cards.decks import builtin_deck_names, load_deck
from gaenv.engine import champions, keywords, statics
from gaenv.engine.game import Game
from gaenv.engine.journal import create, make_object
from gaenv.engine.objects import DECK, FIELD, HAND, LINEAGE, MATERIAL, MEMORY, PLAYER_ZONES
from gaenv.env import actions, env, gaenv_v0, raw_env
from gaenv.env.config import ConfigError
from gaenv.env.observation import CARD_FEATURES, CHAMPION_SIZE, DYNAMIC_NAMES, STATIC_NAMES
from gaenv.env.single import SelfPlayEnv

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

PAIRS = list(itertools.product(builtin_deck_names(), repeat=2))


def _random_walk(e: raw_env, steps: int, seed: int) -> Iterator[dict[str, np.ndarray]]:
    """Yield (env, observation dict) at each of ``steps`` random legal decisions."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    for _ in range(steps):
        if e.game.over:
            e.reset()
        agent = e.agent_selection
        obs = e.observe(agent)
        yield obs
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
def test_pettingzoo_api_and_seed(pair: tuple[str, str]) -> None:
    api_test(env(decks=pair, seed=1), num_cycles=1000)
    seed_test(lambda: env(decks=pair), num_cycles=200)


def test_sb3_check_env() -> None:
    from stable_baselines3.common.env_checker import check_env

    check_env(SelfPlayEnv(decks=("ember_vanguard", "gale_skirmish"), seed=3))


@pytest.mark.parametrize("auto_forced", [True, False])
def test_mask_is_exact(auto_forced: bool) -> None:
    """Over thousands of random states every unmasked index decodes to a distinct legal
    option and every legal option has an index."""
    e = raw_env(seed=7, auto_forced=auto_forced)
    for obs in _random_walk(e, 2500, seed=7):
        decision = e.game.decision
        by_index = e.legal_options(e.agent_selection)
        mask = obs["action_mask"]
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(by_index)
        decoded = list(by_index.values())
        assert len(set(decoded)) == len(decoded)
        assert set(decoded) == set(decision.options)
        if auto_forced:
            assert len(decision.options) > 1


def test_mask_exactness_test_catches_a_wrong_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails if the mask drops a legal option (a deliberate bug)."""
    real = actions.mask_of

    def broken(by_index: dict) -> np.ndarray:  # type: ignore[type-arg]
        mask = real(by_index)
        mask[actions.OFFSET["pass"]] = 0
        return mask

    monkeypatch.setattr(actions, "mask_of", broken)
    with pytest.raises(AssertionError):
        test_mask_is_exact(True)


def test_observations_are_finite_and_in_bounds() -> None:
    e = raw_env(seed=11)
    space = e.observation_space("player_0")
    for obs in _random_walk(e, 600, seed=11):
        assert np.isfinite(obs["observation"]).all()
        assert space.contains(obs)


def test_object_features_match_the_engine() -> None:
    """Every object slot shows what the engine says about that object now (power, life,
    damage, rest, Stealth, Taunt), though the encoder memoizes object rows: a memo key
    missing an input would show a stale row here (dropping the damage from it fails
    this)."""
    e = raw_env(seed=5)
    names = [*STATIC_NAMES, *DYNAMIC_NAMES]
    at = {name: names.index(name) for name in DYNAMIC_NAMES}
    checked = 0
    for obs in _random_walk(e, 800, seed=5):
        state = e.game.state
        player = e.game.decision.player
        slots = actions.Slots.of(state, player)
        for piece, ids in (("my_field", slots.own), ("opponent_field", slots.opponent)):
            start = next(p.start for p in e.encoder.pieces if p.name == piece)
            for i, cid in enumerate(ids):
                row = obs["observation"][start + i * CARD_FEATURES:][:CARD_FEATURES]
                power, life = (statics.stat(state, cid, s) for s in ("power", "life"))
                card = state.cards[cid]
                assert row[at["power"]] == np.float32(min(4.0, max(-1.0, (power or 0) / 10)))
                assert row[at["life"]] == np.float32(min(4.0, max(-1.0, (life or 0) / 30)))
                assert row[at["damage"]] == np.float32(min(4.0, card.damage / 30))
                assert row[at["rested"]] == float(card.rested)
                assert row[at["mine"]] == float(card.owner == player)
                assert row[at["stealth_now"]] == keywords.has(state, cid, "stealth")
                assert row[at["taunt_now"]] == keywords.has(state, cid, "taunt")
                checked += 1
    assert checked > 3000


def test_player_pieces_match_the_engine() -> None:
    """The ``me`` and ``opponent`` pieces show each player's champion (life, damage, rest)
    and the number of cards in each of their zones, in PLAYER_ZONES order, as the engine
    has them now. The zone counts are read in the order of the zones' dict, which a
    player's state keeps as PLAYER_ZONES (reversing it fails this)."""
    e = raw_env(seed=8)
    checked = 0
    for obs in _random_walk(e, 600, seed=8):
        state = e.game.state
        viewer = e.game.decision.player
        for piece, player in (("me", viewer), ("opponent", 1 - viewer)):
            start = next(p.start for p in e.encoder.pieces if p.name == piece)
            values = obs["observation"][start:start + CHAMPION_SIZE + len(PLAYER_ZONES)]
            zones = state.players[player].zones
            assert list(values[CHAMPION_SIZE:]) == [
                np.float32(min(len(zones[z]), 80) / 20) for z in PLAYER_ZONES]
            if zones[LINEAGE]:
                champion = state.cards[zones[LINEAGE][-1]]
                assert values[1] == np.float32(champions.life(state, player) / 30)
                assert values[2] == np.float32(champion.damage / 30)
                assert values[3] == float(champion.rested)
            checked += 1
    assert checked == 1200


def _hidden_shuffle(e: raw_env, viewer: int, rng: random.Random) -> None:
    """Change only what ``viewer`` may not see: the opponent's hand, memory and
    material deck contents (swapped with their deck) and both main decks' order."""
    state = e.game.state
    opponent = state.players[1 - viewer].zones
    deck = opponent[DECK]
    for zone in (HAND, MEMORY, MATERIAL):
        for i, cid in enumerate(opponent[zone]):
            if deck:
                j = rng.randrange(len(deck))
                swap = deck[j]
                state.cards[cid].zone, state.cards[swap].zone = DECK, zone
                opponent[zone][i], deck[j] = swap, cid
    for p in state.players:
        rng.shuffle(p.zones[DECK])
    e._cache = None


@pytest.mark.parametrize("advice", [False, True])
def test_no_hidden_information_leaks(advice: bool) -> None:
    """The viewer's observation is byte-identical after changing only hidden things, the
    heuristic's ``advice`` piece included (gaenv.env.advice)."""
    _check_no_leaks(advice)


def _check_no_leaks(advice: bool) -> None:
    """Skipped: the moments the viewer is itself choosing among its own deck's cards
    (search, glimpse), which the rules show it."""
    e = raw_env(seed=5, advice=advice)
    rng = random.Random(5)
    checked = 0
    for _ in _random_walk(e, 800, seed=5):
        decision = e.game.decision
        if decision.kind in ("glimpse",) or (decision.kind == "choose_card"
                                             and any(e.game.state.cards[o.card].zone == DECK
                                                     for o in decision.options if o.card >= 0)):
            continue
        state = e.game.state
        saved = state.clone()
        for viewer in (0, 1):
            before = e.observe(f"player_{viewer}")["observation"].tobytes()
            _hidden_shuffle(e, viewer, rng)
            after = e.observe(f"player_{viewer}")["observation"].tobytes()
            assert before == after, f"player_{viewer}'s observation changed"
            e.game.state = saved.clone()
            e._cache = None
        checked += 1
    assert checked > 500


def test_leak_test_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deliberate bug (the opponent's hand shown in 'my_memory') is caught."""
    from gaenv.env import observation

    real = observation.Encoder.encode

    def leaky(self, state, player, decision, slots, choices):  # type: ignore[no-untyped-def]
        obs = real(self, state, player, decision, slots, choices)
        hand = state.players[1 - player].zones[HAND][:4]
        width = observation.CARD_FEATURES
        memory = next(p.start for p in self.pieces if p.name == "my_memory")
        for i, cid in enumerate(hand):
            start = memory + i * width
            obs[start:start + width] = self._printed[self._code(state.cards[cid], player)]
        return obs

    monkeypatch.setattr(observation.Encoder, "encode", leaky)
    with pytest.raises(AssertionError, match="observation changed"):
        _check_no_leaks(False)


def test_caps_overflow_into_choice_slots() -> None:
    """Past the hand and field caps, every legal option is still reachable (choice
    slots), and the mask stays exact."""
    e = raw_env(decks=("ember_vanguard", "gale_skirmish"), seed=2)
    e.reset(seed=2)
    state = e.game.state
    me = state.turn_player
    playable = [c for c in e.pool.cards if c.type in ("ally", "item", "weapon")
                and not c.token and not c.is_regalia and c.element == "norm"]
    allies = [c for c in playable if c.type == "ally" and (c.power or 0) > 0]
    assert len(playable) > actions.HAND_SLOTS
    for defn in playable:
        create(state, me, defn, HAND)
    for defn in allies[:actions.OWN_SLOTS + 3]:
        make_object(state, state.cards[create(state, me, defn, FIELD)])
    if not state.players[1 - me].zones[LINEAGE]:  # something to attack
        spirit = create(state, 1 - me, e.pool.get("Spirit of Water"), LINEAGE)
        make_object(state, state.cards[spirit])
        state.players[1 - me].had_champion = True
    state.decision = None  # recompute the current opportunity with the new cards
    e.game.run()
    e._cache = None
    e._after_engine_moved()
    options = e.game.decision.options
    by_index = e.legal_options(e.agent_selection)
    assert set(by_index.values()) == set(options)
    overflow = [o for i, o in by_index.items() if i >= actions.OFFSET["choice"]]
    assert any(o.verb == "activate" for o in overflow)
    assert any(o.verb == "attack" for o in overflow)


def test_too_many_slotless_options_is_a_clear_error() -> None:
    from gaenv.core.decisions import Decision, Option

    e = raw_env(seed=1)
    e.reset(seed=1)
    state = e.game.state
    options = tuple(Option("mode", f"mode {i + 1}: x", i) for i in range(actions.CHOICE_SLOTS + 1))
    decision = Decision(0, "choose_mode", options)
    with pytest.raises(actions.ActionOverflow, match="more than 32 options"):
        actions.assign(state, decision, actions.Slots.of(state, 0))


def test_config_typo_names_the_key() -> None:
    with pytest.raises(ConfigError, match="unknown config key 'deck' \\(did you mean 'decks'"):
        raw_env(deck=("ember_vanguard", "gale_skirmish"))
    with pytest.raises(ConfigError, match="'turn_limit'"):
        raw_env(turn_limit=0)


def test_illegal_actions() -> None:
    e = raw_env(seed=4)
    e.reset(seed=4)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=f"action {illegal} is not legal for player_.; legal "
                                         "actions: 0 \\(pass\\)"):
        e.step(illegal)
    wrapped = env(seed=4)
    wrapped.reset(seed=4)
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert wrapped.terminations[agent] and wrapped._cumulative_rewards[agent] == -1


def test_an_action_that_is_not_a_whole_number_is_refused() -> None:
    """3.5 is not rounded to 3 (nor "3" read as 3): a clear error, the game untouched;
    NumPy integers, which SB3 sends, are actions like ints."""
    e = raw_env(seed=4)
    e.reset(seed=4)
    legal = sorted(e.legal_options(e.agent_selection))
    before = e.game.state.decisions_made
    for bad in (legal[-1] + 0.5, float(legal[-1]), np.float32(legal[-1]), str(legal[-1])):
        with pytest.raises(TypeError, match=r"is not an action index: expected a whole number"):
            e.step(bad)
    assert e.game.state.decisions_made == before
    e.step(np.int64(legal[-1]))
    assert e.game.state.decisions_made > before
    s = SelfPlayEnv(seed=2)
    s.reset(seed=2)
    with pytest.raises(TypeError, match="is not an action index"):
        s.step(0.5)


def test_reset_to_without_a_reset_first() -> None:
    """``env().reset_to(game)`` goes through PettingZoo's wrappers as a reset: the game is
    played to its end from there."""
    game = Game.new(load_deck("ember_vanguard").cards, load_deck("gale_skirmish").cards, seed=5)
    wrapped = env()
    wrapped.reset_to(game)
    for agent in wrapped.agent_iter():
        obs, _, terminated, truncated, _ = wrapped.last()
        wrapped.step(None if terminated or truncated
                     else int(np.flatnonzero(obs["action_mask"])[0]))
        assert agent in ("player_0", "player_1")
    assert game.over and wrapped.unwrapped.game is game
    raw = raw_env()
    raw.reset_to(Game.new(load_deck("iron_bastion").cards, load_deck("iron_bastion").cards,
                          seed=6))
    assert raw.agent_selection in raw.agents and raw.legal_options(raw.agent_selection)


def test_versioned_env_module() -> None:
    """``gaenv.env.gaenv_v0`` is published as PettingZoo's classic games are; its name is
    the environment's."""
    assert gaenv_v0.env is env and gaenv_v0.raw_env is raw_env
    assert gaenv_v0.__name__.rsplit(".", 1)[1] == raw_env.metadata["name"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(gaenv_v0.env(seed=1), num_cycles=20)


def test_rewards_and_truncation() -> None:
    e = raw_env(seed=9)
    for _ in _random_walk(e, 100000, seed=9):
        if e.game.over:
            break
    e.reset(seed=9)
    rng = random.Random(0)
    while not e.game.over:
        obs = e.observe(e.agent_selection)
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    winner = e.game.winner
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e._cumulative_rewards[f"player_{winner}"] == 1
    assert e._cumulative_rewards[f"player_{1 - winner}"] == -1
    for agent in e.agents:  # docs/observation.md, "Rewards and episode end"
        assert e.infos[agent]["result"] == f"player_{winner} won"
        assert e.infos[agent]["reason"] == e.game.reason
        assert e.game.reason.startswith(f"player {1 - winner}")
    short = raw_env(seed=9, turn_limit=2)
    short.reset(seed=9)
    while not short.game.over:
        obs = short.observe(short.agent_selection)
        short.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert short.truncations == {"player_0": True, "player_1": True}
    assert short._cumulative_rewards == {"player_0": 0, "player_1": 0}
    assert short.infos["player_0"] == {"decision": None, "result": "truncated",
                                       "reason": "it reached the turn limit (2 turns)"}


def test_infos_and_render() -> None:
    e = raw_env(seed=6, render_mode="ansi")
    e.reset(seed=6)
    info = e.infos[e.agent_selection]
    assert info["decision"] == e.game.decision.kind
    assert 0 in info["options"] and info["options"][0] == "pass"
    text = e.render()
    assert "player 0:" in text and "player 1:" in text and "decides" in text
    assert "[0] pass" in text


def test_self_play_env_alternates_seats_and_scores_the_learner() -> None:
    s = SelfPlayEnv(seed=8)
    seats = []
    rng = random.Random(8)
    for episode in range(4):
        obs, info = s.reset(seed=8 if episode == 0 else None)
        seats.append(info["learner"])
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(s.action_masks()).tolist())
            obs, reward, terminated, truncated, info = s.step(action)
            done = terminated or truncated
        assert obs is not None and obs.shape == s.observation_space.shape
        game = s.aec.game
        expected = 0.0 if game.truncated or game.winner is None else (
            1.0 if f"player_{game.winner}" == info["learner"] else -1.0)
        assert reward == expected
    assert seats == ["player_0", "player_1", "player_0", "player_1"]


def test_self_play_shaping_is_potential_based() -> None:
    """With a potential and gamma 1, the shaped rewards of an episode add up to the
    outcome less the potential at the learner's first decision (the shaping
    telescopes), and each step's shaping is the change of potential."""
    def potential(game: object, seat: int) -> float:
        state = game.state  # type: ignore[attr-defined]
        return 0.01 * len(state.players[seat].zones["hand"]) - 0.02 * state.turn

    plain, shaped = SelfPlayEnv(seed=4), SelfPlayEnv(seed=4, potential=potential)
    rng = random.Random(4)
    plain.reset(seed=4)
    shaped.reset(seed=4)
    start = potential(shaped.aec.game, shaped.learner)
    total, done = 0.0, False
    while not done:
        before = potential(shaped.aec.game, shaped.learner)
        action = rng.choice(np.flatnonzero(shaped.action_masks()).tolist())
        _, outcome, *_ = plain.step(action)
        _, reward, terminated, truncated, _ = shaped.step(action)
        after = 0.0 if terminated else potential(shaped.aec.game, shaped.learner)
        assert reward == pytest.approx(outcome + after - before)
        total += reward
        done = terminated or truncated
    assert terminated and total == pytest.approx(outcome - start)


def test_self_play_reset_skips_games_the_learner_never_decides_in(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game over before the learner's first real decision is no episode: reset starts
    the next one (SB3 must never get a finished episode from reset)."""
    s = SelfPlayEnv(seed=3)
    real_reset = raw_env.reset
    calls = []

    def reset_ending_the_first_game(self: raw_env, seed: int | None = None,
                                    options: dict | None = None) -> None:
        real_reset(self, seed=seed, options=options)
        calls.append(seed)
        if len(calls) == 1:
            self.game.state.over = True
            self._after_engine_moved()

    monkeypatch.setattr(raw_env, "reset", reset_ending_the_first_game)
    s.reset(seed=3)
    assert len(calls) == 2 and not (s.aec.terminations[s.learner_agent]
                                    or s.aec.truncations[s.learner_agent])
    assert s.action_masks().any()


def test_self_play_same_seed_same_games() -> None:
    """reset(seed) reseeds the opponent too: the same seed and actions replay the same
    observations byte for byte (the config's own seed left unset)."""
    def play() -> list[bytes]:
        s = SelfPlayEnv()
        seen = [s.reset(seed=5)[0].tobytes()]
        for _ in range(60):
            obs, _, terminated, truncated, _ = s.step(int(np.flatnonzero(s.action_masks())[-1]))
            seen.append(obs.tobytes())
            if terminated or truncated:
                break
        return seen

    assert play() == play()


def test_self_play_illegal_action_loses() -> None:
    s = SelfPlayEnv(seed=2)
    s.reset(seed=2)
    illegal = int(np.flatnonzero(~s.action_masks())[0])
    _, reward, terminated, _, info = s.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)
    strict = SelfPlayEnv(seed=2, illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="is not legal"):
        strict.step(illegal)


def test_an_agent_that_does_not_read_the_observation_gets_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`raw_env.ask`: an agent with ``reads_observation`` false (random, heuristic,
    search) is given None, and no observation is made for it or for the infos; one is
    made as soon as somebody observes."""
    e = raw_env(seed=3)
    e.reset(seed=3)
    made: list[int] = []

    class Counting:  # (the compiled encoder's methods cannot be patched: wrap it)
        def __init__(self, encoder: Any) -> None:
            self.encoder = encoder

        def encode(self, *args: Any) -> Any:
            made.append(1)
            return self.encoder.encode(*args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.encoder, name)

    monkeypatch.setattr(e, "encoder", Counting(e.encoder))
    seen: list[object] = []

    class Blind:
        reads_observation = False

        def act(self, observation: object, mask: np.ndarray, view: object = None) -> int:
            seen.append(observation)
            return int(np.flatnonzero(mask)[0])

    for _ in range(30):
        e.step(e.ask(Blind()))
    assert len(seen) == 30 and all(o is None for o in seen) and made == []
    obs = e.observe(e.agent_selection)
    assert made == [1] and obs["action_mask"].sum() == len(e.legal_options(e.agent_selection))
