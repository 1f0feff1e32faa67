"""``monstertrick join``: the seat's own screens at a hosted table, on loopback. Several
join apps, driven headless, play the last chapter of a game of every game against a host
with computer players; one drops mid-game and joins again; the final standings come from
the record the host sends at the end."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from monstertrick.net.host.table import TableHost
from monstertrick.net.seat.app import JoinApp
from monstertrick.net.seat.screen import JoinScreen
from monstertrick.net.seat.session import RemoteSession, table_url
from monstertrick.seating import Seat, Seating
from monstertrick.session import BotTurn, GameEnd, Handoff, Played, RoundOver, Session, Turn
from monstertrick.tui.messages import Decided
from monstertrick.tui.screens.base import DecisionScreen, FinalScreen, PauseScreen

from .helpers import Toasts, screen_text, until

TABLES = {
    "monster-trick": ["Ann", "Bob", "Cid", "Dee:easy"],
    "magic-trick": ["Ann", "Bob", "Cid", "Dee:easy"],
    "monster-taking": ["Ann", "Bob"],
}
"""Three people's screens and a computer player in the host (two people in the duel)."""


def words_of(app: JoinApp) -> str:
    """The screen's words, however its lines wrap them (box lines left out)."""
    return " ".join(screen_text(app).translate(dict.fromkeys(map(ord, "│╭╮╰╯─"), " ")).split())


def seated(game: str, seed: int) -> Session:
    seats = []
    for entry in TABLES[game]:
        name, _, bot = entry.partition(":")
        seats.append(Seat(name, bot or None))
    return Session.start(Seating(tuple(seats), 0), seed, game=game)


def hosted(game: str, seed: int = 4, *, last_chapter: bool = False) -> TableHost:
    """A table of ``game`` hosted from its start, or (``last_chapter``) from the start of
    its last round, hand or game of the match: the chapters before played at one
    keyboard, each person deciding as the easiest computer player would."""
    session = seated(game, seed)
    if last_chapter:
        whole = seated(game, seed)
        play_at_one_keyboard(whole, lambda: False)
        last = whole.state.chapter
        play_at_one_keyboard(session, lambda: session.state.chapter == last)
        assert session.state.chapter == last > 1 and not session.rules.is_over(session.state)
        session.keyboard = None
    return TableHost(session)


def play_at_one_keyboard(session: Session, until: Any) -> None:
    """Play the session headless until ``until()`` holds or the game ends."""
    while not until():
        step = session.next_step()
        if isinstance(step, GameEnd):
            return
        if isinstance(step, Handoff):
            session.pass_keyboard(step.seat)
        elif isinstance(step, Turn):
            session.apply(step.seat, session.simple_decision(step.seat))
        elif isinstance(step, BotTurn):
            session.bot_decision(step.seat)
        else:
            session.done()


async def hosted_at(served: Any, table: TableHost) -> tuple[str, str]:
    """The table served: its WebSocket address, and the address a person types."""
    url = await served(table)
    return url, url.removeprefix("ws://").removesuffix("/table")


async def play(app: JoinApp, seed: int, *, drop_at: int | None = None) -> str:
    """Play the seat to the final standings: a random legal decision on each turn,
    Enter on each result and round's end; the final standings, as text."""
    rng = random.Random(seed)
    decided = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20_000):
            await pilot.pause()
            session = app.session
            screen = app.screen
            if isinstance(screen, FinalScreen):
                # Drawn once its last line, the keys, is (a busy machine can be caught
                # between the screen's arrival and its first frame).
                await until(pilot, lambda: "Press r to review" in screen_text(app), "drawn")
                return screen_text(app)
            if session is None or not isinstance(session, RemoteSession):
                await pilot.pause(0.01)
                continue
            step = session.next_step()
            if isinstance(step, Turn) and isinstance(screen, DecisionScreen):
                if screen.result is None and not session.deciding:
                    if decided == drop_at:
                        drop_at = None
                        app.connect()  # a new connection: the old one is dropped
                        continue
                    action = rng.choice(list(session.view(step.seat).legal_actions))
                    app.post_message(Decided(step.seat, action))
                    decided += 1
            elif isinstance(step, Played) and step.private and isinstance(screen, DecisionScreen):
                if screen.result is not None:
                    screen.advance_once()
            elif isinstance(step, RoundOver) and isinstance(screen, PauseScreen):
                if not session.ready_sent(step.number):
                    screen.advance_once()
            elif isinstance(step, BotTurn | GameEnd | Played | RoundOver):
                await pilot.pause(0.01)
        raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(TABLES))
async def test_joined_screens_play_the_last_chapter_each_seeing_its_own_seat(
    game: str, served: Any
) -> None:
    """From the start of the game's last chapter (every kind of screen comes in each)."""
    table = hosted(game, last_chapter=True)
    said: list[str] = []
    table.notice = said.append
    url, address = await hosted_at(served, table)
    apps = [JoinApp(url, address, code, pace=0) for _, code in sorted(table.codes.items())]
    finals = await asyncio.gather(
        *(play(app, seed, drop_at=2 if seed == 0 else None) for seed, app in enumerate(apps))
    )
    assert not table.session.running
    # Ann's screen dropped after her second decision and joined again.
    assert said.count("Ann joined.") == 2 and "Ann is away." in said
    for app, final in zip(apps, finals, strict=True):
        assert app.session is not None and app.session.outcome() is not None
        # The final standings name every player, from the record the host sent.
        assert all(name in final for name in table.session.names)


async def test_a_wrong_code_is_asked_again_with_the_hosts_reason(served: Any) -> None:
    table = hosted("monster-taking")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, "2222-2222")
    toasts = Toasts()
    async with app.run_test(size=(80, 24), message_hook=toasts.seen) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, JoinScreen) and app.screen.ask,
            "the code asked again",
        )
        screen = app.screen
        assert isinstance(screen, JoinScreen) and screen.ask
        assert "not one of this table's" in screen_text(app)
        await pilot.press(*"not a code", "enter")
        assert "eight letters and digits" in screen_text(app)


async def test_an_address_with_no_table_says_so_and_keeps_trying() -> None:
    app = JoinApp("ws://127.0.0.1:9/table", "127.0.0.1:9", "2222-2222")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "trying again" in screen_text(app), "a try again")
        assert "Cannot reach a table at 127.0.0.1:9" in screen_text(app)


def test_an_address_is_read_as_typed() -> None:
    assert table_url("127.0.0.1:8100") == "ws://127.0.0.1:8100/table"
    assert table_url("http://table.local:8100/") == "ws://table.local:8100/table"
    assert table_url("https://example.org:443") == "wss://example.org:443/table"
    assert table_url("[::1]:8100") == "ws://[::1]:8100/table"
    for bad in ("", "no port", "127.0.0.1", "ftp://x:1", "x:99999", "a b:1", "x" * 400):
        assert table_url(bad) is None


async def test_quitting_a_joined_seat_says_the_game_goes_on_at_the_host(served: Any) -> None:
    from monstertrick.tui.screens.quit import QuitScreen

    table = hosted("monster-taking")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, table.codes[0], pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, DecisionScreen), "the seat's turn")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        assert "The game goes on at the host" in screen_text(app)
        assert "not being saved" not in screen_text(app)


async def test_a_screen_is_told_who_joins_who_is_away_and_who_is_back(served: Any) -> None:
    import aiohttp

    from monstertrick.net.protocol import VERSION

    table = hosted("monster-taking")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, table.codes[1], pace=0)
    toasts = Toasts()

    async def told(text: str, pilot: Any) -> None:
        await until(pilot, lambda: any(t.message == text for t in toasts), f"told {text!r}")

    async with app.run_test(size=(80, 24), message_hook=toasts.seen) as pilot:
        await told("Waiting for Ann to join.", pilot)
        async with aiohttp.ClientSession() as http:
            for then in ("Ann joined.", "Ann is back."):
                async with http.ws_connect(f"ws://{address}/table") as ann:
                    hello = {"type": "hello", "version": VERSION, "code": table.codes[0]}
                    await ann.send_json(hello)
                    await told(then, pilot)
                await told("Ann is away.", pilot)


def test_a_table_from_the_host_that_is_not_one_is_refused_whole() -> None:
    from monstertrick.net.protocol import VERSION
    from monstertrick.net.seat.session import read_welcome
    from monstertrick.net.wire import WireError

    table = hosted("monster-taking")
    sent: list[Any] = []
    welcomed = {"type": "welcome", "version": VERSION}
    welcome = read_welcome(
        {
            **welcomed,
            "seat": 0,
            "game": "monster-taking",
            "names": ["Ann", "Bob"],
            "levels": [None, None],
        }
    )
    session = RemoteSession.joined(welcome, sent.append)
    message = table.table_message(0)
    session.update(message)
    first = session.table
    assert session.view(0) == table.session.view(0) and first == table.table_news(0)
    broken: list[tuple[str, object]] = [
        ("away", [7]),
        ("covered", "all"),
        ("turn", {"seat": 9, "task": "play"}),
        ("pause", {"round": "1", "waiting": []}),
        ("at", "here"),
        ("view", {"kind": "Nothing"}),
        ("log", "nope"),
        ("last", {"seat": -1, "events": []}),
    ]
    for key, bad in broken:
        with pytest.raises(WireError):
            session.update({**message, key: bad})
        assert session.table is first, key
    with pytest.raises(ValueError):
        session.view(1)  # (a joined screen holds its own seat's view only)
    # A table without the earlier chapters' logs keeps those it had.
    kept = session.earlier_logs()
    session.update({k: v for k, v in message.items() if k != "earlier"})
    assert session.earlier_logs() == kept
    for bad_welcome in (
        {"seat": 0, "game": "chess", "names": ["Ann", "Bob"], "levels": [None, None]},
        {"seat": 5, "game": "monster-taking", "names": ["Ann", "Bob"], "levels": [None, None]},
        {"seat": 0, "game": "monster-taking", "names": ["Ann", 7], "levels": [None, None]},
    ):
        with pytest.raises(WireError):
            read_welcome({**welcomed, **bad_welcome})


async def test_a_joined_screen_collects_its_garbage_once_a_table_is_drawn(
    served: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import monstertrick.net.seat.app as join

    collected: list[tuple[int, int]] = []
    monkeypatch.setattr(join, "IDLE_COLLECTION_WAIT", 0.01)
    table = hosted("monster-taking")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, table.codes[0], pace=0, idle_collection=True)

    def collect() -> None:
        assert app.session is not None
        collected.append(app.session.position)

    monkeypatch.setattr(join, "collect_garbage", collect)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(collected), "a collection")
        # After the table was drawn, at the position it shows.
        assert collected == [table.session.position]
        assert isinstance(app.screen, DecisionScreen)


async def test_a_screen_replaced_by_a_newer_one_says_why(served: Any) -> None:
    table = hosted("monster-taking")
    url, address = await hosted_at(served, table)
    older = JoinApp(url, address, table.codes[0], pace=0)
    async with older.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(older.screen, DecisionScreen), "the seat's turn")
        newer = JoinApp(url, address, table.codes[0], pace=0)
        async with newer.run_test(size=(80, 24)):
            await until(pilot, lambda: isinstance(older.screen, JoinScreen), "the older told")
            assert isinstance(older.screen, JoinScreen) and not older.screen.ask
            assert "another screen joined with your code" in older.screen.status


async def test_the_host_closing_the_table_is_said_and_not_tried_again(served: Any) -> None:
    """The host's goodbye (``quit``, Ctrl+C, SIGTERM at the host): every screen, a seat's
    and a watcher's, says the game is saved and stops; a dropped connection (a host
    killed outright) is tried again, as before."""
    from monstertrick.saves import SaveStore

    seats = (Seat("Ann"), Seat("Bob"))
    table = TableHost(Session.start(Seating(seats, 0), 4, SaveStore(), game="monster-taking"))
    url, address = await hosted_at(served, table)
    ann = JoinApp(url, address, table.codes[0], pace=0)
    watcher = JoinApp(url, address, table.codes[1], watch=True, pace=0)
    async with ann.run_test(size=(80, 24)) as pilot, watcher.run_test(size=(80, 24)) as seen:
        await until(pilot, lambda: isinstance(ann.screen, DecisionScreen), "Ann's turn")
        await until(seen, lambda: isinstance(watcher.screen, DecisionScreen), "the table")
        # Ann decides, so the game is saved; then the host closes the table.
        session = ann.session
        assert session is not None
        step = session.next_step()
        assert isinstance(step, Turn)
        ann.post_message(Decided(step.seat, session.view(step.seat).legal_actions[0]))
        await until(pilot, lambda: table.session.position != (1, 0), "the decision")
        await table.close("the host closed the table; the game is saved (host --resume to go on)")
        said = "The host closed the table; the game is saved (host --resume to go on)."
        for app, driver in ((ann, pilot), (watcher, seen)):
            await until(driver, lambda app=app: said in words_of(app), "the goodbye drawn")
            assert "trying again" not in screen_text(app)
            assert isinstance(app.screen, JoinScreen)
            assert app.screen.status == f"{said} Ctrl+Q quits."
            assert app.farewell == said  # (left in the terminal when the app ends)
            # It stops: its connection worker has ended, nothing is retried.
            await until(
                driver,
                lambda app=app: not any(w.group == "table" for w in app.workers),
                "no more tries",
            )
    assert table.goodbye() == said[:1].lower() + said[1:-1]  # (what the host closes with)


# ---------------------------------------------------------------------- own-device polish


async def _ann_joins(address: str, table: TableHost) -> Any:
    """Ann's screen, a bare client (joined until it is closed)."""
    import aiohttp

    from monstertrick.net.protocol import VERSION

    http = aiohttp.ClientSession()
    ws = await http.ws_connect(f"ws://{address}/table")
    await ws.send_json({"type": "hello", "version": VERSION, "code": table.codes[0]})

    async def leave() -> None:
        await ws.close()
        await http.close()

    return leave


async def test_while_a_person_is_away_the_others_status_line_says_so(served: Any) -> None:
    """Bob watches Ann's turn: while Ann has no screen joined, his status line says she
    is away (not "deciding"), and it says so again when she comes and goes. (Magic
    Trick's first decision is Ann's alone: Monster Trick's VP rows are everyone's at
    once.)"""
    table = hosted("magic-trick")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, table.codes[1], pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        away = "Ann is away: the table waits for them to come back."
        await until(pilot, lambda: away in words_of(app), "Ann away on the status line")
        assert "Ann is deciding" not in words_of(app)
        assert "· away" in words_of(app)  # (and on the top line)
        leave = await _ann_joins(address, table)
        await until(pilot, lambda: "Ann is deciding…" in words_of(app), "Ann deciding")
        assert away not in words_of(app)
        await leave()
        await until(pilot, lambda: away in words_of(app), "Ann away again")


@pytest.mark.parametrize("laid", [False, True], ids=["laying-a-row", "watching"])
async def test_a_toast_covers_no_line_of_the_table_at_80x24(served: Any, laid: bool) -> None:
    """What happens at the table (Ann joins) is told in one line above the keys, not over
    Bob's VP row's line, the one he is laying or the one he laid (nor his hand, nor its
    help, nor the status line's first line: its second holds the rare status that
    wraps)."""
    from textual.widgets._toast import Toast

    table = hosted("monster-trick")
    session = table.session
    if laid:  # Bob has laid his row (everyone lays theirs at once): he watches Ann's.
        session.apply(1, session.view(1).legal_actions[0])
        session.done()
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, table.codes[1], pace=0)
    lines = ("vp-row", "hand") if laid else ("vp-arrange", "hand", "arrange-help")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await until(pilot, lambda: bool(app.screen.query(f"#{lines[0]}")), "Bob's screen")
        if laid:
            await until(pilot, lambda: "Ann arranges" in words_of(app), "Ann's turn shown")
        leave = await _ann_joins(address, table)
        await until(pilot, lambda: bool(app.screen.query(Toast)), "a toast")
        await pilot.pause()
        toasts = [toast.region for toast in app.screen.query(Toast)]
        covered = [app.screen.query_one(f"#{name}").region for name in lines]
        status = app.screen.query_one("#status").region
        covered.append(status._replace(height=1))
        assert toasts and all(region.height == 1 for region in toasts), toasts
        for toast in toasts:
            for line in covered:
                assert not toast.overlaps(line), (toast, line)
        await leave()


async def test_a_watcher_is_not_told_computer_players_move_on_a_persons_turn(
    served: Any,
) -> None:
    table = hosted("monster-trick")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, table.codes[0], watch=True, pace=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: "Ann arranges" in words_of(app), "the watcher's screen")
        text = words_of(app)
        assert "Only what everyone may see is shown." in text
        assert "Computer players are moving" not in text


async def test_the_code_box_shows_no_code_shaped_placeholder(served: Any) -> None:
    import re

    from textual.widgets import Input

    from monstertrick.net.protocol import normal_code

    table = hosted("monster-taking")
    url, address = await hosted_at(served, table)
    app = JoinApp(url, address, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(app.screen.query("#join-code")), "the code box")
        placeholder = app.screen.query_one("#join-code", Input).placeholder
        assert placeholder and normal_code(placeholder) is None
        assert not re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", placeholder)


async def test_every_joined_screen_lays_its_vp_row_at_the_same_time(served: Any) -> None:
    """At a hosted Monster Trick table every person's screen asks for their VP row at
    once (not "Ann is deciding…" one after another); the rows come in any order, and a
    screen still choosing keeps its own screen as others lay theirs."""
    import contextlib

    table = hosted("monster-trick")
    session = table.session
    url, address = await hosted_at(served, table)
    people = session.humans
    apps = {seat: JoinApp(url, address, table.codes[seat], pace=0) for seat in people}
    async with contextlib.AsyncExitStack() as stack:
        pilots = {
            seat: await stack.enter_async_context(app.run_test(size=(80, 24)))
            for seat, app in apps.items()
        }

        def arranging(seat: int) -> bool:
            screen = apps[seat].screen
            remote = apps[seat].session
            return (
                isinstance(screen, DecisionScreen)
                and screen.seat == seat
                and screen.result is None
                and remote is not None
                and remote.next_step() == Turn(seat, "arrange")
            )

        for seat in people:
            await until(pilots[seat], lambda s=seat: arranging(s), f"seat {seat} arranging")
        screens = {seat: apps[seat].screen for seat in people}
        # The last the rules would ask lays first; the others are still on their screens.
        order = [s for s in session.deciders() if s in people]
        for n, seat in enumerate(reversed(order)):
            remote = apps[seat].session
            assert remote is not None
            apps[seat].post_message(Decided(seat, remote.view(seat).legal_actions[0]))
            await until(
                pilots[seat],
                lambda s=seat: session.state.arrangement(s) is not None,
                f"seat {seat}'s row laid",
            )
            for other in order[: len(order) - n - 1]:
                await pilots[other].pause()
                assert apps[other].screen is screens[other] and arranging(other), other
        assert all(session.state.arrangement(s) is not None for s in people)
