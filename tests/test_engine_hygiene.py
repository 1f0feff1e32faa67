"""Every game's engine is pure: no UI, no I/O, no global random state (written once, for
every registered game; the whole package's strict typing is checked by test_lint)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from monstertrick.games import GAMES

FORBIDDEN = ("textual", "rich", "monstertrick.tui", "platformdirs")


#: Per game (every game has the same layout, ``engine/``, ``bots/``, ``tui/``): its
#: package, and the modules of its engine (rules, records, determinization, playouts) and
#: of its computer players, which all must be pure.
ENGINES = {
    key: (
        entry.package,
        sorted((entry.folder / "engine").glob("*.py"))
        + sorted((entry.folder / "bots").glob("*.py")),
    )
    for key, entry in GAMES.items()
}
MODULES = [
    pytest.param(game, path, id=f"{game}:{path.parent.name}/{path.name}")
    for game, (_, paths) in ENGINES.items()
    for path in paths
]


def _imported(modules: list[str], forbidden: tuple[str, ...]) -> str:
    """The forbidden modules that importing ``modules`` in a fresh process brings in."""
    code = (
        f"import sys, {', '.join(modules)}\n"
        f"print([m for m in sys.modules if m.startswith({forbidden!r})])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.mark.parametrize("game", ENGINES)
def test_importing_a_games_engine_imports_no_ui_and_no_computer_player(game: str) -> None:
    package = ENGINES[game][0]
    modules = [f"{package}.engine", f"{package}.engine.record"]
    assert _imported(modules, (*FORBIDDEN, f"{package}.bots", f"{package}.tui")) == "[]"


@pytest.mark.parametrize("game", ENGINES)
def test_importing_a_games_computer_players_imports_no_ui(game: str) -> None:
    package = ENGINES[game][0]
    assert _imported([f"{package}.bots"], (*FORBIDDEN, f"{package}.tui")) == "[]"


@pytest.mark.parametrize(("game", "path"), MODULES)
def test_engine_module_uses_no_global_random_state_and_no_io(game: str, path: Path) -> None:
    forbidden = (*FORBIDDEN, f"{ENGINES[game][0]}.tui")
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            if isinstance(base, ast.Name):
                if base.id == "random":
                    assert node.func.attr == "Random", f"{path}:{node.lineno} global random"
                assert base.id not in ("os", "sys", "time"), f"{path}:{node.lineno}"
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            for name in names:
                assert not name.startswith(forbidden), f"{path} imports {name}"
    called = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not called & {"open", "print", "input"}, f"{path} does I/O"
