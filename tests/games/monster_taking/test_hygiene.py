"""The Monster Taking package is pure: no UI, no I/O, no global random state; and typed."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "monstertrick" / "games" / "monster_taking"
FORBIDDEN_MODULES = (
    "textual",
    "rich",
    "monstertrick.tui",
    "monstertrick.games.monster_trick.bots",
    "platformdirs",
)


def test_importing_the_package_imports_no_ui() -> None:
    code = (
        "import sys\n"
        "import monstertrick.games.monster_taking.record, monstertrick.games.monster_taking.bots\n"
        f"bad = [m for m in sys.modules if m.startswith({FORBIDDEN_MODULES!r})]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_module_uses_no_global_random_state_and_no_io(path: Path) -> None:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            if isinstance(base, ast.Name):
                if base.id == "random":
                    assert node.func.attr == "Random", f"{path.name}:{node.lineno} global random"
                assert base.id not in ("os", "sys", "time"), f"{path.name}:{node.lineno}"
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
def test_package_type_checks_strictly() -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    assert mypy is not None
    proc = subprocess.run(
        [mypy, "--strict", "--no-incremental", str(PACKAGE)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
