"""Fixtures for every test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def monstertrick_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test saves into a folder of its own, never into the user's data folder."""
    home = tmp_path_factory.mktemp("monstertrick-home")
    monkeypatch.setenv("MONSTERTRICK_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def release_saved_game_locks() -> Iterator[None]:
    """A test's games are closed when it ends, as they are when the app ends (the locks
    are per process, and the whole test run is one process)."""
    yield
    from monstertrick.saves import release_all_locks

    release_all_locks()
