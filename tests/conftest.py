"""Fixtures and hooks for every test."""

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


@pytest.fixture(autouse=True)
def no_handoff_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process, a handoff accepts Enter as soon as it is on screen, and in Magic
    Trick the next person's keys count at once (a key pressed before the screen appeared
    still never counts). Only the tests set this, on the classes, for their own process:
    the app started any other way (command line, environment, a test's subprocess)
    keeps the player's delay. The tests of the delay itself set theirs on top."""
    from monstertrick.games.magic_trick.tui.table import TableScreen
    from monstertrick.tui.screens.handoff import HandoffScreen

    monkeypatch.setattr(HandoffScreen, "ACCEPT_DELAY", 0)
    monkeypatch.setattr(TableScreen, "NEW_PLAYER_DELAY", 0)


@pytest.fixture(autouse=True)
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let Pilot notice an idle app sooner.

    Pilot waits after every key until the app has used almost no CPU for 1/50 s; a full
    game is a few hundred keys, so that wait alone costs tens of seconds. A 1/200 s
    window is still far longer than any message hop between key and screen.
    """
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", 1 / 200)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", 1 / 200 / 20)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (a stable sort), so that no worker is left with one of them
    at the end while the others have finished."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
