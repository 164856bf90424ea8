"""Balance studies (`gaenv balance`, issue 19): a planted imbalance is found, a study is the
same whatever the workers and interruptions, and bad input stops it before any game."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from gaenv.balance import games
from gaenv.balance.config import load
from gaenv.balance.games import Row
from gaenv.balance.stats import analyze
from gaenv.cards.decks import resolve_deck_path
from gaenv.cli import main

# An action no champion survives, at a price the heuristic pays early and does not pitch.
DOOM_BOLT = """\
set: planted
cards:
  - name: Doom Bolt
    type: action
    element: fire
    speed: fast
    reserve_cost: 2
    effect:
      - deal_damage: {amount: 20, target: opponent_champion}
    text: "Deal 20 damage to your opponent's champion."
"""


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _report(out: Path) -> dict[str, Any]:
    return json.loads((out / "report.json").read_text())


def test_planted_imbalance_is_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                    ) -> None:
    """Ember Vanguard with Doom Bolt in place of Ember Bolt, beside the real Ember Vanguard
    and Gale Skirmish: the doomed deck is significantly stronger, Doom Bolt is flagged by
    its impact, and Ember Vanguard (the same deck without it) is not flagged."""
    cards = tmp_path / "cards"
    cards.mkdir()
    _write(cards / "planted.yaml", DOOM_BOLT)
    vanguard = resolve_deck_path("ember_vanguard").read_text()
    assert "Ember Bolt: 4" in vanguard
    doom = _write(tmp_path / "doom.yaml", vanguard.replace("Ember Bolt: 4", "Doom Bolt: 4")
                  .replace("name: Ember Vanguard", "name: Doom Vanguard"))
    config = _write(tmp_path / "study.yaml",
                    f"decks: ['{doom}', ember_vanguard, gale_skirmish]\n"
                    f"pool: [builtin, '{cards}']\ngames: 8\npilot_games: 0\n")
    out = tmp_path / "out"
    assert main(["balance", "--config", str(config), "--out", str(out)]) == 0
    assert "Doom Vanguard" in capsys.readouterr().out
    report = _report(out)
    decks = {d["name"]: d for d in report["decks"]}
    assert decks["Doom Vanguard"]["significant"] and decks["Doom Vanguard"]["ci_low"] > 0.5
    assert not decks["Ember Vanguard"]["significant"]
    assert report["decks"][0]["name"] == "Doom Vanguard"
    bolt = next(c for c in report["cards"] if c["name"] == "Doom Bolt")
    assert bolt["flagged"] and bolt["ci_low"] > 0 and bolt["source"] == "played"
    rows = games.read_results(out / games.RESULTS)
    assert len(rows) == 3 * 3 * 8 == report["games"]
    assert any("Doom Bolt" in row.played[row.decks.index("Doom Vanguard")] for row in rows
               if "Doom Vanguard" in row.decks)
    assert not any("Doom Bolt" in played for row in rows
                   for deck, played in zip(row.decks, row.played, strict=True)
                   if deck != "Doom Vanguard")
    for name in ("report.md", "heatmap.png", "strength.png", "cards.png", "config.yaml"):
        assert (out / name).is_file(), name


SMALL = """\
decks: [ember_vanguard, iron_bastion]
pilots: {iron_bastion: random}
games: 3
pilot_games: 2
variants:
  - {name: Vanguard without Bolt, deck: ember_vanguard, swap: {Ember Bolt: Quick Study}}
"""


def _without_study(report: dict[str, Any]) -> dict[str, Any]:
    """A report without its ``study`` section (which names the study's own folder)."""
    return {k: v for k, v in report.items() if k != "study"}


def test_study_is_the_same_whatever_the_workers_and_interruptions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """One worker, two workers, and one worker stopped by Ctrl-C then resumed: the same
    games and the same report; the resumed run plays only the games that were missing."""
    config = _write(tmp_path / "small.yaml", SMALL)
    whole, pair, stopped = tmp_path / "whole", tmp_path / "pair", tmp_path / "stopped"
    assert main(["balance", "--config", str(config), "--out", str(whole)]) == 0
    assert main(["balance", "--config", str(config), "--out", str(pair),
                 "--workers", "2"]) == 0
    expected = games.read_results(whole / games.RESULTS)
    assert len(expected) == 3 * 3 * 3 + 2  # and heuristic against random, measured once
    assert games.read_results(pair / games.RESULTS) == expected
    assert _without_study(_report(pair)) == _without_study(_report(whole))

    real = games.play
    calls: list[int] = []
    interrupt = {"at": 4}  # Ctrl-C as the fourth game starts

    def play(job: games.Job, turn_limit: int, pool: tuple[str, ...] | None) -> Row:
        calls.append(job.number)
        if len(calls) == interrupt["at"]:
            raise KeyboardInterrupt
        return real(job, turn_limit, pool)

    monkeypatch.setattr(games, "play", play)
    capsys.readouterr()
    assert main(["balance", "--config", str(config), "--out", str(stopped)]) == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"--out {stopped} --resume" in err
    assert len(games.read_results(stopped / games.RESULTS)) == 3
    # A line cut short by a kill is dropped, and its game played again.
    with open(stopped / games.RESULTS, "a") as f:
        f.write("3,study,1,Ember Van")
    assert main(["balance", "--config", str(config), "--out", str(stopped)]) == 2
    assert "holds a study already" in capsys.readouterr().err
    calls.clear()
    interrupt["at"] = 0
    assert main(["balance", "--config", str(config), "--out", str(stopped), "--resume"]) == 0
    assert len(calls) == len(expected) - 3
    assert games.read_results(stopped / games.RESULTS) == expected
    assert _without_study(_report(stopped)) == _without_study(_report(whole))


def test_pilot_strength_and_warnings(tmp_path: Path) -> None:
    """A random pilot is measured against the heuristic, the heuristic against random, and
    the report warns when nothing separates the decks or a pilot does not beat random."""
    config = _write(tmp_path / "small.yaml", SMALL)
    study = load(config, tmp_path / "out")
    plan = games.plan(study)
    pilots = [job for job in plan if job.kind == games.PILOT]
    assert {frozenset(job.game.seats) for job in pilots} == {
        frozenset({"heuristic", "random"})}
    # Made-up results: every study game won by seat 0, every pilot game by random.
    rows = [Row(job.number, job.kind, job.game.seed, job.labels, job.game.seats,
                job.game.seats.index("random") if job.kind == games.PILOT else 0, 1, False,
                10, 50, (frozenset(), frozenset())) for job in plan]
    report = analyze(study, rows)
    assert all(not d["significant"] and d["win_rate"] == 0.5 for d in report["decks"])
    assert report["first_player"]["win_rate"] == 0.0 and report["first_player"]["advantage"]
    for matchup in report["matchups"]:
        assert matchup["win_rate"] == 0.5 and matchup["games"] == 2 * 3
    heuristic = next(p for p in report["pilots"]
                     if p["pilot"] == "heuristic" and p["opponent"] == "random")
    assert heuristic["win_rate"] == 0.0
    text = " ".join(report["warnings"])
    assert "No deck's win rate differs significantly" in text
    assert "Pilot heuristic does not beat random" in text


@pytest.mark.parametrize(("text", "message"), [
    ("decks: [ember_vanguard, nope]\n", "decks\\[1\\]: unknown deck 'nope'"),
    ("decks: [ember_vanguard, BAD]\n",
     "decks\\[1\\]: .*bad_deck.yaml: main: unknown card 'Ember Blot'"),
    ("decks: [ember_vanguard, iron_bastion]\npilot: heuristc\n",
     "pilot: unknown agent 'heuristc'"),
    ("decks: [ember_vanguard, iron_bastion]\npilots: {iron_bastion: 'search:budgt=3'}\n",
     "pilots.iron_bastion: .*unknown option .budgt."),
    ("decks: [ember_vanguard, iron_bastion]\npilots: {gale_skirmish: random}\n",
     "pilots.gale_skirmish: not a deck of this study"),
    ("decks: [ember_vanguard, iron_bastion]\nvariants:\n"
     "  - {name: V, deck: ember_vanguard, swap: {Zephyr Shot: Quick Study}}\n",
     "variants\\[0\\].swap: card 'Zephyr Shot' is not in deck 'Ember Vanguard'"),
    ("decks: [ember_vanguard, iron_bastion]\nvariants:\n"
     "  - {name: V, deck: ember_vanguard, swap: {Ember Bolt: Ember Blot}}\n",
     "variants\\[0\\].swap.Ember Bolt: unknown card 'Ember Blot'"),
    ("decks: [ember_vanguard, iron_bastion]\ngmaes: 3\n",
     "unknown config key 'gmaes' \\(did you mean 'games'\\?\\)"),
])
def test_bad_config_is_a_one_line_error_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        text: str, message: str) -> None:
    deck = _write(tmp_path / "bad_deck.yaml", resolve_deck_path("ember_vanguard").read_text()
                  .replace("Ember Bolt: 4", "Ember Blot: 4"))
    config = _write(tmp_path / "bad.yaml", text.replace("BAD", str(deck)))
    monkeypatch.setattr(games, "play", lambda *args: pytest.fail("a game was played"))
    out = tmp_path / "out"
    assert main(["balance", "--config", str(config), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"gaenv: error: {config}: ")
    assert re.search(message, err), err
    assert not out.exists()
