"""The gaenv command line."""

from __future__ import annotations

import pytest

from gaenv.cli import main


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--seed", "5", "--check"]) == 0
    out = capsys.readouterr().out
    for label in ("games            3", "wins by seat", "mean turns", "mean decisions",
                  "decisions/s", "seeds 5..7"):
        assert label in out


def test_simulate_with_two_decks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--decks", "gale_skirmish", "cinder_scholars"]) == 0
    assert "Gale Skirmish (player 0) vs Cinder Scholars (player 1)" in capsys.readouterr().out


def test_unknown_deck_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--decks", "gale_skirmish", "nope"]) == 2
    err = capsys.readouterr().err
    assert "unknown deck 'nope'" in err and "gale_skirmish" in err


@pytest.mark.parametrize("args", [["--games", "0"], ["--games", "-1"], ["--turn-limit", "0"],
                                  ["--games", "many"]])
def test_simulate_rejects_bad_counts(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", *args])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "must be at least 1" in err or "expected a whole number" in err


def test_cards_list_one_line_per_card(capsys: pytest.CaptureFixture[str]) -> None:
    from gaenv.cards.schema import default_pool

    assert main(["cards", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(default_pool().cards) + 1
    bolt = next(line for line in lines if line.startswith("Ember Bolt "))
    for part in ("action", "fire", "reserve 1", "fast"):
        assert part in bolt
    assert main(["cards", "list", "--type", "weapon"]) == 0
    weapons = capsys.readouterr().out.splitlines()[1:]
    assert weapons and all(" weapon" in line for line in weapons)


def test_cards_coverage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "coverage"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Drifting Thought: data-only: draw, floating_memory" in lines
    assert lines[-1].endswith("0 hooked") or "0 hooked" in lines[-1]
