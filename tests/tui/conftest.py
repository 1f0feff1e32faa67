"""Fixtures for the app's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import textual._wait


@pytest.fixture
def quick_idle() -> Iterator[None]:
    """Let Pilot notice an idle app sooner (for the tests that play whole games).

    Pilot waits after every key until the app has used almost no CPU for 1/50 s; a full
    game is a few hundred keys, so that wait alone costs tens of seconds. A 1/200 s
    window is still far longer than any message hop between key and screen.
    """
    saved = textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE
    textual._wait.SLEEP_GRANULARITY = 1 / 200
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20
    try:
        yield
    finally:
        textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = saved


@pytest.fixture(autouse=True)
def handoff_accepts_at_once() -> Iterator[None]:
    """Handoffs accept Enter as soon as they are on screen in tests (keys pressed before
    still never count); the tests of the delay itself set it back."""
    from monstertrick.tui.screens.handoff import HandoffScreen

    saved = HandoffScreen.ACCEPT_DELAY
    HandoffScreen.ACCEPT_DELAY = 0
    try:
        yield
    finally:
        HandoffScreen.ACCEPT_DELAY = saved


@pytest.fixture
def utc() -> Iterator[None]:
    """Local time is UTC while the test runs (the saved-game lists show local dates)."""
    import os
    import time

    saved = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        yield
    finally:
        if saved is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = saved
        time.tzset()
