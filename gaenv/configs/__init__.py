"""The built-in files, shipped in the package: decks (``decks/``) and training configs
(``train/``), each taken by name (``ember_vanguard``, ``quick``) or as a path to a file."""

from __future__ import annotations

from pathlib import Path

FOLDER = Path(__file__).resolve().parent


def names(kind: str) -> list[str]:
    """The built-in files of ``kind`` (``decks`` or ``train``), by name."""
    return sorted(p.stem for p in (FOLDER / kind).glob("*.yaml"))


def find(kind: str, name_or_path: str | Path) -> Path | None:
    """A path as given (one ending in .yaml or .yml, or naming a file that exists), else the
    built-in file of ``kind`` with that name; None when there is none."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return path
    builtin = FOLDER / kind / f"{name_or_path}.yaml"
    return builtin if builtin.is_file() else None
