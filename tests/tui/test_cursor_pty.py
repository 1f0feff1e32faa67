"""The real terminal's cursor sits on the focused item's label: ``monstertrick`` runs in a
pseudo-terminal of 80x24 read by a terminal emulator (pyte), and after each focus change
in each game's screens (and the shell's) the emulator's cursor is where the label of
what has the focus begins: the card under the cursor, the trick slot, the VP card being
moved, the button, the list's row, the field, the choice. The cursor stays hidden, as
Textual keeps it: nothing is drawn differently.

Each check waits for the screen to show the change (no sleeps); a wait gives up only
when nothing it waits for comes for a long while (a hung app), with the screen shown.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pyte = pytest.importorskip("pyte")

COLUMNS, LINES = 80, 24
GIVE_UP = 60.0
"""Seconds a wait goes on with the screen never showing what it waits for: a hung app
(the app keeps drawing meanwhile, a blinking caret for one, so "no output" is no sign)."""

KEYS = {
    "enter": b"\r",
    "tab": b"\t",
    "escape": b"\x1b",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "up": b"\x1b[A",
    "down": b"\x1b[B",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "shift+right": b"\x1b[1;2C",
}


class Terminal:
    """``monstertrick ARGS`` in a pseudo-terminal, its output fed to an emulator."""

    def __init__(self, *args: str) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color"}
        for name in ("COLUMNS", "LINES", "TEXTUAL", "NO_COLOR"):
            env.pop(name, None)  # (the size is the pseudo-terminal's)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "monstertrick", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.fd = master
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)

    def close(self) -> None:
        """End the app (and anything it started) and the pseudo-terminal."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            while self._read(0.5) or self.proc.poll() is None:
                pass  # (drain what it writes as it ends, so it never blocks writing)
        except OSError:
            pass
        self.proc.wait()
        os.close(self.fd)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        data = os.read(self.fd, 1 << 16)
        self.stream.feed(data)
        return bool(data)

    def press(self, *keys: str) -> None:
        for key in keys:
            os.write(self.fd, KEYS.get(key, key.encode()))

    def wait(self, condition: Callable[[], bool], what: str) -> None:
        """Read the app's output until ``condition()`` holds of the screen. The cursor
        is moved, never shown: the screens look as they did."""
        start = time.monotonic()
        while not (condition() and self.screen.cursor.hidden):
            if self.proc.poll() is not None:
                raise AssertionError(f"the app ended while waiting for {what}\n{self.dump()}")
            if time.monotonic() - start > GIVE_UP:
                raise AssertionError(f"never on screen: {what}\n{self.dump()}")
            self._read(1.0)

    # ------------------------------------------------------------ reading the screen

    def row(self, y: int) -> str:
        """Row ``y``, a character per cell."""
        line = self.screen.buffer[y]
        return "".join(line[x].data or " " for x in range(COLUMNS))

    @property
    def text(self) -> str:
        return "\n".join(self.row(y) for y in range(LINES))

    @property
    def cursor(self) -> tuple[int, int]:
        return self.screen.cursor.x, self.screen.cursor.y

    def at_cursor(self, width: int = 40) -> str:
        x, y = self.cursor
        return self.row(y)[x : x + width]

    def on(self, label: str) -> bool:
        """Whether the cursor is on the first letter of ``label``."""
        return self.at_cursor(len(label)) == label

    def dump(self) -> str:
        x, y = self.cursor
        return f"cursor at {x},{y} on {self.at_cursor()!r}\n{self.text}"


@pytest.fixture
def terminal() -> Iterator[Callable[..., Terminal]]:
    started: list[Terminal] = []

    def start(*args: str) -> Terminal:
        term = Terminal(*args)
        started.append(term)
        return term

    yield start
    for term in started:
        term.close()


# ---------------------------------------------------------------- the games


def card_under_marker(term: Terminal) -> int | None:
    """Monster Trick's hand: the column of the ▼▼ above the selected card, if the
    cursor sits on that card's letter (the row under the marker)."""
    x, y = term.cursor
    if y == 0:
        return None
    above = term.row(y - 1)
    marker = above.find("▼▼")
    # The marker spans the face's middle: a two-letter card's letter is under its
    # first half, a three-letter card's one cell before.
    if marker < 0 or x not in (marker, marker - 1) or term.row(y)[x] not in "BGPY":
        return None
    return marker


def test_monster_trick_cursor_follows_handoff_vp_row_hand_slots_log_and_result(
    terminal: Callable[..., Terminal],
) -> None:
    term = terminal("play", "--players", "Ann, Bob", "--seed", "3", "--pace", "0")

    def handoff(name: str) -> None:
        term.wait(
            lambda: f"{name}, press Enter" in term.text and term.on("Pass the keyboard to"),
            f"{name}'s handoff, the cursor on its title",
        )
        term.press("enter")

    def vp_marker() -> int | None:
        """The column of the VP card being moved ("▶ [2] ◀"), if the cursor is on it."""
        x, y = term.cursor
        row = term.row(y)
        at = row.find("▶ [")
        return at + 2 if at >= 0 and x == at + 2 else None

    handoff("Ann")
    term.wait(lambda: vp_marker() is not None, "the cursor on the first VP card")
    columns = [vp_marker()]
    for key in ("right", "right", "left", "shift+right"):
        before = columns[-1]
        term.press(key)
        term.wait(
            lambda b=before: (m := vp_marker()) is not None and m != b,
            f"the cursor on the VP card after {key}",
        )
        columns.append(vp_marker())
    assert columns[1] < columns[2] and columns[3] == columns[1] and columns[4] == columns[2]
    term.press("enter")
    term.wait(lambda: term.on("Your VP row is laid out."), "the cursor on the result")
    term.press("enter")
    handoff("Bob")
    term.wait(lambda: vp_marker() is not None, "Bob's VP row")
    term.press("enter")
    term.wait(lambda: term.on("Your VP row is laid out."), "Bob's row laid out")
    term.press("enter")
    handoff("Ann")

    # The hand: the cursor on the letter of the card under the ▼▼ marker.
    term.wait(lambda: card_under_marker(term) is not None, "the cursor on the first card")
    first = card_under_marker(term)
    for key, card in (("right", 1), ("right", 2), ("end", 11), ("home", 0), ("left", 11)):
        term.press(key)
        term.wait(
            lambda c=card: card_under_marker(term) == first + 6 * c,
            f"the cursor on card {card + 1} after {key}",
        )

    # The slots: ↑/↓ take the cursor to the title of the slot with the heavy border.
    for key, slot in (("down", 2), ("down", 3), ("up", 2)):
        term.press(key)
        term.wait(
            lambda s=slot: (
                term.on(f"Trick {s}") and term.row(term.cursor[1])[term.cursor[0] - 2] == "━"
            ),
            f"the cursor on trick {slot}'s title after {key}",
        )
    term.press("left")
    term.wait(lambda: card_under_marker(term) == first + 6 * 10, "back on the cards")

    # The log opens beside the table with the focus: the cursor on its first line.
    term.press("l")
    term.wait(
        lambda: "Game log" in term.row(term.cursor[1] - 1) and term.at_cursor().strip() != "",
        "the cursor on the log's first line",
    )
    term.press("l")
    term.wait(lambda: card_under_marker(term) == first + 6 * 10, "back on the card")

    # Played: the cursor on the status line, which says what the move did.
    status = re.search(r"can go on: (\d)", term.text)
    assert status is not None, term.dump()
    term.press(status.group(1))
    term.wait(lambda: term.on("You opened trick"), "the cursor on the move's result")


def test_magic_trick_cursor_on_the_card_in_the_hand_row(terminal: Callable[..., Terminal]) -> None:
    term = terminal(
        "play", "--game", "magic-trick", "--players", "Ann, Bob:easy, Cid:easy, Dee:easy",
        "--seed", "5", "--pace", "0",
    )  # fmt: skip

    def card() -> int | None:
        """The column of the card under the cursor in Ann's row ("[S]"), if the terminal's
        cursor is on it."""
        x, y = term.cursor
        row = term.row(y)
        if not row.startswith("▶ ● Ann") and not row.startswith(" ▶ ● Ann"):
            return None
        at = row.find("[")
        return at if at >= 0 and x == at and row[x + 2] == "]" else None

    term.wait(lambda: card() is not None, "the cursor on Ann's card")
    seen = [card()]
    for key in ("right", "right", "left"):
        before = seen[-1]
        term.press(key)
        term.wait(lambda b=before: (c := card()) is not None and c != b, f"the card after {key}")
        seen.append(card())
    assert seen[0] < seen[1] < seen[2] and seen[3] == seen[1]
    sleeve = "sleeve a card" in term.text
    term.press("p" if sleeve else "enter")
    term.wait(lambda: term.on("Ann "), "the cursor on what Ann did")


def test_monster_taking_cursor_on_the_card_in_the_hand(terminal: Callable[..., Terminal]) -> None:
    term = terminal(
        "play", "--game", "monster-taking", "--players", "Ann, Bob:easy", "--seed", "5",
        "--pace", "0",
    )  # fmt: skip

    def card() -> int | None:
        """The column of the card marked ``^`` two lines under the hand, if the cursor is
        on that card's label."""
        x, y = term.cursor
        if y + 2 >= LINES or x >= min(len(term.row(y)), len(term.row(y + 2))):
            return None  # (the cursor somewhere else, past the end of a short line)
        if term.row(y + 2)[x] != "^" or term.row(y)[x] not in "IAS":
            return None
        return x

    term.wait(lambda: "lay your strength card" in term.text, "Ann's strength card")
    term.wait(lambda: card() is not None, "the cursor on Ann's card")
    first = card()
    last = len(term.row(term.cursor[1]).split()) - 1  # (the hand's cards, one line)
    for key, index in (("right", 1), ("right", 2), ("home", 0), ("end", last), ("left", last - 1)):
        term.press(key)
        term.wait(lambda i=index: card() == first + 5 * i, f"card {index + 1} after {key}")
    term.press("enter")
    term.wait(lambda: term.on("Ann "), "the cursor on what Ann laid")


# ---------------------------------------------------------------- the shell


def test_shell_screens_cursor_on_buttons_rows_fields_and_choices(
    terminal: Callable[..., Terminal], monstertrick_home: Path
) -> None:
    from .helpers import save_unfinished_games
    from .test_saved_games import saved_match

    save_unfinished_games(monstertrick_home, ["Ann", "Bob", "Cid", "Dee", "Eve"])
    saved_match(3, 200)  # a finished game, under History
    term = terminal()

    term.wait(lambda: term.on("Continue (3)"), "the cursor on Continue")
    for label in ("New game", "Learn to play", "History", "Rules", "Quit", "Continue (3)"):
        term.press("tab")
        term.wait(lambda lb=label: term.on(lb), f"the cursor on {label}")

    # Continue: the cursor on the first letter of the row under the list's cursor.
    titles = re.compile(r"(Magic Trick|Monster Taking|Monster Trick) ")

    def row_title() -> str | None:
        found = titles.match(term.at_cursor())
        return found.group(1) if found else None

    term.press("c")
    term.wait(lambda: "Continue a game" in term.text and row_title() is not None, "row 1")
    y, first = term.cursor[1], row_title()
    term.press("down")
    term.wait(lambda: term.cursor[1] > y and row_title() not in (None, first), "row 2")
    term.press("escape")
    term.wait(lambda: term.on("Continue (3)"), "back on the start screen")

    # History, then a game's viewer: its status line says the step.
    term.press("h")
    dated = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d ")
    term.wait(
        lambda: "Finished games" in term.text and dated.match(term.at_cursor()) is not None,
        "the cursor on the finished game's row (its date)",
    )
    term.press("enter")
    term.wait(lambda: term.on("Ann, Bob, Cid · Round 1 of 3"), "the viewer's status line")
    term.press("right")
    term.wait(lambda: "step 2 of" in term.text and term.on("Ann, Bob, Cid"), "step 2")
    term.press("escape")
    term.wait(lambda: dated.match(term.at_cursor()) is not None, "back on History's row")
    term.press("escape")
    term.wait(lambda: term.on("Continue (3)"), "back on the start screen")

    # The setup form: the field's caret, the seat's choice, its list open.
    term.press("n")
    term.wait(lambda: term.on("name (up to"), "the caret in the first name")
    x = term.cursor[0]
    term.press("A", "n", "n")
    term.wait(
        lambda: term.cursor[0] == x + 3 and term.row(term.cursor[1])[x : x + 3] == "Ann", "Ann"
    )
    term.press("tab")
    term.wait(lambda: term.on("person"), "the cursor on the seat's choice")
    y = term.cursor[1]
    term.press("enter")
    term.wait(lambda: "computer · easy" in term.text and term.on("person"), "the list open")
    term.press("down")
    term.wait(lambda: term.on("computer · easy") and term.cursor[1] == y + 2, "the next option")
    term.press("escape")
    term.wait(lambda: term.on("person") and term.cursor[1] == y, "the list closed")
