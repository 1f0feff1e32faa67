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


def percent(share: float) -> str:
    """A share of the worlds a search played, as a reason says it: ``0.614 -> "61%"``
    (whole percents, rounded half to even as Python rounds)."""
    return f"{round(share * 100)}%"


def of_deals(share: float) -> str:
    """``0.614 -> "in 61% of the deals"``: how often a reason's outcome came up over the
    deals the search sampled."""
    return f"in {percent(share)} of the deals"


def ordinal(n: int) -> str:
    """``1 -> "1st"``, ``12 -> "12th"``, ``23 -> "23rd"``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
