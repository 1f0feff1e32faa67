"""The table's join codes and the throttling of wrong ones: a fresh code, unguessable
and easy to type, the seat a code is for (:class:`SeatCodes`), and when each wrong
code is answered (:class:`WrongCodes`)."""

from __future__ import annotations

import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..protocol import CODE_ALPHABET, CODE_LENGTH, normal_code

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


@dataclass
class SeatCodes:
    """A table's codes: each person's by seat (a new one for any seat without), and
    the watchers' (``watch_code``); a wrong one answered once its wait is over."""

    codes: dict[int, str]
    watch_code: str
    wrong_codes: WrongCodes
    wrong_wait: Callable[[float], Awaitable[None]]

    def seat_of(self, code: str) -> int | None | bool:
        """The seat a code is for (None: the watchers' code); False for no code."""
        if code == self.watch_code:
            return None
        for seat, mine in self.codes.items():
            if secrets.compare_digest(mine, code):
                return seat
        return False

    async def check(self, text: object, address: str) -> int | None | bool:
        """The seat a code is for (None: a watcher), or False, once its wait is over,
        for anything that is not one of the table's codes (:class:`WrongCodes`: the
        right code is answered at once)."""
        code = normal_code(text)
        seat = self.seat_of(code) if code is not None else False
        if seat is False:
            wait = self.wrong_codes.wait(address)
            if wait > 0:
                await self.wrong_wait(wait)
        return seat
