"""Engine parts real cards need (docs/cards.md: Conditions, Statics, Costs, Triggers):
Class, Element and Champion Bonus, ``own_cost``, ``own_keyword``, the ``banish`` cost,
drawing into memory, On Champion Hit and On Ally Hit, ``sacrifice``, ``banish_cards``,
``look_at_top``, Fast Activation, as scenarios over invented cards (tests/restrictions/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaenv import scenario
from gaenv.cards.schema import CardFileError, load_pool

HERE = Path(__file__).parent / "restrictions"
POOL = load_pool([HERE / "cards.yaml"])
SCENARIOS = sorted(p for p in HERE.glob("*.yaml") if p.name != "cards.yaml")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path) -> None:
    scenario.run(scenario.load(path), POOL)


def test_own_statics_read_no_object(tmp_path: Path) -> None:
    """A card's own cost works in hand, where the card is no object: no ``self``."""
    bad = tmp_path / "bad.yaml"
    bad.write_text((HERE / "cards.yaml").read_text().replace(
        "requires: {class_bonus: true}\n        text: \"Class Bonus: activating",
        "requires: {self: {rested: true}}\n        text: \"Class Bonus: activating"))
    with pytest.raises(CardFileError, match="own_cost works where it has no object"):
        load_pool([bad])
