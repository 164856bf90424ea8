"""The three-champion duel (docs/duel.md, DUEL.md): cards and decks as data, setup,
random play to the end, determinism, clones, saved games, limits and options. Rules and
card rulings are tested by the scenarios under tests/scenarios/duel/."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from gaenv import scenario
from gaenv.duel import checks, engine, rules
from gaenv.duel.cards import (
    DuelCardError,
    DuelDeck,
    builtin_decks,
    check_deck,
    default_pool,
    load_cards,
    load_decks,
)
from gaenv.duel.game import DuelGame, IllegalOption, ReplayError

ROOT = Path(__file__).resolve().parents[1]
DUEL_MD = ROOT.parent / "shared" / "reference" / "DUEL.md"
SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "duel").glob("*.yaml"))


def _decks() -> tuple[DuelDeck, DuelDeck]:
    decks = builtin_decks()
    return decks["ember_assault"], decks["pillars_of_the_sky"]


def _play(seed: int, turn_limit: int = 400, **options: bool) -> DuelGame:
    rng = random.Random(seed)
    a, b = _decks()
    game = DuelGame.new(a, b, seed, turn_limit, **options) if seed % 2 else \
        DuelGame.new(b, a, seed, turn_limit, **options)
    while not game.over:
        assert game.decision is not None
        game.step(rng.randrange(len(game.decision.options)))
    return game


# --- cards and decks ---------------------------------------------------------------------

def test_pool_has_the_51_cards_of_the_pool() -> None:
    """DUEL 13.1-13.2: 35 seed cards (6 champions, 13 equipment, 16 spells), 16 designed
    (5 champions, 4 equipment, 7 spells)."""
    cards = default_pool().cards.values()
    count = {(c.origin, c.type): 0 for c in cards}
    for c in cards:
        count[c.origin, c.type] += 1
    assert count == {("seed", "champion"): 6, ("seed", "equipment"): 13, ("seed", "spell"): 16,
                     ("designed", "champion"): 5, ("designed", "equipment"): 4,
                     ("designed", "spell"): 7}


def test_the_two_decks_are_legal() -> None:
    """DUEL 14.1-14.3 and 3.1-3.3: 60 cards, at most 4 of a name, 3 distinct champions;
    every card the seed names is in a deck or is one of its champions."""
    a, b = _decks()
    assert (len(a.main), len(b.main)) == (60, 60)
    assert a.match_champions == ("Ember Fox", "Fenrir")
    assert b.match_champions == ("Tide Oracle", "Storm Heron")
    named = {n for d in (a, b) for n in (*d.main, *d.champions, *d.match_champions)}
    seed_cards = {c.name for c in default_pool().cards.values() if c.origin == "seed"}
    assert seed_cards - named == {"Infection"} - named


@pytest.mark.parametrize(("old", "new", "field"), [
    ("  type: champion\n  origin: seed\n  health: 100", "  type: hero\n  origin: seed\n"
     "  health: 100", ".type"),
    ("  health: 100\n", "  health: x\n", ".health"),
    ("    effect: [{target: champion}, {deal: {amount: 30, per_sent: true}}]",
     "    effect: [{dael: 3}]", ".activated.effect"),
    ("  slots: [fire, fire, earth]\n  activated:\n    cost: [send_all",
     "  slots: [fire, lava]\n  activated:\n    cost: [send_all", ".slots"),
])
def test_card_errors_name_file_card_and_field(tmp_path: Path, old: str, new: str,
                                              field: str) -> None:
    text = (ROOT / "gaenv" / "duel" / "data" / "cards.yaml").read_text()
    assert old in text
    bad = tmp_path / "cards.yaml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(DuelCardError) as info:
        load_cards(bad)
    error = str(info.value)
    assert "\n" not in error and str(bad) in error and f"(Hestia){field}" in error


def test_deck_errors_name_the_rule(tmp_path: Path) -> None:
    """DUEL 3.1-3.3: size, copies, champions."""
    a, _ = _decks()
    pool = default_pool()
    with pytest.raises(DuelCardError, match="59 cards"):
        check_deck(DuelDeck("x", "x", a.champions, a.main[:59]), pool, "deck x")
    with pytest.raises(DuelCardError, match="copies of Firebolt; at most 4"):
        check_deck(DuelDeck("x", "x", a.champions, (*a.main[:55], *["Firebolt"] * 5)), pool,
                   "deck x")
    with pytest.raises(DuelCardError, match="different names"):
        check_deck(DuelDeck("x", "x", ("Hestia", "Hestia", "Fenrir"), a.main), pool, "deck x")
    with pytest.raises(DuelCardError, match="is a champion"):
        check_deck(DuelDeck("x", "x", a.champions, (*a.main[:59], "Fenrir")), pool, "deck x")
    bad = tmp_path / "decks.yaml"
    bad.write_text("d:\n  champions: [Hestia, Fenrir, Sky Weaver]\n  main: {Firebolts: 4}\n")
    with pytest.raises(DuelCardError, match=r"decks.yaml: d.main.*closest: Firebolt"):
        load_decks(bad)


# --- setup and the game API ---------------------------------------------------------------------

def test_setup_deals_seven_and_picks_a_first_player() -> None:
    """DUEL 3.4-3.7: champions face up on the field, 7 cards each, a random first player
    (seeded), no mulligan: the first decision is the first player's action."""
    firsts = set()
    for seed in range(12):
        game = DuelGame.new(*_decks(), seed)
        state = game.state
        assert [len(p.hand) for p in state.players] == [7, 7]
        assert [len(p.deck) for p in state.players] == [53, 53]
        assert [len(rules.on_field(state, p)) for p in (0, 1)] == [3, 3]
        assert game.decision is not None and game.decision.kind == "action"
        assert game.decision.player == state.first_player == state.turn_player
        firsts.add(state.first_player)
    assert firsts == {0, 1}
    drawn = DuelGame.new(*_decks(), 0).state.first_player
    named = DuelGame.new(*_decks(), 0, first_player=1 - drawn)
    assert named.decision is not None and named.decision.player == 1 - drawn


def test_random_games_end_and_are_deterministic() -> None:
    """300 random games end (win, draw or truncation) without error; the same seed and
    choices give the same game."""
    reasons: dict[str, int] = {}
    for seed in range(300):
        game = _play(seed)
        why = re.sub(r"player \d", "player N", game.reason)
        reasons[why] = reasons.get(why, 0) + 1
        assert game.outcome in ("win", "draw", "truncated")
        assert game.ending.startswith({"win": f"player {game.winner} wins: ", "draw": "a draw: ",
                                       "truncated": "the game stopped: "}[game.outcome])
    assert reasons.get("player N has no champion left", 0) > 100
    assert _play(7).log == _play(7).log
    assert _play(7).log != _play(8).log


def test_fuzz_checked_games() -> None:
    """Invariants after every choice, a clone and a replay agree (scripts/fuzz.py --game
    duel runs many more)."""
    for seed in range(6):
        checks.fuzz_game(seed)


def test_clone_is_independent() -> None:
    game = DuelGame.new(*_decks(), 3)
    copy = game.clone()
    game.step("draw")
    assert copy.state.turn == 1 and game.state.turn == 2
    assert len(copy.state.players[copy.state.turn_player].hand) == 7


def test_saved_game_replays_and_checks_choices() -> None:
    game = _play(11)
    again = DuelGame.from_json(game.to_json())
    assert (again.winner, again.reason, again.log) == (game.winner, game.reason, game.log)
    record = json.loads(game.to_json())
    record["choices"][0][3] = "no such option"
    with pytest.raises(ReplayError, match="diverges at choice 0") as caught:
        DuelGame.from_json(json.dumps(record))
    assert "recorded with engine" not in str(caught.value)
    record["engine"] = "0.0.9"  # the core's replay names another engine's record
    with pytest.raises(ReplayError, match=r"recorded with engine '0.0.9', this is '"):
        DuelGame.from_json(json.dumps(record))
    with pytest.raises(ReplayError, match="not a duel game record"):
        DuelGame.from_json("{}")


def test_illegal_option_is_refused() -> None:
    game = DuelGame.new(*_decks(), 1)
    with pytest.raises(IllegalOption, match="not a legal option"):
        game.step("activate Nothing")


def test_turn_limit_truncates() -> None:
    """DUEL 11.8: past the turn limit the game stops without a result."""
    game = _play(5, turn_limit=4)
    assert game.truncated and game.winner is None and game.state.turn == 5
    assert game.outcome == "truncated"


def test_concede_option() -> None:
    """DUEL 11.5: off by default; on, the action decision offers it last."""
    game = DuelGame.new(*_decks(), 2)
    assert game.decision is not None and "concede" not in game.decision.texts()
    game = DuelGame.new(*_decks(), 2, concede=True)
    assert game.decision is not None and game.decision.texts()[-1] == "concede"
    player = game.decision.player
    game.step("concede")
    assert game.winner == 1 - player and game.reason == f"player {player} conceded"


def test_offer_draw_option() -> None:
    """DUEL 11.6: off by default; on, the turn player may offer a draw once a turn; the
    opponent answers yes (a draw by agreement) or no (the turn goes on)."""
    game = DuelGame.new(*_decks(), 2, offer_draw=True)
    assert game.decision is not None and "offer draw" in game.decision.texts()
    player = game.decision.player
    game.step("offer draw")
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (1 - player, "yes_no")
    game.step("no")
    assert game.decision is not None and game.decision.player == player
    assert "offer draw" not in game.decision.texts()
    game.step("draw")
    game.step("offer draw")
    game.step("yes")
    assert game.over and game.winner is None
    # (the turn passed with the draw: now the other player offered)
    assert game.reason == (f"draw by agreement: player {player} accepted the offer of "
                           f"player {1 - player}")
    assert _play(4, offer_draw=True).over


def test_repetition_can_be_switched_off() -> None:
    """DUEL 11.6: the repetition draw is an engine option, on by default."""
    path = ROOT / "tests" / "scenarios" / "duel" / "repetition_is_a_draw.yaml"
    data = scenario.load(path).data
    from gaenv.duel.scenario import build

    game = build(data["setup"])
    game.state.options["draw_on_repetition"] = False
    for step in data["steps"]:
        game.step(step)
    assert not game.over and engine.position_key(game.state)


# --- scenarios ------------------------------------------------------------------------------------

def test_there_are_forty_duel_scenarios() -> None:
    assert len(SCENARIOS) >= 40
    for path in SCENARIOS:
        assert scenario.load(path).data.get("game") == "duel", path


def test_setup_errors_name_file_and_key(tmp_path: Path) -> None:
    """DUEL 15.2: a face-up card in a slot of another element, an unknown card."""
    bad = tmp_path / "slot.yaml"
    bad.write_text("game: duel\nname: x\nrules: DUEL 15.2\nsetup:\n  players:\n"
                   "    - champions: [{card: Hestia, equipment: [{card: Aegis, slot: 0}]}]\n"
                   "    - champions: [Fenrir]\nsteps: []\n")
    with pytest.raises(scenario.ScenarioError, match=r"slot.yaml: .*equipment\[0\]\.slot"):
        scenario.run(scenario.load(bad))
    bad.write_text(bad.read_text().replace("Aegis, slot: 0", "Aegiss, slot: 2"))
    with pytest.raises(scenario.ScenarioError, match=r"slot.yaml: .*closest: Aegis"):
        scenario.run(scenario.load(bad))
    bad.write_text(bad.read_text().replace("game: duel", "game: chess"))
    with pytest.raises(scenario.ScenarioError, match="game: 'chess'"):
        scenario.load(bad)


# Rules a scenario cannot show, each with where it is handled instead.
NOT_IN_SCENARIOS = {
    "1.1": "scope (matches are 3.8)", "1.2": "vocabulary",
    "3.1": "test_deck_errors_name_the_rule", "3.2": "test_deck_errors_name_the_rule",
    "3.3": "test_deck_errors_name_the_rule", "3.4": "test_setup_deals_seven...",
    "3.5": "test_setup_deals_seven...", "3.6": "test_setup_deals_seven...",
    "3.7": "test_setup_deals_seven...", "3.8": "tests/test_duel_tools.py: the best-of-three tests",
    "6.9": "a consequence of 6.5, not a rule to enforce", "11.5": "test_concede_option",
    "11.7": "clocks are not modelled", "11.8": "test_turn_limit_truncates",
    "13.2": "test_pool_has_the_51_cards_of_the_pool", "14.1": "test_the_two_decks_are_legal",
    "14.2": "test_the_two_decks_are_legal", "14.3": "test_the_two_decks_are_legal",
}


@pytest.mark.skipif(not DUEL_MD.exists(), reason="DUEL.md lives in ../shared/reference, "
                    "which is not checked out here")
def test_every_numbered_rule_has_a_scenario() -> None:
    numbered = re.findall(r"^(\d+\.\d+a?) ", DUEL_MD.read_text(), re.M)
    cited: set[str] = set()
    for path in SCENARIOS:
        cited |= set(re.findall(r"DUEL (\d+\.\d+a?)", str(scenario.load(path).data["rules"])))
    missing = [n for n in numbered if n not in cited and n not in NOT_IN_SCENARIOS]
    assert not missing, f"rules with no scenario: {missing}"


def test_doc_lists_every_step_trigger_and_kind() -> None:
    from gaenv.duel import effects
    from gaenv.duel import options as opt
    from gaenv.duel.cards import WHEN

    text = (ROOT / "docs" / "duel.md").read_text()
    for name in (*effects.STEPS, "prevent_hit", *WHEN, *opt.KINDS, *rules.EVENTS):
        assert f"`{name}`" in text, name
    count = re.search(r"\((\d+) files, each naming", text)
    assert count is not None and int(count.group(1)) == len(SCENARIOS)


def test_every_trigger_condition_is_heard_by_an_event() -> None:
    """6.3: each trigger condition but the would one (asked before the damage, 6.10) is
    opened by an event kind of `rules.EVENTS`, and every event kind is heard."""
    from gaenv.duel.cards import WHEN

    heard = [when for hearers in rules.HEARS.values() for when, _ in hearers]
    assert sorted(heard) == sorted(w for w in WHEN if w != "would_be_dealt_damage")
    assert set(rules.HEARS) == set(rules.EVENTS)


# --- the environment ------------------------------------------------------------------------------

def test_env_passes_pettingzoo_api_and_seed_tests() -> None:
    from pettingzoo.test import api_test, seed_test

    from gaenv.env import env

    api_test(env(game="duel", seed=0), num_cycles=200)
    seed_test(lambda: env(game="duel", seed=1), num_cycles=100)


def _env_games(count: int) -> list[tuple[object, int]]:
    """(raw environment, agent index) at every decision of ``count`` random games."""
    from gaenv.env.duel import duel_raw_env

    raw = duel_raw_env(seed=0, auto_forced=False)
    rng = random.Random(0)
    seen = []
    for seed in range(count):
        raw.reset(seed=seed)
        while raw.game is not None and not raw.game.over:
            agent = raw.agent_selection
            seen.append((raw.game.clone(), int(agent[-1])))
            legal = raw.legal_options(agent)
            raw.step(rng.choice(sorted(legal)))
    return seen


def test_env_mask_is_exact() -> None:
    """Every legal option has exactly one action and every unmasked action is legal; the
    observation stays inside its space."""
    from gaenv.env.duel import duel_raw_env

    raw = duel_raw_env(seed=0, auto_forced=False)
    rng = random.Random(1)
    for seed in range(15):
        raw.reset(seed=seed)
        while raw.game is not None and not raw.game.over:
            agent = raw.agent_selection
            legal = raw.legal_options(agent)
            decision = raw.game.decision
            assert decision is not None
            assert sorted(o.text for o in legal.values()) == sorted(decision.texts())
            obs = raw.observe(agent)
            mask = obs["action_mask"]
            assert set(map(int, mask.nonzero()[0])) == set(legal)
            assert raw.observation_space(agent).contains(obs)
            raw.step(rng.choice(sorted(legal)))


def test_env_observation_hides_what_the_seat_may_not_know() -> None:
    """DUEL 2.8, 7.12: the opponent's hand and deck order and the identity of a facedown
    card the seat may not look at never change its observation."""
    from gaenv.duel.state import FIELD
    from gaenv.env.duel_observation import DuelEncoder

    encoder = DuelEncoder(default_pool())
    pool = default_pool()
    checked = 0
    for game, _ in _env_games(4)[::7]:
        state = game.state
        for seat in (0, 1):
            before = encoder.encode(state, seat, None)
            other = state.players[1 - seat]
            changed = game.clone().state
            pile = changed.players[1 - seat]
            pile.deck.reverse()
            for cid in pile.hand:
                changed.cards[cid].defn = pool.get("Firebolt")
            for card in changed.cards:
                if card.zone == FIELD and card.facedown and seat not in card.known:
                    card.defn = pool.get("Grenade" if card.defn.name != "Grenade" else "Aegis")
            assert (encoder.encode(changed, seat, None) == before).all()
            checked += bool(other.hand)
    assert checked > 0


def test_observation_names_the_effect_a_choice_belongs_to() -> None:
    """DUEL 6.7: a resolving activation has left the chain, so the `resolving` piece tells
    a target for Healing Rain from one for Firebolt (its card, whose, the steps)."""
    from gaenv.duel.scenario import build
    from gaenv.env.duel_observation import STEPS, DuelEncoder

    encoder = DuelEncoder(default_pool())
    names = [name for name, _ in encoder.pieces]
    start = sum(size for _, size in encoder.pieces[:names.index("resolving")])
    end = start + encoder.pieces[names.index("resolving")][1]
    seen = {}
    for spell in ("Healing Rain", "Firebolt"):
        game = build({"players": [{"champions": [{"card": "Hestia", "damage": 40}],
                                   "hand": [spell]}, {"champions": ["Fenrir"]}]})
        game.step(f"activate {spell}")
        assert game.decision is not None and game.decision.kind == "choose_target"
        assert not game.state.chain  # the activation is resolving, no longer on the chain
        piece = encoder.encode(game.state, 0, game.decision)[start:end]
        assert piece[:3].tolist() == [1.0, 1.0, 0.0]  # an effect, player 0's, resolving
        assert piece[3 + encoder.names[spell]] == 1.0
        following = piece[3 + len(encoder.names) + len(STEPS):][:len(STEPS)]
        assert following[STEPS.index("heal" if spell == "Healing Rain" else "deal")] == 1.0
        seen[spell] = piece
        game.step(game.decision.options[0])
        assert not encoder.encode(game.state, 1, game.decision)[start:end].any()  # no effect now
    assert (seen["Healing Rain"] != seen["Firebolt"]).any()


def test_facedown_identity_is_seen_by_its_player_only() -> None:
    """DUEL 7.12: the player who equipped a facedown card sees it; the opponent never."""
    from gaenv.duel.scenario import build
    from gaenv.env.duel_observation import DuelEncoder

    setup = {"players": [
        {"champions": [{"card": "Magma Slug", "equipment": [
            {"card": "Grenade", "slot": 0, "facedown": True}]}]},
        {"champions": ["Fenrir"]}]}
    encoder = DuelEncoder(default_pool())
    game = build(setup)
    other = build(setup)
    cid = next(c.id for c in other.state.cards if c.defn.name == "Grenade")
    other.state.cards[cid].defn = default_pool().get("Strawman")
    assert (encoder.encode(game.state, 1, None) == encoder.encode(other.state, 1, None)).all()
    assert (encoder.encode(game.state, 0, None) != encoder.encode(other.state, 0, None)).any()


def test_doc_layout_tables_are_current() -> None:
    from gaenv.env.duel_actions import DuelActions
    from gaenv.env.duel_observation import DuelEncoder

    text = (ROOT / "docs" / "duel.md").read_text()
    for tag, table in (("observation", DuelEncoder(default_pool()).markdown()),
                       ("actions", DuelActions(default_pool()).markdown())):
        block = text.split(f"<!-- generated {tag} -->\n", 1)[1].split("\n<!-- end", 1)[0]
        assert block == table, f"docs/duel.md: regenerate the {tag} table"


def test_env_uses_the_duel_turn_limit() -> None:
    from gaenv.env.duel import duel_raw_env

    assert duel_raw_env().config.turn_limit == 400
    assert duel_raw_env(turn_limit=50).config.turn_limit == 50


def test_self_play_env_passes_sb3_check_env() -> None:
    from stable_baselines3.common.env_checker import check_env

    from gaenv.env.single import SelfPlayEnv

    check_env(SelfPlayEnv(game="duel", seed=0))


def test_layout_command_prints_the_duel_layout(capsys: pytest.CaptureFixture[str]) -> None:
    from gaenv.cli import main

    assert main(["layout", "--game", "duel"]) == 0
    out = capsys.readouterr().out
    assert "`equip_facedown`" in out and "`champions`" in out


def test_new_controller_may_look_at_a_facedown_card() -> None:
    """DUEL 7.12: after Mind Control the champion's new controller may look at its
    facedown card (the observation shows it); the old one still may (they equipped it)."""
    from gaenv.duel.scenario import build
    from gaenv.env.duel_observation import DuelEncoder

    path = ROOT / "tests" / "scenarios" / "duel" / "mind_control_new_controller_may_look.yaml"
    data = scenario.load(path).data
    encoder = DuelEncoder(default_pool())
    games = [build(data["setup"]), build(data["setup"])]
    cid = next(c.id for c in games[1].state.cards if c.defn.name == "Grenade")
    games[1].state.cards[cid].defn = default_pool().get("Strawman")
    before = [encoder.encode(g.state, 0, None) for g in games]
    assert (before[0] == before[1]).all()
    for game in games:
        game.step("activate Mind Control")
        game.step("target Magma Slug (player 1)")
    after = [encoder.encode(g.state, seat, None) for g in games for seat in (0, 1)]
    assert (after[0] != after[2]).any() and (after[1] != after[3]).any()


def test_determinized_copy_keeps_what_the_seat_knows() -> None:
    """Search copies: the seat's observation is the same in a determinized copy; the
    opponent's hidden cards are dealt again; the copy plays on without error."""
    from gaenv.env.duel_observation import DuelEncoder

    encoder = DuelEncoder(default_pool())
    rng = random.Random(0)
    changed = 0
    for game, seat in _env_games(3)[::11]:
        copy = game.determinized(seat, rng)
        assert (encoder.encode(copy.state, seat, None)
                == encoder.encode(game.state, seat, None)).all()
        hidden = [c for c in game.state.players[1 - seat].hand]
        changed += any(copy.state.cards[c].defn is not game.state.cards[c].defn for c in hidden)
        while not copy.over:
            assert copy.decision is not None
            copy.step(rng.randrange(len(copy.decision.options)))
    assert changed > 0


def test_simulate_and_replay_duels_from_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``gaenv simulate --game duel`` plays checked random games of the duel and writes
    replays whose header names the game; ``gaenv replay`` verifies one choice by choice
    and names the first that diverges; a bad deck or a Grand Archive pool is one line."""
    from gaenv.cli import main

    assert main(["simulate", "--game", "duel", "--games", "4", "--check", "--replays",
                 str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "games            4" in out and "the duel's invariants held" in out
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 4 and '"game": "duel"' in files[0].read_text().splitlines()[0]
    assert main(["replay", str(files[0])]) == 0
    assert "every recorded choice was legal and the same" in capsys.readouterr().out
    lines = files[0].read_text().splitlines()
    lines[3] = lines[3].replace('"choice": "', '"choice": "no such ')
    files[0].write_text("\n".join(lines) + "\n")
    assert main(["replay", str(files[0])]) == 2
    err = capsys.readouterr().err
    assert "the replay diverges at choice 2" in err and err.count("\n") == 1
    assert main(["simulate", "--game", "duel", "--decks", "ember_assault", "nope"]) == 2
    assert "no duel deck 'nope'; duel decks: " in capsys.readouterr().err
    assert main(["simulate", "--game", "duel", "--pool", str(tmp_path)]) == 2
    assert "the duel plays its own" in capsys.readouterr().err
