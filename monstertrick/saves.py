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

from __future__ import annotations

import hashlib
import json
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

from . import __version__
from .errors import RecordError
from .games import DEFAULT_GAME, GAMES
from .records import (
    check_format,
    check_players,
    game_of,
    is_int,
    is_plain_text,
    kind,
    parse_json,
    quote,
    read_record_file,
    record_text,
)

if TYPE_CHECKING:
    from .games import SomeDoor
    from .games.contract import SomeState

SAVES = "saves"
HISTORY = "history"
DAMAGED = "damaged"


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


def now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


@dataclass
class SaveMeta:
    """What a save knows beyond the record: seats, seed, times, version."""

    seats: list[dict[str, Any]]
    """Per seat: ``{"name": ..., "bot": None or a level}``."""
    seed: int
    created: str = field(default_factory=now)
    updated: str = field(default_factory=now)
    version: str = __version__
    extra: dict[str, Any] = field(default_factory=dict)
    hints: list[int] = field(default_factory=list)
    """Per seat, how many hints the person took (empty: none at all)."""

    def to_json(self) -> dict[str, Any]:
        doc = {
            **self.extra,
            "seats": self.seats,
            "seed": self.seed,
            "created": self.created,
            "updated": self.updated,
            "version": self.version,
        }
        if any(self.hints):
            doc["hints"] = list(self.hints)
        return doc

    @staticmethod
    def plain(players: Sequence[str]) -> SaveMeta:
        """The meta of a record without one (an exported game): people only, seed 0."""
        return SaveMeta(
            seats=[{"name": p, "bot": None} for p in players],
            seed=0,
            created="",
            updated="",
            version="",
        )

    @staticmethod
    def from_json(raw: object, players: Sequence[str], game: str = DEFAULT_GAME) -> SaveMeta:
        """Read and check ``meta`` (untrusted, like the whole file) for a record of
        ``game`` whose players are ``players``; raises :class:`RecordError` ("meta:
        ...") saying what is wrong. Every seat's level must be one the game's
        ``make_bot`` accepts, so a resumed game never meets a level it cannot play."""
        door = GAMES[game].load()

        def bot_level_problem(level: object) -> str | None:
            try:
                door.make_bot(level)
            except ValueError as exc:
                return str(exc)
            return None

        if not isinstance(raw, dict):
            raise RecordError(f"meta: the meta of a saved game is an object, not {kind(raw)}")
        seats = raw.get("seats")
        if not isinstance(seats, list) or len(seats) != len(players):
            raise RecordError(f'meta: "seats" must list one seat per player ({len(players)})')
        checked: list[dict[str, Any]] = []
        for i, (seat, player) in enumerate(zip(seats, players)):
            where = f"meta: seat {i + 1}"
            if not isinstance(seat, dict) or set(seat) != _SEAT_KEYS:
                raise RecordError(
                    f'{where} must be an object {{"name": ..., "bot": ...}}, not {quote(seat)}'
                )
            if seat["name"] != player:
                raise RecordError(f"{where} is not named as player {i + 1} of the record")
            bot = seat["bot"]
            if bot is not None:
                problem = bot_level_problem(bot)
                if problem is not None:
                    raise RecordError(f"{where}: {problem}")
            checked.append({"name": player, "bot": bot})
        seed = raw.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f'meta: "seed" must be a whole number, not {quote(seed)}')
        for key in ("created", "updated", "version"):
            if not isinstance(raw.get(key, ""), str):
                raise RecordError(f'meta: "{key}" must be a string, not {kind(raw[key])}')
        hints = raw.get("hints", [])
        if not (
            isinstance(hints, list)
            and (not hints or len(hints) == len(players))
            and all(is_int(h) and 0 <= h <= MAX_HINTS for h in hints)
        ):
            raise RecordError(
                f'meta: "hints" must list one whole number (0 to {MAX_HINTS}) per player, '
                f"not {quote(hints)}"
            )
        known = {"seats", "seed", "created", "updated", "version", "hints", SUMMARY}
        return SaveMeta(
            hints=list(hints),
            seats=checked,
            seed=seed,
            created=raw.get("created", ""),
            updated=raw.get("updated", ""),
            version=raw.get("version", ""),
            extra={k: v for k, v in raw.items() if k not in known},
        )


_SEAT_KEYS = {"name", "bot"}
MAX_HINTS = 100_000
"""The most hints a save may say one person took (a game has a few hundred decisions)."""


SUMMARY = "summary"
"""The key, in a save's ``meta``, of the summary the lists read."""

_FINGERPRINT = "record"
"""The key, in a summary, of the fingerprint of the record it summarizes."""


def door(key: str) -> SomeDoor:
    """The registered door (``GAME``) of the game called ``key``."""
    return GAMES[key].load()


def game_of_state(state: object) -> str:
    """The key of the registered game whose state ``state`` is (the default game's
    first: saving a Monster Trick game never loads another game)."""
    for key, entry in GAMES.items():
        if isinstance(state, entry.load().state_type):
            return key
    raise TypeError(f"not the state of a registered game: {type(state).__name__}")


def fingerprint(doc: dict[str, Any]) -> str:
    """A fingerprint of a record without its ``meta``: a summary holds the fingerprint of
    the record it summarizes, so a record changed behind its summary's back is noticed
    (and replayed) without replaying every save."""
    body = {k: v for k, v in doc.items() if k != "meta"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


_SUMMARY_KEYS = frozenset({"players", "round", "where", "over", "winners", "totals", "hits"})
"""The keys a summary may hold besides its fingerprint (``hits``: Monster Trick's)."""
MAX_WHERE = 120
"""The longest "where the game stands" a summary may give (a game writes about 60)."""
MAX_ROUND = 1000
"""The highest round (hand, game) a summary may name (a record has at most hundreds)."""


def summary_problem(info: object, doc: dict[str, Any], key: str) -> str | None:
    """What keeps ``info``, the summary found in the save ``doc`` of game ``key``, from
    being shown as it is (None: nothing). A summary is checked as strictly as the lists
    use it: the fingerprint of exactly this record; the record's players, each following
    the names rule; plain text where the game stands; and, once over, the winners
    (distinct seats, each with the highest total) and one total per player in the
    game's range (``totals_range``); per seat hits ``[made, rounds scored]`` if any.
    Anyone can recompute a fingerprint, so nothing else of a summary is taken on trust.
    """
    if not isinstance(info, dict) or info.get(_FINGERPRINT) != fingerprint(doc):
        return "no summary of this record"
    if not set(info) - {_FINGERPRINT} <= _SUMMARY_KEYS:
        return "unknown keys"
    if info.get("players") != doc.get("players"):
        return "not the record's players"
    facts = GAMES[key]
    try:
        n = len(check_players(info["players"], facts.min_players, facts.max_players))
    except RecordError as exc:
        return str(exc)
    where: object = info.get("where")
    over: object = info.get("over")
    rounds: object = info.get("round")
    if not (isinstance(where, str) and 0 < len(where) <= MAX_WHERE and is_plain_text(where)):
        return '"where" is not a line of plain text'
    if not (is_int(rounds) and 1 <= rounds <= MAX_ROUND) or not isinstance(over, bool):
        return '"round" or "over" is not one'
    winners: object = info.get("winners")
    totals: object = info.get("totals")
    if not over:
        if winners is not None or totals is not None:
            return "results of a game that is not over"
    else:
        low, high = door(key).totals_range
        if not (
            isinstance(totals, list)
            and len(totals) == n
            and all(is_int(t) and low <= t <= high for t in totals)
        ):
            return f'"totals" is not one total per player, each {low} to {high}'
        if not (
            isinstance(winners, list)
            and winners
            and all(is_int(w) and 0 <= w < n for w in winners)
            and len(set(winners)) == len(winners)
            and all(totals[w] == max(totals) for w in winners)
        ):
            return '"winners" are not players with the highest total'
    hits: object = info.get("hits", [])
    if not (
        isinstance(hits, list)
        and len(hits) in (0, n)
        and all(
            isinstance(h, list)
            and len(h) == 2
            and all(is_int(x) for x in h)
            and 0 <= h[0] <= h[1] <= rounds
            for h in hits
        )
    ):
        return '"hits" is not [made, rounds scored] per player'
    return None


def _trusted_summary(doc: dict[str, Any], key: str) -> dict[str, Any] | None:
    """The summary in the save's meta, if it is one this program could have written for
    exactly this record (:func:`summary_problem`); None otherwise (then the save is
    replayed and its summary rebuilt from the record)."""
    meta = doc.get("meta")
    info = meta.get(SUMMARY) if isinstance(meta, dict) else None
    if summary_problem(info, doc, key) is not None:
        return None
    assert isinstance(info, dict)
    return {k: v for k, v in info.items() if k != _FINGERPRINT}


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
