"""Fixtures for Monster Taking's app tests (as for the app's own, tests/tui/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import textual._wait


@pytest.fixture
def quick_idle() -> Iterator[None]:
    """Let Pilot notice an idle app sooner (for the tests that play whole matches)."""
    saved = textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE
    textual._wait.SLEEP_GRANULARITY = 1 / 200
    textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20
    try:
        yield
    finally:
        textual._wait.SLEEP_GRANULARITY, textual._wait.SLEEP_IDLE = saved


@pytest.fixture(autouse=True)
def handoff_accepts_at_once() -> Iterator[None]:
    """Handoffs accept Enter as soon as they are on screen in tests."""
    from monstertrick.tui.screens.handoff import HandoffScreen

    saved = HandoffScreen.ACCEPT_DELAY
    HandoffScreen.ACCEPT_DELAY = 0
    try:
        yield
    finally:
        HandoffScreen.ACCEPT_DELAY = saved
