"""``monstertrick join --screen-reader``: one seat of a hosted table in plain lines.

The same line mode as at one keyboard (:class:`~monstertrick.lines.play.LineMode`) over
the joined seat (:class:`~monstertrick.net.seat.session.RemoteSession`): the table the
host sends is told as lines (each new event of the log once), this seat's decisions go
to the host, and a refusal comes back in the rules' words. Nobody else looks at this
screen, so there are no handoffs, and the seat's own cards may be asked for at any
prompt. The connection runs in a thread of its own; the main thread reads the person's
answers and the host's messages from one queue, in the order they came.

A watcher (``join --watch --screen-reader``, any of the table's codes) is told the same
public lines, and whose turn it is as each decision comes; it may ask for the table,
the turn, the scores, the last decision, the log and the rules, never a hand, a VP row
or a hint, and nothing is asked of it.

Not yet: joining again after a dropped connection (the line mode then ends, and
``join`` with the same code takes the seat again).
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ...lines import announcement
from ...lines.play import _PRIVATE, LineMode, Quit, plain
from ...session import BotTurn, GameEnd, Played, RoundOver, Step, Turn

if TYPE_CHECKING:
    from ...review import Settings
    from ..protocol import Message
    from .session import RemoteSession

__all__ = ["RemoteLines", "run_join_lines"]


class Moved(Exception):
    """The table moved on while a question was asked (another seat's decision, a
    computer player covering for this one): the question is gone."""


class RemoteLines(LineMode):
    """The line mode of a joined seat: ``inbox`` brings ("line", text), ("eof",
    None), ("message", data) and ("closed", reason) in the order they came."""

    def __init__(
        self,
        session: RemoteSession,
        write: Callable[[str], None],
        inbox: queue.Queue[tuple[str, object]],
        review_settings: Settings | None = None,
    ) -> None:
        super().__init__(session, write, self._answer, review_settings=review_settings)
        self.remote = session
        self.inbox = inbox
        self.shown: object = None
        self.asked: object = None
        self.logged: tuple[int, int] = (0, 0)
        """The chapter, and how much of its log has been told."""
        self.told_log: list[object] = []
        """The chapter's log as told so far."""
        self.farewell: str | None = None

    # ------------------------------------------------------------------ the host's news

    def receive(self, kind: str, data: object) -> str | None:
        """One item of the inbox that is no answer: the host's message handled (a
        person's line is returned)."""
        from ..protocol import Bye, Refused, Table
        from ..wire import PLAIN, WireError

        if kind == "line":
            return str(data)
        if kind == "eof":
            raise Quit
        if kind == "closed":
            self.farewell = str(data)
            raise Quit
        if not isinstance(data, dict):
            return None
        try:
            if data.get("type") == Table.TYPE:
                self.remote.update(data)
                self.tell_log()
            elif data.get("type") == Refused.TYPE:
                refused = PLAIN.message(data, [Refused])
                assert isinstance(refused, Refused)
                self.remote.refused()
                self.say("Problem", refused.reason[:200])
                self.shown = None
            elif data.get("type") == Bye.TYPE:
                bye = PLAIN.message(data, [Bye])
                assert isinstance(bye, Bye)
                self.farewell = f"the host says: {bye.reason[:200]}"
                raise Quit
        except WireError as exc:
            self.say("Problem", f"this screen could not read what the host sent ({exc})")
        return None

    def tell_log(self) -> None:
        """The events the log holds that this screen has not told yet."""
        chapter = self.remote.position[0]
        told_chapter, told = self.logged
        if chapter != told_chapter and told_chapter:
            earlier = self.remote.earlier_logs()
            if len(earlier) >= told_chapter:
                for line in self._events(_after(earlier[told_chapter - 1], self.told_log)):
                    self.say("Event", line)
            told = 0
        log = list(self.remote.round_log())
        for line in self._events(log[told:]):
            self.say("Event", line)
        self.logged = (chapter, len(log))
        self.told_log = log

    def told(self, events: Sequence[object]) -> None:
        """(A decision's events come back in the host's next table: :meth:`tell_log`.)"""

    # ------------------------------------------------------------------ answers

    def _answer(self) -> str | None:
        """The person's next line; the host's messages meanwhile are handled, and a
        table that moved past the question ends it (:class:`Moved`)."""
        while True:
            kind, data = self.inbox.get()
            line = self.receive(kind, data)
            if line is not None:
                return line
            if self.signature(self.remote.next_step()) != self.asked:
                raise Moved

    def wait(self) -> None:
        """Until the host's next message, answering questions meanwhile."""
        me = self.remote.me
        while True:
            kind, data = self.inbox.get()
            line = self.receive(kind, data)
            if line is None:
                return
            word = line.strip().casefold()
            if word == "quit":
                raise Quit
            if word in (
                "?",
                "hand",
                "table",
                "turn",
                "scores",
                "row",
                "last",
                "log",
                "rules",
                "review",
            ):
                self.query(word, me if word in ("hand", "row") else None)
            elif word:
                self.say("Problem", "nothing is asked of you now; type ? for the commands.")

    @property
    def watching(self) -> bool:
        """A watcher's lines: the public view only, nothing decided."""
        return self.remote.me is None

    def query(self, word: str, seat: int | None) -> None:
        if self.watching and word in _PRIVATE:
            self.say("Private", "a watcher is told what everyone may see: no hand, row or hint.")
            return
        super().query(word, seat)

    def waiting(self, step: BotTurn) -> None:
        """Whose decision the table waits for (to a watcher: whose turn it is)."""
        if self.watching:
            self.say("Turn", f"{self.names[step.seat]} decides ({step.task}).")
        else:
            self.say("Waiting", f"{self.names[step.seat]} decides ({step.task}).")

    def round_over(self, number: int) -> None:
        if not self.watching:
            super().round_over(number)
            return
        chapter = self.door.chapter_name
        self.say("End", f"{chapter.capitalize()} {number} is over.")
        for line in self.door.view_lines(self.session.public_view(), "scores"):
            self.say("Scores", line)

    def signature(self, step: Step) -> object:
        at = self.remote.position
        if isinstance(step, Played):
            return ("played", step.seat, at)
        if isinstance(step, Turn | BotTurn):
            return (type(step).__name__, step.seat, step.task, at)
        if isinstance(step, RoundOver):
            return ("round", step.number)
        return ("end", self.remote.running)

    # ------------------------------------------------------------------ the flow

    def run(self) -> bool:
        session = self.remote
        try:
            while True:
                step = session.next_step()
                signature = self.signature(step)
                if isinstance(step, GameEnd) and not session.running:
                    self.game_end()
                    self.asked = signature
                    try:
                        self.closing()
                    except Moved:
                        pass
                    return True
                if isinstance(step, BotTurn) and signature != self.shown:
                    self.shown = signature
                    self.waiting(step)
                if signature == self.shown or isinstance(step, GameEnd):
                    self.wait()
                    continue
                self.shown = self.asked = signature
                try:
                    if isinstance(step, Turn):
                        self.turn(step.seat, step.task)
                    elif isinstance(step, Played):
                        if step.private and step.seat == session.me:
                            self.played(step)
                        else:
                            session.done()
                    elif isinstance(step, RoundOver):
                        self.round_over(step.number)
                except Moved:
                    continue
        except Quit:
            return False

    def game_end(self) -> None:
        self.tell_log()
        super().game_end()

    def saved_line(self) -> str:
        return "the host keeps the game, in its History."


def _after(chapter: Sequence[object], told: list[object]) -> list[object]:
    """The events of a finished chapter's log after those told of it live: its log as
    a replay shows it may begin with the deal's events, which the live log has not got."""
    for start in range(len(chapter) - len(told) + 1):
        if chapter[start : start + len(told)] == told:
            return list(chapter[start + len(told) :])
    return list(chapter[len(told) :])


def run_join_lines(
    url: str,
    code: str | None,
    source: str,
    *,
    watch: bool = False,
    out: Callable[[str], None] | None = None,
    read: Callable[[], str | None] | None = None,
    review_settings: Settings | None = None,
) -> int:
    """Join the table at ``url`` with the seat's ``code`` (asked first when None) and
    play it in lines, or with ``watch`` watch it with any of its codes; 0 when the game
    ends or the person stops (``review_settings``: the review's at the end, its own by
    default)."""

    def default_write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def default_read() -> str | None:
        text = sys.stdin.readline()
        return text if text else None

    write = out or default_write
    read = read or default_read
    write(plain(announcement(source)))
    code = code or _ask_code(write, read, watch)
    if code is None:
        return 0
    inbox: queue.Queue[tuple[str, object]] = queue.Queue()
    link = _Link(url, code, inbox, watch)
    link.start()

    def person() -> None:
        while True:
            text = read()
            if text is None:
                inbox.put(("eof", None))
                return
            inbox.put(("line", text.rstrip("\n")))

    threading.Thread(target=person, daemon=True).start()
    try:
        mode = _welcomed(inbox, link, write, review_settings)
        if isinstance(mode, int):
            return mode
        finished = mode.run()
        if not finished:
            write(plain(f"End: {_stopped(mode, source)}."))
        return 0
    finally:
        link.stop()


def _ask_code(
    write: Callable[[str], None], read: Callable[[], str | None], watch: bool
) -> str | None:
    """The code typed (None: the input ended first)."""
    from ..protocol import normal_code

    whose = "one of the table's codes" if watch else "your seat's join code"
    while True:
        write(f"Prompt: type {whose} (eight letters and digits) and Enter.")
        text = read()
        if text is None:
            return None
        code = normal_code(text.strip())
        if code is not None:
            return code
        write("Problem: that is not a join code: eight letters and digits, like K7QF-9XMB.")


def _welcomed(
    inbox: queue.Queue[tuple[str, object]],
    link: _Link,
    write: Callable[[str], None],
    review_settings: Settings | None,
) -> RemoteLines | int:
    """The line mode of the seat (or the watcher) the host welcomes; or the exit status
    when it does not (0: the input ended first)."""
    from ..protocol import Welcome
    from ..wire import WireError
    from .session import RemoteSession, read_welcome

    made: dict[int, RemoteSession] = {}
    while True:
        kind, data = inbox.get()
        if kind == "eof":
            return 0
        if kind == "closed":
            write(plain(f"End: {data}."))
            return 1
        if kind != "message" or not isinstance(data, dict):
            continue
        if data.get("type") == "bye":
            write(plain(f"End: the host says: {str(data.get('reason', ''))[:200]}."))
            return 1
        if data.get("type") != Welcome.TYPE:
            continue
        try:
            welcome = read_welcome(data)
        except WireError as exc:
            write(plain(f"End: the host's welcome does not read ({exc})."))
            return 1
        session = RemoteSession.joined(welcome, link.post_for(made.__getitem__))
        made[0] = session
        seats = ", ".join(session.names)
        if welcome.seat is None:
            write(plain(f"Game: watching, told what everyone may see; seats in order: {seats}."))
        else:
            write(plain(f"Game: joined as {session.names[welcome.seat]}; seats in order: {seats}."))
        return RemoteLines(session, write, inbox, review_settings)


def _stopped(mode: RemoteLines, source: str) -> str:
    """Why the line mode ended before the game, and how to come back."""
    from ...lines import OVER_SSH

    reason = mode.farewell or "stopped; the host keeps the game"
    if source == OVER_SSH:
        again = "connect again the same way to take the seat again"
    elif mode.watching:
        again = "join --watch with a code of the table watches again"
    else:
        again = "join with the same code takes the seat again"
    return f"{reason}. {again}"


class _Link:
    """The connection to the host (:func:`.link.follow`), in a thread with its own
    event loop: what comes in goes to ``inbox``; :meth:`post_for` sends."""

    def __init__(
        self, url: str, code: str, inbox: queue.Queue[tuple[str, object]], watch: bool = False
    ) -> None:
        self.url = url
        self.code = code
        self.watch = watch
        self.inbox = inbox
        self.loop: asyncio.AbstractEventLoop | None = None
        self.outbox: asyncio.Queue[Message | None] | None = None
        self.session: Callable[[int], RemoteSession] | None = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait()

    def stop(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._send, None)
            except RuntimeError:
                pass
        self.thread.join(timeout=5)

    def _send(self, message: Message | None) -> None:
        assert self.outbox is not None
        self.outbox.put_nowait(message)

    def post_for(self, session: Callable[[int], RemoteSession]) -> Callable[[Message], None]:
        """How ``session(0)``, the joined seat's, sends a message."""
        self.session = session

        def post(message: Message) -> None:
            loop = self.loop
            if loop is not None and not loop.is_closed():
                loop.call_soon_threadsafe(self._send, message)

        return post

    def _encode(self, message: Message) -> str:
        assert self.session is not None  # (a message is made only by the joined seat)
        return self.session(0).wire.text(message)

    def _received(self, data: dict[str, object]) -> bool:
        self.inbox.put(("message", data))
        return True

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        import aiohttp

        from ..protocol import VERSION, Hello
        from .link import follow

        self.loop = asyncio.get_running_loop()
        self.outbox = asyncio.Queue()
        self.ready.set()
        reason = "the table closed the connection"
        try:
            hello = Hello(VERSION, self.code, self.watch)
            unreadable = await follow(self.url, hello, self.outbox, self._encode, self._received)
            if unreadable is not None:
                reason = f"this screen could not read what the host sent ({unreadable})"
        except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
            reason = f"cannot reach the table ({str(exc) or type(exc).__name__})"
        self.inbox.put(("closed", reason))
