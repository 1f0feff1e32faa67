"""The clock of Textual's messages, for comparing a moment with a key's ``event.time``.

Textual stamps every message (``Message.time``) with ``time.monotonic()``, or
``time.perf_counter()`` on Windows (its clocks differ there); a moment compared with a
key's time must come from the same clock. ``tests/test_textual_public.py`` checks that
they still agree.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

now: Callable[[], float] = time.perf_counter if sys.platform == "win32" else time.monotonic
"""Seconds on the clock of ``Message.time`` (a monotonic clock)."""
