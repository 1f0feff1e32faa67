"""Who sits at the table: seats, names and who starts, checked in one place.

The setup form and ``monstertrick play --players`` both go through :func:`parse_seats`,
so the same names are accepted or refused with the same words everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .games import DEFAULT_GAME, GAMES
from .records import shown

MAX_NAME_LENGTH = 16

DEFAULT_PACE = 1.0
"""Seconds a computer player's move stays on screen before the game goes on."""
MAX_PACE = 30.0
PACE_STEPS = (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0)
"""The pauses offered in the app (``monstertrick play --pace`` takes any)."""


class SetupError(ValueError):
    """A table that cannot be played: the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat at the table: a name, and later perhaps a computer player's level."""

    name: str
    bot: str | None = None
    """None for a person; a computer player's level otherwise."""

    @property
    def is_human(self) -> bool:
        return self.bot is None


@dataclass(frozen=True, slots=True)
class Seating:
    seats: tuple[Seat, ...]
    first: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, in seat order."""
        return tuple(p for p, s in enumerate(self.seats) if s.is_human)

    def is_bot(self, seat: int) -> bool:
        return not self.seats[seat].is_human


def name_problem(name: str, others: Sequence[str] = ()) -> str | None:
    """What is wrong with a player name, in words, or None."""
    if not name.strip():
        return "a name cannot be empty"
    # before anything quotes the name as it is: it may hold terminal control characters
    if any(ch in name for ch in ",:") or not name.isprintable():
        return f"{shown(name, 40)}: a name cannot contain commas, colons or control characters"
    if len(name) > MAX_NAME_LENGTH:
        return f"{name[:MAX_NAME_LENGTH]}… is too long: at most {MAX_NAME_LENGTH} characters"
    if name.strip().casefold() in (o.strip().casefold() for o in others):
        return f"two players are called {name.strip()}: names must differ"
    return None


def split_entry(entry: str) -> tuple[str, str | None]:
    """``"Cy:hard"`` → ``("Cy", "hard")``; ``"Ann"`` → ``("Ann", None)``."""
    name, colon, level = entry.partition(":")
    return name.strip(), (level.strip().lower() if colon else None)


def level_problem(name: str, level: str, game: str = DEFAULT_GAME) -> str | None:
    """What is wrong with a computer player's level (of ``game``), in words, or None."""
    door = GAMES[game].load()
    if not level:
        return f"{name}: write a level after the colon ({', '.join(door.levels)})"
    try:
        door.make_bot(level)
    except ValueError as exc:
        return f"{name}: {exc}"
    if level.split(":", 1)[0].strip() not in door.levels:
        # (the arena's yardsticks, e.g. ismcts, are not offered at the table)
        return f"{name}: {level!r} is not a level of the table: choose {', '.join(door.levels)}"
    return None


def parse_seats(
    names: Sequence[str], *, first: str | int | None = None, game: str = DEFAULT_GAME
) -> Seating:
    """Check the names (and who starts) and build the seating for ``game``.

    An entry ``"Cy:hard"`` seats a computer player called Cy at level ``hard`` (any level
    the game's ``make_bot`` accepts, :mod:`monstertrick.levels`: easy, medium, hard,
    hard:N, hard:Ss).
    """
    facts = GAMES[game]
    MIN_PLAYERS, MAX_PLAYERS = facts.min_players, facts.max_players
    entries = [split_entry(n) for n in names]
    names = [name for name, _ in entries]
    for name, level in entries:
        if level is not None:
            problem = name_problem(name) or level_problem(name, level, game)
            if problem:
                raise SetupError(problem)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError(
            f"{facts.title} is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)}"
        )
    for i, name in enumerate(names):
        problem = name_problem(name, names[:i])
        if problem:
            raise SetupError(problem)
    if first is None:
        start = 0
    elif isinstance(first, int):
        if not 0 <= first < len(names):
            raise SetupError(f"there is no seat {first}")
        start = first
    else:
        folded = [n.casefold() for n in names]
        if first.strip().casefold() not in folded:
            raise SetupError(f"{shown(first)} is not one of the players ({', '.join(names)})")
        start = folded.index(first.strip().casefold())
    return Seating(tuple(Seat(n, bot=level) for n, (_, level) in zip(names, entries)), start)


def parse_pace(text: str) -> float:
    """``"0.5"`` → 0.5: the pause after a computer player's move, in seconds (0: none)."""
    try:
        seconds = float(text)
    except ValueError:
        raise SetupError(f"{text!r} is not a number of seconds") from None
    if not 0 <= seconds <= MAX_PACE:  # also refuses nan
        raise SetupError(f"the pace must be 0 to {MAX_PACE:g} seconds, not {text}")
    return seconds


def next_pace(now: float, step: int) -> float:
    """The pause one of :data:`PACE_STEPS` longer (``step`` > 0) or shorter than ``now``
    (the app's ``+`` and ``-`` keys), stopping at either end."""
    if step > 0:
        return next((s for s in PACE_STEPS if s > now), PACE_STEPS[-1])
    return next((s for s in reversed(PACE_STEPS) if s < now), PACE_STEPS[0])


def pace_label(seconds: float) -> str:
    """How a pause is written for players: ``"no pause"``, ``"0.5 s"``."""
    return "no pause" if seconds <= 0 else f"{seconds:g} s"
