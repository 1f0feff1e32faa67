"""The lock of a game that is open: an advisory ``flock`` on ``.<name>.lock`` beside its
save, held by this process until the game is finished or the process ends (see
:mod:`monstertrick.saves`), and the errors of saving."""

from __future__ import annotations

import os
from pathlib import Path


class SaveError(OSError):
    """Saving failed; the message says what and where, in words."""


class SaveLocked(SaveError):
    """The game is open in another window (another process holds its lock)."""

    def __init__(self, message: str = "this game is open in another window") -> None:
        super().__init__(message)

    def __str__(self) -> str:
        return str(self.args[0])


try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: games are not locked there
    fcntl = None  # type: ignore[assignment]

_HELD: dict[str, int] = {}
"""The locks this process holds: lock file path -> its open file descriptor."""


def _lock_file(path: Path) -> str:
    return os.path.abspath(path.with_name(f".{path.name}.lock"))


def _acquire(path: Path) -> None:
    """Hold the lock of the game at ``path`` for this process (nothing if it already
    does). Raises :class:`SaveLocked` if another process holds it. Where no lock file
    can be made (a read-only folder), the game goes unlocked: it cannot be saved
    there either, so there is no writer to race with."""
    if fcntl is None:  # pragma: no cover
        return
    lock = _lock_file(path)
    if lock in _HELD:
        return
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        except OSError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SaveLocked() from None
        except OSError:  # a file system without locks
            os.close(fd)
            return
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(lock))
        except OSError:
            same = False
        if same:
            _HELD[lock] = fd
            return
        os.close(fd)  # its last holder removed it as we opened it: take the new one


def _release(path: Path) -> None:
    """Let go of the lock of the game at ``path`` (and remove its lock file)."""
    fd = _HELD.pop(_lock_file(path), None)
    if fd is None:
        return
    try:
        os.unlink(_lock_file(path))  # while still holding it, so no one else is fooled
    except OSError:
        pass
    os.close(fd)


def release_all_locks() -> None:
    """Let go of every game this process holds (when the app ends)."""
    for lock in list(_HELD):
        fd = _HELD.pop(lock)
        try:
            os.unlink(lock)
        except OSError:
            pass
        os.close(fd)


def _locked_elsewhere(path: Path) -> bool:
    """Whether another process holds the game at ``path`` open right now."""
    if fcntl is None:  # pragma: no cover
        return False
    lock = _lock_file(path)
    if lock in _HELD:
        return False
    try:
        fd = os.open(lock, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # (closing drops the probe's own shared lock)
    return False
