"""The line mode: every game as plain lines for a screen reader or a braille display.

A second front end over the same session as the Textual screens (:class:`~monstertrick.
seat_session.SeatSession`, the game's door): no alternate screen, no box drawing, no
colour, no cursor moves, nothing redrawn; each line labelled, each decision a numbered
list of the legal choices in words. Switched on by ``--screen-reader`` or
``MONSTERTRICK_SCREEN_READER=1`` (:func:`wanted`). This package never imports Textual,
and the start-up imports it only when the mode is on.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

__all__ = ["ENV", "OVER_SSH", "SETTING", "wanted", "announcement"]

ENV = "MONSTERTRICK_SCREEN_READER"
"""The environment variable that switches the line mode on (1) or forces it off (0)."""

OVER_SSH = "+lines after the code in the ssh user name"
"""What switched the line mode on for a seat joined over SSH as ``CODE+lines@ADDRESS``."""

SETTING = "the saved setting"
"""What switched the line mode on when ``monstertrick settings screen-reader on`` did."""

_ON = frozenset({"1", "yes", "true", "on"})
_OFF = frozenset({"0", "no", "false", "off"})


def wanted(
    flag: bool | None,
    environ: Mapping[str, str] | None = None,
    saved: Callable[[], bool] | None = None,
) -> tuple[bool, str]:
    """Whether the line mode is on, and what switched it: the ``--screen-reader`` flag
    (``flag`` True; None when not given) over the environment variable (``=1`` on,
    ``=0`` forced off) over the saved setting (``saved()``, asked only when neither
    decides; None: no setting); otherwise off."""
    if flag:
        return True, "--screen-reader"
    env = os.environ if environ is None else environ
    value = env.get(ENV, "").strip().lower()
    if value in _ON:
        return True, f"{ENV}={env.get(ENV, '').strip()}"
    if value in _OFF:
        return False, ""
    if saved is not None and saved():
        return True, SETTING
    return False, ""


def announcement(source: str) -> str:
    """The first line of the line mode: that it is on, what switched it on, and how to
    turn it off."""
    if source == "--screen-reader":
        off = "start without --screen-reader to turn it off"
    elif source == SETTING:
        off = f"monstertrick settings screen-reader off (or {ENV}=0) to turn it off"
    elif source == OVER_SSH:
        off = "connect with the code alone (CODE@ADDRESS) for the app's screens"
    else:
        off = f"set {ENV}=0 or unset it to turn it off"
    return (
        f"Screen reader mode: on, by {source}; {off}. Plain lines and numbered "
        "choices; type ? at any prompt for the commands."
    )
