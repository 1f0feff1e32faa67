"""The games the contract's tests run over: every registered game, and Little Tricks,
a toy game registered only here (:mod:`.toy`), for the time of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from monstertrick.games import GAMES

from . import toy

EVERY_GAME = [*sorted(GAMES), toy.KEY]


@pytest.fixture(params=EVERY_GAME)
def game_key(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The key of one game of :data:`EVERY_GAME`, registered for the test."""
    key: str = request.param
    if key == toy.KEY:
        monkeypatch.setitem(GAMES, toy.KEY, toy.ENTRY)
    yield key
