"""Fixtures for Magic Trick's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monstertrick.games.magic_trick.tui.table import TableScreen


@pytest.fixture(autouse=True)
def keys_count_at_once() -> Iterator[None]:
    """A new person's table takes keys as soon as it is on screen (keys pressed before
    still never count)."""
    saved = TableScreen.NEW_PLAYER_DELAY
    TableScreen.NEW_PLAYER_DELAY = 0
    try:
        yield
    finally:
        TableScreen.NEW_PLAYER_DELAY = saved
