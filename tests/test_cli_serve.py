"""``monstertrick serve``'s command line, without a browser (tests/web/ has those)."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import monstertrick.net.transports.serve as serve_module
from monstertrick.cli import main
from monstertrick.net.transports.serve import app_command, exposure_warning, is_loopback

Call = tuple[list[str], str, int, list[str], int]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """Calls of serve() made by the command line (nothing is served): the command, the
    host, the port, the allowed host names and the most games at once."""
    calls: list[Call] = []

    def fake(
        args: list[str], *, host: str, port: int, allow_hosts: list[str], max_games: int
    ) -> int:
        calls.append((list(args), host, port, list(allow_hosts), max_games))
        return 0

    monkeypatch.setattr(serve_module, "serve", fake)
    return calls


def code_of(*argv: str) -> int:
    try:
        return main(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)


def test_defaults_serve_the_start_screen_on_127_0_0_1_port_8000(served) -> None:
    assert code_of("serve") == 0
    assert served == [([], "127.0.0.1", 8000, [], 16)]


def test_the_command_after_dashes_is_checked_and_passed_on(served) -> None:
    assert code_of("serve", "--port", "8123", "--", "play", "--players", "Ann, Bob:hard") == 0
    assert served == [(["play", "--players", "Ann, Bob:hard"], "127.0.0.1", 8123, [], 16)]


def test_allowed_host_names_and_the_most_games_are_passed_on(served) -> None:
    argv = ["--host", "[::1]", "--allow-host", "Table.Local", "--allow-host", "10.0.0.7"]
    assert code_of("serve", *argv, "--max-games", "3") == 0
    assert served == [([], "::1", 8000, ["Table.Local", "10.0.0.7"], 3)]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--", "play"], "--players"),
        (["--", "play", "--players", "Ann"], "2 to 5 players"),
        (["--", "play", "--players", "Ann,Bob", "--seed", "x"], "invalid int"),
        (["--", "play", "--players", "Ann,Ann"], ""),
        (["--", "arena", "--seats", "easy,easy"], "play, resume, view"),
        (["--", "serve"], "play, resume, view"),
        (["--", "--version"], "play, resume, view"),
        (["--port", "0"], "port"),
        (["--allow-host", "evil.example:8000"], "not a host name"),
        (["--allow-host", "http://evil.example"], "not a host name"),
        (["--host", "bad host"], "not a host name"),
        (["--max-games", "0"], "at least 1"),
        (["--", "play", "--players", "Ann,Bob", "--screen-reader"], "not plain lines"),
        (["--", "resume", "--screen-reader"], "join --screen-reader"),
    ],
)
def test_a_usage_error_is_reported_at_once_with_status_2(served, capsys, argv, said) -> None:
    assert code_of("serve", *argv) == 2
    assert served == []
    err = capsys.readouterr().err
    assert "error" in err and said in err


def test_the_game_command_comes_from_this_interpreter_and_is_quoted() -> None:
    args = ["play", "--players", "Ann, Bob:hard; rm -rf ~", "--seed", "1"]
    command = app_command(args)
    safe_path = "-P" if sys.version_info >= (3, 11) else "-I"
    assert shlex.split(command) == [sys.executable, safe_path, "-m", "monstertrick", *args]


def test_the_game_does_not_import_from_the_servers_working_folder(tmp_path: Path) -> None:
    (tmp_path / "argparse.py").write_text("raise SystemExit('the wrong argparse')\n")
    proc = subprocess.run(
        shlex.split(app_command(["--version"])),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("monstertrick ")


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("localhost", True),
        ("::1", True),
        ("127.0.0.2", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.5", False),
        ("example.org", False),
    ],
)
def test_only_loopback_addresses_are_quiet(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback
    warning = exposure_warning(host, 8000, "/x/saves")
    if loopback:
        assert warning is None
    else:
        assert warning is not None and "no login" in warning and "/x/saves" in warning


def test_serving_elsewhere_than_loopback_warns_on_stderr(monkeypatch, capsys) -> None:
    pytest.importorskip("textual_serve")
    from monstertrick.net.transports.browser import GameServer

    started: list[str] = []
    monkeypatch.setattr(GameServer, "serve", lambda self, debug=False: started.append(self.command))
    assert serve_module.serve(["play", "--players", "Ann,Bob"], host="0.0.0.0", port=8000) == 0
    assert started and started[0].endswith(" -m monstertrick play --players Ann,Bob")
    err = capsys.readouterr().err
    assert err.startswith("monstertrick: warning: serving on 0.0.0.0:8000") and "no login" in err
    assert serve_module.serve([], host="127.0.0.1", port=8000) == 0
    assert capsys.readouterr().err == ""


def test_without_textual_serve_it_says_how_to_install_it(monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    monkeypatch.delitem(
        sys.modules, "monstertrick.net.transports.browser", raising=False
    )  # imported again
    assert code_of("serve", "--", "play", "--players", "Ann,Bob") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install "monstertrick[web]"' in err
    assert "Traceback" not in err


def test_a_port_in_use_is_a_one_line_error(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve")
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "-m", "monstertrick", "serve", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
    assert proc.returncode == 1, proc.stderr
    assert f"cannot serve on 127.0.0.1:{port}" in proc.stderr
    assert "Traceback" not in proc.stderr


def upgrade(port: int, origin: str) -> str:
    """The status line the server answers a WebSocket handshake from ``origin`` with."""
    import socket

    request = (
        f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        f"Origin: {origin}\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(request.encode())
        return sock.recv(4096).decode(errors="replace").splitlines()[0]


def test_only_the_games_own_page_may_open_a_game(tmp_path: Path) -> None:
    """Any web page may try a WebSocket to 127.0.0.1: one from elsewhere is refused
    before a game process starts."""
    pytest.importorskip("textual_serve")
    from .web.browser import serving, wait_until

    play = ["play", "--players", "Ann,Bob"]
    with serving(play, tmp_path / "home", tmp_path / "serve.log") as server:
        assert " 403 " in upgrade(server.port, "http://elsewhere.example")
        assert server.game_processes() == {}
        assert " 101 " in upgrade(server.port, f"http://127.0.0.1:{server.port}")
        wait_until(lambda: not server.game_processes(), 20, "the game to end")
        assert server.stop() == 0, server.output()


def test_a_tabs_game_draws_the_screens_whatever_the_servers_line_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tab's game speaks textual-serve's protocol to the page: the server's own
    MONSTERTRICK_SCREEN_READER (or saved setting) never switches it to plain lines, which
    the page could not draw; the help says where the line mode is."""
    import asyncio

    pytest.importorskip("textual_serve")
    from monstertrick.net.transports import browser

    monkeypatch.setenv("MONSTERTRICK_SCREEN_READER", "1")
    started: list[dict[str, str]] = []

    class Stop(Exception):
        pass

    async def start(argv: list[str], env: dict[str, str]) -> object:
        started.append(dict(env))
        raise Stop

    monkeypatch.setattr(browser, "start_process_group", start)
    game = browser.Game.__new__(browser.Game)
    game.argv = ["monstertrick"]
    game._build_environment = lambda width, height: {"MONSTERTRICK_SCREEN_READER": "1"}  # type: ignore[method-assign]
    with pytest.raises(Stop):
        asyncio.run(game._open_app_process())
    assert started[0]["MONSTERTRICK_SCREEN_READER"] == "0"
    help_text = " ".join(main_help("serve").split())
    assert "no line mode for a screen reader" in help_text
    assert "join --screen-reader" in help_text


def main_help(command: str) -> str:
    from monstertrick.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[command].format_help()
