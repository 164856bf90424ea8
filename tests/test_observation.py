"""The observation encoder's shape: one buffer, a named view per piece, a writer each."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from gaenv.env import actions, observation, raw_env


def _positions(steps: int, seed: int) -> Iterator[tuple[raw_env, tuple]]:  # type: ignore[type-arg]
    """At each of ``steps`` random legal decisions: the env and the deciding player's
    ``encode`` arguments."""
    e = raw_env(seed=seed)
    rng = random.Random(seed)
    e.reset(seed=seed)
    for _ in range(steps):
        if e.game.over:
            e.reset()
        state = e.game.state
        decision = state.decision
        player = decision.player
        slots = actions.Slots.of(state, player)
        _, choices = actions.assign(state, decision, slots)
        yield e, (state, player, decision, slots, choices)
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(rng.choice(np.flatnonzero(mask).tolist()))


def test_each_view_is_its_pieces_slice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writers that fill their piece's view with its number (1, 2, ...) through
    ``encoder.views`` give a vector whose every piece slice holds that number: the
    views are the pieces' slices, cover the vector, and encode returns what the
    writers wrote. Card pieces' views are (slots, width), the others 1-D."""
    pool = raw_env(seed=1).pool
    names = [p.name for p in observation.Encoder(pool).pieces]
    for number, name in enumerate(names, 1):
        def mark(self, out, *args, name=name, number=number):  # type: ignore[no-untyped-def]
            self.views[name][...] = number
        monkeypatch.setattr(observation.Encoder, f"_write_{name}", mark)
    encoder = observation.Encoder(pool)
    _, args = next(_positions(1, seed=1))
    vector = encoder.encode(*args)
    assert vector.shape == (encoder.size,) and vector.dtype == np.float32
    assert set(encoder.views) == set(names)
    for number, p in enumerate(encoder.pieces, 1):
        view = encoder.views[p.name]
        assert view.shape == ((p.slots, p.width) if p.slots else (p.size,))
        assert (vector[p.start:p.start + p.size] == number).all(), p.name
    assert sum(p.size for p in encoder.pieces) == encoder.size


def test_each_writer_writes_only_its_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """With one piece's writer idle, the vector differs from the real one only inside
    that piece's slice (and is all zeros there): no writer writes outside its view, and
    encode clears what the previous observation wrote."""
    real: observation.Encoder | None = None
    idle: dict[str, observation.Encoder] = {}
    touched: dict[str, int] = {}
    for i, (e, args) in enumerate(_positions(1500, seed=4)):
        if real is None:
            real = observation.Encoder(e.pool)
            for p in real.pieces:  # (the writers are bound when an encoder is made)
                with monkeypatch.context() as m:
                    m.setattr(observation.Encoder, f"_write_{p.name}", lambda *a: None)
                    idle[p.name] = observation.Encoder(e.pool)
                touched[p.name] = 0
        state, choices = args[0], args[4]
        if i % 10 and not state.stack and not choices:
            continue
        full = real.encode(*args)
        for p in real.pieces:
            vector = idle[p.name].encode(*args)
            inside = slice(p.start, p.start + p.size)
            assert not vector[inside].any(), p.name
            outside = np.ones(real.size, dtype=bool)
            outside[inside] = False
            assert (vector[outside] == full[outside]).all(), p.name
            touched[p.name] += bool(full[inside].any())
    # (every piece was written at some of these positions, so each was checked)
    assert all(touched.values()), touched


def test_encode_returns_a_new_array_each_call() -> None:
    """Two encodes of one position are equal but separate arrays, neither sharing the
    encoder's buffer: a kept observation never changes under later encodes."""
    (e, args), *_ = _positions(1, seed=2)
    encoder = observation.Encoder(e.pool)
    first = encoder.encode(*args)
    kept = first.copy()
    second = encoder.encode(*args)
    assert first is not second and not np.shares_memory(first, second)
    assert first.tobytes() == second.tobytes()
    for view in encoder.views.values():
        assert not np.shares_memory(first, view) and not np.shares_memory(second, view)
    second[:] = -1.0
    first[:] = -1.0
    assert encoder.encode(*args).tobytes() == kept.tobytes()


def test_object_row_memo_is_exact() -> None:
    """The one memo, object rows kept while their card's journal stamp and the statics
    view are the same, never changes an observation: each stays byte for byte what an
    encoder that remembers nothing makes."""
    encoder: observation.Encoder | None = None
    for e, args in _positions(600, seed=7):
        if encoder is None:
            encoder = observation.Encoder(e.pool)
        vector = encoder.encode(*args)
        cold = observation.Encoder(e.pool).encode(*args)
        assert vector.tobytes() == cold.tobytes()


def test_object_row_memo_follows_the_journal(monkeypatch: pytest.MonkeyPatch) -> None:
    """An object's row is made again after a journal write to its card (damage here); a
    write that did not stamp the card would leave the row stale, which is why only the
    journal writes cards (the check fails with the stamp taken out)."""
    from gaenv.engine import journal

    pool = raw_env(seed=11).pool
    for _, args in _positions(400, seed=11):
        state, player = args[0], args[1]
        if state.players[1 - player].zones["field"]:
            break
    else:
        pytest.fail("no position with an opposing object")
    encoder = observation.Encoder(pool)
    encoder.encode(*args)
    target = state.players[1 - player].zones["field"][0]
    journal.damage(state, target, 1)
    assert encoder.encode(*args).tobytes() == observation.Encoder(pool).encode(
        *args).tobytes()
    state.cards[target].damage += 1  # behind the journal's back: no stamp
    assert encoder.encode(*args).tobytes() != observation.Encoder(pool).encode(
        *args).tobytes()


def test_leveler_features() -> None:
    """LEVELERS.md: an object's level counters and band are in its row (for both seats:
    they are public), with the band's stats; a card in hand shows only ``leveler``."""
    from pathlib import Path

    from gaenv.cards.schema import default_pool
    from gaenv.scenario import Scenario, build

    setup = {"turn_player": 0, "phase": "main", "players": [
        {"lineage": ["Spirit of Water"], "hand": ["Tidewall Recruit"], "deck": ["Quick Study"],
         "field": [{"card": "Tidewall Recruit", "counters": {"level": 2}}]},
        {"lineage": ["Spirit of Fire"], "deck": ["Quick Study"]}]}
    pool = default_pool()
    game = build(Scenario(Path("test"), "levelers", {"setup": setup}), pool)
    state = game.state
    names = (*observation.STATIC_NAMES, *observation.DYNAMIC_NAMES)
    encoder = observation.Encoder(pool)
    for seat, piece, slot in ((0, "my_field", 1), (1, "opponent_field", 1)):
        slots = actions.Slots.of(state, seat)
        decision = state.decision if seat == 0 else None
        choices = actions.assign(state, decision, slots)[1] if decision else []
        encoder.encode(state, seat, decision, slots, choices)
        row = dict(zip(names, encoder.views[piece][slot], strict=True))
        assert row["leveler"] == 1.0 and row["level_counters"] == pytest.approx(2 / 5)
        assert row["band"] == pytest.approx(1 / 3) and row["power"] == pytest.approx(2 / 10)
        assert row["life"] == pytest.approx(4 / 30)
    encoder.encode(state, 0, state.decision, actions.Slots.of(state, 0), [])
    hand = dict(zip(names, encoder.views["my_hand"][0], strict=True))
    assert hand["leveler"] == 1.0 and hand["level_counters"] == 0.0 and hand["band"] == 0.0


def test_compact_observation_is_the_full_one_without_printed_features() -> None:
    """The compact observation (docs/observation.md, "The compact observation") is the
    full vector at `compact_columns`, and every printed feature it leaves out is the
    pool's `printed_table` row of the slot's card index (zero in an empty slot): nothing
    a policy could know is lost."""
    positions = list(_positions(300, seed=4))
    e = positions[0][0]
    compact = observation.Encoder(e.pool, compact=True)
    kept = observation.compact_columns(compact)
    table = compact.printed_table()
    starts = np.array(compact.card_slots())
    printed = starts[:, None] + np.array(observation.PRINTED)[None, :]
    assert compact.observation_size == len(kept) < compact.size / 4
    for env, args in positions:
        full = env.encoder.encode(*args)
        assert compact.encode(*args).tobytes() == full[kept].tobytes()
        present = full[starts]
        looked_up = table[full[starts + observation.CARD_INDEX].astype(int)] * present[:, None]
        assert np.array_equal(full[printed], looked_up)


def test_compact_environment_observes_the_compact_vector() -> None:
    """``observation: compact`` gives the environment the compact space and vector; the
    duel has only its own observation."""
    from gaenv.env.config import ConfigError

    full, compact = raw_env(seed=1), raw_env(seed=1, observation="compact")
    full.reset(seed=1)
    compact.reset(seed=1)
    obs = compact.observe(compact.agent_selection)["observation"]
    assert compact.observation_space("player_0")["observation"].shape == obs.shape
    kept = observation.compact_columns(full.encoder)
    assert np.array_equal(full.observe(full.agent_selection)["observation"][kept], obs)
    with pytest.raises(ConfigError, match="key 'observation'"):
        raw_env(observation="tiny")
    with pytest.raises(ConfigError, match="expected full for game 'duel'"):
        from gaenv.env.aec import raw_env_for

        raw_env_for(game="duel", observation="compact")
