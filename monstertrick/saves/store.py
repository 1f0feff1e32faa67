"""The saves and the history under one home folder (:class:`SaveStore`): where they
live, every write atomic, a save read, listed from its summary, opened, filed or moved
aside as damaged; and the figures per player name over finished games."""

from __future__ import annotations

import os
import secrets
import stat
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import RecordError
from ..records import check_format, game_of, is_int, parse_json, read_record_file, record_text
from .locks import (
    _HELD,
    SaveError,
    SaveLocked,
    _acquire,
    _lock_file,
    _locked_elsewhere,
    _release,
)
from .meta import (
    _FINGERPRINT,
    SUMMARY,
    SaveMeta,
    _trusted_summary,
    door,
    fingerprint,
    game_of_state,
    now,
)

if TYPE_CHECKING:
    from ..games.contract import SomeState

SAVES = "saves"
HISTORY = "history"
DAMAGED = "damaged"


def home() -> Path:
    """The folder that holds saves and history."""
    env = os.environ.get("MONSTERTRICK_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("monstertrick", appauthor=False)


def log_folder() -> Path:
    """Where crash reports go: ``$MONSTERTRICK_HOME/logs`` when that is set (so tests
    and portable setups keep everything in one place), the user's log folder otherwise."""
    env = os.environ.get("MONSTERTRICK_HOME")
    if env:
        return Path(env).expanduser() / "logs"
    from platformdirs import user_log_path

    return user_log_path("monstertrick", appauthor=False)


@dataclass(frozen=True, eq=False)
class SavedGame:
    """A readable save: its file, its game's key, its meta and its summary, and the
    game's state once it is opened (replayed).

    A save listed from its summary (:meth:`SaveStore.unfinished`,
    :meth:`SaveStore.finished`) is not replayed: open it with :meth:`SaveStore.open`,
    which says when it turns out to be damaged. Reading :attr:`game` of a save that is
    not open replays it there and then (raising :class:`RecordError`)."""

    path: Path
    game_key: str
    meta: SaveMeta
    info: dict[str, Any]
    """The game's summary (its door's ``summary``): plain JSON values, what the lists show."""
    state: SomeState | None = field(default=None, repr=False)
    """The game as replayed (None until the save is opened)."""

    @property
    def game(self) -> SomeState:
        """The game's state, replayed from the file if the save is not open yet."""
        if self.state is None:
            object.__setattr__(self, "state", read_save(self.path).state)
        assert self.state is not None
        return self.state

    @property
    def is_open(self) -> bool:
        return self.state is not None

    @property
    def players(self) -> list[str]:
        return list(self.info["players"])

    @property
    def finished(self) -> bool:
        return bool(self.info["over"])

    def summary(self) -> str:
        """One line for a list: players, round and turn (nothing private)."""
        return f"{', '.join(self.players)} — {self.info['where']}"


@dataclass(frozen=True)
class DamagedSave:
    """A save that could not be read, and where it was moved to."""

    path: Path
    reason: str


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def _entries(folder: Path) -> list[Path]:
    """The ``*.json`` entries of a folder that are not folders, sorted: every one is a
    save or is reported as damaged (a pipe or a device too, without ever reading it)."""
    try:
        return sorted(p for p in folder.glob("*.json") if not p.is_dir())
    except OSError:
        return []


def _read_doc(path: Path) -> tuple[bytes, dict[str, Any]]:
    data = read_record_file(path)
    return data, check_format(parse_json(data))


def _replayed(path: Path, doc: dict[str, Any]) -> SavedGame:
    key = game_of(doc)
    rules = door(key)
    if "meta" not in doc:  # an exported game: people only
        state = rules.from_record(doc, seed=0)
        info = rules.summary(state)
        return SavedGame(path, key, SaveMeta.plain(state.players), info, state)
    raw = doc["meta"]
    seed = raw.get("seed") if isinstance(raw, dict) else None
    state = rules.from_record(doc, seed=seed if is_int(seed) else 0)
    info = rules.summary(state)
    return SavedGame(path, key, SaveMeta.from_json(raw, state.players, key), info, state)


def read_save(path: Path) -> SavedGame:
    """Read and replay one save, of any registered game (its ``game`` key, Monster
    Trick without one); :class:`RecordError` says why it cannot be used."""
    return _replayed(path, _read_doc(path)[1])


TEMP_FILE_AGE = 60.0
"""Seconds after which a temporary file in a save folder is left over from a crash (a
save is written in milliseconds)."""


def _free_path(folder: Path, name: str) -> Path:
    """``folder / name``, or ``stem.1.json``, ``stem.2.json``...: a path that is free."""
    target = folder / name
    stem, suffix = Path(name).stem, Path(name).suffix
    k = 1
    while os.path.lexists(target):
        target = folder / f"{stem}.{k}{suffix}"
        k += 1
    return target


def _move(path: Path, folder: Path) -> Path:
    """Move a file into ``folder`` (created if needed) under a name that overwrites
    nothing; returns where it is now. Raises ``OSError``."""
    folder.mkdir(parents=True, exist_ok=True)
    target = _free_path(folder, path.name)
    os.replace(path, target)
    return target


class SaveStore:
    """The saves and the history under one home folder.

    Every ``*.json`` file in ``saves/`` and ``history/`` is listed somewhere: a game in
    progress under Continue, a finished game in the history (moved there from saves/
    when it is found; listed where it is if it cannot be moved), an unfinished game
    found in history/ is moved back to saves/, and a file that cannot be read is moved
    into damaged/ (or, if it cannot be moved, listed as damaged where it is).
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else home()
        self.remove_temp_files()

    @property
    def saves(self) -> Path:
        return self.root / SAVES

    @property
    def history(self) -> Path:
        return self.root / HISTORY

    @property
    def damaged(self) -> Path:
        return self.saves / DAMAGED

    def new_path(self) -> Path:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        return self.saves / f"{stamp}-{secrets.token_hex(3)}.json"

    def remove_temp_files(self, age: float = TEMP_FILE_AGE) -> None:
        """Remove the temporary files a crash left in saves/ and history/ (``.*.tmp``,
        older than ``age`` seconds: a newer one may be being written right now), and
        the lock files in saves/ of games that are gone and that no one holds."""
        try:
            locks = list(self.saves.glob(".*.json.lock"))
        except OSError:
            locks = []
        for lock in locks:
            save = lock.with_name(lock.name[1 : -len(".lock")])
            if os.path.lexists(save) or _lock_file(save) in _HELD:
                continue
            try:
                _acquire(save)
            except SaveLocked:
                continue
            _release(save)  # removes the lock file
        for folder in (self.saves, self.history):
            try:
                leftovers = list(folder.glob(".*.tmp"))
            except OSError:
                continue
            for tmp in leftovers:
                try:
                    info = tmp.lstat()
                    if stat.S_ISREG(info.st_mode) and time.time() - info.st_mtime > age:
                        tmp.unlink()
                except OSError:
                    pass

    def lock(self, path: Path) -> None:
        """Hold the game at ``path`` open for this process (when it is resumed; a new
        game is held from its first save). Raises :class:`SaveLocked` when it is open
        in another window."""
        _acquire(path)

    def unlock(self, path: Path) -> None:
        """Let go of the game at ``path`` (it is closed)."""
        _release(path)

    def locked_elsewhere(self, path: Path) -> bool:
        """Whether the game at ``path`` is open in another window."""
        return _locked_elsewhere(path)

    def save(self, path: Path, game: SomeState, meta: SaveMeta, *, key: str | None = None) -> Path:
        """Write the game (the state of game ``key``; by default the registered game
        whose state it is) through its door, with its summary; a finished game moves to
        the history. Returns where it is now.

        Raises :class:`SaveError` (the game itself is untouched) if it cannot be written,
        :class:`SaveLocked` if the game is open in another window (which saves it).
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)  # for the lock file too
        except OSError:
            pass  # writing fails below and says why
        try:
            _acquire(path)
        except SaveLocked:
            raise SaveLocked(
                "Saving failed: this game is open in another window, which saves it; "
                "this window does not. The game goes on, but it is not being saved here."
            ) from None
        meta.updated = now()
        key = key if key is not None else game_of_state(game)
        rules = door(key)
        target = path
        if rules.is_over(game) and path.parent == self.saves:
            target = self.history / path.name
        try:
            doc = rules.to_record(game)
            summary = {**rules.summary(game), _FINGERPRINT: fingerprint(doc)}
            doc["meta"] = {**meta.to_json(), SUMMARY: summary}
            data = record_text(doc).encode("utf-8")
        except UnicodeEncodeError:
            raise SaveError(
                f"Saving failed: the game cannot be written as UTF-8 text (a name holds a "
                f"character that is not text), so {target} is not being written. "
                "The game goes on, but it is not being saved."
            ) from None
        except (TypeError, ValueError, RecursionError) as exc:
            raise SaveError(
                f"Saving failed: the game cannot be written as a record ({type(exc).__name__}), "
                f"so {target} is not being written. The game goes on, but it is not being saved."
            ) from None
        try:
            atomic_write(target, data)
            if target != path and path.exists():
                path.unlink()
        except OSError as exc:
            raise SaveError(
                f"Saving failed: cannot write {target} ({exc.strerror or exc}). "
                "The game goes on, but it is not being saved."
            ) from None
        if target != path:
            _release(path)  # finished and filed: nobody writes it any more
        return target

    def glance(self, path: Path) -> SavedGame:
        """A save as the lists show it: read, its meta checked, and its summary used
        when it passes :func:`summary_problem` (see the module's docstring); otherwise
        replayed, once: its summary is then rebuilt and written into it. Raises
        :class:`RecordError` when it cannot be used."""
        data, doc = _read_doc(path)
        key = game_of(doc)
        info = _trusted_summary(doc, key)
        if info is not None:
            return SavedGame(path, key, SaveMeta.from_json(doc["meta"], info["players"], key), info)
        saved = _replayed(path, doc)
        self._add_summary(path, data, doc, saved)
        return saved

    def _add_summary(
        self, path: Path, data: bytes, doc: dict[str, Any], saved: SavedGame, *, held: bool = False
    ) -> bool:
        """Write the summary into a save that has none (or one that failed its check),
        the record untouched; quietly nothing when that cannot be done now (the game is
        open, in this window or another, or the file changed, or cannot be written).
        ``held``: this window holds the game only to open it (nothing plays it yet), so
        it may write. Returns whether it was written."""
        if not isinstance(doc.get("meta"), dict) or path.parent not in (self.saves, self.history):
            return False
        mine = _lock_file(path) in _HELD
        if mine and not held:
            return False  # open here: its own autosave writes the summary
        try:
            if not mine:
                _acquire(path)
        except SaveLocked:
            return False
        try:
            if read_record_file(path) != data:
                return False  # written meanwhile
            body = {k: v for k, v in doc.items() if k != "meta"}
            summary = {**saved.info, _FINGERPRINT: fingerprint(body)}
            atomic_write(path, record_text({**doc, "meta": {**doc["meta"], SUMMARY: summary}}))
            return True
        except (RecordError, OSError, UnicodeEncodeError, TypeError, ValueError):
            return False
        finally:
            if not mine:
                _release(path)

    def open(self, saved: SavedGame) -> SavedGame:
        """The save replayed (to be resumed or viewed). A save that turns out to be
        damaged is moved into damaged/ and :class:`RecordError` says why. A listed
        summary that the replay contradicts (one edited by hand to pass its check:
        where the game stands, whether it is over) is rebuilt in the file, and the file
        moves to the folder the game belongs in (saves/ or history/); the caller goes by
        the replayed game (``finished`` of the result)."""
        if saved.is_open:
            return saved
        try:
            data, doc = _read_doc(saved.path)
            opened = _replayed(saved.path, doc)
        except RecordError as exc:
            damaged = self._quarantine(saved.path, str(exc))
            raise RecordError(f"the save is damaged: {damaged.reason}") from None
        if opened.info != saved.info and self._add_summary(
            saved.path, data, doc, opened, held=True
        ):
            folder = self.history if opened.finished else self.saves
            if saved.path.parent in (self.saves, self.history) and saved.path.parent != folder:
                try:
                    return replace(opened, path=_move(saved.path, folder))
                except OSError:
                    pass  # it moves at the next list
        return opened

    def _scan(self, folder: Path) -> Iterator[SavedGame | DamagedSave]:
        for path in _entries(folder):
            try:
                yield self.glance(path)
            except RecordError as exc:
                yield self._quarantine(path, str(exc))

    def _quarantine(self, path: Path, reason: str) -> DamagedSave:
        """Move a damaged file into damaged/ under a name that overwrites nothing; if
        it cannot be moved, it stays where it is, untouched, and is listed there."""
        if _locked_elsewhere(path):
            return DamagedSave(path, f"{reason} (it is open in another window)")
        try:
            return DamagedSave(_move(path, self.damaged), reason)
        except OSError as exc:
            return DamagedSave(
                path, f"{reason} (it could not be moved into {DAMAGED}/: {exc.strerror or exc})"
            )

    def damaged_saves(self) -> list[DamagedSave]:
        """Every file in damaged/, with the reason it cannot be read."""
        found = []
        for path in _entries(self.damaged):
            try:
                read_save(path)
                reason = "it reads correctly now: move it back into the saves folder to use it"
            except RecordError as exc:
                reason = str(exc)
            found.append(DamagedSave(path, reason))
        return found

    def _sort_saves(self) -> tuple[list[SavedGame], list[SavedGame], list[DamagedSave]]:
        """The saves folder: games in progress, finished games that could not be moved
        to the history, and damaged files that could not be moved aside."""
        games: list[SavedGame] = []
        finished: list[SavedGame] = []
        stranded: list[DamagedSave] = []
        for item in self._scan(self.saves):
            if isinstance(item, DamagedSave):
                if item.path.parent != self.damaged:
                    stranded.append(item)
            elif item.finished and _locked_elsewhere(item.path):
                continue  # the window that finished it is filing it right now
            elif item.finished:
                # finished but not yet moved (e.g. killed in between): file it now
                try:
                    _move(item.path, self.history)
                except OSError:
                    finished.append(item)  # listed in the history from where it is
            else:
                games.append(item)
        return games, finished, stranded

    def unfinished(self) -> tuple[list[SavedGame], list[DamagedSave]]:
        """Games in progress, most recently played first, and every damaged save (a
        file that cannot be read is moved into damaged/ as it is found)."""
        games, _, stranded = self._sort_saves()
        games.sort(key=lambda g: g.meta.updated, reverse=True)
        return games, stranded + self.damaged_saves()

    def finished(self) -> tuple[list[SavedGame], list[DamagedSave]]:
        """Finished games, most recent first, and every damaged save. An unfinished
        game found in the history goes back to the saves (it is listed there)."""
        _, games, stranded = self._sort_saves()  # finished games found there move first
        damaged: list[DamagedSave] = []
        for item in self._scan(self.history):
            if isinstance(item, DamagedSave):
                if item.path.parent != self.damaged:
                    damaged.append(item)
            elif item.finished:
                games.append(item)
            else:
                try:
                    _move(item.path, self.saves)
                except OSError as exc:
                    damaged.append(
                        DamagedSave(
                            item.path,
                            "an unfinished game in the history folder, which could not be moved "
                            f"back to the saves folder ({exc.strerror or exc})",
                        )
                    )
        games.sort(key=lambda g: g.meta.updated, reverse=True)
        return games, damaged + stranded + self.damaged_saves()

    def delete(self, path: Path) -> None:
        """Delete a saved game; raises :class:`SaveLocked` if it is open in another
        window."""
        _acquire(path)
        try:
            path.unlink(missing_ok=True)
        finally:
            _release(path)


@dataclass(frozen=True)
class NameSummary:
    name: str
    games: int
    wins: float
    """A shared victory counts 1/k."""
    mean_vp: float
    """The mean of the game's totals (VP for Monster Trick)."""
    hit_rate: float
    """How often the VP card scored was the row's highest (Monster Trick's rounds;
    0 where no game of that name counts it)."""
    hints: int = 0
    """Hints the name took in these games."""


def summarize(games: Sequence[SavedGame]) -> list[NameSummary]:
    """Per player name over finished games, from their summaries (no replay): games,
    wins, mean total, hit rate, hints taken."""
    stats: dict[str, list[float]] = {}
    for saved in games:
        info = saved.info
        winners, totals = info.get("winners"), info.get("totals")
        if not info.get("over") or not isinstance(winners, list) or not isinstance(totals, list):
            continue
        hits = info.get("hits")
        hints = saved.meta.hints
        for p, name in enumerate(saved.players):
            s = stats.setdefault(name, [0, 0.0, 0, 0, 0, 0])
            s[0] += 1
            s[5] += hints[p] if p < len(hints) else 0
            if p in winners:
                s[1] += 1 / len(winners)
            s[2] += totals[p]
            if isinstance(hits, list) and p < len(hits):
                s[3] += hits[p][0]
                s[4] += hits[p][1]
    return sorted(
        (
            NameSummary(name, int(s[0]), s[1], s[2] / s[0], s[3] / s[4] if s[4] else 0.0, int(s[5]))
            for name, s in stats.items()
        ),
        key=lambda x: (-x.wins, x.name.casefold()),
    )
