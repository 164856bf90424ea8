"""Reading the project's YAML files strictly: a key given twice is an error, not a silent
overwrite, and every error names the file."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml


class _StrictLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing duplicate keys in a mapping."""


def _mapping(loader: _StrictLoader, node: yaml.MappingNode, deep: bool = False) -> dict:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            line = key_node.start_mark.line + 1
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} is given twice (line {line})", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


class YamlError(ValueError):
    """A file that is not valid YAML (or repeats a key); the message names the file."""


def load_yaml(text: str | bytes, label: str) -> Any:
    try:
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.YAMLError as exc:
        raise YamlError(f"{label}: not valid YAML: {exc}") from exc


def keyed(value: Any, allowed: Sequence[str], where: str,
          error: type[Exception] = ValueError) -> dict[str, Any]:
    """``value``, a mapping read from YAML, once every key is one of ``allowed``; else
    ``error`` naming ``where`` and the key (the scenario readers of both games use it)."""
    if not isinstance(value, dict):
        raise error(f"{where}: expected a mapping, got {value!r}")
    for key in value:
        if key not in allowed:
            raise error(f"{where}: unknown key {key!r}; known: {', '.join(allowed)}")
    return value
