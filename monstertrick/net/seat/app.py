"""``monstertrick join``: one seat of a table hosted elsewhere, on this screen alone.

The app is the hot-seat app with its session on the other side of a WebSocket
(:class:`~monstertrick.net.seat.session.RemoteSession`): the same screens, drawn from this seat's
view, with no handoffs (nobody else looks at this screen). The other seats' moves come
as they happen; this seat's decisions go to the host, which answers with the next table
or the reason it refused one. A dropped connection is tried again until it comes back,
and the seat is found as it was; so is one on which the host sent what this screen
cannot read. When the host closes the table (its ``bye`` of why "closed"), the screen
says so and stops trying; the same words are left in the terminal when the app ends.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from typing import TYPE_CHECKING

from textual import on, work
from textual.notifications import SeverityLevel

from ...seat_session import SeatSession
from ...session import BotTurn, GameEnd, Played, RoundOver, Step, Turn
from ...tui.app import GamesApp
from ...tui.messages import Decided, NewGame, TakeBack
from ...tui.screens.base import ComputerTurnScreen, DecisionScreen, PauseScreen
from ..protocol import VERSION, Bye, Hello, Message, Refused, Table, TookBack, Welcome
from ..wire import PLAIN
from .link import follow
from .screen import CodeGiven, JoinScreen

if TYPE_CHECKING:
    from textual.timer import Timer

    from .session import RemoteSession

IDLE_COLLECTION_WAIT = 0.1
"""Seconds after the last table before the garbage is collected (the screen is drawn)."""

RETRY_WAITS = (1.0, 2.0, 4.0, 8.0)
"""Seconds between tries to reach the table again (the last one repeats)."""


class JoinApp(GamesApp):
    """One seat (or a watcher) of a table at ``url``; ``code``: the seat's join code
    (None: the first screen asks for it)."""

    CSS = """
    /* What happens at the table is told in one line, the newest only, just above the
       keys: where it covers none of the table's lines (at 80x24, the VP row's line is
       two rows above the keys). Who is away is said on the status line too. */
    Toast {
        padding: 0 1;
        margin-top: 0;
        width: auto;
        max-width: 100%;
    }
    """

    def __init__(
        self,
        url: str,
        address: str,
        code: str | None = None,
        *,
        watch: bool = False,
        pace: float | None = None,
        idle_collection: bool = False,
    ) -> None:
        super().__init__(pace=pace)
        self.idle_collection = idle_collection
        """Collect the process's cyclic garbage while the screen is idle, not in the
        middle of drawing a move (the join command's own process: see
        :func:`collect_when_idle`)."""
        self._collecting: Timer | None = None
        self.watching = watch
        """Join as a watcher (what everyone may see), whichever code is typed."""
        self.url = url
        self.address = address
        self.code = code
        self.session: RemoteSession | None = None
        self._outbox: asyncio.Queue[Message | None] = asyncio.Queue()
        self._shown: object = None
        self._away: tuple[int, ...] | None = None
        self._present: set[int] = set()
        """The other people seen at the table since this screen joined."""
        self._ever_joined = False
        self._finished = False
        self.farewell: str | None = None
        """What the host said as it closed the table (left in the terminal at the end)."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, in place of the one shown before (one line at a time: see ``CSS``)."""
        self.clear_notifications()
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # ------------------------------------------------------------------ joining

    def open_first_screen(self) -> None:
        self.push_screen(JoinScreen(self.address, ask=self.code is None))
        if self.code is not None:
            self.connect()

    @on(CodeGiven)
    def _code_given(self, message: CodeGiven) -> None:
        self.code = message.code
        self.connect()

    def join_screen(self) -> JoinScreen:
        """The join screen, on top (brought back if a table's screens were up)."""
        for screen in self.screen_stack:
            if isinstance(screen, JoinScreen):
                while self.screen is not screen and len(self.screen_stack) > 1:
                    self.pop_screen()
                return screen
        screen = JoinScreen(self.address, ask=False)
        self.show(screen)
        return screen

    def say(self, text: str, *, error: bool = False) -> None:
        """How the connection stands, on the join screen (brought back for it)."""
        self._shown = None
        self.session = None
        screen = self.join_screen()
        if screen.is_mounted:
            screen.say(text, error=error)
        else:
            screen.status = text

    @work(exclusive=True, group="table", exit_on_error=False)
    async def connect(self) -> None:
        """Join the table, follow it, and join again whenever the connection drops."""
        import aiohttp

        tries = 0

        def received(data: dict[str, object]) -> bool:
            nonlocal tries
            tries = 0  # (the table is reached)
            return self.received(data)

        while not self._finished:
            unreadable: str | None = None
            try:
                hello = Hello(VERSION, self.code or "", self.watching)
                unreadable = await follow(self.url, hello, self._outbox, self._encode, received)
            except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
                reason = str(exc) or type(exc).__name__
                if isinstance(exc, aiohttp.WSServerHandshakeError) and exc.status in (403, 421):
                    self.say(f"The table refused this connection: {exc.message}", error=True)
                    return
                if not self._ever_joined:
                    reason = f"cannot reach a table at {self.address} ({reason})"
                else:
                    reason = "the connection to the table was lost"
            else:
                if unreadable is not None:
                    reason = f"this screen could not read what the host sent ({unreadable})"
                elif self.code is None or self._finished:
                    return  # (the host said goodbye)
                else:
                    reason = "the table closed the connection"
            wait = RETRY_WAITS[min(tries, len(RETRY_WAITS) - 1)]
            tries += 1
            self.say(f"{reason[:1].upper()}{reason[1:]}: trying again in {wait:.0f} s.")
            await asyncio.sleep(wait)

    def _encode(self, message: Message) -> str:
        """A message of this seat, in the words of the table it was made for."""
        return (self.session.wire if self.session is not None else PLAIN).text(message)

    def received(self, data: dict[str, object]) -> bool:
        """One message from the host; False when it has said goodbye."""
        from .session import RemoteSession, read_welcome

        kind = data.get("type")
        if kind == Welcome.TYPE:
            welcome = read_welcome(data)
            self.session = RemoteSession.joined(welcome, self._outbox.put_nowait)
            self.session.pace = self.pace
            self.game = welcome.game
            self._shown = None
            self._away = None
            self._ever_joined = True
            self.title = f"{self.screens_title()} · {self._who()}"
        elif kind == Table.TYPE and self.session is not None:
            before = self._away, self.session.covered_seats
            self.session.update(data)
            self._tell_comings_and_goings()
            self.follow()
            if before != (self._away, self.session.covered_seats):
                self._show_who_is_away()
            if self.idle_collection:
                # Once the table has been drawn and nothing new came for a moment.
                if self._collecting is not None:
                    self._collecting.stop()
                self._collecting = self.set_timer(IDLE_COLLECTION_WAIT, collect_garbage)
        elif kind == Refused.TYPE and self.session is not None:
            refused = PLAIN.message(data, [Refused])
            assert isinstance(refused, Refused)
            self.session.refused()
            reason = refused.reason[:200]
            screen = self.screen
            if isinstance(screen, DecisionScreen) and screen.seat == self.session.me:
                screen.refuse(reason)
            else:
                self.notify(reason, severity="warning", markup=False)
        elif kind == Bye.TYPE:
            bye = PLAIN.message(data, [Bye])
            assert isinstance(bye, Bye)
            reason, why = bye.reason[:200], bye.why
            if why == "closed":
                self.host_closed(reason)
                return False
            if why == "code":
                self.code = None
                self.session = None
                self._shown = None
                while len(self.screen_stack) > 1:
                    self.pop_screen()
                self.show(JoinScreen(self.address, ask=True, status=f"The host says: {reason}."))
            else:
                self._finished = True
                self.say(f"The host says: {reason}. Ctrl+Q quits.", error=True)
            return False
        return True

    def host_closed(self, reason: str) -> None:
        """The host closed the table: the screen says so and stops trying (the game,
        saved at the host, goes on only when the host reopens it)."""
        self._finished = True
        self.farewell = f"{reason[:1].upper()}{reason[1:].rstrip('.')}."
        self.say(f"{self.farewell} Ctrl+Q quits.", error=True)

    def screens_title(self) -> str:
        from ...games import GAMES

        return GAMES[self.game].title

    def _who(self) -> str:
        session = self.session
        if session is None or session.me is None:
            return "watching"
        return f"{session.names[session.me]}'s screen"

    def _tell_comings_and_goings(self) -> None:
        session = self.session
        assert session is not None
        away = session.away_seats
        others = [s for s in session.humans if s != session.me]
        if self._away is None:  # (this screen's first table)
            missing = [session.names[s] for s in others if s in away]
            if missing:
                self.notify(f"Waiting for {', '.join(missing)} to join.", markup=False)
        else:
            for seat in others:
                if seat in away and seat not in self._away:
                    covered = seat in session.covered_seats
                    meanwhile = " (a computer player plays meanwhile)" if covered else ""
                    self.notify(f"{session.names[seat]} is away{meanwhile}.", markup=False)
                elif seat not in away and seat in self._away:
                    again = "is back" if seat in self._present else "joined"
                    self.notify(f"{session.names[seat]} {again}.", markup=False)
        self._present.update(s for s in others if s not in away)
        self._away = away
        last = session.table.last if session.table is not None else None
        if isinstance(last, TookBack) and last.took_back and last.seat != session.me:
            if self._shown != ("took-back", last.at):
                name = session.names[last.seat]
                self.notify(f"{name} took back their last decision.", markup=False)

    def _show_who_is_away(self) -> None:
        """Someone came or went while another seat's turn is on screen: its lines say
        whether that person is away (the screen itself stays as it is)."""
        screen = self.screen
        if isinstance(screen, ComputerTurnScreen) and screen.is_mounted and screen.result is None:
            screen.show_turn()

    # ------------------------------------------------------------------ the flow

    @staticmethod
    def _signature(step: Step, at: tuple[int, int], together: bool = False) -> object:
        if isinstance(step, Played):
            return ("played", step.seat, at)
        if isinstance(step, Turn) and together:
            # Deciding at once: the others' decisions move the table on meanwhile, and
            # the seat's own screen stays as it is (its cursor and choices).
            return ("Turn", step.seat, step.task, at[0], "together")
        if isinstance(step, Turn | BotTurn):
            return (type(step).__name__, step.seat, step.task, at)
        if isinstance(step, RoundOver):
            return ("round", step.number)
        return ("end",)

    def follow(self) -> None:
        """Show the table the host just sent, unless it is the step already shown (the
        seat's own turn stays as it is: its cursor and choices)."""
        session = self.session
        if session is None:
            return
        together = session.me in session.together
        signature = self._signature(session.next_step(), session.position, together)
        if signature != self._shown:
            self.advance()

    def advance(self) -> None:
        session = self.session
        if session is None:
            return
        step = session.next_step()
        self._shown = self._signature(step, session.position, session.me in session.together)
        top = self.screen
        if isinstance(step, RoundOver) and session.ready_sent(step.number):
            if isinstance(top, PauseScreen) and top.number == step.number:
                waiting = [session.names[s] for s in session.waiting_for if s != session.me]
                if waiting:
                    self.notify(f"Waiting for {', '.join(waiting)} to go on.", markup=False)
                return
        if isinstance(step, GameEnd) and session.running:
            return  # (nothing to show yet)
        super().advance()

    def bot_turn(self, session: SeatSession, step: BotTurn) -> None:
        """Another seat decides (a person on their own screen, or a computer player in
        the host): the table as this seat sees it, until the move comes."""
        self.watch_turn(session, step)

    @on(Decided)
    def _decided(self, message: Decided) -> None:
        message.prevent_default()  # (not the hot-seat app's: the host decides the flow)
        session = self.session
        if session is None:
            return
        step = session.next_step()
        if isinstance(step, Turn) and step.seat == message.seat and not session.deciding:
            session.apply(message.seat, message.action)

    @on(TakeBack)
    def _take_back(self, message: TakeBack) -> None:
        message.prevent_default()
        session = self.session
        if session is not None:
            session.take_back(message.seat)

    @on(NewGame)
    def _no_new_game(self, message: NewGame) -> None:
        message.prevent_default()
        self.notify("A new game is the host's to start.", markup=False)

    @property
    def game_running(self) -> bool:
        return self.session is not None and self.session.running


def collect_when_idle() -> None:
    """This process collects its cyclic garbage whole only when a joined screen says
    so (:func:`collect_garbage`, once a table is drawn): Python's automatic full
    collections, over the objects a screen accumulates (a few hundred thousand after a
    while), took up to a third of a second in the middle of drawing another seat's
    move. The young generations are still collected as usual."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1_000_000_000)


IDLE_COLLECTION_AFTER = 10
"""Collections of the middle generation between two full ones (Python's own default)."""


def collect_garbage() -> None:
    """A full collection now (the screen is idle), once the middle generation has been
    collected as often as Python's default waits for."""
    if gc.get_count()[2] >= IDLE_COLLECTION_AFTER:
        gc.collect()


def run_join(url: str, address: str, code: str | None, *, watch: bool = False) -> int:
    """Run the join app; the exit code."""
    from ...tui.app import run_app

    collect_when_idle()
    app = JoinApp(url, address, code, watch=watch, idle_collection=True)
    status = run_app(app)
    if app.farewell is not None and sys.stdout.isatty():  # (a browser tab's is no terminal)
        from ...records import shown

        print(f"monstertrick: {shown(app.farewell)}")  # (the host's words: shown as text)
    return status
