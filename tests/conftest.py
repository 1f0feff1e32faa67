"""Fixtures for every test."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def monstertrick_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into a folder of its own, never into the user's data folder."""
    home = tmp_path_factory.mktemp("monstertrick-home")
    monkeypatch.setenv("MONSTERTRICK_HOME", str(home))
    return home
