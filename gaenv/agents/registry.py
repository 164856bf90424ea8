"""Agents by spec. A spec is a name with options after a colon, ``key=value`` pairs
separated by commas:

- ``random``, ``heuristic``, ``search`` (``search:budget=48,horizon=60``);
- ``ppo:PATH``: a saved MaskablePPO policy (a ``.zip`` file, or a training run folder
  whose best or final model is used); ``ppo:default`` is the model shipped with gaenv;
- ``rllib:PATH``: a policy trained with ``gaenv train --backend rllib`` (its run folder
  or checkpoint; the distributed extra);
- your own `Agent` subclass: ``module:Class`` (an importable module) or
  ``path/to/file.py:Class``, options after one more colon
  (``my_agents.py:Greedy:depth=2``).

Options become keyword arguments of the class, converted to the type its constructor
annotates them with (int, float, bool; anything else stays text); a constructor with a
``seed`` parameter also gets the seed the caller gives (each game's own).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from gaenv.agents.base import Agent, RandomAgent
from gaenv.agents.heuristic import HeuristicAgent
from gaenv.agents.search import SearchAgent


class AgentSpecError(ValueError):
    """An agent name, class or option that does not exist or does not fit."""


BUILT_IN: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "heuristic": HeuristicAgent,
    "search": SearchAgent,
}
SPECS = ("random, heuristic, search[:OPTIONS], ppo:PATH, rllib:PATH, module:Class[:OPTIONS], "
         "path/file.py:Class[:OPTIONS]")


def make(spec: str, seed: int | str = 0, pool: tuple[str, ...] | None = None) -> Agent:
    """The agent ``spec`` names, seeded with ``seed``, for games of the card pool of the
    card files ``pool`` (None: the built-in pool; a policy must have been trained on
    it); its ``name`` is the spec."""
    name, _, argument = spec.partition(":")
    if name == "ppo":
        agent = _ppo(argument, pool)
    elif name == "rllib":
        agent = _rllib(argument, pool)
    elif name in BUILT_IN:
        agent = build(BUILT_IN[name], seed, argument, f"agent {name!r}")
    elif argument:
        class_name, _, options = argument.partition(":")
        agent = build(_load_class(name, class_name), seed, options, f"agent {spec!r}")
    else:
        raise AgentSpecError(f"unknown agent {name!r}; agent specs: {SPECS}")
    agent.name = spec
    return agent


def _ppo(argument: str, pool: tuple[str, ...] | None) -> Agent:
    from gaenv.agents.ppo import PPOAgent

    if not argument:
        raise AgentSpecError("ppo needs a path: ppo:PATH (a model .zip or a run folder)")
    return PPOAgent(argument, pool=pool)


def _rllib(argument: str, pool: tuple[str, ...] | None) -> Agent:
    if not argument:
        raise AgentSpecError("rllib needs a path: rllib:PATH (a gaenv train --backend rllib "
                             "run folder or its checkpoint)")
    from gaenv.distributed import RayMissing
    from gaenv.distributed.agent import RllibAgent

    try:
        return RllibAgent(argument, pool)
    except RayMissing as exc:
        raise AgentSpecError(f"rllib:{argument}: {exc}") from None


def build(cls: type[Agent], seed: int | str, options: str, label: str) -> Agent:
    """An instance of ``cls`` given the ``key=value,...`` ``options`` (and ``seed`` if its
    constructor takes one); ``label`` starts every error message."""
    try:
        parameters = inspect.signature(cls, eval_str=True).parameters
    except (NameError, TypeError, ValueError) as exc:
        raise AgentSpecError(f"{label}: cannot read its constructor: {exc}") from None
    known = [p for p in parameters if p != "seed"]
    if options and not known:
        raise AgentSpecError(f"{label} takes no options, got {options!r}")
    values: dict[str, Any] = {}
    for item in filter(None, options.split(",")):
        key, sep, text = (part.strip() for part in item.partition("="))
        if not sep:
            raise AgentSpecError(f"{label}: expected key=value in the options, got {item!r}")
        if key not in known:
            raise AgentSpecError(f"{label}: unknown option {key!r}; known: {', '.join(known)}")
        values[key] = _convert(text, parameters[key].annotation, f"{label}: option {key!r}")
    if "seed" in parameters:
        values["seed"] = seed
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:
        raise AgentSpecError(f"{label}: {exc}") from None


def _convert(text: str, annotation: Any, label: str) -> Any:
    if annotation is bool:
        if text.lower() not in ("true", "false"):
            raise AgentSpecError(f"{label}: expected true or false, got {text!r}")
        return text.lower() == "true"
    if annotation in (int, float):
        try:
            return annotation(text)
        except ValueError:
            raise AgentSpecError(f"{label}: expected a number ({annotation.__name__}), got "
                                 f"{text!r}") from None
    return text


def _load_class(module_name: str, class_name: str) -> type[Agent]:
    """The class ``class_name`` of a module given by import name or by a ``.py`` path."""
    if module_name.endswith(".py"):
        module = _file_module(Path(module_name).resolve())
    else:
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise AgentSpecError(f"cannot import module {module_name!r} ({exc}); for a file, "
                                 f"give its path: {module_name}.py:{class_name}") from None
    cls = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise AgentSpecError(f"{module_name} has no class {class_name!r} that subclasses "
                             "gaenv.agents.Agent")
    return cls


@functools.cache
def _file_module(path: Path) -> ModuleType:
    """The module a Python file defines, run once per process."""
    if not path.is_file():
        raise AgentSpecError(f"no agent file {path}")
    name = f"gaenv_agent_{path.stem}_{hashlib.sha256(bytes(path)).hexdigest()[:8]}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise AgentSpecError(f"{path}: cannot load it: {type(exc).__name__}: {exc}") from None
    return module
