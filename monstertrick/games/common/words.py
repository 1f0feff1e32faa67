"""Words for events and outcomes, as every game writes them for players."""

from __future__ import annotations

from collections.abc import Sequence


def join_names(items: Sequence[str]) -> str:
    """``["Ann", "Bob", "Cid"] -> "Ann, Bob and Cid"``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(n: int, word: str) -> str:
    """``(1, "trick") -> "1 trick"``, ``(2, "trick") -> "2 tricks"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"
