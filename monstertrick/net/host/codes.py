"""The table's join codes and the throttling of wrong ones: a fresh code, unguessable
and easy to type, and when each wrong code is answered (:class:`WrongCodes`)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from ..protocol import CODE_ALPHABET, CODE_LENGTH

FREE_TRIES = 3
"""Wrong codes an address may send before each of its further tries waits."""
WRONG_CODE_WAIT = 1.0
"""Seconds between two answers to wrong codes from one address, after
:data:`FREE_TRIES` (tries sent at once wait their turn)."""
WRONG_CODES_PER_SECOND = 10.0
"""Wrong codes answered per second from every address together, beyond a burst of
:data:`WRONG_CODE_BURST` (tries sent at once from many addresses wait their turn)."""
WRONG_CODE_BURST = 20
"""Wrong codes from every address together answered at once before the others wait."""
MAX_ADDRESSES = 10_000
"""Addresses whose wrong codes are counted at once (the count starts again beyond)."""


def new_code() -> str:
    """A fresh join code, unguessable and easy to type: ``"K7QF-9XMB"``."""
    text = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{text[:4]}-{text[4:]}"


class WrongCodes:
    """When each wrong code is answered: at once for an address's first
    :data:`FREE_TRIES`, then one answer per :data:`WRONG_CODE_WAIT` seconds per
    address; and, from every address together, :data:`WRONG_CODES_PER_SECOND` (after a
    burst of :data:`WRONG_CODE_BURST`). Tries sent at once wait their turn, so sending
    many together is no faster than sending them one by one."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._tries: dict[str, int] = {}
        self._next: dict[str, float] = {}
        self._due_in_all = 0.0

    def wait(self, address: str) -> float:
        """A wrong code from ``address``: the seconds until it is answered."""
        now = self._clock()
        if len(self._tries) >= MAX_ADDRESSES and address not in self._tries:
            self._tries.clear()  # (bounded: a new count for every address)
            self._next.clear()
        tries = self._tries[address] = self._tries.get(address, 0) + 1
        at = now
        if tries > FREE_TRIES:  # (one after the other, each a wait after the one before)
            at = max(now, self._next.get(address, now)) + WRONG_CODE_WAIT
            self._next[address] = at
        # In all: a rate with a burst (the generic cell rate algorithm).
        spacing = 1 / WRONG_CODES_PER_SECOND
        due = max(self._due_in_all, now)
        self._due_in_all = due + spacing
        at = max(at, due - (WRONG_CODE_BURST - 1) * spacing)
        return at - now
