"""``monstertrick host`` as a person runs it: a process that prints the codes (and, with
``--json``, one line of JSON first), serves the table and the browser page, and can be
killed and reopened with ``--resume`` and the same codes. On loopback only."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from monstertrick.net.protocol import VERSION

from .browser import chromium, free_port, missing, wait_until


@dataclass
class Hosted:
    proc: subprocess.Popen[bytes]
    port: int
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def announced(self) -> dict[str, Any]:
        first = wait_until(
            lambda: self.output().split("\n", 1)[0] if "\n" in self.output() else None,
            30,
            "the host's first line",
        )
        doc: dict[str, Any] = json.loads(first)
        return doc


@contextmanager
def hosting(
    home: Path,
    log: Path,
    *args: str,
    port: int | None = None,
    stdin: int = subprocess.DEVNULL,
    open_files: int | None = None,
) -> Iterator[Hosted]:
    """``monstertrick host --json --port P ARGS...``, in a process group of its own,
    killed at the end with whatever it started. ``stdin=subprocess.PIPE``: lines may be
    typed at it (``proc.stdin``); ``open_files``: its open-file limit."""
    port = port or free_port()
    env = {**os.environ, "MONSTERTRICK_HOME": str(home)}
    argv = [sys.executable, "-m", "monstertrick", "host", "--json", "--port", str(port), *args]

    def limited() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    with open(log, "wb") as out:
        proc = subprocess.Popen(
            argv,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=stdin,
            env=env,
            start_new_session=True,
            preexec_fn=limited if open_files is not None else None,
        )
    try:
        yield Hosted(proc, port, log)
    finally:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait()


def exchange(port: int, code: str, send: list[dict[str, Any]] | None = None) -> list[Any]:
    """Join with ``code``, read the first table, send ``send`` (if any) and read the
    next message; every message read."""
    import asyncio

    import aiohttp

    async def run() -> list[Any]:
        async with (
            aiohttp.ClientSession() as http,
            http.ws_connect(f"ws://127.0.0.1:{port}/table") as ws,
        ):
            await ws.send_json({"type": "hello", "version": VERSION, "code": code})
            got = [await ws.receive_json(), await ws.receive_json()]
            for message in send or []:
                await ws.send_json(message)
                got.append(await ws.receive_json())
            return got

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:  # (a browser's own loop may run in this one)
        return thread.submit(asyncio.run, run()).result()


def act(table: dict[str, Any], choose: int = 0) -> dict[str, Any]:
    """A legal decision of the seat's view, as the table message gives it."""
    from monstertrick.games import GAMES
    from monstertrick.net.wire import Wire

    door = GAMES["monster-taking"].load()
    view = Wire(door).view(table["view"])
    action = list(view.legal_actions)[choose]
    return {"type": "act", "action": str(action), "at": table["at"]}


def test_the_host_prints_the_codes_and_a_killed_host_reopens_with_the_same_ones(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    players = ["--game", "monster-taking", "--players", "Ann, Bob", "--seed", "3", "--pace", "0"]
    with hosting(home, tmp_path / "host.log", *players) as host:
        doc = host.announced()
        assert [s["name"] for s in doc["seats"]] == ["Ann", "Bob"]
        codes = [s["code"] for s in doc["seats"]]
        assert doc["join"]["terminal"] == f"127.0.0.1:{host.port}"
        text = host.output()
        assert f"monstertrick join 127.0.0.1:{host.port} {codes[0]}" in text
        # Ann (or Bob) decides once; the game is saved; then the host is killed.
        first = exchange(host.port, codes[0])
        mover = 0 if first[1]["turn"]["seat"] == 0 else 1
        welcome, table = exchange(host.port, codes[mover])[:2]
        done = exchange(host.port, codes[mover], [act(table)])
        assert done[-1]["type"] == "table" and done[-1]["at"] != table["at"]
        os.killpg(host.proc.pid, signal.SIGKILL)
        host.proc.wait()
    with hosting(home, tmp_path / "again.log", "--resume", "--pace", "0") as again:
        doc = again.announced()
        assert [s["code"] for s in doc["seats"]] == codes
        resumed = exchange(again.port, codes[mover])
        assert resumed[1]["at"] == done[-1]["at"]
        assert "not kept" not in again.output()


def test_the_host_says_who_joins_and_who_is_away(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with hosting(
        home, tmp_path / "host.log", "--game", "monster-taking", "--players", "Ann, Bob"
    ) as host:
        codes = [s["code"] for s in host.announced()["seats"]]
        exchange(host.port, codes[1])
        wait_until(lambda: "Bob is away." in host.output(), 30, "Bob away")
        # A page opened at another name is refused, and the host is told how to allow it.
        import urllib.error
        import urllib.request

        request = urllib.request.Request(
            f"http://127.0.0.1:{host.port}/", headers={"Host": "evil.example"}
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 421
        assert "monstertrick host --allow-host" in refused.value.read().decode()
        assert "Bob joined." in host.output()
        host.proc.send_signal(signal.SIGTERM)
        assert host.proc.wait(30) == 0
        # Nobody decided: nothing was saved, and no --resume is offered.
        assert "The table is closed; no decision was made, so nothing was saved." in host.output()


def test_a_hosted_game_needs_a_person_and_a_free_port(tmp_path: Path) -> None:
    env = {**os.environ, "MONSTERTRICK_HOME": str(tmp_path / "home")}
    run = [sys.executable, "-m", "monstertrick", "host"]
    bots = subprocess.run(
        [*run, "--players", "Cy:easy, Di:easy"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert bots.returncode == 2 and "at least one person" in bots.stderr
    nobody = subprocess.run(run, capture_output=True, text=True, env=env, check=False)
    assert nobody.returncode == 2 and "--players" in nobody.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "monstertrick", "join", "no-port", "K7QF-9XMB"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert bad.returncode == 2 and "not an address" in bad.stderr


@pytest.mark.web
@pytest.mark.skipif(missing() is not None, reason=str(missing()))
@pytest.mark.slow
def test_a_seat_joins_from_a_browser_page_by_typing_its_code(tmp_path: Path) -> None:
    import re

    from .browser import Screen

    home = tmp_path / "home"
    with (
        hosting(
            home, tmp_path / "host.log", "--players", "Ann, Bob", "--seed", "2", "--pace", "0"
        ) as host,
        chromium() as browser,
    ):
        codes = [s["code"] for s in host.announced()["seats"]]
        assert host.announced()["join"]["browser"] == f"http://127.0.0.1:{host.port}/"
        screen = Screen.open(browser, f"http://127.0.0.1:{host.port}/")
        screen.wait_for(re.compile(r"Type the code"))
        screen.focus()
        screen.page.keyboard.type(codes[0].lower())
        screen.press_until("Enter", re.compile(r"Your hand"))
        text = screen.text()
        assert "Ann arranges" in text and "Pass the keyboard" not in text
        wait_until(lambda: "Ann joined." in host.output(), 30, "Ann to join")
        # Ann lays out her VP row in the page: Bob's screen is told at once.
        screen.press_until("Enter", re.compile(r"Press Enter to go on, or u to take it back"))
        bob = exchange(host.port, codes[1])
        assert bob[1]["turn"]["seat"] == 1 and bob[1]["last"]["seat"] == 0
        screen.close()
        wait_until(lambda: "Ann is away." in host.output(), 30, "Ann's page to close")


async def test_the_hosts_terminal_covers_an_away_seat_and_lists_the_seats() -> None:
    import io

    from monstertrick.net.host.command import Addresses, Host
    from monstertrick.net.host.table import TableHost
    from monstertrick.seating import Seat, Seating
    from monstertrick.session import Session

    seats = (Seat("Ann"), Seat("Bob"), Seat("Cy", "easy"))
    table = TableHost(Session.start(Seating(seats, 0), 3, game="monster-trick"))
    out = io.StringIO()
    host = Host(table, Addresses("127.0.0.1:8100", None, None), out=out)
    table.notice = host.say
    assert await host.command("cover Zed") is True
    assert "No one at the table is called Zed" in out.getvalue()
    await host.command("cover ann nonsense")
    assert "Cannot cover ann" in out.getvalue() and table.covered == {}
    await host.command("cover ANN easy")
    assert table.covered == {0: "easy"}
    # The computer player has laid Ann's VP row: Bob is the one to decide now.
    assert table.session.to_decide() is not None and table.session.to_decide()[0] == 1
    await host.command("who")
    listing = out.getvalue()
    assert "Ann: away: a computer player (easy) plays meanwhile" in listing
    assert "Bob: away  <- to decide" in listing and "Cy: computer player" in listing
    await host.command("codes")
    assert f"monstertrick join 127.0.0.1:8100 {table.codes[1]}" in out.getvalue()
    assert await host.command("quit") is False


@pytest.mark.web
@pytest.mark.skipif(missing() is not None, reason=str(missing()))
@pytest.mark.slow
def test_a_browser_page_is_told_when_the_host_closes_the_table(tmp_path: Path) -> None:
    """Ann's page shows the host's goodbye (the game is saved) before its game ends
    with the host: the host gives the tabs' screens a moment to draw it."""
    import re

    from .browser import Screen

    home = tmp_path / "home"
    players = ["--game", "monster-taking", "--players", "Ann, Bob", "--seed", "3", "--pace", "0"]
    with hosting(home, tmp_path / "host.log", *players) as host, chromium() as browser:
        codes = [s["code"] for s in host.announced()["seats"]]
        first = exchange(host.port, codes[0])
        mover = first[1]["turn"]["seat"]
        table = exchange(host.port, codes[mover])[1]
        exchange(host.port, codes[mover], [act(table)])  # (a decision: the game is saved)
        screen = Screen.open(browser, f"http://127.0.0.1:{host.port}/")
        screen.wait_for(re.compile(r"Type the code"))
        screen.focus()
        screen.page.keyboard.type(codes[0])
        screen.press_until("Enter", re.compile(r"Game 1 ·"))
        since = len(screen.frames)
        host.proc.send_signal(signal.SIGTERM)
        screen.wait_for(re.compile(r"The host closed the table; the game is saved"), since=since)
        assert host.proc.wait(30) == 0
