"""No line a joined line-mode screen receives says what it may not see: whole seeded games
of every game at a hosted table, two or three people each joined with ``join
--screen-reader`` (beside computer players) and a watcher (``join --watch
--screen-reader``), every line each of them is told scanned (the hidden-information scan
of the app's screens, :mod:`tests.contract.test_screens_hide`, for the line stream).

Each line is checked against what was secret when the host sent the table it tells: the
host notes, each time it makes a screen's table, what that screen may not see (another
seat's hand, VP row and face-down discards, Monster Taking's unused deck, and in Magic
Trick every value still in a hand, the screen's own seat's too); the joined screen notes
which table it has just read when each line is written. Once the game is over its record
is public, so the scan ends at the final line. Each person asks for their hand, VP row,
the table, the log, the last decision, the scores and the turn at every decision, and the
scan checks it finds their own cards in their own lines: a scan that finds nothing
proves nothing.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from monstertrick.games import GAMES
from monstertrick.lines.play import plain
from monstertrick.net.host.table import TableHost
from monstertrick.net.seat.lines import run_join_lines
from monstertrick.net.seat.session import RemoteSession
from monstertrick.seating import Seat, Seating
from monstertrick.session import Session

from .test_lines_join import END, Script

pytest.importorskip("aiohttp")

TABLES = {
    "monster-trick": ["Ann", "Bob", "Cid", "Dee:easy"],
    "monster-taking": ["Ann", "Bob"],  # (a match has two seats: both people)
    "magic-trick": ["Ann", "Bob", "Cid:easy", "Dee:easy"],
}
QUERIES = ("hand", "row", "table", "log", "last", "scores", "turn")
WATCHED = ("table", "turn", "scores", "last", "log", "hand", "row", "hint")
_CARD = re.compile(r"\b[A-Z]{1,2}\d{1,2}\b")
_AT: threading.local = threading.local()


@dataclass(frozen=True)
class Secret:
    """What one screen may not see at one position: cards by name, and VP rows (the
    patterns a row is said in)."""

    cards: frozenset[str]
    rows: frozenset[str]
    own: frozenset[str]
    """The screen's own cards it may see (the scan must find some)."""


def trick_secret(state: Any, viewer: int | None) -> Secret:
    seats = range(len(state.players))
    others = [p for p in seats if p != viewer]
    own_row = state.arrangement(viewer) if viewer is not None else None
    rows: set[str] = set()
    if state.phase.name not in ("ROUND_OVER", "GAME_OVER"):
        for p in others:
            row = state.arrangement(p)
            if row is not None and row != own_row:
                a, b, c = row
                rows |= {rf"\b{a}[- ]{b}[- ]{c}\b", rf"left {a}, middle {b}, right {c}\b"}
    cards = {str(c) for p in others for c in state.hand(p)}
    own = {str(c) for c in state.hand(viewer)} if viewer is not None else set()
    return Secret(frozenset(cards), frozenset(rows), frozenset(own))


def taking_secret(state: Any, viewer: int | None) -> Secret:
    cards = {str(c) for c in state.deck}  # (the unused cards: seen by nobody)
    for p in (0, 1):
        if p == viewer:
            continue
        given = set(state.view(p).received or ())  # (paid face up: both saw them)
        cards |= {str(c) for c in state.hand(p) if c not in given}
        cards |= {str(c) for c in state.discards(p)}
    own = {str(c) for c in state.hand(viewer)} if viewer is not None else set()
    return Secret(frozenset(cards), frozenset(), frozenset(own))


def magic_secret(state: Any, viewer: int | None) -> Secret:
    # Nobody sees a value still in a hand, not even the hand's holder.
    cards = {str(c) for p in range(len(state.players)) for c in state.hand(p)}
    return Secret(frozenset(cards), frozenset(), frozenset())


SECRETS: dict[str, Callable[[Any, int | None], Secret]] = {
    "monster-trick": trick_secret,
    "monster-taking": taking_secret,
    "magic-trick": magic_secret,
}


class Asker(Script):
    """A person who reads only the lines and, at each decision, first asks every query;
    each line noted with the tables (positions) its screen had read when it came."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.tags: list[tuple[tuple[int, int] | None, tuple[int, int] | None]] = []
        self.turns = 0
        self.pending: list[str] = []

    def write(self, line: str) -> None:
        with self.changed:
            self.tags.append((getattr(_AT, "before", None), getattr(_AT, "at", None)))
        super().write(line)

    def read(self) -> str | None:
        answer = super().read()
        if answer is None or not answer.isdigit():
            return answer
        with self.changed:
            turns = sum(1 for line in self.lines if line.startswith("Turn: "))
            if turns != self.turns:
                self.turns = turns
                self.pending = list(QUERIES)
            if self.pending:
                return self.pending.pop(0)  # (the same prompt comes again after it)
        return answer


class Watcher(Asker):
    """A watcher who asks a question after each turn line (the rules once), and stops
    at the final standings."""

    def __init__(self) -> None:
        super().__init__(0)
        self.joined = threading.Event()
        self.asked = 0

    def write(self, line: str) -> None:
        super().write(line)
        if line.startswith("Game: "):
            self.joined.set()

    def read(self) -> str | None:
        with self.changed:
            while True:
                if any(END.fullmatch(line) for line in self.lines):
                    return None
                turns = sum(1 for line in self.lines if line.startswith("Turn: "))
                if turns > self.asked:
                    self.asked += 1
                    return "rules" if self.asked == 2 else WATCHED[self.asked % len(WATCHED)]
                self.changed.wait(timeout=60)


def joined(url: str, code: str, script: Asker, watch: bool = False) -> int:
    """``join --screen-reader`` (``watch``: ``--watch`` too) played by ``script``, in
    this thread (its notes of the tables read start afresh)."""
    _AT.before = _AT.at = None
    return run_join_lines(
        url, code, "--screen-reader", watch=watch, out=script.write, read=script.read
    )


def scan(
    script: Asker, seat: int | None, noted: dict[tuple[tuple[int, int], int | None], Secret]
) -> tuple[list[str], bool]:
    """What ``script``'s lines say that its screen (``seat``; None: a watcher) may not
    see, and whether they name some of its own cards."""
    found: list[str] = []
    own_seen = False
    for line, (before, at) in zip(script.lines, script.tags):
        if END.fullmatch(line):
            break  # (the game is over: its record is public)
        if at is None or line.startswith(("Rules: ", "Command: ")):
            continue  # (before the first table; the rules' and the commands' fixed text)
        secret = noted[(at, seat)]
        earlier = noted.get((before, seat), secret) if before is not None else secret
        cards = secret.cards & earlier.cards  # (a line may tell the table read before)
        named = set(_CARD.findall(line))
        if named & cards:
            found.append(f"{sorted(named & cards)} said to {seat}: {line}")
        if not re.match(r"\d+\. VP row ", line):  # (every row is a choice when laying one)
            rows = secret.rows & earlier.rows
            found += [f"a VP row said to {seat}: {line}" for r in rows if re.search(r, line)]
        own_seen = own_seen or bool(named & secret.own)
    return found, own_seen


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(TABLES))
async def test_no_line_a_joined_seat_or_watcher_is_told_says_what_it_may_not_see(
    served: Any, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = TABLES[game]
    seats = tuple(Seat(n, b or None) for n, _, b in (e.partition(":") for e in names))
    table = TableHost(Session.start(Seating(seats, 0), 9, game=game))
    noted: dict[tuple[tuple[int, int], int | None], Secret] = {}
    secret_of = SECRETS[game]
    made = table.table_news

    def table_news(seat: int | None) -> Any:
        session = table.session
        noted.setdefault((session.position, seat), secret_of(session.state, seat))
        return made(seat)

    monkeypatch.setattr(table, "table_news", table_news)
    update = RemoteSession.update

    def noting(session: RemoteSession, data: object) -> None:
        update(session, data)
        _AT.before, _AT.at = getattr(_AT, "at", None), session.position

    monkeypatch.setattr(RemoteSession, "update", noting)
    said: list[str] = []
    table.notice = said.append
    url = await served(table)
    people = table.session.humans
    watcher = Watcher()
    watching = asyncio.ensure_future(
        asyncio.to_thread(joined, url, table.watch_code, watcher, True)
    )
    assert await asyncio.to_thread(watcher.joined.wait, 60)  # (before any chapter ends)
    scripts = [Asker(seat) for seat in people]
    statuses = await asyncio.gather(
        *(asyncio.to_thread(joined, url, table.codes[s], a) for s, a in zip(people, scripts)),
        watching,
    )
    assert statuses == [0] * (len(people) + 1)
    outcome = table.session.outcome()
    assert outcome is not None  # (played to the end)
    unit = GAMES[game].load().arena_terms.unit
    assert f"The {unit} is over. {outcome.explain(table.session.names)}" in said
    # Every screen hears every public event once (the watcher too, and whose turn it is).
    # (A chapter's deal is not in its log while it is played: it is not told live.)
    session = table.session
    door, state = session.rules, session.state
    played = [
        e
        for chapter in range(1, state.chapter)
        for _, seat, _, _, events in door.chapter_steps(state, chapter)
        if seat is not None
        for e in events
    ]
    logs = [*played, *session.round_log()]
    events = [plain(f"Event: {e.describe(session.names)}") for e in logs]  # type: ignore[attr-defined]
    for seat, script in [*zip(people, scripts), (None, watcher)]:
        assert any(END.fullmatch(line) for line in script.lines), script.lines[-20:]
        heard = [line for line in script.lines if line.startswith("Event: ")]
        assert sorted(heard) == sorted(events)  # (VP rows laid at once: in seat order)
        found, own_seen = scan(script, seat, noted)
        assert not found, found[:3]
        if seat is not None and game != "magic-trick":
            assert own_seen, f"{names[seat]}'s own cards are never in their lines"
        if seat is not None:
            assert any(line.startswith("Hand: ") for line in script.lines)
        if seat is not None and game == "monster-trick":
            assert any(line.startswith("Row: Your VP row: left ") for line in script.lines)
    # The watcher's questions are answered, but for a hand, a row or a hint.
    assert sum(1 for line in watcher.lines if line.startswith("Turn: ")) > 20
    for label in ("Table: ", "Whose turn: ", "Scores: ", "Last: ", "Log: ", "Rules: "):
        assert any(line.startswith(label) for line in watcher.lines), label
    assert not any(line.startswith(("Hand: ", "Row: ", "Hint: ")) for line in watcher.lines)
    assert "Private: a watcher is told what everyone may see: no hand, row or hint." in (
        watcher.lines
    )


def test_the_scan_finds_a_card_or_a_row_said_to_a_screen_that_may_not_see_it() -> None:
    """(The scan can fail.)"""
    script = Asker(0)
    noted: dict[tuple[tuple[int, int], int | None], Secret] = {
        ((1, 4), 1): Secret(frozenset({"I7"}), frozenset({r"\b3[- ]1[- ]2\b"}), frozenset())
    }
    for line in ("Event: Ann led A2.", "Hand: I7, S3.", "Scores: VP rows: Ann 3 1 2."):
        script.lines.append(line)
        script.tags.append((None, (1, 4)))
    found, _ = scan(script, 1, noted)
    assert found == [
        "['I7'] said to 1: Hand: I7, S3.",
        "a VP row said to 1: Scores: VP rows: Ann 3 1 2.",
    ]
