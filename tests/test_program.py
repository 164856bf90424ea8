"""The effect vocabulary's registry and the interpreter both games use
(`gaenv.core.program`)."""

from __future__ import annotations

import copy
import pickle
from dataclasses import dataclass, field
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
        node = duel_effects.read_step(raw, "card")
        assert (node.op, node.args) == ((raw, None) if isinstance(raw, str)
                                        else next(iter(raw.items())))
    else:
        with pytest.raises(DuelCardError, match=message):
            duel_effects.read_step(raw, "card")


def test_a_duel_mode_holds_its_step_lists_as_nodes() -> None:
    node = duel_effects.read_step({"mode": {"heal": [{"heal": {"amount": 10}}],
                                            "deal": {"deal": {"amount": 10}}}}, "card")
    assert node.op == "mode"
    assert node.args == {"heal": (program.Node("heal", {"amount": 10}),),
                         "deal": (program.Node("deal", {"amount": 10}),)}


@dataclass
class _Position:
    over: bool = False
    said: list[str] = field(default_factory=list)


@dataclass
class _Frame:
    steps: tuple[program.Node, ...]
    pc: int = 0
    kept: list[str] = field(default_factory=list)
    moves: int = 0

    def next_step(self) -> None:
        self.pc += 1
        self.kept = []
        self.moves += 1


def _toy_table() -> dict[str, program.Primitive]:
    """``say W``; ``ask W`` (asks, then says the answer); ``twice``: says the words of the
    next two steps again after itself (`insert`); ``end`` ends the game."""
    table: dict[str, program.Primitive] = {}
    primitive = program.registrar(table)

    @primitive("say", "word", word=("any", True, None))
    def say(state: _Position, frame: _Frame, args: str, answer: Any) -> None:
        state.said.append(args)

    @primitive("ask", "word", word=("any", True, None))
    def ask(state: _Position, frame: _Frame, args: str, answer: Any) -> Any:
        if answer is None:
            frame.kept.append(args)
            return f"which {args}?"
        state.said.append(f"{frame.kept[0]}={answer}")
        return None

    @primitive("twice")
    def twice(state: _Position, frame: _Frame, args: None, answer: Any) -> None:
        program.insert(frame, frame.steps[frame.pc + 1:frame.pc + 3])

    @primitive("end")
    def end(state: _Position, frame: _Frame, args: None, answer: Any) -> None:
        state.over = True

    return table


def test_run_carries_a_program_out_step_by_step() -> None:
    """What a step returns stops the program at that step; the answer resumes it there;
    the frame forgets a finished step's progress; inserted steps come right after."""
    table = _toy_table()
    state = _Position()
    frame = _Frame((program.Node("twice", None), program.Node("say", "a"),
                    program.Node("ask", "b"), program.Node("say", "c")))
    assert program.run(table, state, frame, None) == "which b?"
    assert (state.said, frame.pc, frame.kept) == (["a"], 2, ["b"])
    assert program.run(table, state, frame, "yes") == "which b?"  # the inserted copy asks
    assert (state.said, frame.kept) == (["a", "b=yes", "a"], ["b"])
    assert program.run(table, state, frame, "no") is None
    assert state.said == ["a", "b=yes", "a", "b=no", "c"]
    assert (frame.pc, frame.moves, frame.kept) == (len(frame.steps), 6, [])
    assert [n.op for n in frame.steps] == ["twice", "say", "ask", "say", "ask", "say"]


def test_no_step_runs_after_the_game_ends() -> None:
    state = _Position()
    frame = _Frame((program.Node("say", "a"), program.Node("end", None),
                    program.Node("say", "b")))
    assert program.run(_toy_table(), state, frame) is None
    assert (state.said, frame.pc) == (["a"], 1)


def test_a_node_is_shared_by_copies_and_pickles() -> None:
    node = program.Node("say", {"word": "a"})
    assert copy.deepcopy(node) is node
    assert pickle.loads(pickle.dumps(node)) == node
