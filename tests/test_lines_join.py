"""``monstertrick join --screen-reader``: a seat of a hosted table played in lines, on
loopback, by a script that reads only its lines and answers by number."""

from __future__ import annotations

import asyncio
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from monstertrick.net.host.table import TableHost
from monstertrick.net.seat.lines import run_join_lines
from monstertrick.seating import Seat, Seating
from monstertrick.session import Session

from .test_lines import end_line

pytest.importorskip("aiohttp")

_CHOICE = re.compile(r"^(\d+)\. ")
END = re.compile(r"End: The (game|match) is over\.")

TABLES = {
    "monster-trick": ["Ann", "Bob:easy", "Cid:easy"],
    "monster-taking": ["Ann", "Bob:easy"],
    "magic-trick": ["Ann", "Bob:easy", "Cid:easy", "Dee:easy"],
}


class Script:
    """A player who reads only the lines: at each new prompt, a number among the
    choices listed since the last turn line when it asks for one, else Enter."""

    def __init__(self, seed: int) -> None:
        self.lines: list[str] = []
        self.rng = random.Random(seed)
        self.changed = threading.Condition()
        self.answered = 0
        self.at_end: list[str | None] = []
        self.closing = 0
        """What it answers at the prompt after the final standings (nothing: it stops)."""

    def write(self, line: str) -> None:
        with self.changed:
            self.lines.append(line)
            self.changed.notify_all()

    def read(self) -> str | None:
        with self.changed:
            while True:
                prompts = [i for i, line in enumerate(self.lines) if line.startswith("Prompt: ")]
                if any(END.fullmatch(line) for line in self.lines):
                    if not self.at_end:
                        return None
                    closing = sum(1 for line in self.lines if line.startswith("Prompt: Type rev"))
                    if closing > self.closing:
                        self.closing = closing
                        return self.at_end.pop(0)
                    self.changed.wait(timeout=60)
                    continue
                if len(prompts) > self.answered:
                    break
                self.changed.wait(timeout=60)
            self.answered = len(prompts)
            last = self.lines[prompts[-1]]
            if not last.startswith("Prompt: type a number"):
                return ""
            start = max(i for i, line in enumerate(self.lines) if line.startswith("Turn: "))
            count = sum(1 for line in self.lines[start:] if _CHOICE.match(line))
            return str(self.rng.randint(1, count))


@pytest.mark.parametrize("game", sorted(TABLES))
@pytest.mark.slow
async def test_a_seat_joined_in_lines_plays_a_hosted_game_to_the_end(
    served: Any, game: str
) -> None:
    seats = tuple(Seat(n, b or None) for n, _, b in (e.partition(":") for e in TABLES[game]))
    table = TableHost(Session.start(Seating(seats, 0), 6, game=game))
    url = await served(table)
    script = Script(6)
    status = await asyncio.to_thread(
        run_join_lines, url, table.codes[0], "--screen-reader", out=script.write, read=script.read
    )
    lines = script.lines
    assert status == 0
    assert lines[0].startswith("Screen reader mode: on, by --screen-reader;")
    assert lines[1].startswith("Game: joined as Ann; ")
    assert end_line(game) in lines, "\n".join(lines[-30:])
    assert any(line.startswith("Event: Bob ") for line in lines)
    text = "\n".join(lines)
    assert not re.search("[\u2500-\u257f]", text) and "\x1b" not in text
    assert table.session.outcome() is not None  # (the host's game is over)


def test_join_with_the_flag_joins_in_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    from monstertrick import cli
    from monstertrick.net.seat import lines as remote

    seen: list[tuple[str, str | None, str, bool]] = []

    def joined(url: str, code: str | None, source: str, *, watch: bool = False) -> int:
        seen.append((url, code, source, watch))
        return 0

    monkeypatch.setattr(remote, "run_join_lines", joined)
    assert cli.main(["join", "127.0.0.1:8100", "K7QF-9XMB", "--screen-reader"]) == 0
    assert cli.main(["join", "127.0.0.1:8100", "K7QF-9XMB", "--watch", "--screen-reader"]) == 0
    url = "ws://127.0.0.1:8100/table"
    assert seen == [
        (url, "K7QF-9XMB", "--screen-reader", False),
        (url, "K7QF-9XMB", "--screen-reader", True),  # (watching in lines)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["monster-taking", "monster-trick"])
async def test_a_seat_in_lines_and_a_seat_on_the_app_play_one_hosted_game(
    served: Any, game: str
) -> None:
    """Ann in lines, Bob on the Textual join screen (VP rows laid at once in Monster
    Trick): the game ends for both, Bob's moves told in Ann's lines."""
    from monstertrick.net.seat.app import JoinApp

    from .tui.test_join import play

    names = ["Ann", "Bob"] if game == "monster-taking" else ["Ann", "Bob", "Cid:easy"]
    seats = tuple(Seat(n, b or None) for n, _, b in (e.partition(":") for e in names))
    table = TableHost(Session.start(Seating(seats, 0), 3, game=game))
    url = await served(table)
    address = url.removeprefix("ws://").removesuffix("/table")
    app = JoinApp(url, address, table.codes[1], pace=0)
    script = Script(3)
    status, _ = await asyncio.gather(
        asyncio.to_thread(
            run_join_lines,
            url,
            table.codes[0],
            "--screen-reader",
            out=script.write,
            read=script.read,
        ),
        play(app, 5),
    )
    assert status == 0
    assert end_line(game) in script.lines
    assert app.session is not None and app.session.outcome() is not None
    assert any(line.startswith("Event: Bob ") for line in script.lines)


async def test_over_ssh_a_code_with_lines_after_it_joins_the_seat_in_lines(
    served: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's SSH door, on loopback: ``ssh CODE+lines@ADDRESS`` starts ``join`` in
    the line mode for that seat (its first line says how it was switched on and how
    to have the app instead), and ``quit`` leaves the host's game as it was."""
    asyncssh = pytest.importorskip("asyncssh")
    from monstertrick.lines import OVER_SSH
    from monstertrick.net.host.command import _open_door

    monkeypatch.setenv("MONSTERTRICK_HOME", str(tmp_path))
    monkeypatch.setenv("MONSTERTRICK_SCREEN_READER", "1")  # (the host's own: not inherited)
    seats = (Seat("Ann"), Seat("Bob", "easy"))
    table = TableHost(Session.start(Seating(seats, 0), 4, game="monster-taking"))
    url = await served(table)
    port = int(url.removeprefix("ws://127.0.0.1:").removesuffix("/table"))
    door = await _open_door(table, "127.0.0.1", 0, "127.0.0.1", port)
    assert door is not None
    assert door.environment["MONSTERTRICK_SCREEN_READER"] == "0"  # (the screens' own)
    try:
        async with asyncssh.connect(
            "127.0.0.1",
            door.port,
            username=f"{table.codes[0]}+lines",
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            config=None,
        ) as connection:
            process = await connection.create_process(
                term_type="xterm", term_size=(80, 24), encoding="utf-8"
            )
            said: list[str] = []
            while not any(line.startswith("Prompt: ") for line in said):
                line = await asyncio.wait_for(process.stdout.readline(), 60)
                assert line, said
                said.append(line.rstrip("\r\n"))
            process.stdin.write("quit\n")
            rest = await asyncio.wait_for(process.stdout.read(), 60)
            result = await asyncio.wait_for(process.wait(), 60)
    finally:
        await door.close()
    assert said[0].startswith(f"Screen reader mode: on, by {OVER_SSH};"), said
    assert "CODE@ADDRESS" in said[0]
    assert said[1].startswith("Game: joined as Ann; ")
    assert "\x1b" not in "\n".join(said)  # no screen drawn, no alternate screen
    assert "End: stopped; the host keeps the game." in rest
    assert result.exit_status == 0


async def test_a_seat_joined_in_lines_hears_the_games_review_at_the_end(served: Any) -> None:
    from monstertrick.review import Game, ReviewCache, Settings, format_review, review

    tiny = Settings(seed=1, playouts=2, luck_samples=1)
    seats = (Seat("Ann"), Seat("Bob", "easy"))
    table = TableHost(Session.start(Seating(seats, 0), 6, game="monster-taking"))
    url = await served(table)
    script = Script(6)
    script.at_end = ["review", None]
    status = await asyncio.to_thread(
        run_join_lines,
        url,
        table.codes[0],
        "--screen-reader",
        out=script.write,
        read=script.read,
        review_settings=tiny,
    )
    assert status == 0
    lines = script.lines
    end = lines.index("End: The match is over.")
    told = [line for line in lines[end:] if line.startswith("Review: ")]
    expected = review(Game(table.session.finished_record()), (0,), tiny, cache=ReviewCache())
    text = [t.strip() for t in format_review(expected, width=1 << 16).splitlines() if t.strip()]
    assert told[1:-1] == [f"Review: {t}" for t in text]
    assert sum(1 for line in lines if line.startswith("Prompt: Type review")) == 2


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ("[1, 2]", "(a message from the host is one JSON object)"),
        (
            '{"type": "table", "x": "' + "y" * (4 * 1024 * 1024) + '"}',
            "(it sent a message too large",
        ),
    ],
    ids=["not-an-object", "too-large"],
)
async def test_a_seat_in_lines_sent_what_it_cannot_read_ends_saying_why(
    sent: str, said: str
) -> None:
    """A host (a stand-in, on loopback) that welcomes the seat, then sends what no seat
    can read: the line mode ends with the reason and how to take the seat again, as the
    join app says it before it joins again (one connection, :mod:`.link`, for both)."""
    from aiohttp import web

    from .web.standin import stand_in_host

    async def then(ws: web.WebSocketResponse, joins: int) -> None:
        await ws.send_str(sent)

    script = Script(1)
    async with stand_in_host(then) as url:
        status = await asyncio.to_thread(
            run_join_lines, url, "K7QF9XMB", "--screen-reader", out=script.write, read=script.read
        )
    last = script.lines[-1]
    assert status == 0
    assert last.startswith("End: this screen could not read what the host sent "), script.lines
    assert said in last and "join with the same code takes the seat again" in last, last
