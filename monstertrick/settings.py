"""The saved settings: a small ``settings.json`` in the data folder (:func:`saves.home`).

Today one setting: ``"screen_reader"`` (true or false), set by ``monstertrick settings
screen-reader on|off``; the ``--screen-reader`` flag and ``MONSTERTRICK_SCREEN_READER``
come before it (:func:`monstertrick.lines.wanted`). The file is written atomically (a
crash leaves the old file or the new one). A file that cannot be read as settings is
set aside beside it, as ``settings.damaged.json`` (``settings.damaged.1.json``...),
with a message saying so, and the defaults are used; nothing in it is ever printed.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["FILE", "Settings", "load", "save", "settings_path"]

FILE = "settings.json"
DAMAGED_NAME = "settings.damaged.json"
MAX_BYTES = 64 * 1024
"""The largest settings file read (it holds a few bytes)."""


@dataclass(frozen=True)
class Settings:
    screen_reader: bool = False

    def to_json(self) -> dict[str, object]:
        return {"screen_reader": self.screen_reader}


def settings_path(root: Path | None = None) -> Path:
    from .saves import home

    return (root if root is not None else home()) / FILE


def _read(path: Path) -> Settings:
    """The settings in ``path``; :class:`ValueError` says why it holds none."""
    with open(path, "rb") as fh:
        data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise ValueError(f"it is larger than {MAX_BYTES // 1024} kB")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("it is not JSON") from None
    if not isinstance(doc, dict):
        raise ValueError("it is not a JSON object")
    value = doc.get("screen_reader", False)
    if not isinstance(value, bool):
        raise ValueError('its "screen_reader" is not true or false')
    return Settings(screen_reader=value)


def load(root: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings (the defaults when there is no file), and a message for the
    person when the file was damaged and set aside (None otherwise)."""
    path = settings_path(root)
    if not path.exists():
        return Settings(), None
    try:
        if not path.is_file():
            raise ValueError("it is not a file")
        return _read(path), None
    except ValueError as exc:
        reason = str(exc)
    except OSError as exc:
        return Settings(), (
            f"the settings file {path} cannot be read ({exc.strerror}); the defaults are used"
        )
    from .saves.store import _free_path

    target = _free_path(path.parent, DAMAGED_NAME)
    try:
        os.replace(path, target)
    except OSError as exc:
        return Settings(), (
            f"the settings file {path} is damaged ({reason}) and could not be set aside "
            f"({exc.strerror}); the defaults are used"
        )
    return Settings(), (
        f"the settings file was damaged ({reason}): it is set aside as {target}, and the "
        "defaults are used"
    )


def save(settings: Settings, root: Path | None = None) -> Path:
    """Write ``settings`` (atomically); where they are. Raises ``OSError``."""
    from .saves import atomic_write

    path = settings_path(root)
    atomic_write(path, json.dumps(settings.to_json(), indent=2) + "\n")
    return path
