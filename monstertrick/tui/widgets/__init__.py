"""The shell's widgets (each game brings its own under ``games/<name>/tui``)."""

from .key_bar import KeyBar

__all__ = ["KeyBar"]
