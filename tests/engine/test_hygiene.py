"""The engine is pure: no UI, no bots, no I/O, no global random state; and typed."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "monstertrick" / "games" / "monster_trick" / "engine"
FORBIDDEN_MODULES = (
    "textual",
    "rich",
    "monstertrick.tui",
    "monstertrick.games.monster_trick.bots",
    "platformdirs",
)


def test_importing_the_engine_imports_no_ui_and_no_bots() -> None:
    code = (
        "import sys, monstertrick.games.monster_trick.engine, monstertrick.games.monster_trick.engine.record\n"
        f"bad = [m for m in sys.modules if m.startswith({FORBIDDEN_MODULES!r})]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _calls(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            if isinstance(base, ast.Name):
                yield base.id, node.func.attr, node.lineno


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.name)
def test_engine_module_uses_no_global_random_state_and_no_io(path: Path) -> None:
    tree = ast.parse(path.read_text())
    for base, attr, line in _calls(tree):
        if base == "random":
            assert attr == "Random", f"{path.name}:{line} uses the global random state"
        assert base not in ("os", "sys", "time"), f"{path.name}:{line} calls {base}.{attr}"
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    assert not names & {"open", "print", "input"}, f"{path.name} does I/O"
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            for m in mods:
                assert not m.startswith(FORBIDDEN_MODULES), f"{path.name} imports {m}"


@pytest.mark.skipif(
    shutil.which("mypy", path=str(Path(sys.executable).parent)) is None,
    reason="mypy is not installed",
)
def test_engine_type_checks_strictly() -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    proc = subprocess.run(
        [mypy, "--strict", "--no-incremental", str(ENGINE)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
