"""Saved games: where they live, how they are written, and how they are read back.

A saved game is a ``monstertrick-record/1`` record of any registered game (its ``game``
key; :mod:`monstertrick.games`), so ``monstertrick replay`` accepts it, with a ``meta``
object: seats (names and bot levels), seed, created and updated times, the app's version
and the game's ``summary``. This module knows a game only through its registered door
(``to_record``, ``from_record``, ``is_over``, ``summary``, ``totals_range``): it imports
no game engine (the bot levels of a meta are checked by the game's own ``make_bot``, in
the grammar every game shares, :mod:`monstertrick.levels`).

The lists (Continue, History, the start screen's counts) read each save's
``meta["summary"]`` and do not replay the save when that summary passes
:func:`summary_problem`: it holds the fingerprint of exactly this record (a record
changed behind its summary's back is noticed that way), and its content is what this
program writes for such a record (the record's players, each following the names rule;
plain text; winners and totals that fit the game). The fingerprint is no signature:
anyone can recompute it, so a summary is file content like the rest, never markup nor
terminal control, and never trusted beyond what is checked. A summary is only a copy of
what the record says: one that is missing or fails a check (an old save, a record or a
summary edited by hand) is thrown away and rebuilt from the record, which is replayed
once, a failure meaning the save is damaged (moved into ``damaged/`` with the reason,
as always), and the rebuilt summary is written into the save so that the next list need
not replay it again (a record without meta, or a game open in another window, is not
written to, and is replayed at every list). A save is also replayed when it is opened
(:meth:`SaveStore.open`, :func:`read_save`). What the lists take on trust is only that
a record whose summary checks out replays: one that no longer does (a program that
reads it differently) is listed, and found damaged when it is opened.

Games in progress live in ``<home>/saves/``; finished games move to ``<home>/history/``;
a file that cannot be read is moved, never deleted or overwritten, into
``<home>/saves/damaged/``. ``<home>`` is ``$MONSTERTRICK_HOME`` if set, otherwise the
user's data folder (platformdirs).

Every write is atomic: a temporary file in the same folder, flushed and fsynced, then
``os.replace``: a crash at any instant leaves the previous save or the new one.

A game that is open is locked: an advisory ``flock`` on ``.<name>.lock`` beside its
save, held by the process from the game's first save (or its resume) until it is
finished or the process ends (the system drops the lock of a process that dies, so a
lock never stays stuck). A second process cannot open, save or delete that game
(:class:`SaveLocked`): there is never more than one writer.
"""

from .locks import SaveError, SaveLocked, release_all_locks
from .meta import (
    MAX_HINTS,
    MAX_ROUND,
    MAX_WHERE,
    SUMMARY,
    SaveMeta,
    door,
    fingerprint,
    game_of_state,
    now,
    summary_problem,
)
from .store import (
    DAMAGED,
    HISTORY,
    SAVES,
    TEMP_FILE_AGE,
    DamagedSave,
    NameSummary,
    SavedGame,
    SaveStore,
    atomic_write,
    home,
    log_folder,
    read_save,
    summarize,
)

__all__ = [
    "DAMAGED",
    "HISTORY",
    "MAX_HINTS",
    "MAX_ROUND",
    "MAX_WHERE",
    "SAVES",
    "SUMMARY",
    "TEMP_FILE_AGE",
    "DamagedSave",
    "NameSummary",
    "SaveError",
    "SaveLocked",
    "SaveMeta",
    "SaveStore",
    "SavedGame",
    "atomic_write",
    "door",
    "fingerprint",
    "game_of_state",
    "home",
    "log_folder",
    "now",
    "read_save",
    "release_all_locks",
    "summarize",
    "summary_problem",
]
