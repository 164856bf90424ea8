"""The effect vocabulary's registry both games use (`gaenv.core.program`)."""

from __future__ import annotations

from typing import Any

import pytest

from gaenv.core import program
from gaenv.duel import effects as duel_effects
from gaenv.duel.cards import DuelCardError
from gaenv.engine import effects as ga_effects


def test_a_primitive_is_declared_on_its_code_once() -> None:
    table: dict[str, program.Primitive] = {}
    primitive = program.registrar(table)

    @primitive("draw", "amount", amount=("amount", True, None))
    def draw(*args: Any) -> None:
        return None

    assert table["draw"] == program.Primitive({"amount": ("amount", True, None)}, "amount", draw)
    with pytest.raises(ValueError, match="'draw' is declared twice"):
        primitive("draw")(draw)


def test_both_games_keep_their_vocabulary_in_the_registry() -> None:
    for table in (ga_effects.PRIMITIVES, duel_effects.STEPS):
        assert table and all(isinstance(p, program.Primitive) for p in table.values())
    assert duel_effects.STEPS["deal"].params.keys() == {"amount", "per_sent", "to"}


@pytest.mark.parametrize(("raw", "message"), [
    ("prevent_hit", None),                 # a would trigger's step (DUEL 6.10)
    ({"draw": 2}, None),
    ({"target": "champion"}, None),
    ("draw", "unknown step 'draw'"),      # takes a value
    ({"destroy_this": 1}, "unknown step 'destroy_this'"),  # takes nothing
    ({"deal": {"amount": 10, "power": 2}}, "unknown field 'power'; known: amount, per_sent, to"),
    ({"heal": 10}, "expected a mapping of amount, to"),
])
def test_duel_steps_are_checked_against_their_declaration(raw: Any, message: str | None
                                                          ) -> None:
    if message is None:
        duel_effects.check_step(raw, "card")
    else:
        with pytest.raises(DuelCardError, match=message):
            duel_effects.check_step(raw, "card")
