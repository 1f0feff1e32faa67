"""CI checks the code as the developers do: ``ruff check``, ``ruff format --check`` and
``mypy --strict`` pass."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = str(Path(sys.executable).parent)


def _tool(name: str) -> str:
    path = shutil.which(name, path=BIN) or shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return path


def test_ruff_finds_nothing() -> None:
    ruff = _tool("ruff")
    proc = subprocess.run(
        [ruff, "check", "--no-cache", "monstertrick", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_code_is_formatted_by_ruff() -> None:
    ruff = _tool("ruff")
    proc = subprocess.run(
        [ruff, "format", "--check", "--no-cache", "monstertrick", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, "run: ruff format monstertrick tests benchmarks\n" + proc.stdout


@pytest.mark.slow
def test_the_package_type_checks_strictly() -> None:
    mypy = _tool("mypy")
    # The files and strictness come from [tool.mypy] in pyproject.toml.
    proc = subprocess.run(
        [mypy, "--no-incremental"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success" in proc.stdout
