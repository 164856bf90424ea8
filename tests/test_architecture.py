"""Import boundaries: the core is what both games share, each game's engine is its rules
alone on the core, the cards are data for them, the environment adapts them, and agents
sit on top. Every import is read with `ast` (also
those inside functions or under ``TYPE_CHECKING``), so a lazy import cannot hide."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("gaenv", "tests", "scripts")

# (files: a folder ending in "/" or one file, relative to the repository; a module that
# they must not import, with everything under it)
FORBIDDEN = (
    ("gaenv/duel/", "gaenv.engine"),   # the duel is built on the core, not on Grand Archive
    ("gaenv/engine/", "gaenv.env"),
    ("gaenv/engine/", "gaenv.agents"),
    ("gaenv/engine/", "gaenv.cards"),
    ("gaenv/cards/", "gaenv.env"),
    ("gaenv/duel/", "gaenv.env"),      # the duel's rules and cards, like the engine's
    ("gaenv/duel/", "gaenv.agents"),
    ("gaenv/duel/", "gaenv.cards"),
    ("gaenv/cards/", "gaenv.agents"),
    ("gaenv/env/", "gaenv.agents"),
    ("gaenv/games.py", "gaenv.agents"),     # the environment finds its game there
    ("gaenv/heuristic.py", "gaenv.env"),    # the environment's advice piece reads it
    ("gaenv/heuristic.py", "gaenv.agents"),
    ("gaenv/board.py", "gaenv.env"),
    ("gaenv/board.py", "gaenv.agents"),
    ("gaenv/replay.py", "gaenv.env"),
    ("gaenv/replay.py", "gaenv.agents"),
    ("gaenv/gamelog.py", "gaenv.env"),
    ("gaenv/gamelog.py", "gaenv.agents"),
    # Ray is optional (the distributed extra): only gaenv.distributed imports it, and the
    # rules, cards and environment never import that.
    ("gaenv/engine/", "gaenv.distributed"),
    ("gaenv/cards/", "gaenv.distributed"),
    ("gaenv/env/", "gaenv.distributed"),
    ("gaenv/engine/", "ray"),
    ("gaenv/cards/", "ray"),
    ("gaenv/env/", "ray"),
    ("gaenv/agents/", "ray"),
    ("gaenv/balance/", "ray"),
    # The agents are `gaenv.agents`: there is no top-level `agents` package to import.
    ("gaenv/", "agents"),
    ("tests/", "agents"),
    ("scripts/", "agents"),
)

# (file, module) pairs let through (with everything under the module), each with its reason.
ALLOWED = {
    # `start` (behind Game.from_json) looks cards up in the built-in pool when given
    # none; the import runs only then (the cards import the engine, not the reverse).
    ("gaenv/engine/game.py", "gaenv.cards.schema"),
}


def _package(path: str) -> str:
    """The dotted package a file's relative imports start from (its folder's)."""
    return ".".join(path.split("/")[:-1])


def imports(path: str, source: str) -> list[tuple[int, str]]:
    """(line, module) for every module ``source`` (the file at ``path``) imports; a
    ``from M import n`` gives both M and M.n, since n may be a module."""
    found = []
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package(path).split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names
                         if alias.name != "*")
    return found


def violations(path: str, source: str) -> list[str]:
    """Each forbidden import in ``source`` as "file:line imports module"."""
    found = []
    seen = set()  # (line, rule): ``from M import n`` breaking a rule is one violation
    for line, module in imports(path, source):
        if any(path == f and (module == m or module.startswith(m + ".")) for f, m in ALLOWED):
            continue
        for files, banned in FORBIDDEN:
            inside = path.startswith(files) if files.endswith("/") else path == files
            if (inside and (module == banned or module.startswith(banned + "."))
                    and (line, banned) not in seen):
                seen.add((line, banned))
                found.append(f"{path}:{line} imports {module} (no {files} -> {banned})")
    return found


def _sources() -> dict[str, str]:
    return {p.relative_to(ROOT).as_posix(): p.read_text()
            for folder in FOLDERS for p in sorted((ROOT / folder).rglob("*.py"))}


def test_no_import_crosses_a_boundary() -> None:
    sources = _sources()
    assert "gaenv/env/aec.py" in sources and "gaenv/engine/game.py" in sources
    found = [v for path, source in sources.items() for v in violations(path, source)]
    assert not found, "forbidden imports:\n" + "\n".join(found)


def test_the_core_imports_nothing_else_of_gaenv() -> None:
    """Both games are built on `gaenv.core`; it knows neither of them (docs/engine.md,
    "One core, two games")."""
    sources = _sources()
    core = [path for path in sources if path.startswith("gaenv/core/")]
    assert "gaenv/core/played.py" in core
    found = [f"{path}:{line} imports {module}" for path in core
             for line, module in imports(path, sources[path])
             if module.split(".")[0] == "gaenv" and not module.startswith("gaenv.core")]
    assert not found, "the core imports:\n" + "\n".join(found)


def test_allowed_imports_are_still_there() -> None:
    """An exception nothing uses any more is taken out of ALLOWED."""
    sources = _sources()
    for path, module in ALLOWED:
        assert module in {m for _, m in imports(path, sources[path])}, (path, module)


def test_the_checker_catches_violations() -> None:
    source = ("from gaenv.agents.base import View\n"
              "\n"
              "def view():\n"
              "    import gaenv.agents.search\n"
              "    from gaenv.cards import decks\n")
    assert violations("gaenv/env/aec.py", source) == [
        "gaenv/env/aec.py:1 imports gaenv.agents.base (no gaenv/env/ -> gaenv.agents)",
        "gaenv/env/aec.py:4 imports gaenv.agents.search (no gaenv/env/ -> gaenv.agents)",
    ]
    assert violations("gaenv/engine/combat.py", "from gaenv import env\n") == [
        "gaenv/engine/combat.py:1 imports gaenv.env (no gaenv/engine/ -> gaenv.env)"]
    assert violations("gaenv/engine/zones.py", "def f():\n    from ..env import view\n") == [
        "gaenv/engine/zones.py:2 imports gaenv.env (no gaenv/engine/ -> gaenv.env)"]
    assert violations("gaenv/cards/schema.py", "from gaenv.env.aec import raw_env\n") == [
        "gaenv/cards/schema.py:1 imports gaenv.env.aec (no gaenv/cards/ -> gaenv.env)"]
    assert violations("gaenv/replay.py", "from gaenv.env.aec import raw_env\n")
    assert not violations("gaenv/agents/base.py", "from gaenv.env.view import View\n")
    assert violations("tests/test_agents.py", "from agents.base import Agent\n") == [
        "tests/test_agents.py:1 imports agents.base (no tests/ -> agents)"]
    assert not violations("gaenv/env/aec.py", "from gaenv.board import board\n")
