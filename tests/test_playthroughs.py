"""Golden playthroughs: each stored game must regenerate byte for byte
(`gaenv.agents.playthrough`; refresh on purpose with
``python -m gaenv.agents.playthrough --refresh``)."""

from __future__ import annotations

import difflib

import pytest

from gaenv.agents.playthrough import FOLDER, GAMES, render


@pytest.mark.parametrize("name", list(GAMES))
def test_playthrough_is_unchanged(name: str) -> None:
    stored = (FOLDER / f"{name}.txt").read_text()
    fresh = render(name)
    if fresh != stored:
        diff = "".join(list(difflib.unified_diff(
            stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
            f"stored {name}", f"regenerated {name}"))[:60])
        pytest.fail(f"the {name} playthrough changed; if that is intended, run "
                    f"`python -m gaenv.agents.playthrough --refresh` and review the diff:\n{diff}")


def test_playthroughs_are_deterministic() -> None:
    name = next(iter(GAMES))
    assert render(name) == render(name)
