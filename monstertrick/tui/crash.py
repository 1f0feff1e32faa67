"""When the app stops on an internal error: the details written to a crash report in
the log folder (:func:`crash_report_path`), and the player told where
(:func:`say_crashed`); never a traceback on the screen."""

from __future__ import annotations

import sys
import traceback
from datetime import datetime
from pathlib import Path

from ..saves import log_folder


def say_crashed(path: Path | None) -> None:
    """Tell the player the app stopped, and where the details are."""
    message = "Monster Trick stopped because of an internal error (sorry)."
    if path is not None:
        message += f" The details are in {path}."
    print(message, file=sys.stderr)


def crash_report_path(error: BaseException | None = None) -> Path | None:
    """Write the last error's details to a file; None if that fails too."""
    try:
        folder = log_folder()  # under $MONSTERTRICK_HOME when it is set
        folder.mkdir(parents=True, exist_ok=True)
        stamp = f"crash-{datetime.now():%Y%m%d-%H%M%S}"
        text = (
            "".join(traceback.format_exception(error))
            if error is not None
            else traceback.format_exc()
        )
        for k in range(100):
            path = folder / (f"{stamp}.txt" if k == 0 else f"{stamp}-{k}.txt")
            try:
                with open(path, "x", encoding="utf-8", errors="backslashreplace") as fh:
                    fh.write(text)
                return path
            except FileExistsError:
                continue
        return None
    except Exception:  # last resort, never raise from here
        return None
