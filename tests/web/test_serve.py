"""``monstertrick serve`` in a real browser: Debian's Chromium driven by Playwright.

Run only these with ``pytest -m web``. They are skipped, saying why, where Chromium,
Playwright or textual-serve is missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser import (
    ARRANGE_ANN,
    HANDOFF_TO_ANN,
    PRIVATE,
    Screen,
    chromium,
    missing,
    serving,
    wait_until,
)

pytestmark = [
    pytest.mark.web,
    pytest.mark.skipif(missing() is not None, reason=str(missing())),
]

PLAY = ["play", "--players", "Ann,Bob", "--seed", "1"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


def test_a_tab_plays_the_game_and_closing_it_ends_its_game_process(
    browser: Any, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    with serving(PLAY, home, tmp_path / "serve.log") as server:
        screen = Screen.open(browser, server.url)
        assert screen.page.title() == "Monster Trick"
        screen.wait_for(HANDOFF_TO_ANN)
        before = screen.text()
        assert not [t for t in PRIVATE if t in before], "private text before Ann's key"
        assert len(server.game_processes()) >= 1

        screen.focus()
        screen.press_until("Enter", ARRANGE_ANN)
        after = screen.text()
        assert "Your hand" in after and "VP" in after

        screen.close()
        wait_until(lambda: not server.game_processes(), 20, "the game process to end")
        assert server.saves() == []  # no decision was made: nothing saved
        assert server.stop() == 0, server.output()


def test_a_page_opened_at_another_of_the_servers_names_plays(browser: Any, tmp_path: Path) -> None:
    """The page's links are relative: they lead back to wherever the browser found it."""
    with serving(PLAY, tmp_path / "home", tmp_path / "serve.log") as server:
        screen = Screen.open(browser, f"http://localhost:{server.port}/")
        screen.wait_for(HANDOFF_TO_ANN)
        screen.focus()
        screen.press_until("Enter", ARRANGE_ANN)
        screen.close()
        wait_until(lambda: not server.game_processes(), 20, "the game process to end")
        assert server.stop() == 0, server.output()


def test_a_page_load_without_a_decision_leaves_no_save(browser: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with serving(PLAY, home, tmp_path / "serve.log") as server:
        screen = Screen.open(browser, server.url)
        screen.wait_for(HANDOFF_TO_ANN)
        screen.close()
        wait_until(lambda: not server.game_processes(), 20, "the game process to end")
        assert list((home / "saves").glob("*.json")) == []
        assert server.stop() == 0, server.output()


def test_sigterm_stops_the_server_and_the_games_of_open_tabs(browser: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with serving(PLAY, home, tmp_path / "serve.log") as server:
        screens = [Screen.open(browser, server.url) for _ in range(2)]
        for screen in screens:
            screen.wait_for(HANDOFF_TO_ANN)
        assert len(server.game_processes()) >= 2
        games = list(server.game_processes())
        assert server.stop() == 0, server.output()
        alive = [
            pid
            for pid in games
            if Path(f"/proc/{pid}/cmdline").exists() and Path(f"/proc/{pid}/cmdline").read_bytes()
        ]
        assert alive == [], f"game processes left after the server stopped: {alive}"
        for screen in screens:
            screen.close()


@pytest.mark.slow
def test_a_game_quit_after_a_decision_is_continued_from_the_start_screen(
    browser: Any, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    bob = re.compile(r"Pass the keyboard to\W*Bob\b")
    with serving(PLAY, home, tmp_path / "play.log") as server:
        screen = Screen.open(browser, server.url)
        screen.wait_for(HANDOFF_TO_ANN)
        screen.focus()
        screen.press_until("Enter", ARRANGE_ANN)
        screen.press_until("Enter", bob)  # Ann's VP row: the first decision
        assert len(server.saves()) == 1
        screen.press_until("Control+q", re.compile(r"Quit \(y\)"))
        screen.page.keyboard.press("y")
        wait_until(lambda: not server.game_processes(), 20, "the game to end on quit")
        screen.close()
        assert server.stop() == 0, server.output()

    with serving([], home, tmp_path / "start.log") as server:  # the start screen
        screen = Screen.open(browser, server.url)
        screen.wait_for(re.compile(r"New game"))
        screen.focus()
        screen.press_until("c", re.compile(r"Ann, Bob"))
        screen.press_until("Enter", bob)  # on the turn it was left at, behind a handoff
        screen.close()
        assert server.stop() == 0, server.output()
