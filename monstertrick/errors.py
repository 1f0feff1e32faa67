"""Exceptions raised by every game's engine and record reader.

All of them are :class:`ValueError` subclasses, so a caller can catch exactly what it
means: a string that is not a card (:class:`InvalidMoveError`), a move that is not
allowed here and now (:class:`IllegalMoveError`), or a game record that cannot be
replayed (:class:`RecordError`). Messages are written for players.
"""

from __future__ import annotations


class InvalidMoveError(ValueError):
    """Text that does not describe a card or a move at all (e.g. ``"X9"``)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in the current position."""


class RecordError(ValueError):
    """A game record that is not a valid ``monstertrick-record/1`` document.

    ``round`` and ``move`` are 1-based and ``None`` where the fault is not in one
    round or one move.
    """

    def __init__(self, message: str, round: int | None = None, move: int | None = None):
        self.reason = message
        self.round = round
        self.move = move
        where = []
        if round is not None:
            where.append(f"round {round}")
        if move is not None:
            where.append(f"move {move}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
