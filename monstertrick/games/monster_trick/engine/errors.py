"""The engine's exceptions live in :mod:`monstertrick.errors`, shared by every game."""

from ....errors import IllegalMoveError, InvalidMoveError, RecordError

__all__ = ["IllegalMoveError", "InvalidMoveError", "RecordError"]
