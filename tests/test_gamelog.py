"""The game log (`gaenv.gamelog`) and the commands that tell it: ``gaenv play``, ``watch``,
``replay`` and ``cards show`` (issue 20, item 2)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from gaenv import replay
from gaenv.cards.decks import load_deck
from gaenv.cli import main
from gaenv.engine.game import Game
from gaenv.gamelog import GameLog


@pytest.fixture(scope="module")
def logged() -> GameLog:
    """A whole random game of levelers against Vesper Shadows, logged step by step."""
    game = Game.new(load_deck("forge_apprentices").cards, load_deck("vesper_shadows").cards, 5)
    log = GameLog(game)
    rng = random.Random(1)
    while not game.over:
        game.step(rng.randrange(len(game.decision.options)))
        log.collect()
    return log


@pytest.mark.parametrize("pattern", [
    r"^-- turn 2, player 0 --$",
    r"^player \d activates \w",                                # plays
    r"^player \d \([^)]+\): target .+ \(player \d\)$",         # targets
    r"^player \d attacks .+ \(player \d\) with .+: power \d+$",  # attacker, defender, power
    r"^.+ \(player \d\) takes \d+ damage from .+$",
    r"^.+ \(player \d\) dies$",
    r"^player \d's champion levels up to .+ \(level \d\)$",
    r"^player \d puts .+ from hand into memory$",              # reserve paid
    r"^player \d banishes .+ from memory$",                    # memory paid
    r"^.+ \(player \d\) gets 1 level counter$",
    r"^.+ \(player \d\) enters band LEVEL \d+(-\d+|\+)$",
    r"^.+ \(player \d\) triggers: .+$",
    r"^player \d draws 7 cards: (.+, ){6}.+$",
    r"^player \d's champion .+ died: player \d loses$",
])
def test_the_log_says_what_happened(logged: GameLog, pattern: str) -> None:
    assert any(re.match(pattern, text) for text in logged.since(0, None)), pattern


def test_a_second_collect_without_a_step_adds_nothing() -> None:
    game = Game.new(load_deck("forge_apprentices").cards, load_deck("vesper_shadows").cards, 5)
    log = GameLog(game)
    assert log.lines and log.collect() == []
    said: list[object] = []
    while not said:  # (a pass may say nothing)
        game.step(0)
        said = list(log.collect())
    assert log.collect() == []


def test_each_seat_reads_only_what_it_may_see(logged: GameLog) -> None:
    own = logged.since(0, 0)
    other = logged.since(0, 1)
    assert "player 0 draws 7 cards: " in "\n".join(own)
    assert any(re.fullmatch(r"player 0 draws 7 cards", text) for text in other)
    assert any(re.fullmatch(r"player 0 puts a card from hand into memory", t) for t in other)
    assert not any(re.fullmatch(r"player 0 puts .+ from hand into memory", t)
                   and "a card" not in t for t in other)
    assert logged.game.ending.startswith(("player 0 wins: player 1", "player 1 wins: player 0"))


def test_watch_tells_a_game_and_saves_it(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "heuristic", "random", "--delay", "0", "--seed", "3",
                 "--replays", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("player 0: heuristic (ember_vanguard); player 1: random "
                          "(vesper_shadows); seed 3\n")
    assert re.search(r"^  player 0 attacks .+: power \d+$", out, re.M)
    assert re.search(r"^game over: player \d wins: player \d's champion .+ died$", out, re.M)
    assert (tmp_path / "watch-seed3.jsonl").exists()
    # The replay tells the same game, forced passes and all other passes folded away.
    assert main(["replay", str(tmp_path / "watch-seed3.jsonl")]) == 0
    told = capsys.readouterr().out
    assert told.split("replayed ")[0] == out.split("\n", 1)[1].split("replay written")[0]
    assert not re.search(r"\bpass$", told, re.M)
    assert main(["watch", "heuristic", "nobody", "--delay", "0"]) == 2
    assert capsys.readouterr().err.startswith("gaenv: error: unknown agent 'nobody'")


def test_watch_stops_on_ctrl_c(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    def interrupt(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("time.sleep", interrupt)
    assert main(["watch", "random", "random", "--seed", "1"]) == 130
    assert capsys.readouterr().err == "gaenv: interrupted\n"


def test_play_states_a_random_seed_and_names_the_replay_after_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the person leaves at once
    assert main(["play", "--replays", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    seed = int(re.search(r"^seed (\d+) \(--seed \1 plays this game again\)$", out, re.M)[1])
    assert f"seed {seed}." in out and "You left the game." in out
    header, _ = replay.read(tmp_path / f"play-seed{seed}.jsonl")
    assert header["seed"] == seed


def test_cards_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "Emberwright Adept"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Emberwright Adept\n  type: ally") and "  cost: reserve 2\n" in out
    assert "  text: Level up 1. LEVEL 1-2: 2/3" in out
    assert main(["cards", "show", "Ember Blot"]) == 2
    assert "closest: 'Ember Bolt'" in capsys.readouterr().err
