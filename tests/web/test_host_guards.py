"""``monstertrick host`` itself against what can go wrong around it, on loopback: its
codes file (a link there, an old file's mode, a damaged file, a pipe), the open-file
limit with hundreds of idle connections, and the goodbye every screen is told when the
host closes the table (``quit``, Ctrl+C, SIGTERM). Each host is a process of its own,
killed at the end with whatever it started."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import stat
import subprocess
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from monstertrick.net.protocol import VERSION

from .browser import wait_until
from .test_host import Hosted, act, exchange, hosting

TIMEOUT = 30.0
"""Seconds any one wait may take before the test fails (a bound, not a test)."""

SAVED = "the host closed the table; the game is saved (host --resume to go on)"


def saved_game(home: Path) -> Path:
    """A hosted game of Monster Taking with one decision made, saved in ``home``: the
    file ``host --resume`` reopens."""
    from monstertrick.saves import SaveStore, release_all_locks
    from monstertrick.seating import Seat, Seating
    from monstertrick.session import Handoff, Session

    store = SaveStore(home / "saves")
    session = Session.start(Seating((Seat("Ann"), Seat("Bob")), 0), 3, store, game="monster-taking")
    step = session.next_step()
    assert isinstance(step, Handoff)
    session.pass_keyboard(step.seat)
    session.apply(step.seat, session.view(step.seat).legal_actions[0])
    assert session.save_path is not None
    release_all_locks()
    return session.save_path


def codes_file(home: Path, save: Path) -> Path:
    return home / "tables" / f"{save.stem}.table.json"


def resumed(home: Path, tmp_path: Path, save: Path, name: str) -> Any:
    return hosting(home, tmp_path / f"{name}.log", "--resume", str(save), "--pace", "0")


def codes_of(host: Hosted) -> list[str]:
    return [s["code"] for s in host.announced()["seats"]]


def assert_quiet(host: Hosted) -> None:
    console = host.output()
    for sign in ("Traceback", "Error handling request", "Task exception was never retrieved"):
        assert sign not in console, console


def test_the_codes_file_is_written_as_the_saves_are_never_through_a_link(
    tmp_path: Path,
) -> None:
    """A link where the codes are kept is replaced, not followed (its target is left as
    it was); a codes file of another mode becomes this user's alone."""
    home = tmp_path / "home"
    save = saved_game(home)
    path = codes_file(home, save)
    path.parent.mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("not the host's to write\n")
    path.symlink_to(victim)
    with resumed(home, tmp_path, save, "first") as host:
        codes = codes_of(host)
        wait_until(lambda: path.exists() and not path.is_symlink(), TIMEOUT, "the codes kept")
        assert victim.read_text() == "not the host's to write\n"
        assert stat.S_IMODE(path.lstat().st_mode) == 0o600
        assert json.loads(path.read_text())["codes"]["0"] == codes[0]
    path.chmod(0o644)
    with resumed(home, tmp_path, save, "again") as host:
        assert codes_of(host) == codes  # (the file read: the same codes)
        wait_until(lambda: stat.S_IMODE(path.stat().st_mode) == 0o600, TIMEOUT, "mode 0600")
        assert_quiet(host)


@pytest.mark.parametrize("damage", ["brackets", "pipe", "folder", "huge"])
def test_a_damaged_codes_file_gives_new_codes_and_the_table_opens(
    tmp_path: Path, damage: str
) -> None:
    """3,000 ``[`` (too deep to read), a pipe (never to be read from), a folder or a file
    far too large where the codes are kept: the host says the codes were not kept,
    gives new ones and serves, at once."""
    home = tmp_path / "home"
    save = saved_game(home)
    path = codes_file(home, save)
    path.parent.mkdir(parents=True)
    if damage == "brackets":
        path.write_text("[" * 3000)
    elif damage == "pipe":
        os.mkfifo(path)
    elif damage == "folder":
        path.mkdir()
    else:
        path.write_text(" " * 100_000 + "{}")
    with resumed(home, tmp_path, save, damage) as host:
        codes = codes_of(host)
        wait_until(lambda: "not kept" in host.output(), TIMEOUT, "codes not kept")
        assert exchange(host.port, codes[0])[0]["type"] == "welcome"
        assert host.proc.poll() is None
        assert_quiet(host)


def test_hundreds_of_idle_connections_under_a_low_open_file_limit_hold_no_one(
    tmp_path: Path,
) -> None:
    """A host with 512 open files at most: 500 connections that never say a word, from
    five addresses, and 100 requests left half-sent. The host refuses those beyond its
    limits, stays up, says nothing on its console, and Ann and Bob join and play."""
    home = tmp_path / "home"
    players = ["--game", "monster-taking", "--players", "Ann, Bob", "--seed", "3", "--pace", "0"]
    with hosting(home, tmp_path / "host.log", *players, open_files=512) as host:
        codes = codes_of(host)
        held: list[socket.socket] = []
        try:
            for n in range(2, 7):
                for _ in range(100):
                    sock = socket.socket()
                    sock.bind((f"127.0.0.{n}", 0))
                    sock.connect(("127.0.0.1", host.port))
                    held.append(sock)
            for _ in range(100):
                sock = socket.socket()
                sock.bind(("127.0.0.7", 0))
                sock.connect(("127.0.0.1", host.port))
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(sock)
            # Ann's and Bob's screens, from this machine's own address: a whole exchange.
            first = exchange(host.port, codes[0])
            mover = first[1]["turn"]["seat"]
            table = exchange(host.port, codes[mover])[1]
            done = exchange(host.port, codes[mover], [act(table)])
            assert done[-1]["type"] == "table" and done[-1]["at"] != table["at"]
            assert host.proc.poll() is None
        finally:
            for sock in held:
                sock.close()
        assert_quiet(host)


def _screens_told(port: int, codes: list[str], close: Any) -> list[list[dict[str, Any]]]:
    """A decision is made (so the game is saved); Ann's screen and a watcher's join;
    then ``close()`` closes the table: what each screen was sent after its first table,
    to the end of its connection (tables left out)."""
    first = exchange(port, codes[0])
    mover = first[1]["turn"]["seat"]
    table = exchange(port, codes[mover])[1]
    assert exchange(port, codes[mover], [act(table)])[-1]["at"] != table["at"]

    async def run() -> list[list[dict[str, Any]]]:
        async with aiohttp.ClientSession() as http:
            screens = []
            for code, watch in ((codes[0], False), (codes[1], True)):
                ws = await http.ws_connect(f"ws://127.0.0.1:{port}/table")
                hello = {"type": "hello", "version": VERSION, "code": code, "watch": watch}
                await ws.send_json(hello)
                assert (await ws.receive_json())["type"] == "welcome"
                assert (await ws.receive_json())["type"] == "table"
                screens.append(ws)
            close()
            told = []
            for ws in screens:
                seen = [json.loads(msg.data) async for msg in ws]
                told.append([m for m in seen if m["type"] != "table"])
                assert ws.closed
            return told

    async def bounded() -> list[list[dict[str, Any]]]:
        return await asyncio.wait_for(run(), TIMEOUT)

    return asyncio.run(bounded())


@pytest.mark.parametrize("how", ["quit", "SIGTERM", "SIGINT"])
def test_closing_the_host_tells_every_screen_the_game_is_saved(tmp_path: Path, how: str) -> None:
    """``quit`` typed at the host, or SIGTERM, or Ctrl+C (SIGINT): every screen is sent
    the goodbye that stops it trying again, the host exits with 0, and says how to
    reopen the table."""
    home = tmp_path / "home"
    players = ["--game", "monster-taking", "--players", "Ann, Bob", "--seed", "3", "--pace", "0"]
    with hosting(home, tmp_path / "host.log", *players, stdin=subprocess.PIPE) as host:
        codes = codes_of(host)

        def close() -> None:
            if how == "quit":
                assert host.proc.stdin is not None
                host.proc.stdin.write(b"quit\n")
                host.proc.stdin.flush()
            else:
                os.kill(host.proc.pid, getattr(signal, how))

        told = _screens_told(host.port, codes, close)
        assert told == [[{"type": "bye", "why": "closed", "reason": SAVED}]] * 2
        assert host.proc.wait(TIMEOUT) == 0
        assert "The table is closed. Reopen it with: monstertrick host --resume" in host.output()
        assert_quiet(host)
