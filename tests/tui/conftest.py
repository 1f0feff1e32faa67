"""Fixtures for the app's tests (those for every test are in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


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
