"""Agents by name: ``random``, ``heuristic``, ``search`` (``search:budget=48,horizon=60``)
and ``ppo:PATH`` (a saved MaskablePPO policy: a ``.zip`` file, or a training run folder
whose final model is used).
"""

from __future__ import annotations

from collections.abc import Callable

from gaenv.agents.base import Agent, RandomAgent
from gaenv.agents.heuristic import HeuristicAgent
from gaenv.agents.search import SearchAgent


class AgentSpecError(ValueError):
    """An agent name or option that does not exist."""


def _search(seed: int | str, options: dict[str, str]) -> Agent:
    types = {"budget": int, "horizon": int, "explore": float}
    unknown = sorted(set(options) - set(types))
    if unknown:
        raise AgentSpecError(f"unknown search option(s) {unknown}; known: {sorted(types)}")
    values: dict[str, int | float] = {}
    for key, text in options.items():
        try:
            values[key] = types[key](text)
        except ValueError:
            raise AgentSpecError(f"search option {key!r}: expected a number, got {text!r}"
                                 ) from None
    try:
        return SearchAgent(seed, **values)  # type: ignore[arg-type]
    except ValueError as exc:
        raise AgentSpecError(str(exc)) from None


def _ppo(seed: int | str, argument: str) -> Agent:
    from gaenv.agents.ppo import PPOAgent

    if not argument:
        raise AgentSpecError("ppo needs a path: ppo:PATH (a model .zip or a run folder)")
    return PPOAgent(argument)


def _simple(name: str, factory: Callable[[int | str], Agent]
            ) -> Callable[[int | str, str], Agent]:
    def make(seed: int | str, argument: str) -> Agent:
        if argument:
            raise AgentSpecError(f"agent {name!r} takes no options, got {argument!r}")
        return factory(seed)
    return make


AGENTS: dict[str, Callable[[int | str, str], Agent]] = {
    "random": _simple("random", RandomAgent),
    "heuristic": _simple("heuristic", lambda seed: HeuristicAgent()),
    "search": lambda seed, argument: _search(seed, _options(argument)),
    "ppo": _ppo,
}


def _options(argument: str) -> dict[str, str]:
    options = {}
    for item in filter(None, argument.split(",")):
        key, sep, value = item.partition("=")
        if not sep:
            raise AgentSpecError(f"expected key=value in agent options, got {item!r}")
        options[key.strip()] = value.strip()
    return options


def make(spec: str, seed: int | str = 0) -> Agent:
    """The agent a spec names (``name`` or ``name:options``), seeded with ``seed``."""
    name, _, argument = spec.partition(":")
    factory = AGENTS.get(name)
    if factory is None:
        raise AgentSpecError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    agent = factory(seed, argument)
    agent.name = spec
    return agent
