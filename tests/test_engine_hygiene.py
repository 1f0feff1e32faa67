"""Every game's engine is pure: no UI, no I/O, no global random state (written once, for
every registered game; the whole package's strict typing is checked by test_lint)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[1] / "monstertrick" / "games"
FORBIDDEN = ("textual", "rich", "monstertrick.tui", "platformdirs")

#: Per game: the modules of its engine (rules, records, determinization, playouts), and
#: what importing the engine and the records may not bring in besides ``FORBIDDEN``.
ENGINES = {
    "monster-trick": (
        sorted((GAMES_DIR / "monster_trick" / "engine").glob("*.py")),
        [
            "monstertrick.games.monster_trick.engine",
            "monstertrick.games.monster_trick.engine.record",
        ],
        ("monstertrick.games.monster_trick.bots",),
    ),
    "magic-trick": (
        sorted((GAMES_DIR / "magic_trick").glob("*.py")),
        ["monstertrick.games.magic_trick", "monstertrick.games.magic_trick.bots"],
        (),
    ),
    "monster-taking": (
        sorted((GAMES_DIR / "monster_taking").glob("*.py")),
        [
            "monstertrick.games.monster_taking.engine.record",
            "monstertrick.games.monster_taking.bots",
        ],
        ("monstertrick.games.monster_trick.bots",),
    ),
}
MODULES = [
    pytest.param(game, path, id=f"{game}:{path.name}")
    for game, (paths, _, _) in ENGINES.items()
    for path in paths
]


@pytest.mark.parametrize("game", ENGINES)
def test_importing_a_games_engine_imports_no_ui(game: str) -> None:
    _, modules, also = ENGINES[game]
    forbidden = FORBIDDEN + also
    code = (
        f"import sys, {', '.join(modules)}\n"
        f"bad = [m for m in sys.modules if m.startswith({forbidden!r})]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(("game", "path"), MODULES)
def test_engine_module_uses_no_global_random_state_and_no_io(game: str, path: Path) -> None:
    forbidden = FORBIDDEN + ENGINES[game][2]
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
