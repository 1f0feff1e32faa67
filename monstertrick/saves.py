"""Saved games: where they live, how they are written, and how they are read back.

A saved game is a ``monstertrick-record/1`` record (so ``monstertrick replay`` accepts it)
with a ``meta`` object: seats (names and bot levels), seed, created and updated times and
the app's version. Games in progress live in ``<home>/saves/``; finished games move to
``<home>/history/``; a file that cannot be read is moved, never deleted or overwritten,
into ``<home>/saves/damaged/``. ``<home>`` is ``$MONSTERTRICK_HOME`` if set, otherwise the
user's data folder (platformdirs).

Every write is atomic: a temporary file in the same folder, flushed and fsynced, then
``os.replace``: a crash at any instant leaves the previous save or the new one.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import __version__
from .engine import HAND_SIZE, GameState, Phase, RecordError
from .engine.record import dumps, from_record, parse_json, result_of

SAVES = "saves"
HISTORY = "history"
DAMAGED = "damaged"


class SaveError(OSError):
    """Saving failed; the message says what and where, in words."""


def home() -> Path:
    """The folder that holds saves and history."""
    env = os.environ.get("MONSTERTRICK_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path("monstertrick", appauthor=False)


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

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "seats": self.seats,
            "seed": self.seed,
            "created": self.created,
            "updated": self.updated,
            "version": self.version,
        }

    @staticmethod
    def from_json(raw: Any, players: Sequence[str]) -> SaveMeta:
        """Read ``meta``; a record without one (an exported game) gets plain seats."""
        if not isinstance(raw, dict):
            raw = {}
        seats = raw.get("seats")
        if not (
            isinstance(seats, list)
            and len(seats) == len(players)
            and all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats)
        ):
            seats = [{"name": p, "bot": None} for p in players]
        seed = raw.get("seed")
        known = {"seats", "seed", "created", "updated", "version"}
        return SaveMeta(
            seats=[{"name": s["name"], "bot": s.get("bot")} for s in seats],
            seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else 0,
            created=str(raw.get("created", "")),
            updated=str(raw.get("updated", "")),
            version=str(raw.get("version", "")),
            extra={k: v for k, v in raw.items() if k not in known},
        )


@dataclass(frozen=True)
class SavedGame:
    """A readable save: its file, its game as replayed, and its meta."""

    path: Path
    game: GameState
    meta: SaveMeta

    @property
    def finished(self) -> bool:
        return self.game.phase is Phase.GAME_OVER

    def summary(self) -> str:
        """One line for a list: players, round and turn (nothing private)."""
        g = self.game
        who = ", ".join(g.players)
        if g.phase is Phase.GAME_OVER:
            where = "finished"
        elif g.phase is Phase.ROUND_OVER:
            where = f"round {g.round} over"
        elif g.phase is Phase.ARRANGING:
            where = f"round {g.round}, arranging"
        else:
            mover = g.players[g.current_player]  # type: ignore[index]
            where = f"round {g.round}, {mover} to play ({g.turn} of {HAND_SIZE * g.num_players} cards played)"
        return f"{who} — {where}"


@dataclass(frozen=True)
class DamagedSave:
    """A save that could not be read, and where it was moved to."""

    path: Path
    reason: str


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
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


def read_save(path: Path) -> SavedGame:
    """Read and replay one save; :class:`RecordError` says why it cannot be used."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the file: {exc.strerror or exc}") from None
    doc = parse_json(data)
    players = doc.get("players") if isinstance(doc, dict) else None
    meta = SaveMeta.from_json(doc.get("meta") if isinstance(doc, dict) else None,
                              players if isinstance(players, list) else [])
    game = from_record(doc, seed=meta.seed)
    return SavedGame(path, game, meta)


class SaveStore:
    """The saves and the history under one home folder."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else home()

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

    def save(self, path: Path, game: GameState, meta: SaveMeta) -> Path:
        """Write the game; a finished game moves to the history. Returns where it is now.

        Raises :class:`SaveError` (the game itself is untouched) if it cannot be written.
        """
        meta.updated = now()
        text = dumps(game, meta.to_json())
        target = path
        if game.phase is Phase.GAME_OVER and path.parent == self.saves:
            target = self.history / path.name
        try:
            atomic_write(target, text)
            if target != path and path.exists():
                path.unlink()
        except OSError as exc:
            raise SaveError(
                f"Saving failed: cannot write {target} ({exc.strerror or exc}). "
                "The game goes on, but it is not being saved."
            ) from None
        return target

    def _scan(self, folder: Path) -> Iterator[SavedGame | DamagedSave]:
        try:
            files = sorted(p for p in folder.glob("*.json") if p.is_file())
        except OSError:
            return
        for path in files:
            try:
                yield read_save(path)
            except RecordError as exc:
                yield DamagedSave(self._quarantine(path), str(exc))

    def _quarantine(self, path: Path) -> Path:
        """Move a damaged file into damaged/ under a name that overwrites nothing."""
        try:
            self.damaged.mkdir(parents=True, exist_ok=True)
            target = self.damaged / path.name
            k = 1
            while target.exists():
                target = self.damaged / f"{path.stem}.{k}{path.suffix}"
                k += 1
            os.replace(path, target)
            return target
        except OSError:
            return path  # could not move it: leave it where it is, untouched

    def damaged_saves(self) -> list[DamagedSave]:
        """Every file in damaged/, with the reason it cannot be read."""
        try:
            files = sorted(p for p in self.damaged.glob("*.json") if p.is_file())
        except OSError:
            return []
        found = []
        for path in files:
            try:
                read_save(path)
                reason = "it reads correctly now: move it back into the saves folder to use it"
            except RecordError as exc:
                reason = str(exc)
            found.append(DamagedSave(path, reason))
        return found

    def unfinished(self) -> tuple[list[SavedGame], list[DamagedSave]]:
        """Games in progress, most recently played first, and every damaged save (a
        file that cannot be read is moved into damaged/ as it is found)."""
        games: list[SavedGame] = []
        for item in self._scan(self.saves):
            if isinstance(item, DamagedSave):
                continue
            elif item.finished:
                # finished but not yet moved (e.g. killed in between): file it now
                try:
                    os.replace(item.path, self.history / item.path.name)
                except OSError:
                    pass
            else:
                games.append(item)
        games.sort(key=lambda g: g.meta.updated, reverse=True)
        return games, self.damaged_saves()

    def finished(self) -> tuple[list[SavedGame], list[DamagedSave]]:
        """Finished games, most recent first, and every damaged save."""
        games = [g for g in self._scan(self.history) if isinstance(g, SavedGame)]
        games.sort(key=lambda g: g.meta.updated, reverse=True)
        return games, self.damaged_saves()

    def delete(self, path: Path) -> None:
        path.unlink(missing_ok=True)


@dataclass(frozen=True)
class NameSummary:
    name: str
    games: int
    wins: float
    """A shared victory counts 1/k."""
    mean_vp: float
    hit_rate: float
    """How often the VP card scored was the row's highest."""


def summarize(games: Sequence[SavedGame]) -> list[NameSummary]:
    """Per player name over finished games: games, wins, mean VP, hit rate."""
    stats: dict[str, list[float]] = {}
    for saved in games:
        game = saved.game
        outcome = game.outcome()
        if outcome is None:
            continue
        logs = game.log
        results = result_of(game)
        for p, name in enumerate(game.players):
            s = stats.setdefault(name, [0, 0.0, 0, 0, 0])
            s[0] += 1
            if p in outcome.winners:
                s[1] += 1 / len(outcome.winners)
            s[2] += outcome.totals[p]
            for log, scores in zip(logs, results.scores):
                arr = log.arrangements[p]
                if scores is None or arr is None:
                    continue
                s[4] += 1
                if scores[p] == max(arr):
                    s[3] += 1
    return sorted(
        (
            NameSummary(name, int(s[0]), s[1], s[2] / s[0], s[3] / s[4] if s[4] else 0.0)
            for name, s in stats.items()
        ),
        key=lambda x: (-x.wins, x.name.casefold()),
    )

